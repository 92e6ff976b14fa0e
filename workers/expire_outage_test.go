package workers

import (
	"context"
	"fmt"
	"log/slog"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/lethehq/lethe/blob"
	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/internal/metrics"
	"github.com/lethehq/lethe/internal/testenv"
	"github.com/lethehq/lethe/internal/versitygw"
	"github.com/lethehq/lethe/jobs"
)

// TestExpireRecoversWithinTwoIntervalsOfAnOutage stops the S3 server (a
// private versitygw) before the planner's first run, keeps it down for 40 s
// — so that River's backoff alone (1 s, 16 s, then 81 s) would bring the
// batches back about a minute after the server — and starts it again on
// the same directory. Every expired row and blob must be gone within two
// schedule intervals (20 s each) of its return: one for the retry, and room
// for River's scheduler pass (5 s) and the attempt that fails as the server
// returns (about 4 s against a closed port, lookups included).
func TestExpireRecoversWithinTwoIntervalsOfAnOutage(t *testing.T) {
	t.Parallel()
	const (
		interval = 20 * time.Second
		outage   = 40 * time.Second
	)
	bin, root := expireVersitygw(t)
	srv, stopServer := expireStartVersitygw(t, bin, root)
	opts := blob.S3Options{
		Endpoint: srv.Endpoint, Region: "us-east-1", Bucket: "lethe-outage", PathStyle: true,
		AccessKeyID: versitygw.AccessKey, SecretAccessKey: versitygw.SecretKey, CreateBucket: true,
	}
	first, err := blob.NewS3(t.Context(), opts)
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := config.Parse([]byte(fmt.Sprintf(expirePolicyYAML, `    schedule: "@every 20s"`)), nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := cfg.Validate(); err != nil {
		t.Fatal(err)
	}
	pool := testenv.MigratedPool(t)
	pastes := expireInsertPastes(t, pool, first, 250, time.Now().Add(-time.Hour))

	stopServer()
	down := time.Now()
	store := &switchStore{}
	store.set(first) // its server is gone: every request is refused
	b := &expireBundle{pool: pool, cfg: cfg}
	b.deps = &Deps{Config: cfg, Pool: pool, Blobs: store, Logger: slog.New(slog.DiscardHandler), Metrics: metrics.New()}
	b.client = startClient(t, pool, b.deps, registerExpire, 4)
	// The planner on its schedule, as River's periodic job runs it.
	ctx, stop := context.WithCancel(t.Context())
	defer stop()
	go func() {
		tick := time.NewTicker(interval)
		defer tick.Stop()
		for {
			if _, err := b.client.Insert(ctx, jobs.ExpirePlan{Policy: "pastes"}, nil); err != nil && ctx.Err() == nil {
				t.Errorf("insert planner job: %v", err)
			}
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
			}
		}
	}()

	time.Sleep(time.Until(down.Add(outage))) // the outage
	if got := b.status(t, pastes); got[db.StatusDeletionInProgress] != len(pastes) {
		t.Errorf("during the outage: pastes by status = %v, want all %d claimed", got, len(pastes))
	}
	var failed int
	if err := pool.QueryRow(t.Context(), `
		SELECT count(*) FROM lethe.river_job
		WHERE kind = 'lethe.expire_batch' AND state <> 'completed' AND cardinality(errors) > 0`).Scan(&failed); err != nil {
		t.Fatal(err)
	}
	if failed == 0 {
		t.Errorf("during the outage no batch failed")
	}

	srv, _ = expireStartVersitygw(t, bin, root) // the same buckets, on a new port
	opts.Endpoint, opts.CreateBucket = srv.Endpoint, false
	second, err := blob.NewS3(t.Context(), opts)
	if err != nil {
		t.Fatal(err)
	}
	store.set(second)
	back := time.Now()
	testenv.WaitUntil(t, 4*time.Minute, "every expired paste to go", func() (bool, error) {
		var n int
		err := pool.QueryRow(t.Context(), `SELECT count(*) FROM pastes WHERE id = ANY($1)`, expireIDs(pastes)).Scan(&n)
		return n == 0, err
	})
	took := time.Since(back)
	t.Logf("outage %s, schedule interval %s: every expired row gone %.1f s (%.2f intervals) after the store returned",
		outage, interval, took.Seconds(), float64(took)/float64(interval))
	if took > 2*interval {
		t.Errorf("rows went %s after the store returned, more than two schedule intervals (%s)", took.Round(time.Second), 2*interval)
	}
	b.store = second
	b.checkAllGone(t, pastes)
	b.checkBlobsAudited(t, int64(len(pastes)))
}

