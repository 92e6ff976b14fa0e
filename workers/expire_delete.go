package workers

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/internal/metrics"
	"github.com/lethehq/lethe/internal/pace"
	"github.com/lethehq/lethe/jobs"
)

// A policy without a blob column has nothing to do outside a transaction:
// its batch can lock its rows and delete them in one. The status claim of
// policies with blobs exists to cover the blob deletes, which happen
// between two transactions; without blobs it would only cost an extra
// write of every row (a non-HOT update, with an insert into the primary key
// and the in-progress index, a whole new tuple in the WAL) before the
// delete. So the planner queues lethe.expire_delete jobs instead of
// claiming, and each job locks and deletes one batch of due rows.

// planDeletes is the planner of a policy without a blob column: it skips
// as many due rows, in expiry order, as the queued lethe.expire_delete jobs
// already cover, splits the next ones (up to max_batches_per_run batches)
// into batches of batch_size, and queues one job per batch, each starting
// at its batch's first expiry. Jobs that start at their own place in the
// expiry index neither skip each other's locked rows nor walk over each
// other's deleted ones, which stay in the index until VACUUM and, while
// other batches' transactions are open, cannot even be marked dead there.
//
// The first max_workers batches are queued (committed) on their own, so the
// workers start on them while the planner plans the rest, which on a large
// backlog means reading the whole due range of the expiry index.
//
// One planner at a time per policy plans (a session advisory lock): a run
// that finds another one planning leaves the work to it, so overlapping
// runs neither queue the same rows twice nor hold a worker waiting. It
// returns the rows and batches queued.
func (w *expirePlanWorker) planDeletes(ctx context.Context, p *config.Expire, table *db.ExpireTable) (int, int, error) {
	client := river.ClientFromContext[pgx.Tx](ctx)
	conn, err := w.deps.Pool.Acquire(ctx)
	if err != nil {
		return 0, 0, fmt.Errorf("policy %s: queue batches: %w", p.Name, err)
	}
	defer conn.Release()
	lockKey := jobs.KindExpireDelete + ":" + p.Name
	var locked bool
	if err := conn.QueryRow(ctx, `SELECT pg_try_advisory_lock(hashtextextended($1, 0))`, lockKey).Scan(&locked); err != nil {
		return 0, 0, fmt.Errorf("policy %s: lock the policy's queue: %w", p.Name, err)
	}
	if !locked {
		w.deps.Logger.DebugContext(ctx, "Another planner is queueing the policy's batches", slog.String("policy", p.Name))
		return 0, 0, nil
	}
	defer func() {
		if _, err := conn.Exec(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock(hashtextextended($1, 0))`, lockKey); err != nil {
			conn.Conn().Close(context.WithoutCancel(ctx)) // closing the session releases the lock
		}
	}()

	rows, batches := 0, 0
	for _, n := range []int{min(w.deps.Config.River.MaxWorkers, p.MaxBatchesPerRun), p.MaxBatchesPerRun} {
		if n -= batches; n <= 0 {
			break
		}
		var planned []db.DueBatch
		// One snapshot for the queued jobs and the due rows: a batch
		// that commits in between leaves both at once.
		err := pgx.BeginTxFunc(ctx, conn, pgx.TxOptions{IsoLevel: pgx.RepeatableRead}, func(tx pgx.Tx) error {
			bounded, err := expireTimeouts(p).Tx(ctx, tx)
			if err != nil {
				return err
			}
			queued, err := db.QueuedExpireDeleteRows(ctx, tx, w.deps.Config.River.Schema, p.Name)
			if err != nil {
				return err
			}
			if planned, err = table.PlanDue(ctx, bounded, int(queued), p.BatchSize, n); err != nil || len(planned) == 0 {
				return err
			}
			params := make([]river.InsertManyParams, len(planned))
			for i, b := range planned {
				params[i] = river.InsertManyParams{Args: jobs.ExpireDelete{Policy: p.Name, Rows: b.Rows, From: b.From}}
			}
			if _, err := client.InsertManyTx(ctx, tx, params); err != nil {
				return fmt.Errorf("insert expire_delete jobs: %w", err)
			}
			return nil
		})
		if db.IsLockTimeout(err) {
			// The application holds the table: end the run, the next one
			// tries again.
			w.deps.lockTimedOut(ctx, p.Name, metrics.StepClaim, []string{p.Table}, p.LockTimeout.D(), err)
			break
		}
		if err != nil {
			return rows, batches, fmt.Errorf("policy %s: queue batches: %w", p.Name, err)
		}
		for _, b := range planned {
			rows, batches = rows+b.Rows, batches+1
		}
		if len(planned) < n {
			break // no more due rows
		}
	}
	return rows, batches, nil
}

// expireDeleteWorker deletes one batch of a policy without a blob column:
// lock up to rows due rows, delete them (or mark them DELETED), write the
// audit entry and complete the job, all in one transaction.
type expireDeleteWorker struct {
	river.WorkerDefaults[jobs.ExpireDelete]
	deps   *Deps
	tables *expireTables
}

// Timeout is the policy's batch_timeout, as for lethe.expire_batch.
func (w *expireDeleteWorker) Timeout(job *river.Job[jobs.ExpireDelete]) time.Duration {
	return w.deps.jobTimeout(job.Args.Kind(), job.Args.Policy)
}

// NextRetry caps River's backoff at the policy's schedule interval, as for
// lethe.expire_batch: while the job waits to retry, the planner counts its
// rows as queued and leaves them to it.
func (w *expireDeleteWorker) NextRetry(job *river.Job[jobs.ExpireDelete]) time.Time {
	return expireNextRetry(w.deps, job.Args.Policy, job.JobRow)
}

func (w *expireDeleteWorker) Work(ctx context.Context, job *river.Job[jobs.ExpireDelete]) error {
	if err := job.Args.Validate(); err != nil {
		return invalid(job.Kind, err)
	}
	p, err := policyOf[*config.Expire](w.deps, job.Args.Policy)
	if err != nil {
		return err
	}
	if p.BlobKeyColumn != "" {
		// The policy gained a blob column since the job was queued: its
		// rows must go through claims, blobs first.
		return river.JobCancel(fmt.Errorf("policy %s has a blob column; its rows are deleted by claimed batches", p.Name))
	}
	table, err := w.tables.get(ctx, p)
	if err != nil {
		return err
	}
	state, err := db.GetPolicyState(ctx, w.deps.Pool, p.Name)
	if err != nil {
		return err
	}
	if state.Paused {
		// Nothing was claimed: the next planner run after the pause
		// queues the rows again.
		w.deps.Logger.DebugContext(ctx, "Policy paused; expire_delete job skipped", slog.String("policy", p.Name))
		return nil
	}
	lim, batch, pause := pace.ExpireLimits(p)
	pc := w.deps.pacers().For(p.Name, p.Pace.On, lim, batch, pause)
	step, release, err := pc.StartBatch(ctx)
	if err != nil {
		return fmt.Errorf("policy %s: %w", p.Name, err)
	}
	defer release()
	// Paced, the job deletes its rows in the controller's chunks with the
	// controller's pauses between them, for up to half its timeout; what
	// is left then waits for the next planner run. The last chunk is
	// measured and paused after too: the policy's next job waits for the
	// pause, and a controller grown to the job's whole range still hears
	// how each job went.
	until := time.Now().Add(w.Timeout(job) / 2)
	for left := job.Args.Rows; ; {
		n := left
		if step.Paced {
			n = min(n, step.Batch)
		}
		rows, err := w.deleteChunk(ctx, p, table, job, n, n == left, !step.Paced)
		if err != nil {
			return err
		}
		left -= int(rows)
		done := left <= 0 || rows < int64(n) || time.Now().After(until)
		if !step.Paced {
			return nil // the chunk was the whole range
		}
		if step, err = pc.Rest(ctx); err != nil {
			return fmt.Errorf("policy %s: %w", p.Name, err)
		}
		if done {
			return nil
		}
	}
}

// deleteChunk locks and deletes (or marks) up to n of the job's rows, with
// the audit entry, in one transaction; last completes the job in it too.
// async commits without waiting for the WAL flush (while the foreground is
// busy, a chunk pays for its own flush rather than leave it to the next
// foreground commit).
func (w *expireDeleteWorker) deleteChunk(ctx context.Context, p *config.Expire, table *db.ExpireTable, job *river.Job[jobs.ExpireDelete], n int, last, async bool) (int64, error) {
	started := time.Now()
	var rows int64
	err := w.deps.txFunc(ctx, func(tx pgx.Tx) error {
		if async {
			if err := db.AsyncCommit(ctx, tx); err != nil {
				return err
			}
		}
		bounded, err := expireTimeouts(p).Tx(ctx, tx)
		if err != nil {
			return err
		}
		if rows, err = table.DeleteDue(ctx, bounded, n, job.Args.From, p.OnDelete == config.OnDeleteMark); err != nil {
			return err
		}
		outcome := db.OutcomeOK
		if rows == 0 {
			outcome = db.OutcomeSkipped // other batches took the rows first
		}
		jobID := job.ID
		if err := db.RecordAudit(ctx, tx, db.AuditEntry{
			Policy: p.Name, Action: db.ActionExpireBatch, JobID: &jobID,
			RowsDeleted: rows, StartedAt: started, Outcome: outcome,
			Detail: map[string]any{"rows_claimed": rows, "rows_asked": n, "claim": "none", "on_delete": p.OnDelete},
		}); err != nil {
			return err
		}
		if last || rows < int64(n) {
			if _, err := river.JobCompleteTx[*riverpgxv5.Driver](ctx, tx, job); err != nil {
				return fmt.Errorf("complete job: %w", err)
			}
		}
		return nil
	})
	if db.IsLockTimeout(err) {
		// The application holds the rows or the table: try again later.
		return 0, lockSnooze(ctx, w.deps.lockTimedOut(ctx, p.Name, metrics.StepFinish, []string{p.Table}, p.LockTimeout.D(), err))
	}
	if err != nil {
		return 0, fmt.Errorf("policy %s: delete batch: %w", p.Name, err)
	}
	// The rows were claimed (locked) and deleted by the same transaction:
	// both counters move together.
	w.deps.Metrics.RowsClaimed.WithLabelValues(p.Name).Add(float64(rows))
	w.deps.Metrics.RowsDeleted.WithLabelValues(p.Name).Add(float64(rows))
	w.deps.Metrics.BatchDuration.WithLabelValues(p.Name, string(db.ActionExpireBatch)).Observe(time.Since(started).Seconds())
	w.deps.Logger.DebugContext(ctx, "Expired batch",
		slog.String("policy", p.Name), slog.Int64("job_id", job.ID), slog.Int("rows_asked", n),
		slog.Int64("rows_deleted", rows), slog.Float64("duration_seconds", time.Since(started).Seconds()))
	return rows, nil
}
