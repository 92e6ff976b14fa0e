package workers

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/internal/metrics"
	"github.com/lethehq/lethe/internal/pace"
)

// Sweep log messages, as the idempotency cleanup runbook shows them. They are
// the same for every sweep policy; the policy key tells them apart.
const (
	sweepMsgDone   = "Cleaned up expired idempotency keys"
	sweepMsgFailed = "Failed to cleanup expired idempotency keys"
)

// sweepPartitionLockTimeout caps how long a partition drop or create waits
// for its table locks (the policy's lock_timeout, at most this), so a busy
// table makes it give way (and retry next run) rather than queue every
// query behind an exclusive lock request.
const sweepPartitionLockTimeout = 5 * time.Second

// sweepFinishBatchWithin is how long a batch in flight when the run's
// context is cancelled (shutdown, job timeout) still gets to finish. The
// runbook lets the in-flight batch complete; bounding it keeps shutdown
// within River's hard-stop wait. A batch cut short rolls back.
const sweepFinishBatchWithin = 5 * time.Second

// Sweeper runs sweeps of sweep policies, from the River worker and from the
// CLI. It keeps each policy's adaptive batch size in memory: a restart starts
// again from batch_size.
type Sweeper struct {
	deps *Deps

	mu    sync.Mutex
	sizes map[string]int

	// sleep waits d or until ctx is done. Tests replace it to observe pauses
	// without a wall clock.
	sleep func(ctx context.Context, d time.Duration) error
	// finishBatchWithin is sweepFinishBatchWithin (tests shorten it).
	finishBatchWithin time.Duration
	// afterBatch, when set, is called after each batch with its size and
	// rows deleted (tests).
	afterBatch func(size int, deleted int64)
}

// NewSweeper returns a Sweeper working with deps' pool, logger and metrics.
func NewSweeper(deps *Deps) *Sweeper {
	deps.initPacers()
	return &Sweeper{deps: deps, sizes: map[string]int{}, sleep: pace.Sleep, finishBatchWithin: sweepFinishBatchWithin}
}

// SweepResult is what one sweep run did.
type SweepResult struct {
	Policy      string        `json:"policy"`
	RowsDeleted int64         `json:"rows_deleted"`
	Batches     int           `json:"batches_completed"` // batches (or partition drops) that deleted rows
	Timeouts    int           `json:"timeouts"`          // statement or lock timeouts hit (and retried smaller, when adaptive)
	BatchSize   int           `json:"batch_size"`        // the batch size the next run starts with
	Duration    time.Duration `json:"duration"`

	PartitionsDropped []string `json:"partitions_dropped,omitempty"`
	PartitionsCreated []string `json:"partitions_created,omitempty"`
}

// Run sweeps policy p once: in rows mode it deletes expired rows in batches
// until a batch comes back short; in partitions mode it drops expired
// partitions and creates the upcoming ones. It logs the runbook's lines,
// updates the metrics and writes one audit record (action sweep). jobID is
// the River job's, nil for a manual run.
//
// ctx is checked before every batch and during the pause between batches. A
// batch in flight when ctx is cancelled gets sweepFinishBatchWithin to
// complete (or hit its statement timeout); past that it is cancelled and
// rolls back. Batches already committed stay deleted.
func (s *Sweeper) Run(ctx context.Context, p *config.Sweep, jobID *int64) (SweepResult, error) {
	started := time.Now()
	var (
		res SweepResult
		err error
	)
	if p.Mode == config.SweepPartitions {
		res, err = s.sweepPartitions(ctx, p)
	} else {
		res, err = s.sweepRows(ctx, p)
	}
	res.Policy = p.Name
	res.Duration = time.Since(started)
	noteRows(ctx, res.RowsDeleted)
	s.logRun(ctx, p, res, err)
	s.audit(ctx, p, jobID, started, res, err)
	return res, err
}

// batchSize returns the batch size p's next batch starts with.
func (s *Sweeper) batchSize(p *config.Sweep) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	size, ok := s.sizes[p.Name]
	if !ok || !p.Adaptive {
		size = p.BatchSize
	}
	return min(max(size, p.MinBatchSize), p.MaxBatchSize)
}

func (s *Sweeper) setBatchSize(p *config.Sweep, size int) {
	s.mu.Lock()
	s.sizes[p.Name] = size
	s.mu.Unlock()
	s.deps.Metrics.SweepBatchSize.WithLabelValues(p.Name).Set(float64(size))
}

// SweepTable names sweep policy p's table and columns for package db.
func SweepTable(p *config.Sweep) db.SweepTable {
	return db.SweepTable{Table: p.Table, KeyColumn: p.KeyColumn, ExpiresAtColumn: p.ExpiresAtColumn, HoldColumn: p.HoldColumn}
}

