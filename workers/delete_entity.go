package workers

import (
	"context"
	"errors"
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
	if snooze := w.ent.holdSnooze(ctx, ent, err); snooze != nil {
		return snooze
	}
	if db.IsLockTimeout(err) {
		return w.ent.lockSnooze(ctx, ent, err)
	}
	if err != nil {
		return w.ent.deleteFailed(ctx, ent, args.Key, &job.ID, started, chunked, err)
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
	if snooze := w.ent.holdSnooze(ctx, ent, err); snooze != nil {
		return snooze
	}
	if db.IsLockTimeout(err) {
		return w.ent.lockSnooze(ctx, ent, err)
	}
	if err != nil {
		return w.ent.deleteFailed(ctx, ent, args.Key, &job.ID, started, chunked, err)
	}
	w.ent.afterDelete(ctx, ent, args.Key, res)
	return nil
}

// chunkedDeletion is what the chunks of a large deletion did before its
// final transaction; nil for a deletion without chunks.
type chunkedDeletion struct {
	entity.ChunkResult
	// Deleting is set once the tombstone (state deleting) committed, with
	// it the guards' refusal of the entity's writes.
	Deleting bool
}

// deleteChunks runs the chunks of a large deletion (see
// entity.EntityGraph.DeleteChunks) on a connection of its own that holds the
// entity's exclusive lock for the whole of them, so no writer adds a row
// under a parent between the chunk that empties its children and the one
// that deletes the parent. Before the first chunk it commits the entity's
// tombstone in state deleting: from then on the guards refuse the entity's
// writes, so a deletion that fails between two chunks leaves an entity that
// is guarded and tombstoned, never a half-deleted one that takes writes. The
// final transaction sets it deleted. The lock is released before the final
// transaction takes it again. The chunks' size adapts to their duration under
// the entity's statement_timeout (entity.Chunking).
func (e *entities) deleteChunks(ctx context.Context, ent *entity.Entity, key string) (*chunkedDeletion, error) {
	// Most entities are small: they are deleted in the final transaction
	// alone, without a connection and a lock of their own.
	timeouts := db.EntityTimeouts(e.deps.Config, ent.Name)
	if large, err := ent.Large(ctx, timeouts.Pool(e.deps.Pool), key, ent.ChunkSize()); err != nil || !large {
		return nil, err
	}
	res := &chunkedDeletion{}
	err := timeouts.Session(ctx, e.deps.Pool, db.EntityLock(ent.Name, key), func(conn *pgxpool.Conn) error {
		if err := checkHold(ctx, conn, ent.Name, key); err != nil {
			return err // a held entity keeps every row, and no tombstone
		}
		if err := e.putDeleting(ctx, conn, timeouts, ent, key); err != nil {
			return err
		}
		res.Deleting = true
		var err error
		res.ChunkResult, err = ent.DeleteChunks(ctx, timeouts.Conn(conn), key, entity.Chunking{Size: ent.ChunkSize(), StatementTimeout: timeouts.Statement})
		return err
	})
	if err != nil {
		return res, fmt.Errorf("chunks of %s %s: %w", ent.Name, key, err)
	}
	return res, nil
}

// deleteFailed logs and audits a deletion that failed other than on a lock
// (which snoozes), naming the table and the database's message, and returns
// err for River to retry the job. A failure while the tombstone is deleting
// (this attempt's or an earlier one's) is an error: the entity is partly
// deleted, guarded, and a retry finishes it; any other is a warning. The
// audit's rows are those this attempt's committed chunks deleted.
func (e *entities) deleteFailed(ctx context.Context, ent *entity.Entity, key string, jobID *int64, started time.Time, chunked *chunkedDeletion, err error) error {
	if ctx.Err() != nil {
		return err // a stop of the service: River runs the job again
	}
	attrs := []slog.Attr{slog.String("entity", ent.Name), slog.String("key", key), slog.String("error", err.Error())}
	detail := map[string]any{"entity": ent.Name, "key": key}
	var stmtErr *entity.StatementError
	if errors.As(err, &stmtErr) {
		attrs = append(attrs, slog.String("table", stmtErr.Table), slog.String("database_message", stmtErr.Message()))
		detail["table"], detail["database_message"] = stmtErr.Table, stmtErr.Message()
	}
	var rows int64
	// Partly deleted: by this attempt's chunks, or by an earlier attempt's.
	deleting := chunked != nil && chunked.Deleting
	if !deleting {
		ts, err := db.GetTombstone(context.WithoutCancel(ctx), e.deps.Pool, ent.Name, key)
		deleting = err == nil && ts != nil && ts.State == db.TombstoneDeleting
	}
	level, msg := slog.LevelWarn, "Deletion failed; nothing of it committed, River retries it"
	if deleting {
		level, msg = slog.LevelError, "Deletion failed part way; its tombstone (deleting) keeps the entity guarded until a retry finishes it"
		detail["tombstone_state"] = db.TombstoneDeleting
	}
	if chunked != nil && chunked.Deleting {
		rows = chunked.Changes.TotalDeleted()
		detail["rows_in_chunks"] = chunked.Changes.Deleted
		if len(chunked.Changes.Nulled) > 0 {
			detail["rows_nulled_in_chunks"] = chunked.Changes.Nulled
		}
		attrs = append(attrs, slog.Int64("rows_in_chunks", rows))
	}
	e.deps.Logger.LogAttrs(ctx, level, msg, attrs...)
	auditErr := db.RecordAudit(context.WithoutCancel(ctx), e.deps.Pool, db.AuditEntry{
		Policy: ent.PolicyName(), Action: db.ActionDeleteEntity, JobID: jobID,
		RowsDeleted: rows, StartedAt: started, Outcome: db.OutcomeError, Error: err.Error(), Detail: detail,
	})
	if auditErr != nil {
		e.deps.Logger.WarnContext(ctx, "Could not audit a failed deletion",
			slog.String("entity", ent.Name), slog.String("key", key), slog.String("error", auditErr.Error()))
	}
	return err
}

// deleteResult is what one deletion did.
type deleteResult struct {
	// Rows and Nulled count, per table, the rows deleted and updated (SET
	// NULL) by the deletion, chunks included, as the database counted them.
	Rows         map[string]int64
	Nulled       map[string]int64
	NewTombstone bool
	// Found is false for a key that had neither rows nor a tombstone.
	Found      bool
	PurgeJobID int64
}

func (r deleteResult) total() int64 {
	var n int64
	for _, v := range r.Rows {
		n += v
	}
	return n
}

// deleteTx deletes the entity inside tx: exclusive lock, rows, tombstone,
// purge job, deletion ledger entry, audit. Nothing of it is visible unless tx commits. args.Key is
// canonical (checkArgs); started is when the deletion began, chunks
// included; chunked is what the chunks ahead of tx did, or nil.
func (e *entities) deleteTx(ctx context.Context, tx pgx.Tx, client *river.Client[pgx.Tx], args jobs.DeleteEntity, jobID *int64, started time.Time, chunked *chunkedDeletion) (deleteResult, error) {
	var res deleteResult
	ent, err := e.resolver.Get(ctx, args.Entity)
	if err != nil {
		return res, err
	}
	bounded, hold, err := db.EntityTimeouts(e.deps.Config, args.Entity).TxExclusive(ctx, tx, args.Entity, args.Key)
	if err != nil {
		return res, err
	}
	if hold != nil {
		return res, &heldError{hold: hold}
	}
	// What the database changed, read before Lethe's own writes below.
	changes, purgeOpts, err := e.deleteCapturing(ctx, bounded, ent, args.Key)
	if err != nil {
		return res, err
	}
	if chunked != nil {
		changes.Add(chunked.Changes)
	}
	res.Rows, res.Nulled = changes.Deleted, changes.Nulled
	if res.NewTombstone, err = tombstone.NewPostgres(tx).Put(ctx, args.Entity, args.Key); err != nil {
		return res, err
	}
	inserted, err := client.InsertTx(ctx, tx, jobs.PurgeBlobs{Entity: args.Entity, Key: args.Key}, purgeOpts)
	if err != nil {
		return res, fmt.Errorf("enqueue blob purge of %s %s: %w", args.Entity, args.Key, err)
	}
	res.PurgeJobID = inserted.Job.ID
	// Found: it had rows, or a tombstone from an earlier deletion. A key
	// with neither is tombstoned all the same, ahead of its creation.
	res.Found = res.total() > 0 || !res.NewTombstone
	detail := map[string]any{
		"entity": args.Entity, "key": args.Key, "rows": res.Rows, "found": res.Found,
		"new_tombstone": res.NewTombstone, "purge_job_id": res.PurgeJobID,
	}
	if len(res.Nulled) > 0 {
		detail["rows_nulled"] = res.Nulled
	}
	if purgeOpts != nil {
		detail["restorable_until"] = purgeOpts.ScheduledAt
	}
	if chunked != nil && len(chunked.Chunks) > 0 {
		detail["rows_in_chunks"] = chunked.Changes.Deleted
		smallest := chunked.Chunks[0].Limit
		for _, c := range chunked.Chunks {
			smallest = min(smallest, c.Limit)
		}
		detail["chunks"], detail["smallest_chunk"] = len(chunked.Chunks), smallest
	}
	if err := e.appendLedger(ctx, tx, ent, args.Key, res.Rows, detail); err != nil {
		return res, err
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
	var nulled int64
	for _, n := range res.Nulled {
		nulled += n
	}
	e.deps.Logger.InfoContext(ctx, "Deleted entity",
		slog.String("entity", ent.Name), slog.String("key", key),
		slog.Int64("rows_deleted", res.total()), slog.Int64("rows_nulled", nulled), slog.Bool("new_tombstone", res.NewTombstone),
		slog.Bool("found", res.Found),
		slog.Int64("purge_job_id", res.PurgeJobID))
}

// lockSnooze counts and logs a deletion of ent that gave up on a lock, and
// snoozes its job (see lockSnooze).
func (e *entities) lockSnooze(ctx context.Context, ent *entity.Entity, err error) error {
	lock, _ := e.deps.Config.EntityTimeouts(ent.Name)
	return lockSnooze(ctx, e.deps.lockTimedOut(ctx, ent.PolicyName(), metrics.StepDeleteEntity, ent.Tables(), lock.D(), err))
}
