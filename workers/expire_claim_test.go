package workers

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/internal/metrics"
	"github.com/lethehq/lethe/internal/testenv"
	"github.com/lethehq/lethe/jobs"
)

// TestExpireClaim forces the watchdog and stale or retried batch jobs into
// every gap of a running batch, with a real River client and versitygw. In
// each, the claim is three hours old (stuck_after is 2 h), so the watchdog
// would give it back if nothing kept it off; and in each, no row outlives
// its blob and every expired row ends deleted with its blob.
func TestExpireClaim(t *testing.T) {
	t.Parallel()

	for _, step := range []expireBatchStep{batchKeysRead, batchBlobsDeleted} {
		t.Run("WatchdogWhileBatchRuns/"+string(step), func(t *testing.T) {
			t.Parallel()
			at := expireStuckClaimTime()
			batchGate := newGate(t)
			b := expireClaimSetup(t, expireHooks{batch: batchGate.parkBatch(step, at, true)})
			pastes := expireClaimedPastes(t, b, at, 30)
			res, err := b.client.Insert(t.Context(), jobs.ExpireBatch{Policy: "pastes", ClaimedAt: at, Rows: 30}, expireBatchInsertOpts())
			if err != nil {
				t.Fatal(err)
			}
			batchGate.waitReached(t, "batch at "+string(step))

			// River holds the job alive (running): the watchdog leaves it.
			b.runWatchdog(t, map[string]float64{"rows_reset": 0, "claims_alive": 1, "claims_locked": 0})
			b.checkHoldClaim(t, at, 30)

			batchGate.open()
			b.checkBatch(t, res.Job.ID, db.OutcomeOK, 30, 30)
			b.checkAllGone(t, pastes)
		})

		t.Run("WatchdogWhileRetriedBatchRuns/"+string(step), func(t *testing.T) {
			t.Parallel()
			// River gave up on the batch; the watchdog finds it dead and
			// is about to reset it when an operator retries it, and the
			// batch gets to step before the watchdog's transaction. The
			// batch holds the claim's lock: the watchdog skips it.
			watchdogMeetsRetriedBatch(t, step, map[string]float64{"rows_reset": 0, "claims_alive": 0, "claims_locked": 1})
		})
	}

	t.Run("WatchdogWhileDiscardedBatchStillRuns", func(t *testing.T) {
		t.Parallel()
		// A worker frozen past rescue_stuck_jobs_after (a paused VM):
		// River's rescuer discards its job while the batch is between its
		// blob delete and its row delete. Only the claim's lock keeps the
		// watchdog off.
		at := expireStuckClaimTime()
		batchGate := newGate(t)
		b := expireClaimSetup(t, expireHooks{batch: batchGate.parkBatch(batchBlobsDeleted, at, true)})
		pastes := expireClaimedPastes(t, b, at, 30)
		res, err := b.client.Insert(t.Context(), jobs.ExpireBatch{Policy: "pastes", ClaimedAt: at, Rows: 30}, expireBatchInsertOpts())
		if err != nil {
			t.Fatal(err)
		}
		batchGate.waitReached(t, "batch after its blob delete")
		if _, err := b.pool.Exec(t.Context(), `
			UPDATE lethe.river_job SET state = 'discarded', finalized_at = now() WHERE id = $1`, res.Job.ID); err != nil {
			t.Fatal(err)
		}

		b.runWatchdog(t, map[string]float64{"rows_reset": 0, "claims_alive": 0, "claims_locked": 1})
		b.checkHoldClaim(t, at, 30)

		batchGate.open()
		b.checkBatch(t, res.Job.ID, db.OutcomeOK, 30, 30)
		b.checkAllGone(t, pastes)
	})

	t.Run("WatchdogRechecksTheJobUnderTheLock", func(t *testing.T) {
		t.Parallel()
		// The retried batch is running but has not locked its claim yet
		// when the watchdog's transaction gets the lock: the watchdog
		// sees the job alive again and skips the claim.
		watchdogMeetsRetriedBatch(t, batchBeforeLock, map[string]float64{"rows_reset": 0, "claims_alive": 1, "claims_locked": 0})
	})

	t.Run("BatchRetriedAfterItsClaimWasReset", func(t *testing.T) {
		t.Parallel()
		at := expireStuckClaimTime()
		b := expireClaimSetup(t, expireHooks{})
		pastes := expireClaimedPastes(t, b, at, 30)
		batchID := b.deadBatch(t, at, 30)

		b.runWatchdog(t, map[string]float64{"rows_reset": 30, "claims_reset": 1, "claims_alive": 0, "claims_locked": 0})
		if got := b.status(t, pastes); got[db.StatusNotExpired] != 30 {
			t.Fatalf("after the watchdog: pastes by status = %v, want all 30 NOT_EXPIRED", got)
		}

		// The retried job finds its claim gone: it deletes nothing and
		// says why, without an error.
		if _, err := b.client.JobRetry(t.Context(), batchID); err != nil {
			t.Fatal(err)
		}
		e := b.checkBatch(t, batchID, db.OutcomeSkipped, 0, 0)
		if e.Detail["reason"] != "claim_reset" {
			t.Errorf("skipped batch's detail = %v, want reason claim_reset", e.Detail)
		}
		if n := b.blobsLeft(t, pastes); n != 30 {
			t.Errorf("%d of 30 blobs left after the stale batch, want all", n)
		}

		// The planner takes them again; nothing is lost.
		b.plan(t)
		b.checkAllGone(t, pastes)
	})

	t.Run("RetryableBatchKeepsItsClaim", func(t *testing.T) {
		t.Parallel()
		// The blob store is down for longer than stuck_after: River keeps
		// retrying the batch, and the watchdog leaves it its rows.
		at := expireStuckClaimTime()
		b := expireClaimSetup(t, expireHooks{})
		pastes := expireClaimedPastes(t, b, at, 30)
		if err := b.client.Stop(t.Context()); err != nil {
			t.Fatal(err)
		}
		downDeps := *b.deps
		downDeps.Blobs = expireDeadS3(t, b.store.Bucket())
		b.client = startClient(t, b.pool, &downDeps, registerExpire, 4)
		res, err := b.client.Insert(t.Context(), jobs.ExpireBatch{Policy: "pastes", ClaimedAt: at, Rows: 30}, expireBatchInsertOpts())
		if err != nil {
			t.Fatal(err)
		}
		if job := b.waitJob(t, res.Job.ID); job.State != rivertype.JobStateRetryable {
			t.Fatalf("batch with S3 down ended %s, want retryable", job.State)
		}
		b.runWatchdog(t, map[string]float64{"rows_reset": 0, "claims_alive": 1, "claims_locked": 0})
		b.checkHoldClaim(t, at, 30)
		if n := b.blobsLeft(t, pastes); n != 30 {
			t.Errorf("with S3 down: %d of 30 blobs left", n)
		}

		if err := b.client.Stop(t.Context()); err != nil {
			t.Fatal(err)
		}
		b.client = startClient(t, b.pool, b.deps, registerExpire, 4)
		if _, err := b.client.JobRetry(t.Context(), res.Job.ID); err != nil {
			t.Fatal(err)
		}
		b.checkBatch(t, res.Job.ID, db.OutcomeOK, 30, 30)
		b.checkAllGone(t, pastes)
	})

	t.Run("StaleBatchRunsWhileItsRowsAreClaimedAgain", func(t *testing.T) {
		t.Parallel()
		// The watchdog resets a dead batch, the planner claims the rows
		// again, and while the new batch is between its key read and its
		// blob delete, the old job is retried.
		at := expireStuckClaimTime()
		batchGate := newGate(t)
		b := expireClaimSetup(t, expireHooks{batch: batchGate.parkBatch(batchKeysRead, at, false)})
		pastes := expireClaimedPastes(t, b, at, 30)
		staleID := b.deadBatch(t, at, 30)
		b.runWatchdog(t, map[string]float64{"rows_reset": 30, "claims_reset": 1})

		if job := b.runJob(t, jobs.ExpirePlan{Policy: "pastes"}); job.State != rivertype.JobStateCompleted {
			t.Fatalf("planner ended %s: %v", job.State, job.Errors)
		}
		batchGate.waitReached(t, "new batch after its key read")

		if _, err := b.client.JobRetry(t.Context(), staleID); err != nil {
			t.Fatal(err)
		}
		e := b.checkBatch(t, staleID, db.OutcomeSkipped, 0, 0)
		if e.Detail["reason"] != "claim_reset" {
			t.Errorf("stale batch's detail = %v, want reason claim_reset", e.Detail)
		}
		if got := b.status(t, pastes); got[db.StatusDeletionInProgress] != 30 {
			t.Errorf("after the stale batch: pastes by status = %v, want all 30 held by the new claim", got)
		}
		if n := b.blobsLeft(t, pastes); n != 30 {
			t.Errorf("%d of 30 blobs left after the stale batch, want all", n)
		}

		batchGate.open()
		b.waitIdle(t)
		b.checkAllGone(t, pastes)
		audit, err := db.ListAudit(t.Context(), b.pool, "pastes", 100)
		if err != nil {
			t.Fatal(err)
		}
		var rows, blobs int64
		for _, e := range audit {
			if e.Action == db.ActionExpireBatch {
				rows += e.RowsDeleted
				blobs += e.BlobsDeleted
			}
		}
		if rows != 30 || blobs != 30 {
			t.Errorf("batches audited %d rows and %d blobs, want 30 and 30 (the new batch's)", rows, blobs)
		}
	})
}

