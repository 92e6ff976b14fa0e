package workers

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/internal/metrics"
)

// A lock timeout (db.IsLockTimeout) is "try later", never a failure: an
// application holds a lock on the table, and Lethe steps aside rather than
// queue behind it (and have the application's next statements queue behind
// Lethe). Periodic runs (planner, sweep) end early without error and the
// next run goes on; other jobs snooze (lockSnooze), which River neither
// counts as an attempt nor records as an error.

// lockRetryAfter is how long a job that gave up on a lock snoozes, plus up
// to lockRetryJitter so the jobs behind one lock do not come back together.
const (
	lockRetryAfter  = 5 * time.Second
	lockRetryJitter = time.Second
)

// lockTimedOut counts a lock timeout of policy's step on tables and logs it
// once at WARN with its blocker (db.Blocker), which it
// returns described.
func (d *Deps) lockTimedOut(ctx context.Context, policy, step string, tables []string, lockTimeout time.Duration, err error) string {
	blocker := db.ReportLockTimeout(ctx, d.Pool, d.Logger, d.Metrics.LockTimeouts, db.LockTimeout{
		Policy: policy, Step: step, Tables: tables, LockTimeout: lockTimeout, Err: err,
		DDL: step == metrics.StepPartition, // a partition's detach, drop or create
	})
	d.Metrics.LockWaited.WithLabelValues(policy).Add(lockTimeout.Seconds())
	noteLock(ctx, blocker)
	return blocker
}

// lockSnooze ends a job attempt that gave up on a lock: it records what the
// job waits on in the job's output (metadata "output", which `lethe delete
// --wait` shows) and snoozes the job.
func lockSnooze(ctx context.Context, blocker string) error {
	_ = river.RecordOutput(ctx, LockWait{WaitingOn: blocker, Since: time.Now().UTC()})
	return river.JobSnooze(lockRetryAfter + rand.N(lockRetryJitter))
}

// LockWait is the output a job records when it snoozes behind a lock.
type LockWait struct {
	WaitingOn string    `json:"waiting_on"` // e.g. row lock on runs held by pid 1234 (app "billing", idle in transaction for 42s)
	Since     time.Time `json:"since"`
}

// LockWaitMiddleware ends a job's recorded LockWait once the wait is over:
// an attempt that starts after a snooze clears the job's output, so a job
// that goes on to complete or fail no longer says what it waited on (an
// attempt that gives up on a lock again records its new wait). Every River
// client that works Lethe's jobs installs it (river.Config.Middleware).
type LockWaitMiddleware struct{ river.MiddlewareDefaults }

// Work implements rivertype.WorkerMiddleware.
func (*LockWaitMiddleware) Work(ctx context.Context, job *rivertype.JobRow, doInner func(context.Context) error) error {
	if waitingOn(job) != "" {
		_ = river.RecordOutput(ctx, nil)
	}
	return doInner(ctx)
}

// waitingOn is what job's recorded output says it waits on, or "".
func waitingOn(job *rivertype.JobRow) string {
	var wait LockWait
	if out := job.Output(); len(out) > 0 && json.Unmarshal(out, &wait) == nil {
		return wait.WaitingOn
	}
	return ""
}

// expireTimeouts are the timeouts of expire policy p's statements.
func expireTimeouts(p *config.Expire) db.Timeouts {
	return db.Timeouts{Lock: p.LockTimeout.D(), Statement: p.StatementTimeout.D()}
}

// SweepTimeouts are the timeouts of sweep policy p's statements.
func SweepTimeouts(p *config.Sweep) db.Timeouts {
	return db.Timeouts{Lock: p.LockTimeout.D(), Statement: p.StatementTimeout.D()}
}

// ExpireTimeouts are the timeouts of expire policy p's statements.
func ExpireTimeouts(p *config.Expire) db.Timeouts { return expireTimeouts(p) }
