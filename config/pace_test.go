package config

import (
	"strings"
	"testing"
	"time"
)

func TestPacingConfig(t *testing.T) {
	t.Parallel()
	const sweep = `
  - name: keys
    kind: sweep
    table: lineage_event_idempotency
    key_column: idempotency_key
`
	const expire = `
  - name: pastes
    kind: expire
    table: pastes
`
	parse := func(t *testing.T, doc string) (*Config, error) {
		t.Helper()
		return Parse([]byte(doc), nil)
	}

	t.Run("OffUnlessAskedFor", func(t *testing.T) {
		t.Parallel()
		cfg, err := parse(t, "policies:"+sweep+expire)
		if err != nil {
			t.Fatal(err)
		}
		if cfg.Sweep("keys").Paced() || cfg.Expire("pastes").Pace.On {
			t.Fatal("pacing on without a pacing block or yield_to_foreground")
		}
		if cfg.Database.MaxReplicaLag != 0 || cfg.Database.MaxReplicaLagBytes != 0 {
			t.Fatalf("replica limits on by default: %+v", cfg.Database)
		}
	})

	t.Run("BlockOrYieldTurnsItOnWithDefaults", func(t *testing.T) {
		t.Parallel()
		cfg, err := parse(t, "policies:"+sweep+"    yield_to_foreground: true\n"+expire+"    pacing: {}\n")
		if err != nil {
			t.Fatal(err)
		}
		s, e := cfg.Sweep("keys"), cfg.Expire("pastes")
		if !s.Paced() || !e.Pace.On {
			t.Fatalf("paced: sweep %t, expire %t; want both", s.Paced(), e.Pace.On)
		}
		if s.Pace.TargetP99.D() != DefaultPaceTarget || s.Pace.MinBatch(s.MaxBatchSize) != 100 || s.Pace.LongestPause(s.Pause) != Duration(time.Second) {
			t.Fatalf("sweep pacing defaults: %+v", s.Pace)
		}
		if s.Pace.MaxSlowdown != 1.25 || e.Pace.MaxSlowdown != 1.25 {
			t.Fatalf("max_slowdown defaults: sweep %g, expire %g; want 1.25", s.Pace.MaxSlowdown, e.Pace.MaxSlowdown)
		}
		if e.Pace.MinBatch(e.BatchSize) != 100 || e.Pace.TargetP99.D() != 20*time.Millisecond {
			t.Fatalf("expire pacing defaults: %+v", e.Pace)
		}
	})

	t.Run("EveryProblemNamed", func(t *testing.T) {
		t.Parallel()
		_, err := parse(t, `database: {max_replica_lag: -1s, max_replica_lag_bytes: -5, replica_url: "postgres://standby/lethe"}
policies:`+sweep+`    pause: 2s
    pacing: {target_p99: -5ms, min_batch_size: 20000, max_pause: 1s, targt: 5ms}
`+expire+`    pacing: {min_batch_size: -1, max_slowdown: 0.5}
  - name: runs
    kind: expire
    table: pastes
    pacing: {max_slowdown: .nan}
`)
		if err == nil {
			t.Fatal("want errors")
		}
		for _, want := range []string{
			"database.max_replica_lag: must not be negative",
			"database.max_replica_lag_bytes: must not be negative",
			"database.replica_url: applies only with max_replica_lag or max_replica_lag_bytes",
			"policies[0] (keys).pacing.targt: unknown field",
			"policies[0] (keys).pacing.target_p99: must be a positive duration",
			"policies[0] (keys).pacing.min_batch_size: 20000 must be at most the largest batch 10000",
			"policies[0] (keys).pacing.max_pause: 1s must be at least pause 2s",
			"policies[1] (pastes).pacing.min_batch_size: must be at least 1, got -1",
			"policies[1] (pastes).pacing.max_slowdown: 0.5 must be from 1 to 100",
			"policies[2] (runs).pacing.max_slowdown: NaN must be from 1 to 100",
		} {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("errors lack %q:\n%v", want, err)
			}
		}
	})
}
