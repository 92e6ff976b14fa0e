package db

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// SessionLock is an advisory lock a Session holds for its connection's
// session: Lock takes it, Unlock gives it back on the same connection.
type SessionLock struct {
	Lock   func(ctx context.Context, conn Executor) error
	Unlock func(ctx context.Context, conn Executor) error
}

// EntityLock is the exclusive lock of (entity, key) (LockSession), for a
// deletion's chunks or a restore.
func EntityLock(entity, key string) *SessionLock {
	return &SessionLock{
		Lock:   func(ctx context.Context, conn Executor) error { return LockSession(ctx, conn, entity, key) },
		Unlock: func(ctx context.Context, conn Executor) error { return UnlockSession(ctx, conn, entity, key) },
	}
}

// EntityLockShared is the shared lock of (entity, key)
// (LockSessionShared), for a blob purge or a write that calls the blob
// store.
func EntityLockShared(entity, key string) *SessionLock {
	return &SessionLock{
		Lock:   func(ctx context.Context, conn Executor) error { return LockSessionShared(ctx, conn, entity, key) },
		Unlock: func(ctx context.Context, conn Executor) error { return UnlockSessionShared(ctx, conn, entity, key) },
	}
}

// sessionCleanupWithin bounds the unlock and the reset after a Session's
// work, which run even once its context is done.
const sessionCleanupWithin = 5 * time.Second

// Session runs fn on a connection of pool's own with no transaction open:
// for work that spans transactions or calls the blob store. t is set on
// the session (SetSession) and lock, unless nil, is held for the whole of
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
	if err := t.SetSession(ctx, conn); err != nil {
		cleanup(ResetSession)
		return err
	}
	defer cleanup(ResetSession)
	if lock != nil {
		if err := lock.Lock(ctx, conn); err != nil {
			return err
		}
		defer cleanup(lock.Unlock)
	}
	return fn(conn)
}
