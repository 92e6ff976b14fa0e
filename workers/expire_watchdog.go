package workers

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/internal/metrics"
	"github.com/lethehq/lethe/jobs"
)

// stuckClaimsPage is how many stuck claims the watchdog lists at a time.
const stuckClaimsPage = 100

// expireWatchdogWorker settles the claims whose batch job River no longer
// holds alive (finished, discarded, cancelled, cleaned away or never
// inserted), claim by claim, until run_budget:
//
//   - a claim whose batch began deleting blobs (db.ExpireTable.BeginBlobDeletes),
//     whatever its age, is finished: its batch job runs again, deletes the
//     blobs that are left (a missing key counts as deleted) and then the
//     rows. Its rows never go back to NOT_EXPIRED, since their blobs may be
//     gone;
//   - a claim made more than stuck_after ago whose blobs no batch touched
//     goes back to the planner (NOT_EXPIRED), which claims its rows again
//     under a new timestamp; the old job, should it ever run, finds nothing
//     that holds its claim.
//
// A claim whose job is alive is left to that job, however old: it will run
// again and finish its rows.
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
	return runPeriodic(ctx, w.deps, job.Args.Policy, job.Kind, func(ctx context.Context, p *config.Expire) error {
		return w.run(ctx, p, job.ID)
	})
}

// watchdogRun counts what one watchdog run did.
type watchdogRun struct {
	rows     int64 // rows reset
	reset    int   // claims reset
	requeued int   // claims whose blob deletes began, their batch job run again
	finish   int64 // rows of those claims, which the batch jobs delete
	alive    int   // stuck claims left alone: River holds their batch job alive
	locked   int   // stuck claims left alone: their batch holds the claim's lock
}

// run resets stuck claims, auditing the run when it found any.
func (w *expireWatchdogWorker) run(ctx context.Context, p *config.Expire, jobID int64) error {
	started := time.Now()
	r, err := w.reset(ctx, p)
	if r.rows > 0 {
		w.deps.Metrics.WatchdogResets.WithLabelValues(p.Name).Add(float64(r.rows))
		w.deps.Logger.InfoContext(ctx, "Watchdog reset stuck rows",
			slog.String("policy", p.Name), slog.Int64("rows_reset", r.rows), slog.Int("claims_reset", r.reset),
			slog.Float64("stuck_after_seconds", p.StuckAfter.D().Seconds()))
	}
	if r.requeued > 0 {
		w.deps.Logger.InfoContext(ctx, "Watchdog ran again the batches of claims whose blob deletes began",
			slog.String("policy", p.Name), slog.Int("claims_requeued", r.requeued), slog.Int64("rows_to_finish", r.finish))
	}
	if r.alive > 0 || r.locked > 0 {
		w.deps.Logger.InfoContext(ctx, "Watchdog left stuck claims to their batch jobs",
			slog.String("policy", p.Name), slog.Int("claims_alive", r.alive), slog.Int("claims_locked", r.locked),
			slog.Float64("stuck_after_seconds", p.StuckAfter.D().Seconds()))
	}
	if r.reset > 0 || r.alive > 0 || r.locked > 0 || r.requeued > 0 {
		w.deps.Metrics.BatchDuration.WithLabelValues(p.Name, string(db.ActionWatchdog)).Observe(time.Since(started).Seconds())
		outcome := db.OutcomeOK
		if err != nil {
			outcome = db.OutcomePartial
		}
		if auditErr := db.RecordAudit(context.WithoutCancel(ctx), w.deps.Pool, db.AuditEntry{
			Policy: p.Name, Action: db.ActionWatchdog, JobID: &jobID, StartedAt: started, Outcome: outcome,
			Detail: map[string]any{
				"rows_reset": r.rows, "claims_reset": r.reset, "claims_alive": r.alive, "claims_locked": r.locked,
				"claims_requeued": r.requeued, "rows_to_finish": r.finish,
				"stuck_after": p.StuckAfter.D().String(),
			},
		}); auditErr != nil {
			w.deps.Logger.WarnContext(ctx, "Failed to audit watchdog run", slog.String("policy", p.Name), slog.String("error", auditErr.Error()))
		}
	}
	return err
}

