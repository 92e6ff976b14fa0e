package db

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/internal/testenv"
)

// TestBlockers: after a lock timeout, Blockers names the session that
// really held Lethe up, not the innocent ones around it: an older
// transaction holding other rows of the table, a session queued for the
// same row, a session writing other rows while another locks the table.
func TestBlockers(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	pool := testenv.Pool(t)
	if _, err := pool.Exec(ctx, `CREATE TABLE items (id int PRIMARY KEY); INSERT INTO items SELECT generate_series(1, 10)`); err != nil {
		t.Fatal(err)
	}
	// session begins a transaction of application app on its own
	// connection and returns it with its pid.
	session := func(t *testing.T, app string) (pgx.Tx, int32) {
		cfg := pool.Config().ConnConfig.Copy()
		cfg.RuntimeParams["application_name"] = app
		conn, err := pgx.ConnectConfig(ctx, cfg)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { conn.Close(context.Background()) })
		tx, err := conn.Begin(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var pid int32
		if err := tx.QueryRow(ctx, `SELECT pg_backend_pid()`).Scan(&pid); err != nil {
			t.Fatal(err)
		}
		return tx, pid
	}
	exec := func(t *testing.T, tx pgx.Tx, sql string) {
		if _, err := tx.Exec(ctx, sql); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	// timedOut runs sql as Lethe would, under a short lock_timeout, and
	// returns its lock timeout.
	timedOut := func(t *testing.T, sql string) error {
		err := Timeouts{Lock: 200 * time.Millisecond}.InTx(ctx, pool, func(tx Bounded) error {
			_, err := tx.Exec(ctx, sql)
			return err
		})
		if !IsLockTimeout(err) {
			t.Fatalf("%s: %v, want a lock timeout", sql, err)
		}
		return err
	}
	want := func(t *testing.T, pool *pgxpool.Pool, err error, pid int32, app string) {
		t.Helper()
		holders, lookupErr := Blockers(ctx, pool, err, []string{"items"})
		if lookupErr != nil || len(holders) == 0 || holders[0].PID != pid || holders[0].Application != app {
			t.Fatalf("blockers %+v, %v; want pid %d (%s) first", holders, lookupErr, pid, app)
		}
	}

	t.Run("RowLock", func(t *testing.T) {
		older, _ := session(t, "reports")
		exec(t, older, `SELECT 1 FROM items WHERE id = 2 FOR UPDATE`)
		time.Sleep(50 * time.Millisecond)
		holder, pid := session(t, "billing")
		exec(t, holder, `SELECT 1 FROM items WHERE id = 1 FOR UPDATE`)
		err := timedOut(t, `DELETE FROM items WHERE id = 1`)
		want(t, pool, err, pid, "billing")

		// A second session queued for the row: Lethe's wait is then for
		// its place in the queue, and the blocker is still the holder.
		waiter, _ := session(t, "exporter")
		waited := make(chan error, 1)
		go func() { _, err := waiter.Exec(ctx, `SELECT 1 FROM items WHERE id = 1 FOR UPDATE`); waited <- err }()
		testenv.WaitUntil(t, 5*time.Second, "the queued session", func() (bool, error) {
			var n int
			err := pool.QueryRow(ctx, `SELECT count(*) FROM pg_locks WHERE locktype = 'tuple' AND granted`).Scan(&n)
			return n > 0, err
		})
		err = timedOut(t, `DELETE FROM items WHERE id = 1`)
		want(t, pool, err, pid, "billing")
		_ = holder.Rollback(ctx)
		<-waited
		_ = waiter.Rollback(ctx)
		_ = older.Rollback(ctx)
	})

	t.Run("TableLock", func(t *testing.T) {
		locker, pid := session(t, "migration")
		exec(t, locker, `LOCK TABLE items IN ACCESS EXCLUSIVE MODE`)
		// Another application queued behind the lock holds none yet.
		queued, _ := session(t, "checkout")
		waited := make(chan error, 1)
		go func() { _, err := queued.Exec(ctx, `SELECT count(*) FROM items`); waited <- err }()
		testenv.WaitUntil(t, 5*time.Second, "the queued session", func() (bool, error) {
			var n int
			err := pool.QueryRow(ctx, `SELECT count(*) FROM pg_locks WHERE relation = 'items'::regclass AND NOT granted`).Scan(&n)
			return n > 0, err
		})
		err := timedOut(t, `DELETE FROM items WHERE id = 3`)
		want(t, pool, err, pid, "migration")
		_ = locker.Rollback(ctx)
		<-waited
		_ = queued.Rollback(ctx)
	})
}
