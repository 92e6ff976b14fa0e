package workers

import (
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/lethehq/lethe/blob"
	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/internal/metrics"
	"github.com/lethehq/lethe/internal/testenv"
	"github.com/lethehq/lethe/jobs"
)

// TestSetAsideEveryRefusedKey: a blob key of any class that a store would
// refuse is set aside before the batch reaches the store, on the local
// store as on S3, so the batch's valid rows are deleted on its first
// attempt.
func TestSetAsideEveryRefusedKey(t *testing.T) {
	t.Parallel()

	// One key of each class blob.CheckKey refuses that a text column can
	// hold (no NUL byte, valid UTF-8); an empty key means no blob.
	refused := []string{
		"/pastes/1",
		"../../outside/victim",
		"pastes/../runs/r1/ckpt",
		"pastes/./1",
		"pastes//1",
		"pastes/1/",
		`pastes\1`,
		"pastes/1\n",
		"pastes/1\x7f",
		"pastes/" + strings.Repeat("x", 256),
		"pastes/" + strings.Repeat("x/", 510) + "x",
		"pastes/.lethe-tmp-1",
		"pastes/.lethe-tmp-dir/1",
		"runs/r1/ckpt",
	}

	stores := []struct {
		name     string
		newStore func(t *testing.T) (blob.Store, func(t *testing.T))
	}{
		{"Local", func(t *testing.T) (blob.Store, func(t *testing.T)) {
			dir := t.TempDir()
			store, err := blob.NewLocal(dir)
			if err != nil {
				t.Fatal(err)
			}
			// A temporary file the store is writing, under the very
			// name a bad row holds: it must stay.
			tmp := filepath.Join(dir, "pastes", ".lethe-tmp-1")
			if err := os.MkdirAll(filepath.Dir(tmp), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(tmp, []byte("half written"), 0o644); err != nil {
				t.Fatal(err)
			}
			return store, func(t *testing.T) {
				if data, err := os.ReadFile(tmp); err != nil || string(data) != "half written" {
					t.Errorf("the store's temporary file changed: %q, %v", data, err)
				}
			}
		}},
		{"S3", func(t *testing.T) (blob.Store, func(t *testing.T)) {
			return testenv.S3Store(t), func(*testing.T) {}
		}},
	}
	for _, tt := range stores {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()

			cfg, err := config.Parse(fmt.Appendf(nil, expirePolicyYAML, ""), nil)
			if err != nil {
				t.Fatal(err)
			}
			cfg.Expire("pastes").BatchSize = 1000
			if err := cfg.Validate(); err != nil {
				t.Fatal(err)
			}
			store, untouched := tt.newStore(t)
			b := &expireBundle{pool: testenv.MigratedPool(t), cfg: cfg, blobs: &spanStore{Store: store}}
			b.deps = &Deps{Config: cfg, Pool: b.pool, Blobs: b.blobs, Logger: slog.New(slog.DiscardHandler), Metrics: metrics.New()}
			b.client = startClient(t, b.pool, b.deps, registerExpire, 4)
			if err := store.Put(t.Context(), "runs/r1/ckpt", []byte("another policy's blob")); err != nil {
				t.Fatal(err)
			}

			good := expireInsertPastes(t, b.pool, store, 5, time.Now().Add(-time.Hour))
			var bad []paste
			for _, key := range refused {
				var p paste
				err := b.pool.QueryRow(t.Context(), `INSERT INTO pastes (title, blob_key, expires_at) VALUES ('bad', $1, now() - interval '1 hour') RETURNING id, blob_key`, key).Scan(&p.ID, &p.BlobKey)
				if err != nil {
					t.Fatalf("insert a paste with key %q: %v", key, err)
				}
				bad = append(bad, p)
			}

			b.plan(t)

			if got := b.status(t, good); got[""] != len(good) {
				t.Errorf("good pastes by status = %v, want all %d gone", got, len(good))
			}
			for _, p := range good {
				if ok, err := store.Exists(t.Context(), p.BlobKey); err != nil || ok {
					t.Errorf("blob %s of a deleted paste: exists %v, %v", p.BlobKey, ok, err)
				}
			}
			if got := b.status(t, bad); got[db.StatusDeletionInProgress] != len(bad) {
				t.Errorf("bad pastes by status = %v, want all %d set aside", got, len(bad))
			}
			// First attempt, no error: nothing stalled or retried.
			var retried int
			if err := b.pool.QueryRow(t.Context(), `
				SELECT count(*) FROM lethe.river_job
				WHERE kind = $1 AND (state <> 'completed' OR attempt > 1 OR cardinality(errors) > 0)`, jobs.KindExpireBatch).Scan(&retried); err != nil {
				t.Fatal(err)
			}
			if retried != 0 {
				t.Errorf("%d batches failed or were retried", retried)
			}
			if n := b.jobCount(t, jobs.KindExpireBatch); n != 1 {
				t.Errorf("%d batches, want 1", n)
			}
			if data, err := store.Get(t.Context(), "runs/r1/ckpt"); err != nil || string(data) != "another policy's blob" {
				t.Errorf("another policy's blob: %q, %v", data, err)
			}
			untouched(t)
		})
	}
}

