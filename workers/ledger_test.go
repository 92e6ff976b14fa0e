package workers

import (
	"context"
	"errors"
	"log/slog"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/lethehq/lethe/blob"
	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/internal/metrics"
	"github.com/lethehq/lethe/internal/testenv"
	"github.com/lethehq/lethe/ledger"
)

// failingPut is a blob store whose writes fail, as an unreachable S3 does.
type failingPut struct{ blob.Store }

func (failingPut) Put(context.Context, string, []byte) error { return errors.New("store unreachable") }

// TestFlushLedger: deletions in the outbox reach the blob store once it
// answers, each once however often a flush is repeated; the database's
// ledger point follows the flushes, and a database set back to an earlier
// point (a restore) is told how many deletions it lacks and since when.
func TestFlushLedger(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	cfg, err := config.Parse(config.Default, nil)
	if err != nil {
		t.Fatal(err)
	}
	store, err := blob.NewLocal(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	pool := testenv.MigratedPool(t)
	deps := &Deps{Config: cfg, Pool: pool, Blobs: store, Logger: slog.New(slog.DiscardHandler), Metrics: metrics.New()}
	prefix := cfg.Ledger.Prefix
	appendKeys := func(keys ...string) {
		t.Helper()
		if err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
			for _, k := range keys {
				if _, err := db.AppendLedger(ctx, tx, db.LedgerEntry{Entity: "run", Key: k, Rows: map[string]int64{"runs": 1}}); err != nil {
					return err
				}
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
	}
	appendKeys("a", "b", "c")

	if _, err := FlushLedger(ctx, &Deps{Config: cfg, Pool: pool, Blobs: failingPut{store}, Logger: deps.Logger}); err == nil {
		t.Fatal("a flush to an unreachable store succeeded")
	}
	if n, err := db.CountPendingLedger(ctx, pool); err != nil || n != 3 {
		t.Fatalf("after a failed flush %d entries pending (%v), want 3", n, err)
	}
	// A flush that wrote its segment and failed before recording it.
	pending, err := db.PendingLedger(ctx, pool, 10)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ledger.Write(ctx, store, prefix, time.Now(), pending); err != nil {
		t.Fatal(err)
	}
	res, err := FlushLedger(ctx, deps)
	if err != nil || res.Segments != 1 || res.Entries != 3 {
		t.Fatalf("flush: %+v, %v; want one segment of 3", res, err)
	}
	entries, err := ledger.Read(ctx, store, prefix, time.Now().Add(-time.Hour), time.Now())
	if err != nil || len(entries) != 3 || entries[0].Op != db.LedgerOpDelete || entries[0].Rows["runs"] != 1 {
		t.Fatalf("ledger after a rewrite: %+v, %v; want a, b and c once each", entries, err)
	}
	if behind, err := ledger.Check(ctx, pool, store, prefix, time.Now()); err != nil || behind.Entries != 0 {
		t.Errorf("a database that flushed everything is behind by %+v, %v", behind, err)
	}
	restored, err := db.GetLedgerState(ctx, pool)
	if err != nil || restored.FlushedSegment == "" || restored.FlushedID != entries[2].ID {
		t.Fatalf("ledger state %+v, %v; want the flushed segment and c", restored, err)
	}

	appendKeys("d", "e")
	if _, err := FlushLedger(ctx, deps); err != nil {
		t.Fatal(err)
	}
	// A restore sets the database back to its earlier point.
	if _, err := pool.Exec(ctx, `UPDATE lethe_ledger_state SET flushed_segment = $1`, restored.FlushedSegment); err != nil {
		t.Fatal(err)
	}
	all, err := ledger.Read(ctx, store, prefix, time.Now().Add(-time.Hour), time.Now())
	if err != nil || len(all) != 5 {
		t.Fatalf("ledger: %d entries, %v; want 5", len(all), err)
	}
	behind, err := ledger.Check(ctx, pool, store, prefix, time.Now())
	if err != nil || behind.Entries != 2 || !behind.Since.Equal(all[3].At) {
		t.Errorf("restored database behind by %+v, %v; want d and e, since %s", behind, err, all[3].At)
	}
}
