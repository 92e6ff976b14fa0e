package main

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/internal/testenv"
)

// runEntityConfig declares the run example's entity only, on the database at
// url, for serve as much as for the other commands.
func runEntityConfig(t *testing.T, url string) string {
	t.Helper()
	return writeConfig(t, fmt.Sprintf(`
database:
  url: %q
  max_conns: 4
blob:
  kind: local
  local:
    dir: %q
http:
  listen: 127.0.0.1:0
shutdown_grace: 5s
entities:
  - name: run
    table: runs
    key_column: run_hash
    edges:
      - {table: run_attributes,  column: run_hash, references: runs.run_hash}
      - {table: run_metrics,     column: run_hash, references: runs.run_hash}
      - {table: run_tags,        column: run_hash, references: runs.run_hash}
      - {table: run_experiments, column: run_hash, references: runs.run_hash}
      - {table: run_blobs,       column: run_hash, references: runs.run_hash}
policies:
  - {name: runs, kind: tombstone, entity: run}
`, url, filepath.Join(t.TempDir(), "blobs")))
}

// accountGuards are the tables that carry a guard of entity account.
func accountGuards(t *testing.T, pool *pgxpool.Pool) []string {
	t.Helper()
	rows, err := pool.Query(t.Context(), `SELECT tgrelid::regclass::text FROM pg_trigger WHERE tgname = 'lethe_guard_account' ORDER BY 1`)
	if err != nil {
		t.Fatal(err)
	}
	tables, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	return tables
}