// expireVersitygw returns the versitygw binary (installed by testenv when
// missing) and a directory for a private server's buckets.
func expireVersitygw(t *testing.T) (bin, root string) {
	t.Helper()
	testenv.S3(t) // installs versitygw into <repo>/bin when it is nowhere
	bin, ok := versitygw.Find(filepath.Join("..", "bin"))
	if !ok {
		t.Skip("no versitygw binary")
	}
	return bin, t.TempDir()
}

// expireStartVersitygw starts a private versitygw on root; stop kills it,
// at the end of the test at the latest.
func expireStartVersitygw(t *testing.T, bin, root string) (srv *versitygw.Server, stop func()) {
	t.Helper()
	srv, err := versitygw.Start(bin, root, filepath.Join(t.TempDir(), "versitygw.log"))
	if err != nil {
		t.Fatal(err)
	}
	var once sync.Once
	stop = func() { once.Do(srv.Stop) }
	t.Cleanup(stop)
	return srv, stop
}

// switchStore is the workers' view of an S3 server that is stopped and
// started again: versitygw comes back on another port, so the test points
// it at a store for the new one.
type switchStore struct {
	mu    sync.Mutex
	store blob.Store
}

func (s *switchStore) set(store blob.Store) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.store = store
}

func (s *switchStore) current() blob.Store {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.store
}

func (s *switchStore) Put(ctx context.Context, key string, data []byte) error {
	return s.current().Put(ctx, key, data)
}

func (s *switchStore) Get(ctx context.Context, key string) ([]byte, error) {
	return s.current().Get(ctx, key)
}

func (s *switchStore) Exists(ctx context.Context, key string) (bool, error) {
	return s.current().Exists(ctx, key)
}

func (s *switchStore) Delete(ctx context.Context, keys []string) (int, error) {
	return s.current().Delete(ctx, keys)
}

func (s *switchStore) List(ctx context.Context, prefix string, fn func(keys []string) error) error {
	return s.current().List(ctx, prefix, fn)
}

func (s *switchStore) DeletePrefix(ctx context.Context, prefix string) (int, error) {
	return s.current().DeletePrefix(ctx, prefix)
}

func (s *switchStore) Name() string { return s.current().Name() }

// TestExpireBatchRetryIsCapped: a failed batch comes back after River's
// backoff while that is shorter than the policy's schedule interval, and
// within the interval (jittered below it) after that.
func TestExpireBatchRetryIsCapped(t *testing.T) {
	t.Parallel()
	cfg, err := config.Parse([]byte(fmt.Sprintf(expirePolicyYAML, `    schedule: "@every 1m"`)), nil)
	if err != nil {
		t.Fatal(err)
	}
	deps := &Deps{Config: cfg}
	worker := &expireBatchWorker{deps: deps}
	var atCap int
	for failures := range 25 {
		job := &river.Job[jobs.ExpireBatch]{
			JobRow: &rivertype.JobRow{Errors: make([]rivertype.AttemptError, failures)},
			Args:   jobs.ExpireBatch{Policy: "pastes"},
		}
		before := time.Now()
		wait := worker.NextRetry(job).Sub(before)
		river4 := time.Duration(float64(time.Second) * float64((failures+1)*(failures+1)*(failures+1)*(failures+1)))
		switch {
		case wait > time.Minute+time.Second:
			t.Errorf("after %d failures the batch waits %s, more than the 1m interval", failures+1, wait)
		case river4 < 50*time.Second && (wait < river4*9/10-time.Second || wait > river4*11/10+time.Second):
			t.Errorf("after %d failures the batch waits %s, want River's %s ±10%%", failures+1, wait, river4)
		case river4 > 70*time.Second && wait < 54*time.Second-time.Second:
			t.Errorf("after %d failures the batch waits %s, want 54s to 1m", failures+1, wait)
		}
		if river4 > 70*time.Second {
			atCap++
		}
	}
	if atCap == 0 {
		t.Fatal("no attempt reached the cap")
	}
	unknown := &river.Job[jobs.ExpireBatch]{JobRow: &rivertype.JobRow{}, Args: jobs.ExpireBatch{Policy: "gone"}}
	if !worker.NextRetry(unknown).IsZero() {
		t.Errorf("a policy this process does not know: want River's own backoff (the zero time)")
	}
}
