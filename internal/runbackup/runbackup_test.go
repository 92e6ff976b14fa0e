package runbackup_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/blob"
	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/internal/runbackup"
	"github.com/lethehq/lethe/internal/testenv"
	"github.com/lethehq/lethe/tombstone"
)

type bundle struct {
	ctx   context.Context
	pool  *pgxpool.Pool
	blobs blob.Store
}

func setup(t *testing.T) *bundle {
	t.Helper()
	return &bundle{ctx: t.Context(), pool: testenv.MigratedPool(t), blobs: testenv.S3Store(t)}
}

// seedRun writes a run with rows in every table and two blobs, one of them
// not recorded in run_blobs.
func (b *bundle) seedRun(t *testing.T, hash string) {
	t.Helper()
	ctx := b.ctx
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(db.UpsertRun(ctx, db.Timeouts{}.Pool(b.pool), hash, "run "+hash))
	for step := range 5 {
		must(db.LogMetric(ctx, db.Timeouts{}.Pool(b.pool), hash, "loss", "train", int64(step), 1.0/float64(step+3)))
	}
	must(db.SetTag(ctx, db.Timeouts{}.Pool(b.pool), hash, "best"))
	must(db.SetAttribute(ctx, db.Timeouts{}.Pool(b.pool), hash, "lr", 0.001))
	must(db.SetAttribute(ctx, db.Timeouts{}.Pool(b.pool), hash, "optimizer", map[string]any{"name": "adam", "betas": []float64{0.9, 0.999}}))
	must(db.LinkExperiment(ctx, db.Timeouts{}.Pool(b.pool), hash, "mnist"))
	must(db.RecordRunBlob(ctx, db.Timeouts{}.Pool(b.pool), hash, prefix(hash)+"ckpt/1"))
	must(b.blobs.Put(ctx, prefix(hash)+"ckpt/1", []byte("weights")))
	must(b.blobs.Put(ctx, prefix(hash)+"logs/stdout", []byte("unrecorded but under the prefix")))
}

// prefix is where run hash keeps its blobs.
func prefix(hash string) string {
	return config.EntityBlobPrefix(config.DefaultRunBlobPrefix, hash)
}

// snapshot returns every row of hash as sorted JSON text per table.
func (b *bundle) snapshot(t *testing.T, hash string) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	for _, table := range db.RunTables {
		rows, err := b.pool.Query(b.ctx, `SELECT to_jsonb(t)::text FROM `+db.Ident(table)+` t WHERE run_hash = $1`, hash)
		if err != nil {
			t.Fatal(err)
		}
		list, err := pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			t.Fatal(err)
		}
		slices.Sort(list)
		out[table] = list
	}
	return out
}

