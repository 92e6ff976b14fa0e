package main

import (
	"fmt"
	"slices"
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
	if code != 0 || !sweepHasColumns(out, "idempotency", "ok") || !sweepHasColumns(out, "pastes", "ok") || strings.Contains(out, "warning:") {
		t.Fatalf("migrated tables: exit %d\n%s%s", code, out, errOut)
	}

	if _, err := pool.Exec(t.Context(), `DROP INDEX pastes_claimable_idx`); err != nil {
		t.Fatal(err)
	}
	code, out, errOut = runCLI(t, nil, "check-config", "--db", "--config", config("deletion_status"))
	const warning = `warning: policy pastes: table pastes has no index on expires_at (whole, or partial with WHERE "deletion_status" = 'NOT_EXPIRED'), so every claim scans the table` + "\n" +
		`                     fix: CREATE INDEX CONCURRENTLY IF NOT EXISTS "pastes_expires_at_not_expired_idx" ON "pastes" ("expires_at") WHERE "deletion_status" = 'NOT_EXPIRED'`
	if code != 0 || !strings.Contains(out, warning) {
		t.Fatalf("without the claim's index: exit %d, want 0 with\n%s\ngot\n%s%s", code, warning, out, errOut)
	}

	code, out, errOut = runCLI(t, nil, "check-config", "--db", "--config", config("state"))
	const failure = `pastes           FAILED: 1 error, 0 warnings` + "\n" +
		`                   error: policy pastes: status_column: table "pastes" has no column "state"` + "\n" +
		`                     fix: add it with the statements below, in your migrations`
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
	if code != 0 || !sweepHasColumns(out, "sessions", "ok") || strings.Contains(out, "warning:") {
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

// checkConfigFindings returns the error: and warning: lines of a
// check-config --db output, failing t for any not followed by its fix:
// line, or with a fix that changes a column's type or drops anything.
func checkConfigFindings(t *testing.T, out string) []string {
	t.Helper()
	lines := strings.Split(out, "\n")
	var findings []string
	for i, line := range lines {
		trimmed := strings.TrimSpace(line)
		if !strings.HasPrefix(trimmed, "error: ") && !strings.HasPrefix(trimmed, "warning: ") {
			// The names column may hold a name before the severity.
			if f := strings.Fields(line); len(f) < 2 || (f[1] != "error:" && f[1] != "warning:") {
				continue
			}
		}
		findings = append(findings, trimmed)
		if i+1 >= len(lines) || !strings.HasPrefix(strings.TrimSpace(lines[i+1]), "fix: ") {
			t.Errorf("finding without a fix: line: %s", line)
			continue
		}
		if fix := strings.ToUpper(lines[i+1]); strings.Contains(fix, "ALTER COLUMN") || strings.Contains(fix, "DROP") {
			t.Errorf("destructive fix: %s", lines[i+1])
		}
	}
	return findings
}

// TestCheckConfigDBBeforeMigrate: on a database Lethe has not migrated,
// check-config --db says so once and checks everything else all the same:
// the policies' tables, every column of a sweep policy, and the entity.
func TestCheckConfigDBBeforeMigrate(t *testing.T) {
	t.Parallel()
	pool := testenv.Pool(t)
	if _, err := pool.Exec(t.Context(), testenv.CommunitySchema); err != nil {
		t.Fatal(err)
	}
	entities, policies, _ := strings.Cut(testenv.CommunityConfig, "policies:")
	path := writeConfig(t, "database:\n  url: \""+pool.Config().ConnString()+"\"\n"+entities+"policies:"+policies+`
  - {name: orders_sweep, kind: sweep, table: orders, key_column: order_key, expires_at_column: expires}`)
	code, out, errOut := runCLI(t, nil, "check-config", "--db", "--config", path)
	findings := checkConfigFindings(t, out)
	if code != 1 || strings.Count(out, "Lethe's own tables are missing (run lethe migrate up)") != 1 || strings.Contains(out+errOut, "no rows in result set") {
		t.Fatalf("before migrate up: exit %d, want 1 with one finding that Lethe's tables are missing\n%s%s", code, out, errOut)
	}
	for _, want := range []string{
		`policy orders_sweep: expires_at_column: table "orders" has no column "expires"`,
		`policy orders_sweep: key_column: table "orders" has no column "order_key"`,
		"edge orders.user_id -> users.id has no foreign key behind it",
		"cascades within moderation_actions",
	} {
		if !slices.ContainsFunc(findings, func(f string) bool { return strings.Contains(f, want) }) {
			t.Errorf("want a finding with %q", want)
		}
	}
	if !strings.Contains(errOut, "Lethe's own tables and 1 of 2 policies failed") {
		t.Errorf("summary: %s", errOut)
	}
	if t.Failed() {
		t.Logf("output:\n%s%s", out, errOut)
	}
}

// TestCheckConfigDBPartitioned: sweep and expire policies on a partitioned
// table are told what each needs, and --strict fails on warnings.
func TestCheckConfigDBPartitioned(t *testing.T) {
	t.Parallel()
	pool := testenv.CommunityPool(t)
	url := pool.Config().ConnString()
	config := func(policies string) string {
		return writeConfig(t, "database:\n  url: \""+url+"\"\npolicies:\n"+policies)
	}

	// Partitions mode on payments, partitioned by range on created_at:
	// nothing to say.
	partitions := config(`  - {name: payments, kind: sweep, table: payments, expires_at_column: created_at, mode: partitions, partition_period: month}`)
	code, out, errOut := runCLI(t, nil, "check-config", "--db", "--strict", "--config", partitions)
	if code != 0 || len(checkConfigFindings(t, out)) != 0 || !sweepHasColumns(out, "payments", "ok") {
		t.Fatalf("partitions mode on a range-partitioned table: exit %d\n%s%s", code, out, errOut)
	}

	// Rows mode on it: no index on created_at on the parent, and a hint
	// that partitions mode drops them whole. Warnings only, unless --strict.
	rows := config(`  - {name: payments, kind: sweep, table: payments, key_column: id, expires_at_column: created_at}`)
	code, out, errOut = runCLI(t, nil, "check-config", "--db", "--config", rows)
	findings := checkConfigFindings(t, out)
	if code != 0 || len(findings) != 2 ||
		!strings.Contains(findings[0], "table payments has no index on created_at") ||
		!strings.Contains(out, `fix: CREATE INDEX IF NOT EXISTS "payments_created_at_idx" ON "payments" ("created_at") (on the partitioned table`) ||
		!strings.Contains(findings[1], "partitioned by range on created_at, yet swept row by row") {
		t.Fatalf("rows mode on a partitioned table: exit %d\n%s%s", code, out, errOut)
	}
	code, out, errOut = runCLI(t, nil, "check-config", "--db", "--strict", "--config", rows)
	if code != 1 || !strings.Contains(errOut, "2 warnings and --strict: the database check failed") {
		t.Fatalf("--strict with warnings: exit %d, want 1\n%s%s", code, out, errOut)
	}
	if code, _, errOut = runCLI(t, nil, "check-config", "--strict", "--config", rows); code != 2 || !strings.Contains(errOut, "--strict applies only with --db") {
		t.Fatalf("--strict without --db: exit %d, want 2\n%s", code, errOut)
	}

	// Partitions mode on a table that is not partitioned, and an expire
	// policy on payments without its columns: errors naming each.
	wrong := config(`  - {name: orders, kind: sweep, table: orders, expires_at_column: updated_at, mode: partitions}
  - {name: payments_expire, kind: expire, table: payments, expires_at_column: created_at}`)
	code, out, errOut = runCLI(t, nil, "check-config", "--db", "--config", wrong)
	if code != 1 || !strings.Contains(out, "error: policy orders: mode partitions drops whole partitions, but orders is not a partitioned table") ||
		!strings.Contains(out, `error: policy payments_expire: status_column: table "payments" has no column "deletion_status"`) {
		t.Fatalf("wrong tables: exit %d\n%s%s", code, out, errOut)
	}
	checkConfigFindings(t, out)

	// With the expire columns on the parent, the indexes they need are
	// asked of the partitioned table, without CONCURRENTLY.
	if _, err := pool.Exec(t.Context(), `
		ALTER TABLE payments ADD COLUMN deletion_status text NOT NULL DEFAULT 'NOT_EXPIRED', ADD COLUMN deletion_initiated_at timestamptz`); err != nil {
		t.Fatal(err)
	}
	expire := config(`  - {name: payments_expire, kind: expire, table: payments, expires_at_column: created_at}`)
	code, out, errOut = runCLI(t, nil, "check-config", "--db", "--config", expire)
	findings = checkConfigFindings(t, out)
	if code != 0 || len(findings) != 2 || !strings.Contains(findings[0], "partitioned table payments has no index on created_at") ||
		!strings.Contains(out, `fix: CREATE INDEX IF NOT EXISTS "payments_created_at_not_expired_idx" ON "payments" ("created_at") WHERE "deletion_status" = 'NOT_EXPIRED'`) {
		t.Fatalf("expire on a partitioned table: exit %d\n%s%s", code, out, errOut)
	}
	// A partial index whose predicate the claim implies serves it.
	if _, err := pool.Exec(t.Context(), `
		CREATE INDEX ON payments (created_at) WHERE deletion_status = 'NOT_EXPIRED';
		CREATE INDEX ON payments (deletion_initiated_at) WHERE deletion_status = 'DELETION_IN_PROGRESS' AND deletion_initiated_at IS NOT NULL`); err != nil {
		t.Fatal(err)
	}
	code, out, errOut = runCLI(t, nil, "check-config", "--db", "--strict", "--config", expire)
	if code != 0 || len(checkConfigFindings(t, out)) != 0 {
		t.Fatalf("expire with its partial indexes: exit %d\n%s%s", code, out, errOut)
	}
}

// TestCheckConfigDBRiverSchema: a river.schema holding a table the
// configuration deletes from fails the check, naming the table; public
// holding them (the layout before river.schema) is a warning.
func TestCheckConfigDBRiverSchema(t *testing.T) {
	t.Parallel()
	url, pool := migratedDB(t)
	if _, err := pool.Exec(t.Context(), `
		CREATE SCHEMA shared;
		CREATE TABLE shared.sessions (id uuid PRIMARY KEY, expires_at timestamptz NOT NULL)`); err != nil {
		t.Fatal(err)
	}
	sep := "?"
	if strings.Contains(url, "?") {
		sep = "&"
	}
	config := func(schema string) string {
		return writeConfig(t, `
database:
  url: "`+url+sep+`search_path=shared,public"
river:
  schema: `+schema+`
`+sweepPolicy+`
  - {name: sessions, kind: sweep, table: sessions, key_column: id}`)
	}

	code, out, errOut := runCLI(t, nil, "check-config", "--db", "--config", config("shared"))
	const refused = `river.schema     error: river.schema shared holds sessions, which the configuration deletes from`
	if code != 1 || !strings.Contains(out, refused) || !strings.Contains(errOut, "river.schema") {
		t.Errorf("river.schema holding a policy's table: exit %d, want 1 with\n%s\ngot\n%s%s", code, refused, out, errOut)
	}
	checkConfigFindings(t, out)

	code, out, errOut = runCLI(t, nil, "check-config", "--db", "--config", config("public"))
	const warned = `river.schema     warning: river.schema public holds lineage_event_idempotency, which the configuration deletes from`
	if code != 0 || !strings.Contains(out, warned) {
		t.Errorf("river.schema public holding the tables: exit %d, want 0 with\n%s\ngot\n%s%s", code, warned, out, errOut)
	}
	if code, _, _ = runCLI(t, nil, "check-config", "--db", "--strict", "--config", config("public")); code != 1 {
		t.Errorf("the same with --strict: exit %d, want 1", code)
	}

	code, out, errOut = runCLI(t, nil, "check-config", "--db", "--config", config("lethe"))
	if strings.Contains(out, "river.schema     ") {
		t.Errorf("river.schema of Lethe's own: exit %d, want no river.schema finding\n%s%s", code, out, errOut)
	}
}
