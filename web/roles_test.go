package web_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
)

const (
	viewerToken    = "viewer-token-0123456789"
	viewerUser     = "auditor"
	viewerPassword = "auditor-password-0123"
	aliceToken     = "alice-operator-token-0123"
)

// setupRoles serves the test config with the operator's credentials and
// a named operator, alice (a token), and two viewers: oncall (a token) and
// auditor (basic auth).
func setupRoles(t *testing.T) *apiBundle {
	t.Helper()
	cfg := testConfig(t, true)
	cfg.HTTP.Operators = []config.Credential{{Name: "alice", Token: aliceToken}}
	cfg.HTTP.Viewers = []config.Credential{
		{Name: "oncall", Token: viewerToken},
		{Name: "auditor", Username: viewerUser, Password: viewerPassword},
	}
	if err := cfg.Validate(); err != nil {
		t.Fatal(err)
	}
	return setupAPIFor(t, cfg)
}

// auditOf returns the audit entries of action, newest first, read through
// the API with creds.
func auditOf(t *testing.T, b *apiBundle, action db.AuditAction, creds reqOpt) []db.AuditEntry {
	t.Helper()
	status, body, _ := b.do(t, "GET", "/api/v1/audit?action="+string(action), creds)
	if status != http.StatusOK {
		t.Fatalf("GET /api/v1/audit?action=%s: %d %s", action, status, body)
	}
	var res struct {
		Audit []db.AuditEntry `json:"audit"`
	}
	if err := json.Unmarshal(body, &res); err != nil {
		t.Fatalf("decode audit: %v: %s", err, body)
	}
	return res.Audit
}

// jobIDs reads detail.job_ids of an entry.
func jobIDs(e db.AuditEntry) []int64 {
	raw, _ := e.Detail["job_ids"].([]any)
	ids := make([]int64, 0, len(raw))
	for _, v := range raw {
		if f, ok := v.(float64); ok {
			ids = append(ids, int64(f))
		}
	}
	return ids
}

func TestViewersReadButChangeNothing(t *testing.T) {
	t.Parallel()
	b := setupRoles(t)
	mustExec(t, b.pool, `INSERT INTO lethe_tombstones (entity, key) VALUES ('run', 'r1')`)
	if err := db.UpsertRun(t.Context(), db.Timeouts{}.Pool(b.pool), "r2", "run r2"); err != nil {
		t.Fatal(err)
	}
	viewers := map[string]reqOpt{
		"viewer token":          bearer(viewerToken),
		"viewer basic":          basic(viewerUser, viewerPassword),
		"viewer token as basic": basic("anyone", viewerToken),
	}

	t.Run("Reads", func(t *testing.T) {
		for _, path := range []string{
			"/", "/static/app.js",
			"/api/v1/overview", "/api/v1/policies", "/api/v1/policies/pastes", "/api/v1/policies/pastes/preview",
			"/api/v1/audit", "/api/v1/throughput", "/api/v1/runs/r2", "/api/v1/tombstones",
			"/api/v1/entities", "/api/v1/entities/run", "/api/v1/entities/run/r2/preview",
			"/riverui/", "/riverui/jobs/", "/riverui/api/jobs?state=available", "/riverui/api/states", "/riverui/api/queues",
		} {
			for name, creds := range viewers {
				if status, body, _ := b.do(t, "GET", path, creds); status != http.StatusOK {
					t.Errorf("GET %s as %s: %d %s, want 200", path, name, status, body)
				}
			}
		}
	})

	t.Run("StateChangesAreForbidden", func(t *testing.T) {
		for _, r := range []struct{ method, path, body string }{
			{"POST", "/api/v1/policies/pastes/run", ""},
			{"POST", "/api/v1/policies/pastes/pause", ""},
			{"POST", "/api/v1/policies/pastes/resume", ""},
			{"POST", "/api/v1/runs/r1/clear-tombstone/", ""},
			{"POST", "/api/v1/entities/run/r1/clear-tombstone", ""},
			{"DELETE", "/api/v1/runs/r2", ""},
			{"DELETE", "/api/v1/entities/run/r2", ""},
			{"POST", "/api/v1/runs/delete", `{"run_ids": ["r2"]}`},
			{"POST", "/api/v1/entities/run/delete", `{"keys": ["r2"]}`},
			{"POST", "/riverui/api/jobs/cancel", `{"ids": ["1"]}`},
			{"POST", "/riverui/api/jobs/retry", `{"ids": ["1"]}`},
			{"POST", "/riverui/api/jobs/delete", `{"ids": ["1"]}`},
			{"PUT", "/riverui/api/queues/default/pause", `{}`},
			{"PATCH", "/riverui/api/queues/default", `{}`},
		} {
			for name, creds := range viewers {
				opts := []reqOpt{creds}
				if r.body != "" {
					opts = append(opts, withBody(r.body))
				}
				status, body, _ := b.do(t, r.method, r.path, opts...)
				if status != http.StatusForbidden {
					t.Errorf("%s %s as %s: %d %s, want 403", r.method, r.path, name, status, body)
					continue
				}
				if msg := jsonError(t, body); !strings.Contains(msg, "is read-only") {
					t.Errorf("%s %s as %s: error %q does not say the credential is read-only", r.method, r.path, name, msg)
				}
			}
		}
		// Nothing changed, and nothing was audited.
		state, err := db.GetPolicyState(t.Context(), b.pool, "pastes")
		if err != nil || state.Paused {
			t.Errorf("pastes paused by a viewer: %+v %v", state, err)
		}
		var tombstones, jobs, audited int
		_ = b.pool.QueryRow(t.Context(), `SELECT (SELECT count(*) FROM lethe_tombstones), (SELECT count(*) FROM lethe.river_job),
			(SELECT count(*) FROM lethe_deletion_audit)`).Scan(&tombstones, &jobs, &audited)
		if tombstones != 1 || jobs != 0 || audited != 0 || len(b.runNow) != 0 {
			t.Errorf("viewers acted: tombstones %d, jobs %d, audit entries %d, run-now calls %v", tombstones, jobs, audited, b.runNow)
		}
	})

	t.Run("OperatorStillActs", func(t *testing.T) {
		if status, body, _ := b.do(t, "POST", "/api/v1/policies/idempotency/pause", bearer(testToken)); status != http.StatusOK {
			t.Errorf("operator pause: %d %s", status, body)
		}
	})
}

