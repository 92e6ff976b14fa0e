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

// OrphanSweepWorker works lethe.orphan_sweep, the periodic orphan blob sweep
// of a tombstone policy.
type OrphanSweepWorker struct {
	river.WorkerDefaults[jobs.OrphanSweep]
	ent *entities
}

// Timeout is river.job_timeout (config.JobTimeout).
func (w *OrphanSweepWorker) Timeout(job *river.Job[jobs.OrphanSweep]) time.Duration {
	return w.ent.deps.jobTimeout(job.Args.Kind(), job.Args.Policy)
}

// Work implements river.Worker.
func (w *OrphanSweepWorker) Work(ctx context.Context, job *river.Job[jobs.OrphanSweep]) error {
	if err := job.Args.Validate(); err != nil {
		return invalid(job.Kind, err)
	}
	return runPeriodic(ctx, w.ent.deps, job.Args.Policy, job.Kind, func(ctx context.Context, p *config.Tombstone) error {
		_, err := w.ent.orphanSweep(ctx, p, &job.ID)
		return err
	})
}

// OrphanSweepResult counts what one orphan blob sweep did.
type OrphanSweepResult struct {
	Tombstones   int `json:"tombstones"`    // tombstones visited
	BlobsDeleted int `json:"blobs_deleted"` // objects removed under their prefixes
	Skipped      int `json:"skipped"`       // tombstones cleared while the sweep ran
	Failed       int `json:"failed"`        // prefixes whose purge failed (retried next run)
}

// sweepPage is how many tombstones one listing page reads.
const sweepPage = 500

// OrphanSweep runs the orphan blob sweep of tombstone policy p once (the
// periodic job and `lethe cleanup-orphan-s3`): for every tombstone of the
// policy's entity, page by page in key order, it deletes every blob under
// "{key}/" (including blobs written after the deletion) and sets purged_at.
// It never removes a tombstone. A failing prefix is counted and the sweep
// goes on; the error names how many failed.
func OrphanSweep(ctx context.Context, deps *Deps, p *config.Tombstone) (OrphanSweepResult, error) {
	ent, err := newEntities(deps)
	if err != nil {
		return OrphanSweepResult{}, err
	}
	return ent.orphanSweep(ctx, p, nil)
}

func (e *entities) orphanSweep(ctx context.Context, p *config.Tombstone, jobID *int64) (OrphanSweepResult, error) {
	started := time.Now()
	var (
		res   OrphanSweepResult
		after string
		errs  []error
	)
	for {
		if err := ctx.Err(); err != nil {
			errs = append(errs, err)
			break
		}
		page, err := e.store.List(ctx, p.Entity, after, sweepPage)
		if err != nil {
			errs = append(errs, err)
			break
		}
		for _, ts := range page {
			res.Tombstones++
			n, err := e.purge(ctx, ts.Entity, ts.Key)
			res.BlobsDeleted += n
			switch {
			case errors.Is(err, errTombstoneGone), isRestorable(err):
				res.Skipped++ // cleared, or within its restore window
			case err != nil:
				res.Failed++
				if len(errs) < 5 {
					errs = append(errs, err)
				}
				e.deps.Logger.WarnContext(ctx, "Failed to purge orphan blobs",
					slog.String("policy", p.Name), slog.String("key", ts.Key), slog.String("error", err.Error()))
			}
		}
		if len(page) < sweepPage {
			break
		}
		after = page[len(page)-1].Key
	}
	var runErr error
	if len(errs) > 0 {
		runErr = fmt.Errorf("orphan sweep of %s: %d prefixes failed: %w", p.Name, res.Failed, errors.Join(errs...))
	}
	outcome := db.OutcomeOK
	switch {
	case interrupted(ctx, runErr):
		outcome = db.OutcomeInterrupted
	case runErr != nil:
		outcome = db.OutcomePartial
	}
	entry := db.AuditEntry{
		Policy: p.Name, Action: db.ActionOrphanSweep, JobID: jobID, BlobsDeleted: int64(res.BlobsDeleted),
		StartedAt: started, Outcome: outcome,
		Detail: map[string]any{"tombstones": res.Tombstones, "skipped": res.Skipped, "failed": res.Failed},
	}
	if runErr != nil {
		entry.Error = runErr.Error()
	}
	if err := db.RecordAudit(context.WithoutCancel(ctx), e.deps.Pool, entry); err != nil {
		e.deps.Logger.WarnContext(ctx, "Failed to record audit", slog.String("error", err.Error()))
	}
	e.deps.Metrics.BatchDuration.WithLabelValues(p.Name, string(db.ActionOrphanSweep)).Observe(time.Since(started).Seconds())
	e.deps.Logger.InfoContext(ctx, "Swept orphan blobs",
		slog.String("policy", p.Name), slog.Int("tombstones", res.Tombstones),
		slog.Int("blobs_deleted", res.BlobsDeleted), slog.Int("skipped", res.Skipped),
		slog.Int("failed", res.Failed), slog.Float64("duration_seconds", time.Since(started).Seconds()))
	return res, runErr
}
