package workers

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/jobs"
	"github.com/lethehq/lethe/tombstone"
)

// DeleteEntityWorker works lethe.delete_entity: in one transaction it
// removes every row of the entity, writes its tombstone, inserts the
// purge_blobs job for "{key}/" (transactional outbox: no dual write),
// records an audit entry and completes the River job.
type DeleteEntityWorker struct {
	river.WorkerDefaults[jobs.DeleteEntity]
	ent *entities
}

// Timeout bounds one deletion; a run's rows are deleted by primary key.
func (w *DeleteEntityWorker) Timeout(*river.Job[jobs.DeleteEntity]) time.Duration { return time.Minute }

// Work implements river.Worker.
func (w *DeleteEntityWorker) Work(ctx context.Context, job *river.Job[jobs.DeleteEntity]) error {
	if err := job.Args.Validate(); err != nil {
		return invalid(job.Kind, err)
	}
	client, err := river.ClientFromContextSafely[pgx.Tx](ctx)
	if err != nil {
		return fmt.Errorf("delete_entity needs the River client to enqueue the purge: %w", err)
	}
	var res deleteResult
	err = w.ent.deps.txFunc(ctx, func(tx pgx.Tx) error {
		var err error
		if res, err = w.ent.deleteTx(ctx, tx, client, job.Args, &job.ID); err != nil {
			return err
		}
		if _, err := river.JobCompleteTx[*riverpgxv5.Driver](ctx, tx, job); err != nil {
			return fmt.Errorf("complete delete_entity job: %w", err)
		}
		return nil
	})
	if err != nil {
		return err
	}
	w.ent.afterDelete(ctx, job.Args, res)
	return nil
}

// deleteResult is what one deletion did.
type deleteResult struct {
	Rows         map[string]int64
	NewTombstone bool
	PurgeJobID   int64
}

func (r deleteResult) total() int64 {
	var n int64
	for _, v := range r.Rows {
		n += v
	}
	return n
}

// deleteTx deletes the entity inside tx: exclusive lock, rows, tombstone,
// purge job, audit. Nothing of it is visible unless tx commits.
func (e *entities) deleteTx(ctx context.Context, tx pgx.Tx, client *river.Client[pgx.Tx], args jobs.DeleteEntity, jobID *int64) (deleteResult, error) {
	started := time.Now()
	var res deleteResult
	if err := db.LockExclusive(ctx, tx, args.Entity, args.Key); err != nil {
		return res, err
	}
	var err error
	if res.Rows, err = db.DeleteRun(ctx, tx, args.Key); err != nil {
		return res, err
	}
	if res.NewTombstone, err = tombstone.NewPostgres(tx).Put(ctx, args.Entity, args.Key); err != nil {
		return res, err
	}
	inserted, err := client.InsertTx(ctx, tx, jobs.PurgeBlobs{Entity: args.Entity, Key: args.Key}, nil)
	if err != nil {
		return res, fmt.Errorf("enqueue blob purge of %s %s: %w", args.Entity, args.Key, err)
	}
	res.PurgeJobID = inserted.Job.ID
	err = db.RecordAudit(ctx, tx, db.AuditEntry{
		Policy: e.policyFor(args.Entity), Action: db.ActionDeleteEntity, JobID: jobID,
		RowsDeleted: res.total(), StartedAt: started, Outcome: db.OutcomeOK,
		Detail: map[string]any{
			"entity": args.Entity, "key": args.Key, "rows": res.Rows,
			"new_tombstone": res.NewTombstone, "purge_job_id": res.PurgeJobID,
		},
	})
	return res, err
}

// afterDelete counts and logs a committed deletion.
func (e *entities) afterDelete(ctx context.Context, args jobs.DeleteEntity, res deleteResult) {
	e.cache.MarkDeleted(args.Entity, args.Key)
	policy := e.policyFor(args.Entity)
	if res.NewTombstone {
		e.deps.Metrics.EntitiesDeleted.WithLabelValues(args.Entity).Inc()
	}
	e.deps.Metrics.RowsDeleted.WithLabelValues(policy).Add(float64(res.total()))
	e.deps.Logger.InfoContext(ctx, "Deleted entity",
		slog.String("entity", args.Entity), slog.String("key", args.Key),
		slog.Int64("rows_deleted", res.total()), slog.Bool("new_tombstone", res.NewTombstone),
		slog.Int64("purge_job_id", res.PurgeJobID))
}
