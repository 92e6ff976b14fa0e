package workers

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"golang.org/x/sync/errgroup"

	"github.com/lethehq/lethe/blob"
	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/internal/metrics"
	"github.com/lethehq/lethe/internal/pace"
	"github.com/lethehq/lethe/jobs"
)

// expireBatchWorker finishes one claimed batch: blobs first, then the rows
// that still hold the batch's claim, and the job's completion in the same
// transaction as the rows.
//
// Blobs go first so a row never disappears while its blob still exists, and
// the claim's lock, held from the key read to the commit, keeps the watchdog
// from resetting rows whose blobs are going. A blob store failure fails the
// job (River retries it with backoff) and leaves the rows claimed; once
// River gives up on the job, the watchdog returns the rows to the planner.
// Matching on the claim's timestamp means a stale job — retried after its
// rows were reset or claimed again — deletes nothing it does not own.
type expireBatchWorker struct {
	river.WorkerDefaults[jobs.ExpireBatch]
	deps   *Deps
	tables *expireTables
	hook   func(ctx context.Context, step expireBatchStep, job *river.Job[jobs.ExpireBatch]) error // tests only
}

// step runs the test hook, if any, at step.
func (w *expireBatchWorker) step(ctx context.Context, step expireBatchStep, job *river.Job[jobs.ExpireBatch]) error {
	if w.hook == nil {
		return nil
	}
	return w.hook(ctx, step, job)
}

// Timeout is the policy's batch_timeout, which config validation keeps below
// river.rescue_stuck_jobs_after: River never rescues a batch still running.
func (w *expireBatchWorker) Timeout(job *river.Job[jobs.ExpireBatch]) time.Duration {
	return w.deps.jobTimeout(job.Args.Kind(), job.Args.Policy)
}

// NextRetry caps River's backoff at the policy's schedule interval (see
// expireNextRetry): a batch that failed during an outage comes back within
// an interval of its end, as the rows the planner has yet to claim do.
func (w *expireBatchWorker) NextRetry(job *river.Job[jobs.ExpireBatch]) time.Time {
	return expireNextRetry(w.deps, job.Args.Policy, job.JobRow)
}

func (w *expireBatchWorker) Work(ctx context.Context, job *river.Job[jobs.ExpireBatch]) error {
	if err := job.Args.Validate(); err != nil {
		return invalid(job.Kind, err)
	}
	p, err := policyOf[*config.Expire](w.deps, job.Args.Policy)
	if err != nil {
		return err
	}
	table, err := w.tables.get(ctx, p)
	if err != nil {
		return err
	}
	// A lagging standby holds back batches claimed before it fell behind
	// too. Past half the batch's timeout the job snoozes rather than fail:
	// River counts no attempt, and the claim stays the job's.
	if err := w.waitReplica(ctx, job); err != nil {
		return err
	}
	started := time.Now()
	claimedAt := job.Args.ClaimedAt
	if err := w.step(ctx, batchBeforeLock, job); err != nil {
		return err
	}

	// One connection holds the claim's lock from the key read to the
	// commit of the delete, so the watchdog cannot reset the claim in
	// between (see db.ExpireTable.ResetClaim). The lock is the session's,
	// not a transaction's: none stays open across the blob store call.
	// Everything below runs on this connection, so a batch never waits for
	// a second one while holding the first. Every statement gives up on a
	// lock after lock_timeout (see lockSnooze).
	var (
		rows         int64
		blobsDeleted int
		turn         = newBatchTurn(w.deps.pacers(), p)
	)
	defer turn.close()
	err = expireTimeouts(p).Session(ctx, w.deps.Pool, table.ClaimLock(claimedAt), func(conn *pgxpool.Conn) error {
		var err error
		rows, blobsDeleted, err = w.finish(ctx, conn, p, table, job, started, turn)
		return err
	})
	if db.IsLockTimeout(err) {
		return lockSnooze(ctx, w.deps.lockTimedOut(ctx, p.Name, metrics.StepFinish, []string{p.Table}, p.LockTimeout.D(), err))
	}
	if err != nil {
		return fmt.Errorf("policy %s: %w", p.Name, err)
	}

	w.deps.Metrics.RowsDeleted.WithLabelValues(p.Name).Add(float64(rows))
	w.deps.Metrics.BatchDuration.WithLabelValues(p.Name, string(db.ActionExpireBatch)).Observe(time.Since(started).Seconds())
	w.deps.Logger.DebugContext(ctx, "Expired batch",
		slog.String("policy", p.Name), slog.Int64("job_id", job.ID), slog.Int("rows_claimed", job.Args.Rows),
		slog.Int64("rows_deleted", rows), slog.Int("blobs_deleted", blobsDeleted), slog.Float64("duration_seconds", time.Since(started).Seconds()))
	if err := turn.done(ctx); err != nil {
		return fmt.Errorf("policy %s: %w", p.Name, err)
	}
	return nil
}

