package db

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Bounded is the way Lethe reaches an application's tables: every
// statement it runs carries Timeouts (lock_timeout, statement_timeout), so
// none queues behind an application's lock for longer than the lock
// timeout, and none holds the application's next statements queued behind
// it. The functions of package db that read or write an application's
// table take a Bounded, not an Executor, so a new path cannot forget the
// timeouts. Build one with Timeouts.Pool (each statement in a transaction
// of its own), Timeouts.Tx (the statements of a caller's transaction) or
// Timeouts.Conn (a Session's connection, whose session has them set).
//
// A zero Bounded runs nothing: its statements fail.
//
// A zero timeout leaves the connection's own, which every connection of
// Lethe's pool starts with (database.lock_timeout, database.statement_timeout:
// see PoolOptions).
type Bounded struct {
	t    Timeouts
	pool *pgxpool.Pool // each statement in a transaction of its own
	exec Executor      // a transaction or session with t set
	tx   pgx.Tx        // exec, when it is a transaction
}

// errUnbounded is what a zero Bounded answers.
var errUnbounded = errors.New("statement on an application's table without timeouts (a zero db.Bounded)")

// Pool returns a Bounded on pool: each statement runs in a transaction of
// its own with t set locally (SetLocal), and Begin starts one.
func (t Timeouts) Pool(pool *pgxpool.Pool) Bounded {
	return Bounded{t: t, pool: pool}
}

// Tx sets t locally on tx (SetLocal) and returns a Bounded running its
// statements in tx, for work that must commit with other statements
// (a claim with its job, a delete with its audit entry).
func (t Timeouts) Tx(ctx context.Context, tx pgx.Tx) (Bounded, error) {
	if err := t.SetLocal(ctx, tx); err != nil {
		return Bounded{}, err
	}
	return Bounded{t: t, exec: tx, tx: tx}, nil
}

// Conn returns a Bounded on the connection fn of a Session gets, whose
// session has t set.
func (t Timeouts) Conn(conn *pgxpool.Conn) Bounded {
	return Bounded{t: t, exec: conn}
}

// InTx runs fn in a transaction of pool with t set locally (SetLocal).
func (t Timeouts) InTx(ctx context.Context, pool *pgxpool.Pool, fn func(b Bounded) error) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		b, err := t.Tx(ctx, tx)
		if err != nil {
			return err
		}
		return fn(b)
	})
}

// Within returns a Bounded on tx, a transaction begun on b's session
// connection (Conn): the session's timeouts hold in it, so none are set
// again. On any other b it returns the zero Bounded, which refuses to run.
func (b Bounded) Within(tx pgx.Tx) Bounded {
	if b.exec == nil || b.tx != nil {
		return Bounded{}
	}
	return Bounded{t: b.t, exec: tx, tx: tx}
}

// Timeouts are the timeouts b's statements run with.
func (b Bounded) Timeouts() Timeouts { return b.t }

// Bounds are b's lock and statement timeouts: what makes b an
// entity.Bounded.
func (b Bounded) Bounds() (lock, statement time.Duration) { return b.t.Lock, b.t.Statement }

// Tx is b's transaction, for the statements that commit with b's (a job
// insert), or nil when b is not a transaction's.
func (b Bounded) Tx() pgx.Tx { return b.tx }

// Exec runs sql with b's timeouts.
func (b Bounded) Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error) {
	if b.exec != nil {
		return b.exec.Exec(ctx, sql, args...)
	}
	var tag pgconn.CommandTag
	err := b.oneTrip(ctx, sql, args, func(br pgx.BatchResults) error {
		var err error
		tag, err = br.Exec()
		return err
	})
	return tag, err
}

// QueryRow runs sql with b's timeouts; on a pool, the statement runs when
// the row is scanned.
func (b Bounded) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row {
	if b.exec != nil {
		return b.exec.QueryRow(ctx, sql, args...)
	}
	return boundedRow(func(dest ...any) error {
		return b.oneTrip(ctx, sql, args, func(br pgx.BatchResults) error {
			return br.QueryRow().Scan(dest...)
		})
	})
}

