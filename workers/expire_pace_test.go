package workers

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"

	"github.com/lethehq/lethe/blob"
	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/internal/metrics"
	"github.com/lethehq/lethe/internal/testenv"
	"github.com/lethehq/lethe/jobs"
)

// TestExpirePlannerPaces: with a pacing block, the planner's claims start
// at pacing.min_batch_size and stay there while another application uses
// the database and the probe is over the target (1µs: always), and are
// back at batch_size once it stops.
func TestExpirePlannerPaces(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	b := expireSetup(t, "    pacing: {target_p99: 1us, min_batch_size: 10, max_pause: 20ms}\n")

	claims := func() []int {
		t.Helper()
		rows, err := b.pool.Query(ctx, `SELECT (args->>'rows')::int FROM lethe.river_job WHERE kind = $1 ORDER BY id`, jobs.KindExpireBatch)
		if err != nil {
			t.Fatal(err)
		}
		sizes, err := pgx.CollectRows(rows, pgx.RowTo[int])
		if err != nil {
			t.Fatal(err)
		}
		if _, err := b.pool.Exec(ctx, `DELETE FROM lethe.river_job WHERE kind = $1 AND finalized_at IS NOT NULL`, jobs.KindExpireBatch); err != nil {
			t.Fatal(err)
		}
		return sizes
	}
	plan := func(what string) []int {
		t.Helper()
		b.plan(t)
		sizes := claims()
		t.Logf("%s: claims %v", what, sizes)
		return sizes
	}

	stopFG := appBusy(t, b.pool, sleepStatement)
	expireInsertPastes(t, b.pool, nil, 250, time.Now().Add(-time.Hour))
	sizes := plan("under load")
	if len(sizes) != 25 || slices.Max(sizes) != 10 {
		t.Fatalf("under load: claims %v; want 25 claims of pacing.min_batch_size 10", sizes)
	}

	stopFG()
	testenv.WaitUntil(t, 10*time.Second, "the foreground to go quiet", func() (bool, error) {
		l, err := db.ReadForegroundLoad(ctx, b.pool)
		return l.Busy == 0, err
	})
	expireInsertPastes(t, b.pool, nil, 250, time.Now().Add(-time.Hour))
	if sizes := plan("after the load"); fmt.Sprint(sizes) != "[100 100 50]" {
		t.Fatalf("after the load: claims %v; want full claims [100 100 50]", sizes)
	}
}

// TestExpireDeletePaces: under a foreground load, the batches of a policy
// without a blob column run one at a time, each deleting its whole range in
// the controller's chunks (pacing.min_batch_size while every probe is over
// the target), so one planner run deletes every due row.
func TestExpireDeletePaces(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	b := expireSetup(t, "    pacing: {target_p99: 1us, min_batch_size: 10, max_pause: 5ms}\n",
		func(p *config.Expire) { p.BlobKeyColumn, p.BlobPrefix = "", "" })
	noteDeletes(t, b, 20*time.Millisecond)
	appBusy(t, b.pool, sleepStatement)
	expired := expireInsertPastes(t, b.pool, nil, 250, time.Now().Add(-time.Hour))

	b.plan(t)
	if got := b.status(t, expired); got[""] != 250 {
		t.Fatalf("after one planner run: expired pastes by status = %v, want all gone", got)
	}
	if n := b.jobCount(t, jobs.KindExpireDelete); n != 3 {
		t.Errorf("%d expire_delete jobs, want 3 (250 rows at batch_size 100)", n)
	}
	audit, err := db.ListAudit(ctx, b.pool, "pastes", 100)
	if err != nil {
		t.Fatal(err)
	}
	var chunks int
	for _, e := range audit {
		if e.RowsDeleted > 10 {
			t.Errorf("audit entry of %d rows, want chunks of at most pacing.min_batch_size 10", e.RowsDeleted)
		}
		if e.RowsDeleted > 0 {
			chunks++
		}
	}
	if chunks < 25 {
		t.Errorf("%d chunks deleted rows, want at least 25", chunks)
	}
	checkOneAtATime(t, "delete", deleteSpans(t, b))
	// Every paced chunk was over the target, and the metrics say so. A
	// chunk that ran while the foreground session was between two of its
	// statements was not paced and has no verdict: on a busy machine that
	// happens to a few.
	pace := b.deps.Metrics.Pace
	if over := metricValue(t, pace.Batches.WithLabelValues("pastes", metrics.PaceOver)); over < float64(chunks)*0.8 {
		t.Errorf("lethe_pace_batches_total over = %v, want at least 80%% of the %d chunks", over, chunks)
	}
	if within := metricValue(t, pace.Batches.WithLabelValues("pastes", metrics.PaceWithin)); within != 0 {
		t.Errorf("lethe_pace_batches_total within = %v, want 0 (every probe is over 1µs)", within)
	}
}