// expireStuckClaimTime is the timestamp of a claim made three hours ago,
// past the tests' stuck_after of 2 h.
func expireStuckClaimTime() time.Time {
	return time.Now().Add(-3 * time.Hour).Truncate(time.Microsecond)
}

// expireClaimSetup is expireSetup with the workers' test hooks.
func expireClaimSetup(t *testing.T, hooks expireHooks) *expireBundle {
	t.Helper()
	cfg, err := config.Parse([]byte(fmt.Sprintf(expirePolicyYAML, "")), nil)
	if err != nil {
		t.Fatalf("config: %v", err)
	}
	if err := cfg.Validate(); err != nil {
		t.Fatalf("config: %v", err)
	}
	b := &expireBundle{pool: testenv.MigratedPool(t), store: testenv.S3Store(t), cfg: cfg}
	b.deps = &Deps{Config: cfg, Pool: b.pool, Blobs: b.store, Logger: slog.New(slog.DiscardHandler), Metrics: metrics.New()}
	b.client = startClient(t, b.pool, b.deps, func(w *river.Workers, d *Deps) error {
		return registerExpireHooked(w, d, hooks)
	}, 4)
	return b
}

// expireClaimedPastes inserts n expired pastes with blobs, claimed at at.
func expireClaimedPastes(t *testing.T, b *expireBundle, at time.Time, n int) []paste {
	t.Helper()
	pastes := expireInsertPastes(t, b.pool, b.store, n, time.Now().Add(-4*time.Hour))
	expireSetClaim(t, b.pool, pastes, at)
	return pastes
}

