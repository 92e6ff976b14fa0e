package workers

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/internal/metrics"
	"github.com/lethehq/lethe/internal/pace"
	"github.com/lethehq/lethe/jobs"
)

// errSameClaimTime rolls back a claim whose timestamp another batch of the
// policy already has: the timestamp names the batch, so it must be unique.
var errSameClaimTime = errors.New("a batch with this claim timestamp exists")

// expireBatchInsertOpts makes a batch job unique by policy and claim
// timestamp (the fields tagged river:"unique") over every job state, done
// ones included, for as long as River keeps the job.
func expireBatchInsertOpts() *river.InsertOpts {
	return &river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true, ByState: rivertype.JobStates()}}
}

// expirePlanWorker is the planner of an expire policy. Each run claims
// expired rows batch by batch — each batch in one transaction that marks the
// rows DELETION_IN_PROGRESS and inserts the batch's job, so a claim never
// exists without the job that finishes it — until a short batch,
// max_batches_per_run batches or run_budget, whichever comes first.
type expirePlanWorker struct {
	river.WorkerDefaults[jobs.ExpirePlan]
	deps   *Deps
	tables *expireTables
}

func (w *expirePlanWorker) Timeout(job *river.Job[jobs.ExpirePlan]) time.Duration {
	return expireRunTimeout(w.deps, job.Args.Policy)
}

func (w *expirePlanWorker) Work(ctx context.Context, job *river.Job[jobs.ExpirePlan]) error {
	if err := job.Args.Validate(); err != nil {
		return invalid(job.Kind, err)
	}
	return runPeriodic(ctx, w.deps, job.Args.Policy, job.Kind, func(ctx context.Context, p *config.Expire) error {
		claimed, batches, err := w.plan(ctx, p)
		noteRows(ctx, int64(claimed))
		if claimed > 0 || err != nil {
			w.deps.Logger.InfoContext(ctx, "Claimed expired rows",
				slog.String("policy", p.Name), slog.Int("rows_claimed", claimed), slog.Int("batches", batches))
		}
		return err
	})
}

// plan claims batches, each from where the previous one stopped (a
// db.ClaimCursor), and returns how many rows and batches it claimed.
func (w *expirePlanWorker) plan(ctx context.Context, p *config.Expire) (int, int, error) {
	table, err := w.tables.get(ctx, p)
	if err != nil {
		return 0, 0, err
	}
	if p.BlobKeyColumn == "" {
		return w.planDeletes(ctx, p, table) // no blobs, no claims: expire_delete.go
	}
	client := river.ClientFromContext[pgx.Tx](ctx)
	start := time.Now()
	claimed, batches := 0, 0
	var cursor db.ClaimCursor
	lim, startBatch, startPause := pace.ExpireLimits(p)
	pacer := w.deps.pacers().For(p.Name, p.Pace.On, lim, startBatch, startPause)
	defer pacer.Close()
	defer notePacer(ctx, pacer)
	step, err := pacer.Start(ctx)
	if err != nil {
		return 0, 0, fmt.Errorf("policy %s: %w", p.Name, err)
	}
	for batches < p.MaxBatchesPerRun && time.Since(start) < p.RunBudget.D() {
		n, batchStart, next := 0, time.Now(), cursor
		size := p.BatchSize
		if step.Paced {
			size = min(size, step.Batch)
		}
		err := w.deps.txFunc(ctx, func(tx pgx.Tx) error {
			if err := db.AsyncCommit(ctx, tx); err != nil {
				return err
			}
			bounded, err := expireTimeouts(p).Tx(ctx, tx)
			if err != nil {
				return err
			}
			c, err := table.Claim(ctx, bounded, size, cursor)
			if n = c.Rows; err != nil || n == 0 {
				return err
			}
			res, err := client.InsertTx(ctx, tx, jobs.ExpireBatch{Policy: p.Name, ClaimedAt: c.At, Rows: n}, expireBatchInsertOpts())
			if err != nil {
				return fmt.Errorf("insert expire batch job: %w", err)
			}
			if res.UniqueSkippedAsDuplicate {
				// Another planner's transaction started in the same
				// microsecond. Roll back; the next claim has a later
				// timestamp.
				return errSameClaimTime
			}
			next = c.Cursor
			return nil
		})
		if errors.Is(err, errSameClaimTime) {
			continue
		}
		if db.IsLockTimeout(err) {
			// The application holds the table: end the run, the next one
			// tries again.
			w.deps.lockTimedOut(ctx, p.Name, metrics.StepClaim, []string{p.Table}, p.LockTimeout.D(), err)
			break
		}
		if err != nil {
			return claimed, batches, fmt.Errorf("policy %s: claim batch: %w", p.Name, err)
		}
		cursor = next
		if n == 0 {
			break
		}
		w.deps.Logger.DebugContext(ctx, "Claimed batch",
			slog.String("policy", p.Name), slog.Int("rows_claimed", n), slog.Float64("duration_seconds", time.Since(batchStart).Seconds()))
		claimed += n
		batches++
		w.deps.Metrics.RowsClaimed.WithLabelValues(p.Name).Add(float64(n))
		if n < size {
			break
		}
		if step, err = pacer.Rest(ctx); err != nil {
			return claimed, batches, fmt.Errorf("policy %s: pause after claim: %w", p.Name, err)
		}
	}
	return claimed, batches, nil
}
