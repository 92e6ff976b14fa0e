package workers

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/entity"
	"github.com/lethehq/lethe/internal/metrics"
	"github.com/lethehq/lethe/jobs"
	"github.com/lethehq/lethe/tombstone"
)

// DeleteEntityWorker works lethe.delete_entity for any declared entity. A
// large entity first loses the bulk of its rows in chunks (see
// db.EntityGraph.DeleteChunks); then one transaction removes whatever is
// left, root row included, writes the tombstone, inserts the purge_blobs job
// for its blob prefix (transactional outbox: no dual write), records an
// audit entry and completes the River job. Nothing of the entity is left
// once its tombstone is visible.
type DeleteEntityWorker struct {
	river.WorkerDefaults[jobs.DeleteEntity]
	ent *entities
}

// Timeout is river.job_timeout (config.JobTimeout).
func (w *DeleteEntityWorker) Timeout(job *river.Job[jobs.DeleteEntity]) time.Duration {
	return w.ent.deps.jobTimeout(job.Args.Kind(), "")
}

// Work implements river.Worker.
func (w *DeleteEntityWorker) Work(ctx context.Context, job *river.Job[jobs.DeleteEntity]) error {
	if err := job.Args.Validate(); err != nil {
		return invalid(job.Kind, err)
	}
	args, err := w.ent.checkArgs(ctx, job.Kind, job.Args.Entity, job.Args.Key)
	if err != nil {
		return err
	}
	client, err := river.ClientFromContextSafely[pgx.Tx](ctx)
	if err != nil {
		return fmt.Errorf("delete_entity needs the River client to enqueue the purge: %w", err)
	}
	ent, err := w.ent.resolver.Get(ctx, args.Entity)
	if err != nil {
		return err
	}
	// A lagging standby holds the deletion back before it writes anything.
	if err := w.ent.deps.pacers().WaitReplica(ctx); err != nil {
		return err
	}
	started := time.Now() // the audit's duration covers the chunks too
	chunked, err := w.ent.deleteChunks(ctx, ent, args.Key)
	if db.IsLockTimeout(err) {
		return w.ent.lockSnooze(ctx, ent, err)
	}
	if err != nil {
		return err
	}
	var res deleteResult
	err = w.ent.deps.txFunc(ctx, func(tx pgx.Tx) error {
		var err error
		if res, err = w.ent.deleteTx(ctx, tx, client, jobs.DeleteEntity{Entity: args.Entity, Key: args.Key}, &job.ID, started, chunked); err != nil {
			return err
		}
		if _, err := river.JobCompleteTx[*riverpgxv5.Driver](ctx, tx, job); err != nil {
			return fmt.Errorf("complete delete_entity job: %w", err)
		}
		return nil
	})
	if db.IsLockTimeout(err) {
		return w.ent.lockSnooze(ctx, ent, err)
	}
	if err != nil {
		return err
	}
	w.ent.afterDelete(ctx, ent, args.Key, res)
	return nil
}

// deleteChunks runs the chunks of a large deletion (see
// entity.EntityGraph.DeleteChunks) on a connection of its own that holds the
// entity's exclusive lock for the whole of them, so no writer adds a row
// under a parent between the chunk that empties its children and the one
// that deletes the parent. Writers of the entity wait meanwhile; they would
// be refused once its tombstone commits anyway. The lock is released before
// the final transaction takes it again.
func (e *entities) deleteChunks(ctx context.Context, ent *entity.Entity, key string) (map[string]int64, error) {
	// Most entities are small: they are deleted in the final transaction
	// alone, without a connection and a lock of their own.
	if large, err := ent.Large(ctx, e.deps.Pool, key, ent.ChunkSize()); err != nil || !large {
		return nil, err
	}
	var rows map[string]int64
	err := EntityTimeouts(e.deps.Config, ent.Name).Session(ctx, e.deps.Pool, db.EntityLock(ent.Name, key), func(conn *pgxpool.Conn) error {
		var err error
		rows, err = ent.DeleteChunks(ctx, conn, key, ent.ChunkSize())
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("chunks of %s %s: %w", ent.Name, key, err)
	}
	return rows, nil
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
// purge job, audit. Nothing of it is visible unless tx commits. args.Key is
// canonical (checkArgs); started is when the deletion began, chunks
// included; chunked counts the rows deleted ahead of tx.
func (e *entities) deleteTx(ctx context.Context, tx pgx.Tx, client *river.Client[pgx.Tx], args jobs.DeleteEntity, jobID *int64, started time.Time, chunked map[string]int64) (deleteResult, error) {
	var res deleteResult
	ent, err := e.resolver.Get(ctx, args.Entity)
	if err != nil {
		return res, err
	}
	if err := EntityTimeouts(e.deps.Config, args.Entity).SetLocal(ctx, tx); err != nil {
		return res, err
	}
	if err := db.LockExclusive(ctx, tx, args.Entity, args.Key); err != nil {
		return res, err
	}
	if res.Rows, err = ent.DeleteRows(ctx, tx, args.Key); err != nil {
		return res, err
	}
	for table, n := range chunked {
		res.Rows[table] += n
	}
	if res.NewTombstone, err = tombstone.NewPostgres(tx).Put(ctx, args.Entity, args.Key); err != nil {
		return res, err
	}
	inserted, err := client.InsertTx(ctx, tx, jobs.PurgeBlobs{Entity: args.Entity, Key: args.Key}, nil)
	if err != nil {
		return res, fmt.Errorf("enqueue blob purge of %s %s: %w", args.Entity, args.Key, err)
	}
	res.PurgeJobID = inserted.Job.ID
	detail := map[string]any{
		"entity": args.Entity, "key": args.Key, "rows": res.Rows,
		"new_tombstone": res.NewTombstone, "purge_job_id": res.PurgeJobID,
	}
	if len(chunked) > 0 {
		detail["rows_in_chunks"] = chunked
	}
	err = db.RecordAudit(ctx, tx, db.AuditEntry{
		Policy: ent.PolicyName(), Action: db.ActionDeleteEntity, JobID: jobID,
		RowsDeleted: res.total(), StartedAt: started, Outcome: db.OutcomeOK, Detail: detail,
	})
	return res, err
}

// afterDelete counts and logs a committed deletion.
func (e *entities) afterDelete(ctx context.Context, ent *entity.Entity, key string, res deleteResult) {
	e.cache.MarkDeleted(ent.Name, key)
	if res.NewTombstone {
		e.deps.Metrics.EntitiesDeleted.WithLabelValues(ent.Name).Inc()
	}
	e.deps.Metrics.RowsDeleted.WithLabelValues(ent.PolicyName()).Add(float64(res.total()))
	e.deps.Logger.InfoContext(ctx, "Deleted entity",
		slog.String("entity", ent.Name), slog.String("key", key),
		slog.Int64("rows_deleted", res.total()), slog.Bool("new_tombstone", res.NewTombstone),
		slog.Int64("purge_job_id", res.PurgeJobID))
}

// lockSnooze counts and logs a deletion of ent that gave up on a lock, and
// snoozes its job (see lockSnooze).
func (e *entities) lockSnooze(ctx context.Context, ent *entity.Entity, err error) error {
	lock, _ := e.deps.Config.EntityTimeouts(ent.Name)
	return lockSnooze(ctx, e.deps.lockTimedOut(ctx, ent.PolicyName(), metrics.StepDeleteEntity, ent.Tables(), lock.D(), err))
}