// TestGuardsOfUndeclaredEntityStay: once the configuration stops declaring
// the account entity, migrate up, guards install and serve leave its
// guards, each warning and naming its tables, and guards status lists them
// without failing; only guards remove drops them, refused while the entity
// is declared, audited, and printing what it removed.
func TestGuardsOfUndeclaredEntityStay(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	url := testenv.AccountsURL(t)
	pool, err := pgxpool.New(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	accounts := writeConfig(t, "database:\n  url: \""+url+"\"\n"+testenv.AccountsConfig)
	runOnly := runEntityConfig(t, url)
	all := []string{"accounts", "api_keys", "projects", "tasks"}

	if code, out, errOut := runCLI(t, nil, "guards", "install", "--config", accounts); code != 0 || strings.Count(out, "add guard of entity account") != 4 {
		t.Fatalf("install the account guards: exit %d\n%s%s", code, out, errOut)
	}

	const warning = "warning: entity account is not declared; its guards stay on accounts, api_keys, projects, tasks (lethe guards remove account drops them)"
	code, out, errOut := runCLI(t, nil, "migrate", "up", "--config", runOnly)
	if code != 0 || !strings.Contains(errOut, warning) || strings.Contains(out, "drop") {
		t.Errorf("migrate up without the account entity: exit %d, want 0 and\n%s\ngot\n%s%s", code, warning, out, errOut)
	}
	code, out, errOut = runCLI(t, nil, "guards", "install", "--config", runOnly)
	if code != 0 || !strings.Contains(out, "guards are current") || !strings.Contains(errOut, warning) {
		t.Errorf("guards install without the account entity: exit %d\n%s%s", code, out, errOut)
	}
	code, out, errOut = runCLI(t, nil, "guards", "status", "--config", runOnly)
	if code != 0 || !strings.Contains(out, "guards are current\n"+strings.TrimPrefix(warning, "warning: ")) {
		t.Errorf("guards status without the account entity: exit %d, want 0 listing the account guards\n%s%s", code, out, errOut)
	}
	if got := accountGuards(t, pool); !slices.Equal(got, all) {
		t.Fatalf("account guards on %v after install without the entity, want %v", got, all)
	}

	// serve (migrate_on_start) warns too, and drops nothing.
	serveCtx, stop := context.WithCancel(ctx)
	defer stop()
	var log testenv.LogBuffer
	exited := make(chan int, 1)
	go func() {
		exited <- run(serveCtx, &cli{stdout: &log, stderr: &log, getenv: func(string) string { return "" }}, []string{"serve", "--config", runOnly})
	}()
	testenv.WaitUntil(t, 60*time.Second, "serve started, with a warning about the account guards", func() (bool, error) {
		select {
		case code := <-exited:
			return false, fmt.Errorf("serve exited %d:\n%s", code, log.String())
		default:
		}
		if !strings.Contains(log.String(), `"msg":"Lethe serving"`) {
			return false, nil
		}
		for _, line := range strings.Split(log.String(), "\n") {
			var entry struct {
				Level, Msg, Entity, Fix string
				Tables                  []string
			}
			if json.Unmarshal([]byte(line), &entry) == nil && entry.Level == "WARN" && entry.Entity == "account" &&
				strings.Contains(entry.Msg, "does not declare") && entry.Fix == "lethe guards remove account" {
				slices.Sort(entry.Tables)
				if !slices.Equal(entry.Tables, all) {
					return false, fmt.Errorf("serve's warning names tables %v, want %v", entry.Tables, all)
				}
				return true, nil
			}
		}
		return false, nil
	})
	stop()
	if code := <-exited; code != 0 {
		t.Fatalf("serve exited %d:\n%s", code, log.String())
	}
	if got := accountGuards(t, pool); !slices.Equal(got, all) {
		t.Fatalf("account guards on %v after serve, want %v", got, all)
	}

	// remove refuses a declared entity.
	if code, out, errOut = runCLI(t, nil, "guards", "remove", "account", "--config", accounts); code != 1 || !strings.Contains(errOut, "entity account is declared in the configuration") {
		t.Errorf("remove of a declared entity: exit %d, want 1\n%s%s", code, out, errOut)
	}
	if code, out, errOut = runCLI(t, nil, "guards", "remove", "--config", runOnly); code != 2 || !strings.Contains(errOut, "want: remove <entity>") {
		t.Errorf("remove without an entity: exit %d, want 2\n%s%s", code, out, errOut)
	}

	code, out, errOut = runCLI(t, map[string]string{"USER": "alice"}, "guards", "remove", "account", "--config", runOnly)
	if code != 0 || strings.Count(out, "removed guard of entity account on table ") != 4 {
		t.Fatalf("guards remove account: exit %d\n%s%s", code, out, errOut)
	}
	if got := accountGuards(t, pool); len(got) != 0 {
		t.Errorf("account guards on %v after remove", got)
	}
	var (
		entityName, by string
		tables         []string
	)
	if err := pool.QueryRow(ctx, `SELECT detail->>'entity', detail->>'by', ARRAY(SELECT jsonb_array_elements_text(detail->'tables') ORDER BY 1)
		FROM lethe_deletion_audit WHERE action = 'remove_guards' AND outcome = 'ok'`).Scan(&entityName, &by, &tables); err != nil {
		t.Fatalf("the removal's audit entry: %v", err)
	}
	if entityName != "account" || by != "alice" || !slices.Equal(tables, all) {
		t.Errorf("audit entry: entity %s, by %s, tables %v", entityName, by, tables)
	}
	if code, out, errOut = runCLI(t, nil, "guards", "status", "--config", runOnly); code != 0 || strings.Contains(out, "account") {
		t.Errorf("guards status after remove: exit %d\n%s%s", code, out, errOut)
	}
	if code, out, errOut = runCLI(t, nil, "guards", "remove", "account", "--config", runOnly); code != 0 || !strings.Contains(out, "nothing removed") {
		t.Errorf("remove again: exit %d\n%s%s", code, out, errOut)
	}
	var audited int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM lethe_deletion_audit WHERE action = 'remove_guards'`).Scan(&audited); err != nil || audited != 1 {
		t.Errorf("%d removals audited (%v), want 1: removing nothing is not audited", audited, err)
	}

	if code, out, _ = runCLI(t, nil, "guards", "--help"); code != 0 || !strings.Contains(out, "remove <entity>") || !strings.Contains(out, "| print-sql |") {
		t.Errorf("guards --help: exit %d\n%s", code, out)
	}
}

// TestGuardsPrintSQL: the SQL guards print-sql prints, applied by hand in
// one go as a superuser, installs the guards as guards install would, with
// the functions owned by Lethe's role (the owner of lethe_tombstones), and
// applied again changes nothing.
func TestGuardsPrintSQL(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	url := testenv.AccountsURL(t)
	pool, err := pgxpool.New(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	role := "lethe_print_sql_" + strings.ReplaceAll(time.Now().Format("150405.000000"), ".", "")
	if _, err := pool.Exec(ctx, `CREATE ROLE `+role+` NOLOGIN; ALTER TABLE lethe_tombstones OWNER TO `+role); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_, _ = pool.Exec(context.Background(), `DROP OWNED BY `+role+` CASCADE; DROP ROLE `+role)
	})
	accounts := writeConfig(t, "database:\n  url: \""+url+"\"\n"+testenv.AccountsConfig)

	code, out, errOut := runCLI(t, nil, "guards", "status", "--config", accounts)
	if code != 1 || strings.Count(out, "missing guard of entity account") != 4 {
		t.Fatalf("status before: exit %d\n%s%s", code, out, errOut)
	}
	code, sql, errOut := runCLI(t, nil, "guards", "print-sql", "--config", accounts)
	if code != 0 || !strings.HasPrefix(sql, "BEGIN;\nSET LOCAL lock_timeout = '10s';\n") || !strings.HasSuffix(sql, "COMMIT;\n") ||
		strings.Count(sql, "SECURITY DEFINER SET search_path = pg_catalog, pg_temp") != 4 || strings.Count(sql, `OWNER TO "`+role+`"`) != 4 ||
		strings.Count(sql, "CREATE OR REPLACE TRIGGER") != 4 {
		t.Fatalf("print-sql: exit %d\n%s%s", code, sql, errOut)
	}
	for range 2 {
		if _, err := pool.Exec(ctx, sql); err != nil {
			t.Fatalf("apply the printed SQL: %v", err)
		}
		if code, out, errOut := runCLI(t, nil, "guards", "status", "--config", accounts); code != 0 || !strings.HasPrefix(out, "guards are current\n") {
			t.Fatalf("status after applying the printed SQL: exit %d\n%s%s", code, out, errOut)
		}
	}
	var owners []string
	if err := pool.QueryRow(ctx, `SELECT array_agg(DISTINCT pg_get_userbyid(proowner)) FROM pg_proc WHERE proname LIKE 'lethe\_guard\_account\_%'`).Scan(&owners); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(owners, []string{role}) {
		t.Errorf("guard functions owned by %v, want %s", owners, role)
	}
	if code, out, errOut := runCLI(t, nil, "guards", "install", "--config", accounts); code != 0 || !strings.HasPrefix(out, "guards are current\n") {
		t.Errorf("install after the printed SQL: exit %d\n%s%s", code, out, errOut)
	}
}

// TestGuardsCommandOnPartitionedTable: on the community schema, whose
// payments are partitioned, guards install adds one guard per table and
// none per partition, a second install and guards status find them
// current, and so they stay once a partition is attached and another
// detached.
func TestGuardsCommandOnPartitionedTable(t *testing.T) {
	t.Parallel()
	pool := testenv.CommunityPool(t)
	// Without the self-references, which the entity graph does not
	// resolve yet; guards do not follow them either way.
	var lines []string
	for _, line := range strings.Split(testenv.CommunityConfig, "\n") {
		if !strings.Contains(line, "on_delete") || !strings.Contains(line, "{table: users,") && !strings.Contains(line, "parent") {
			lines = append(lines, line)
		}
	}
	configPath := writeConfig(t, "database:\n  url: \""+pool.Config().ConnString()+"\"\n"+strings.Join(lines, "\n"))

	code, out, errOut := runCLI(t, nil, "guards", "install", "--config", configPath)
	if code != 0 || strings.Count(out, "add guard of entity user") != 9 || !strings.Contains(out, "on table payments\n") || strings.Contains(out, "payments_") {
		t.Fatalf("first install: exit %d, want 9 guards, none on a partition\n%s%s", code, out, errOut)
	}
	current := func(when string) {
		t.Helper()
		for _, action := range []string{"install", "status"} {
			if code, out, errOut := runCLI(t, nil, "guards", action, "--config", configPath); code != 0 || !strings.HasPrefix(out, "guards are current\n") {
				t.Errorf("guards %s %s: exit %d\n%s%s", action, when, code, out, errOut)
			}
		}
	}
	current("after the first install")
	if _, err := pool.Exec(t.Context(), `
		CREATE TABLE payments_2026_12 PARTITION OF payments FOR VALUES FROM ('2026-12-01') TO ('2027-01-01');
		ALTER TABLE payments DETACH PARTITION payments_2026_09`); err != nil {
		t.Fatal(err)
	}
	current("after a partition came and another went")
}