// batchTurn is a claimed batch's place among its policy's batches while the
// foreground is busy. The turn covers the blob deletes and the delete
// transaction: a blob store on the database's disk (the local store, or an
// S3 server beside the database) slows the foreground as the delete does,
// and the sampler measures whatever runs during the turn. It is taken with
// the claim's connection already held, which costs no connection a batch
// would not hold anyway (it holds one through its blob deletes), and given
// back after the controller's pause, once the connection is released.
type batchTurn struct {
	pc      *pace.Pacer
	paced   bool
	release func()
}

func newBatchTurn(pacers *pace.Pacers, p *config.Expire) *batchTurn {
	lim, batch, pause := pace.ExpireLimits(p)
	return &batchTurn{pc: pacers.For(p.Name, p.Pace.On, lim, batch, pause), release: func() {}}
}

// take waits for the batch's turn (see pace.Pacer.StartBatch).
func (t *batchTurn) take(ctx context.Context) error {
	step, release, err := t.pc.StartBatch(ctx)
	if err != nil {
		return err
	}
	t.paced, t.release = step.Paced, release
	return nil
}

// close gives the turn back, if the batch took one, on every path.
func (t *batchTurn) close() { t.release() }

// done tells the controller how the foreground fared while the delete ran,
// sleeps its pause and gives the turn back.
func (t *batchTurn) done(ctx context.Context) error {
	defer t.close()
	if !t.paced {
		return nil
	}
	_, err := t.pc.Rest(ctx)
	return err
}