// reset first runs again the batch jobs of claims whose blob deletes began
// and whose job is not alive, then walks the stuck claims oldest first, each
// settled in a transaction of its own (db.ExpireTable.ResetClaim), until
// run_budget.
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
	overBudget := func() bool { return time.Since(start) >= p.RunBudget.D() }

	// settle runs one claim's check in its own transaction and, when the
	// claim's blob deletes began, runs its batch job again in the same
	// transaction, under the claim's lock.
	settle := func(at time.Time, check func(context.Context, db.Bounded, time.Time, db.BatchJobs) (db.ClaimReset, error)) (db.ClaimReset, int64, error) {
		var (
			res  db.ClaimReset
			rows int64
		)
		err := expireTimeouts(p).InTx(ctx, w.deps.Pool, func(tx db.Bounded) error {
			var err error
			if res, err = check(ctx, tx, at, batches); err != nil || !res.Begun {
				return err
			}
			if rows, err = table.ClaimRows(ctx, tx, at); err != nil {
				return err
			}
			return requeueBatch(ctx, tx.Tx(), p.Name, at, res.JobID, rows)
		})
		return res, rows, err
	}

	// Claims whose blob deletes began, whatever their age: finished as soon
	// as no batch has them in hand.
	begun, err := table.BegunClaims(ctx, w.deps.Pool, stuckClaimsPage)
	if err != nil {
		return r, err
	}
	requeued := db.ClaimSet{}
	for _, at := range begun {
		if overBudget() {
			return r, nil
		}
		if alive.Has(at) {
			continue // its job finishes it; a stuck one is counted below
		}
		if err := w.step(ctx, at); err != nil {
			return r, err
		}
		res, rows, err := settle(at, table.CheckBegunClaim)
		if db.IsLockTimeout(err) {
			w.deps.lockTimedOut(ctx, p.Name, metrics.StepReset, []string{p.Table}, p.LockTimeout.D(), err)
			return r, nil
		}
		if err != nil {
			return r, err
		}
		if res.Begun {
			r.requeued++
			r.finish += rows
			requeued[at.UnixMicro()] = struct{}{}
		}
	}

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
			if overBudget() {
				return r, nil
			}
			after = at
			if requeued.Has(at) {
				continue
			}
			if alive.Has(at) {
				r.alive++
				continue
			}
			if err := w.step(ctx, at); err != nil {
				return r, err
			}
			res, rows, err := settle(at, table.ResetClaim)
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
			case res.Begun:
				r.requeued++
				r.finish += rows
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

// step runs the test hook, if any, before the watchdog settles the claim
// made at at.
func (w *expireWatchdogWorker) step(ctx context.Context, at time.Time) error {
	if w.hook == nil {
		return nil
	}
	return w.hook(ctx, at)
}

// requeueBatch makes the batch job of policy's claim made at at run again,
// in tx, which holds the claim's lock: the job that began its blob deletes
// (jobID) when River still has it, else the job River holds for the claim,
// else a new one for its rows. River gives a job that used up its attempts
// one more.
func requeueBatch(ctx context.Context, tx pgx.Tx, policy string, at time.Time, jobID, rows int64) error {
	client, err := river.ClientFromContextSafely[pgx.Tx](ctx)
	if err != nil {
		return fmt.Errorf("run batch of claim %s again: %w", at.Format(time.RFC3339Nano), err)
	}
	if jobID != 0 {
		_, err := client.JobRetryTx(ctx, tx, jobID)
		if err == nil {
			return nil
		}
		if !errors.Is(err, river.ErrNotFound) {
			return fmt.Errorf("retry batch job %d of claim %s: %w", jobID, at.Format(time.RFC3339Nano), err)
		}
	}
	res, err := client.InsertTx(ctx, tx, jobs.ExpireBatch{Policy: policy, ClaimedAt: at, Rows: int(rows)}, expireBatchInsertOpts())
	if err != nil {
		return fmt.Errorf("insert batch job of claim %s: %w", at.Format(time.RFC3339Nano), err)
	}
	if res.UniqueSkippedAsDuplicate {
		if _, err := client.JobRetryTx(ctx, tx, res.Job.ID); err != nil {
			return fmt.Errorf("retry batch job %d of claim %s: %w", res.Job.ID, at.Format(time.RFC3339Nano), err)
		}
	}
	return nil
}