// deadBatch inserts the batch job of the claim made at at and cancels it
// before it runs: River holds it no longer alive, as after its last failed
// attempt.
func (b *expireBundle) deadBatch(t *testing.T, at time.Time, rows int) int64 {
	t.Helper()
	opts := expireBatchInsertOpts()
	opts.ScheduledAt = time.Now().Add(time.Hour)
	res, err := b.client.Insert(t.Context(), jobs.ExpireBatch{Policy: "pastes", ClaimedAt: at, Rows: rows}, opts)
	if err != nil {
		t.Fatal(err)
	}
	job, err := b.client.JobCancel(t.Context(), res.Job.ID)
	if err != nil {
		t.Fatal(err)
	}
	if job.State != rivertype.JobStateCancelled {
		t.Fatalf("cancelled batch job is %s", job.State)
	}
	return job.ID
}

// runWatchdog runs the watchdog as a job and checks its audit entry.
func (b *expireBundle) runWatchdog(t *testing.T, want map[string]float64) {
	t.Helper()
	if job := b.runJob(t, jobs.ExpireWatchdog{Policy: "pastes"}); job.State != rivertype.JobStateCompleted {
		t.Fatalf("watchdog ended %s: %v", job.State, job.Errors)
	}
	b.checkWatchdogAudit(t, want)
}