// TestSetAsideLinkedKeys: a row whose key passes through a symbolic link in
// the local store (which no check of the key can see) is set aside with
// its blob left where the link points, and the rest of the batch is deleted
// on its first attempt.
func TestSetAsideLinkedKeys(t *testing.T) {
	t.Parallel()
	cfg, err := config.Parse(fmt.Appendf(nil, expirePolicyYAML, ""), nil)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Expire("pastes").BatchSize = 1000
	if err := cfg.Validate(); err != nil {
		t.Fatal(err)
	}
	dir, outside := t.TempDir(), t.TempDir()
	victim := filepath.Join(outside, "victim")
	if err := os.WriteFile(victim, []byte("not the store's"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "pastes"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(dir, "pastes", "linked")); err != nil {
		t.Fatal(err)
	}
	store, err := blob.NewLocal(dir)
	if err != nil {
		t.Fatal(err)
	}
	b := &expireBundle{pool: testenv.MigratedPool(t), cfg: cfg, blobs: &spanStore{Store: store}}
	b.deps = &Deps{Config: cfg, Pool: b.pool, Blobs: b.blobs, Logger: slog.New(slog.DiscardHandler), Metrics: metrics.New()}
	b.client = startClient(t, b.pool, b.deps, registerExpire, 4)

	good := expireInsertPastes(t, b.pool, store, 5, time.Now().Add(-time.Hour))
	var linked []paste
	for _, key := range []string{"pastes/linked/victim", "pastes/linked/missing"} {
		var p paste
		err := b.pool.QueryRow(t.Context(), `INSERT INTO pastes (title, blob_key, expires_at) VALUES ('linked', $1, now() - interval '1 hour') RETURNING id, blob_key`, key).Scan(&p.ID, &p.BlobKey)
		if err != nil {
			t.Fatal(err)
		}
		linked = append(linked, p)
	}

	b.plan(t)

	if got := b.status(t, good); got[""] != len(good) {
		t.Errorf("good pastes by status = %v, want all %d gone", got, len(good))
	}
	if got := b.status(t, linked); got[db.StatusDeletionInProgress] != len(linked) {
		t.Errorf("linked pastes by status = %v, want all %d set aside", got, len(linked))
	}
	if data, err := os.ReadFile(victim); err != nil || string(data) != "not the store's" {
		t.Errorf("the file the link points to: %q, %v", data, err)
	}
	var failed int
	if err := b.pool.QueryRow(t.Context(), `
		SELECT count(*) FROM lethe.river_job
		WHERE kind = $1 AND (state <> 'completed' OR attempt > 1 OR cardinality(errors) > 0)`, jobs.KindExpireBatch).Scan(&failed); err != nil {
		t.Fatal(err)
	}
	if failed != 0 {
		t.Errorf("%d batches failed or were retried", failed)
	}
	var setAside int
	if err := b.pool.QueryRow(t.Context(), `SELECT coalesce(sum((detail->>'rows_set_aside')::int), 0) FROM lethe_deletion_audit WHERE action = $1`, db.ActionExpireSetAside).Scan(&setAside); err != nil || setAside != len(linked) {
		t.Errorf("audited %d rows set aside, %v; want %d", setAside, err, len(linked))
	}
}
