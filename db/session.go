package db

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/db/internal/dbsqlc"
)

// SessionLock is an advisory lock a Session holds for its connection's
// session: its statements take it and give it back on the same connection,
// each sent in one round trip with the session's settings.
type SessionLock struct {
	what         string // names the lock in errors: "run r1", "claim … of pastes"
	lock, unlock string // statements on args; unlock returns whether it was held
	args         []any
}

// EntityLock is the exclusive lock of (entity, key) (LockSession), for a
// deletion's chunks or a restore.
func EntityLock(entity, key string) *SessionLock {
	return &SessionLock{what: entity + " " + key, lock: dbsqlc.TombstoneLockSessionSQL, unlock: dbsqlc.TombstoneUnlockSessionSQL, args: []any{entity, key}}
}

// EntityLockShared is the shared lock of (entity, key) (see
// LockExclusive), for a blob purge or a write that calls the blob store:
// held on a session, without a transaction open (which would hold back
// VACUUM and the application's locks) while the blob store works.
func EntityLockShared(entity, key string) *SessionLock {
	return &SessionLock{what: entity + " " + key, lock: dbsqlc.TombstoneLockSessionSharedSQL, unlock: dbsqlc.TombstoneUnlockSessionSharedSQL, args: []any{entity, key}}
}

// sessionCleanupWithin bounds the unlock and the reset after a Session's
// work, which run even once its context is done.
const sessionCleanupWithin = 5 * time.Second

// Session runs fn on a connection of pool's own with no transaction open:
// for work that spans transactions or calls the blob store. t is set on
// the session (setSessionSQL) and lock, unless nil, is held for the whole of
// fn. Afterwards the lock is released and the settings reset; a connection
// on which either fails may still hold them, so it is closed instead of
// going back to the pool (closing ends the session and its locks).
func (t Timeouts) Session(ctx context.Context, pool *pgxpool.Pool, lock *SessionLock, fn func(conn *pgxpool.Conn) error) error {
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return fmt.Errorf("acquire a connection: %w", err)
	}
	defer conn.Release()
	// cleanup runs undo with a context that outlives ctx, closing the
	// connection when undo fails.
	cleanup := func(undo func(ctx context.Context, conn Executor) error) {
		ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), sessionCleanupWithin)
		defer cancel()
		if err := undo(ctx, conn); err != nil {
			_ = conn.Conn().Close(ctx)
		}
	}
	// The settings and the lock in one round trip, and so their undoing.
	batch := &pgx.Batch{}
	batch.Queue(setSessionSQL, durationSetting(t.Lock), durationSetting(t.Statement))
	if lock != nil {
		batch.Queue(lock.lock, lock.args...)
	}
	br := conn.SendBatch(ctx, batch)
	err = sessionBegun(br, lock)
	if closeErr := br.Close(); err == nil {
		err = closeErr
	}
	if err != nil {
		// A lock that was refused is not held; the settings may have been
		// taken. A connection that cannot reset them is closed.
		cleanup(ResetSession)
		return err
	}
	defer cleanup(func(ctx context.Context, conn Executor) error { return endSession(ctx, conn, lock) })
	return fn(conn)
}

// sessionBegun reads the results of a Session's settings and lock.
func sessionBegun(br pgx.BatchResults, lock *SessionLock) error {
	if _, err := br.Exec(); err != nil {
		return fmt.Errorf("set lock_timeout and statement_timeout: %w", err)
	}
	if lock == nil {
		return nil
	}
	if _, err := br.Exec(); err != nil {
		return fmt.Errorf("lock %s for the session: %w", lock.what, err)
	}
	return nil
}

// endSession gives lock back, unless nil, and resets the session's
// settings (ResetSession), in one round trip. A lock the session did not
// hold is an error, as is a failure to reset.
func endSession(ctx context.Context, conn Executor, lock *SessionLock) error {
	if lock == nil {
		return ResetSession(ctx, conn)
	}
	sender, ok := conn.(batchSender)
	if !ok {
		return fmt.Errorf("end a session: %T cannot send a batch", conn)
	}
	batch := &pgx.Batch{}
	var held bool
	batch.Queue(lock.unlock, lock.args...).QueryRow(func(row pgx.Row) error { return row.Scan(&held) })
	batch.Queue(`RESET lock_timeout`)
	batch.Queue(`RESET statement_timeout`)
	if err := sender.SendBatch(ctx, batch).Close(); err != nil {
		return fmt.Errorf("unlock %s and reset the session: %w", lock.what, err)
	}
	if !held {
		return fmt.Errorf("unlock %s: this session did not hold its lock", lock.what)
	}
	return nil
}
