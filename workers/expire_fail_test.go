package workers

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync/atomic"
	"testing"
	"time"

	dto "github.com/prometheus/client_model/go"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertype"

	"github.com/lethehq/lethe/blob"
	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/internal/metrics"
	"github.com/lethehq/lethe/internal/testenv"
	"github.com/lethehq/lethe/jobs"
)

// TestExpireBatchFailure stops a batch after the blob store deleted its
// blobs and before its rows go, in each way a batch can stop there, with a
// real River client and versitygw. In each, no row of the batch is ever
// given back to the planner with its blob gone, every row ends deleted, and
// the audit counts each blob once.
func TestExpireBatchFailure(t *testing.T) {
	t.Parallel()

	t.Run("CancelledWhileFrozenAfterTheStoreDeleted", func(t *testing.T) {
		t.Parallel()
		// A worker frozen (SIGSTOP) in its blob store call while the store
		// deletes the blobs; an operator cancels the job in River UI; the
		// worker resumes, sees its context cancelled and the request
		// lost, and fails.
		frozen := newGate(t)
		var callCtx atomic.Pointer[context.Context]
		faults := &faultStore{after: func(ctx context.Context, call int, n int, err error) (int, error) {
			if call > 1 {
				return n, err
			}
			callCtx.Store(&ctx)
			frozen.reachedOnce.Do(func() { close(frozen.reached) })
			<-frozen.opened // frozen: deaf to its context
			if ctx.Err() != nil {
				return 0, ctx.Err() // the response is lost with the cancelled request
			}
			return n, err
		}}
		b := expireFaultSetup(t, faults)
		pastes := expireInsertPastes(t, b.pool, b.store, 30, time.Now().Add(-time.Hour))
		if job := b.runJob(t, jobs.ExpirePlan{Policy: "pastes"}); job.State != rivertype.JobStateCompleted {
			t.Fatalf("planner ended %s: %v", job.State, job.Errors)
		}
		frozen.waitReached(t, "batch frozen after the store deleted its blobs")
		if n := b.blobsLeft(t, pastes); n != 0 {
			t.Fatalf("%d blobs left after the store's delete, want 0", n)
		}
		batchID := b.batchJobID(t)

		// The operator's River UI is another client.
		operator, err := river.NewClient(riverpgxv5.New(b.pool), &river.Config{Schema: config.DefaultRiverSchema})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := operator.JobCancel(t.Context(), batchID); err != nil {
			t.Fatal(err)
		}
		testenv.WaitUntil(t, 30*time.Second, "the frozen batch's context to be cancelled", func() (bool, error) {
			ctx := callCtx.Load()
			return ctx != nil && (*ctx).Err() != nil, nil
		})
		frozen.open() // SIGCONT
		if job := b.waitJob(t, batchID); job.State != rivertype.JobStateCancelled {
			t.Fatalf("cancelled batch ended %s, want cancelled", job.State)
		}
		b.checkFailedBatch(t, pastes, batchID, 30)

		// The watchdog finishes the claim at once, young as it is: the
		// operator's cancel cannot leave rows without blobs.
		b.runWatchdog(t, map[string]float64{"rows_reset": 0, "claims_requeued": 1, "rows_to_finish": 30})
		b.checkBatch(t, batchID, db.OutcomeOK, 30, 0)
		b.checkAllGone(t, pastes)
		b.checkBlobsAudited(t, 30)
		if faults.calls.Load() != 2 {
			t.Errorf("%d blob store calls, want 2 (the frozen one and the finishing one)", faults.calls.Load())
		}
	})

	t.Run("DiscardedAfterItsLastAttempt", func(t *testing.T) {
		t.Parallel()
		// The store deletes the blobs and the connection breaks before
		// its answer, on the job's last attempt: River discards the job.
		// The claim is three hours old, past stuck_after.
		b := expireFaultSetup(t, &faultStore{after: func(ctx context.Context, call int, n int, err error) (int, error) {
			if call == 1 {
				return 0, errors.New("read tcp: connection reset by peer")
			}
			return n, err
		}})
		at := expireStuckClaimTime()
		pastes := expireClaimedPastes(t, b, at, 30)
		opts := expireBatchInsertOpts()
		opts.MaxAttempts = 1
		res, err := b.client.Insert(t.Context(), jobs.ExpireBatch{Policy: "pastes", ClaimedAt: at, Rows: 30}, opts)
		if err != nil {
			t.Fatal(err)
		}
		if job := b.waitJob(t, res.Job.ID); job.State != rivertype.JobStateDiscarded {
			t.Fatalf("batch on its last attempt ended %s, want discarded", job.State)
		}
		b.checkFailedBatch(t, pastes, res.Job.ID, 30)

		b.runWatchdog(t, map[string]float64{"rows_reset": 0, "claims_reset": 0, "claims_requeued": 1, "rows_to_finish": 30})
		b.checkBatch(t, res.Job.ID, db.OutcomeOK, 30, 0)
		b.checkAllGone(t, pastes)
		b.checkBlobsAudited(t, 30)
	})

	t.Run("DiscardedJobCleanedAway", func(t *testing.T) {
		t.Parallel()
		// As above, and River's cleaner removed the discarded job before
		// the watchdog ran: the watchdog queues a new job for the claim.
		b := expireFaultSetup(t, &faultStore{after: func(ctx context.Context, call int, n int, err error) (int, error) {
			if call == 1 {
				return 0, errors.New("read tcp: connection reset by peer")
			}
			return n, err
		}})
		at := expireStuckClaimTime()
		pastes := expireClaimedPastes(t, b, at, 30)
		opts := expireBatchInsertOpts()
		opts.MaxAttempts = 1
		res, err := b.client.Insert(t.Context(), jobs.ExpireBatch{Policy: "pastes", ClaimedAt: at, Rows: 30}, opts)
		if err != nil {
			t.Fatal(err)
		}
		if job := b.waitJob(t, res.Job.ID); job.State != rivertype.JobStateDiscarded {
			t.Fatalf("batch on its last attempt ended %s, want discarded", job.State)
		}
		b.checkFailedBatch(t, pastes, res.Job.ID, 30)
		if _, err := b.client.JobDelete(t.Context(), res.Job.ID); err != nil {
			t.Fatal(err)
		}

		b.runWatchdog(t, map[string]float64{"rows_reset": 0, "claims_requeued": 1, "rows_to_finish": 30})
		b.waitIdle(t)
		b.checkAllGone(t, pastes)
		b.checkBlobsAudited(t, 30)
		var args string
		if err := b.pool.QueryRow(t.Context(), `
			SELECT args->>'rows' FROM lethe.river_job WHERE kind = 'lethe.expire_batch' AND state = 'completed'`).Scan(&args); err != nil {
			t.Fatal(err)
		}
		if args != "30" {
			t.Errorf("the watchdog's batch job names %s rows, want 30", args)
		}
	})

	t.Run("TimedOutAfterTheStoreDeleted", func(t *testing.T) {
		t.Parallel()
		// The store answers as the batch's timeout runs out: its row
		// delete fails. River retries the job; the retry is held in its
		// store call while the watchdog runs over the stuck claim.
		retry := newGate(t)
		b := expireFaultSetup(t, &faultStore{after: func(ctx context.Context, call int, n int, err error) (int, error) {
			switch call {
			case 1:
				<-ctx.Done()
			case 2:
				_ = retry.park(context.WithoutCancel(ctx))
			}
			return n, err
		}}, func(p *config.Expire) {
			p.BatchTimeout = config.Duration(5 * time.Second)
			p.StatementTimeout = config.Duration(2 * time.Second)
		})
		at := expireStuckClaimTime()
		pastes := expireClaimedPastes(t, b, at, 30)
		res, err := b.client.Insert(t.Context(), jobs.ExpireBatch{Policy: "pastes", ClaimedAt: at, Rows: 30}, expireBatchInsertOpts())
		if err != nil {
			t.Fatal(err)
		}
		retry.waitReached(t, "the retried batch in its store call")
		b.checkFailedBatch(t, pastes, res.Job.ID, 30)
		b.runWatchdog(t, map[string]float64{"rows_reset": 0, "claims_alive": 1, "claims_requeued": 0})

		retry.open()
		b.checkBatch(t, res.Job.ID, db.OutcomeOK, 30, 0)
		b.checkAllGone(t, pastes)
		b.checkBlobsAudited(t, 30)
	})

	t.Run("PartialDeleteThenRetryCountsEachBlobOnce", func(t *testing.T) {
		t.Parallel()
		// The first attempt deletes half of the blobs and fails; the retry
		// deletes them all, the store counting the missing half as deleted
		// again. The audit and the metric count 60 blobs, not 90.
		b := expireFaultSetup(t, &faultStore{delete: func(ctx context.Context, store blob.Store, call int, keys []string) (int, error) {
			if call == 1 {
				n, _ := store.Delete(ctx, keys[:len(keys)/2])
				return n, errors.New("blob store: 503 Slow Down")
			}
			return store.Delete(ctx, keys)
		}})
		pastes := expireInsertPastes(t, b.pool, b.store, 60, time.Now().Add(-time.Hour))
		if job := b.runJob(t, jobs.ExpirePlan{Policy: "pastes"}); job.State != rivertype.JobStateCompleted {
			t.Fatalf("planner ended %s: %v", job.State, job.Errors)
		}
		batchID := b.batchJobID(t)
		b.checkBatch(t, batchID, db.OutcomeOK, 60, 30)
		b.checkAllGone(t, pastes)
		audit := b.checkBlobsAudited(t, 60)
		var failed int
		for _, e := range audit {
			if e.Outcome == db.OutcomeError {
				failed++
				if e.BlobsDeleted != 30 {
					t.Errorf("failed attempt audited %d blobs, want the 30 it deleted", e.BlobsDeleted)
				}
			}
		}
		if failed != 1 {
			t.Errorf("%d failed attempts audited, want 1", failed)
		}
		var m dto.Metric
		if err := b.deps.Metrics.BlobsDeleted.WithLabelValues("pastes").Write(&m); err != nil {
			t.Fatal(err)
		}
		if got := m.GetCounter().GetValue(); got != 60 {
			t.Errorf("lethe_blobs_deleted_total = %v, want 60", got)
		}
	})
}

