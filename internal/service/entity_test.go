package service_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/internal/service"
	"github.com/lethehq/lethe/internal/service/servicetest"
	"github.com/lethehq/lethe/internal/testenv"
	"github.com/lethehq/lethe/jobs"
	"github.com/lethehq/lethe/tombstone"
)

// waitVerified waits until the accounts policy's audit holds an entity
// verification and returns that audit, newest first.
func waitVerified(t *testing.T, svc *service.Service, timeout time.Duration) []db.AuditEntry {
	t.Helper()
	var entries []db.AuditEntry
	testenv.WaitUntil(t, timeout, "the verification after the purge", func() (bool, error) {
		var err error
		entries, err = db.ListAudit(t.Context(), svc.Pool, "accounts", 10)
		return slices.ContainsFunc(entries, func(e db.AuditEntry) bool { return e.Action == db.ActionVerifyEntity }), err
	})
	return entries
}

// TestEntityDeletionEndToEnd runs the service with the tests' own account
// entity: serve installs its guards, a delete_entity job (with the key in
// upper case) deletes an account through its edges, the purge empties its
// blob prefix and leaves another account's blobs, the verification after it
// is audited as verified, and a job for an undeclared entity is cancelled
// with an error naming the declared ones.
func TestEntityDeletionEndToEnd(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	dbURL := testenv.AccountsURL(t)
	svc, _ := servicetest.Serve(t, servicetest.Config(t, []byte(`
blob: {kind: local, local: {dir: `+t.TempDir()+`}}
shutdown_grace: 5s
`+testenv.AccountsConfig), dbURL))

	const (
		alice = "00000000-0000-4000-8000-00000000000a"
		bob   = "00000000-0000-4000-8000-00000000000b"
	)
	for _, sql := range []string{
		`INSERT INTO accounts (id) VALUES ('` + alice + `'), ('` + bob + `')`,
		`INSERT INTO projects (account_id) VALUES ('` + alice + `'), ('` + alice + `'), ('` + bob + `')`,
		`INSERT INTO tasks (project_id, assignee) SELECT id, '` + alice + `' FROM projects`,
		`INSERT INTO api_keys (key, account_id) VALUES ('a', '` + alice + `'), ('b', '` + bob + `')`,
	} {
		if _, err := svc.Pool.Exec(ctx, sql); err != nil {
			t.Fatal(err)
		}
	}
	for _, key := range []string{"accounts/" + alice + "/avatar.png", "accounts/" + alice + "/export/1.zip", "accounts/" + bob + "/avatar.png"} {
		if err := svc.Blobs.Put(ctx, key, []byte("x")); err != nil {
			t.Fatal(err)
		}
	}

	if _, err := svc.River.Insert(ctx, jobs.DeleteEntity{Entity: "account", Key: strings.ToUpper(alice)}, nil); err != nil {
		t.Fatal(err)
	}
	entries := waitVerified(t, svc, 30*time.Second)
	actions := map[db.AuditAction]db.AuditEntry{}
	for _, e := range entries {
		actions[e.Action] = e
	}
	if d := actions[db.ActionDeleteEntity]; d.RowsDeleted != 1+2+3+1 || d.Detail["key"] != alice {
		t.Errorf("delete_entity audit %+v: want 7 rows of %s (the root, 2 projects, 3 tasks assigned to alice, 1 API key)", d, alice)
	}
	// The periodic orphan sweep may purge the new tombstone's prefix at the
	// same moment as the deletion's own purge: between them, both blobs go.
	purged := int64(0)
	for _, e := range entries {
		if e.Action == db.ActionPurgeBlobs || e.Action == db.ActionOrphanSweep {
			purged += e.BlobsDeleted
		}
	}
	if purged != 2 {
		t.Errorf("purge and orphan sweep audits %+v, want 2 blobs purged", entries)
	}
	for _, key := range []string{"accounts/" + alice + "/avatar.png", "accounts/" + alice + "/export/1.zip"} {
		if ok, err := svc.Blobs.Exists(ctx, key); err != nil || ok {
			t.Errorf("alice's blob %s: exists %t, %v", key, ok, err)
		}
	}
	if v := actions[db.ActionVerifyEntity]; v.Outcome != db.OutcomeOK || v.Detail["verified"] != true {
		t.Errorf("verification audit %+v, want verified", v)
	}
	if ts, err := tombstone.NewPostgres(svc.Pool).Get(ctx, "account", alice); err != nil || ts == nil {
		t.Errorf("tombstone of %s: %v, %v", alice, ts, err)
	}
	var left int
	if err := svc.Pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM projects) + (SELECT count(*) FROM api_keys) + (SELECT count(*) FROM accounts)`).Scan(&left); err != nil || left != 3 {
		t.Errorf("%d rows left (%v), want bob's account, project and API key", left, err)
	}
	if ok, err := svc.Blobs.Exists(ctx, "accounts/"+bob+"/avatar.png"); err != nil || !ok {
		t.Errorf("bob's blob: exists %t, %v", ok, err)
	}
	if _, err := svc.Pool.Exec(ctx, `INSERT INTO api_keys (key, account_id) VALUES ('late', $1)`, alice); err == nil || !db.IsTombstonedError(err) {
		t.Errorf("late write for the deleted account: %v, want the guard's refusal", err)
	}

	job, err := svc.River.Insert(ctx, jobs.DeleteEntity{Entity: "user", Key: "1"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	testenv.WaitUntil(t, 30*time.Second, "the undeclared entity's job", func() (bool, error) {
		j, err := svc.River.JobGet(ctx, job.Job.ID)
		return j != nil && j.FinalizedAt != nil, err
	})
	j, err := svc.River.JobGet(ctx, job.Job.ID)
	if err != nil {
		t.Fatal(err)
	}
	if j.State != "cancelled" || len(j.Errors) == 0 || !strings.Contains(j.Errors[len(j.Errors)-1].Error, `"user" (declared: account)`) {
		t.Errorf("job for an undeclared entity: state %s, errors %+v", j.State, j.Errors)
	}
}

// TestLargeEntityDeletedInChunksBesideWriters deletes an account larger than
// delete_chunk_size while writers keep adding projects, tasks under its
// projects (two edges deep) and API keys: the chunks hold the account's lock,
// so nothing written during the deletion survives it, and the verification
// finds nothing.
func TestLargeEntityDeletedInChunksBesideWriters(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	dbURL := testenv.AccountsURL(t)
	svc, _ := servicetest.Serve(t, servicetest.Config(t, []byte(`
