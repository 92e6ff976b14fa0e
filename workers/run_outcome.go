package workers

import (
	"context"
	"sync"

	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/internal/pace"
)

// runNote gathers, while one periodic run works, what it did and what held
// it back, for the outcome recorded with the run (db.RecordRun). The run
// finds it in its context; work outside a periodic run (the CLI, batch
// jobs) has none and notes nothing.
type runNote struct {
	mu     sync.Mutex
	rows   int64
	lock   string // the holder of the lock the run gave way to
	lagged bool
	paced  bool
	// unreachable says why the run's pacing could not keep its target,
	// when it could not.
	unreachable string
}

type runNoteKey struct{}

// withRunNote returns ctx carrying a new note.
func withRunNote(ctx context.Context) (context.Context, *runNote) {
	n := &runNote{}
	return context.WithValue(ctx, runNoteKey{}, n), n
}

func noteOf(ctx context.Context) *runNote {
	n, _ := ctx.Value(runNoteKey{}).(*runNote)
	return n
}

// noteRows adds rows the run deleted (or claimed for deletion).
func noteRows(ctx context.Context, rows int64) {
	if n := noteOf(ctx); n != nil {
		n.mu.Lock()
		n.rows += rows
		n.mu.Unlock()
	}
}

// noteLock notes that the run gave way to a lock held by blocker.
func noteLock(ctx context.Context, blocker string) {
	if n := noteOf(ctx); n != nil {
		n.mu.Lock()
		n.lock = blocker
		n.mu.Unlock()
	}
}

// notePacer notes whether pc, the pacer of the run's loop, paced it (and
// whether its target was out of reach) or waited for a lagging standby.
// Call it when the loop is done.
func notePacer(ctx context.Context, pc *pace.Pacer) {
	if n := noteOf(ctx); n != nil {
		paced, lagged := pc.Held()
		n.mu.Lock()
		n.paced = n.paced || paced
		n.lagged = n.lagged || lagged
		if r := pc.Unreachable(); paced && r != "" {
			n.unreachable = r
		}
		n.mu.Unlock()
	}
}

// outcome is the run's outcome, for a run of job kind kind that ended
// with runErr: an error first, then what held it back (a lock, a
// standby's lag, pacing), then deleted or nothing due.
func (n *runNote) outcome(kind string, runErr error) db.PolicyRun {
	n.mu.Lock()
	defer n.mu.Unlock()
	run := db.PolicyRun{Kind: kind, Rows: n.rows}
	switch {
	case runErr != nil:
		run.Outcome, run.Reason = db.RunError, runErr.Error()
	case n.lock != "":
		run.Outcome, run.Reason = db.RunLock, "gave way to "+n.lock
	case n.lagged:
		run.Outcome, run.Reason = db.RunReplicaLag, "waited for a standby lagging beyond database.max_replica_lag"
	case n.paced && n.unreachable != "":
		run.Outcome, run.Reason = db.RunPaced, n.unreachable
	case n.paced:
		run.Outcome, run.Reason = db.RunPaced, "slowed down to give way to the foreground's load"
	case n.rows > 0:
		run.Outcome = db.RunDeleted
	default:
		run.Outcome = db.RunNothingDue
	}
	return run
}