// finish does a batch's work on conn, which holds the claim's lock: it
// reads the claimed rows' blob keys, sets aside the rows of refused keys,
// takes the batch's turn, deletes the blobs (through the store's yielding
// side when paced, see blob.Yielding), then in one transaction
// deletes the rows still holding the claim, audits and completes the job.
// It returns the rows and blobs deleted.
func (w *expireBatchWorker) finish(ctx context.Context, conn *pgxpool.Conn, p *config.Expire, table *db.ExpireTable, job *river.Job[jobs.ExpireBatch], started time.Time, turn *batchTurn) (rows int64, blobsDeleted int, err error) {
	claimedAt := job.Args.ClaimedAt
	// Blobs first. Under the lock, the rows holding the claim are fixed:
	// the delete below removes exactly the rows whose keys are read here.
	// The session has the policy's timeouts (Work's Session): every
	// statement on the policy's table goes through bounded.
	bounded := expireTimeouts(p).Conn(conn)
	blobKeys, err := table.BlobKeys(ctx, bounded, claimedAt)
	if err != nil {
		return 0, 0, err
	}
	blobKeys, setAside, err := w.setAside(ctx, bounded, p, table, job.ID, claimedAt, blobKeys)
	if err != nil {
		return 0, 0, err
	}
	if err := w.step(ctx, batchKeysRead, job); err != nil {
		return 0, 0, err
	}
	if err := turn.take(ctx); err != nil {
		return 0, 0, err
	}
	// From the first blob store call on, the batch's blobs may be gone, so
	// the claim is recorded as begun first (committed, durable): whatever
	// stops the batch after this, the watchdog finishes the claim instead
	// of giving its rows back (see db.ExpireTable.BeginBlobDeletes).
	gone := 0 // keys of the batch known gone since the store call
	if len(blobKeys) > 0 {
		err := pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
			return table.BeginBlobDeletes(ctx, tx, claimedAt, job.ID)
		})
		if err != nil {
			return 0, 0, err
		}
		store := w.deps.Blobs
		if turn.paced {
			store = blob.Yielding(store)
		}
		n, err := store.Delete(ctx, blobKeys)
		if errors.Is(err, blob.ErrSymlink) {
			// A key whose path meets a link in the local store is refused
			// by the store's state, which no check of the key sees: its
			// row is set aside, and the rest of the batch goes on.
			var refused int64
			blobKeys, refused, err = w.setAsideLinked(ctx, bounded, p, table, job.ID, claimedAt, store, blobKeys)
			setAside += refused
			n = len(blobKeys)
		}
		if err != nil {
			err = fmt.Errorf("delete %d blobs of batch: %w", len(blobKeys), err)
			gone = blobsGone(ctx, w.deps.Blobs, blobKeys, n)
			return 0, w.auditFailure(ctx, conn, p, table, job, gone, started, err), err
		}
		gone = len(blobKeys)
	}
	// Any failure from here on leaves blobs deleted and rows claimed: its
	// audit entry counts the blobs, and the next attempt (or the watchdog)
	// deletes the rows.
	fail := func(err error) (int64, int, error) {
		return 0, w.auditFailure(ctx, conn, p, table, job, gone, started, err), err
	}
	if err := w.step(ctx, batchBlobsDeleted, job); err != nil {
		return fail(err)
	}
	if err := ctx.Err(); err != nil {
		// Past the job's timeout, or cancelled: pgx would close the
		// connection on the transaction's BEGIN, and the audit of the
		// blobs deleted needs it.
		return fail(fmt.Errorf("finish batch: %w", context.Cause(ctx)))
	}

	err = pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
		if !turn.paced { // paced, the batch flushes its own WAL
			if err := db.AsyncCommit(ctx, tx); err != nil {
				return err
			}
		}
		// Keys an earlier attempt's audit entry counted count once: the
		// store counts a missing key as deleted.
		blobs, err := table.CountBlobsGone(ctx, tx, claimedAt, int64(gone))
		if err != nil {
			return err
		}
		blobsDeleted = int(blobs)
		if rows, err = table.Finish(ctx, bounded.Within(tx), claimedAt, p.OnDelete == config.OnDeleteMark); err != nil {
			return err
		}
		detail := map[string]any{"rows_claimed": job.Args.Rows, "claimed_at": claimedAt, "on_delete": p.OnDelete}
		outcome := db.OutcomeOK
		switch {
		case rows == 0 && setAside > 0:
			outcome, detail["reason"] = db.OutcomeSkipped, "set_aside"
		case rows == 0:
			// No row held the claim when the lock was taken: the
			// watchdog gave them back (and the planner may have claimed
			// them again). Nothing was deleted, blobs included.
			outcome, detail["reason"] = db.OutcomeSkipped, "claim_reset"
		case int(rows) < job.Args.Rows:
			outcome = db.OutcomePartial
		}
		jobID := job.ID
		if err := db.RecordAudit(ctx, tx, db.AuditEntry{
			Policy: p.Name, Action: db.ActionExpireBatch, JobID: &jobID,
			RowsDeleted: rows, BlobsDeleted: int64(blobsDeleted), StartedAt: started, Outcome: outcome,
			Detail: detail,
		}); err != nil {
			return err
		}
		if _, err := river.JobCompleteTx[*riverpgxv5.Driver](ctx, tx, job); err != nil {
			return fmt.Errorf("complete job: %w", err)
		}
		return nil
	})
	if err != nil {
		return fail(fmt.Errorf("finish batch: %w", err))
	}
	w.deps.Metrics.BlobsDeleted.WithLabelValues(p.Name).Add(float64(blobsDeleted))
	return rows, blobsDeleted, nil
}

