package web_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/blob"
	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/entity"
	"github.com/lethehq/lethe/internal/service/servicetest"
	"github.com/lethehq/lethe/internal/testenv"
	"github.com/lethehq/lethe/web"
)

// lookupStatus decodes a status answer.
func lookupStatus(t *testing.T, r response) web.EntityStatus {
	t.Helper()
	if r.status != http.StatusOK {
		t.Fatalf("status = %d %s, want 200", r.status, r.body)
	}
	var st web.EntityStatus
	if err := json.Unmarshal([]byte(r.body), &st); err != nil {
		t.Fatalf("decode status %s: %v", r.body, err)
	}
	return st
}

func TestLookupStatus(t *testing.T) {
	t.Parallel()

	t.Run("LiveAbsentQueuedDeleting", func(t *testing.T) {
		t.Parallel()
		b := setupEntities(t)
		before := b.state(t)

		st := lookupStatus(t, b.do(t, "GET", "/api/v1/entities/account/"+strings.ToUpper(alice)+"/status", ""))
		want := map[string]int64{"accounts": 1, "projects": 2, "tasks": 3, "api_keys": 1}
		if st.State != web.StateLive || st.Key != alice || fmt.Sprint(st.Rows) != fmt.Sprint(want) || *st.TotalRows != 7 {
			t.Errorf("status of alice = %s %s rows %v, want live %s with %v", st.State, st.Key, st.Rows, alice, want)
		}
		if st.Preview != nil || st.Job != nil || st.Tombstone != nil || st.Held != nil || st.RestorableUntil != nil {
			t.Errorf("status of a live account has a preview, job, tombstone, hold or restore: %+v", st)
		}
		if st.KeySHA256 != config.KeySHA256(alice) || !strings.Contains(st.Summary, "live: 7 rows") {
			t.Errorf("status key_sha256 %s summary %q", st.KeySHA256, st.Summary)
		}
		// The entity key itself answers the same.
		if same := lookupStatus(t, b.do(t, "GET", "/api/v1/entities/account/"+alice, "")); same.State != web.StateLive || *same.TotalRows != 7 {
			t.Errorf("GET on the key = %+v, want its status", same)
		}
		// ?trial=true adds the full dry run.
		trial := lookupStatus(t, b.do(t, "GET", "/api/v1/entities/account/"+alice+"/status?trial=true", ""))
		if trial.Preview == nil || trial.Preview.Trial == nil || !trial.Preview.Trial.OK || trial.Preview.Blobs != 2 {
			t.Errorf("status ?trial=true preview = %+v, want the trial and alice's 2 blobs", trial.Preview)
		}
		if r := b.do(t, "GET", "/api/v1/entities/account/"+alice+"/status?trial=maybe", ""); r.status != 400 || !strings.Contains(r.body, "trial must be true or false") {
			t.Errorf("?trial=maybe = %d %s, want 400", r.status, r.body)
		}
		if r := b.do(t, "GET", "/api/v1/entities/nosuch/1/status", ""); r.status != 404 || !strings.Contains(r.body, "declared: account") {
			t.Errorf("status of an unknown entity = %d %s, want 404 naming the declared ones", r.status, r.body)
		}
		if r := b.do(t, "GET", "/api/v1/entities/account/not-a-uuid/status", ""); r.status != 400 {
			t.Errorf("status of a malformed key = %d %s, want 400", r.status, r.body)
		}
		// The preview route and the key's DELETE still answer.
		if r := b.do(t, "GET", "/api/v1/entities/account/"+alice+"/preview", ""); r.status != 200 || r.json["total_rows"] != 7.0 {
			t.Errorf("preview = %d %s", r.status, r.body)
		}
		if after := b.state(t); after != before {
			t.Errorf("a lookup changed something: %s → %s", before, after)
		}

		if st := lookupStatus(t, b.do(t, "GET", "/api/v1/entities/account/"+carol+"/status", "")); st.State != web.StateAbsent || *st.TotalRows != 0 {
			t.Errorf("status of carol = %s %v, want absent with no rows", st.State, st.TotalRows)
		}

		r := b.do(t, "DELETE", "/api/v1/entities/account/"+alice, "")
		if r.status != 202 {
			t.Fatalf("DELETE = %d %s", r.status, r.body)
		}
		jobID := int64(r.json["job_id"].(float64))
		mustExec(t, b.pool, `UPDATE lethe.river_job SET metadata = jsonb_build_object('output', jsonb_build_object('waiting_on', 'row lock on accounts held by pid 7', 'since', now())) WHERE id = $1`, jobID)
		st = lookupStatus(t, b.do(t, "GET", "/api/v1/entities/account/"+alice+"/status", ""))
		if st.State != web.StateQueued || st.Job == nil || st.Job.ID != jobID || st.Job.State != "available" || st.Job.WaitingOn != "row lock on accounts held by pid 7" {
			t.Errorf("status after DELETE = %s job %+v, want queued with job %d waiting on the lock", st.State, st.Job, jobID)
		}
		if *st.TotalRows != 7 || !strings.Contains(st.Summary, "waiting on row lock") {
			t.Errorf("queued status rows %d summary %q", *st.TotalRows, st.Summary)
		}

		// A large deletion's chunks began: tombstone deleting, an attempt failed.
		if _, err := db.PutTombstoneDeleting(b.ctx, b.pool, "account", alice); err != nil {
			t.Fatal(err)
		}
		if err := db.RecordAudit(b.ctx, b.pool, db.AuditEntry{Policy: "accounts", Action: db.ActionDeleteEntity, JobID: &jobID, Outcome: db.OutcomeError,
			Error: "chunks of account " + alice + ": statement timeout", RowsDeleted: 2,
			Detail: map[string]any{"entity": "account", "key": alice, "rows_in_chunks": map[string]int64{"tasks": 2}}}); err != nil {
			t.Fatal(err)
		}
		st = lookupStatus(t, b.do(t, "GET", "/api/v1/entities/account/"+alice+"/status", ""))
		if st.State != web.StateDeleting || st.Tombstone == nil || st.Tombstone.State != db.TombstoneDeleting {
			t.Errorf("status with a deleting tombstone = %s %+v, want deleting", st.State, st.Tombstone)
		}
		if st.Progress == nil || st.Progress.RowsInChunks["tasks"] != 2 || !strings.Contains(st.Progress.LastError, "statement timeout") {
			t.Errorf("deleting progress = %+v, want the failed attempt's chunks", st.Progress)
		}
		if r := b.do(t, "GET", "/api/v1/entities/account/"+alice+"/receipt", ""); r.status != 404 || !strings.Contains(r.body, "is not deleted (state deleting)") {
			t.Errorf("receipt while deleting = %d %s, want 404 saying so", r.status, r.body)
		}
	})

	t.Run("HashedKeysAreNotShown", func(t *testing.T) {
		t.Parallel()
		b := setupEntities(t, func(cfg *config.Config) { cfg.Privacy.KeyDisplay = config.KeyDisplayHash })
		hashed := "sha256:" + config.KeySHA256(alice)
		// Deleted, as the audit records it, without a worker.
		if _, err := db.PutTombstone(b.ctx, b.pool, "account", alice); err != nil {
			t.Fatal(err)
		}
		jobID := int64(99)
		for _, e := range []db.AuditEntry{
			{Action: db.ActionDeleteEntity, RowsDeleted: 7, Detail: map[string]any{"entity": "account", "key": alice, "found": true,
				"rows": map[string]int64{"accounts": 1, "projects": 2, "tasks": 3, "api_keys": 1}}},
			{Action: db.ActionPurgeBlobs, BlobsDeleted: 2, Detail: map[string]any{"entity": "account", "key": alice}},
			{Action: db.ActionVerifyEntity, Detail: map[string]any{"entity": "account", "key": alice, "verified": true}},
		} {
			e.Policy, e.JobID, e.Outcome = "accounts", &jobID, db.OutcomeOK
			if err := db.RecordAudit(b.ctx, b.pool, e); err != nil {
				t.Fatal(err)
			}
		}
		r := b.do(t, "GET", "/api/v1/entities/account/"+alice+"/status", "")
		if strings.Contains(r.body, alice) {
			t.Errorf("status shows the key under key_display hash: %s", r.body)
		}
		st := lookupStatus(t, r)
		if st.State != web.StateDeleted || st.Key != hashed || st.Tombstone.Key != hashed {
			t.Errorf("status = %s key %s, want deleted %s", st.State, st.Key, hashed)
		}
		if d := st.Deletion; d == nil || d.TotalRows != 7 || d.Blobs.Purged != 2 || d.Verification == nil || !d.Verification.Verified || d.RequestedBy.Source != "unknown" {
			t.Errorf("deletion record = %+v, want 7 rows, 2 blobs, verified, requested by an unknown source", d)
		}
		r = b.do(t, "GET", "/api/v1/entities/account/"+alice+"/receipt", "")
		if r.status != 200 || strings.Contains(r.body, alice) || r.json["key"] != nil || r.json["key_sha256"] != config.KeySHA256(alice) {
			t.Errorf("receipt under key_display hash = %d %s, want key_sha256 and no key", r.status, r.body)
		}
		r = b.do(t, "GET", "/api/v1/audit?entity=account&key="+strings.ToUpper(alice), "")
		if r.status != 200 || strings.Contains(r.body, alice) || !strings.Contains(r.body, hashed) || len(r.json["audit"].([]any)) != 3 {
			t.Errorf("audit search under key_display hash = %d %s, want 3 entries showing the hash", r.status, r.body)
		}
		if logs := b.api.logs.String(); strings.Contains(logs, alice) || !strings.Contains(logs, "Generated deletion receipt") {
			t.Errorf("receipt log lines show the key or lack the receipt: %s", logs)
		}
	})

	t.Run("DeletedPastTheAuditsRetention", func(t *testing.T) {
		t.Parallel()
		b := setupEntities(t)
		// A tombstone whose deletion the audit no longer records (pruned).
		if _, err := db.PutTombstone(b.ctx, b.pool, "account", carol); err != nil {
			t.Fatal(err)
		}
		st := lookupStatus(t, b.do(t, "GET", "/api/v1/entities/account/"+carol+"/status", ""))
		if st.State != web.StateDeleted || st.Deletion == nil || st.Deletion.RequestedBy.Source != "unknown" || st.Deletion.TotalRows != 0 ||
			!strings.Contains(st.Summary, "the audit no longer records its deletion") {
			t.Errorf("status of a tombstone without audit = %+v, want deleted, requested by unknown, saying the audit no longer records it", st)
		}
		if r := b.do(t, "GET", "/api/v1/entities/account/"+carol+"/receipt", ""); r.status != 200 || r.json["deleted_at"] == nil || r.json["verification"] != nil {
			t.Errorf("receipt without audit = %d %s, want the tombstone's time and no verification", r.status, r.body)
		}
	})

	t.Run("AuditSearchParameters", func(t *testing.T) {
		t.Parallel()
		b := setupEntities(t)
		if r := b.do(t, "DELETE", "/api/v1/entities/account/"+alice, ""); r.status != 202 {
			t.Fatalf("DELETE = %d %s", r.status, r.body)
		}
		if r := b.do(t, "POST", "/api/v1/entities/account/"+bob+"/clear-tombstone", ""); r.status != 204 {
			t.Fatalf("clear = %d %s", r.status, r.body)
		}
		r := b.do(t, "GET", "/api/v1/audit?entity=account&key="+strings.ToUpper(alice), "")
		entries, _ := r.json["audit"].([]any)
		if r.status != 200 || len(entries) != 1 || entries[0].(map[string]any)["action"] != "request_delete" {
			t.Errorf("audit of alice = %d %s, want the request naming her", r.status, r.body)
		}
		r = b.do(t, "GET", "/api/v1/audit?entity=account", "")
		if entries, _ := r.json["audit"].([]any); r.status != 200 || len(entries) != 2 {
			t.Errorf("audit of account = %d %s, want 2 entries", r.status, r.body)
		}
		if r := b.do(t, "GET", "/api/v1/audit?entity=account&key=nope", ""); r.status != 400 || !strings.HasPrefix(r.json["error"].(string), "key: ") {
			t.Errorf("audit key that no account has the type of = %d %s, want 400 naming key", r.status, r.body)
		}
		if r := b.do(t, "GET", "/api/v1/audit?entity=Bad-Name", ""); r.status != 400 || !strings.Contains(r.body, "malformed") {
			t.Errorf("audit malformed entity = %d %s, want 400", r.status, r.body)
		}
		long := strings.Repeat("k", 5000)
		if r := b.do(t, "GET", "/api/v1/audit?key="+long, ""); r.status != 400 || len(r.body) > 400 {
			t.Errorf("audit long key = %d (%d bytes), want a short 400", r.status, len(r.body))
		}
	})
}

