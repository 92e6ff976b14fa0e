package entity_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/entity"
	"github.com/lethehq/lethe/internal/testenv"
)

// accountsEdges is the entities section of testenv.AccountsConfig, which
// tests extend with edges of their own.
var accountsEdges, _, _ = strings.Cut(testenv.AccountsConfig, "policies:")

func TestCheck(t *testing.T) {
	t.Parallel()

	type testBundle struct {
		pool *pgxpool.Pool
	}
	setup := func(t *testing.T, ddl string) *testBundle {
		t.Helper()
		pool := testenv.AccountsPool(t)
		if ddl != "" {
			if _, err := pool.Exec(t.Context(), ddl); err != nil {
				t.Fatalf("fixture DDL: %v", err)
			}
		}
		return &testBundle{pool: pool}
	}
	parse := func(t *testing.T, yaml string) *config.Config {
		t.Helper()
		cfg, err := config.Parse([]byte(yaml), nil)
		if err != nil {
			t.Fatalf("config: %v", err)
		}
		return cfg
	}
	// check runs Check after installing the guards and removing the run
	// example's (which the migrated database holds and installing leaves),
	// so that only the declaration's own findings remain.
	check := func(t *testing.T, pool *pgxpool.Pool, cfg *config.Config) []entity.Finding {
		t.Helper()
		if _, unresolved, err := entity.InstallGuards(t.Context(), pool, pool, cfg); err != nil || unresolved != nil {
			t.Fatalf("install guards: %v, unresolved: %v", err, unresolved)
		}
		if err := pgx.BeginFunc(t.Context(), pool, func(tx pgx.Tx) error {
			_, err := entity.RemoveGuards(t.Context(), tx, "run")
			return err
		}); err != nil {
			t.Fatalf("remove the run example's guards: %v", err)
		}
		findings, err := entity.Check(t.Context(), pool, cfg)
		if err != nil {
			t.Fatalf("Check: %v", err)
		}
		return findings
	}
	find := func(t *testing.T, findings []entity.Finding, kind entity.FindingKind, table, column string) entity.Finding {
		t.Helper()
		i := slices.IndexFunc(findings, func(f entity.Finding) bool {
			return f.Kind == kind && f.Table == table && f.Column == column
		})
		if i < 0 {
			t.Fatalf("no %s finding on %s.%s among\n%s", kind, table, column, describe(findings))
		}
		return findings[i]
	}

	t.Run("CleanDeclarationWarnsOfUnbackedEdgesOnly", func(t *testing.T) {
		t.Parallel()
		b := setup(t, "")
		findings := check(t, b.pool, parse(t, testenv.AccountsConfig))
		// tasks.assignee and api_keys.account_id have no foreign key: the
		// declaration alone says they hold account ids.
		for _, column := range [][2]string{{"tasks", "assignee"}, {"api_keys", "account_id"}} {
			f := find(t, findings, entity.FindingUnbackedEdge, column[0], column[1])
			if f.Severity != entity.SeverityWarning || !strings.Contains(f.Problem, "has no foreign key behind it") ||
				!strings.Contains(f.Problem, "holds no values yet") {
				t.Errorf("unbacked edge: %+v", f)
			}
		}
		if len(findings) != 2 {
			t.Fatalf("the accounts declaration: want only the 2 unbacked edges, got\n%s", describe(findings))
		}
	})

	t.Run("EachFindingWithItsFix", func(t *testing.T) {
		t.Parallel()
		b := setup(t, `
			-- Comments hang off tasks through a foreign key no edge declares.
			CREATE TABLE comments (id bigint PRIMARY KEY, task_id bigint REFERENCES tasks (id));
			CREATE INDEX comments_task_id_idx ON comments (task_id);
			-- Labels lose their project when it goes.
			CREATE TABLE labels (id bigint PRIMARY KEY, project_id bigint REFERENCES projects (id) ON DELETE SET NULL);
			CREATE INDEX labels_project_id_idx ON labels (project_id);
			-- A link keyed by two columns of tasks.
			ALTER TABLE tasks ADD UNIQUE (id, project_id);
			CREATE TABLE task_links (task_id bigint, project_id bigint, FOREIGN KEY (task_id, project_id) REFERENCES tasks (id, project_id));
			CREATE INDEX task_links_task_id_idx ON task_links (task_id);
			-- Notes name their account in a text column, and key it in another.
			CREATE TABLE notes (id bigint PRIMARY KEY, account_ref text NOT NULL, account_id uuid REFERENCES accounts (id));
			CREATE INDEX notes_account_id_idx ON notes (account_id);
			CREATE INDEX notes_account_ref_idx ON notes (account_ref);
			-- Attachments have no index on their edge column.
			CREATE TABLE attachments (id bigint PRIMARY KEY, task_id bigint NOT NULL);`)
		cfg := parse(t, accountsEdges+`
      - {table: notes,       column: account_ref, references: accounts.id}
      - {table: attachments, column: task_id,     references: tasks.id}`)
		findings := check(t, b.pool, cfg)

		fk := find(t, findings, entity.FindingUndeclaredReference, "comments", "task_id")
		if fk.Severity != entity.SeverityError || fk.Entity != "account" ||
			fk.Fix != "add to entity account's edges: {table: comments, column: task_id, references: tasks.id}" ||
			!strings.Contains(fk.Problem, "a deletion of entity account fails on this key while comments rows reference it") {
			t.Errorf("undeclared foreign key: %+v", fk)
		}
		setNull := find(t, findings, entity.FindingUndeclaredReference, "labels", "project_id")
		if setNull.Severity != entity.SeverityError || !strings.Contains(setNull.Problem, "leaves the labels rows that reference it behind, with project_id set to NULL") {
			t.Errorf("undeclared foreign key ON DELETE SET NULL: %+v", setNull)
		}
		multi := find(t, findings, entity.FindingUndeclaredReference, "task_links", "task_id, project_id")
		if multi.Severity != entity.SeverityError || !strings.Contains(multi.Problem, "task_links(task_id, project_id) references tasks(id, project_id)") ||
			!strings.HasPrefix(multi.Fix, "add to entity account's edges: {table: task_links, column: task_id, references: tasks.id}") {
			t.Errorf("multi-column foreign key: %+v", multi)
		}
		// The declaration is what is wrong: the foreign key says which
		// column holds account ids. The user's column is left alone.
		mismatch := find(t, findings, entity.FindingTypeMismatch, "notes", "account_ref")
		if mismatch.Severity != entity.SeverityError || !strings.Contains(mismatch.Problem, "notes.account_ref is text but references accounts.id, which is uuid: the declaration and the database disagree") ||
			!strings.Contains(mismatch.Fix, "declare {table: notes, column: account_id, references: accounts.id} instead") {
			t.Errorf("type mismatch: %+v", mismatch)
		}
		index := find(t, findings, entity.FindingMissingIndex, "attachments", "task_id")
		const create = `CREATE INDEX CONCURRENTLY IF NOT EXISTS "attachments_task_id_idx" ON "attachments" ("task_id")`
		if index.Severity != entity.SeverityWarning || index.Fix != create {
			t.Errorf("missing index: %+v", index)
		}
		// And the edges without a foreign key: assignee, api_keys and
		// attachments.
		unbacked := 0
		for _, f := range findings {
			if f.Kind == entity.FindingUnbackedEdge {
				unbacked++
			}
		}
		// notes.account_id's key is undeclared too.
		find(t, findings, entity.FindingUndeclaredReference, "notes", "account_id")
		if len(findings) != 6+3 || unbacked != 3 {
			t.Errorf("want exactly these 6 findings and 3 unbacked edges, got\n%s", describe(findings))
		}
		assertFixes(t, findings)

		// Doing what the fixes say (check installs the guards again)
		// leaves nothing to report but the unbacked edges.
		if _, err := b.pool.Exec(t.Context(), create); err != nil {
			t.Fatalf("fix %q: %v", create, err)
		}
		fixed := parse(t, accountsEdges+`
      - {table: notes,       column: account_id,  references: accounts.id}
      - {table: attachments, column: task_id,     references: tasks.id}
      - {table: comments,    column: task_id,     references: tasks.id}
      - {table: labels,      column: project_id,  references: projects.id}
      - {table: task_links,  column: task_id,     references: tasks.id}`)
		for _, f := range check(t, b.pool, fixed) {
			if f.Kind != entity.FindingUnbackedEdge || (f.Table != "tasks" && f.Table != "api_keys" && f.Table != "attachments") {
				t.Errorf("after the fixes: want only the unbacked edges, got %s", f)
			}
		}
	})

	t.Run("MissingTablesAndColumns", func(t *testing.T) {
		t.Parallel()
		b := setup(t, "")
		cfg := parse(t, accountsEdges+`
      - {table: ghosts, column: account_id, references: accounts.id}
      - {table: tasks,  column: reviewer,   references: accounts.id}`)
		findings, err := entity.Check(t.Context(), b.pool, cfg)
		if err != nil {
			t.Fatal(err)
		}
		table := find(t, findings, entity.FindingUnresolved, "ghosts", "")
		column := find(t, findings, entity.FindingUnresolved, "tasks", "reviewer")
		for _, f := range []entity.Finding{table, column} {
			if f.Severity != entity.SeverityError || !strings.Contains(f.Problem, "entity account cannot be deleted") {
				t.Errorf("unresolved: %+v", f)
			}
		}
		if !strings.Contains(table.Problem, "table ghosts does not exist") || !strings.Contains(column.Problem, "table tasks has no column reviewer") {
			t.Errorf("unresolved problems name the wrong thing:\n%s", describe(findings))
		}
	})

	t.Run("GuardsMissingAndStale", func(t *testing.T) {
		t.Parallel()
		b := setup(t, "")
		cfg := parse(t, testenv.AccountsConfig)
		// The migrated database holds the run example's guards; those of
		// the accounts are not installed yet.
		findings, err := entity.Check(t.Context(), b.pool, cfg)
		if err != nil {
			t.Fatal(err)
		}
		for _, table := range []string{"accounts", "projects", "tasks", "api_keys"} {
			f := find(t, findings, entity.FindingGuard, table, "")
			if f.Severity != entity.SeverityError || f.Fix != "lethe guards install" || !strings.Contains(f.Problem, "no late-write guard") {
				t.Errorf("missing guard: %+v", f)
			}
		}
		run := find(t, findings, entity.FindingGuard, "runs", "")
		if run.Severity != entity.SeverityWarning || run.Entity != "run" {
			t.Errorf("guard of an undeclared entity: %+v", run)
		}

		// A guard from an earlier declaration is stale.
		check(t, b.pool, cfg)
		narrower := parse(t, strings.Replace(testenv.AccountsConfig, "      - {table: tasks,    column: assignee,   references: accounts.id}\n", "", 1))
		findings, err = entity.Check(t.Context(), b.pool, narrower)
		if err != nil {
			t.Fatal(err)
		}
		stale := find(t, findings, entity.FindingGuard, "tasks", "")
		if stale.Severity != entity.SeverityError || !strings.Contains(stale.Problem, "older declaration") {
			t.Errorf("stale guard: %+v", stale)
		}
	})

	t.Run("SharedTablesAndEdges", func(t *testing.T) {
		t.Parallel()
		b := setup(t, "")
		cfg := parse(t, accountsEdges+`
  - name: project
    table: projects
    key_column: id
    edges:
      - {table: tasks, column: project_id, references: projects.id}`)
		findings := check(t, b.pool, cfg)
		shared := find(t, findings, entity.FindingSharedTable, "projects", "")
		if shared.Severity != entity.SeverityWarning || !strings.Contains(shared.Problem, "also belongs to entity project") {
			t.Errorf("shared table: %+v", shared)
		}
		edge := find(t, findings, entity.FindingDuplicateEdge, "tasks", "project_id")
		if edge.Severity != entity.SeverityWarning {
			t.Errorf("duplicate edge: %+v", edge)
		}
		for _, f := range findings {
			if f.Severity == entity.SeverityError {
				t.Errorf("sharing is no error: %s", f)
			}
		}
	})
}

// assertFixes fails t for a finding without a fix, or with one that
// changes a column's type or drops anything of the user's.
func assertFixes(t *testing.T, findings []entity.Finding) {
	t.Helper()
	for _, f := range findings {
		upper := strings.ToUpper(f.Fix)
		if f.Fix == "" || strings.Contains(upper, "ALTER COLUMN") || strings.Contains(upper, "DROP") {
			t.Errorf("finding with a fix that is missing or destructive: %s", f)
		}
	}
}

func describe(findings []entity.Finding) string {
	var b strings.Builder
	for _, f := range findings {
		b.WriteString("  " + f.String() + "\n")
	}
	return b.String()
}