// oneTrip runs sql on a connection of b.pool and reads its result with
// read, in one round trip: a batch of the statement that sets b's timeouts
// locally and sql, which run in one implicit transaction, so the timeouts
// end with sql. pgx prepares a batch's statements new to the connection
// before it sends the batch, under the session's timeouts, where a lock
// held by the application would keep it waiting longer than b allows; so
// sql is prepared on the connection first, once, in a transaction with b's
// timeouts set (prepareBounded). Past a connection's budget of such
// statements, sql runs in a transaction of its own after its timeouts. A
// statement whose table changed the type of its result since it was
// prepared is prepared again and run once more.
func (b Bounded) oneTrip(ctx context.Context, sql string, args []any, read func(br pgx.BatchResults) error) error {
	if b.pool == nil {
		return errUnbounded
	}
	conn, err := b.pool.Acquire(ctx)
	if err != nil {
		return fmt.Errorf("acquire a connection: %w", err)
	}
	defer conn.Release()
	err = b.t.oneTrip(ctx, conn, sql, args, read)
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == sqlStateCachedPlanChanged {
		if err := forgetBounded(ctx, conn, sql); err != nil {
			return err
		}
		err = b.t.oneTrip(ctx, conn, sql, args, read)
	}
	return err
}

// oneTrip is Bounded.oneTrip on conn.
func (t Timeouts) oneTrip(ctx context.Context, conn *pgxpool.Conn, sql string, args []any, read func(br pgx.BatchResults) error) error {
	prepared, err := t.prepareBounded(ctx, conn, sql)
	if err != nil {
		return err
	}
	batch := &pgx.Batch{}
	if !prepared {
		return pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
			if err := t.SetLocal(ctx, tx); err != nil {
				return err
			}
			batch.Queue(sql, args...)
			return readBatch(tx.SendBatch(ctx, batch), read)
		})
	}
	local := t.queueLocal(batch)
	batch.Queue(sql, args...)
	return readBatch(conn.SendBatch(ctx, batch), func(br pgx.BatchResults) error {
		if local {
			if _, err := br.Exec(); err != nil {
				return fmt.Errorf("set lock_timeout and statement_timeout: %w", err)
			}
		}
		return read(br)
	})
}

// readBatch reads br with read and closes it, returning the first error.
func readBatch(br pgx.BatchResults, read func(br pgx.BatchResults) error) error {
	err := read(br)
	if closeErr := br.Close(); err == nil {
		err = closeErr
	}
	return err
}

// boundedStatements is the key, in a connection's custom data, of the
// statements prepareBounded prepared on it; maxBoundedStatements bounds
// how many a connection keeps (pgx's own cache of statements holds 512).
const (
	boundedStatements    = "lethe.bounded_statements"
	maxBoundedStatements = 256
)

// sqlStateCachedPlanChanged is feature_not_supported, which a prepared
// statement answers when its table changed the type of its result ("cached
// plan must not change result type").
const sqlStateCachedPlanChanged = "0A000"

// prepareBounded prepares sql on conn, in a transaction with t set, unless
// it already did, and reports whether sql is prepared: false, preparing
// nothing, once conn holds maxBoundedStatements of them.
func (t Timeouts) prepareBounded(ctx context.Context, conn *pgxpool.Conn, sql string) (bool, error) {
	data := conn.Conn().PgConn().CustomData()
	stmts, _ := data[boundedStatements].(map[string]struct{})
	if _, ok := stmts[sql]; ok {
		return true, nil
	}
	if len(stmts) >= maxBoundedStatements {
		return false, nil
	}
	err := pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
		if err := t.SetLocal(ctx, tx); err != nil {
			return err
		}
		_, err := tx.Conn().Prepare(ctx, sql, sql)
		return err
	})
	if err != nil {
		return false, err
	}
	if stmts == nil {
		stmts = map[string]struct{}{}
		data[boundedStatements] = stmts
	}
	stmts[sql] = struct{}{}
	return true, nil
}

// forgetBounded deallocates sql on conn, whose table has changed under it,
// so that it is prepared again.
func forgetBounded(ctx context.Context, conn *pgxpool.Conn, sql string) error {
	if stmts, ok := conn.Conn().PgConn().CustomData()[boundedStatements].(map[string]struct{}); ok {
		delete(stmts, sql)
	}
	if err := conn.Conn().Deallocate(ctx, sql); err != nil {
		return fmt.Errorf("deallocate a statement whose table changed: %w", err)
	}
	return nil
}

// Query runs sql with b's timeouts; on a pool, the transaction it runs in
// ends when the rows are closed.
func (b Bounded) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) {
	if b.exec != nil {
		return b.exec.Query(ctx, sql, args...)
	}
	if b.pool == nil {
		return nil, errUnbounded
	}
	tx, err := b.begin(ctx)
	if err != nil {
		return nil, err
	}
	rows, err := tx.Query(ctx, sql, args...)
	if err != nil {
		_ = tx.Rollback(context.WithoutCancel(ctx))
		return nil, err
	}
	return &txRows{Rows: rows, ctx: context.WithoutCancel(ctx), tx: tx}, nil
}

