package service_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/internal/metrics"
	"github.com/lethehq/lethe/internal/service/servicetest"
	"github.com/lethehq/lethe/internal/testenv"
	"github.com/lethehq/lethe/jobs"
)

// TestMetricsFromTheStart: a fresh service's first /metrics scrape lists,
// at zero, the series documented alerts and dashboards read (every policy's
// error counter, every entity's failed verifications, every job kind's
// outcomes and times, Lethe's River queue by state), so an alert on them
// has a series to evaluate before the first event. Once jobs have run, the
// job time histograms count them and River's leader is seen.
func TestMetricsFromTheStart(t *testing.T) {
	t.Parallel()
	cfg := servicetest.DefaultConfig(t)
	_, base := servicetest.Serve(t, cfg)

	first := servicetest.Scrape(t, base)
	var want []string
	for _, p := range cfg.Policies {
		name := p.Base().Name
		want = append(want,
			fmt.Sprintf(`lethe_policy_errors_total{policy=%q}`, name),
			fmt.Sprintf(`lethe_rows_deleted_total{policy=%q}`, name))
		for _, step := range metrics.LockSteps(p.PolicyKind()) {
			want = append(want, fmt.Sprintf(`lethe_lock_timeouts_total{policy=%q,step=%q}`, name, step))
		}
		switch p.(type) {
		case *config.Expire:
			want = append(want,
				fmt.Sprintf(`lethe_rows_set_aside_total{policy=%q}`, name),
				fmt.Sprintf(`lethe_watchdog_resets_total{policy=%q}`, name))
		case *config.Sweep:
			want = append(want, fmt.Sprintf(`lethe_sweep_timeouts_total{policy=%q}`, name))
		}
	}
	for _, e := range cfg.EntityNames() {
		for _, outcome := range []string{metrics.VerificationVerified, metrics.VerificationFailed, metrics.VerificationError} {
			want = append(want, fmt.Sprintf(`lethe_entity_verifications_total{entity=%q,outcome=%q}`, e, outcome))
		}
		want = append(want, fmt.Sprintf(`lethe_entities_deleted_total{entity=%q}`, e))
	}
	for _, op := range []string{metrics.BlobPut, metrics.BlobDelete, metrics.BlobList} {
		want = append(want, fmt.Sprintf(`lethe_blob_errors_total{operation=%q}`, op))
	}
	for _, kind := range metrics.Kinds() {
		want = append(want,
			fmt.Sprintf(`lethe_river_jobs_total{kind=%q,outcome=%q}`, kind, metrics.OutcomeJobDiscarded),
			fmt.Sprintf(`lethe_river_job_queue_wait_seconds_bucket{kind=%q,le="+Inf"}`, kind),
			fmt.Sprintf(`lethe_river_job_run_seconds_bucket{kind=%q,le="+Inf"}`, kind))
	}
	for _, name := range want {
		if _, ok := first[name]; !ok {
			t.Errorf("the first scrape has no %s", name)
		}
	}
	// Nothing fails on the example tables: the error counters stay at zero.
	for _, p := range cfg.Policies {
		if v := first[fmt.Sprintf(`lethe_policy_errors_total{policy=%q}`, p.Base().Name)]; v != 0 {
			t.Errorf("lethe_policy_errors_total of %s = %v on start, want 0", p.Base().Name, v)
		}
	}
	for _, state := range []string{"available", "running", "retryable", "scheduled"} {
		if _, ok := first[fmt.Sprintf(`lethe_river_queue_jobs{queue="default",state=%q}`, state)]; !ok {
			t.Errorf("the first scrape has no %s depth of River's default queue", state)
		}
	}
	if first["lethe_river_stats_up"] != 1 || first["lethe_stats_up"] != 1 {
		t.Errorf("lethe_river_stats_up = %v, lethe_stats_up = %v, want 1 and 1", first["lethe_river_stats_up"], first["lethe_stats_up"])
	}
	if v := first[`lethe_policy_schedule_interval_seconds{policy="pastes"}`]; v != 10 {
		t.Errorf("lethe_policy_schedule_interval_seconds of pastes (@every 10s) = %v, want 10", v)
	}

	// The planners run on start: their jobs' times are observed, and the
	// client that inserted them is River's leader.
	planRuns := fmt.Sprintf(`lethe_river_job_run_seconds_count{kind=%q}`, jobs.KindExpirePlan)
	planWaits := fmt.Sprintf(`lethe_river_job_queue_wait_seconds_count{kind=%q}`, jobs.KindExpirePlan)
	testenv.WaitUntil(t, 60*time.Second, "a planner job's times and River's leader on /metrics", func() (bool, error) {
		s := servicetest.Scrape(t, base)
		return s[planRuns] >= 1 && s[planWaits] >= 1 && s["lethe_river_leader"] == 1, nil
	})
}
