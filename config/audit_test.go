package config_test

import (
	"strings"
	"testing"
	"time"

	"github.com/lethehq/lethe/config"
)

func TestAudit(t *testing.T) {
	t.Parallel()

	t.Run("DefaultsWithoutTheSection", func(t *testing.T) {
		t.Parallel()
		// A file written before the section existed still loads.
		cfg, err := config.Parse([]byte("log_level: info\n"), nil)
		if err != nil {
			t.Fatal(err)
		}
		a := cfg.Audit
		if a.Retain.D() != 90*24*time.Hour || a.MaxRows != 10_000_000 || a.Schedule != "@hourly" || a.BatchSize != 10_000 ||
			a.Pause.D() != 100*time.Millisecond || a.LockTimeout.D() != 2*time.Second || a.StatementTimeout.D() != 30*time.Second {
			t.Errorf("defaults %+v", a)
		}
	})

	t.Run("EmbeddedDefaultSetsIt", func(t *testing.T) {
		t.Parallel()
		cfg, err := config.Parse(config.Default, nil)
		if err != nil {
			t.Fatal(err)
		}
		if cfg.Audit.Retain.D() != 2160*time.Hour || cfg.Audit.MaxRows != 10_000_000 {
			t.Errorf("embedded audit %+v, want retain 2160h and max_rows 10000000", cfg.Audit)
		}
	})

	t.Run("ValuesTaken", func(t *testing.T) {
		t.Parallel()
		cfg, err := config.Parse([]byte("audit:\n  retain: 720h\n  max_rows: 500000\n  schedule: \"@every 15m\"\n  batch_size: 2000\n  pause: 1s\n  lock_timeout: 1s\n  statement_timeout: 10s\n"), nil)
		if err != nil {
			t.Fatal(err)
		}
		a := cfg.Audit
		if a.Retain.D() != 720*time.Hour || a.MaxRows != 500_000 || a.Schedule != "@every 15m" || a.BatchSize != 2000 ||
			a.Pause.D() != time.Second || a.LockTimeout.D() != time.Second || a.StatementTimeout.D() != 10*time.Second {
			t.Errorf("audit %+v", a)
		}
	})

	t.Run("BadValuesNameTheField", func(t *testing.T) {
		t.Parallel()
		for _, tc := range []struct{ yaml, want string }{
			{"retain: 90d", `audit.retain: bad duration "90d"`},
			{"retain: 30m", "audit.retain: 30m0s must be at least 1h0m0s"},
			{"retain: -1h", "audit.retain: -1h0m0s must be at least 1h0m0s"},
			{"max_rows: -5", "audit.max_rows: must be at least 1, got -5"},
			{"max_rows: lots", `audit.max_rows: want an integer, got "lots"`},
			{"schedule: sometimes", `audit.schedule: bad cron expression "sometimes"`},
			{"batch_size: -1", "audit.batch_size: must be at least 1, got -1"},
			{"pause: -1s", "audit.pause: must be a positive duration"},
			{"lock_timeout: 1m", "audit.lock_timeout: 1m0s must not exceed statement_timeout 30s"},
			{"statement_timeout: 20m", "audit.statement_timeout: 20m0s must be below river.job_timeout 10m0s"},
			{"retian: 1h", "audit.retian: unknown field; did you mean retain?"},
		} {
			_, err := config.Parse([]byte("audit:\n  "+tc.yaml+"\n"), nil)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("audit: %s: error %v, want %q", tc.yaml, err, tc.want)
			}
		}
	})
}
