package workers

import (
	"context"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/internal/metrics"
	"github.com/lethehq/lethe/jobs"
)

// stuckClaimsPage is how many stuck claims the watchdog lists at a time.
const stuckClaimsPage = 100

// expireWatchdogWorker gives back to the planner (NOT_EXPIRED) the rows of
// claims made more than stuck_after ago whose batch job River no longer
// holds alive (finished, discarded, cancelled, cleaned away or never
// inserted), claim by claim, until run_budget. A claim whose job is alive is
// left to that job, however old: it will run again and finish its rows. The
// planner claims the reset rows again under a new timestamp, and the old
// job, should it ever run, finds nothing that holds its claim.
type expireWatchdogWorker struct {
	river.WorkerDefaults[jobs.ExpireWatchdog]
	deps   *Deps
	tables *expireTables
	hook   func(ctx context.Context, claimedAt time.Time) error // tests only
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

// watchdogRun counts what one watchdog run did.
type watchdogRun struct {
	rows   int64 // rows reset
	reset  int   // claims reset
	alive  int   // stuck claims left alone: River holds their batch job alive
	locked int   // stuck claims left alone: their batch holds the claim's lock
}

// run resets stuck claims, auditing the run when it found any.
func (w *expireWatchdogWorker) run(ctx context.Context, p *config.Expire, jobID int64) error {
	started := time.Now()
	r, err := w.reset(ctx, p)
	if r.rows > 0 {
		w.deps.Metrics.WatchdogResets.WithLabelValues(p.Name).Add(float64(r.rows))
		w.deps.Logger.InfoContext(ctx, "Watchdog reset stuck rows",
			slog.String("policy", p.Name), slog.Int64("rows_reset", r.rows), slog.Int("claims_reset", r.reset),
			slog.Duration("stuck_after", p.StuckAfter.D()))
	}
	if r.alive > 0 || r.locked > 0 {
		w.deps.Logger.InfoContext(ctx, "Watchdog left stuck claims to their batch jobs",
			slog.String("policy", p.Name), slog.Int("claims_alive", r.alive), slog.Int("claims_locked", r.locked),
			slog.Duration("stuck_after", p.StuckAfter.D()))
	}
	if r.reset > 0 || r.alive > 0 || r.locked > 0 {
		w.deps.Metrics.BatchDuration.WithLabelValues(p.Name, string(db.ActionWatchdog)).Observe(time.Since(started).Seconds())
		outcome := db.OutcomeOK
		if err != nil {
			outcome = db.OutcomePartial
		}
		if auditErr := db.RecordAudit(context.WithoutCancel(ctx), w.deps.Pool, db.AuditEntry{
			Policy: p.Name, Action: db.ActionWatchdog, JobID: &jobID, StartedAt: started, Outcome: outcome,
			Detail: map[string]any{
				"rows_reset": r.rows, "claims_reset": r.reset, "claims_alive": r.alive, "claims_locked": r.locked,
				"stuck_after": p.StuckAfter.D().String(),
			},
		}); auditErr != nil {
			w.deps.Logger.WarnContext(ctx, "Failed to audit watchdog run", slog.String("policy", p.Name), slog.String("error", auditErr.Error()))
		}
	}
	return err
}

// reset walks the stuck claims oldest first, each reset in a transaction of
// its own (db.ExpireTable.ResetClaim), until run_budget.
func (w *expireWatchdogWorker) reset(ctx context.Context, p *config.Expire) (watchdogRun, error) {
	var r watchdogRun
	table, err := w.tables.get(ctx, p)
	if err != nil {
		return r, err
	}
	batches := db.BatchJobs{Schema: w.deps.Config.River.Schema, Kind: jobs.KindExpireBatch}
	// Listed once, so claims of jobs that keep retrying cost no
	// transaction; ResetClaim checks again under the claim's lock.
	alive, err := table.AliveClaims(ctx, w.deps.Pool, batches)
	if err != nil {
		return r, err
	}
	start := time.Now()
	var after time.Time
	for {
		var claims []time.Time
		err := expireTimeouts(p).InTx(ctx, w.deps.Pool, func(tx db.Bounded) error {
			var err error
			claims, err = table.StuckClaims(ctx, tx, p.StuckAfter.D(), after, stuckClaimsPage)
			return err
		})
		if db.IsLockTimeout(err) {
			w.deps.lockTimedOut(ctx, p.Name, metrics.StepReset, []string{p.Table}, p.LockTimeout.D(), err)
			return r, nil // the next run tries again
		}
		if err != nil {
			return r, err
		}
		for _, at := range claims {
			if time.Since(start) >= p.RunBudget.D() {
				return r, nil
			}
			after = at
			if alive.Has(at) {
				r.alive++
				continue
			}
			if w.hook != nil {
				if err := w.hook(ctx, at); err != nil {
					return r, err
				}
			}
			var res db.ClaimReset
			err := expireTimeouts(p).InTx(ctx, w.deps.Pool, func(tx db.Bounded) error {
				var err error
				res, err = table.ResetClaim(ctx, tx, at, batches)
				return err
			})
			if db.IsLockTimeout(err) {
				w.deps.lockTimedOut(ctx, p.Name, metrics.StepReset, []string{p.Table}, p.LockTimeout.D(), err)
				return r, nil
			}
			if err != nil {
				return r, err
			}
			switch {
			case res.Locked:
				r.locked++
			case res.Alive:
				r.alive++
			default:
				r.rows += res.Rows
				r.reset++
			}
		}
		if len(claims) < stuckClaimsPage {
			return r, nil
		}
	}
}
