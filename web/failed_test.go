package web_test

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertype"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/jobs"
	"github.com/lethehq/lethe/web"
)

// insertFailed inserts a job of args and leaves it in state after one
// failed attempt with error msg, as River leaves a job whose worker
// failed; it returns the job's ID.
func insertFailed(t testing.TB, pool *pgxpool.Pool, args river.JobArgs, state rivertype.JobState, msg string) int64 {
	t.Helper()
	client, err := river.NewClient(riverpgxv5.New(pool), &river.Config{Schema: config.DefaultRiverSchema})
	if err != nil {
		t.Fatal(err)
	}
	res, err := client.Insert(t.Context(), args, &river.InsertOpts{MaxAttempts: 3})
	if err != nil {
		t.Fatal(err)
	}
	finalized, attempt := "NULL", 1
	if state == rivertype.JobStateDiscarded {
		finalized, attempt = "now()", 3
	}
	_, err = pool.Exec(t.Context(), `UPDATE lethe.river_job
		SET state = $2, attempt = $4::int, attempted_at = now(), finalized_at = `+finalized+`,
			scheduled_at = now() + interval '1 hour',
			errors = ARRAY[jsonb_build_object('at', now(), 'attempt', $4::int, 'error', $3::text, 'trace', '')]
		WHERE id = $1`, res.Job.ID, string(state), msg, attempt)
	if err != nil {
		t.Fatal(err)
	}
	return res.Job.ID
}

// jobState reads job id's River state.
func jobState(t testing.TB, pool *pgxpool.Pool, id int64) string {
	t.Helper()
	var state string
	if err := pool.QueryRow(t.Context(), `SELECT state::text FROM lethe.river_job WHERE id = $1`, id).Scan(&state); err != nil {
		t.Fatal(err)
	}
	return state
}

// failedAnswer is what GET …/failed answers.
type failedAnswer struct {
	Policy string             `json:"policy"`
	Failed db.FailedJobCounts `json:"failed"`
	Jobs   []db.FailedJob     `json:"jobs"`
}

// actionAnswer is what POST …/failed/retry and …/discard answer.
type actionAnswer struct {
	Action string  `json:"action"`
	DryRun bool    `json:"dry_run"`
	Jobs   int     `json:"jobs"`
	More   bool    `json:"more"`
	JobIDs []int64 `json:"job_ids"`
	Error  string  `json:"error"`
}

func decodeInto[T any](t *testing.T, body []byte) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(body, &v); err != nil {
		t.Fatalf("decode %T: %v: %s", v, err, body)
	}
	return v
}

