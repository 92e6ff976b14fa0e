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
	"github.com/lethehq/lethe/internal/metrics"
	"github.com/lethehq/lethe/internal/pace"
	"github.com/lethehq/lethe/jobs"
)

// PeriodicPruneHistory names the history prune among the periodic jobs; it
// belongs to no policy, so its ID in River is the name alone.
const PeriodicPruneHistory PeriodicName = "prune_history" // jobs.PruneHistory

// pruneMaxAttempts bounds River's retries of a failed prune, as
// sweepMaxAttempts does a sweep's: the schedule inserts the next run anyway.
const pruneMaxAttempts = 3

// History prune log messages.
const (
	pruneMsgDone   = "Pruned history"
	pruneMsgFailed = "Failed to prune history"
)

// historyPeriodics returns the periodic job that keeps Lethe's own history
// bounded (audit.schedule, hourly by default).
func historyPeriodics(cfg *config.Config) []Periodic {
	return []Periodic{{Name: PeriodicPruneHistory, Schedule: cfg.Audit.Schedule, Args: jobs.PruneHistory{}}}
}

// registerHistory adds the history prune worker.
func registerHistory(workers *river.Workers, deps *Deps) error {
	if err := river.AddWorkerSafely(workers, &PruneHistoryWorker{pruner: NewHistoryPruner(deps)}); err != nil {
		return fmt.Errorf("add prune history worker: %w", err)
	}
	return nil
}

// HistoryPruner prunes Lethe's own history, the deletion audit, as
// config.Audit says: the entries older than retain, then the oldest beyond
// max_rows. Each batch is a DELETE of at most batch_size entries, oldest
// first, in its own transaction under lock_timeout and statement_timeout;
// between batches it pauses, and paces itself under foreground load and
// waits for a lagging standby as the sweep does (internal/pace).
type HistoryPruner struct {
	deps *Deps
	// sleep waits d or until ctx is done (tests replace it).
	sleep func(ctx context.Context, d time.Duration) error
}

// NewHistoryPruner returns a HistoryPruner working with deps' pool, logger
// and metrics.
func NewHistoryPruner(deps *Deps) *HistoryPruner {
	deps.initPacers()
	return &HistoryPruner{deps: deps, sleep: pace.Sleep}
}

// HistoryPrune is what one prune did.
type HistoryPrune struct {
	// OlderThanRetain and BeyondMaxRows are the entries pruned for each
	// reason.
	OlderThanRetain int64 `json:"older_than_retain"`
	BeyondMaxRows   int64 `json:"beyond_max_rows"`
	// Batches counts the DELETEs that removed entries.
	Batches int `json:"batches"`
	// GaveWay is set when the run stopped early because the audit's lock
	// was not granted within lock_timeout: the next run goes on.
	GaveWay bool `json:"gave_way,omitempty"`
	// Stopped is set when the job's timeout ended the run between or
	// during batches: what was committed stays pruned.
	Stopped  bool          `json:"stopped,omitempty"`
	Duration time.Duration `json:"duration"`
}

// Rows is every entry pruned.
func (r HistoryPrune) Rows() int64 { return r.OlderThanRetain + r.BeyondMaxRows }

// historyLimits are the prune's pacing limits: from 100 entries (or
// batch_size) to batch_size, from pause to 1s (or pause). Under load it
// starts at 1,000 entries.
func historyLimits(a config.Audit) (lim pace.Limits, batch int, pause time.Duration) {
	return pace.Limits{
		Target: config.DefaultPaceTarget, MaxSlowdown: config.DefaultMaxSlowdown,
		MinBatch: min(100, a.BatchSize), MaxBatch: a.BatchSize,
		MinPause: a.Pause.D(), MaxPause: max(time.Second, a.Pause.D()),
	}, min(1000, a.BatchSize), a.Pause.D()
}

// Run prunes the history once. A lock timeout ends it early without error
// (GaveWay), as does the job's own timeout (Stopped); other errors are
// returned with what was pruned before them. It logs what it pruned: INFO
// when it pruned something, DEBUG when there was nothing to prune, ERROR on
// failure.
func (h *HistoryPruner) Run(ctx context.Context, a config.Audit) (HistoryPrune, error) {
	started := time.Now()
	res, err := h.run(ctx, a)
	res.Duration = time.Since(started)
	switch {
	case err != nil && db.IsLockTimeout(err):
		res.GaveWay = true
		h.deps.lockTimedOut(ctx, metrics.HistoryLabel, metrics.StepPrune, []string{db.AuditTable}, a.LockTimeout.D(), err)
		err = nil
	case err != nil && ctx.Err() != nil && errors.Is(context.Cause(ctx), context.DeadlineExceeded):
		res.Stopped = true
		err = nil
	}
	h.log(ctx, a, res, err)
	return res, err
}