// sweepRows is the runbook's loop: delete a batch, pause, repeat until a
// batch comes back short. Adaptive sizing halves the batch after a timeout
// and retries it (down to min_batch_size, below which the run fails), and
// grows it by half after a batch faster than target_batch_duration (up to
// max_batch_size).
func (s *Sweeper) sweepRows(ctx context.Context, p *config.Sweep) (SweepResult, error) {
	var res SweepResult
	t := SweepTable(p)
	kind, err := db.SweepTableKind(ctx, s.deps.Pool, t)
	if err != nil {
		return res, err
	}
	size := s.batchSize(p)
	res.BatchSize = size
	s.deps.Metrics.SweepBatchSize.WithLabelValues(p.Name).Set(float64(size))
	lim, startBatch, startPause := pace.SweepLimits(p)
	pacer := s.deps.pacers().For(p.Name, p.Paced(), lim, startBatch, startPause)
	defer pacer.Close()
	defer notePacer(ctx, pacer)
	pacer.SetSleep(s.sleep)
	step, err := pacer.Start(ctx)
	if err != nil {
		return res, fmt.Errorf("sweep %s: %w", p.Name, err)
	}
	for {
		if err := ctx.Err(); err != nil {
			return res, fmt.Errorf("sweep %s before batch %d: %w", p.Name, res.Batches+1, err)
		}
		// Under foreground load the pacer picks the batch (never above
		// the adaptive size, which timeouts shrink) and the pause.
		batch := size
		if step.Paced {
			batch = min(size, step.Batch)
		}
		began := time.Now()
		batchCtx, done := s.batchContext(ctx)
		deleted, err := db.SweepBatch(batchCtx, SweepTimeouts(p).Pool(s.deps.Pool), t, kind, batch)
		done()
		took := time.Since(began)
		if db.IsLockTimeout(err) {
			// A table lock (rows others hold are skipped, never waited
			// for): no batch size helps; the next run tries again.
			res.Timeouts++
			s.deps.lockTimedOut(ctx, p.Name, metrics.StepSweep, []string{p.Table}, p.LockTimeout.D(), err)
			return res, nil
		}
		if db.IsSweepTimeout(err) {
			res.Timeouts++
			s.deps.Metrics.SweepTimeouts.WithLabelValues(p.Name).Inc()
			if !p.Adaptive || size <= p.MinBatchSize {
				return res, err
			}
			size = max(p.MinBatchSize, size/2)
			s.setBatchSize(p, size)
			res.BatchSize = size
			s.deps.Logger.WarnContext(ctx, "Sweep batch timed out; retrying with a smaller batch",
				slog.String("policy", p.Name), slog.Int("batch_size", size), slog.String("error", err.Error()))
			continue
		}
		if err != nil {
			return res, err
		}
		s.deps.Metrics.BatchDuration.WithLabelValues(p.Name, string(db.ActionSweep)).Observe(took.Seconds())
		if s.afterBatch != nil {
			s.afterBatch(batch, deleted)
		}
		if deleted > 0 {
			res.RowsDeleted += deleted
			res.Batches++
			s.deps.Metrics.RowsDeleted.WithLabelValues(p.Name).Add(float64(deleted))
			s.deps.Metrics.SweepBatches.WithLabelValues(p.Name).Inc()
		}
		if deleted < int64(batch) {
			return res, nil
		}
		// Growing is safe under pacing too: the pacer's step caps the batch.
		if p.Adaptive && size < p.MaxBatchSize && took < p.TargetBatchDuration.D() {
			size = min(p.MaxBatchSize, size+max(size/2, 1))
			s.setBatchSize(p, size)
			res.BatchSize = size
		}
		// Unpaced, the pause is the policy's own (pacing's lower bound).
		if step, err = pacer.Rest(ctx); err != nil {
			return res, fmt.Errorf("sweep %s: pause after batch %d: %w", p.Name, res.Batches, err)
		}
	}
}

// batchContext returns the context a batch runs under: it outlives ctx by up
// to finishBatchWithin, so a batch in flight at cancellation completes (or
// times out) instead of being cut off at once.
func (s *Sweeper) batchContext(ctx context.Context) (context.Context, func()) {
	batchCtx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	stop := context.AfterFunc(ctx, func() { time.AfterFunc(s.finishBatchWithin, cancel) })
	return batchCtx, func() {
		stop()
		cancel()
	}
}

