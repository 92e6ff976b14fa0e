package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/internal/testenv"
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

	// A user's own table without the expire columns: the failure prints
	// the DDL that prepares it, and applying exactly that makes it pass.
	if _, err := pool.Exec(t.Context(), `CREATE TABLE sessions (id uuid PRIMARY KEY, expires_at timestamptz NOT NULL)`); err != nil {
		t.Fatal(err)
	}
	sessions := writeConfig(t, `
database:
  url: "`+url+`"
policies:
  - name: sessions
    kind: expire
    table: sessions`)
	code, out, errOut = runCLI(t, nil, "check-config", "--db", "--config", sessions)
	if code != 1 || !strings.Contains(out, "to prepare the table, add to your migrations:") {
		t.Fatalf("table without status columns: exit %d\n%s%s", code, out, errOut)
	}
	var ddl []string
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, "ALTER TABLE") || strings.HasPrefix(line, "CREATE INDEX") {
			ddl = append(ddl, line)
		} else if strings.HasPrefix(line, "    CHECK") {
			ddl[len(ddl)-1] += "\n" + line
		}
	}
	if len(ddl) != 4 {
		t.Fatalf("want 4 statements, got %q", ddl)
	}
	for _, stmt := range ddl {
		if _, err := pool.Exec(t.Context(), stmt); err != nil {
			t.Fatalf("printed DDL %q: %v", stmt, err)
		}
	}
	code, out, errOut = runCLI(t, nil, "check-config", "--db", "--config", sessions)
	if code != 0 || !sweepHasColumns(out, "sessions", "ok") || strings.Contains(out, "warning") {
		t.Fatalf("after the printed DDL: exit %d\n%s%s", code, out, errOut)
	}
}

// TestCheckConfigDBEntities checks a declared entity against the database:
// missing guards fail the check until `guards install`, a foreign key that
// no edge declares fails it naming the edge to add, and once the edge is
// declared and its guard installed the entity passes.
func TestCheckConfigDBEntities(t *testing.T) {
	t.Parallel()
	url := testenv.AccountsURL(t)
	config := func(extraEdges string) string {
		entities, policies, _ := strings.Cut(testenv.AccountsConfig, "policies:")
		return writeConfig(t, "database:\n  url: \""+url+"\"\n"+entities+extraEdges+"policies:"+policies)
	}

	code, out, errOut := runCLI(t, nil, "check-config", "--db", "--config", config(""))
	if code != 1 || strings.Count(out, "has no late-write guard") != 4 || !strings.Contains(out, "fix: lethe guards install") ||
		!strings.Contains(errOut, "1 of 1 entities failed the database check") {
		t.Fatalf("before guards install: exit %d, want 1 naming 4 missing guards\n%s%s", code, out, errOut)
	}
	if code, out, errOut = runCLI(t, nil, "guards", "install", "--config", config("")); code != 0 || strings.Count(out, "add guard of entity account") != 4 {
		t.Fatalf("guards install: exit %d\n%s%s", code, out, errOut)
	}
	if code, out, errOut = runCLI(t, nil, "check-config", "--db", "--config", config("")); code != 0 || !strings.Contains(out, "account          ok") {
		t.Fatalf("after guards install: exit %d, want 0\n%s%s", code, out, errOut)
	}

	pool, err := pgxpool.New(t.Context(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	if _, err := pool.Exec(t.Context(), `CREATE TABLE comments (id bigint PRIMARY KEY, task_id bigint REFERENCES tasks (id))`); err != nil {
		t.Fatal(err)
	}
	const fix = "fix: add to entity account's edges: {table: comments, column: task_id, references: tasks.id}"
	if code, out, errOut = runCLI(t, nil, "check-config", "--db", "--config", config("")); code != 1 || !strings.Contains(out, "comments(task_id) references tasks(id)") || !strings.Contains(out, fix) {
		t.Fatalf("undeclared foreign key: exit %d, want 1 with\n%s\ngot\n%s%s", code, fix, out, errOut)
	}

	declared := config("      - {table: comments, column: task_id, references: tasks.id}\n")
	if code, out, errOut = runCLI(t, nil, "guards", "install", "--config", declared); code != 0 {
		t.Fatalf("guards install with the new edge: exit %d\n%s%s", code, out, errOut)
	}
	if code, out, errOut = runCLI(t, nil, "check-config", "--db", "--config", declared); code != 0 || !strings.Contains(out, "account          ok") {
		t.Fatalf("with the edge declared: exit %d, want 0 (a missing index on comments.task_id only warns)\n%s%s", code, out, errOut)
	}
}

// TestCheckConfigTimeline: check-config prints each policy's timeline and
// every job kind's timeout, and refuses thresholds whose steps overlap,
// naming the field and each term it must exceed.
func TestCheckConfigTimeline(t *testing.T) {
	t.Parallel()
	const policy = `
river: {job_timeout: 4s, rescue_stuck_jobs_after: 10s}
policies:
  - {name: pastes, kind: expire, table: pastes, run_budget: 1s, batch_timeout: 3s, stuck_after: %s}
`
	code, out, errOut := runCLI(t, nil, "check-config", "--config", writeConfig(t, fmt.Sprintf(policy, "45s")))
	for _, want := range []string{
		"  pastes (expire)\n",
		"    3s           batch timeout",
		"    10s          rescue",
		"    41.1s        retry ",
		"    44.1s        retry done",
		"    45s          watchdog",
		"  lethe.expire_batch       3s         policies[0] (pastes).batch_timeout\n",
		"  lethe.create_run         4s         river.job_timeout",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("check-config output lacks %q", want)
		}
	}
	if code != 0 || t.Failed() {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}

	code, out, errOut = runCLI(t, nil, "check-config", "--config", writeConfig(t, fmt.Sprintf(policy, "15s")))
	const refused = "policies[0] (pastes).stuck_after: 15s must exceed river.rescue_stuck_jobs_after 10s + rescuer interval 30s + first retry backoff 1.1s + batch_timeout 3s (the retry's run) = 44.1s"
	if code != 2 || !strings.Contains(errOut, refused) {
		t.Fatalf("overlapping steps: exit %d, want 2 with\n%s\ngot\n%s%s", code, refused, out, errOut)
	}
}