// expireReplicaSnooze is how long a batch held back by a lagging standby
// snoozes before it looks again.
const expireReplicaSnooze = 10 * time.Second

// waitReplica waits while the replica gate holds deletion back, up to half
// the batch's timeout, then snoozes the job.
func (w *expireBatchWorker) waitReplica(ctx context.Context, job *river.Job[jobs.ExpireBatch]) error {
	waitCtx, cancel := context.WithTimeout(ctx, w.Timeout(job)/2)
	defer cancel()
	err := w.deps.pacers().WaitReplica(waitCtx)
	if err != nil && ctx.Err() == nil && errors.Is(err, context.DeadlineExceeded) {
		return river.JobSnooze(expireReplicaSnooze)
	}
	return err
}

// setAside checks every blob key of the batch against the policy's
// blob_prefix before any of them reaches the blob store, and takes the rows
// of refused keys out of the batch (db.ExpireTable.SetAside), so one bad
// key never stalls the rest. The set-aside rows are audited (outcome error,
// so the dashboard shows them), counted and logged; `lethe release` gives
// them back to the planner once their keys are fixed. It returns the keys
// that passed.
func (w *expireBatchWorker) setAside(ctx context.Context, conn db.Bounded, p *config.Expire, table *db.ExpireTable, jobID int64, claimedAt time.Time, keys []string) ([]string, int64, error) {
	var good, bad []string
	var firstErr error
	for _, key := range keys {
		if err := blob.CheckKeyUnder(p.BlobPrefix, key); err != nil {
			bad = append(bad, key)
			firstErr = cmp.Or(firstErr, err)
			continue
		}
		good = append(good, key)
	}
	if len(bad) == 0 {
		return keys, 0, nil
	}
	n, err := w.recordSetAside(ctx, conn, p, table, jobID, claimedAt, bad, firstErr)
	return good, n, err
}

// setAsideLinked deletes the batch's keys one at a time after the store
// refused the batch for a symbolic link (blob.ErrSymlink), and sets aside
// the rows of the keys it refuses: their blobs stay, so their rows do too.
// It returns the keys deleted.
func (w *expireBatchWorker) setAsideLinked(ctx context.Context, conn db.Bounded, p *config.Expire, table *db.ExpireTable, jobID int64, claimedAt time.Time, store blob.Store, keys []string) ([]string, int64, error) {
	var deleted, linked []string
	var firstErr error
	for _, key := range keys {
		_, err := store.Delete(ctx, []string{key})
		switch {
		case errors.Is(err, blob.ErrSymlink):
			linked = append(linked, key)
			firstErr = cmp.Or(firstErr, err)
		case err != nil:
			return deleted, 0, fmt.Errorf("delete blob %s of batch: %w", key, err)
		default:
			deleted = append(deleted, key)
		}
	}
	if len(linked) == 0 {
		return deleted, 0, nil
	}
	n, err := w.recordSetAside(ctx, conn, p, table, jobID, claimedAt, linked, firstErr)
	return deleted, n, err
}

// recordSetAside takes the rows of the refused keys bad out of the batch
// (db.ExpireTable.SetAside), counts, logs and audits them.
func (w *expireBatchWorker) recordSetAside(ctx context.Context, conn db.Bounded, p *config.Expire, table *db.ExpireTable, jobID int64, claimedAt time.Time, bad []string, firstErr error) (int64, error) {
	started := time.Now()
	n, err := table.SetAside(ctx, conn, claimedAt, bad)
	if err != nil {
		return 0, fmt.Errorf("policy %s: %w", p.Name, err)
	}
	w.deps.Metrics.RowsSetAside.WithLabelValues(p.Name).Add(float64(n))
	msg := fmt.Sprintf("%d rows set aside: %d blob keys refused, first %v", n, len(bad), firstErr)
	w.deps.Logger.WarnContext(ctx, "Expired rows set aside",
		slog.String("policy", p.Name), slog.Int64("job_id", jobID), slog.Int64("rows", n), slog.String("error", firstErr.Error()))
	err = db.RecordAudit(context.WithoutCancel(ctx), conn, db.AuditEntry{
		Policy: p.Name, Action: db.ActionExpireSetAside, JobID: &jobID, StartedAt: started, Outcome: db.OutcomeError, Error: msg,
		Detail: map[string]any{"rows_set_aside": n, "keys_refused": len(bad), "claimed_at": claimedAt},
	})
	if err != nil {
		w.deps.Logger.WarnContext(ctx, "Failed to audit set-aside rows", slog.String("policy", p.Name), slog.String("error", err.Error()))
	}
	return n, nil
}