// sweepPartitions drops the partitions of p's table whose upper bound has
// passed (every row in them has expired) and creates the partitions for the
// current period and partitions_ahead periods after it.
func (s *Sweeper) sweepPartitions(ctx context.Context, p *config.Sweep) (SweepResult, error) {
	var res SweepResult
	timeout := p.StatementTimeout.D()
	lockTimeout := min(p.LockTimeout.D(), timeout, sweepPartitionLockTimeout)
	// Reading the partitions' bounds locks each partition (pg_get_expr):
	// within the lock timeout too, so an application's lock on the table
	// makes the run give way here as well.
	var parts []db.Partition
	err := pgx.BeginFunc(ctx, s.deps.Pool, func(tx pgx.Tx) error {
		if err := (db.Timeouts{Lock: lockTimeout, Statement: lockTimeout + timeout}).SetLocal(ctx, tx); err != nil {
			return err
		}
		var err error
		parts, err = db.ListPartitions(ctx, tx, p.Table, p.ExpiresAtColumn)
		return err
	})
	if s.partitionTimedOut(ctx, p, &res, []string{p.Table}, lockTimeout, err) {
		return res, nil
	}
	if err != nil {
		return res, err
	}
	// The database's clock decides what has expired, as in rows mode.
	now, err := db.Now(ctx, s.deps.Pool)
	if err != nil {
		return res, fmt.Errorf("sweep %s: %w", p.Name, err)
	}

	for _, part := range parts {
		if part.Default || part.To == nil || part.To.After(now) {
			continue
		}
		if err := ctx.Err(); err != nil {
			return res, fmt.Errorf("sweep %s before dropping %s: %w", p.Name, part.Name, err)
		}
		if res.Batches > 0 && p.Pause.D() > 0 {
			if err := s.sleep(ctx, p.Pause.D()); err != nil {
				return res, fmt.Errorf("sweep %s: pause before dropping %s: %w", p.Name, part.Name, err)
			}
		}
		began := time.Now()
		rows, err := db.DropPartition(ctx, db.Timeouts{Lock: lockTimeout, Statement: timeout}.Pool(s.deps.Pool), p.Table, part.Name)
		if s.partitionTimedOut(ctx, p, &res, []string{p.Table, part.Name}, lockTimeout, err) {
			return res, nil
		}
		if err != nil {
			return res, err
		}
		s.deps.Metrics.BatchDuration.WithLabelValues(p.Name, string(db.ActionSweepPartition)).Observe(time.Since(began).Seconds())
		s.deps.Metrics.SweepBatches.WithLabelValues(p.Name).Inc()
		s.deps.Metrics.RowsDeleted.WithLabelValues(p.Name).Add(float64(rows))
		res.Batches++
		res.RowsDeleted += rows
		res.PartitionsDropped = append(res.PartitionsDropped, part.Name)
	}

	start := periodStart(now, p.PartitionPeriod)
	for i := 0; i <= p.PartitionsAhead; i++ {
		from, to := periodAdd(start, p.PartitionPeriod, i), periodAdd(start, p.PartitionPeriod, i+1)
		if overlapsAny(parts, from, to) {
			continue
		}
		name := partitionName(p.Table, p.PartitionPeriod, from)
		err := db.CreatePartition(ctx, db.Timeouts{Lock: lockTimeout, Statement: timeout}.Pool(s.deps.Pool), p.Table, name, from, to)
		if s.partitionTimedOut(ctx, p, &res, []string{p.Table}, lockTimeout, err) {
			return res, nil
		}
		if err != nil {
			return res, err
		}
		res.PartitionsCreated = append(res.PartitionsCreated, name)
	}
	return res, nil
}

// partitionTimedOut counts err in res and lethe_sweep_timeouts_total when
// it is a sweep timeout, and reports whether it is a lock timeout on
// tables: an application holds a lock on the table or one of its
// partitions, so the run gives way (ends early without error, the next
// run tries again), counted in lethe_lock_timeouts_total (step partition)
// and logged once at WARN with its blocker, as every lock timeout is.
func (s *Sweeper) partitionTimedOut(ctx context.Context, p *config.Sweep, res *SweepResult, tables []string, lockTimeout time.Duration, err error) bool {
	if !db.IsSweepTimeout(err) && !db.IsLockTimeout(err) {
		return false
	}
	res.Timeouts++
	s.deps.Metrics.SweepTimeouts.WithLabelValues(p.Name).Inc()
	if !db.IsLockTimeout(err) {
		return false
	}
	s.deps.lockTimedOut(ctx, p.Name, metrics.StepPartition, tables, lockTimeout, err)
	return true
}

