package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/web"
)

// TestStatus looks an account up from the command line as it goes from
// live to queued (by `lethe delete`) to deleted, in text and in JSON, and
// with its key hashed.
func TestStatus(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	pool, cfgPath := accountsDB(t, t.TempDir(), "")
	lethe := func(t *testing.T, wantCode int, args ...string) string {
		t.Helper()
		code, stdout, stderr := runCLI(t, nil, append(args, "--config", cfgPath)...)
		if code != wantCode {
			t.Fatalf("lethe %v: exit %d, want %d\nstdout: %s\nstderr: %s", args, code, wantCode, stdout, stderr)
		}
		return stdout + stderr
	}
	const account = "6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f"
	for _, insert := range []string{
		`INSERT INTO accounts (id, name) VALUES ($1, 'acme')`,
		`INSERT INTO projects (id, account_id) VALUES (1, $1), (2, $1)`,
		`INSERT INTO api_keys (key, account_id) VALUES ('k1', $1)`,
	} {
		if _, err := pool.Exec(ctx, insert, account); err != nil {
			t.Fatalf("%s: %v", insert, err)
		}
	}

	out := lethe(t, 0, "status", "account", strings.ToUpper(account))
	for _, want := range []string{
		"key:           " + account + "\n",
		"state:         live\n",
		"rows:          4 (accounts 1, api_keys 1, projects 2, tasks 0)\n",
		"tombstone:     none\n",
		"held:          - (reserved",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("status of a live account lacks %q:\n%s", want, out)
		}
	}
	var st web.EntityStatus
	if err := json.Unmarshal([]byte(lethe(t, 0, "status", "--json", "account", account)), &st); err != nil || st.State != web.StateLive || *st.TotalRows != 4 {
		t.Errorf("status --json = %+v (%v), want live with 4 rows", st, err)
	}
	if out := lethe(t, 0, "status", "--trial", "account", account); !strings.Contains(out, "trial (the deletion's statements run and rolled back") {
		t.Errorf("status --trial lacks the trial:\n%s", out)
	}

	lethe(t, 0, "delete", "account", account)
	if out := lethe(t, 0, "status", "account", account); !strings.Contains(out, "state:         queued\n") || !strings.Contains(out, "available, attempt 0 of 25") {
		t.Errorf("status after delete lacks queued and its job:\n%s", out)
	}

	// As the worker leaves it: rows gone, tombstone, job completed, audit.
	var jobID int64
	if err := pool.QueryRow(ctx, `UPDATE lethe.river_job SET state = 'completed', finalized_at = now() WHERE kind = 'lethe.delete_entity' RETURNING id`).Scan(&jobID); err != nil {
		t.Fatal(err)
	}
	for _, sql := range []string{`DELETE FROM api_keys`, `DELETE FROM projects`, `DELETE FROM accounts`} {
		if _, err := pool.Exec(ctx, sql); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := db.PutTombstone(ctx, pool, "account", account); err != nil {
		t.Fatal(err)
	}
	if err := db.RecordAudit(ctx, pool, db.AuditEntry{Policy: "accounts", Action: db.ActionDeleteEntity, JobID: &jobID, Outcome: db.OutcomeOK, RowsDeleted: 4,
		Detail: map[string]any{"entity": "account", "key": account, "found": true, "rows": map[string]int64{"accounts": 1, "projects": 2, "api_keys": 1}}}); err != nil {
		t.Fatal(err)
	}
	out = lethe(t, 0, "status", "account", account)
	for _, want := range []string{
		"state:         deleted\n",
		"by cli\n",
		"rows deleted:  4 (accounts 1, api_keys 1, projects 2)\n",
		"verified:      not yet\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("status of a deleted account lacks %q:\n%s", want, out)
		}
	}

	// key_display hash: the key is never printed.
	hashed := writeConfig(t, strings.Replace(string(mustRead(t, cfgPath)), "blob:", "privacy: {key_display: hash}\nblob:", 1))
	code, stdout, stderr := runCLI(t, nil, "status", "--config", hashed, "account", account)
	if code != 0 || strings.Contains(stdout+stderr, account) || !strings.Contains(stdout, "key:           sha256:"+config.KeySHA256(account)) {
		t.Errorf("status under key_display hash: exit %d\n%s%s", code, stdout, stderr)
	}

	if code, _, stderr := runCLI(t, nil, "status", "--config", cfgPath, "account"); code != 2 || !strings.Contains(stderr, "want: <entity> <key>") {
		t.Errorf("status with one argument: exit %d %s, want a usage error", code, stderr)
	}
}
