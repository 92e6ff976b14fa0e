package config

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestLockTimeouts checks the lock_timeout and statement_timeout of each
// policy kind and entity: their defaults, and that a statement's timeout
// stays below the timeout of the job that runs it, with the field's path
// in the error.
func TestLockTimeouts(t *testing.T) {
	t.Parallel()

	const base = `
river:
  job_timeout: 1m
  rescue_stuck_jobs_after: 10m
entities:
  - name: account
    table: accounts
    key_column: id
%s
policies:
  - name: pastes
    kind: expire
    table: pastes
    batch_timeout: 1m
%s
  - name: keys
    kind: sweep
    table: keys
    key_column: k
%s
  - name: accounts
    kind: tombstone
    entity: account
%s
`
	parse := func(entity, expire, sweep, tomb string) (*Config, error) {
		return Parse([]byte(fmt.Sprintf(base, entity, expire, sweep, tomb)), nil)
	}

	t.Run("Defaults", func(t *testing.T) {
		t.Parallel()
		cfg, err := parse("", "", "", "")
		if err != nil {
			t.Fatal(err)
		}
		e, s, tb := cfg.Expire("pastes"), cfg.Sweep("keys"), cfg.Tombstone("accounts")
		// The planner times out at twice run_budget (10s): its statements at
		// run_budget.
		if e.LockTimeout.D() != 2*time.Second || e.StatementTimeout.D() != 10*time.Second {
			t.Errorf("expire: lock %s, statement %s; want 2s, 10s", e.LockTimeout.D(), e.StatementTimeout.D())
		}
		if s.LockTimeout.D() != 2*time.Second || s.StatementTimeout.D() != 30*time.Second {
			t.Errorf("sweep: lock %s, statement %s; want 2s, 30s", s.LockTimeout.D(), s.StatementTimeout.D())
		}
		if tb.LockTimeout.D() != 2*time.Second || tb.StatementTimeout.D() != 30*time.Second {
			t.Errorf("tombstone: lock %s, statement %s; want 2s, 30s", tb.LockTimeout.D(), tb.StatementTimeout.D())
		}
		if lock, stmt := cfg.EntityTimeouts("account"); lock.D() != 2*time.Second || stmt.D() != 30*time.Second {
			t.Errorf("entity: lock %s, statement %s; want the policy's", lock.D(), stmt.D())
		}
	})

	t.Run("EntityOverridesPolicy", func(t *testing.T) {
		t.Parallel()
		cfg, err := parse("    lock_timeout: 500ms\n", "", "", "    statement_timeout: 20s\n")
		if err != nil {
			t.Fatal(err)
		}
		if lock, stmt := cfg.EntityTimeouts("account"); lock.D() != 500*time.Millisecond || stmt.D() != 20*time.Second {
			t.Errorf("entity: lock %s, statement %s; want 500ms (its own), 20s (its policy's)", lock.D(), stmt.D())
		}
	})

	for _, tt := range []struct {
		name                        string
		entity, expire, sweep, tomb string
		want                        string
	}{
		{"ExpireStatementAtBatchTimeout", "", "    statement_timeout: 1m\n    run_budget: 1m\n", "", "",
			"policies[0] (pastes).statement_timeout: 1m0s must be below batch_timeout 1m0s"},
		{"ExpireStatementAtPlannerTimeout", "", "    statement_timeout: 20s\n", "", "",
			"policies[0] (pastes).statement_timeout: 20s must be below twice run_budget (the planner's and watchdog's timeout) 20s"},
		{"ExpireLockAboveStatement", "", "    lock_timeout: 5s\n    statement_timeout: 3s\n", "", "",
			"policies[0] (pastes).lock_timeout: 5s must not exceed statement_timeout 3s"},
		{"ExpireNegative", "", "    lock_timeout: -1s\n", "", "",
			"policies[0] (pastes).lock_timeout: must be a positive duration"},
		{"SweepLockAboveStatement", "", "", "    lock_timeout: 40s\n", "",
			"policies[1] (keys).lock_timeout: 40s must not exceed statement_timeout 30s"},
		{"TombstoneStatementAtJobTimeout", "", "", "", "    statement_timeout: 1m\n",
			"policies[2] (accounts).statement_timeout: 1m0s must be below river.job_timeout 1m0s"},
		{"EntityStatementAtJobTimeout", "    statement_timeout: 2m\n", "", "", "",
			"entities[0] (account).statement_timeout: 2m0s must be below river.job_timeout 1m0s"},
		{"EntityLockAboveStatement", "    lock_timeout: 40s\n", "", "", "",
			"entities[0] (account).lock_timeout: 40s must not exceed statement_timeout 30s"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := parse(tt.entity, tt.expire, tt.sweep, tt.tomb)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error = %v, want it to contain %q", err, tt.want)
			}
		})
	}
}