// TestLookupDeletedByTheService deletes an account through the API with the
// whole service running (worker, purge, verification) and looks it up: its
// status, its receipt and its audit.
func TestLookupDeletedByTheService(t *testing.T) {
	t.Parallel()
	url := testenv.AccountsURL(t)
	blobDir := filepath.Join(t.TempDir(), "blobs")
	cfg := servicetest.Config(t, []byte(fmt.Sprintf(`
blob: {kind: local, local: {dir: %s}}
http: {listen: 127.0.0.1:0, token: %s}
migrate_on_start: false
%s`, blobDir, testToken, testenv.AccountsConfig)), url)
	pool, err := pgxpool.New(t.Context(), url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	seedAccounts(t, pool, cfg, blobDir)
	_, base := servicetest.Serve(t, cfg)
	get := func(path string) (int, string, http.Header) {
		t.Helper()
		req, err := http.NewRequestWithContext(t.Context(), "GET", base+path, nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Authorization", "Bearer "+testToken)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		data, err := io.ReadAll(res.Body)
		if err != nil {
			t.Fatal(err)
		}
		return res.StatusCode, string(data), res.Header
	}

	if status, body := servicetest.Request(t, "DELETE", base+"/api/v1/entities/account/"+alice, testToken, ""); status != 202 {
		t.Fatalf("DELETE = %d %s", status, body)
	}
	var st web.EntityStatus
	deadline := time.Now().Add(60 * time.Second)
	for {
		_, body, _ := get("/api/v1/entities/account/" + alice + "/status")
		if err := json.Unmarshal([]byte(body), &st); err != nil {
			t.Fatalf("decode %s: %v", body, err)
		}
		if st.State == web.StateDeleted && st.Deletion != nil && st.Deletion.Verification != nil && st.Tombstone.PurgedAt != nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("status still %s: %s", st.State, body)
		}
		time.Sleep(200 * time.Millisecond)
	}
	d := st.Deletion
	want := map[string]int64{"accounts": 1, "projects": 2, "tasks": 3, "api_keys": 1}
	if fmt.Sprint(d.Rows) != fmt.Sprint(want) || d.TotalRows != 7 || d.Blobs.Purged != 2 || !d.Verification.Verified || !d.Found {
		t.Errorf("deletion = %+v, want alice's 7 rows and 2 blobs, verified", d)
	}
	if d.RequestedBy.Source != "api" || d.RequestedBy.Credential != config.OperatorName || d.RequestedAt == nil || len(d.JobIDs) != 1 {
		t.Errorf("requested by %+v at %v jobs %v, want the API's operator", d.RequestedBy, d.RequestedAt, d.JobIDs)
	}
	if st.Job == nil || st.Job.State != "completed" {
		t.Errorf("job = %+v, want the completed delete job", st.Job)
	}
	if !strings.Contains(d.Verification.Checked.Description, "no blob under accounts/{key}/") {
		t.Errorf("verification checked %+v", d.Verification.Checked)
	}

	status, body, header := get("/api/v1/entities/account/" + alice + "/receipt")
	var receipt map[string]any
	if err := json.Unmarshal([]byte(body), &receipt); status != 200 || err != nil {
		t.Fatalf("receipt = %d %s", status, body)
	}
	for field, want := range map[string]any{"format": web.ReceiptFormat, "entity": "account", "key": alice, "key_sha256": config.KeySHA256(alice),
		"total_rows": 7.0, "blobs_purged": 2.0} {
		if receipt[field] != want {
			t.Errorf("receipt %s = %v, want %v", field, receipt[field], want)
		}
	}
	for _, field := range []string{"requested_at", "requested_by", "deleted_at", "rows", "rows_nulled", "verification", "tombstone", "generated_at", "job_ids"} {
		if receipt[field] == nil {
			t.Errorf("receipt lacks %s: %s", field, body)
		}
	}
	if cd := header.Get("Content-Disposition"); !strings.Contains(cd, "attachment") || !strings.Contains(cd, "lethe-receipt-account-") {
		t.Errorf("receipt Content-Disposition %q, want a download", cd)
	}
	if status, body, _ := get("/api/v1/entities/account/" + bob + "/receipt"); status != 404 || !strings.Contains(body, "is not deleted (state live)") {
		t.Errorf("receipt of bob = %d %s, want 404 saying he is live", status, body)
	}

	_, body, _ = get("/api/v1/audit?entity=account&key=" + alice)
	var audit struct{ Audit []db.AuditEntry }
	if err := json.Unmarshal([]byte(body), &audit); err != nil {
		t.Fatal(err)
	}
	var actions []string
	for _, e := range audit.Audit {
		actions = append(actions, string(e.Action))
	}
	if strings.Join(actions, ",") != "verify_entity,purge_blobs,delete_entity,request_delete" {
		t.Errorf("audit of alice = %v, want her verification, purge, deletion and request", actions)
	}
}

// seedAccounts installs the account entity's guards and creates alice
// (7 rows, 2 blobs) and bob (4 rows, 1 blob) on pool's database.
func seedAccounts(t *testing.T, pool *pgxpool.Pool, cfg *config.Config, blobDir string) {
	t.Helper()
	ctx := t.Context()
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
	blobs, err := blob.NewLocal(blobDir)
	if err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"accounts/" + alice + "/avatar.png", "accounts/" + alice + "/exports/1.zip", "accounts/" + bob + "/avatar.png"} {
		if err := blobs.Put(ctx, key, []byte("x")); err != nil {
			t.Fatal(err)
		}
	}
}
