package config

import (
	"strings"
	"testing"
)

func TestExpireThresholds(t *testing.T) {
	t.Parallel()

	const base = `
river:
  job_timeout: 1m
  rescue_stuck_jobs_after: 10m
policies:
  - name: pastes
    kind: expire
    table: pastes
`
	for _, tt := range []struct {
		name  string
		extra string
		want  string // "" = valid
	}{
		{"Defaults", "", ""},
		{"BatchTimeoutAtRescue", "    batch_timeout: 10m\n    stuck_after: 1h\n", "policies[0] (pastes).batch_timeout: 10m0s must be below river.rescue_stuck_jobs_after 10m0s"},
		{"StuckAfterBelowBatchTimeout", "    batch_timeout: 5m\n    stuck_after: 4m\n", "policies[0] (pastes).stuck_after: 4m0s must exceed river.rescue_stuck_jobs_after 10m0s"},
		// Above the rescue alone is not enough: the rescuer may take its
		// interval, the retry its backoff, and the retry runs up to
		// batch_timeout.
		{"StuckAfterDuringRescuedRetry", "    batch_timeout: 1m\n    stuck_after: 11m\n", "policies[0] (pastes).stuck_after: 11m0s must exceed river.rescue_stuck_jobs_after 10m0s + rescuer interval 30s + first retry backoff 1.1s + batch_timeout 1m0s (the retry's run) = 11m31.1s"},
		{"StuckAfterAfterRescuedRetry", "    batch_timeout: 1m\n    stuck_after: 11m32s\n", ""},
		{"RunBudgetTooLong", "    batch_timeout: 1m\n    run_budget: 5m\n", "policies[0] (pastes).run_budget: 5m0s must be below half of river.rescue_stuck_jobs_after 10m0s"},
		{"BadOnDelete", "    batch_timeout: 1m\n    on_delete: drop\n", `policies[0] (pastes).on_delete: unknown value "drop"`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := Parse([]byte(base+tt.extra), nil)
			switch {
			case tt.want == "" && err != nil:
				t.Fatalf("unexpected error: %v", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Fatalf("error = %v, want it to contain %q", err, tt.want)
			}
		})
	}
}
