package main

import (
	"strings"
	"testing"
)

// TestCheckConfigDB checks the policies' tables the way their first runs
// would: the migrated pastes and idempotency tables pass, a missing index is
// a warning naming its fix, and a missing column fails naming it.
func TestCheckConfigDB(t *testing.T) {
	t.Parallel()
	url, pool := migratedDB(t)
	config := func(statusColumn string) string {
		return writeConfig(t, `
database:
  url: "`+url+`"
`+sweepPolicy+`
  - name: pastes
    kind: expire
    table: pastes
    status_column: `+statusColumn+`
    blob_key_column: blob_key`)
	}

	code, out, errOut := runCLI(t, nil, "check-config", "--db", "--config", config("deletion_status"))
	if code != 0 || !sweepHasColumns(out, "idempotency", "ok") || !sweepHasColumns(out, "pastes", "ok") || strings.Contains(out, "warning") {
		t.Fatalf("migrated tables: exit %d\n%s%s", code, out, errOut)
	}

	if _, err := pool.Exec(t.Context(), `DROP INDEX pastes_claimable_idx`); err != nil {
		t.Fatal(err)
	}
	code, out, errOut = runCLI(t, nil, "check-config", "--db", "--config", config("deletion_status"))
	const warning = `warning: policy pastes: table pastes has no index on expires_at, so every claim scans the table; ` +
		`create one: CREATE INDEX ON "pastes" ("expires_at") WHERE "deletion_status" = 'NOT_EXPIRED'`
	if code != 0 || !strings.Contains(out, warning) {
		t.Fatalf("without the claim's index: exit %d, want 0 with\n%s\ngot\n%s%s", code, warning, out, errOut)
	}

	code, out, errOut = runCLI(t, nil, "check-config", "--db", "--config", config("state"))
	const failure = `pastes           FAILED: policy pastes: status_column: table "pastes" has no column "state"`
	if code != 1 || !strings.Contains(out, failure) || !strings.Contains(errOut, "1 of 2 policies failed the database check") {
		t.Fatalf("missing column: exit %d, want 1 with\n%s\ngot\n%s%s", code, failure, out, errOut)
	}
}
