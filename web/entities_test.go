package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/entity"
	"github.com/lethehq/lethe/internal/testenv"
	"github.com/lethehq/lethe/tombstone"
	"github.com/lethehq/lethe/web"
)

// Accounts of the entity tests: alice has 2 projects, 3 tasks and an API
// key; bob has one project; carol's key is never created.
const (
	alice = "00000000-0000-4000-8000-00000000000a"
	bob   = "00000000-0000-4000-8000-00000000000b"
	carol = "00000000-0000-4000-8000-00000000000c"
)

type entitiesBundle struct {
	ctx   context.Context
	pool  *pgxpool.Pool
	api   *apiBundle
	token string
}

// setupEntities serves the web handler (an insert-only River client: the
// tests see the jobs the API inserts, none is worked) on a database with the
// tests' accounts schema, its account entity declared and guarded, alice
// and bob created and two of alice's blobs stored (and one of bob's).
func setupEntities(t *testing.T, mutate ...func(*config.Config)) *entitiesBundle {
	t.Helper()
	ctx := t.Context()
	cfg, err := config.Parse([]byte(`
database: {url: "postgres://unused"}
blob: {kind: local, local: {dir: `+t.TempDir()+`}}
http: {listen: 127.0.0.1:0}
migrate_on_start: false
`+testenv.AccountsConfig), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range mutate {
		m(cfg)
	}
	pool, err := pgxpool.New(ctx, testenv.AccountsURL(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	if _, unresolved, err := entity.InstallGuards(ctx, pool, pool, cfg); err != nil || unresolved != nil {
		t.Fatalf("install guards: %v %v", err, unresolved)
	}
	for _, sql := range []string{
		`INSERT INTO accounts (id, name) VALUES ('` + alice + `', 'alice'), ('` + bob + `', 'bob')`,
		`INSERT INTO projects (id, account_id) VALUES (1, '` + alice + `'), (2, '` + alice + `'), (3, '` + bob + `')`,
		`INSERT INTO tasks (project_id, title) VALUES (1, 'a'), (1, 'b'), (2, 'c'), (3, 'bob''s')`,
		`INSERT INTO api_keys (key, account_id) VALUES ('ak-alice', '` + alice + `'), ('ak-bob', '` + bob + `')`,
	} {
		mustExec(t, pool, sql)
	}
	b := &entitiesBundle{ctx: ctx, pool: pool, api: setupAPIOn(t, cfg, pool), token: cfg.HTTP.Token}
	for _, key := range []string{"accounts/" + alice + "/avatar.png", "accounts/" + alice + "/exports/1.zip", "accounts/" + bob + "/avatar.png"} {
		if err := b.api.blobs.Put(ctx, key, []byte("x")); err != nil {
			t.Fatal(err)
		}
	}
	return b
}

// do sends body with the bundle's token (when set) and decodes a JSON answer.
func (b *entitiesBundle) do(t *testing.T, method, path, body string) response {
	t.Helper()
	return b.api.doJSON(t, b.token, method, path, body)
}

// state is everything a request could change: jobs, tombstones, rows and
// blobs.
func (b *entitiesBundle) state(t *testing.T) string {
	t.Helper()
	var jobs, tombstones, rows int
	err := b.pool.QueryRow(b.ctx, `SELECT (SELECT count(*) FROM lethe.river_job), (SELECT count(*) FROM lethe_tombstones),
		(SELECT count(*) FROM accounts) + (SELECT count(*) FROM projects) + (SELECT count(*) FROM tasks) + (SELECT count(*) FROM api_keys)`).
		Scan(&jobs, &tombstones, &rows)
	if err != nil {
		t.Fatal(err)
	}
	blobs := 0
	if err := b.api.blobs.List(b.ctx, "accounts/", func(keys []string) error { blobs += len(keys); return nil }); err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("jobs=%d tombstones=%d rows=%d blobs=%d", jobs, tombstones, rows, blobs)
}

// jobArgs returns the args of the delete_entity job id.
func (b *entitiesBundle) jobArgs(t *testing.T, id any) string {
	t.Helper()
	n, ok := id.(float64)
	if !ok {
		t.Fatalf("job id %v is not a number", id)
	}
	var args string
	if err := b.pool.QueryRow(b.ctx, `SELECT args::text FROM lethe.river_job WHERE id = $1 AND kind = 'lethe.delete_entity'`, int64(n)).Scan(&args); err != nil {
		t.Fatalf("delete_entity job %d: %v", int64(n), err)
	}
	return args
}

func TestEntitiesAPI(t *testing.T) {
	t.Parallel()

	t.Run("PreviewCountsAndDeletesNothing", func(t *testing.T) {
		t.Parallel()
		b := setupEntities(t)
		before := b.state(t)
		r := b.do(t, "GET", "/api/v1/entities/account/"+strings.ToUpper(alice)+"/preview", "")
		if r.status != 200 {
			t.Fatalf("preview = %d %s", r.status, r.body)
		}
		var p entity.Preview
		if err := json.Unmarshal([]byte(r.body), &p); err != nil {
			t.Fatal(err)
		}
		want := map[string]int64{"accounts": 1, "projects": 2, "tasks": 3, "api_keys": 1}
		if fmt.Sprint(p.Rows) != fmt.Sprint(want) || p.TotalRows != 7 {
			t.Errorf("preview rows %v (total %d), want %v (total 7)", p.Rows, p.TotalRows, want)
		}
		if p.Entity != "account" || p.Key != alice || p.Tombstoned {
			t.Errorf("preview of %s %s tombstoned %t, want account %s (the canonical key), not tombstoned", p.Entity, p.Key, p.Tombstoned, alice)
		}
		if p.BlobPrefix != "accounts/"+alice+"/" || p.Blobs != 2 || len(p.BlobSample) != 2 {
			t.Errorf("preview blobs: %d under %s %v, want alice's 2", p.Blobs, p.BlobPrefix, p.BlobSample)
		}
		// The trial ran the deletion's statements and rolled them back.
		if tr := p.Trial; tr == nil || !tr.OK || tr.Tables["tasks"].Deleted != 3 || tr.Tables["accounts"].Deleted != 1 || len(tr.Statements) == 0 {
			t.Errorf("preview trial %+v, want ok with alice's rows", tr)
		}
		if _, ok := r.json["trial"].(map[string]any)["tables"]; !ok {
			t.Errorf("preview JSON lacks trial.tables: %s", r.body)
		}
		if after := b.state(t); after != before {
			t.Errorf("a preview changed something: %s → %s", before, after)
		}

		// A key that does not exist previews as nothing to delete.
		r = b.do(t, "GET", "/api/v1/entities/account/"+carol+"/preview", "")
		if r.status != 200 || r.json["total_rows"] != 0.0 || r.json["blobs"] != 0.0 {
			t.Errorf("preview of a missing account = %d %s, want 200 with zeros", r.status, r.body)
		}
		// A deleted one says it is tombstoned.
		if _, err := tombstone.NewPostgres(b.pool).Put(b.ctx, "account", carol); err != nil {
			t.Fatal(err)
		}
		if r := b.do(t, "GET", "/api/v1/entities/account/"+carol+"/preview", ""); r.json["tombstoned"] != true || r.json["tombstone_state"] != "deleted" {
			t.Errorf("preview of a tombstoned account = %s, want tombstoned", r.body)
		}
	})

	t.Run("DeleteInsertsAJobWithTheCanonicalKey", func(t *testing.T) {
		t.Parallel()
		b := setupEntities(t)
		r := b.do(t, "DELETE", "/api/v1/entities/account/"+strings.ToUpper(alice), "")
		if r.status != 202 || r.json["key"] != alice || r.json["entity"] != "account" {
			t.Fatalf("DELETE = %d %s, want 202 naming account %s", r.status, r.body, alice)
		}
		if args := b.jobArgs(t, r.json["job_id"]); args != `{"key": "`+alice+`", "entity": "account"}` {
			t.Errorf("job args = %s, want the lower-case key", args)
		}
		// The API only asks: rows and blobs stay until a worker deletes them.
		if got := b.state(t); got != "jobs=1 tombstones=0 rows=11 blobs=3" {
			t.Errorf("state after DELETE = %s", got)
		}
		// Neither a row nor a tombstone: 404. Deleted already: accepted again.
		if r := b.do(t, "DELETE", "/api/v1/entities/account/"+carol, ""); r.status != 404 || !strings.Contains(r.body, carol) || !strings.Contains(r.body, "force=true") {
			t.Errorf("DELETE of a missing account = %d %s, want 404 naming it and force", r.status, r.body)
		}
		// Deleting ahead of a creation on its way, as a job does: forced.
		const dave = "4d1e2f3a-5b6c-4d7e-8f9a-0b1c2d3e4f5a"
		if r := b.do(t, "DELETE", "/api/v1/entities/account/"+dave+"?force=maybe", ""); r.status != 400 || !strings.Contains(r.body, "force must be true or false") {
			t.Errorf("DELETE ?force=maybe = %d %s, want 400", r.status, r.body)
		}
		if r := b.do(t, "DELETE", "/api/v1/entities/account/"+dave+"?force=true", ""); r.status != 202 || !strings.Contains(b.jobArgs(t, r.json["job_id"]), dave) {
			t.Errorf("DELETE ?force=true of a missing account = %d %s, want 202 and its job", r.status, r.body)
		}
		if _, err := tombstone.NewPostgres(b.pool).Put(b.ctx, "account", carol); err != nil {
			t.Fatal(err)
		}
		if r := b.do(t, "DELETE", "/api/v1/entities/account/"+carol, ""); r.status != 202 {
			t.Errorf("DELETE of a deleted account = %d %s, want 202", r.status, r.body)
		}
	})

	t.Run("BatchDeleteAllOrNothing", func(t *testing.T) {
		t.Parallel()
		b := setupEntities(t)
		r := b.do(t, "POST", "/api/v1/entities/account/delete", `{"keys":["`+strings.ToUpper(alice)+`","`+bob+`","`+alice+`"]}`)
		if r.status != 202 || fmt.Sprint(r.json["keys"]) != fmt.Sprint([]any{alice, bob}) || len(r.json["job_ids"].([]any)) != 2 {
			t.Fatalf("batch = %d %s, want 202 with alice and bob once each", r.status, r.body)
		}
		for i, id := range r.json["job_ids"].([]any) {
			if args, want := b.jobArgs(t, id), []string{alice, bob}[i]; !strings.Contains(args, want) {
				t.Errorf("job %v args %s, want key %s", id, args, want)
			}
		}
		before := b.state(t)
		r = b.do(t, "POST", "/api/v1/entities/account/delete", `{"keys":["`+alice+`","`+carol+`"]}`)
		if r.status != 404 || fmt.Sprint(r.json["not_found"]) != fmt.Sprint([]any{carol}) {
			t.Errorf("batch with a missing key = %d %s, want 404 naming it", r.status, r.body)
		}
		if after := b.state(t); after != before {
			t.Errorf("a refused batch inserted jobs: %s → %s", before, after)
		}
		r = b.do(t, "POST", "/api/v1/entities/account/delete?force=true", `{"keys":["`+alice+`","`+carol+`"]}`)
		if r.status != 202 || fmt.Sprint(r.json["keys"]) != fmt.Sprint([]any{alice, carol}) {
			t.Errorf("forced batch with a missing key = %d %s, want 202 with both", r.status, r.body)
		}
	})

	t.Run("BadInputChangesNothing", func(t *testing.T) {
		t.Parallel()
		b := setupEntities(t, func(c *config.Config) { c.Tombstone("accounts").MaxBatchDeleteIDs = 3 })
		before := b.state(t)
		long := strings.Repeat("x", 10_000)
		for _, c := range []struct {
			method, path, body string
			status             int
			mention            string
		}{
			{"DELETE", "/api/v1/entities/user/1", "", 404, "(declared: account)"},
			{"GET", "/api/v1/entities/user/1/preview", "", 404, "(declared: account)"},
			{"GET", "/api/v1/entities/user", "", 404, "(declared: account)"},
			{"POST", "/api/v1/entities/user/delete", `{"keys":["1"]}`, 404, "(declared: account)"},
			{"POST", "/api/v1/entities/" + long + "/delete", `{"keys":["1"]}`, 404, "unknown entity"},
			{"DELETE", "/api/v1/entities/account/abc", "", 400, `"abc" is not a valid uuid key`},
			{"GET", "/api/v1/entities/account/abc/preview", "", 400, "uuid"},
			{"POST", "/api/v1/entities/account/abc/clear-tombstone", "", 400, "uuid"},
			{"DELETE", "/api/v1/entities/account/" + long, "", 400, "more than the 200 allowed"},
			{"DELETE", "/api/v1/entities/account/a%2Fb", "", 400, "malformed"},
			{"PUT", "/api/v1/entities/account/" + alice, "", 405, "method not allowed"},
			{"POST", "/api/v1/entities/account/delete", `{"keys":["` + alice + `","` + bob + `","3","4"]}`, 413, "max_batch_delete_ids 3"},
			{"POST", "/api/v1/entities/account/delete", `{"keys":["` + alice + `","nope"]}`, 400, `keys[1]: key "nope"`},
			{"POST", "/api/v1/entities/account/delete", `{"keys":["` + alice + `","` + long + `"]}`, 400, "keys[1]"},
			{"POST", "/api/v1/entities/account/delete", `{"keys":[]}`, 400, "keys is required"},
			{"POST", "/api/v1/entities/account/delete", `{"` + long + `":["1"]}`, 400, "malformed body"},
			{"POST", "/api/v1/entities/account/delete", `not json`, 400, "malformed body"},
			{"POST", "/api/v1/entities/account/delete", `{"keys":["` + strings.Repeat("a", 2<<20) + `"]}`, 413, "larger than"},
			{"POST", "/api/v1/entities/account/delete", `{"keys":["` + carol + `"]}`, 404, "not found"},
		} {
			r := b.do(t, c.method, c.path, c.body)
			msg, _ := r.json["error"].(string)
			if r.status != c.status || !strings.Contains(msg, c.mention) {
				t.Errorf("%s %.60s %.40s = %d %.300s, want %d mentioning %q", c.method, c.path, c.body, r.status, r.body, c.status, c.mention)
			}
			// However long the request, the answer repeats little of it.
			if len(msg) > 400 {
				t.Errorf("%s %.60s: a %d-byte error message", c.method, c.path, len(msg))
			}
		}
		if after := b.state(t); after != before {
			t.Errorf("bad requests changed something: %s → %s", before, after)
		}
	})

	t.Run("ListsTheDeclaredEntities", func(t *testing.T) {
		t.Parallel()
		b := setupEntities(t)
		r := b.do(t, "GET", "/api/v1/entities", "")
		var got struct{ Entities []web.EntityInfo }
		if err := json.Unmarshal([]byte(r.body), &got); err != nil || r.status != 200 || len(got.Entities) != 1 {
			t.Fatalf("entities = %d %s (%v), want the account entity", r.status, r.body, err)
		}
		a := got.Entities[0]
		if a.Name != "account" || a.Table != "accounts" || a.KeyColumn != "id" || a.KeyType != "uuid" || a.BlobPrefix != "accounts/{key}/" ||
			a.Policy != "accounts" || a.MaxBatchDeleteIDs != 1000 || a.Error != "" {
			t.Errorf("account = %+v", a)
		}
		if fmt.Sprint(a.Tables) != "[accounts projects tasks api_keys]" || len(a.Edges) != 4 || a.Edges[1] != (web.EntityEdge{Table: "tasks", Column: "project_id", References: "projects.id"}) {
			t.Errorf("account tables %v, edges %+v", a.Tables, a.Edges)
		}
		if r := b.do(t, "GET", "/api/v1/entities/account", ""); r.status != 200 || r.json["key_type"] != "uuid" {
			t.Errorf("GET account = %d %s", r.status, r.body)
		}
	})

	t.Run("ClearTombstoneWithAnyKeySpelling", func(t *testing.T) {
		t.Parallel()
		b := setupEntities(t)
		if _, err := tombstone.NewPostgres(b.pool).Put(b.ctx, "account", carol); err != nil {
			t.Fatal(err)
		}
		if r := b.do(t, "GET", "/api/v1/tombstones?entity=account", ""); r.status != 200 || len(r.json["tombstones"].([]any)) != 1 {
			t.Errorf("tombstones of account = %d %s", r.status, r.body)
		}
		for i, path := range []string{"/clear-tombstone", "/clear-tombstone/"} {
			r := b.do(t, "POST", "/api/v1/entities/account/"+strings.ToUpper(carol)+path, "")
			if r.status != 204 || r.body != "" {
				t.Errorf("clear #%d = %d %q, want 204 and no body", i+1, r.status, r.body)
			}
		}
		if ts, err := tombstone.NewPostgres(b.pool).Get(b.ctx, "account", carol); ts != nil || err != nil {
			t.Errorf("tombstone after clear: %+v %v", ts, err)
		}
		if _, err := b.pool.Exec(b.ctx, `INSERT INTO accounts (id) VALUES ($1)`, carol); err != nil {
			t.Errorf("write after clear: %v", err)
		}
	})

	t.Run("VerificationFailuresShowInTheOverview", func(t *testing.T) {
		t.Parallel()
		b := setupEntities(t)
		for _, e := range []db.AuditEntry{
			{Outcome: db.OutcomeError, Error: "deleted entity not gone: 1 tables still hold rows"},
			{Outcome: db.OutcomeOK},
		} {
			e.Policy, e.Action, e.StartedAt = "accounts", db.ActionVerifyEntity, time.Now()
			if err := db.RecordAudit(b.ctx, b.pool, e); err != nil {
				t.Fatal(err)
			}
		}
		var ov web.Overview
		if err := json.Unmarshal([]byte(b.do(t, "GET", "/api/v1/overview", "").body), &ov); err != nil || len(ov.Policies) != 1 {
			t.Fatalf("overview: %v %+v", err, ov)
		}
		if p := ov.Policies[0]; p.Deleted.VerifyFailuresLastDay != 1 || len(p.Errors) != 1 || p.Errors[0].Action != db.ActionVerifyEntity {
			t.Errorf("accounts policy: %d verification failures, errors %+v; want the failed one", p.Deleted.VerifyFailuresLastDay, p.Errors)
		}
	})

	t.Run("NeedCredentials", func(t *testing.T) {
		t.Parallel()
		b := setupEntities(t, func(c *config.Config) { c.HTTP.Token = "s3cret" })
		if _, err := tombstone.NewPostgres(b.pool).Put(b.ctx, "account", carol); err != nil {
			t.Fatal(err)
		}
		before := b.state(t)
		b.token = ""
		for _, c := range [][3]string{
			{"GET", "/api/v1/entities", ""},
			{"GET", "/api/v1/entities/account/" + alice + "/preview", ""},
			{"DELETE", "/api/v1/entities/account/" + alice, ""},
			{"POST", "/api/v1/entities/account/delete", `{"keys":["` + alice + `"]}`},
			{"POST", "/api/v1/entities/account/" + carol + "/clear-tombstone", ""},
		} {
			if r := b.do(t, c[0], c[1], c[2]); r.status != 401 {
				t.Errorf("%s %s without token = %d, want 401", c[0], c[1], r.status)
			}
		}
		if after := b.state(t); after != before {
			t.Errorf("unauthenticated requests changed something: %s → %s", before, after)
		}
		b.token = "s3cret"
		if r := b.do(t, "DELETE", "/api/v1/entities/account/"+alice, ""); r.status != 202 {
			t.Errorf("with token = %d %s", r.status, r.body)
		}
	})
}
