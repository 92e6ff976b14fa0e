package main

import (
	"strings"
	"testing"
	"time"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/internal/service/servicetest"
)

// TestHoldCLI holds a run from the command line: a reason is required and
// bounded, `delete --wait` says the deletion waits on the hold instead of
// deleting, and after `lethe release` the run is deleted; both actions are
// audited with the operating system user.
func TestHoldCLI(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	url, pool := migratedDB(t)
	env := map[string]string{"DATABASE_URL": url, "USER": "carol"}
	cfgPath := writeDefaultConfig(t, t.TempDir())
	cfg, err := config.Load(cfgPath, func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	servicetest.Serve(t, cfg)
	if err := db.UpsertRun(ctx, db.Timeouts{}.Pool(pool), "r-held", "held"); err != nil {
		t.Fatal(err)
	}

	if code, _, stderr := runCLI(t, env, "hold", "--config", cfgPath, "run", "r-held"); code != 2 || !strings.Contains(stderr, "--reason is required") {
		t.Errorf("hold without a reason: exit %d, %s", code, stderr)
	}
	long := strings.Repeat("x", db.MaxHoldReason+1)
	if code, _, stderr := runCLI(t, env, "hold", "--config", cfgPath, "--reason", long, "run", "r-held"); code != 2 || !strings.Contains(stderr, "--reason is 501 bytes, at most 500") || strings.Contains(stderr, long) {
		t.Errorf("hold with a long reason: exit %d, %s", code, stderr)
	}
	code, stdout, stderr := runCLI(t, env, "hold", "--config", cfgPath, "--reason", "litigation 7", "run", "r-held")
	if code != 0 || !strings.Contains(stdout, "run r-held held by cli:carol") {
		t.Fatalf("hold: exit %d\nstdout: %s\nstderr: %s", code, stdout, stderr)
	}
	if code, stdout, _ := runCLI(t, env, "hold", "--config", cfgPath, "--reason", "again", "run", "r-held"); code != 0 || !strings.Contains(stdout, "already held by cli:carol") || !strings.Contains(stdout, "litigation 7") {
		t.Errorf("hold again: exit %d, %s", code, stdout)
	}

	code, stdout, stderr = runCLI(t, env, "delete", "--config", cfgPath, "run", "r-held", "--wait", "--timeout", "3s")
	if code != 1 || !strings.Contains(stdout, "run r-held is under a legal hold (by cli:carol") ||
		!strings.Contains(stdout, "waiting: legal hold on run r-held by cli:carol: litigation 7") ||
		!strings.Contains(stderr, "still waits on the legal hold") {
		t.Errorf("delete --wait of a held run: exit %d\nstdout: %s\nstderr: %s", code, stdout, stderr)
	}
	if exists, err := db.RunExists(ctx, pool, "r-held"); err != nil || !exists {
		t.Fatalf("held run exists = %t, %v", exists, err)
	}

	code, stdout, stderr = runCLI(t, env, "release", "--config", cfgPath, "--reason", "case closed", "run", "r-held")
	if code != 0 || !strings.Contains(stdout, "hold of run r-held released") {
		t.Fatalf("release: exit %d\nstdout: %s\nstderr: %s", code, stdout, stderr)
	}
	if code, stdout, _ := runCLI(t, env, "release", "--config", cfgPath, "run", "r-held"); code != 0 || !strings.Contains(stdout, "is not held") {
		t.Errorf("release again: exit %d, %s", code, stdout)
	}
	deadline := time.Now().Add(30 * time.Second)
	for exists := true; exists; time.Sleep(100 * time.Millisecond) {
		if exists, err = db.RunExists(ctx, pool, "r-held"); err != nil {
			t.Fatal(err)
		}
		if time.Now().After(deadline) {
			t.Fatal("the released run was not deleted within 30s")
		}
	}

	audit, err := db.SearchAudit(ctx, pool, db.AuditFilter{Action: db.ActionPlaceHold}, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(audit) != 2 || audit[1].Detail["by"] != "cli:carol" || audit[1].Detail["reason"] != "litigation 7" || audit[1].Detail["placed"] != true || audit[0].Detail["placed"] != false {
		t.Errorf("place_hold audit %+v", audit)
	}
	audit, err = db.SearchAudit(ctx, pool, db.AuditFilter{Action: db.ActionReleaseHold}, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(audit) != 2 || audit[1].Detail["by"] != "cli:carol" || audit[1].Detail["reason"] != "case closed" ||
		audit[1].Detail["hold_reason"] != "litigation 7" || audit[1].Detail["released"] != true {
		t.Errorf("release_hold audit %+v", audit)
	}
}

// TestHoldColumnCheckConfig: check-config --db fails an expire or sweep
// policy whose hold_column is missing or not boolean, naming the field,
// and passes it once the column is boolean.
func TestHoldColumnCheckConfig(t *testing.T) {
	t.Parallel()
	url, pool := migratedDB(t)
	cfgPath := writeConfig(t, `
database:
  url: "`+url+`"
policies:
  - name: idempotency
    kind: sweep
    table: lineage_event_idempotency
    key_column: idempotency_key
    hold_column: legal_hold
  - name: pastes
    kind: expire
    table: pastes
    blob_key_column: blob_key
    hold_column: legal_hold`)
	code, out, errOut := runCLI(t, nil, "check-config", "--db", "--config", cfgPath)
	for _, want := range []string{
		`error: policy pastes: hold_column: table "pastes" has no column "legal_hold"`,
		`error: policy idempotency: hold_column: table "lineage_event_idempotency" has no column "legal_hold"`,
	} {
		if code != 1 || !strings.Contains(out, want) {
			t.Errorf("missing hold columns: exit %d, want 1 with %q\n%s%s", code, want, out, errOut)
		}
	}
	if _, err := pool.Exec(t.Context(), `ALTER TABLE pastes ADD COLUMN legal_hold text; ALTER TABLE lineage_event_idempotency ADD COLUMN legal_hold boolean`); err != nil {
		t.Fatal(err)
	}
	code, out, errOut = runCLI(t, nil, "check-config", "--db", "--config", cfgPath)
	if want := `error: policy pastes: hold_column: column "legal_hold" of table "pastes" is text, want boolean`; code != 1 || !strings.Contains(out, want) || strings.Contains(out, "policy idempotency: hold_column") {
		t.Errorf("a text hold column: exit %d, want 1 with %q\n%s%s", code, want, out, errOut)
	}
	if _, err := pool.Exec(t.Context(), `ALTER TABLE pastes ALTER COLUMN legal_hold TYPE boolean USING legal_hold::boolean`); err != nil {
		t.Fatal(err)
	}
	if code, out, errOut = runCLI(t, nil, "check-config", "--db", "--config", cfgPath); code != 0 {
		t.Errorf("boolean hold columns: exit %d\n%s%s", code, out, errOut)
	}
}