// auditFailure records a failed (or interrupted) attempt outside any
// transaction, so operators see blob store trouble while River retries.
// gone is how many of the batch's keys the attempt knows gone; the entry
// counts those no earlier entry counted (db.ExpireTable.CountBlobsGone). It
// runs on the batch's connection, or on another one when the job's
// timeout or cancel closed that one mid-statement. It returns the blobs the
// entry counted (0 when it could not be written: the next attempt counts
// them).
func (w *expireBatchWorker) auditFailure(ctx context.Context, conn *pgxpool.Conn, p *config.Expire, table *db.ExpireTable, job *river.Job[jobs.ExpireBatch], gone int, started time.Time, cause error) int {
	cause = fmt.Errorf("policy %s: %w", p.Name, cause)
	jobID := job.ID
	// The job's context may be done (its timeout, an operator's cancel):
	// what the store did is written all the same.
	auditCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), expireFailureAuditWithin)
	defer cancel()
	var blobs int64
	audit := func(tx pgx.Tx) error {
		var err error
		if blobs, err = table.CountBlobsGone(auditCtx, tx, job.Args.ClaimedAt, int64(gone)); err != nil {
			return err
		}
		return db.RecordAudit(auditCtx, tx, db.AuditEntry{
			Policy: p.Name, Action: db.ActionExpireBatch, JobID: &jobID,
			BlobsDeleted: blobs, StartedAt: started, Outcome: failedOutcome(ctx, cause), Error: cause.Error(),
			Detail: map[string]any{"rows_claimed": job.Args.Rows, "claimed_at": job.Args.ClaimedAt, "blobs_gone": gone},
		})
	}
	var err error
	if conn.Conn().IsClosed() {
		err = pgx.BeginFunc(auditCtx, w.deps.Pool, audit)
	} else {
		err = pgx.BeginFunc(auditCtx, conn, audit)
	}
	if err != nil {
		w.deps.Logger.WarnContext(ctx, "Failed to audit failed batch", slog.String("policy", p.Name), slog.String("error", err.Error()))
		return 0
	}
	w.deps.Metrics.BlobsDeleted.WithLabelValues(p.Name).Add(float64(blobs))
	return int(blobs)
}

// expireFailureAuditWithin bounds the audit of a failed batch attempt and
// the blob lookups before it, which run even once the job's context is done.
const expireFailureAuditWithin = 10 * time.Second

// blobsGone counts the keys no longer in store after a failed delete of
// keys, of which the store confirmed deleted. The store cannot say which
// keys of a failed or cancelled request went (it may have deleted them all
// while the batch waited, frozen or cancelled), so each key is looked up,
// even once ctx is done, within expireFailureAuditWithin. The count
// includes keys earlier attempts deleted. A lookup error stops the
// lookups; what they found so far still counts: a lower bound.
func blobsGone(ctx context.Context, store blob.Store, keys []string, deleted int) int {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), expireFailureAuditWithin)
	defer cancel()
	var missing atomic.Int64
	g, ctx := errgroup.WithContext(ctx)
	g.SetLimit(blob.DefaultDeleteConcurrency)
	for _, key := range keys {
		if ctx.Err() != nil {
			break
		}
		g.Go(func() error {
			ok, err := store.Exists(ctx, key)
			if err == nil && !ok {
				missing.Add(1)
			}
			return err
		})
	}
	_ = g.Wait() // an error only stops the lookups
	return max(deleted, int(missing.Load()))
}
