package db

import (
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/internal/testenv"
)

// TestProbes: the pacing probes time the server, not the wait for a
// connection of a busy pool, and the commit probe commits a transaction of
// its own.
func TestProbes(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	shared := testenv.MigratedPool(t)
	cfg := shared.Config().Copy()
	cfg.MaxConns = 1
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)

	for name, probe := range map[string]func() (time.Duration, error){
		"read":   func() (time.Duration, error) { return ReadProbe(ctx, pool) },
		"commit": func() (time.Duration, error) { return CommitProbe(ctx, pool) },
	} {
		// The pool's only connection is busy for 300ms.
		held, err := pool.Acquire(ctx)
		if err != nil {
			t.Fatal(err)
		}
		go func() { time.Sleep(300 * time.Millisecond); held.Release() }()
		began := time.Now()
		d, err := probe()
		if err != nil {
			t.Fatalf("%s probe: %v", name, err)
		}
		if waited := time.Since(began); waited < 300*time.Millisecond || d >= waited-250*time.Millisecond {
			t.Errorf("%s probe read %s of a call that took %s behind a busy pool; want the wait left out", name, d, waited)
		}
	}

	var before, after int64
	if err := shared.QueryRow(ctx, `SELECT pg_snapshot_xmax(pg_current_snapshot())::text::bigint`).Scan(&before); err != nil {
		t.Fatal(err)
	}
	if _, err := CommitProbe(ctx, pool); err != nil {
		t.Fatal(err)
	}
	if err := shared.QueryRow(ctx, `SELECT pg_snapshot_xmax(pg_current_snapshot())::text::bigint`).Scan(&after); err != nil {
		t.Fatal(err)
	}
	if after <= before {
		t.Errorf("transaction horizon %d after the commit probe, %d before; want a committed transaction", after, before)
	}
}
