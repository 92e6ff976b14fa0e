package web_test

import (
	"strings"
	"testing"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
)

// TestHoldAPI holds an account through the API: the reason is required and
// bounded, the key canonical, viewers and other origins are refused, a
// delete of the held key answers 202 with "held": true (its job waits), the
// list shows the hold, and placing and releasing are audited with the
// credential's name.
func TestHoldAPI(t *testing.T) {
	t.Parallel()
	const (
		operatorToken = "hold-operator-token-0123"
		viewerToken   = "hold-viewer-token-0123"
	)
	b := setupEntities(t, func(c *config.Config) {
		c.HTTP.Operators = append(c.HTTP.Operators, config.Credential{Name: "legal", Token: operatorToken})
		c.HTTP.Viewers = append(c.HTTP.Viewers, config.Credential{Name: "oncall", Token: viewerToken})
	})
	upper := strings.ToUpper(alice)
	path := "/api/v1/entities/account/" + upper + "/hold"
	do := func(token, method, path, body string) response {
		t.Helper()
		return b.api.doJSON(t, token, method, path, body)
	}

	for _, c := range []struct {
		body   string
		status int
		want   string
	}{
		{`{}`, 400, "reason is required"},
		{`{"reason": "  "}`, 400, "reason is required"},
		{`{"reason": "` + strings.Repeat("x", db.MaxHoldReason+1) + `"}`, 400, "reason is 501 bytes, at most 500"},
		{`{"reason": "x", "until": "never"}`, 400, "unknown field"},
	} {
		r := do(operatorToken, "POST", path, c.body)
		if r.status != c.status || !strings.Contains(r.body, c.want) || strings.Contains(r.body, "xxxxxxxx") {
			t.Errorf("POST hold %.40s: %d %s, want %d %q", c.body, r.status, r.body, c.status, c.want)
		}
	}
	if r := do(operatorToken, "POST", "/api/v1/entities/nope/1/hold", `{"reason": "x"}`); r.status != 404 {
		t.Errorf("hold of an unknown entity: %d %s", r.status, r.body)
	}
	if r := do(operatorToken, "POST", "/api/v1/entities/account/not-a-uuid/hold", `{"reason": "x"}`); r.status != 400 {
		t.Errorf("hold of a malformed key: %d %s", r.status, r.body)
	}
	if r := do(viewerToken, "POST", path, `{"reason": "x"}`); r.status != 403 {
		t.Errorf("a viewer's hold: %d %s, want 403", r.status, r.body)
	}
	status, body, _ := b.api.do(t, "POST", path, bearer(operatorToken), withBody(`{"reason": "x"}`), withHeader("Origin", "https://evil.example"))
	if status != 403 {
		t.Errorf("a hold from another origin: %d %s, want 403", status, body)
	}
	if n := countHolds(t, b); n != 0 {
		t.Fatalf("%d holds placed by refused requests", n)
	}

	r := do(operatorToken, "POST", path, `{"reason": "litigation 7"}`)
	hold, _ := r.json["hold"].(map[string]any)
	if r.status != 201 || r.json["placed"] != true || hold["key"] != alice || hold["held_by"] != "legal" || hold["reason"] != "litigation 7" {
		t.Fatalf("POST hold: %d %s", r.status, r.body)
	}
	r = do(operatorToken, "POST", path, `{"reason": "other"}`)
	if hold, _ := r.json["hold"].(map[string]any); r.status != 200 || r.json["placed"] != false || hold["reason"] != "litigation 7" {
		t.Errorf("POST hold again: %d %s", r.status, r.body)
	}

	r = do(operatorToken, "DELETE", "/api/v1/entities/account/"+alice, "")
	if hold, _ := r.json["hold"].(map[string]any); r.status != 202 || r.json["held"] != true || hold["reason"] != "litigation 7" || r.json["job_id"] == nil {
		t.Errorf("DELETE of a held key: %d %s", r.status, r.body)
	}
	r = do(operatorToken, "DELETE", "/api/v1/entities/account/"+bob, "")
	if r.status != 202 || r.json["held"] != false {
		t.Errorf("DELETE of an unheld key: %d %s", r.status, r.body)
	}
	r = do(operatorToken, "POST", "/api/v1/entities/account/delete", `{"keys": ["`+alice+`", "`+bob+`"]}`)
	if held, _ := r.json["held"].([]any); r.status != 202 || len(held) != 1 || held[0] != alice {
		t.Errorf("batch DELETE with a held key: %d %s", r.status, r.body)
	}

	r = do(viewerToken, "GET", "/api/v1/holds", "")
	if holds, _ := r.json["holds"].([]any); r.status != 200 || len(holds) != 1 {
		t.Errorf("GET holds: %d %s", r.status, r.body)
	}
	r = do(viewerToken, "GET", "/api/v1/holds?entity=account&limit=1", "")
	if next, _ := r.json["next_after"].(map[string]any); r.status != 200 || next["after_key"] != alice {
		t.Errorf("GET holds limit=1: %d %s", r.status, r.body)
	}
	r = do(viewerToken, "GET", "/api/v1/holds?after_entity=account&after_key="+alice, "")
	if holds, _ := r.json["holds"].([]any); r.status != 200 || len(holds) != 0 {
		t.Errorf("GET holds after the last: %d %s", r.status, r.body)
	}
	for _, q := range []string{"?limit=0", "?bogus=1", "?after_key=x"} {
		if r := do(viewerToken, "GET", "/api/v1/holds"+q, ""); r.status != 400 {
			t.Errorf("GET holds%s: %d %s, want 400", q, r.status, r.body)
		}
	}

	huge := strings.Repeat("h", 60<<10)
	for _, c := range []struct{ method, path, body string }{
		{"GET", "/api/v1/holds?limit=" + huge, ""},
		{"GET", "/api/v1/holds?" + huge + "=1", ""},
		{"POST", "/api/v1/entities/account/" + huge + "/hold", `{"reason": "x"}`},
		{"POST", path, `{"` + huge + `": "x"}`},
	} {
		r := do(operatorToken, c.method, c.path, c.body)
		if r.status != 400 || len(r.body) > 400 || strings.Contains(r.body, strings.Repeat("h", 65)) {
			t.Errorf("%s %.60s: %d, %d bytes, want a short 400", c.method, c.path, r.status, len(r.body))
		}
	}

	if r := do(viewerToken, "DELETE", path, ""); r.status != 403 {
		t.Errorf("a viewer's release: %d %s, want 403", r.status, r.body)
	}
	r = do(operatorToken, "DELETE", path, `{"reason": "case closed"}`)
	if hold, _ := r.json["hold"].(map[string]any); r.status != 200 || r.json["released"] != true || hold["reason"] != "litigation 7" {
		t.Errorf("DELETE hold: %d %s", r.status, r.body)
	}
	if r := do(operatorToken, "DELETE", path, ""); r.status != 200 || r.json["released"] != false {
		t.Errorf("DELETE hold again: %d %s", r.status, r.body)
	}
	if n := countHolds(t, b); n != 0 {
		t.Errorf("%d holds left after the release", n)
	}

	placed, err := db.SearchAudit(b.ctx, b.pool, db.AuditFilter{Action: db.ActionPlaceHold}, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(placed) != 2 || placed[1].Detail["by"] != "legal" || placed[1].Detail["reason"] != "litigation 7" || placed[1].Detail["key"] != alice || placed[1].Detail["placed"] != true {
		t.Errorf("place_hold audit %+v", placed)
	}
	released, err := db.SearchAudit(b.ctx, b.pool, db.AuditFilter{Action: db.ActionReleaseHold}, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(released) != 2 || released[1].Detail["by"] != "legal" || released[1].Detail["reason"] != "case closed" ||
		released[1].Detail["hold_reason"] != "litigation 7" || released[1].Detail["released"] != true || released[0].Detail["released"] != false {
		t.Errorf("release_hold audit %+v", released)
	}
}

func countHolds(t *testing.T, b *entitiesBundle) int {
	t.Helper()
	var n int
	if err := b.pool.QueryRow(b.ctx, `SELECT count(*) FROM lethe_entity_holds`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestHoldRunsRoutes: the runs' delete routes say which runs are held.
func TestHoldRunsRoutes(t *testing.T) {
	t.Parallel()
	b := setupRuns(t)
	if r := b.do(t, "POST", "/api/v1/entities/run/r1/hold", `{"reason": "audit"}`); r.status != 201 {
		t.Fatalf("hold r1: %d %s", r.status, r.body)
	}
	r := b.do(t, "DELETE", "/api/v1/runs/r1", "")
	if hold, _ := r.json["hold"].(map[string]any); r.status != 202 || r.json["held"] != true || hold["reason"] != "audit" {
		t.Errorf("DELETE of a held run: %d %s", r.status, r.body)
	}
	r = b.do(t, "POST", "/api/v1/runs/delete", `{"run_ids": ["r2", "r1"]}`)
	if held, _ := r.json["held"].([]any); r.status != 202 || len(held) != 1 || held[0] != "r1" {
		t.Errorf("batch DELETE of runs with a held one: %d %s", r.status, r.body)
	}
}
