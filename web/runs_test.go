package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/tombstone"
	"github.com/lethehq/lethe/web"
)

type runsBundle struct {
	ctx   context.Context
	pool  *pgxpool.Pool
	api   *apiBundle
	token string
}

// setupRuns serves the web handler (setupAPIFor: an insert-only River
// client, no worker runs, so the tests see the jobs the API inserts) on the
// default config with runs r1, r2 and r3.
func setupRuns(t *testing.T, mutate ...func(*config.Config)) *runsBundle {
	t.Helper()
	cfg, err := config.Parse(config.Default, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range mutate {
		m(cfg)
	}
	api := setupAPIFor(t, cfg)
	for _, h := range []string{"r1", "r2", "r3"} {
		if err := db.UpsertRun(t.Context(), db.Timeouts{}.Pool(api.pool), h, "run "+h); err != nil {
			t.Fatal(err)
		}
		if err := db.SetTag(t.Context(), db.Timeouts{}.Pool(api.pool), h, "t"); err != nil {
			t.Fatal(err)
		}
	}
	return &runsBundle{ctx: t.Context(), pool: api.pool, api: api, token: cfg.HTTP.Token}
}

type response struct {
	status int
	body   string
	json   map[string]any
}

// do sends body with the bundle's token (when set) and decodes a JSON answer.
func (b *runsBundle) do(t *testing.T, method, path, body string) response {
	t.Helper()
	return b.api.doJSON(t, b.token, method, path, body)
}

// doJSON sends body (when set) as JSON with token (when set) and decodes
// a JSON answer.
func (b *apiBundle) doJSON(t *testing.T, token, method, path, body string) response {
	t.Helper()
	var opts []reqOpt
	if body != "" {
		opts = append(opts, withBody(body))
	}
	if token != "" {
		opts = append(opts, bearer(token))
	}
	status, data, _ := b.do(t, method, path, opts...)
	r := response{status: status, body: string(data)}
	_ = json.Unmarshal(data, &r.json)
	return r
}

// state is everything a request could change: jobs, tombstones, run rows.
func (b *runsBundle) state(t *testing.T) string {
	t.Helper()
	var jobs, tombstones, rows int
	err := b.pool.QueryRow(b.ctx, `SELECT (SELECT count(*) FROM lethe.river_job), (SELECT count(*) FROM lethe_tombstones),
		(SELECT count(*) FROM runs) + (SELECT count(*) FROM run_tags)`).Scan(&jobs, &tombstones, &rows)
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("jobs=%d tombstones=%d rows=%d", jobs, tombstones, rows)
}

func TestRunsAPI(t *testing.T) {
	t.Parallel()

	t.Run("GetRun", func(t *testing.T) {
		t.Parallel()
		b := setupRuns(t)
		if r := b.do(t, "GET", "/api/v1/runs/r1", ""); r.status != 200 || r.json["name"] != "run r1" {
			t.Errorf("GET r1 = %d %s", r.status, r.body)
		}
		if r := b.do(t, "GET", "/api/v1/runs/nope", ""); r.status != 404 || r.json["error"] == nil {
			t.Errorf("GET unknown = %d %s, want 404 JSON error", r.status, r.body)
		}
		if r := b.do(t, "GET", "/api/v1/runs/bad.hash", ""); r.status != 400 || !strings.Contains(r.body, "malformed") {
			t.Errorf("GET malformed = %d %s, want 400", r.status, r.body)
		}
		if _, err := tombstone.NewPostgres(b.pool).Put(b.ctx, "run", "gone"); err != nil {
			t.Fatal(err)
		}
		if r := b.do(t, "GET", "/api/v1/runs/gone", ""); r.status != 410 || r.json["tombstone"] == nil {
			t.Errorf("GET tombstoned = %d %s, want 410 with the tombstone", r.status, r.body)
		}
	})

	t.Run("DeleteInsertsAJob", func(t *testing.T) {
		t.Parallel()
		b := setupRuns(t)
		r := b.do(t, "DELETE", "/api/v1/runs/r1", "")
		if r.status != 202 || r.json["job_id"] == nil {
			t.Fatalf("DELETE = %d %s, want 202 with job_id", r.status, r.body)
		}
		var args string
		if err := b.pool.QueryRow(b.ctx, `SELECT args::text FROM lethe.river_job WHERE id = $1 AND kind = 'lethe.delete_entity'`,
			int64(r.json["job_id"].(float64))).Scan(&args); err != nil {
			t.Fatal(err)
		}
		if args != `{"key": "r1", "entity": "run"}` {
			t.Errorf("job args = %s", args)
		}
		// Already deleted (tombstoned, rows gone): accepted again.
		if _, err := tombstone.NewPostgres(b.pool).Put(b.ctx, "run", "gone"); err != nil {
			t.Fatal(err)
		}
		if r := b.do(t, "DELETE", "/api/v1/runs/gone", ""); r.status != 202 {
			t.Errorf("DELETE of a deleted run = %d %s, want 202", r.status, r.body)
		}
		// Never created: refused, unless forced ahead of its creation.
		if r := b.do(t, "DELETE", "/api/v1/runs/not-yet", ""); r.status != 404 {
			t.Errorf("DELETE of an unknown run = %d %s, want 404", r.status, r.body)
		}
		if r := b.do(t, "DELETE", "/api/v1/runs/not-yet?force=true", ""); r.status != 202 || r.json["run_id"] != "not-yet" {
			t.Errorf("DELETE ?force=true of an unknown run = %d %s, want 202", r.status, r.body)
		}
	})

	t.Run("BatchDeleteInOneTransaction", func(t *testing.T) {
		t.Parallel()
		b := setupRuns(t)
		r := b.do(t, "POST", "/api/v1/runs/delete", `{"run_ids":["r1","r2","r1"]}`)
		if r.status != 202 || len(r.json["job_ids"].([]any)) != 2 {
			t.Fatalf("batch = %d %s, want 202 with 2 job ids (duplicates merged)", r.status, r.body)
		}
		if got := b.state(t); got != "jobs=2 tombstones=0 rows=6" {
			t.Errorf("state = %s", got)
		}
	})

	t.Run("ClearTombstoneIs204TwiceWithoutBody", func(t *testing.T) {
		t.Parallel()
		b := setupRuns(t)
		if _, err := tombstone.NewPostgres(b.pool).Put(b.ctx, "run", "gone"); err != nil {
			t.Fatal(err)
		}
		overviewTombstones := func() int64 {
			var ov web.Overview
			if err := json.Unmarshal([]byte(b.do(t, "GET", "/api/v1/overview", "").body), &ov); err != nil {
				t.Fatal(err)
			}
			return ov.Tombstones.Count
		}
		if n := overviewTombstones(); n != 1 {
			t.Fatalf("overview shows %d tombstones, want 1", n)
		}
		for i := range 2 {
			r := b.do(t, "POST", "/api/v1/runs/gone/clear-tombstone/", "")
			if r.status != 204 || r.body != "" {
				t.Errorf("clear #%d = %d %q, want 204 and no body", i+1, r.status, r.body)
			}
		}
		var n int
		_ = b.pool.QueryRow(b.ctx, `SELECT count(*) FROM lethe_tombstones`).Scan(&n)
		if ts, _ := tombstone.NewPostgres(b.pool).Get(b.ctx, "run", "gone"); ts != nil || n != 0 {
			t.Errorf("tombstone still there (%d tombstones left)", n)
		}
		// Like every action, clearing shows on the next poll, not after the
		// cache expires.
		if n := overviewTombstones(); n != 0 {
			t.Errorf("overview right after clear shows %d tombstones, want 0", n)
		}
		if err := db.UpsertRun(b.ctx, db.Timeouts{}.Pool(b.pool), "gone", "back"); err != nil {
			t.Errorf("write after clear: %v", err)
		}
		if r := b.do(t, "POST", "/api/v1/runs/never/clear-tombstone", ""); r.status != 204 {
			t.Errorf("clear without slash = %d", r.status)
		}
	})

	t.Run("ListTombstonesPaginated", func(t *testing.T) {
		t.Parallel()
		b := setupRuns(t)
		for _, k := range []string{"a", "b", "c"} {
			if _, err := tombstone.NewPostgres(b.pool).Put(b.ctx, "run", k); err != nil {
				t.Fatal(err)
			}
		}
		r := b.do(t, "GET", "/api/v1/tombstones?entity=run&limit=2", "")
		if r.status != 200 || len(r.json["tombstones"].([]any)) != 2 || r.json["next_after"] != "b" {
			t.Fatalf("page 1 = %d %s", r.status, r.body)
		}
		r = b.do(t, "GET", "/api/v1/tombstones?entity=run&limit=2&after=b", "")
		if len(r.json["tombstones"].([]any)) != 1 || r.json["next_after"] != "" {
			t.Errorf("page 2 = %s", r.body)
		}
		if r := b.do(t, "GET", "/api/v1/tombstones?entity=paste", ""); r.status != 400 {
			t.Errorf("unknown entity = %d", r.status)
		}
		if r := b.do(t, "GET", "/api/v1/tombstones?limit=0", ""); r.status != 400 {
			t.Errorf("limit=0 = %d", r.status)
		}
	})

	t.Run("BadInputChangesNothing", func(t *testing.T) {
		t.Parallel()
		b := setupRuns(t, func(c *config.Config) { c.Tombstone("runs").MaxBatchDeleteIDs = 3 })
		before := b.state(t)
		for _, c := range []struct {
			method, path, body string
			status             int
		}{
			{"DELETE", "/api/v1/runs/unknown", "", 404},
			{"DELETE", "/api/v1/runs/unknown?force=yes", "", 400},
			{"DELETE", "/api/v1/runs/bad$hash", "", 400},
			{"DELETE", "/api/v1/runs/" + strings.Repeat("x", 65), "", 400},
			{"PUT", "/api/v1/runs/r1", "", 405},
			{"GET", "/api/v1/runs/delete/x", "", 404},
			{"GET", "/api/v1/runs/r1/clear-tombstone/", "", 405},
			{"POST", "/api/v1/runs/delete", `{"run_ids":["r1","r2","r3","r4"]}`, 413},
			{"POST", "/api/v1/runs/delete", `{"run_ids":["r1","no spaces"]}`, 400},
			{"POST", "/api/v1/runs/delete", `{"run_ids":["r1","` + strings.Repeat("x", 10_000) + `"]}`, 400},
			{"POST", "/api/v1/runs/delete", `{"` + strings.Repeat("x", 10_000) + `":["r1"]}`, 400},
			{"GET", "/api/v1/runs/" + strings.Repeat("x", 10_000), "", 400},
			{"POST", "/api/v1/runs/delete", `{"run_ids":[]}`, 400},
			{"POST", "/api/v1/runs/delete", `{"ids":["r1"]}`, 400},
			{"POST", "/api/v1/runs/delete", `not json`, 400},
			{"POST", "/api/v1/runs/delete", `{"run_ids":["r1","unknown"]}`, 404},
			{"POST", "/api/v1/runs/delete", `{"run_ids":["` + strings.Repeat("a", 2<<20) + `"]}`, 413},
			{"POST", "/api/v1/runs/bad.hash/clear-tombstone/", "", 400},
		} {
			r := b.do(t, c.method, c.path, c.body)
			if r.status != c.status {
				t.Errorf("%s %s %.40s = %d %.200s, want %d", c.method, c.path, c.body, r.status, r.body, c.status)
			}
			// However long the request, the answer repeats little of it.
			if msg, _ := r.json["error"].(string); len(msg) > 400 {
				t.Errorf("%s %.60s: a %d-byte error message", c.method, c.path, len(msg))
			}
			// Every answer under /api/ is a JSON error, the mux's 404 and
			// 405 included.
			if r.json["error"] == nil {
				t.Errorf("%s %s: no JSON error in %.200s", c.method, c.path, r.body)
			}
		}
		if after := b.state(t); after != before {
			t.Errorf("bad requests changed the database: %s → %s", before, after)
		}
	})

	t.Run("MutationsNeedCredentials", func(t *testing.T) {
		t.Parallel()
		b := setupRuns(t, func(c *config.Config) { c.HTTP.Token = "s3cret" })
		if _, err := tombstone.NewPostgres(b.pool).Put(b.ctx, "run", "gone"); err != nil {
			t.Fatal(err)
		}
		before := b.state(t)
		b.token = ""
		for _, c := range [][3]string{
			{"DELETE", "/api/v1/runs/r1", ""},
			{"POST", "/api/v1/runs/delete", `{"run_ids":["r1"]}`},
			{"POST", "/api/v1/runs/gone/clear-tombstone/", ""},
		} {
			if r := b.do(t, c[0], c[1], c[2]); r.status != 401 {
				t.Errorf("%s %s without token = %d, want 401", c[0], c[1], r.status)
			}
		}
		b.token = "wrong"
		if r := b.do(t, "DELETE", "/api/v1/runs/r1", ""); r.status != 401 {
			t.Errorf("wrong token = %d", r.status)
		}
		if after := b.state(t); after != before {
			t.Errorf("unauthenticated requests changed the database: %s → %s", before, after)
		}
		b.token = "s3cret"
		if r := b.do(t, "DELETE", "/api/v1/runs/r1", ""); r.status != 202 {
			t.Errorf("with token = %d %s", r.status, r.body)
		}
	})
}