// TestPaceMetricsCountBatchesWithinTheLimits: under a foreground load that
// the batches do not slow beyond the limits (which no probe should reach),
// the paced batches count as within them, and the slowdown the sampler
// measured during the batches is observed.
func TestPaceMetricsCountBatchesWithinTheLimits(t *testing.T) {
	t.Parallel()
	b := expireSetup(t, "    pacing: {target_p99: 10s, max_slowdown: 100, min_batch_size: 10, max_pause: 5ms}\n",
		func(p *config.Expire) { p.BlobKeyColumn, p.BlobPrefix = "", "" })
	noteDeletes(t, b, 20*time.Millisecond) // each chunk runs long enough to be probed
	appBusy(t, b.pool, sleepStatement)
	expired := expireInsertPastes(t, b.pool, nil, 250, time.Now().Add(-time.Hour))

	b.plan(t)
	if got := b.status(t, expired); got[""] != 250 {
		t.Fatalf("after one planner run: expired pastes by status = %v, want all gone", got)
	}
	pace := b.deps.Metrics.Pace
	// A probe 100 times its baseline is possible on a loaded test machine,
	// so a batch counted over is not a failure; none counted within is.
	within := metricValue(t, pace.Batches.WithLabelValues("pastes", metrics.PaceWithin))
	over := metricValue(t, pace.Batches.WithLabelValues("pastes", metrics.PaceOver))
	if within < 1 || over > within {
		t.Errorf("lethe_pace_batches_total: within %v, over %v; want mostly within", within, over)
	}
	var slowdown dto.Metric
	if err := pace.Slowdown.WithLabelValues("pastes").(prometheus.Metric).Write(&slowdown); err != nil {
		t.Fatal(err)
	}
	if n := slowdown.GetHistogram().GetSampleCount(); n < 1 || float64(n) > within+over {
		t.Errorf("lethe_pace_slowdown observed %d batches, want between 1 and the %v paced ones", n, within+over)
	}
}

// TestExpireBatchPaces: under a foreground load, the claimed batches of a
// policy with blobs run one at a time, their blob deletes and their row
// deletes alike, though River runs four of them at once; their blob deletes
// go through the store's yielding side (one file at a time on a local
// store); and every row and blob still goes.
func TestExpireBatchPaces(t *testing.T) {
	t.Parallel()
	b := expireSetup(t, "    pacing: {target_p99: 1us, min_batch_size: 10, max_pause: 5ms}\n")
	noteDeletes(t, b, 20*time.Millisecond)
	appBusy(t, b.pool, sleepStatement)
	expired := expireInsertPastes(t, b.pool, b.store, 120, time.Now().Add(-time.Hour))

	b.plan(t)
	b.checkAllGone(t, expired)
	spans := deleteSpans(t, b)
	if len(spans) != 12 {
		t.Fatalf("%d deletes, want 12 (claims of pacing.min_batch_size 10)", len(spans))
	}
	blobSpans := b.blobs.deletes()
	if len(blobSpans) != 12 {
		t.Fatalf("%d blob deletes, want 12 (one a batch)", len(blobSpans))
	}
	if n := b.blobs.yieldedDeletes(); n != len(blobSpans) {
		t.Errorf("%d of %d blob deletes went through the store's yielding side, want all (one file at a time on a local store)", n, len(blobSpans))
	}
	checkOneAtATime(t, "delete", spans)
	// One batch at a time: the k-th blob delete and the k-th row delete
	// are one batch's, from the start of the first to the end of the
	// second, and no two batches overlap.
	batches := make([]deleteSpan, len(spans))
	for k := range spans {
		batches[k] = deleteSpan{From: blobSpans[k].From, To: spans[k].To}
	}
	checkOneAtATime(t, "batch", batches)
}