// expireFaultSetup is expireClaimSetup with the workers' blob store the
// real one wrapped in faults.
func expireFaultSetup(t *testing.T, faults *faultStore, mutate ...func(p *config.Expire)) *expireBundle {
	t.Helper()
	cfg, err := config.Parse([]byte(fmt.Sprintf(expirePolicyYAML, "")), nil)
	if err != nil {
		t.Fatalf("config: %v", err)
	}
	for _, m := range mutate {
		m(cfg.Expire("pastes"))
	}
	if err := cfg.Validate(); err != nil {
		t.Fatalf("config: %v", err)
	}
	b := &expireBundle{pool: testenv.MigratedPool(t), store: testenv.S3Store(t), cfg: cfg}
	faults.Store = b.store
	b.deps = &Deps{Config: cfg, Pool: b.pool, Blobs: faults, Logger: slog.New(slog.DiscardHandler), Metrics: metrics.New()}
	b.client = startClient(t, b.pool, b.deps, registerExpire, 4)
	return b
}

// faultStore is a real blob store whose deletes a test can break: delete,
// when set, replaces the real delete; after, when set, runs after it with
// its result and returns what the batch sees. Calls count from 1.
type faultStore struct {
	blob.Store
	calls  atomic.Int32
	delete func(ctx context.Context, store blob.Store, call int, keys []string) (int, error)
	after  func(ctx context.Context, call int, n int, err error) (int, error)
}