func overlapsAny(parts []db.Partition, from, to time.Time) bool {
	for _, part := range parts {
		if part.Overlaps(from, to) {
			return true
		}
	}
	return false
}

// periodStart truncates t (in UTC) to the start of its hour, day or month.
func periodStart(t time.Time, period config.PartitionPeriod) time.Time {
	t = t.UTC()
	switch period {
	case config.PartitionHour:
		return time.Date(t.Year(), t.Month(), t.Day(), t.Hour(), 0, 0, 0, time.UTC)
	case config.PartitionMonth:
		return time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, time.UTC)
	default:
		return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
	}
}

// periodAdd returns the start of the n-th period after start.
func periodAdd(start time.Time, period config.PartitionPeriod, n int) time.Time {
	switch period {
	case config.PartitionHour:
		return start.Add(time.Duration(n) * time.Hour)
	case config.PartitionMonth:
		return start.AddDate(0, n, 0)
	default:
		return start.AddDate(0, 0, n)
	}
}

// partitionName names the partition of table starting at from:
// <table>_pYYYYMMDD (day), _pYYYYMMDDHH (hour), _pYYYYMM (month), with the
// table part shortened to keep the name within PostgreSQL's 63 bytes.
func partitionName(table string, period config.PartitionPeriod, from time.Time) string {
	layout := "20060102"
	switch period {
	case config.PartitionHour:
		layout = "2006010215"
	case config.PartitionMonth:
		layout = "200601"
	}
	suffix := "_p" + from.UTC().Format(layout)
	if len(table)+len(suffix) > 63 {
		table = table[:63-len(suffix)]
	}
	return table + suffix
}

// logRun writes the runbook's log line for a finished run: INFO when it
// deleted (or, in partition mode, dropped or created) something, DEBUG when
// it found nothing to do, ERROR when it failed.
func (s *Sweeper) logRun(ctx context.Context, p *config.Sweep, res SweepResult, err error) {
	logger := s.deps.Logger
	if err != nil {
		logger.LogAttrs(ctx, slog.LevelError, sweepMsgFailed,
			slog.String("policy", p.Name),
			slog.String("error", err.Error()),
			slog.Int64("rows_deleted_before_error", res.RowsDeleted),
			slog.Int("batches_completed", res.Batches),
			slog.String("status", "failed"))
		return
	}
	attrs := []slog.Attr{
		slog.String("policy", p.Name),
		slog.Int64("rows_deleted", res.RowsDeleted),
		slog.Int("batches_completed", res.Batches),
		slog.Float64("duration", res.Duration.Round(time.Microsecond).Seconds()), // the runbook's key, in seconds
		slog.String("status", "success"),
	}
	if p.Mode == config.SweepPartitions {
		attrs = append(attrs,
			slog.Int("partitions_dropped", len(res.PartitionsDropped)),
			slog.Int("partitions_created", len(res.PartitionsCreated)))
	}
	level := slog.LevelDebug
	if res.RowsDeleted > 0 || len(res.PartitionsDropped) > 0 || len(res.PartitionsCreated) > 0 {
		level = slog.LevelInfo
	}
	logger.LogAttrs(ctx, level, sweepMsgDone, attrs...)
}

// audit records the run in lethe_deletion_audit. It never fails the run.
func (s *Sweeper) audit(ctx context.Context, p *config.Sweep, jobID *int64, started time.Time, res SweepResult, runErr error) {
	entry := db.AuditEntry{
		Policy: p.Name, Action: db.ActionSweep, JobID: jobID, RowsDeleted: res.RowsDeleted,
		StartedAt: started, Outcome: db.OutcomeOK,
		Detail: map[string]any{
			"mode":              p.Mode,
			"batches_completed": res.Batches,
			"timeouts":          res.Timeouts,
			"batch_size":        res.BatchSize,
			"duration_ms":       res.Duration.Milliseconds(),
		},
	}
	if len(res.PartitionsDropped) > 0 {
		entry.Detail["partitions_dropped"] = res.PartitionsDropped
	}
	if len(res.PartitionsCreated) > 0 {
		entry.Detail["partitions_created"] = res.PartitionsCreated
	}
	if runErr != nil {
		entry.Error = runErr.Error()
		entry.Outcome = failedOutcome(ctx, runErr)
		if res.RowsDeleted > 0 && entry.Outcome == db.OutcomeError {
			entry.Outcome = db.OutcomePartial
		}
	}
	if err := db.RecordAudit(context.WithoutCancel(ctx), s.deps.Pool, entry); err != nil {
		s.deps.Logger.WarnContext(ctx, "Failed to record sweep audit", slog.String("policy", p.Name), slog.String("error", err.Error()))
	}
}
