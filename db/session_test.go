package db_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/internal/testenv"
)

// TestSession runs work on a connection of its own with its timeouts and
// lock, and gives the connection back to the pool as it found it: the
// settings reset and the lock released, after success or failure alike.
func TestSession(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	pool := testenv.MigratedPool(t)
	settings := func(conn db.Executor) (lock, statement string) {
		t.Helper()
		if err := conn.QueryRow(ctx, `SELECT current_setting('lock_timeout'), current_setting('statement_timeout')`).Scan(&lock, &statement); err != nil {
			t.Fatal(err)
		}
		return lock, statement
	}
	before, beforeStmt := settings(pool)
	// tryLock takes and at once gives back the entity's lock on a session
	// of its own, reporting whether it was free.
	tryLock := func() bool {
		t.Helper()
		var free bool
		err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
			return tx.QueryRow(ctx, `SELECT pg_try_advisory_xact_lock(hashtext('run:s1'))`).Scan(&free)
		})
		if err != nil {
			t.Fatal(err)
		}
		return free
	}

	timeouts := db.Timeouts{Lock: 1500 * time.Millisecond, Statement: 7 * time.Second}
	failed := errors.New("work failed")
	for _, want := range []error{nil, failed} {
		err := timeouts.Session(ctx, pool, db.EntityLock("run", "s1"), func(conn *pgxpool.Conn) error {
			if lock, statement := settings(conn); lock != "1500ms" || statement != "7s" {
				t.Errorf("inside the session: lock_timeout %s, statement_timeout %s; want 1500ms and 7s", lock, statement)
			}
			if tryLock() {
				t.Error("another session took the entity's lock while the session held it")
			}
			return want
		})
		if !errors.Is(err, want) {
			t.Fatalf("Session returned %v, want %v", err, want)
		}
		// Every connection of the pool is back to the settings it had.
		conns := pool.AcquireAllIdle(context.WithoutCancel(ctx))
		for _, c := range conns {
			if lock, statement := settings(c); lock != before || statement != beforeStmt {
				t.Errorf("after the session: lock_timeout %s, statement_timeout %s; want %s and %s", lock, statement, before, beforeStmt)
			}
			c.Release()
		}
		if !tryLock() {
			t.Error("the entity's lock is still held after the session")
		}
	}

	// A lock held elsewhere past the lock timeout: the session gives up
	// with a lock timeout, its work does not run, and the connection goes
	// back to the pool with its settings reset.
	holder, err := pool.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.LockSession(ctx, holder, "run", "s1"); err != nil {
		t.Fatal(err)
	}
	short := db.Timeouts{Lock: 100 * time.Millisecond, Statement: 7 * time.Second}
	ran := false
	err = short.Session(ctx, pool, db.EntityLock("run", "s1"), func(*pgxpool.Conn) error { ran = true; return nil })
	if !db.IsLockTimeout(err) || ran {
		t.Errorf("Session on a held lock: %v (work ran: %v), want a lock timeout and no work", err, ran)
	}
	if err := db.UnlockSession(ctx, holder, "run", "s1"); err != nil {
		t.Fatal(err)
	}
	holder.Release()
	for _, c := range pool.AcquireAllIdle(context.WithoutCancel(ctx)) {
		if lock, statement := settings(c); lock != before || statement != beforeStmt {
			t.Errorf("after a refused lock: lock_timeout %s, statement_timeout %s; want %s and %s", lock, statement, before, beforeStmt)
		}
		c.Release()
	}
}