// SendBatch sends batch's statements in one round trip with b's timeouts:
// in b's transaction or session, or on a pool in one implicit transaction
// after the statement that sets them locally. The caller closes the
// results; on a pool a failure to set the timeouts is the first result's
// error.
func (b Bounded) SendBatch(ctx context.Context, batch *pgx.Batch) pgx.BatchResults {
	if b.exec != nil {
		sender, ok := b.exec.(batchSender)
		if !ok {
			return failedBatch{fmt.Errorf("send a batch: %T cannot", b.exec)}
		}
		return sender.SendBatch(ctx, batch)
	}
	if b.pool == nil {
		return failedBatch{errUnbounded}
	}
	// In a transaction of its own with the timeouts set first, so that a
	// statement new to the connection, which pgx prepares before it sends
	// the batch, is prepared under them too.
	tx, err := b.begin(ctx)
	if err != nil {
		return failedBatch{err}
	}
	return &txBatch{BatchResults: tx.SendBatch(ctx, batch), tx: tx, ctx: context.WithoutCancel(ctx)}
}

// txBatch is the results of a batch sent in a transaction of its own,
// which Close ends: committed when every statement succeeded, else rolled
// back.
type txBatch struct {
	pgx.BatchResults
	tx  pgx.Tx
	ctx context.Context
}

func (r *txBatch) Close() error {
	if err := r.BatchResults.Close(); err != nil {
		_ = r.tx.Rollback(r.ctx)
		return err
	}
	if err := r.tx.Commit(r.ctx); err != nil && !errors.Is(err, pgx.ErrTxClosed) {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

// batchSender is what sends a batch: a transaction, a connection.
type batchSender interface {
	SendBatch(ctx context.Context, b *pgx.Batch) pgx.BatchResults
}

// failedBatch is the results of a batch that was never sent: every result
// is err.
type failedBatch struct{ err error }

func (f failedBatch) Exec() (pgconn.CommandTag, error) { return pgconn.CommandTag{}, f.err }
func (f failedBatch) Query() (pgx.Rows, error)         { return nil, f.err }
func (f failedBatch) QueryRow() pgx.Row                { return boundedRow(func(...any) error { return f.err }) }
func (f failedBatch) Close() error                     { return f.err }
func (f failedBatch) Tx() pgx.Tx                       { return nil }

// Begin starts a transaction with b's timeouts: on a pool a new one, in a
// transaction a savepoint (the timeouts are already set), on a Session's
// connection one that inherits the session's.
func (b Bounded) Begin(ctx context.Context) (pgx.Tx, error) {
	switch {
	case b.tx != nil:
		return b.tx.Begin(ctx)
	case b.exec != nil:
		beginner, ok := b.exec.(interface {
			Begin(ctx context.Context) (pgx.Tx, error)
		})
		if !ok {
			return nil, fmt.Errorf("begin a transaction: %T cannot", b.exec)
		}
		return beginner.Begin(ctx)
	case b.pool != nil:
		return b.begin(ctx)
	}
	return nil, errUnbounded
}

// begin starts a transaction of b.pool with b's timeouts set locally.
func (b Bounded) begin(ctx context.Context) (pgx.Tx, error) {
	tx, err := b.pool.Begin(ctx)
	if err != nil {
		return nil, fmt.Errorf("begin a transaction: %w", err)
	}
	if err := b.t.SetLocal(ctx, tx); err != nil {
		_ = tx.Rollback(context.WithoutCancel(ctx))
		return nil, err
	}
	return tx, nil
}

// inTx runs fn in a transaction of pool with t set locally.
func (t Timeouts) inTx(ctx context.Context, pool *pgxpool.Pool, fn func(tx pgx.Tx) error) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if err := t.SetLocal(ctx, tx); err != nil {
			return err
		}
		return fn(tx)
	})
}

// boundedRow is a pgx.Row whose statement runs when it is scanned.
type boundedRow func(dest ...any) error

func (r boundedRow) Scan(dest ...any) error { return r(dest...) }

// txRows are the rows of a statement in a transaction of its own, which
// Close ends: committed when the rows were read without error, else rolled
// back.
type txRows struct {
	pgx.Rows
	ctx    context.Context
	tx     pgx.Tx
	closed bool
	err    error
}

// Next ends the transaction after the last row, for callers that read
// every row and never Close.
func (r *txRows) Next() bool {
	if r.Rows.Next() {
		return true
	}
	r.Close()
	return false
}

func (r *txRows) Close() {
	if r.closed {
		return
	}
	r.closed = true
	r.Rows.Close()
	if err := r.Rows.Err(); err != nil {
		_ = r.tx.Rollback(r.ctx)
		return
	}
	if err := r.tx.Commit(r.ctx); err != nil {
		r.err = fmt.Errorf("commit: %w", err)
	}
}

func (r *txRows) Err() error {
	if err := r.Rows.Err(); err != nil {
		return err
	}
	return r.err
}