func (h *HistoryPruner) run(ctx context.Context, a config.Audit) (HistoryPrune, error) {
	var res HistoryPrune
	pool := h.deps.Pool
	timeouts := db.Timeouts{Lock: a.LockTimeout.D(), Statement: a.StatementTimeout.D()}
	lim, startBatch, startPause := historyLimits(a)
	pacer := h.deps.pacers().For(metrics.HistoryLabel, true, lim, startBatch, startPause)
	defer pacer.Close()
	pacer.SetSleep(h.sleep)
	step, err := pacer.Start(ctx)
	if err != nil {
		return res, fmt.Errorf("prune history: %w", err)
	}
	// The database's clock decides what is old, as it wrote finished_at.
	now, err := db.Now(ctx, pool)
	if err != nil {
		return res, fmt.Errorf("prune history: %w", err)
	}
	cutoff := now.Add(-a.Retain.D())

	// batches deletes with del until a batch comes back short or limit
	// entries are gone (no limit when negative), pacing between batches.
	batches := func(pruned *int64, limit int64, del func(n int) (int64, error)) error {
		for limit != 0 {
			if err := ctx.Err(); err != nil {
				return fmt.Errorf("prune history before batch %d: %w", res.Batches+1, err)
			}
			batch := a.BatchSize
			if step.Paced {
				batch = min(batch, step.Batch)
			}
			if limit > 0 {
				batch = int(min(int64(batch), limit))
				limit = max(limit-int64(batch), 0)
			}
			n, err := del(batch)
			if err != nil {
				return err
			}
			if n > 0 {
				*pruned += n
				res.Batches++
				h.deps.Metrics.HistoryPruned.WithLabelValues(db.AuditTable).Add(float64(n))
			}
			if n < int64(batch) {
				return nil
			}
			if step, err = pacer.Rest(ctx); err != nil {
				return fmt.Errorf("prune history: pause after batch %d: %w", res.Batches, err)
			}
		}
		return nil
	}

	if err := batches(&res.OlderThanRetain, -1, func(n int) (int64, error) {
		return db.PruneAuditBefore(ctx, pool, timeouts, cutoff, n)
	}); err != nil {
		return res, err
	}
	rows, _, err := db.AuditRows(ctx, pool, timeouts, a.MaxRows)
	if err != nil {
		return res, fmt.Errorf("prune history: %w", err)
	}
	if rows <= a.MaxRows {
		return res, nil
	}
	err = batches(&res.BeyondMaxRows, rows-a.MaxRows, func(n int) (int64, error) {
		return db.PruneAuditOldest(ctx, pool, timeouts, n)
	})
	return res, err
}

// log writes the prune's line: INFO when it pruned something (or stopped
// early, or a stop of the service interrupted it), DEBUG when there was
// nothing to prune, ERROR when it failed.
func (h *HistoryPruner) log(ctx context.Context, a config.Audit, res HistoryPrune, err error) {
	attrs := []slog.Attr{
		slog.String("table", db.AuditTable),
		slog.Int64("rows", res.Rows()),
		slog.Int64("older_than_retain", res.OlderThanRetain),
		slog.Int64("beyond_max_rows", res.BeyondMaxRows),
		slog.Int("batches", res.Batches),
		slog.String("duration", formatDuration(res.Duration)),
		slog.Duration("retain", a.Retain.D()),
		slog.Int64("max_rows", a.MaxRows),
	}
	if err != nil && interrupted(ctx, err) {
		// A stop of the service: River runs the job again.
		attrs = append(attrs, slog.Bool("interrupted", true))
		h.deps.Logger.LogAttrs(ctx, slog.LevelInfo, pruneMsgDone, attrs...)
		return
	}
	if err != nil {
		attrs = append(attrs, slog.String("error", err.Error()))
		h.deps.Logger.LogAttrs(ctx, slog.LevelError, pruneMsgFailed, attrs...)
		return
	}
	level := slog.LevelDebug
	if res.Rows() > 0 || res.GaveWay || res.Stopped {
		level = slog.LevelInfo
	}
	if res.GaveWay {
		attrs = append(attrs, slog.Bool("gave_way", true))
	}
	if res.Stopped {
		attrs = append(attrs, slog.Bool("stopped_at_job_timeout", true))
	}
	h.deps.Logger.LogAttrs(ctx, level, pruneMsgDone, attrs...)
}

// PruneHistoryWorker works lethe.prune_history: one prune of Lethe's own
// history. A failed prune is logged at ERROR and returned to River, which
// retries it up to pruneMaxAttempts attempts and then cancels it; the
// service goes on and the schedule inserts the next prune.
type PruneHistoryWorker struct {
	river.WorkerDefaults[jobs.PruneHistory]
	pruner *HistoryPruner
}

// Timeout is river.job_timeout (config.JobTimeout). A prune cut by it stops
// between or during batches without error: what it committed stays pruned
// and the next run goes on.
func (w *PruneHistoryWorker) Timeout(job *river.Job[jobs.PruneHistory]) time.Duration {
	return w.pruner.deps.jobTimeout(job.Args.Kind(), "")
}

// Work prunes the history once.
func (w *PruneHistoryWorker) Work(ctx context.Context, job *river.Job[jobs.PruneHistory]) error {
	if err := job.Args.Validate(); err != nil {
		return invalid(job.Kind, err)
	}
	_, err := w.pruner.Run(ctx, w.pruner.deps.Config.Audit)
	if err != nil && job.Attempt >= pruneMaxAttempts && !interrupted(ctx, err) {
		return river.JobCancel(err)
	}
	return err
}