func (b *bundle) blobsOf(t *testing.T, hash string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := b.blobs.List(b.ctx, prefix(hash), func(keys []string) error {
		for _, k := range keys {
			data, err := b.blobs.Get(b.ctx, k)
			if err != nil {
				return err
			}
			out[k] = string(data)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestBackupRestore(t *testing.T) {
	t.Parallel()

	t.Run("RoundTripThroughDeletion", func(t *testing.T) {
		t.Parallel()
		b := setup(t)
		b.seedRun(t, "r1")
		b.seedRun(t, "r2")
		rowsBefore, blobsBefore := b.snapshot(t, "r1"), b.blobsOf(t, "r1")

		backup, err := runbackup.Export(b.ctx, b.pool, b.blobs, prefix("r1"), "r1", exportTimeouts)
		if err != nil {
			t.Fatal(err)
		}
		var file bytes.Buffer
		if err := runbackup.Write(&file, backup); err != nil {
			t.Fatal(err)
		}

		// Delete the run the way delete_entity and purge_blobs do.
		err = pgx.BeginFunc(b.ctx, b.pool, func(tx pgx.Tx) error {
			if _, err := db.DeleteRun(b.ctx, tx, "r1"); err != nil {
				return err
			}
			_, err := tombstone.NewPostgres(tx).Put(b.ctx, "run", "r1")
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := b.blobs.DeletePrefix(b.ctx, prefix("r1")); err != nil {
			t.Fatal(err)
		}
		if _, err := b.pool.Exec(b.ctx, `INSERT INTO runs (run_hash) VALUES ('r1')`); !db.IsTombstonedError(err) {
			t.Fatalf("write to deleted run: %v, want refused", err)
		}

		read, err := runbackup.Read(&file)
		if err != nil {
			t.Fatal(err)
		}
		res, err := runbackup.Restore(b.ctx, b.pool, b.blobs, prefix("r1"), read, db.Timeouts{})
		if err != nil {
			t.Fatal(err)
		}
		if !res.TombstoneCleared || res.Blobs != 2 || res.Rows != 11 {
			t.Errorf("restore = %+v, want tombstone cleared, 2 blobs, 11 rows", res)
		}
		if after := b.snapshot(t, "r1"); fmt.Sprint(after) != fmt.Sprint(rowsBefore) {
			t.Errorf("rows after restore differ:\n got %v\nwant %v", after, rowsBefore)
		}
		if after := b.blobsOf(t, "r1"); fmt.Sprint(after) != fmt.Sprint(blobsBefore) {
			t.Errorf("blobs after restore = %v, want %v", after, blobsBefore)
		}
		if ts, _ := tombstone.NewPostgres(b.pool).Get(b.ctx, "run", "r1"); ts != nil {
			t.Errorf("tombstone still there: %+v", ts)
		}
		// Ingestion accepted again.
		if err := db.LogMetric(b.ctx, db.Timeouts{}.Pool(b.pool), "r1", "loss", "train", 99, 0.1); err != nil {
			t.Errorf("write after restore: %v", err)
		}
	})

	t.Run("RestoreOverAnExistingRunReplacesIt", func(t *testing.T) {
		t.Parallel()
		b := setup(t)
		b.seedRun(t, "r1")
		before := b.snapshot(t, "r1")
		backup, err := runbackup.Export(b.ctx, b.pool, b.blobs, prefix("r1"), "r1", exportTimeouts)
		if err != nil {
			t.Fatal(err)
		}
		if err := db.SetTag(b.ctx, db.Timeouts{}.Pool(b.pool), "r1", "added-later"); err != nil {
			t.Fatal(err)
		}
		if _, err := runbackup.Restore(b.ctx, b.pool, b.blobs, prefix("r1"), backup, db.Timeouts{}); err != nil {
			t.Fatal(err)
		}
		if after := b.snapshot(t, "r1"); fmt.Sprint(after) != fmt.Sprint(before) {
			t.Errorf("restore did not give back the backed-up state")
		}
	})

	t.Run("RestoreGivesUpBehindTheRunsLock", func(t *testing.T) {
		t.Parallel()
		b := setup(t)
		b.seedRun(t, "r1")
		backup, err := runbackup.Export(b.ctx, b.pool, b.blobs, prefix("r1"), "r1", exportTimeouts)
		if err != nil {
			t.Fatal(err)
		}
		// A deletion of the run holds its lock: the restore waits
		// lock_timeout, no longer, and writes nothing.
		holder, err := b.pool.Acquire(b.ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer holder.Release()
		if err := db.LockSession(b.ctx, holder, "run", "r1"); err != nil {
			t.Fatal(err)
		}
		defer db.UnlockSession(b.ctx, holder, "run", "r1")
		_, err = runbackup.Restore(b.ctx, b.pool, b.blobs, prefix("r1"), backup, db.Timeouts{Lock: 200 * time.Millisecond, Statement: 5 * time.Second})
		if !db.IsLockTimeout(err) {
			t.Fatalf("restore behind the run's lock: %v, want a lock timeout", err)
		}
	})

	t.Run("BadInput", func(t *testing.T) {
		t.Parallel()
		b := setup(t)
		if _, err := runbackup.Export(b.ctx, b.pool, b.blobs, prefix("missing"), "missing", exportTimeouts); err == nil || !strings.Contains(err.Error(), "not found") {
			t.Errorf("export of unknown run: %v", err)
		}
		if _, err := runbackup.Export(b.ctx, b.pool, b.blobs, "runs/bad/hash/", "bad/hash", exportTimeouts); err == nil {
			t.Error("export of malformed hash succeeded")
		}
		for name, text := range map[string]string{
			"not json":    "hello",
			"bad version": `{"version":9,"run_hash":"r1","tables":{"runs":[{}]}}`,
			"traversing blob": `{"version":1,"run_hash":"r1","tables":{"runs":[{"run_hash":"r1"}]},` +
				`"blobs":[{"key":"runs/r1/../r2/ckpt","data":""}]}`,
			"unknown table": `{"version":1,"run_hash":"r1","tables":{"runs":[{}],"pg_authid":[]}}`,
		} {
			if _, err := runbackup.Read(strings.NewReader(text)); err == nil {
				t.Errorf("%s: read succeeded", name)
			}
		}
		// A row of another run smuggled into a backup is refused and
		// nothing is written.
		bad := &runbackup.Backup{Version: 1, RunHash: "r1", Tables: map[string][]json.RawMessage{
			"runs":     {json.RawMessage(`{"run_hash":"r1","name":"x","created_at":"2026-01-01T00:00:00Z","updated_at":"2026-01-01T00:00:00Z"}`)},
			"run_tags": {json.RawMessage(`{"run_hash":"victim","tag":"x"}`)},
		}}
		if _, err := runbackup.Restore(b.ctx, b.pool, b.blobs, prefix("r1"), bad, db.Timeouts{}); err == nil {
			t.Error("restore of a row of another run succeeded")
		}
		if exists, _ := db.RunExists(b.ctx, b.pool, "r1"); exists {
			t.Error("failed restore left rows")
		}

		// A blob of another run, or of another policy, is refused before
		// anything is written.
		for _, key := range []string{"runs/r2/ckpt", "pastes/1", "r2/ckpt"} {
			if err := b.blobs.Put(b.ctx, key, []byte("victim")); err != nil {
				t.Fatal(err)
			}
			foreign := &runbackup.Backup{Version: 1, RunHash: "r1", Tables: map[string][]json.RawMessage{
				"runs": {json.RawMessage(`{"run_hash":"r1","name":"x","created_at":"2026-01-01T00:00:00Z","updated_at":"2026-01-01T00:00:00Z"}`)},
			}, Blobs: []runbackup.Blob{{Key: "runs/r1/ok", Data: []byte("x")}, {Key: key, Data: []byte("overwritten")}}}
			_, err := runbackup.Restore(b.ctx, b.pool, b.blobs, prefix("r1"), foreign, db.Timeouts{})
			if err == nil || !strings.Contains(err.Error(), "not under the prefix") {
				t.Errorf("restore of a backup with blob %q: %v, want refused", key, err)
			}
			if data, err := b.blobs.Get(b.ctx, key); err != nil || string(data) != "victim" {
				t.Errorf("blob %q after a refused restore: %q, %v", key, data, err)
			}
			if ok, _ := b.blobs.Exists(b.ctx, "runs/r1/ok"); ok {
				t.Errorf("a refused restore wrote runs/r1/ok")
			}
		}
	})

	t.Run("ExportRefusesARunBlobsRowOutsideTheRunsPrefix", func(t *testing.T) {
		t.Parallel()
		b := setup(t)
		b.seedRun(t, "r1")
		b.seedRun(t, "r2")
		for _, key := range []string{"pastes/1", prefix("r2") + "ckpt/1", "r1/ckpt", "runs/r10/ckpt"} {
			if err := b.blobs.Put(b.ctx, key, []byte("not the run's")); err != nil {
				t.Fatal(err)
			}
		}
		// Rows written by hand (or by an older ingester) that point out of
		// the run's prefix: at another policy's blob, at another run's,
		// at the layout from before blob prefixes, at a run sharing the
		// hash's first characters.
		for _, key := range []string{"pastes/1", prefix("r2") + "ckpt/1", "r1/ckpt", "runs/r10/ckpt"} {
			t.Run(key, func(t *testing.T) {
				if _, err := b.pool.Exec(b.ctx, `INSERT INTO run_blobs (run_hash, blob_key) VALUES ('r1', $1)`, key); err != nil {
					t.Fatal(err)
				}
				defer func() {
					if _, err := b.pool.Exec(b.ctx, `DELETE FROM run_blobs WHERE run_hash = 'r1' AND blob_key = $1`, key); err != nil {
						t.Error(err)
					}
				}()
				backup, err := runbackup.Export(b.ctx, b.pool, b.blobs, prefix("r1"), "r1", exportTimeouts)
				if !errors.Is(err, blob.ErrInvalidKey) || !strings.Contains(err.Error(), "export run r1: run_blobs row refused") ||
					!strings.Contains(err.Error(), fmt.Sprintf("%q", key)) || !strings.Contains(err.Error(), `not under the prefix "runs/r1/"`) {
					t.Fatalf("export with a run_blobs row %q: %v, want refused naming the row", key, err)
				}
				if backup != nil {
					t.Errorf("a refused export returned a backup with %d blobs", len(backup.Blobs))
				}
			})
		}
		// Without them, the run exports its own blobs only.
		backup, err := runbackup.Export(b.ctx, b.pool, b.blobs, prefix("r1"), "r1", exportTimeouts)
		if err != nil {
			t.Fatal(err)
		}
		for _, bl := range backup.Blobs {
			if !strings.HasPrefix(bl.Key, prefix("r1")) {
				t.Errorf("the backup holds %q, outside the run's prefix", bl.Key)
			}
		}
		if len(backup.Blobs) != 2 {
			t.Errorf("backup holds %d blobs, want the run's 2", len(backup.Blobs))
		}
	})

	t.Run("ExportNeverReadsThroughALinkOnTheLocalStore", func(t *testing.T) {
		t.Parallel()
		b := setup(t)
		tmp := t.TempDir()
		local, err := blob.NewLocal(filepath.Join(tmp, "blobs"))
		if err != nil {
			t.Fatal(err)
		}
		local.SetLogger(slog.New(slog.DiscardHandler))
		b.blobs = local
		b.seedRun(t, "r1")
		// The run's folder becomes a link to a folder outside the store
		// holding files under the same names.
		outside := filepath.Join(tmp, "outside")
		for _, name := range []string{"ckpt/1", "logs/stdout", "secret"} {
			path := filepath.Join(outside, filepath.FromSlash(name))
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, []byte("outside the store"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		runDir := filepath.Join(tmp, "blobs", "runs", "r1")
		if err := os.RemoveAll(runDir); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(outside, runDir); err != nil {
			t.Fatal(err)
		}

		// Its run_blobs row leads through the link: refused, naming the key.
		_, err = runbackup.Export(b.ctx, b.pool, b.blobs, prefix("r1"), "r1", exportTimeouts)
		if !errors.Is(err, blob.ErrSymlink) || !strings.Contains(err.Error(), `"runs/r1/ckpt/1"`) {
			t.Fatalf("export through a linked run folder: %v, want refused naming the key", err)
		}
		// Without the row, the listing skips the link: nothing from
		// outside lands in the backup.
		if _, err := b.pool.Exec(b.ctx, `DELETE FROM run_blobs WHERE run_hash = 'r1'`); err != nil {
			t.Fatal(err)
		}
		backup, err := runbackup.Export(b.ctx, b.pool, b.blobs, prefix("r1"), "r1", exportTimeouts)
		if err != nil {
			t.Fatal(err)
		}
		if len(backup.Blobs) != 0 {
			t.Errorf("the backup holds %d blobs read through the link", len(backup.Blobs))
		}
	})

	t.Run("BackupsFromBeforeBlobPrefixesRestoreUnderThePrefix", func(t *testing.T) {
		t.Parallel()
		b := setup(t)
		legacy := &runbackup.Backup{Version: 1, RunHash: "r1", Tables: map[string][]json.RawMessage{
			"runs": {json.RawMessage(`{"run_hash":"r1","name":"x","created_at":"2026-01-01T00:00:00Z","updated_at":"2026-01-01T00:00:00Z"}`)},
		}, Blobs: []runbackup.Blob{{Key: "r1/ckpt/1", Data: []byte("weights")}}}
		if _, err := runbackup.Restore(b.ctx, b.pool, b.blobs, prefix("r1"), legacy, db.Timeouts{}); err != nil {
			t.Fatal(err)
		}
		if got := b.blobsOf(t, "r1"); fmt.Sprint(got) != fmt.Sprint(map[string]string{"runs/r1/ckpt/1": "weights"}) {
			t.Errorf("blobs after restoring a legacy backup: %v", got)
		}
	})
}

// TestReadLimit feeds a small gzip file that expands far beyond the limit:
// reading stops at the limit with ErrTooLarge instead of holding it all.
func TestReadLimit(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	gz := gzip.NewWriter(&buf)
	if _, err := gz.Write([]byte(`{"version":1,"run_hash":"`)); err != nil {
		t.Fatal(err)
	}
	chunk := bytes.Repeat([]byte("a"), 1<<20)
	for range 64 {
		if _, err := gz.Write(chunk); err != nil {
			t.Fatal(err)
		}
	}
	if err := gz.Close(); err != nil {
		t.Fatal(err)
	}
	_, err := runbackup.ReadLimit(bytes.NewReader(buf.Bytes()), 4<<20)
	if !errors.Is(err, runbackup.ErrTooLarge) || !strings.Contains(err.Error(), "larger than 4194304 bytes decompressed") {
		t.Errorf("%d-byte file expanding to 64 MiB: %v, want ErrTooLarge", buf.Len(), err)
	}
	if len(err.Error()) > 200 {
		t.Errorf("error of %d bytes", len(err.Error()))
	}
}

// exportTimeouts are the timeouts the tests' exports read the run under.
var exportTimeouts = db.Timeouts{Lock: 2 * time.Second, Statement: 30 * time.Second}