blob: {kind: local, local: {dir: `+t.TempDir()+`}}
shutdown_grace: 5s
`+strings.Replace(testenv.AccountsConfig, `schedule: "@daily"}`, `schedule: "@daily", delete_chunk_size: 50}`, 1)), dbURL))
	const key = "00000000-0000-4000-8000-0000000000cc"
	for _, sql := range []string{
		`INSERT INTO accounts (id) VALUES ('` + key + `')`,
		`INSERT INTO projects (account_id) SELECT '` + key + `' FROM generate_series(1, 20)`,
		`INSERT INTO tasks (project_id) SELECT p.id FROM projects p, generate_series(1, 100)`,
	} {
		if _, err := svc.Pool.Exec(ctx, sql); err != nil {
			t.Fatal(err)
		}
	}

	stop := make(chan struct{})
	done := make(chan int)
	go func() {
		writes := 0
		for i := 0; ; i++ {
			select {
			case <-stop:
				done <- writes
				return
			default:
			}
			sql := []string{
				`INSERT INTO tasks (project_id) SELECT id FROM projects WHERE account_id = $1 ORDER BY id DESC LIMIT 1`,
				`INSERT INTO projects (account_id) VALUES ($1)`,
				`INSERT INTO api_keys (key, account_id) VALUES (gen_random_uuid()::text, $1)`,
			}[i%3]
			if _, err := svc.Pool.Exec(ctx, sql, key); err == nil {
				writes++
			}
		}
	}()
	if _, err := svc.River.Insert(ctx, jobs.DeleteEntity{Entity: "account", Key: key}, nil); err != nil {
		t.Fatal(err)
	}
	entries := waitVerified(t, svc, 60*time.Second)
	close(stop)
	t.Logf("%d writes landed before the deletion", <-done)
	for _, e := range entries {
		switch e.Action {
		case db.ActionDeleteEntity:
			if e.Detail["rows_in_chunks"] == nil {
				t.Errorf("the deletion did not run in chunks: %+v", e.Detail)
			}
		case db.ActionVerifyEntity:
			if e.Outcome != db.OutcomeOK {
				t.Errorf("verification %s: %s", e.Outcome, e.Error)
			}
		}
	}
	var left int
	if err := svc.Pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM tasks) + (SELECT count(*) FROM projects) + (SELECT count(*) FROM api_keys) + (SELECT count(*) FROM accounts)`).Scan(&left); err != nil || left != 0 {
		t.Errorf("%d rows left (%v), want none", left, err)
	}
}
