package workers

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/jobs"
	"github.com/lethehq/lethe/tombstone"
)

// PurgeBlobsWorker works lethe.purge_blobs: it deletes every blob under
// "{key}/" and records purged_at on the tombstone. It does nothing when the
// tombstone is gone (cleared or restored since the deletion), so a purge
// queued before a restore never deletes restored blobs.
type PurgeBlobsWorker struct {
	river.WorkerDefaults[jobs.PurgeBlobs]
	ent *entities
}

// Work implements river.Worker.
func (w *PurgeBlobsWorker) Work(ctx context.Context, job *river.Job[jobs.PurgeBlobs]) error {
	if err := job.Args.Validate(); err != nil {
		return invalid(job.Kind, err)
	}
	started := time.Now()
	policy := w.ent.policyFor(job.Args.Entity)
	n, err := w.ent.purge(ctx, job.Args.Entity, job.Args.Key)
	entry := db.AuditEntry{
		Policy: policy, Action: db.ActionPurgeBlobs, JobID: &job.ID, BlobsDeleted: int64(n),
		StartedAt: started, Outcome: db.OutcomeOK, Detail: map[string]any{"entity": job.Args.Entity, "key": job.Args.Key},
	}
	switch {
	case errors.Is(err, errTombstoneGone):
		entry.Outcome = db.OutcomeSkipped
		entry.Detail["reason"] = "tombstone cleared"
		err = nil
	case err != nil:
		entry.Outcome, entry.Error = db.OutcomeError, err.Error()
	}
	if auditErr := db.RecordAudit(context.WithoutCancel(ctx), w.ent.deps.Pool, entry); auditErr != nil {
		w.ent.deps.Logger.WarnContext(ctx, "Failed to record audit", slog.String("error", auditErr.Error()))
	}
	return err
}

// purge deletes the blobs under the prefix of a tombstoned entity and marks
// the tombstone purged as of the start of the listing. It holds the
// entity's shared lock for the whole purge, so a restore (exclusive lock)
// can never write blobs that this purge then deletes. It returns
// errTombstoneGone, deleting nothing, when there is no tombstone.
func (e *entities) purge(ctx context.Context, entity, key string) (int, error) {
	deleted := 0
	err := e.deps.txFunc(ctx, func(tx pgx.Tx) error {
		tombstoned, err := db.LockShared(ctx, tx, entity, key)
		if err != nil {
			return err
		}
		if !tombstoned {
			return errTombstoneGone
		}
		started, err := db.Now(ctx, tx)
		if err != nil {
			return err
		}
		prefix, err := e.blobPrefix(entity, key)
		if err != nil {
			return err
		}
		deleted, err = e.deps.Blobs.DeletePrefix(ctx, prefix)
		if err != nil {
			return fmt.Errorf("purge blobs under %s: %w", prefix, err)
		}
		_, err = tombstone.NewPostgres(tx).MarkPurged(ctx, entity, key, started)
		return err
	})
	if deleted > 0 {
		e.deps.Metrics.BlobsDeleted.WithLabelValues(e.policyFor(entity)).Add(float64(deleted))
	}
	return deleted, err
}
