package service_test

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/internal/service/servicetest"
	"github.com/lethehq/lethe/internal/testenv"
	"github.com/lethehq/lethe/jobs"
)

// TestEnqueueForms runs the README's ways for another service to enqueue
// into Lethe, verbatim: a Go River client of its own on Lethe's schema,
// inserting inside the caller's transaction, and a plain SQL INSERT. Both
// jobs are worked by a running Lethe: the runs they name are deleted and
// tombstoned.
func TestEnqueueForms(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	url := testenv.MigratedURL(t)
	cfg := servicetest.Config(t, config.Default, url)
	cfg.Blob.Local.Dir = filepath.Join(t.TempDir(), "blobs")
	cfg.ShutdownGrace = config.Duration(5 * time.Second)
	servicetest.Serve(t, cfg)

	pool, err := pgxpool.New(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	for _, hash := range []string{"gofrom", "3f2a9c"} {
		if err := db.UpsertRun(ctx, pool, hash, "run "+hash); err != nil {
			t.Fatal(err)
		}
	}

	// The Go form.
	runHash := "gofrom"
	lethe, err := river.NewClient(riverpgxv5.New(pool), &river.Config{Schema: "lethe"})
	if err != nil {
		t.Fatal(err)
	}
	err = pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		_, err = lethe.InsertTx(ctx, tx, jobs.DeleteEntity{Entity: "run", Key: runHash}, nil)
		return err
	})
	if err != nil {
		t.Fatalf("Go form: %v", err)
	}

	// The SQL form.
	if _, err := pool.Exec(ctx, `
INSERT INTO lethe.river_job (kind, args, max_attempts)
VALUES ('lethe.delete_entity', '{"entity":"run","key":"3f2a9c"}', 25);`); err != nil {
		t.Fatalf("SQL form: %v", err)
	}

	for _, hash := range []string{"gofrom", "3f2a9c"} {
		testenv.WaitUntil(t, 30*time.Second, "run "+hash+" to be deleted and tombstoned", func() (bool, error) {
			exists, err := db.RunExists(ctx, pool, hash)
			if err != nil || exists {
				return false, err
			}
			var tombstoned bool
			err = pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM lethe_tombstones WHERE entity = 'run' AND key = $1)`, hash).Scan(&tombstoned)
			return tombstoned, err
		})
	}
	var completed int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM lethe.river_job WHERE kind = 'lethe.delete_entity' AND state = 'completed'`).Scan(&completed); err != nil || completed != 2 {
		t.Errorf("%d completed delete_entity jobs in lethe.river_job (%v), want 2", completed, err)
	}
}
