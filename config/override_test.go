package config

import (
	"encoding/json"
	"strings"
	"sync"
	"testing"
)

func TestOverrides(t *testing.T) {
	t.Parallel()

	load := func(t *testing.T) *Config {
		t.Helper()
		cfg, err := Parse([]byte(`
policies:
  - {name: keys, kind: sweep, table: keys, key_column: k}
  - {name: pastes, kind: expire, table: pastes, schedule: "@every 1h"}
`), nil)
		if err != nil {
			t.Fatal(err)
		}
		return cfg
	}
	raw := func(fields map[string]string) map[string]json.RawMessage {
		out := map[string]json.RawMessage{}
		for k, v := range fields {
			out[k] = json.RawMessage(v)
		}
		return out
	}

	t.Run("DerivedTimeoutsFollowRunBudget", func(t *testing.T) {
		t.Parallel()
		cfg := load(t)
		p, err := cfg.WithOverride("pastes", raw(map[string]string{"run_budget": `"5s"`}))
		if err != nil {
			t.Fatalf("run_budget 5s with the derived statement_timeout: %v", err)
		}
		if e := p.(*Expire); e.StatementTimeout.D().String() != "5s" || e.LockTimeout.D().String() != "2s" {
			t.Errorf("statement_timeout %s, lock_timeout %s: want 5s (run_budget) and 2s", e.StatementTimeout.D(), e.LockTimeout.D())
		}
	})

	t.Run("AppliedToACopy", func(t *testing.T) {
		t.Parallel()
		cfg := load(t)
		err := cfg.SetOverrides(Overrides{"pastes": raw(map[string]string{"schedule": `"@every 1s"`, "batch_size": "5", "stuck_after": `"3h"`})})
		if err != nil {
			t.Fatal(err)
		}
		p := cfg.Expire("pastes")
		if p.Schedule != "@every 1s" || p.BatchSize != 5 || p.StuckAfter.D().String() != "3h0m0s" || p.Table != "pastes" {
			t.Errorf("effective policy = %+v", p)
		}
		if f := cfg.FilePolicy("pastes").(*Expire); f.Schedule != "@every 1h" || f.BatchSize != 1000 {
			t.Errorf("file policy changed: %+v", f)
		}
		if eff := cfg.EffectivePolicies(); eff[1] != Policy(p) || eff[0] != cfg.Policies[0] {
			t.Errorf("EffectivePolicies = %v, want the file's keys and the overridden pastes", eff)
		}
		got := cfg.OverriddenFields("pastes")
		if len(got) != 3 || got["batch_size"].Value != 5 || got["batch_size"].File != 1000 {
			t.Errorf("OverriddenFields = %v", got)
		}
		// Replacing all overrides returns pastes to the file.
		if err := cfg.SetOverrides(Overrides{}); err != nil {
			t.Fatal(err)
		}
		if cfg.Policy("pastes") != cfg.FilePolicy("pastes") {
			t.Error("pastes kept its overrides after they were removed")
		}
	})

	t.Run("TombstoneTuningReachesTheEntity", func(t *testing.T) {
		t.Parallel()
		cfg, err := Parse([]byte(`
policies:
  - {name: runs, kind: tombstone, entity: run}
`), nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := cfg.SetOverrides(Overrides{"runs": raw(map[string]string{"delete_chunk_size": "50", "max_batch_delete_ids": "7"})}); err != nil {
			t.Fatal(err)
		}
		if p := cfg.TombstoneFor("run"); p.DeleteChunkSize != 50 || p.MaxBatchDeleteIDs != 7 {
			t.Errorf("TombstoneFor(run) = %+v, want the overridden chunk size and batch limit", p)
		}
		err = cfg.SetOverrides(Overrides{"runs": raw(map[string]string{"deleted_cache_size": "5"})})
		if err == nil || !strings.Contains(err.Error(), "deleted_cache_size") {
			t.Errorf("override of the deleted cache: %v, want it refused by name", err)
		}
	})

	t.Run("RefusedLikeTheFile", func(t *testing.T) {
		t.Parallel()
		cfg := load(t)
		for _, tc := range []struct{ policy, field, value, want string }{
			{"pastes", "batch_size", "0", "policies[1] (pastes).batch_size: must be at least 1, got 0"},
			{"pastes", "batch_size", `"many"`, "policies[1] (pastes).batch_size: want an integer"},
			{"pastes", "run_budget", "10", "policies[1] (pastes).run_budget: want a duration string"},
			{"pastes", "schedule", `"@every 1ms"`, "policies[1] (pastes).schedule:"},
			{"pastes", "table", `"users"`, "policies[1] (pastes).table: cannot be overridden at run time"},
			{"pastes", "pause", `"1s"`, "policies[1] (pastes).pause: unknown field for kind expire"},
			{"keys", "max_batch_size", "5", "policies[0] (keys).max_batch_size: 5 must be at least batch_size 10000"},
		} {
			_, err := cfg.WithOverride(tc.policy, raw(map[string]string{tc.field: tc.value}))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("%s %s=%s: %v, want %q", tc.policy, tc.field, tc.value, err, tc.want)
			}
		}
		// A stored override the file no longer allows is left out.
		err := cfg.SetOverrides(Overrides{"pastes": raw(map[string]string{"batch_size": "0"}), "keys": raw(map[string]string{"batch_size": "500"})})
		if err == nil || !strings.Contains(err.Error(), "overrides of policy pastes ignored") {
			t.Errorf("SetOverrides with a bad value: %v", err)
		}
		if cfg.Expire("pastes").BatchSize != 1000 || cfg.Sweep("keys").BatchSize != 500 {
			t.Errorf("after a partly bad set: pastes %d, keys %d", cfg.Expire("pastes").BatchSize, cfg.Sweep("keys").BatchSize)
		}
	})

	t.Run("ReadersSeeWholePolicies", func(t *testing.T) {
		t.Parallel()
		cfg := load(t)
		var wg sync.WaitGroup
		wg.Go(func() {
			for i := range 200 {
				n := "1"
				if i%2 == 0 {
					n = "2"
				}
				_ = cfg.SetOverrides(Overrides{"pastes": raw(map[string]string{"batch_size": n, "max_batches_per_run": n})})
			}
		})
		for range 200 {
			p := cfg.Expire("pastes")
			if p.BatchSize != p.MaxBatchesPerRun && p.BatchSize != 1000 {
				t.Fatalf("read a mix: batch_size %d, max_batches_per_run %d", p.BatchSize, p.MaxBatchesPerRun)
			}
		}
		wg.Wait()
	})
}
