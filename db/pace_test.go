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

// TestReadSessions: pacing reads the foreground's sessions, running or
// between statements, with their statements' times, and leaves out
// Lethe's own.
func TestReadSessions(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	shared := testenv.MigratedPool(t)
	connect := func(app string) *pgxpool.Pool {
		cfg := shared.Config().Copy()
		cfg.MaxConns = 1
		cfg.ConnConfig.RuntimeParams["application_name"] = app
		pool, err := pgxpool.NewWithConfig(ctx, cfg)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(pool.Close)
		return pool
	}
	lethe, app, busy, lethe2 := connect("lethe"), connect("app"), connect("app"), connect("lethe")
	pid := func(pool *pgxpool.Pool) (pid int32) {
		if err := pool.QueryRow(ctx, `SELECT pg_sleep(0.06), pg_backend_pid()`).Scan(nil, &pid); err != nil {
			t.Fatal(err)
		}
		return pid
	}
	appPID, busyPID, lethe2PID := pid(app), pid(busy), pid(lethe2)
	go func() { _, _ = busy.Exec(ctx, `SELECT pg_sleep(5)`) }()

	byPID := map[int32]Session{}
	testenv.WaitUntil(t, 10*time.Second, "the busy session running", func() (bool, error) {
		_, sessions, err := ReadSessions(ctx, lethe)
		for _, s := range sessions {
			byPID[s.PID] = s
		}
		return byPID[busyPID].Active, err
	})
	if s, ok := byPID[appPID]; !ok || s.Active || s.StateChange.Sub(s.QueryStart) < 60*time.Millisecond {
		t.Errorf("the application's session between statements: %+v (seen %v); want its last statement's 60ms", s, ok)
	}
	if _, ok := byPID[lethe2PID]; ok {
		t.Errorf("another Lethe session was read as the foreground's")
	}
}