// TestFailedJobsAPI: a policy's retryable and discarded jobs are counted
// in the overview and listed with their errors; retry-all and discard-all
// count first, act only on the count confirmed (409 with the new count
// otherwise), through River, audited under the operator; viewers, other
// origins and bad bodies change nothing.
func TestFailedJobsAPI(t *testing.T) {
	t.Parallel()
	b := setupRoles(t)
	op := bearer(testToken)
	retry1 := insertFailed(t, b.pool, jobs.ExpirePlan{Policy: "pastes"}, rivertype.JobStateRetryable, "claim batch for pastes: connection refused")
	retry2 := insertFailed(t, b.pool, jobs.ExpireWatchdog{Policy: "pastes"}, rivertype.JobStateRetryable, strings.Repeat("x", 5000))
	discarded := insertFailed(t, b.pool, jobs.ExpirePlan{Policy: "pastes"}, rivertype.JobStateDiscarded, "gave up")
	sweep := insertFailed(t, b.pool, jobs.Sweep{Policy: "idempotency"}, rivertype.JobStateDiscarded, "sweep failed")
	entity := insertFailed(t, b.pool, jobs.DeleteEntity{Entity: jobs.EntityRun, Key: "r1"}, rivertype.JobStateRetryable, "delete failed")

	t.Run("Overview", func(t *testing.T) {
		status, body, _ := b.do(t, "GET", "/api/v1/overview", op)
		if status != http.StatusOK {
			t.Fatalf("overview: %d %s", status, body)
		}
		ov := decodeInto[web.Overview](t, body)
		want := map[string]db.FailedJobCounts{
			"pastes": {Retryable: 2, Discarded: 1}, "idempotency": {Discarded: 1}, "runs": {Retryable: 1},
		}
		for _, p := range ov.Policies {
			if p.Failed != want[p.Name] {
				t.Errorf("%s: failed %+v, want %+v", p.Name, p.Failed, want[p.Name])
			}
		}
	})

	t.Run("List", func(t *testing.T) {
		status, body, _ := b.do(t, "GET", "/api/v1/policies/pastes/failed", bearer(viewerToken))
		if status != http.StatusOK {
			t.Fatalf("failed: %d %s", status, body)
		}
		a := decodeInto[failedAnswer](t, body)
		if a.Failed != (db.FailedJobCounts{Retryable: 2, Discarded: 1}) || len(a.Jobs) != 3 {
			t.Fatalf("pastes failed: %s", body)
		}
		for _, j := range a.Jobs {
			if j.ID == retry2 && (len(j.Error) > db.MaxFailedErrorBytes || !strings.HasSuffix(j.Error, "…")) {
				t.Errorf("error of %d not cut: %d bytes", j.ID, len(j.Error))
			}
			if j.ID == retry1 && (j.Kind != jobs.KindExpirePlan || j.Attempt != 1 || j.ErrorAt == nil || j.Error != "claim batch for pastes: connection refused") {
				t.Errorf("job %d: %+v", j.ID, j)
			}
		}
		status, body, _ = b.do(t, "GET", "/api/v1/policies/runs/failed?limit=1", op)
		if a := decodeInto[failedAnswer](t, body); status != http.StatusOK || len(a.Jobs) != 1 || a.Jobs[0].ID != entity {
			t.Errorf("runs failed: %d %s", status, body)
		}
		for path, want := range map[string]int{
			"/api/v1/policies/nope/failed":                   http.StatusNotFound,
			"/api/v1/policies/pastes/failed?limit=0":         http.StatusBadRequest,
			"/api/v1/policies/pastes/failed?state=x":         http.StatusBadRequest,
			"/api/v1/policies/pastes/failed?limit=1&limit=2": http.StatusBadRequest,
		} {
			if status, body, _ := b.do(t, "GET", path, op); status != want {
				t.Errorf("GET %s: %d %s, want %d", path, status, body, want)
			}
		}
	})

	t.Run("RefusedChangesNothing", func(t *testing.T) {
		for _, c := range []struct {
			name string
			opts []reqOpt
			want int
		}{
			{"viewer", []reqOpt{bearer(viewerToken), withBody(`{"confirm": 3}`)}, http.StatusForbidden},
			{"no credentials", []reqOpt{withBody(`{"confirm": 3}`)}, http.StatusUnauthorized},
			{"other origin", []reqOpt{op, withBody(`{"confirm": 3}`), withHeader("Origin", "https://evil.example"), withHeader("Sec-Fetch-Site", "cross-site")}, http.StatusForbidden},
			{"text/plain", []reqOpt{op, withBody(`{"confirm": 3}`), withHeader("Content-Type", "text/plain")}, http.StatusUnsupportedMediaType},
			{"both", []reqOpt{op, withBody(`{"confirm": 3, "dry_run": true}`)}, http.StatusBadRequest},
			{"neither", []reqOpt{op, withBody(`{}`)}, http.StatusBadRequest},
			{"zero", []reqOpt{op, withBody(`{"confirm": 0}`)}, http.StatusBadRequest},
			{"unknown field", []reqOpt{op, withBody(`{"confirm": 3, "all": true}`)}, http.StatusBadRequest},
		} {
			status, body, _ := b.do(t, "POST", "/api/v1/policies/pastes/failed/retry", c.opts...)
			if status != c.want {
				t.Errorf("%s: %d %s, want %d", c.name, status, body, c.want)
			}
			if len(body) > 400 {
				t.Errorf("%s: answer of %d bytes", c.name, len(body))
			}
		}
		if s := jobState(t, b.pool, retry1); s != string(rivertype.JobStateRetryable) {
			t.Fatalf("job %d is %s after refused requests", retry1, s)
		}
	})

	t.Run("DiscardThenRetry", func(t *testing.T) {
		// Discard-all acts on the retryable jobs only.
		status, body, _ := b.do(t, "POST", "/api/v1/policies/pastes/failed/discard", op, withBody(`{"dry_run": true}`))
		dry := decodeInto[actionAnswer](t, body)
		if status != http.StatusOK || dry.Jobs != 2 || !dry.DryRun || !slices.Equal(dry.JobIDs, []int64{retry1, retry2}) {
			t.Fatalf("discard dry run: %d %s", status, body)
		}
		if s := jobState(t, b.pool, retry1); s != string(rivertype.JobStateRetryable) {
			t.Fatalf("the dry run changed job %d to %s", retry1, s)
		}
		// A count that no longer matches is 409 with the new count.
		status, body, _ = b.do(t, "POST", "/api/v1/policies/pastes/failed/discard", op, withBody(`{"confirm": 3}`))
		if a := decodeInto[actionAnswer](t, body); status != http.StatusConflict || a.Jobs != 2 || !strings.Contains(a.Error, "2 jobs to discard now, not 3") {
			t.Fatalf("discard with a stale count: %d %s", status, body)
		}
		if s := jobState(t, b.pool, retry1); s != string(rivertype.JobStateRetryable) {
			t.Fatalf("a refused discard changed job %d to %s", retry1, s)
		}
		status, body, _ = b.do(t, "POST", "/api/v1/policies/pastes/failed/discard", op, withBody(`{"confirm": 2}`))
		if a := decodeInto[actionAnswer](t, body); status != http.StatusOK || a.Jobs != 2 || a.DryRun {
			t.Fatalf("discard: %d %s", status, body)
		}
		for _, id := range []int64{retry1, retry2} {
			if s := jobState(t, b.pool, id); s != string(rivertype.JobStateCancelled) {
				t.Errorf("discarded job %d is %s, want cancelled", id, s)
			}
		}
		if s := jobState(t, b.pool, entity); s != string(rivertype.JobStateRetryable) {
			t.Errorf("another policy's job %d is %s", entity, s)
		}

		// Retry-all takes the discarded job (the cancelled ones are no
		// longer failed) and makes it available now.
		status, body, _ = b.do(t, "POST", "/api/v1/policies/pastes/failed/retry", op, withBody(`{"dry_run": true}`))
		if a := decodeInto[actionAnswer](t, body); status != http.StatusOK || a.Jobs != 1 || !slices.Equal(a.JobIDs, []int64{discarded}) {
			t.Fatalf("retry dry run: %d %s", status, body)
		}
		status, body, _ = b.do(t, "POST", "/api/v1/policies/pastes/failed/retry", bearer(aliceToken), withBody(`{"confirm": 1}`))
		if a := decodeInto[actionAnswer](t, body); status != http.StatusOK || a.Jobs != 1 {
			t.Fatalf("retry: %d %s", status, body)
		}
		if s := jobState(t, b.pool, discarded); s != string(rivertype.JobStateAvailable) {
			t.Errorf("retried job %d is %s, want available", discarded, s)
		}
		if s := jobState(t, b.pool, sweep); s != string(rivertype.JobStateDiscarded) {
			t.Errorf("another policy's job %d is %s", sweep, s)
		}
		status, body, _ = b.do(t, "GET", "/api/v1/overview", op)
		for _, p := range decodeInto[web.Overview](t, body).Policies {
			if p.Name == "pastes" && p.Failed != (db.FailedJobCounts{}) {
				t.Errorf("overview right after the actions: pastes failed %+v (%d)", p.Failed, status)
			}
		}

		// Both are audited under their operator, with the jobs.
		for action, want := range map[db.AuditAction]struct {
			by  string
			ids []int64
		}{db.ActionDiscardFailed: {testUser, []int64{retry1, retry2}}, db.ActionRetryFailed: {"alice", []int64{discarded}}} {
			entries := auditOf(t, b, action, op)
			if len(entries) != 1 || entries[0].Policy != "pastes" || entries[0].Detail["by"] != want.by || !slices.Equal(jobIDs(entries[0]), want.ids) {
				t.Errorf("audit of %s: %+v", action, entries)
			}
		}
	})
}
