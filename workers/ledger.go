package workers

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/entity"
	"github.com/lethehq/lethe/jobs"
	"github.com/lethehq/lethe/ledger"
)

// Periodic job names of the ledger; they belong to no policy, so their IDs
// in River are the names alone.
const (
	PeriodicLedgerFlush PeriodicName = "ledger_flush" // jobs.LedgerFlush
	PeriodicLedgerPrune PeriodicName = "ledger_prune" // jobs.LedgerPrune
)

// ledgerBatch is the most entries one segment holds.
const ledgerBatch = 1000

// ledgerPeriodics returns the ledger's periodic jobs, none when it is off.
func ledgerPeriodics(cfg *config.Config) []Periodic {
	if !cfg.Ledger.On() {
		return nil
	}
	return []Periodic{
		{Name: PeriodicLedgerFlush, Schedule: "@every " + cfg.Ledger.FlushInterval.D().String(), Args: jobs.LedgerFlush{}},
		{Name: PeriodicLedgerPrune, Schedule: cfg.Ledger.PruneSchedule, Args: jobs.LedgerPrune{}},
	}
}

// registerLedger adds the ledger's workers.
func registerLedger(workers *river.Workers, deps *Deps) error {
	if err := river.AddWorkerSafely(workers, &LedgerFlushWorker{deps: deps}); err != nil {
		return fmt.Errorf("add ledger flush worker: %w", err)
	}
	if err := river.AddWorkerSafely(workers, &LedgerPruneWorker{deps: deps}); err != nil {
		return fmt.Errorf("add ledger prune worker: %w", err)
	}
	return nil
}

// appendLedger writes the deletion of key, rows deleted per table, to the
// ledger's outbox in tx, the deletion's own transaction, and names its
// deletion ID in detail, the deletion's audit. Nothing when the ledger is
// off.
func (e *entities) appendLedger(ctx context.Context, tx pgx.Tx, ent *entity.Entity, key string, rows map[string]int64, detail map[string]any) error {
	if !e.deps.Config.Ledger.On() {
		return nil
	}
	prefix, err := ent.BlobPrefix(key)
	if err != nil {
		return err
	}
	id, err := db.AppendLedger(ctx, tx, db.LedgerEntry{Op: db.LedgerOpDelete, Entity: ent.Name, Key: key, Rows: rows, BlobPrefix: prefix})
	if err != nil {
		return err
	}
	detail["deletion_id"] = id
	return nil
}

// LedgerFlushWorker works lethe.ledger_flush: see FlushLedger.
type LedgerFlushWorker struct {
	river.WorkerDefaults[jobs.LedgerFlush]
	deps *Deps
}

// Timeout is river.job_timeout (config.JobTimeout).
func (w *LedgerFlushWorker) Timeout(job *river.Job[jobs.LedgerFlush]) time.Duration {
	return w.deps.jobTimeout(job.Args.Kind(), "")
}

// Work implements river.Worker.
func (w *LedgerFlushWorker) Work(ctx context.Context, job *river.Job[jobs.LedgerFlush]) error {
	if err := job.Args.Validate(); err != nil {
		return invalid(job.Kind, err)
	}
	_, err := FlushLedger(ctx, w.deps)
	return err
}

// LedgerFlushed is what one flush did.
type LedgerFlushed struct {
	Segments int
	Entries  int
}

// FlushLedger writes the ledger's pending entries to the blob store, up to
// ledgerBatch a segment, oldest first, and after each segment removes its
// entries from the outbox and records it as the database's ledger point.
// A failure between the two writes the entries again next time, in
// another segment: readers keep one per deletion ID.
func FlushLedger(ctx context.Context, deps *Deps) (LedgerFlushed, error) {
	var res LedgerFlushed
	if !deps.Config.Ledger.On() {
		return res, nil
	}
	for {
		entries, err := db.PendingLedger(ctx, deps.Pool, ledgerBatch)
		if err != nil || len(entries) == 0 {
			return res, err
		}
		// The database's clock names the segment: after every entry's time.
		now, err := db.Now(ctx, deps.Pool)
		if err != nil {
			return res, err
		}
		name, err := ledger.Write(ctx, deps.Blobs, deps.Config.Ledger.Prefix, now, entries)
		if err != nil {
			deps.Logger.ErrorContext(ctx, "Failed to write the deletion ledger", slog.Int("entries", len(entries)), slog.String("error", err.Error()))
			return res, err
		}
		if err := pgx.BeginFunc(ctx, deps.Pool, func(tx pgx.Tx) error {
			return db.MarkLedgerFlushed(ctx, tx, name, entries)
		}); err != nil {
			return res, err
		}
		res.Segments++
		res.Entries += len(entries)
		deps.Logger.DebugContext(ctx, "Flushed the deletion ledger", slog.String("segment", name), slog.Int("entries", len(entries)))
		if len(entries) < ledgerBatch {
			return res, nil
		}
	}
}

// LedgerPruneWorker works lethe.ledger_prune: it deletes the ledger's
// segments flushed longer than ledger.retention ago (by the database's
// clock).
type LedgerPruneWorker struct {
	river.WorkerDefaults[jobs.LedgerPrune]
	deps *Deps
}

// Timeout is river.job_timeout (config.JobTimeout).
func (w *LedgerPruneWorker) Timeout(job *river.Job[jobs.LedgerPrune]) time.Duration {
	return w.deps.jobTimeout(job.Args.Kind(), "")
}

// Work implements river.Worker.
func (w *LedgerPruneWorker) Work(ctx context.Context, job *river.Job[jobs.LedgerPrune]) error {
	if err := job.Args.Validate(); err != nil {
		return invalid(job.Kind, err)
	}
	l := w.deps.Config.Ledger
	if !l.On() {
		return nil
	}
	now, err := db.Now(ctx, w.deps.Pool)
	if err != nil {
		return err
	}
	n, err := ledger.Prune(ctx, w.deps.Blobs, l.Prefix, now.Add(-l.Retention.D()))
	if err != nil {
		w.deps.Logger.ErrorContext(ctx, "Failed to prune the deletion ledger", slog.String("error", err.Error()))
		return err
	}
	if n > 0 {
		w.deps.Logger.InfoContext(ctx, "Pruned the deletion ledger", slog.Int("segments", n), slog.String("retention", l.Retention.String()))
	}
	return nil
}
