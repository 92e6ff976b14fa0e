package workers

import (
	"context"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/jobs"
)

// expireWatchdogWorker returns rows stuck in DELETION_IN_PROGRESS for longer
// than stuck_after to NOT_EXPIRED, batch_size rows per statement, until a
// short batch or run_budget. Their batch job died (or keeps failing): the
// planner claims them again under a new timestamp, and the old job, should
// it ever run, finds nothing that holds its claim.
type expireWatchdogWorker struct {
	river.WorkerDefaults[jobs.ExpireWatchdog]
	deps   *Deps
	tables *expireTables
}

func (w *expireWatchdogWorker) Timeout(job *river.Job[jobs.ExpireWatchdog]) time.Duration {
	return expireRunTimeout(w.deps, job.Args.Policy)
}

func (w *expireWatchdogWorker) Work(ctx context.Context, job *river.Job[jobs.ExpireWatchdog]) error {
	if err := job.Args.Validate(); err != nil {
		return invalid(job.Kind, err)
	}
	return runPeriodic(ctx, w.deps, job.Args.Policy, job.Kind, func(p *config.Expire) error {
		return w.run(ctx, p, job.ID)
	})
}

// run resets stuck rows, auditing the run when it reset any.
func (w *expireWatchdogWorker) run(ctx context.Context, p *config.Expire, jobID int64) error {
	started := time.Now()
	reset, err := w.reset(ctx, p)
	if reset > 0 {
		w.deps.Metrics.WatchdogResets.WithLabelValues(p.Name).Add(float64(reset))
		w.deps.Metrics.BatchDuration.WithLabelValues(p.Name, string(db.ActionWatchdog)).Observe(time.Since(started).Seconds())
		w.deps.Logger.InfoContext(ctx, "Watchdog reset stuck rows",
			slog.String("policy", p.Name), slog.Int64("rows_reset", reset), slog.Duration("stuck_after", p.StuckAfter.D()))
		outcome := db.OutcomeOK
		if err != nil {
			outcome = db.OutcomePartial
		}
		if auditErr := db.RecordAudit(context.WithoutCancel(ctx), w.deps.Pool, db.AuditEntry{
			Policy: p.Name, Action: db.ActionWatchdog, JobID: &jobID, StartedAt: started, Outcome: outcome,
			Detail: map[string]any{"rows_reset": reset, "stuck_after": p.StuckAfter.D().String()},
		}); auditErr != nil {
			w.deps.Logger.WarnContext(ctx, "Failed to audit watchdog run", slog.String("policy", p.Name), slog.String("error", auditErr.Error()))
		}
	}
	return err
}

// reset runs the bounded resets and returns how many rows it reset.
func (w *expireWatchdogWorker) reset(ctx context.Context, p *config.Expire) (int64, error) {
	table, err := w.tables.get(ctx, p)
	if err != nil {
		return 0, err
	}
	start := time.Now()
	var total int64
	for time.Since(start) < p.RunBudget.D() {
		n, err := table.ResetStuck(ctx, w.deps.Pool, p.StuckAfter.D(), p.BatchSize)
		total += n
		if err != nil {
			return total, err
		}
		if n < int64(p.BatchSize) {
			break
		}
	}
	return total, nil
}
