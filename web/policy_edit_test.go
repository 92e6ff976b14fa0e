package web_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
)

// policyView is the part of a PATCH, DELETE or GET answer these tests read.
type policyView struct {
	Schedule  string                       `json:"schedule"`
	Paused    bool                         `json:"paused"`
	Settings  map[string]any               `json:"settings"`
	Overrides map[string]config.Overridden `json:"overrides"`
}

func decodeView(t *testing.T, body []byte) policyView {
	t.Helper()
	var v policyView
	if err := json.Unmarshal(body, &v); err != nil {
		t.Fatalf("decode %s: %v", body, err)
	}
	return v
}

func TestPolicyOverrides(t *testing.T) {
	t.Parallel()

	setup := func(t *testing.T) (*apiBundle, *config.Config) {
		t.Helper()
		cfg := testConfig(t, true)
		return setupAPIFor(t, cfg), cfg
	}
	patch := func(t *testing.T, b *apiBundle, path, body string) (int, []byte) {
		t.Helper()
		status, res, _ := b.do(t, http.MethodPatch, path, bearer(testToken), withBody(body))
		return status, res
	}

	t.Run("ValidPatchIsStoredAndEffective", func(t *testing.T) {
		t.Parallel()
		b, cfg := setup(t)
		status, body := patch(t, b, "/api/v1/policies/pastes", `{"schedule": "@every 5m", "batch_size": 250, "run_budget": "5s"}`)
		if status != http.StatusOK {
			t.Fatalf("PATCH: %d %s", status, body)
		}
		v := decodeView(t, body)
		if v.Schedule != "@every 5m" || v.Settings["batch_size"] != 250.0 || v.Settings["run_budget"] != "5s" {
			t.Errorf("answer %s: want the new schedule, batch_size and run_budget", body)
		}
		if got := v.Overrides["batch_size"]; got.Value != 250.0 || got.File != 1000.0 {
			t.Errorf("overrides.batch_size = %+v, want 250 over the file's 1000", got)
		}

		// Workers read the policy through the config: they see the new values.
		p := cfg.Expire("pastes")
		if p.BatchSize != 250 || p.Schedule != "@every 5m" || p.RunBudget.D().String() != "5s" {
			t.Errorf("effective policy: batch_size %d, schedule %q, run_budget %s", p.BatchSize, p.Schedule, p.RunBudget.D())
		}
		// The file's values stay as they were.
		if file := cfg.FilePolicy("pastes").(*config.Expire); file.BatchSize != 1000 || file.Schedule != "@every 1h" {
			t.Errorf("file policy changed: batch_size %d, schedule %q", file.BatchSize, file.Schedule)
		}

		stored, err := db.ListPolicyOverrides(t.Context(), b.pool)
		if err != nil {
			t.Fatal(err)
		}
		if got := string(stored["pastes"]["batch_size"]); got != "250" {
			t.Errorf("stored batch_size = %q, want 250", got)
		}
		var by string
		if err := b.pool.QueryRow(t.Context(), `SELECT coalesce(updated_by, '') FROM lethe_policy_overrides WHERE policy = 'pastes' AND field = 'schedule'`).Scan(&by); err != nil || by != config.OperatorName {
			t.Errorf("updated_by = %q (%v), want %s", by, err, config.OperatorName)
		}

		// A second patch keeps the first one's other fields.
		if status, body := patch(t, b, "/api/v1/policies/pastes", `{"max_batches_per_run": 7}`); status != http.StatusOK {
			t.Fatalf("second PATCH: %d %s", status, body)
		}
		if p := cfg.Expire("pastes"); p.BatchSize != 250 || p.MaxBatchesPerRun != 7 {
			t.Errorf("after second patch: batch_size %d, max_batches_per_run %d", p.BatchSize, p.MaxBatchesPerRun)
		}

		status, body, _ = b.do(t, http.MethodGet, "/api/v1/policies/pastes", bearer(testToken))
		if status != http.StatusOK {
			t.Fatalf("GET: %d %s", status, body)
		}
		var got struct {
			Policy policyView `json:"policy"`
		}
		if err := json.Unmarshal(body, &got); err != nil {
			t.Fatal(err)
		}
		if got.Policy.Schedule != "@every 5m" || len(got.Policy.Overrides) != 4 ||
			got.Policy.Overrides["schedule"].File != "@every 1h" || got.Policy.Overrides["max_batches_per_run"].Value != 7.0 {
			t.Errorf("GET policy = %+v, want schedule, batch_size, run_budget and max_batches_per_run overridden", got.Policy)
		}
	})

	t.Run("InvalidValuesAre400NamingTheField", func(t *testing.T) {
		t.Parallel()
		b, cfg := setup(t)
		for _, tc := range []struct {
			policy, body, field, want string
		}{
			{"pastes", `{"batch_size": 0}`, "batch_size", "must be at least 1"},
			{"pastes", `{"batch_size": "ten"}`, "batch_size", "want"},
			{"pastes", `{"batch_size": 200000}`, "batch_size", "too large"},
			{"pastes", `{"schedule": "61 * * * *"}`, "schedule", ""},
			{"pastes", `{"run_budget": "soon"}`, "run_budget", "bad duration"},
			// Checked together with the file's other values, as the file is.
			{"pastes", `{"stuck_after": "1m"}`, "stuck_after", "must exceed river.rescue_stuck_jobs_after"},
			{"idempotency", `{"max_batch_size": 10}`, "max_batch_size", "must be at least batch_size"},
			{"runs", `{"gc_schedule": "@sometimes"}`, "gc_schedule", ""},
			{"pastes", `{"paused": "yes"}`, "paused", "true or false"},
		} {
			status, body := patch(t, b, "/api/v1/policies/"+tc.policy, tc.body)
			msg := ""
			if status == http.StatusBadRequest {
				msg = jsonError(t, body)
			}
			if status != http.StatusBadRequest || !strings.HasPrefix(msg, tc.field+":") || !strings.Contains(msg, tc.want) {
				t.Errorf("PATCH %s %s: %d %s, want 400 starting with %q and containing %q", tc.policy, tc.body, status, body, tc.field+":", tc.want)
			}
		}
		stored, err := db.ListPolicyOverrides(t.Context(), b.pool)
		if err != nil || len(stored) != 0 {
			t.Errorf("refused patches stored %v (%v)", stored, err)
		}
		if p := cfg.Expire("pastes"); p.BatchSize != 1000 || p.Schedule != "@every 1h" {
			t.Errorf("refused patches changed the policy: batch_size %d, schedule %q", p.BatchSize, p.Schedule)
		}
	})

	t.Run("TablesAndColumnsCannotBeOverridden", func(t *testing.T) {
		t.Parallel()
		b, cfg := setup(t)
		for _, tc := range []struct{ policy, body, field string }{
			{"pastes", `{"table": "users"}`, "table"},
			{"pastes", `{"key_column": "email", "batch_size": 10}`, "key_column"},
			{"pastes", `{"blob_prefix": "other/"}`, "blob_prefix"},
			{"idempotency", `{"expires_at_column": "created_at"}`, "expires_at_column"},
			{"runs", `{"entity": "user"}`, "entity"},
			{"pastes", `{"batch_sise": 10}`, "batch_sise"},
		} {
			status, body := patch(t, b, "/api/v1/policies/"+tc.policy, tc.body)
			if status != http.StatusBadRequest || !strings.HasPrefix(jsonError(t, body), tc.field+":") {
				t.Errorf("PATCH %s %s: %d %s, want 400 naming %s", tc.policy, tc.body, status, body, tc.field)
			}
		}
		if p := cfg.Expire("pastes"); p.Table != "pastes" || p.BatchSize != 1000 {
			t.Errorf("refused patches changed the policy: table %q, batch_size %d", p.Table, p.BatchSize)
		}
	})

	t.Run("PausedAndDeleteRestoresTheFile", func(t *testing.T) {
		t.Parallel()
		b, cfg := setup(t)
		status, body := patch(t, b, "/api/v1/policies/idempotency", `{"paused": true, "schedule": "@every 2m", "batch_size": 500, "max_batch_size": 500}`)
		if status != http.StatusOK {
			t.Fatalf("PATCH: %d %s", status, body)
		}
		if v := decodeView(t, body); !v.Paused || v.Schedule != "@every 2m" {
			t.Errorf("answer %s: want paused on @every 2m", body)
		}
		state, err := db.GetPolicyState(t.Context(), b.pool, "idempotency")
		if err != nil || !state.Paused {
			t.Errorf("state after paused: true = %+v (%v)", state, err)
		}

		status, body, _ = b.do(t, http.MethodDelete, "/api/v1/policies/idempotency/overrides", bearer(testToken))
		if status != http.StatusOK {
			t.Fatalf("DELETE: %d %s", status, body)
		}
		v := decodeView(t, body)
		if v.Schedule != "@every 1h" || len(v.Overrides) != 0 || v.Settings["batch_size"] != 10000.0 {
			t.Errorf("after DELETE: %s, want the file's values and no overrides", body)
		}
		if p := cfg.Sweep("idempotency"); p.BatchSize != 10000 || p.Schedule != "@every 1h" {
			t.Errorf("effective policy after DELETE: batch_size %d, schedule %q", p.BatchSize, p.Schedule)
		}
		stored, err := db.ListPolicyOverrides(t.Context(), b.pool)
		if err != nil || len(stored) != 0 {
			t.Errorf("overrides left after DELETE: %v (%v)", stored, err)
		}
	})

	t.Run("ViewersCannotAndOperatorsAreAudited", func(t *testing.T) {
		t.Parallel()
		b := setupRoles(t)
		for name, creds := range map[string]reqOpt{"viewer token": bearer(viewerToken), "viewer basic": basic(viewerUser, viewerPassword)} {
			if status, _, _ := b.do(t, http.MethodPatch, "/api/v1/policies/pastes", creds, withBody(`{"batch_size": 5}`)); status != http.StatusForbidden {
				t.Errorf("PATCH as %s: %d, want 403", name, status)
			}
			if status, _, _ := b.do(t, http.MethodDelete, "/api/v1/policies/pastes/overrides", creds); status != http.StatusForbidden {
				t.Errorf("DELETE overrides as %s: %d, want 403", name, status)
			}
		}
		_, body, _ := b.do(t, http.MethodGet, "/api/v1/policies/pastes", bearer(viewerToken))
		var got struct {
			Policy policyView `json:"policy"`
		}
		if err := json.Unmarshal(body, &got); err != nil || got.Policy.Settings["batch_size"] != 1000.0 || len(got.Policy.Overrides) != 0 {
			t.Errorf("after the viewers' attempts: %s (%v), want batch_size 1000 and no overrides", body, err)
		}

		if status, body, _ := b.do(t, http.MethodPatch, "/api/v1/policies/pastes", bearer(aliceToken), withBody(`{"batch_size": 5, "paused": true}`)); status != http.StatusOK {
			t.Fatalf("PATCH as alice: %d %s", status, body)
		}
		var by string
		if err := b.pool.QueryRow(t.Context(), `SELECT updated_by FROM lethe_policy_overrides WHERE policy = 'pastes' AND field = 'batch_size'`).Scan(&by); err != nil || by != "alice" {
			t.Errorf("updated_by = %q (%v), want alice", by, err)
		}
		entries := auditOf(t, b, db.ActionOverridePolicy, bearer(viewerToken))
		if len(entries) != 1 || entries[0].Policy != "pastes" || entries[0].Detail["by"] != "alice" ||
			entries[0].Detail["fields"].(map[string]any)["batch_size"] != 5.0 {
			t.Errorf("override_policy audit = %+v, want one entry by alice setting batch_size 5", entries)
		}
		if paused := auditOf(t, b, db.ActionPausePolicy, bearer(viewerToken)); len(paused) != 1 || paused[0].Detail["by"] != "alice" {
			t.Errorf("pause_policy audit = %+v, want one entry by alice", paused)
		}

		if status, body, _ := b.do(t, http.MethodDelete, "/api/v1/policies/pastes/overrides", bearer(aliceToken)); status != http.StatusOK {
			t.Fatalf("DELETE as alice: %d %s", status, body)
		}
		reset := auditOf(t, b, db.ActionResetOverrides, bearer(viewerToken))
		if len(reset) != 1 || reset[0].Detail["by"] != "alice" || reset[0].Detail["fields_removed"] != 1.0 {
			t.Errorf("reset_overrides audit = %+v, want one entry by alice removing 1 field", reset)
		}
	})

	t.Run("RequestRules", func(t *testing.T) {
		t.Parallel()
		b, _ := setup(t)
		if status, _, _ := b.do(t, http.MethodPatch, "/api/v1/policies/pastes", withBody(`{"batch_size": 5}`)); status != http.StatusUnauthorized {
			t.Errorf("PATCH without credentials: %d, want 401", status)
		}
		if status, _, _ := b.do(t, http.MethodPatch, "/api/v1/policies/pastes", bearer(testToken), withBody(`{"batch_size": 5}`), withHeader("Content-Type", "text/plain")); status != http.StatusUnsupportedMediaType {
			t.Errorf("PATCH as text/plain: %d, want 415", status)
		}
		if status, _, _ := b.do(t, http.MethodPatch, "/api/v1/policies/pastes", bearer(testToken), withBody(`{"batch_size": 5}`), withHeader("Origin", "https://evil.example")); status != http.StatusForbidden {
			t.Errorf("PATCH from another origin: %d, want 403", status)
		}
		if status, _ := patch(t, b, "/api/v1/policies/nope", `{"batch_size": 5}`); status != http.StatusNotFound {
			t.Errorf("PATCH of an unknown policy: %d, want 404", status)
		}
		if status, body := patch(t, b, "/api/v1/policies/pastes", `{}`); status != http.StatusBadRequest {
			t.Errorf("empty PATCH: %d %s, want 400", status, body)
		}
	})
}