func TestOperatorActionsAreAudited(t *testing.T) {
	t.Parallel()
	b := setupRoles(t)
	op := bearer(testToken)
	mustExec(t, b.pool, `INSERT INTO lethe_tombstones (entity, key) VALUES ('run', 'r1')`)
	for _, hash := range []string{"r2", "r3", "r4"} {
		if err := db.UpsertRun(t.Context(), db.Timeouts{}.Pool(b.pool), hash, "run "+hash); err != nil {
			t.Fatal(err)
		}
	}
	// act sends an operator request and wants status.
	act := func(t *testing.T, want int, method, path string, opts ...reqOpt) []byte {
		t.Helper()
		status, body, _ := b.do(t, method, path, append([]reqOpt{op}, opts...)...)
		if status != want {
			t.Fatalf("%s %s: %d %s, want %d", method, path, status, body, want)
		}
		return body
	}
	// only wants exactly one entry of action, by the operator, for
	// policy, sent as method path; the viewer reads it.
	only := func(t *testing.T, action db.AuditAction, policy, method, path string) db.AuditEntry {
		t.Helper()
		entries := auditOf(t, b, action, bearer(viewerToken))
		if len(entries) != 1 {
			t.Fatalf("%d %s entries, want 1: %+v", len(entries), action, entries)
		}
		e := entries[0]
		if e.Policy != policy || e.Outcome != db.OutcomeOK {
			t.Errorf("%s entry: policy %q outcome %q, want %q ok", action, e.Policy, e.Outcome, policy)
		}
		if e.FinishedAt.Before(e.StartedAt) {
			t.Errorf("%s entry finished at %s, before it started at %s", action, e.FinishedAt, e.StartedAt)
		}
		for k, want := range map[string]any{"by": config.OperatorName, "role": "operator", "method": method, "path": path} {
			if e.Detail[k] != want {
				t.Errorf("%s entry: detail.%s %v, want %v (detail %v)", action, k, e.Detail[k], want, e.Detail)
			}
		}
		return e
	}

	t.Run("PauseResumeRun", func(t *testing.T) {
		act(t, http.StatusOK, "POST", "/api/v1/policies/pastes/pause")
		if e := only(t, db.ActionPausePolicy, "pastes", "POST", "/api/v1/policies/pastes/pause"); e.Detail["paused"] != true {
			t.Errorf("pause entry: detail %v, want paused true", e.Detail)
		}
		act(t, http.StatusOK, "POST", "/api/v1/policies/pastes/resume")
		only(t, db.ActionResumePolicy, "pastes", "POST", "/api/v1/policies/pastes/resume")
		act(t, http.StatusAccepted, "POST", "/api/v1/policies/pastes/run")
		if e := only(t, db.ActionRunNow, "pastes", "POST", "/api/v1/policies/pastes/run"); fmt.Sprint(jobIDs(e)) != "[42]" {
			t.Errorf("run_now entry: job_ids %v, want the job run now [42]", e.Detail["job_ids"])
		}
		// Refused actions changed nothing and are not audited.
		act(t, http.StatusConflict, "POST", "/api/v1/policies/idempotency/run")
		only(t, db.ActionRunNow, "pastes", "POST", "/api/v1/policies/pastes/run")
	})

	t.Run("ClearTombstone", func(t *testing.T) {
		act(t, http.StatusNoContent, "POST", "/api/v1/runs/r1/clear-tombstone/")
		e := only(t, db.ActionClearTombstone, "runs", "POST", "/api/v1/runs/r1/clear-tombstone/")
		if e.Detail["entity"] != "run" || e.Detail["key"] != "r1" || e.Detail["cleared"] != true {
			t.Errorf("clear_tombstone entry: detail %v, want run r1 cleared", e.Detail)
		}
	})

	var deleteJob int64
	t.Run("DeleteSingleAndBatch", func(t *testing.T) {
		var one struct {
			JobID int64 `json:"job_id"`
		}
		_ = json.Unmarshal(act(t, http.StatusAccepted, "DELETE", "/api/v1/runs/r2"), &one)
		deleteJob = one.JobID
		e := only(t, db.ActionRequestDelete, "runs", "DELETE", "/api/v1/runs/r2")
		if e.JobID == nil || *e.JobID != one.JobID || fmt.Sprint(e.Detail["keys"]) != "[r2]" {
			t.Errorf("request_delete entry: job %v keys %v, want job %d and [r2]", e.JobID, e.Detail["keys"], one.JobID)
		}

		var batch struct {
			JobIDs []int64 `json:"job_ids"`
		}
		_ = json.Unmarshal(act(t, http.StatusAccepted, "POST", "/api/v1/entities/run/delete", withBody(`{"keys": ["r4", "r3"]}`)), &batch)
		entries := auditOf(t, b, db.ActionRequestDelete, op)
		if len(entries) != 2 {
			t.Fatalf("%d request_delete entries, want 2", len(entries))
		}
		e = entries[0]
		if e.Detail["by"] != config.OperatorName || e.Detail["path"] != "/api/v1/entities/run/delete" ||
			fmt.Sprint(e.Detail["keys"]) != "[r3 r4]" || fmt.Sprint(jobIDs(e)) != fmt.Sprint(batch.JobIDs) {
			t.Errorf("batch request_delete entry: detail %v, want by operator, keys [r3 r4], job_ids %v", e.Detail, batch.JobIDs)
		}
	})

	t.Run("RiverUIJobAction", func(t *testing.T) {
		path := "/riverui/api/jobs/cancel"
		act(t, http.StatusOK, "POST", path, withBody(fmt.Sprintf(`{"ids": ["%d"]}`, deleteJob)))
		var state string
		_ = b.pool.QueryRow(t.Context(), `SELECT state FROM lethe.river_job WHERE id = $1`, deleteJob).Scan(&state)
		if state != "cancelled" {
			t.Fatalf("job %d is %q after River UI cancelled it", deleteJob, state)
		}
		e := only(t, db.ActionRiverUI, "", "POST", path)
		if e.JobID == nil || *e.JobID != deleteJob || fmt.Sprint(jobIDs(e)) != fmt.Sprintf("[%d]", deleteJob) {
			t.Errorf("riverui_action entry: job %v detail %v, want job %d", e.JobID, e.Detail, deleteJob)
		}
		// Reads through River UI are not audited.
		act(t, http.StatusOK, "GET", "/riverui/api/jobs?state=cancelled")
		only(t, db.ActionRiverUI, "", "POST", path)
	})

	t.Run("NamedOperator", func(t *testing.T) {
		for _, creds := range []reqOpt{bearer(aliceToken), basic("alice", aliceToken)} {
			if status, body, _ := b.do(t, "POST", "/api/v1/policies/idempotency/pause", creds); status != http.StatusOK {
				t.Fatalf("pause as alice: %d %s", status, body)
			}
		}
		entries := auditOf(t, b, db.ActionPausePolicy, op)
		if len(entries) != 3 {
			t.Fatalf("%d pause_policy entries, want 3", len(entries))
		}
		for _, e := range entries[:2] {
			if e.Policy != "idempotency" || e.Detail["by"] != "alice" || e.Detail["role"] != "operator" {
				t.Errorf("pause by alice: entry %s %v, want idempotency by alice, operator", e.Policy, e.Detail)
			}
		}
	})
}

func TestAnonymousOperatorOnLoopback(t *testing.T) {
	t.Parallel()
	b := setupAPI(t, false)
	if status, body, _ := b.do(t, "POST", "/api/v1/policies/pastes/pause"); status != http.StatusOK {
		t.Fatalf("pause without credentials on loopback: %d %s", status, body)
	}
	entries := auditOf(t, b, db.ActionPausePolicy, func(*http.Request) {})
	if len(entries) != 1 || entries[0].Detail["by"] != config.AnonymousName || entries[0].Detail["role"] != "operator" {
		t.Errorf("pause without credentials: audit %+v, want one entry by %q operator", entries, config.AnonymousName)
	}
}
