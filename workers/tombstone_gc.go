package workers

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/jobs"
)

// TombstoneGCWorker works lethe.tombstone_gc, the periodic tombstone GC of a
// tombstone policy (tombstones older than tombstone_max_age).
type TombstoneGCWorker struct {
	river.WorkerDefaults[jobs.TombstoneGC]
	ent *entities
}

// Timeout is river.job_timeout (config.JobTimeout).
func (w *TombstoneGCWorker) Timeout(job *river.Job[jobs.TombstoneGC]) time.Duration {
	return w.ent.deps.jobTimeout(job.Args.Kind(), job.Args.Policy)
}

// Work implements river.Worker.
func (w *TombstoneGCWorker) Work(ctx context.Context, job *river.Job[jobs.TombstoneGC]) error {
	if err := job.Args.Validate(); err != nil {
		return invalid(job.Kind, err)
	}
	return runPeriodic(ctx, w.ent.deps, job.Args.Policy, job.Kind, func(ctx context.Context, p *config.Tombstone) error {
		_, err := w.ent.tombstoneGC(ctx, p, p.TombstoneMaxAge.D(), &job.ID)
		return errors.Join(err, w.ent.purgeRestorations(ctx, p, &job.ID))
	})
}

// TombstoneGC removes the tombstones of policy p deleted more than olderThan
// ago whose blob purge completed since the deletion (purged_at >=
// deleted_at), the periodic job and `lethe cleanup-tombstones`. Old
// tombstones without such a purge are kept and counted: run the orphan sweep
// first.
func TombstoneGC(ctx context.Context, deps *Deps, p *config.Tombstone, olderThan time.Duration) (db.GCResult, error) {
	ent, err := newEntities(deps)
	if err != nil {
		return db.GCResult{}, err
	}
	return ent.tombstoneGC(ctx, p, olderThan, nil)
}

func (e *entities) tombstoneGC(ctx context.Context, p *config.Tombstone, olderThan time.Duration, jobID *int64) (db.GCResult, error) {
	if olderThan <= 0 {
		return db.GCResult{}, fmt.Errorf("tombstone gc of %s: older-than must be positive, got %s", p.Name, olderThan)
	}
	// A lagging standby holds the collection back, as it does deletions.
	if err := e.deps.pacers().WaitReplica(ctx); err != nil {
		return db.GCResult{}, err
	}
	started := time.Now()
	now, err := db.Now(ctx, e.deps.Pool)
	if err != nil {
		return db.GCResult{}, err
	}
	res, err := e.store.GC(ctx, p.Entity, now.Add(-olderThan))
	e.deps.Metrics.TombstonesGCed.WithLabelValues(p.Entity).Add(float64(res.Removed))
	entry := db.AuditEntry{
		Policy: p.Name, Action: db.ActionTombstoneGC, JobID: jobID, StartedAt: started, Outcome: db.OutcomeOK,
		Detail: map[string]any{"removed": res.Removed, "kept_unpurged": res.KeptUnpurged, "kept_deleting": res.KeptDeleting, "older_than": olderThan.String()},
	}
	if err != nil {
		entry.Outcome, entry.Error = failedOutcome(ctx, err), err.Error()
	}
	if auditErr := db.RecordAudit(context.WithoutCancel(ctx), e.deps.Pool, entry); auditErr != nil {
		e.deps.Logger.WarnContext(ctx, "Failed to record audit", slog.String("error", auditErr.Error()))
	}
	e.deps.Logger.InfoContext(ctx, "Collected tombstones",
		slog.String("policy", p.Name), slog.Int64("removed", res.Removed),
		slog.Int64("kept_unpurged", res.KeptUnpurged), slog.Int64("kept_deleting", res.KeptDeleting), slog.Float64("older_than_seconds", olderThan.Seconds()))
	return res, err
}