// TestExpireBatchGivesItsTurnBackOnFailure: a claimed batch whose delete
// fails after it took the policy's turn gives the turn back, so the other
// batches go on and River's retry of the failed one deletes its rows.
func TestExpireBatchGivesItsTurnBackOnFailure(t *testing.T) {
	t.Parallel()
	b := expireSetup(t, "    pacing: {target_p99: 1us, min_batch_size: 10, max_pause: 5ms}\n")
	if _, err := b.pool.Exec(t.Context(), `
		CREATE SEQUENCE deletes_tried;
		CREATE FUNCTION fail_first_delete() RETURNS trigger LANGUAGE plpgsql AS $$
		BEGIN
			IF nextval('deletes_tried') = 1 THEN RAISE EXCEPTION 'the first delete fails'; END IF;
			RETURN NULL;
		END $$;
		CREATE TRIGGER fail_first_delete BEFORE DELETE ON pastes FOR EACH STATEMENT EXECUTE FUNCTION fail_first_delete()`); err != nil {
		t.Fatal(err)
	}
	appBusy(t, b.pool, sleepStatement)
	expired := expireInsertPastes(t, b.pool, b.store, 30, time.Now().Add(-time.Hour))

	b.plan(t)
	b.checkAllGone(t, expired)
	var failed int
	if err := b.pool.QueryRow(t.Context(), `SELECT count(*) FROM lethe.river_job WHERE kind = $1 AND attempt > 1`, jobs.KindExpireBatch).Scan(&failed); err != nil {
		t.Fatal(err)
	}
	if failed != 1 {
		t.Errorf("%d batches retried, want the one whose delete failed", failed)
	}
}

// TestExpireDeleteJobPausesAfterItsLastChunk: a job whose whole range is
// one chunk (batch_size no larger than the controller's batch) is measured
// and followed by the controller's pause like any other chunk, so a
// policy's jobs stay paced after its controller has grown to the whole
// range. Every probe is over the target here: the pauses after the jobs
// double towards pacing.max_pause.
func TestExpireDeleteJobPausesAfterItsLastChunk(t *testing.T) {
	t.Parallel()
	b := expireSetup(t, "    pacing: {target_p99: 1us, min_batch_size: 10, max_pause: 40ms}\n",
		func(p *config.Expire) { p.BlobKeyColumn, p.BlobPrefix, p.BatchSize = "", "", 10 })
	noteDeletes(t, b, 0)
	appBusy(t, b.pool, sleepStatement)
	expired := expireInsertPastes(t, b.pool, nil, 120, time.Now().Add(-time.Hour))

	b.plan(t)
	if got := b.status(t, expired); got[""] != 120 {
		t.Fatalf("expired pastes by status = %v, want all gone", got)
	}
	spans := deleteSpans(t, b)
	if len(spans) != 12 {
		t.Fatalf("%d deletes, want 12 (one a job)", len(spans))
	}
	// The pauses after the first eleven jobs: 1, 2, 4, 8, 16, 32ms, then
	// 40ms five times, 263ms in all, each before the next job's delete.
	var gaps time.Duration
	for i := 1; i < len(spans); i++ {
		gaps += spans[i].From.Sub(spans[i-1].To)
	}
	if gaps < 250*time.Millisecond {
		t.Fatalf("the deletes were %s apart in all; want at least 250ms of pauses between the jobs", gaps)
	}
}

