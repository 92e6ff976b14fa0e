package workers

import (
	"context"
	"log/slog"
	"reflect"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertype"

	"github.com/lethehq/lethe/blob"
	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/internal/metrics"
	"github.com/lethehq/lethe/internal/testenv"
)

// deadlineHook records, for each job kind, how long its job had left when
// its work ended: River applies the worker's Timeout() to that context.
type deadlineHook struct {
	river.HookDefaults
	mu   sync.Mutex
	left map[string]time.Duration
}

func (h *deadlineHook) WorkEnd(ctx context.Context, job *rivertype.JobRow, err error) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	if deadline, ok := ctx.Deadline(); ok {
		h.left[job.Kind] = time.Until(deadline)
	}
	return err
}

func (h *deadlineHook) get(kind string) (time.Duration, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	d, ok := h.left[kind]
	return d, ok
}

// TestJobTimeouts: every kind Register adds is one config.JobKinds lists,
// and each registered worker's Timeout() is the one config.JobTimeout gives,
// which validation keeps below river.rescue_stuck_jobs_after. A new kind
// whose timeout validation does not know fails here.
func TestJobTimeouts(t *testing.T) {
	t.Parallel()
	cfg, err := config.Parse(config.Default, nil)
	if err != nil {
		t.Fatal(err)
	}
	store, err := blob.NewLocal(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	pool := testenv.MigratedPool(t)
	deps := &Deps{Config: cfg, Pool: pool, Blobs: store, Logger: slog.New(slog.DiscardHandler), Metrics: metrics.New()}
	workers := river.NewWorkers()
	if err := Register(workers, deps); err != nil {
		t.Fatal(err)
	}
	// River keeps its registrations to itself; reading the kinds is enough.
	var registered []string
	for _, k := range reflect.ValueOf(workers).Elem().FieldByName("workersMap").MapKeys() {
		registered = append(registered, k.String())
	}
	slices.Sort(registered)
	listed := slices.Sorted(slices.Values(config.JobKinds))
	if !slices.Equal(registered, listed) {
		t.Fatalf("registered kinds %v, config.JobKinds %v: list every kind's timeout in config.JobTimeout", registered, listed)
	}

	hook := &deadlineHook{left: map[string]time.Duration{}}
	client, err := river.NewClient(riverpgxv5.New(pool), &river.Config{
		Logger: slog.New(slog.DiscardHandler), Schema: cfg.River.Schema, Workers: workers, Hooks: []rivertype.Hook{hook},
		Queues:     map[string]river.QueueConfig{river.QueueDefault: {MaxWorkers: 4}},
		JobTimeout: cfg.River.JobTimeout.D(), RescueStuckJobsAfter: cfg.River.RescueStuckJobsAfter.D(),
		FetchCooldown: 5 * time.Millisecond, FetchPollInterval: 20 * time.Millisecond, TestOnly: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := client.Start(context.WithoutCancel(t.Context())); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = client.Stop(ctx)
	})

	// Args that fail validation, or name a policy and find nothing to do:
	// each job gets its timeout and ends at once.
	policyOf := map[string]string{}
	for _, p := range cfg.Policies {
		for _, to := range cfg.JobTimeouts() {
			if to.Policy == p.Base().Name {
				policyOf[to.Kind] = to.Policy
			}
		}
	}
	policyOf["lethe.sweep"] = "idempotency"
	policyOf["lethe.orphan_sweep"] = "runs"
	policyOf["lethe.tombstone_gc"] = "runs"
	for _, kind := range config.JobKinds {
		args := `{"unknown_field": 1}`
		switch p := policyOf[kind]; {
		case kind == "lethe.expire_batch":
			args = `{"policy": "` + p + `", "deletion_initiated_at": "2000-01-01T00:00:00Z", "rows": 1}`
		case p != "":
			args = `{"policy": "` + p + `"}`
		}
		if _, err := pool.Exec(t.Context(), `INSERT INTO lethe.river_job (kind, args, max_attempts) VALUES ($1, $2, 1)`, kind, args); err != nil {
			t.Fatal(err)
		}
	}
	rescue := cfg.River.RescueStuckJobsAfter.D()
	for _, kind := range config.JobKinds {
		var left time.Duration
		testenv.WaitUntil(t, 30*time.Second, kind+" to be worked", func() (bool, error) {
			var ok bool
			left, ok = hook.get(kind)
			return ok, nil
		})
		want, _ := cfg.JobTimeout(kind, policyOf[kind])
		// The job had its timeout less the moments it took to run.
		if left > want || left < want-10*time.Second {
			t.Errorf("%s: %s left of its timeout, want just under config.JobTimeout %s", kind, left.Round(time.Millisecond), want)
		}
		if want >= rescue {
			t.Errorf("%s: timeout %s not below river.rescue_stuck_jobs_after %s", kind, want, rescue)
		}
	}
}
