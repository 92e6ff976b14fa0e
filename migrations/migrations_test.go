package migrations_test

import (
	"context"
	"sync"
	"testing"

	"github.com/lethehq/lethe/internal/testenv"
	"github.com/lethehq/lethe/migrations"
)

func TestMigrations(t *testing.T) {
	t.Parallel()
	ctx := context.Background()

	t.Run("UpCreatesRiverLetheAndExampleTables", func(t *testing.T) {
		t.Parallel()
		pool := testenv.Pool(t)
		all, _ := migrations.All()
		// A fresh database has every migration pending.
		pending, err := migrations.Pending(ctx, pool)
		if err != nil {
			t.Fatal(err)
		}
		if pending != len(all) {
			t.Errorf("pending = %d on a fresh database, want %d", pending, len(all))
		}
		applied, err := migrations.Up(ctx, pool)
		if err != nil {
			t.Fatal(err)
		}
		if len(applied) != len(all) {
			t.Errorf("applied %v, want all %d migrations", applied, len(all))
		}
		for _, table := range []string{"river_job", "river_queue", "lethe_tombstones", "lethe_deletion_audit",
			"lethe_policy_state", "pastes", "lineage_event_idempotency", "runs", "run_metrics", "run_tags"} {
			var exists bool
			if err := pool.QueryRow(ctx, `SELECT to_regclass($1) IS NOT NULL`, table).Scan(&exists); err != nil {
				t.Fatal(err)
			}
			if !exists {
				t.Errorf("table %s missing after migrate up", table)
			}
		}
		again, err := migrations.Up(ctx, pool)
		if err != nil || len(again) != 0 {
			t.Errorf("second up applied %v (err %v), want nothing", again, err)
		}
		if pending, err := migrations.Pending(ctx, pool); err != nil || pending != 0 {
			t.Errorf("pending = %d (err %v), want 0", pending, err)
		}
	})

	t.Run("DownAndUpAgain", func(t *testing.T) {
		t.Parallel()
		pool := testenv.MigratedPool(t)
		all, _ := migrations.All()
		reverted, err := migrations.Down(ctx, pool, -1, true)
		if err != nil {
			t.Fatal(err)
		}
		if len(reverted) != len(all) {
			t.Errorf("reverted %v, want all", reverted)
		}
		var exists bool
		if err := pool.QueryRow(ctx, `SELECT to_regclass('pastes') IS NOT NULL OR to_regclass('river_job') IS NOT NULL`).Scan(&exists); err != nil {
			t.Fatal(err)
		}
		if exists {
			t.Error("tables remain after migrate down --steps -1 --river")
		}
		if _, err := migrations.Up(ctx, pool); err != nil {
			t.Fatalf("up after full down: %v", err)
		}
	})

	t.Run("ConcurrentUpIsSafe", func(t *testing.T) {
		t.Parallel()
		pool := testenv.Pool(t)
		var wg sync.WaitGroup
		errs := make(chan error, 3)
		for range 3 {
			wg.Go(func() {
				_, err := migrations.Up(ctx, pool)
				errs <- err
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Errorf("concurrent up: %v", err)
			}
		}
	})
}