// noteDeletes makes every delete statement on pastes note when it ran, by
// transaction, and take at least took.
func noteDeletes(t *testing.T, b *expireBundle, took time.Duration) {
	t.Helper()
	if _, err := b.pool.Exec(t.Context(), fmt.Sprintf(`
		CREATE TABLE deletes_seen (xid bigint, at timestamptz);
		CREATE FUNCTION note_delete() RETURNS trigger LANGUAGE plpgsql AS $$
		BEGIN
			INSERT INTO deletes_seen VALUES (txid_current(), clock_timestamp());
			IF TG_WHEN = 'BEFORE' THEN PERFORM pg_sleep(%f); END IF;
			RETURN NULL;
		END $$;
		CREATE TRIGGER note_delete_before BEFORE DELETE ON pastes FOR EACH STATEMENT EXECUTE FUNCTION note_delete();
		CREATE TRIGGER note_delete_after AFTER DELETE ON pastes FOR EACH STATEMENT EXECUTE FUNCTION note_delete()`, took.Seconds())); err != nil {
		t.Fatal(err)
	}
}

// deleteSpan is when one delete statement noted by noteDeletes ran.
type deleteSpan struct{ From, To time.Time }

// deleteSpans returns the delete statements noted by noteDeletes, in the
// order they began.
func deleteSpans(t *testing.T, b *expireBundle) []deleteSpan {
	t.Helper()
	rows, err := b.pool.Query(t.Context(), `SELECT min(at), max(at) FROM deletes_seen GROUP BY xid ORDER BY min(at)`)
	if err != nil {
		t.Fatal(err)
	}
	spans, err := pgx.CollectRows(rows, pgx.RowToStructByPos[deleteSpan])
	if err != nil {
		t.Fatal(err)
	}
	return spans
}

// checkOneAtATime fails t unless each of spans (what names them) ended
// before the next one began.
func checkOneAtATime(t *testing.T, what string, spans []deleteSpan) {
	t.Helper()
	for i := 1; i < len(spans); i++ {
		if spans[i].From.Before(spans[i-1].To) {
			t.Fatalf("%s %d ran %s – %s, overlapping the one before (%s – %s); want one at a time",
				what, i, spans[i].From.Format(time.StampMicro), spans[i].To.Format(time.StampMicro),
				spans[i-1].From.Format(time.StampMicro), spans[i-1].To.Format(time.StampMicro))
		}
	}
}

// sleepStatement keeps a session busy for a minute at a time.
func sleepStatement(int) string { return `SELECT pg_sleep(60)` }

// spanStore is a blob.Store that notes when each Delete ran, and how many
// went through its Yielding store.
type spanStore struct {
	blob.Store
	mu      sync.Mutex
	seen    []deleteSpan
	yielded int
}

func (s *spanStore) Delete(ctx context.Context, keys []string) (int, error) {
	return s.note(ctx, s.Store, keys, false)
}

// Yielding is the store as blob.Yielding hands it to a paced batch: the
// wrapped store's yielding one, its deletes noted too.
func (s *spanStore) Yielding() blob.Store { return yieldingSpanStore{s} }

type yieldingSpanStore struct{ *spanStore }

func (y yieldingSpanStore) Delete(ctx context.Context, keys []string) (int, error) {
	return y.note(ctx, blob.Yielding(y.Store), keys, true)
}

func (s *spanStore) note(ctx context.Context, store blob.Store, keys []string, yielding bool) (int, error) {
	from := time.Now()
	n, err := store.Delete(ctx, keys)
	s.mu.Lock()
	s.seen = append(s.seen, deleteSpan{From: from, To: time.Now()})
	if yielding {
		s.yielded++
	}
	s.mu.Unlock()
	return n, err
}

// yieldedDeletes returns how many Delete calls went through the yielding
// store.
func (s *spanStore) yieldedDeletes() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.yielded
}

// deletes returns the Delete calls so far, in the order they began.
func (s *spanStore) deletes() []deleteSpan {
	s.mu.Lock()
	defer s.mu.Unlock()
	spans := slices.Clone(s.seen)
	slices.SortFunc(spans, func(a, b deleteSpan) int { return a.From.Compare(b.From) })
	return spans
}
