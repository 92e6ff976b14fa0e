package config

import (
	"strings"
	"testing"
	"time"
)

func TestSweepPolicyConfig(t *testing.T) {
	t.Parallel()
	parse := func(t *testing.T, policy string, env map[string]string) (*Sweep, error) {
		t.Helper()
		cfg, err := Parse([]byte("policies:\n"+policy), func(k string) string { return env[k] })
		if err != nil {
			return nil, err
		}
		return cfg.Policies[0].(*Sweep), nil
	}
	const base = `
  - name: idempotency
    kind: sweep
    table: lineage_event_idempotency
    key_column: idempotency_key
`

	t.Run("RunbookDefaults", func(t *testing.T) {
		t.Parallel()
		p, err := parse(t, base, nil)
		if err != nil {
			t.Fatal(err)
		}
		if p.Schedule != "@every 1h" || p.BatchSize != 10_000 || p.Pause.D() != 100*time.Millisecond ||
			p.StatementTimeout.D() != 30*time.Second || p.ExpiresAtColumn != "expires_at" {
			t.Fatalf("defaults %+v", p)
		}
		// Adaptive batches shrink on timeouts but do not grow past the
		// runbook's 10,000 unless max_batch_size says so.
		if !p.Adaptive || p.MaxBatchSize != 10_000 || p.MinBatchSize != 100 || p.Mode != "rows" {
			t.Fatalf("adaptive defaults %+v", p)
		}
	})

	t.Run("ExplicitZeroPause", func(t *testing.T) {
		t.Parallel()
		p, err := parse(t, base+"    pause: 0s\n", nil)
		if err != nil {
			t.Fatal(err)
		}
		if p.Pause != 0 {
			t.Fatalf("pause: 0s read as %v", p.Pause.D())
		}
	})

	t.Run("ExplicitNotAdaptive", func(t *testing.T) {
		t.Parallel()
		p, err := parse(t, base+"    adaptive: false\n", nil)
		if err != nil {
			t.Fatal(err)
		}
		if p.Adaptive {
			t.Fatal("adaptive: false read as true")
		}
	})

	t.Run("IntervalFromEnv", func(t *testing.T) {
		t.Parallel()
		for _, v := range []string{"30m", "15m", "2h", "5m"} {
			p, err := parse(t, base+"    schedule: \"@every 1h\"\n", map[string]string{"IDEMPOTENCY_CLEANUP_INTERVAL": v})
			if err != nil {
				t.Fatal(err)
			}
			d, _ := time.ParseDuration(v)
			if p.Schedule != "@every "+d.String() {
				t.Fatalf("IDEMPOTENCY_CLEANUP_INTERVAL=%s: schedule %q", v, p.Schedule)
			}
		}
		if _, err := parse(t, base, map[string]string{"IDEMPOTENCY_CLEANUP_INTERVAL": "soon"}); err == nil ||
			!strings.Contains(err.Error(), "IDEMPOTENCY_CLEANUP_INTERVAL") {
			t.Fatalf("bad interval: %v", err)
		}
	})

	t.Run("BadFieldsNamed", func(t *testing.T) {
		t.Parallel()
		for field, yaml := range map[string]string{
			"pause":                 "    pause: -1s\n",
			"max_batch_size":        "    max_batch_size: 5\n",
			"mode":                  "    mode: shards\n",
			"partition_period":      "    mode: partitions\n    partition_period: week\n",
			"target_batch_duration": "    target_batch_duration: -1s\n",
			"statement_timeout":     "    statement_timeout: 31m\n",
		} {
			if _, err := parse(t, base+yaml, nil); err == nil || !strings.Contains(err.Error(), "(idempotency)."+field) {
				t.Errorf("%s: want an error naming the field, got %v", field, err)
			}
		}
	})
}