func (s *faultStore) Delete(ctx context.Context, keys []string) (int, error) {
	call := int(s.calls.Add(1))
	var (
		n   int
		err error
	)
	if s.delete != nil {
		n, err = s.delete(ctx, s.Store, call, keys)
	} else {
		n, err = s.Store.Delete(ctx, keys)
	}
	if s.after != nil {
		return s.after(ctx, call, n, err)
	}
	return n, err
}

// batchJobID returns the id of the only batch job.
func (b *expireBundle) batchJobID(t *testing.T) int64 {
	t.Helper()
	var id int64
	if err := b.pool.QueryRow(t.Context(), `SELECT id FROM lethe.river_job WHERE kind = 'lethe.expire_batch'`).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

// checkFailedBatch checks pastes after their batch job id failed once its
// blobs were gone: every row still claimed (none given back to the planner
// without its blob), and the failed attempt's audit entry counting the
// blobs the store deleted.
func (b *expireBundle) checkFailedBatch(t *testing.T, pastes []paste, id int64, blobs int64) {
	t.Helper()
	if got := b.status(t, pastes); got[db.StatusDeletionInProgress] != len(pastes) {
		t.Errorf("after the failed batch: pastes by status = %v, want all %d still claimed", got, len(pastes))
	}
	if n := b.blobsLeft(t, pastes); n != 0 {
		t.Errorf("after the failed batch: %d blobs left, want 0", n)
	}
	audit, err := db.SearchAudit(t.Context(), b.pool, db.AuditFilter{Policy: "pastes", Action: db.ActionExpireBatch}, 100)
	if err != nil {
		t.Fatal(err)
	}
	var failed *db.AuditEntry
	for _, e := range audit {
		if e.JobID != nil && *e.JobID == id && e.Outcome == db.OutcomeError {
			failed = &e
		}
	}
	switch {
	case failed == nil:
		t.Errorf("no error audit entry for batch %d", id)
	case failed.BlobsDeleted != blobs || failed.RowsDeleted != 0:
		t.Errorf("failed batch audited %d rows, %d blobs; want 0 rows, %d blobs (what the store deleted)", failed.RowsDeleted, failed.BlobsDeleted, blobs)
	}
}

// checkBlobsAudited fails t unless the expire_batch audit entries count
// want blobs in all, and returns them.
func (b *expireBundle) checkBlobsAudited(t *testing.T, want int64) []db.AuditEntry {
	t.Helper()
	audit, err := db.SearchAudit(t.Context(), b.pool, db.AuditFilter{Policy: "pastes", Action: db.ActionExpireBatch}, 1000)
	if err != nil {
		t.Fatal(err)
	}
	var sum int64
	for _, e := range audit {
		sum += e.BlobsDeleted
	}
	if sum != want {
		t.Errorf("audit entries count %d blobs deleted in all, want %d", sum, want)
	}
	return audit
}
