package testenv

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// LockWait is the longest a session was seen waiting for a lock.
type LockWait struct {
	PID         int32
	Application string
	Query       string
	Waited      time.Duration
}

func (w LockWait) String() string {
	return fmt.Sprintf("pid %d (app %q) waited %s for a lock: %s", w.PID, w.Application, w.Waited.Round(time.Millisecond), w.Query)
}

// LockWaits samples pg_locks every interval, from WatchLockWaits until
// Stop, for the sessions of pool's database whose application_name is one
// of apps and that wait for a lock (pg_locks.waitstart), keeping each
// session's and statement's longest wait.
type LockWaits struct {
	stop    context.CancelFunc
	done    chan struct{}
	mu      sync.Mutex
	longest map[string]LockWait
	err     error
}

// WatchLockWaits starts sampling; the test's end stops it.
func WatchLockWaits(t testing.TB, pool *pgxpool.Pool, interval time.Duration, apps ...string) *LockWaits {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	w := &LockWaits{stop: cancel, done: make(chan struct{}), longest: map[string]LockWait{}}
	go w.run(ctx, pool, interval, apps)
	t.Cleanup(func() { w.Stop() })
	return w
}

func (w *LockWaits) run(ctx context.Context, pool *pgxpool.Pool, interval time.Duration, apps []string) {
	defer close(w.done)
	tick := time.NewTicker(interval)
	defer tick.Stop()
	for {
		if err := w.sample(ctx, pool, apps); err != nil && ctx.Err() == nil {
			w.mu.Lock()
			w.err = err
			w.mu.Unlock()
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

func (w *LockWaits) sample(ctx context.Context, pool *pgxpool.Pool, apps []string) error {
	rows, err := pool.Query(ctx, `
		SELECT a.pid, a.application_name, coalesce(a.query, ''),
		       max(extract(epoch FROM clock_timestamp() - l.waitstart))::float8
		FROM pg_locks l
		JOIN pg_stat_activity a ON a.pid = l.pid
		WHERE NOT l.granted AND l.waitstart IS NOT NULL
		  AND a.datname = current_database() AND a.application_name = ANY ($1)
		GROUP BY 1, 2, 3`, apps)
	if err != nil {
		return fmt.Errorf("sample lock waits: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var (
			lw   LockWait
			secs float64
		)
		if err := rows.Scan(&lw.PID, &lw.Application, &lw.Query, &secs); err != nil {
			return fmt.Errorf("sample lock waits: %w", err)
		}
		lw.Waited = time.Duration(secs * float64(time.Second))
		key := fmt.Sprint(lw.PID, "\x00", lw.Query)
		w.mu.Lock()
		if lw.Waited > w.longest[key].Waited {
			w.longest[key] = lw
		}
		w.mu.Unlock()
	}
	return rows.Err()
}

// Stop ends the sampling and returns each session's and statement's
// longest wait seen, or the error that stopped a sample.
func (w *LockWaits) Stop() ([]LockWait, error) {
	w.stop()
	<-w.done
	w.mu.Lock()
	defer w.mu.Unlock()
	out := make([]LockWait, 0, len(w.longest))
	for _, lw := range w.longest {
		out = append(out, lw)
	}
	return out, w.err
}
