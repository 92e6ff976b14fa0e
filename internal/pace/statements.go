package pace

import (
	"context"
	"slices"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/db"
)

// statements is what a sampler took of the foreground's own statements:
// how long the server took for each, sorted by whether a batch of the
// policy ran while they ended.
type statements struct {
	read   func(ctx context.Context, pool *pgxpool.Pool) ([]time.Duration, error)
	during []time.Duration // the last statementsWindow while batches ran
	quiet  []time.Duration // the last statementsWindow between batches
	// begun and ended tell whether a batch ran at any moment since the
	// last read: the sampler's begun then, and whether a batch ended
	// since.
	begun int64
	ended bool
}

// statementsWindow is how many of the foreground's statements each of
// during and quiet keeps: enough for a 99th percentile of a few
// statements, few enough that it follows the controller's last steps.
const statementsWindow = 500

// keep appends took to window, dropping the oldest beyond
// statementsWindow.
func keep(window, took []time.Duration) []time.Duration {
	window = append(window, took...)
	if over := len(window) - statementsWindow; over > 0 {
		window = slices.Delete(window, 0, over)
	}
	return window
}

// p99 returns the 99th percentile (nearest rank) of ds, 0 when empty.
func p99(ds []time.Duration) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	sorted := slices.Sorted(slices.Values(ds))
	return sorted[(len(sorted)*99+99)/100-1]
}

// statementClock times the foreground's statements from successive
// readings of its sessions (db.ReadSessions), each statement once:
//
//   - a session between statements shows how long its last one took
//     (query_start to state_change), counted when it ended after the
//     previous reading or was running at it;
//   - a statement seen running at a reading and gone at the next (the
//     session went straight on to another, as a busy session does) ran
//     at least until that reading: it counts for that long, a lower bound,
//     so a client's pause between statements never reads as a slow one.
//
// Statements that begin and end between two readings of a session that
// is busy again at the second are not seen; the readings sample the
// foreground, they do not count it.
type statementClock struct {
	mu   sync.Mutex
	last time.Time // the previous reading; zero before the first
	seen map[int32]seenStatement
}

// seenStatement is what the last reading showed of a session's statement.
type seenStatement struct {
	start     time.Time
	runningAt time.Time // the reading it was last seen running at; zero when seen ended
}

// statementsStale is the gap between readings after which a reading
// starts afresh: what ended in the gap is not known to have ended
// while the sampler's state held.
const statementsStale = time.Second

func newStatementClock() *statementClock {
	return &statementClock{seen: map[int32]seenStatement{}}
}

// read reads the sessions and returns the statements timed since the
// previous reading.
func (c *statementClock) read(ctx context.Context, pool *pgxpool.Pool) ([]time.Duration, error) {
	at, sessions, err := db.ReadSessions(ctx, pool)
	if err != nil {
		return nil, err
	}
	return c.observe(at, sessions), nil
}

// observe takes a reading at the server's time at and returns the
// statements it timed.
func (c *statementClock) observe(at time.Time, sessions []db.Session) []time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	fresh := c.last.IsZero() || at.Sub(c.last) > statementsStale
	var took []time.Duration
	next := make(map[int32]seenStatement, len(sessions))
	for _, s := range sessions {
		prev, ok := c.seen[s.PID]
		if !fresh && ok && !prev.runningAt.IsZero() && !prev.start.Equal(s.QueryStart) {
			took = append(took, prev.runningAt.Sub(prev.start)) // ended unseen
		}
		if s.Active {
			next[s.PID] = seenStatement{start: s.QueryStart, runningAt: at}
			continue
		}
		next[s.PID] = seenStatement{start: s.QueryStart}
		counted := ok && prev.start.Equal(s.QueryStart) && prev.runningAt.IsZero()
		if !fresh && !counted && (s.StateChange.After(c.last) || ok && prev.start.Equal(s.QueryStart)) {
			took = append(took, max(s.StateChange.Sub(s.QueryStart), 0))
		}
	}
	c.last, c.seen = at, next
	return took
}
