package db_test

import (
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/internal/testenv"
)

// TestBounded: every statement a db.Bounded runs carries its timeouts, on a
// pool (each in a transaction of its own, which ends with the statement or
// its rows), in a caller's transaction and in a session; a zero Bounded
// runs nothing. The pool's connections start with PoolOptions' defaults,
// which are what a Bounded's zero timeouts keep, and what a session's
// reset goes back to.
func TestBounded(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	url := testenv.MigratedURL(t)
	pool, err := db.ConnectPool(ctx, url, db.PoolOptions{MaxConns: 2, LockTimeout: 4 * time.Second, StatementTimeout: 3 * time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	const settingsSQL = `SELECT current_setting('lock_timeout'), current_setting('statement_timeout')`
	settings := func(t *testing.T, exec db.Executor) [2]string {
		t.Helper()
		var s [2]string
		if err := exec.QueryRow(ctx, settingsSQL).Scan(&s[0], &s[1]); err != nil {
			t.Fatal(err)
		}
		return s
	}
	want := [2]string{"300ms", "2s"}
	bounds := db.Timeouts{Lock: 300 * time.Millisecond, Statement: 2 * time.Second}

	t.Run("connection defaults", func(t *testing.T) {
		if got := settings(t, pool); got != [2]string{"4s", "3min"} {
			t.Errorf("a pool connection starts with %v, want [4s 3min]", got)
		}
		if got := settings(t, db.Timeouts{}.Pool(pool)); got != [2]string{"4s", "3min"} {
			t.Errorf("zero timeouts run with %v, want the connection's [4s 3min]", got)
		}
	})
	t.Run("pool", func(t *testing.T) {
		b := bounds.Pool(pool)
		if got := settings(t, b); got != want {
			t.Errorf("QueryRow ran with %v, want %v", got, want)
		}
		rows, err := b.Query(ctx, settingsSQL)
		if err != nil {
			t.Fatal(err)
		}
		got, err := pgx.CollectExactlyOneRow(rows, pgx.RowToStructByPos[struct{ Lock, Statement string }])
		if err != nil || got.Lock != "300ms" || got.Statement != "2s" {
			t.Errorf("Query ran with %+v (%v), want %v", got, err, want)
		}
		// Rows read to the end end their transaction, closed or not.
		rows, err = b.Query(ctx, `SELECT 1`)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
		}
		if n := pool.Stat().AcquiredConns(); n != 0 {
			t.Errorf("%d connections still held after the rows were read", n)
		}
		// A batch runs whole in one implicit transaction with them.
		batch := &pgx.Batch{}
		batch.Queue(settingsSQL)
		batch.Queue(settingsSQL)
		br := b.SendBatch(ctx, batch)
		for i := range 2 {
			var got [2]string
			if err := br.QueryRow().Scan(&got[0], &got[1]); err != nil || got != want {
				t.Errorf("the batch's statement %d ran with %v (%v), want %v", i+1, got, err, want)
			}
		}
		if err := br.Close(); err != nil {
			t.Fatal(err)
		}
		if _, err := b.Exec(ctx, `SELECT pg_sleep(3)`); err == nil {
			t.Error("a statement longer than the statement timeout ran to its end")
		}
		// The timeouts were the transaction's only.
		if got := settings(t, pool); got != [2]string{"4s", "3min"} {
			t.Errorf("the pool's connections kept %v", got)
		}
		// A write commits with its statement; one that fails, whole.
		if _, err := pool.Exec(ctx, `CREATE TABLE bounded_writes (n int PRIMARY KEY)`); err != nil {
			t.Fatal(err)
		}
		if _, err := b.Exec(ctx, `INSERT INTO bounded_writes VALUES (1), (2)`); err != nil {
			t.Fatal(err)
		}
		if _, err := b.Exec(ctx, `INSERT INTO bounded_writes VALUES (3), (2)`); err == nil {
			t.Error("a duplicate key was inserted")
		}
		var n int
		if err := pool.QueryRow(ctx, `SELECT count(*) FROM bounded_writes`).Scan(&n); err != nil || n != 2 {
			t.Errorf("%d rows (%v) after a write and a failed one, want the first's 2", n, err)
		}
		if n := pool.Stat().AcquiredConns(); n != 0 {
			t.Errorf("%d connections still held after the writes", n)
		}
	})
	// A statement new to a connection waits on an application's lock no
	// longer than the lock timeout, however often it has run; a statement
	// whose result changes type under it is prepared again.
	t.Run("pool, application's lock", func(t *testing.T) {
		if _, err := pool.Exec(ctx, `CREATE TABLE bounded_locked (n int)`); err != nil {
			t.Fatal(err)
		}
		b := bounds.Pool(pool)
		const countSQL = `SELECT count(*) FROM bounded_locked`
		for i := range 3 {
			app, err := pool.Begin(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := app.Exec(ctx, `LOCK TABLE bounded_locked IN ACCESS EXCLUSIVE MODE`); err != nil {
				t.Fatal(err)
			}
			started := time.Now()
			err = b.QueryRow(ctx, countSQL).Scan(new(int64))
			waited := time.Since(started)
			_ = app.Rollback(ctx)
			if !db.IsLockTimeout(err) || waited > 2*time.Second {
				t.Errorf("try %d under the application's lock: %v after %s, want a lock timeout after about 300ms", i+1, err, waited.Round(time.Millisecond))
			}
			if err := b.QueryRow(ctx, countSQL).Scan(new(int64)); err != nil {
				t.Fatalf("try %d once the lock was gone: %v", i+1, err)
			}
		}
		const readSQL = `SELECT n FROM bounded_locked LIMIT 1`
		if _, err := pool.Exec(ctx, `INSERT INTO bounded_locked VALUES (7)`); err != nil {
			t.Fatal(err)
		}
		// Every connection of the pool prepares the statement.
		for range 4 {
			var n int32
			if err := b.QueryRow(ctx, readSQL).Scan(&n); err != nil || n != 7 {
				t.Fatalf("read %d (%v), want 7", n, err)
			}
		}
		if _, err := pool.Exec(ctx, `ALTER TABLE bounded_locked ALTER n TYPE text`); err != nil {
			t.Fatal(err)
		}
		for range 4 {
			var n string
			if err := b.QueryRow(ctx, readSQL).Scan(&n); err != nil || n != "7" {
				t.Fatalf("after the column became text: read %q (%v), want \"7\"", n, err)
			}
		}
	})
	t.Run("tx", func(t *testing.T) {
		err := bounds.InTx(ctx, pool, func(b db.Bounded) error {
			if got := settings(t, b); got != want {
				t.Errorf("the transaction runs with %v, want %v", got, want)
			}
			if got := settings(t, b.Tx()); got != want {
				t.Errorf("the transaction's other statements run with %v, want %v", got, want)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	})
	// A transaction begun on a session with the timeouts set runs with
	// them, without setting them again; Within refuses anything else.
	t.Run("within a session", func(t *testing.T) {
		err := bounds.Session(ctx, pool, nil, func(conn *pgxpool.Conn) error {
			return pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
				if got := settings(t, bounds.Conn(conn).Within(tx)); got != want {
					t.Errorf("the session's transaction runs with %v, want %v", got, want)
				}
				return nil
			})
		})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := bounds.Pool(pool).Within(nil).Exec(ctx, `SELECT 1`); err == nil {
			t.Error("Within on a pool's Bounded ran a statement")
		}
	})
	t.Run("zero", func(t *testing.T) {
		var b db.Bounded
		if err := b.QueryRow(ctx, `SELECT 1`).Scan(new(int)); err == nil {
			t.Error("a zero Bounded ran a statement")
		}
		if _, err := b.Exec(ctx, `SELECT 1`); err == nil {
			t.Error("a zero Bounded ran a statement")
		}
		if _, err := b.Begin(ctx); err == nil {
			t.Error("a zero Bounded began a transaction")
		}
	})
}