// checkWatchdogAudit checks the fields of the newest watchdog audit entry.
func (b *expireBundle) checkWatchdogAudit(t *testing.T, want map[string]float64) {
	t.Helper()
	audit, err := db.SearchAudit(t.Context(), b.pool, db.AuditFilter{Policy: "pastes", Action: db.ActionWatchdog}, 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(audit) != 1 {
		t.Fatalf("no watchdog audit entry, want one with %v", want)
	}
	for k, v := range want {
		if audit[0].Detail[k] != v {
			t.Errorf("watchdog audit detail %v: %s = %v, want %v", audit[0].Detail, k, audit[0].Detail[k], v)
		}
	}
}

// checkBatch waits for the final audit entry of batch job id (written with
// the job's completion) and checks it; it returns the entry.
func (b *expireBundle) checkBatch(t *testing.T, id int64, outcome string, rows, blobs int64) db.AuditEntry {
	t.Helper()
	var final *db.AuditEntry
	testenv.WaitUntil(t, 30*time.Second, fmt.Sprintf("batch job %d to finish", id), func() (bool, error) {
		audit, err := db.SearchAudit(t.Context(), b.pool, db.AuditFilter{Policy: "pastes", Action: db.ActionExpireBatch}, 100)
		for _, e := range audit {
			if e.JobID != nil && *e.JobID == id && e.Outcome != db.OutcomeError {
				final = &e
			}
		}
		return final != nil, err
	})
	if final.Outcome != outcome || final.RowsDeleted != rows || final.BlobsDeleted != blobs {
		t.Errorf("batch %d audited %s with %d rows, %d blobs; want %s, %d, %d", id, final.Outcome, final.RowsDeleted, final.BlobsDeleted, outcome, rows, blobs)
	}
	return *final
}

// checkHoldClaim fails t unless n rows hold the claim made at at: a batch
// between two steps still owns its rows, blobs deleted or not.
func (b *expireBundle) checkHoldClaim(t *testing.T, at time.Time, n int) {
	t.Helper()
	var holding int
	if err := b.pool.QueryRow(t.Context(), `
		SELECT count(*) FROM pastes WHERE deletion_status = 'DELETION_IN_PROGRESS' AND deletion_initiated_at = $1`, at).Scan(&holding); err != nil {
		t.Fatal(err)
	}
	if holding != n {
		t.Errorf("%d rows hold the claim, want %d", holding, n)
	}
}

// checkKeptRowsHaveBlobs fails t for every paste whose row exists while its
// blob is gone.
func (b *expireBundle) checkKeptRowsHaveBlobs(t *testing.T, pastes []paste) {
	t.Helper()
	rows, err := b.pool.Query(t.Context(), `SELECT id FROM pastes WHERE id = ANY($1)`, expireIDs(pastes))
	if err != nil {
		t.Fatal(err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		t.Fatal(err)
	}
	kept := map[int64]bool{}
	for _, id := range ids {
		kept[id] = true
	}
	for _, p := range pastes {
		if !kept[p.ID] {
			continue
		}
		if ok, err := b.store.Exists(t.Context(), p.BlobKey); err != nil {
			t.Fatal(err)
		} else if !ok {
			t.Errorf("paste %d is kept but its blob %s is gone", p.ID, p.BlobKey)
		}
	}
}

// checkAllGone fails t unless every paste and every blob of them is gone.
func (b *expireBundle) checkAllGone(t *testing.T, pastes []paste) {
	t.Helper()
	b.checkKeptRowsHaveBlobs(t, pastes)
	if got := b.status(t, pastes); got[""] != len(pastes) {
		t.Errorf("pastes by status = %v, want all %d gone", got, len(pastes))
	}
	if n := b.blobsLeft(t, pastes); n != 0 {
		t.Errorf("%d blobs of expired pastes left", n)
	}
}

// expireResetStuck resets, as the watchdog does, every claim of table made
// more than stuckAfter ago whose batch job is not alive, and returns how
// many rows it reset.
func expireResetStuck(t *testing.T, pool *pgxpool.Pool, table *db.ExpireTable, stuckAfter time.Duration) int64 {
	t.Helper()
	batches := db.BatchJobs{Schema: config.DefaultRiverSchema, Kind: jobs.KindExpireBatch}
	claims, err := table.StuckClaims(t.Context(), db.Timeouts{}.Pool(pool), stuckAfter, time.Time{}, 1000)
	if err != nil {
		t.Fatal(err)
	}
	var rows int64
	for _, at := range claims {
		err := db.Timeouts{}.InTx(t.Context(), pool, func(tx db.Bounded) error {
			r, err := table.ResetClaim(t.Context(), tx, at, batches)
			rows += r.Rows
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return rows
}

// gate parks the worker that reaches it until the test opens it, forcing an
// interleaving without sleeps.
type gate struct {
	reached     chan struct{}
	opened      chan struct{}
	reachedOnce sync.Once
	openOnce    sync.Once
}

// newGate returns a closed gate, opened at the end of the test at the
// latest so no worker stays parked.
func newGate(t *testing.T) *gate {
	g := &gate{reached: make(chan struct{}), opened: make(chan struct{})}
	t.Cleanup(g.open)
	return g
}

func (g *gate) park(ctx context.Context) error {
	g.reachedOnce.Do(func() { close(g.reached) })
	select {
	case <-g.opened:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (g *gate) open() { g.openOnce.Do(func() { close(g.opened) }) }

func (g *gate) waitReached(t *testing.T, what string) {
	t.Helper()
	select {
	case <-g.reached:
	case <-time.After(30 * time.Second):
		t.Fatalf("timed out waiting for %s", what)
	}
}

// parkBatch is a batch hook parking at step the batch of the claim at at
// (same) or of any other claim (!same).
func (g *gate) parkBatch(step expireBatchStep, at time.Time, same bool) func(context.Context, expireBatchStep, *river.Job[jobs.ExpireBatch]) error {
	return func(ctx context.Context, s expireBatchStep, job *river.Job[jobs.ExpireBatch]) error {
		if s != step || job.Args.ClaimedAt.Equal(at) != same {
			return nil
		}
		return g.park(ctx)
	}
}

// parkWatchdog is a watchdog hook parking before the reset of the claim at
// at.
func (g *gate) parkWatchdog(at time.Time) func(context.Context, time.Time) error {
	return func(ctx context.Context, claimedAt time.Time) error {
		if !claimedAt.Equal(at) {
			return nil
		}
		return g.park(ctx)
	}
}

// watchdogMeetsRetriedBatch parks the watchdog at a dead claim of 30 rows,
// has an operator retry the claim's batch until it parks at step, lets the
// watchdog finish and checks its audit (want) and that the rows still hold
// the claim, then lets the batch delete them all.
func watchdogMeetsRetriedBatch(t *testing.T, step expireBatchStep, want map[string]float64) {
	t.Helper()
	at := expireStuckClaimTime()
	batchGate, watchdogGate := newGate(t), newGate(t)
	b := expireClaimSetup(t, expireHooks{
		batch:    batchGate.parkBatch(step, at, true),
		watchdog: watchdogGate.parkWatchdog(at),
	})
	pastes := expireClaimedPastes(t, b, at, 30)
	batchID := b.deadBatch(t, at, 30)
	watchdog, err := b.client.Insert(t.Context(), jobs.ExpireWatchdog{Policy: "pastes"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	watchdogGate.waitReached(t, "watchdog at the dead claim")
	if _, err := b.client.JobRetry(t.Context(), batchID); err != nil {
		t.Fatal(err)
	}
	batchGate.waitReached(t, "retried batch at "+string(step))
	watchdogGate.open()
	if job := b.waitJob(t, watchdog.Job.ID); job.State != rivertype.JobStateCompleted {
		t.Fatalf("watchdog ended %s: %v", job.State, job.Errors)
	}
	b.checkWatchdogAudit(t, want)
	b.checkHoldClaim(t, at, 30)

	batchGate.open()
	b.checkBatch(t, batchID, db.OutcomeOK, 30, 30)
	b.checkAllGone(t, pastes)
}
