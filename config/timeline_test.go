package config_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/jobs"
)

// TestJobTimeouts: every job kind has a timeout, each below
// river.rescue_stuck_jobs_after, and validation names the field of one that
// is not.
func TestJobTimeouts(t *testing.T) {
	t.Parallel()

	t.Run("DefaultsEveryKindBelowRescue", func(t *testing.T) {
		t.Parallel()
		cfg, err := config.Load("", nil)
		if err != nil {
			t.Fatal(err)
		}
		rescue := cfg.River.RescueStuckJobsAfter.D()
		var kinds []string
		for _, to := range cfg.JobTimeouts() {
			kinds = append(kinds, to.Kind)
			if to.Timeout <= 0 || to.Timeout >= rescue {
				t.Errorf("%s (%s): timeout %s, want in (0, %s)", to.Kind, to.Field, to.Timeout, rescue)
			}
		}
		for _, kind := range config.JobKinds {
			if !slices.Contains(kinds, kind) {
				t.Errorf("JobTimeouts lists no %s", kind)
			}
			if _, ok := cfg.JobTimeout(kind, ""); !ok {
				t.Errorf("JobTimeout does not know %s", kind)
			}
		}
		if _, ok := cfg.JobTimeout("lethe.unknown", ""); ok {
			t.Error("JobTimeout knows a kind Lethe does not work")
		}
		if got, _ := cfg.JobTimeout(jobs.KindExpireBatch, "pastes"); got != cfg.Expire("pastes").BatchTimeout.D() {
			t.Errorf("expire_batch of pastes: %s, want its batch_timeout", got)
		}
	})

	t.Run("IngestionFollowsShortJobTimeout", func(t *testing.T) {
		t.Parallel()
		cfg, err := config.Parse([]byte("river: {job_timeout: 4s, rescue_stuck_jobs_after: 5s}\n"), nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, kind := range []string{jobs.KindCreateRun, jobs.KindPutRunBlob, jobs.KindDeleteEntity} {
			if got, _ := cfg.JobTimeout(kind, ""); got != 4*time.Second {
				t.Errorf("%s: timeout %s, want river.job_timeout 4s", kind, got)
			}
		}
	})

	t.Run("JobTimeoutAtRescueNamesTheKinds", func(t *testing.T) {
		t.Parallel()
		_, err := config.Parse([]byte("river: {job_timeout: 2h, rescue_stuck_jobs_after: 1h}\n"), nil)
		for _, want := range []string{
			"river.rescue_stuck_jobs_after: 1h0m0s must exceed river.job_timeout 2h0m0s",
			"lethe.delete_entity, lethe.purge_blobs, lethe.orphan_sweep, lethe.tombstone_gc, lethe.prune_history, lethe.ledger_flush, lethe.ledger_prune a timeout of 2h0m0s, which must be below river.rescue_stuck_jobs_after 1h0m0s",
		} {
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("error = %v, want it to contain %q", err, want)
			}
		}
	})
}

// TestTimeline: a valid configuration's steps follow one another, and one
// whose watchdog could step in during River's rescue is refused with each
// term of the sum named.
func TestTimeline(t *testing.T) {
	t.Parallel()

	t.Run("ValidStepsInOrder", func(t *testing.T) {
		t.Parallel()
		for name, yaml := range map[string][]byte{
			"default": config.Default,
			"seconds": []byte(`
river: {job_timeout: 4s, rescue_stuck_jobs_after: 5s}
policies:
  - {name: pastes, kind: expire, table: pastes, run_budget: 1s, batch_timeout: 3s, stuck_after: 40s}
  - {name: keys, kind: sweep, table: keys, key_column: id, statement_timeout: 1s}
  - {name: runs, kind: tombstone, lock_timeout: 1s, statement_timeout: 2s}
`),
		} {
			cfg, err := config.Parse(yaml, nil)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			for _, p := range cfg.Policies {
				steps := cfg.Timeline(p)
				if len(steps) < 4 {
					t.Fatalf("%s: %s: timeline %+v too short", name, p.Base().Name, steps)
				}
				for i := 1; i < len(steps); i++ {
					if steps[i].At <= steps[i-1].At {
						t.Errorf("%s: %s: %s at %s does not follow %s at %s", name, p.Base().Name, steps[i].Name, steps[i].At, steps[i-1].Name, steps[i-1].At)
					}
				}
			}
		}
	})

	t.Run("StuckAfterWithinRescueRefused", func(t *testing.T) {
		t.Parallel()
		_, err := config.Parse([]byte(`
river: {job_timeout: 4s, rescue_stuck_jobs_after: 10s}
policies:
  - {name: pastes, kind: expire, table: pastes, run_budget: 1s, batch_timeout: 3s, stuck_after: 15s}
`), nil)
		const want = "policies[0] (pastes).stuck_after: 15s must exceed river.rescue_stuck_jobs_after 10s + rescuer interval 30s + first retry backoff 1.1s + batch_timeout 3s (the retry's run) = 44.1s"
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Fatalf("error = %v, want it to contain %q", err, want)
		}
	})
}
