package web_test

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/blob"
	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/internal/service/servicetest"
	"github.com/lethehq/lethe/internal/testenv"
	"github.com/lethehq/lethe/web"
)

// TestUndeleteAPI deletes an account whose entity has a 7-day
// restore_window through the API with the whole service running: its
// status and receipt say until when it is restorable, its blobs stay. A
// viewer may not undelete it; the operator's POST .../undelete puts its
// rows back and its tombstone away, audited with who, and a second one is
// 404. A conflict is 409 naming the table and column; a window that ended
// is 410 with the time since when it is unrecoverable.
func TestUndeleteAPI(t *testing.T) {
	t.Parallel()
	url := testenv.AccountsURL(t)
	blobDir := filepath.Join(t.TempDir(), "blobs")
	cfg := servicetest.Config(t, []byte(fmt.Sprintf(`
blob: {kind: local, local: {dir: %s}}
http: {listen: 127.0.0.1:0, token: %s}
migrate_on_start: false
%s`, blobDir, testToken, strings.Replace(testenv.AccountsConfig, "    key_column: id\n", "    key_column: id\n    restore_window: 7d\n", 1))), url)
	cfg.HTTP.Viewers = []config.Credential{{Name: "oncall", Token: viewerToken}}
	if err := cfg.Validate(); err != nil {
		t.Fatal(err)
	}
	pool, err := pgxpool.New(t.Context(), url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	seedAccounts(t, pool, cfg, blobDir)
	_, base := servicetest.Serve(t, cfg)
	status := func(key string) web.EntityStatus {
		t.Helper()
		code, body := servicetest.Request(t, "GET", base+"/api/v1/entities/account/"+key+"/status", testToken, "")
		var st web.EntityStatus
		if err := json.Unmarshal([]byte(body), &st); code != 200 || err != nil {
			t.Fatalf("status = %d %s", code, body)
		}
		return st
	}
	deleted := func(key string) web.EntityStatus {
		t.Helper()
		if code, body := servicetest.Request(t, "DELETE", base+"/api/v1/entities/account/"+key, testToken, ""); code != 202 {
			t.Fatalf("DELETE = %d %s", code, body)
		}
		var st web.EntityStatus
		testenv.WaitUntil(t, 60*time.Second, "deleted", func() (bool, error) {
			st = status(key)
			return st.State == web.StateDeleted && st.Deletion != nil, nil
		})
		return st
	}
	countRows := func() int64 {
		var n int64
		if err := pool.QueryRow(t.Context(), `SELECT (SELECT count(*) FROM accounts) + (SELECT count(*) FROM projects) + (SELECT count(*) FROM tasks) + (SELECT count(*) FROM api_keys)`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	rowsBefore := countRows()

	st := deleted(alice)
	if st.RestorableUntil == nil || st.RestorableUntil.Before(time.Now().Add(6*24*time.Hour)) || !strings.Contains(st.Summary, "restorable until") {
		t.Fatalf("status of a deletion within its window: restorable_until %v, summary %q", st.RestorableUntil, st.Summary)
	}
	code, body := servicetest.Request(t, "GET", base+"/api/v1/entities/account/"+alice+"/receipt", testToken, "")
	if code != 200 || !strings.Contains(body, `"restorable_until"`) {
		t.Fatalf("receipt = %d %s, want restorable_until", code, body)
	}
	if n := countRows(); n != rowsBefore-7 {
		t.Fatalf("%d rows after the deletion, want %d", n, rowsBefore-7)
	}
	blobs, err := blob.NewLocal(blobDir)
	if err != nil {
		t.Fatal(err)
	}
	aliceBlobs := func() int {
		n := 0
		if err := blobs.List(t.Context(), "accounts/"+alice+"/", func(keys []string) error { n += len(keys); return nil }); err != nil {
			t.Fatal(err)
		}
		return n
	}
	if n := aliceBlobs(); n != 2 {
		t.Fatalf("%d blobs of alice within the window, want her 2", n)
	}

	if code, body := servicetest.Request(t, "POST", base+"/api/v1/entities/account/"+alice+"/undelete", viewerToken, ""); code != 403 {
		t.Fatalf("a viewer's undelete = %d %s, want 403", code, body)
	}
	code, body = servicetest.Request(t, "POST", base+"/api/v1/entities/account/"+alice+"/undelete", testToken, "")
	var answer struct {
		Undeleted        bool             `json:"undeleted"`
		Rows             map[string]int64 `json:"rows"`
		TombstoneCleared bool             `json:"tombstone_cleared"`
	}
	if err := json.Unmarshal([]byte(body), &answer); code != 200 || err != nil || !answer.Undeleted || !answer.TombstoneCleared ||
		fmt.Sprint(answer.Rows) != fmt.Sprint(map[string]int64{"accounts": 1, "projects": 2, "tasks": 3, "api_keys": 1}) {
		t.Fatalf("undelete = %d %s", code, body)
	}
	if n := countRows(); n != rowsBefore {
		t.Fatalf("%d rows after the undelete, want %d", n, rowsBefore)
	}
	if n := aliceBlobs(); n != 2 {
		t.Fatalf("%d blobs of alice after the undelete, want her 2", n)
	}
	if st := status(alice); st.State != web.StateLive || st.RestorableUntil != nil {
		t.Fatalf("status after the undelete = %s (restorable until %v), want live", st.State, st.RestorableUntil)
	}
	audit, err := db.SearchAudit(t.Context(), pool, db.AuditFilter{Action: db.ActionUndeleteEntity}, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(audit) != 1 || audit[0].Detail["by"] != config.OperatorName || audit[0].Detail["key"] != alice {
		t.Fatalf("undelete audit %+v", audit)
	}
	if code, body := servicetest.Request(t, "POST", base+"/api/v1/entities/account/"+alice+"/undelete", testToken, ""); code != 404 || !strings.Contains(body, "no deletion of it is captured") {
		t.Fatalf("second undelete = %d %s, want 404", code, body)
	}

	// A conflict: bob's api key is taken by another account since.
	deleted(bob)
	if _, err := pool.Exec(t.Context(), `INSERT INTO accounts (id, name) VALUES ('`+carol+`', 'carol'); INSERT INTO api_keys (key, account_id) VALUES ('ak-bob', '`+carol+`')`); err != nil {
		t.Fatal(err)
	}
	code, body = servicetest.Request(t, "POST", base+"/api/v1/entities/account/"+bob+"/undelete", testToken, "")
	if code != 409 || !strings.Contains(body, `"table":"api_keys"`) || !strings.Contains(body, `"column":"key"`) {
		t.Fatalf("undelete over a taken key = %d %s, want 409 naming api_keys.key", code, body)
	}
	if st := status(bob); st.State != web.StateDeleted || st.RestorableUntil == nil {
		t.Fatalf("a refused undelete changed bob: %s", st.State)
	}
	// The window ends.
	if _, err := pool.Exec(t.Context(), `UPDATE lethe_restorations SET purge_after = now() - interval '1 second'`); err != nil {
		t.Fatal(err)
	}
	code, body = servicetest.Request(t, "POST", base+"/api/v1/entities/account/"+bob+"/undelete", testToken, "")
	if code != 410 || !strings.Contains(body, "unrecoverable since") {
		t.Fatalf("undelete after the window = %d %s, want 410", code, body)
	}
	if st := status(bob); st.UnrecoverableSince == nil || !strings.Contains(st.Summary, "unrecoverable since") {
		t.Fatalf("status after the window: %+v", st)
	}
}
