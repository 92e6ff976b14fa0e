package workers

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/entity"
	"github.com/lethehq/lethe/internal/metrics"
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

// Timeout is river.job_timeout (config.JobTimeout).
func (w *PurgeBlobsWorker) Timeout(job *river.Job[jobs.PurgeBlobs]) time.Duration {
	return w.ent.deps.jobTimeout(job.Args.Kind(), "")
}

// Work implements river.Worker.
func (w *PurgeBlobsWorker) Work(ctx context.Context, job *river.Job[jobs.PurgeBlobs]) error {
	if err := job.Args.Validate(); err != nil {
		return invalid(job.Kind, err)
	}
	args, err := w.ent.checkArgs(ctx, job.Kind, job.Args.Entity, job.Args.Key)
	if err != nil {
		return err
	}
	started := time.Now()
	policy := w.ent.policyFor(args.Entity)
	n, err := w.ent.purge(ctx, args.Entity, args.Key)
	if snooze := purgeSnooze(err); snooze != nil {
		return snooze // scheduled again at the end of the restore window
	}
	if db.IsLockTimeout(err) && n == 0 {
		// A restore (or a deletion) of the entity holds its lock: try
		// again later, without an error audit per attempt.
		lock, _ := w.ent.deps.Config.EntityTimeouts(args.Entity)
		return lockSnooze(ctx, w.ent.deps.lockTimedOut(ctx, policy, metrics.StepPurge, []string{"lethe_tombstones"}, lock.D(), err))
	}
	entry := db.AuditEntry{
		Policy: policy, Action: db.ActionPurgeBlobs, JobID: &job.ID, BlobsDeleted: int64(n),
		StartedAt: started, Outcome: db.OutcomeOK, Detail: map[string]any{"entity": args.Entity, "key": args.Key},
	}
	switch {
	case errors.Is(err, errTombstoneGone):
		entry.Outcome = db.OutcomeSkipped
		entry.Detail["reason"] = "tombstone cleared"
		err = nil
	case err != nil:
		entry.Outcome, entry.Error = failedOutcome(ctx, err), err.Error()
	}
	entries := []db.AuditEntry{entry}
	if err == nil && entry.Outcome == db.OutcomeOK {
		// The purge's entry and its verification's commit together.
		entries = append(entries, w.ent.verify(ctx, args, &job.ID))
	}
	if auditErr := db.RecordAudits(context.WithoutCancel(ctx), w.ent.deps.Pool, entries...); auditErr != nil {
		w.ent.deps.Logger.WarnContext(ctx, "Failed to record audit", slog.String("error", auditErr.Error()))
	}
	return err
}

// verify checks that nothing of the purged entity remains (see
// entity.Entity.Verify) and returns the audit entry of the result, verified
// or naming what was found; it counts the verification metric. A failed
// verification does not fail the purge; it is for the operator to look
// into (a writer that bypassed the guard, a blob written behind Lethe's
// back).
func (e *entities) verify(ctx context.Context, args entityKey, jobID *int64) db.AuditEntry {
	started := time.Now()
	entry := db.AuditEntry{
		Policy: e.policyFor(args.Entity), Action: db.ActionVerifyEntity, JobID: jobID,
		StartedAt: started, Outcome: db.OutcomeOK, Detail: map[string]any{"entity": args.Entity, "key": args.Key},
	}
	outcome := metrics.VerificationVerified
	ent, err := e.resolver.Get(ctx, args.Entity)
	var v *entity.Verification
	if err == nil {
		v, err = ent.Verify(ctx, db.EntityTimeouts(e.deps.Config, args.Entity).Pool(e.deps.Pool), e.deps.Blobs, args.Key)
	}
	switch {
	case err != nil:
		outcome, entry.Outcome, entry.Error = metrics.VerificationError, db.OutcomeError, "verification could not run: "+err.Error()
	case !v.Verified:
		outcome, entry.Outcome, entry.Error = metrics.VerificationFailed, db.OutcomeError, "deleted entity not gone: "+v.String()
		entry.Detail["rows"], entry.Detail["blobs"], entry.Detail["blob_sample"] = v.Rows, v.Blobs, v.BlobSample
		if len(v.Nulled) > 0 {
			entry.Detail["still_referencing"] = v.Nulled
		}
		e.deps.Logger.WarnContext(ctx, "Deleted entity is not gone",
			slog.String("entity", args.Entity), slog.String("key", args.Key), slog.Any("rows", v.Rows),
			slog.Any("still_referencing", v.Nulled), slog.Int("blobs", v.Blobs))
	}
	entry.Detail["verified"] = outcome == metrics.VerificationVerified
	e.deps.Metrics.Verifications.WithLabelValues(args.Entity, outcome).Inc()
	return entry
}

// purge deletes the blobs under the prefix of a tombstoned entity and marks
// the tombstone purged as of the start of the listing. It holds the
// entity's shared lock for the whole purge, so a restore (exclusive lock)
// can never write blobs that this purge then deletes: a session's lock on a
// connection of its own, so no transaction stays open while the blob store
// works. It returns errTombstoneGone, deleting nothing, when there is no
// tombstone.
func (e *entities) purge(ctx context.Context, entity, key string) (int, error) {
	deleted := 0
	err := db.EntityTimeouts(e.deps.Config, entity).Session(ctx, e.deps.Pool, db.EntityLockShared(entity, key), func(conn *pgxpool.Conn) error {
		check, err := db.ReadPurgeCheck(ctx, conn, entity, key)
		if err != nil {
			return err
		}
		if !check.Tombstoned {
			return errTombstoneGone
		}
		var captured bool
		if check.Captured {
			if captured, err = restorable(ctx, conn, entity, key); err != nil {
				return err // within its restore_window: the blobs stay
			}
		}
		started := check.Now
		prefix, err := e.blobPrefix(ctx, entity, key)
		if err != nil {
			return err
		}
		if prefix != "" {
			if deleted, err = e.deps.Blobs.DeletePrefix(ctx, prefix); err != nil {
				return fmt.Errorf("purge blobs under %s: %w", prefix, err)
			}
		}
		if captured {
			if _, err := db.PurgeRestoration(ctx, conn, entity, key); err != nil {
				return err
			}
		}
		_, err = tombstone.NewPostgres(conn).MarkPurged(ctx, entity, key, started)
		return err
	})
	if deleted > 0 {
		e.deps.Metrics.BlobsDeleted.WithLabelValues(e.policyFor(entity)).Add(float64(deleted))
	}
	return deleted, err
}
