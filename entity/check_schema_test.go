package entity_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/entity"
	"github.com/lethehq/lethe/internal/testenv"
)

// TestCheckSchemas runs Check on schemas shaped like applications': the
// community schema (partitions, cascades, partial indexes) and small ones
// that each show one thing a user must be told.
func TestCheckSchemas(t *testing.T) {
	t.Parallel()

	parse := func(t *testing.T, yaml string) *config.Config {
		t.Helper()
		cfg, err := config.Parse([]byte(yaml), nil)
		if err != nil {
			t.Fatalf("config: %v", err)
		}
		return cfg
	}
	check := func(t *testing.T, pool *pgxpool.Pool, cfg *config.Config) []entity.Finding {
		t.Helper()
		findings, err := entity.Check(t.Context(), pool, cfg)
		if err != nil {
			t.Fatalf("Check: %v", err)
		}
		assertFixes(t, findings)
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
	none := func(t *testing.T, findings []entity.Finding, what string, match func(entity.Finding) bool) {
		t.Helper()
		for _, f := range findings {
			if match(f) {
				t.Errorf("%s: unexpected finding %s", what, f)
			}
		}
	}

	t.Run("Community", func(t *testing.T) {
		t.Parallel()
		pool := testenv.CommunityPool(t)
		findings := check(t, pool, parse(t, testenv.CommunityConfig))

		// The key to users declared on two of payments' partitions counts
		// for payments: no finding per partition, no edge per partition.
		none(t, findings, "partition keys", func(f entity.Finding) bool {
			return strings.HasPrefix(f.Table, "payments_") || strings.Contains(f.Fix, "table: payments_")
		})
		part := find(t, findings, entity.FindingEdgeKey, "payments", "user_id")
		if part.Severity != entity.SeverityWarning || !strings.Contains(part.Problem, "partition payments_2026_09 of payments lacks it") {
			t.Errorf("payments key on two partitions of three: %+v", part)
		}
		// Partial indexes (col) WHERE col IS NOT NULL serve the deletion.
		none(t, findings, "partial indexes", func(f entity.Finding) bool { return f.Kind == entity.FindingMissingIndex })
		// orders.user_id has no key behind it.
		orders := find(t, findings, entity.FindingUnbackedEdge, "orders", "user_id")
		if orders.Severity != entity.SeverityWarning || !strings.Contains(orders.Problem, "has no foreign key behind it") {
			t.Errorf("unbacked orders.user_id: %+v", orders)
		}
		// The schema's cascades and SET NULLs that reach other users' rows.
		for _, c := range []struct{ table, column, says string }{
			{"moderation_actions", "parent_action_id", "cascades within moderation_actions"},
			{"comments", "parent_id", "cascades within comments"},
			{"users", "invited_by", "changes other users that reference it"},
			{"notifications", "actor_id", "changes the notifications rows of other users that reference it"},
		} {
			f := find(t, findings, entity.FindingSchemaReach, c.table, c.column)
			if f.Severity != entity.SeverityWarning || !strings.Contains(f.Problem, c.says) {
				t.Errorf("schema-owned edge %s.%s: %+v", c.table, c.column, f)
			}
		}
		// Every schema-owned edge has its key: no edge-key errors, and no
		// undeclared reference (the self-references are declared).
		none(t, findings, "declared keys", func(f entity.Finding) bool {
			return f.Severity == entity.SeverityError && (f.Kind == entity.FindingEdgeKey || f.Kind == entity.FindingUndeclaredReference || f.Kind == entity.FindingTypeMismatch)
		})

		unbacked, err := entity.UnbackedEdges(t.Context(), pool, parse(t, testenv.CommunityConfig).Entity("user"))
		if err != nil {
			t.Fatal(err)
		}
		if len(unbacked) != 1 || unbacked[0].Table != "orders" {
			t.Errorf("UnbackedEdges: want orders.user_id only, got %+v", unbacked)
		}
	})

	t.Run("CommunityUndeclaredSelfReferences", func(t *testing.T) {
		t.Parallel()
		pool := testenv.CommunityPool(t)
		// Without its self-references and the SET NULL edges: each is
		// reported, the cascades as warnings offering the on_delete edge.
		yaml := testenv.CommunityConfig
		for _, drop := range []string{"column: parent_id,", "column: parent_action_id,", "column: invited_by,", "column: actor_id,", "{table: payments,"} {
			lines := strings.Split(yaml, "\n")
			lines = slices.DeleteFunc(lines, func(l string) bool { return strings.Contains(l, drop) })
			yaml = strings.Join(lines, "\n")
		}
		findings := check(t, pool, parse(t, yaml))
		parent := find(t, findings, entity.FindingUndeclaredReference, "comments", "parent_id")
		if parent.Severity != entity.SeverityWarning ||
			parent.Fix != "add to entity user's edges: {table: comments, column: parent_id, references: comments.id, on_delete: cascade}" {
			t.Errorf("undeclared cascading self-reference: %+v", parent)
		}
		find(t, findings, entity.FindingUndeclaredReference, "moderation_actions", "parent_action_id")
		invited := find(t, findings, entity.FindingUndeclaredReference, "users", "invited_by")
		if invited.Severity != entity.SeverityError || !strings.Contains(invited.Fix, "on_delete: set_null") {
			t.Errorf("undeclared SET NULL self-reference: %+v", invited)
		}
		// payments' key, declared on two partitions, is one finding on
		// payments, whose fix is one edge.
		payments := find(t, findings, entity.FindingUndeclaredReference, "payments", "user_id")
		if payments.Severity != entity.SeverityError || payments.Fix != "add to entity user's edges: {table: payments, column: user_id, references: users.id}" ||
			!strings.Contains(payments.Problem, "declared on partitions payments_2026_10, payments_2026_11") {
			t.Errorf("undeclared key on partitions: %+v", payments)
		}
		none(t, findings, "partitions", func(f entity.Finding) bool { return strings.HasPrefix(f.Table, "payments_") })
		actor := find(t, findings, entity.FindingUndeclaredReference, "notifications", "actor_id")
		if !strings.Contains(actor.Fix, "{table: notifications, column: actor_id, references: users.id, on_delete: set_null}") {
			t.Errorf("undeclared SET NULL: %+v", actor)
		}
	})

	t.Run("TypeMismatchNamesTheKeyedColumn", func(t *testing.T) {
		t.Parallel()
		pool := testenv.CommunityPool(t)
		// A timestamp declared as holding users' integer keys: the
		// declaration is wrong, and posts' foreign key says which column
		// is right.
		yaml := strings.Replace(testenv.CommunityConfig, "{table: posts, column: user_id, references: users.id}", "{table: posts, column: updated_at, references: users.id}", 1)
		findings := check(t, pool, parse(t, yaml))
		f := find(t, findings, entity.FindingTypeMismatch, "posts", "updated_at")
		if f.Severity != entity.SeverityError ||
			!strings.Contains(f.Problem, "edge posts.updated_at is timestamp with time zone but references users.id, which is bigint: the declaration and the database disagree") ||
			!strings.Contains(f.Fix, "declare {table: posts, column: user_id, references: users.id} instead") {
			t.Errorf("type mismatch: %+v", f)
		}
	})

	t.Run("UndeclaredReferencesTransitively", func(t *testing.T) {
		t.Parallel()
		pool := testenv.AccountsPool(t)
		if _, err := pool.Exec(t.Context(), `
			CREATE TABLE boards (id bigint PRIMARY KEY, account_id uuid NOT NULL REFERENCES accounts (id));
			CREATE TABLE cards (id bigint PRIMARY KEY, board_id bigint NOT NULL REFERENCES boards (id));
			CREATE TABLE card_views (card_id bigint NOT NULL REFERENCES cards (id) ON DELETE CASCADE);
			CREATE TABLE card_links (card_id bigint REFERENCES cards (id) ON DELETE SET NULL);
			CREATE TABLE link_notes (id bigint PRIMARY KEY);
			ALTER TABLE card_links ADD COLUMN note_id bigint REFERENCES link_notes (id);`); err != nil {
			t.Fatal(err)
		}
		findings := check(t, pool, parse(t, testenv.AccountsConfig))
		boards := find(t, findings, entity.FindingUndeclaredReference, "boards", "account_id")
		cards := find(t, findings, entity.FindingUndeclaredReference, "cards", "board_id")
		views := find(t, findings, entity.FindingUndeclaredReference, "card_views", "card_id")
		links := find(t, findings, entity.FindingUndeclaredReference, "card_links", "card_id")
		if boards.Severity != entity.SeverityError || cards.Severity != entity.SeverityError || links.Severity != entity.SeverityError {
			t.Errorf("keys that fail the deletion or leave rows: %+v\n%+v\n%+v", boards, cards, links)
		}
		if !strings.Contains(cards.Problem, "through the undeclared foreign key boards_account_id_fkey") ||
			cards.Fix != "add to entity account's edges: {table: cards, column: board_id, references: boards.id}, along with the edge for boards" {
			t.Errorf("a key into an undeclared table: %+v", cards)
		}
		if views.Severity != entity.SeverityWarning || !strings.HasSuffix(views.Fix, "on_delete: cascade}, along with the edge for cards") {
			t.Errorf("a cascade two tables down: %+v", views)
		}
		// Rows only set to NULL go nowhere: what references them is not
		// the entity's.
		none(t, findings, "beyond a SET NULL", func(f entity.Finding) bool { return f.Table == "link_notes" || f.Column == "note_id" })
	})

	t.Run("SchemaOwnedEdgesNeedTheirKey", func(t *testing.T) {
		t.Parallel()
		pool := testenv.AccountsPool(t)
		if _, err := pool.Exec(t.Context(), `
			CREATE TABLE stars (project_id bigint REFERENCES projects (id));
			CREATE TABLE pins (project_id bigint REFERENCES projects (id) ON DELETE SET NULL);
			CREATE TABLE marks (project_id bigint);
			CREATE INDEX ON stars (project_id); CREATE INDEX ON pins (project_id); CREATE INDEX ON marks (project_id);`); err != nil {
			t.Fatal(err)
		}
		findings := check(t, pool, parse(t, accountsEdges+`
      - {table: stars, column: project_id, references: projects.id, on_delete: cascade}
      - {table: pins,  column: project_id, references: projects.id, on_delete: cascade}
      - {table: marks, column: project_id, references: projects.id, on_delete: cascade}`))
		stars := find(t, findings, entity.FindingEdgeKey, "stars", "project_id")
		if stars.Severity != entity.SeverityError || !strings.Contains(stars.Problem, "does ON DELETE NO ACTION") ||
			!strings.Contains(stars.Fix, "remove on_delete") {
			t.Errorf("key without the cascade: %+v", stars)
		}
		pins := find(t, findings, entity.FindingEdgeKey, "pins", "project_id")
		if pins.Severity != entity.SeverityError || !strings.Contains(pins.Fix, "{table: pins, column: project_id, references: projects.id, on_delete: set_null}") {
			t.Errorf("key that sets NULL: %+v", pins)
		}
		marks := find(t, findings, entity.FindingEdgeKey, "marks", "project_id")
		if marks.Severity != entity.SeverityError || !strings.Contains(marks.Problem, "no foreign key ties marks.project_id to projects.id") {
			t.Errorf("no key: %+v", marks)
		}
	})

	t.Run("UnbackedEdgeSampled", func(t *testing.T) {
		t.Parallel()
		pool := testenv.AccountsPool(t)
		// widgets.id is declared as the project's: 8 of 10 ids are no
		// project's. widgets.project_id is the key that says so.
		if _, err := pool.Exec(t.Context(), `
			INSERT INTO accounts (id) VALUES ('00000000-0000-0000-0000-000000000001');
			INSERT INTO projects (id, account_id) VALUES (1, '00000000-0000-0000-0000-000000000001'), (2, '00000000-0000-0000-0000-000000000001');
			CREATE TABLE widgets (id bigint PRIMARY KEY, project_id bigint REFERENCES projects (id));
			INSERT INTO widgets SELECT g, 1 + g % 2 FROM generate_series(1, 10) AS g;`); err != nil {
			t.Fatal(err)
		}
		cfg := parse(t, accountsEdges+`
      - {table: widgets, column: id, references: projects.id}`)
		findings := check(t, pool, cfg)
		f := find(t, findings, entity.FindingUnbackedEdge, "widgets", "id")
		if f.Severity != entity.SeverityWarning ||
			!strings.Contains(f.Problem, "8 of 10 sampled values of widgets.id match no projects.id: the edge is probably wrong") ||
			!strings.Contains(f.Fix, "most likely the edge is {table: widgets, column: project_id, references: projects.id}") {
			t.Errorf("unbacked edge: %+v", f)
		}
		unbacked, err := entity.UnbackedEdges(t.Context(), pool, cfg.Entity("account"))
		if err != nil {
			t.Fatal(err)
		}
		var tables []string
		for _, e := range unbacked {
			tables = append(tables, e.Table+"."+e.Column)
		}
		if want := []string{"tasks.assignee", "api_keys.account_id", "widgets.id"}; !slices.Equal(tables, want) {
			t.Errorf("UnbackedEdges: got %v, want %v", tables, want)
		}
	})

	t.Run("PartialIndexes", func(t *testing.T) {
		t.Parallel()
		pool := testenv.AccountsPool(t)
		if _, err := pool.Exec(t.Context(), `
			CREATE TABLE served (project_id bigint REFERENCES projects (id));
			CREATE INDEX ON served (project_id) WHERE project_id IS NOT NULL;
			CREATE TABLE unserved (project_id bigint REFERENCES projects (id));
			CREATE INDEX ON unserved (project_id) WHERE project_id > 5;`); err != nil {
			t.Fatal(err)
		}
		findings := check(t, pool, parse(t, accountsEdges+`
      - {table: served,   column: project_id, references: projects.id}
      - {table: unserved, column: project_id, references: projects.id}`))
		none(t, findings, "(col) WHERE col IS NOT NULL serves col = $1", func(f entity.Finding) bool {
			return f.Kind == entity.FindingMissingIndex && f.Table == "served"
		})
		find(t, findings, entity.FindingMissingIndex, "unserved", "project_id")
	})

	// Indexes on each partition serve a partitioned table as well as one on
	// the table; a partition without one is named, with an index of its
	// own that can be built without blocking writes.
	t.Run("IndexesOnPartitions", func(t *testing.T) {
		t.Parallel()
		pool := testenv.AccountsPool(t)
		if _, err := pool.Exec(t.Context(), `
			CREATE TABLE events (project_id bigint, at date NOT NULL) PARTITION BY RANGE (at);
			CREATE TABLE events_1 PARTITION OF events FOR VALUES FROM ('2026-01-01') TO ('2026-02-01');
			CREATE TABLE events_2 PARTITION OF events FOR VALUES FROM ('2026-02-01') TO ('2026-03-01');
			CREATE TABLE events_3 PARTITION OF events FOR VALUES FROM ('2026-03-01') TO ('2026-04-01');
			CREATE INDEX ON events_1 (project_id);
			CREATE INDEX ON events_2 (project_id) WHERE project_id IS NOT NULL;
			CREATE TABLE logs (project_id bigint, at date NOT NULL) PARTITION BY RANGE (at);
			CREATE TABLE logs_1 PARTITION OF logs FOR VALUES FROM ('2026-01-01') TO ('2026-02-01');
			CREATE INDEX ON logs_1 (project_id);`); err != nil {
			t.Fatal(err)
		}
		findings := check(t, pool, parse(t, accountsEdges+`
      - {table: events, column: project_id, references: projects.id}
      - {table: logs,   column: project_id, references: projects.id}`))
		f := find(t, findings, entity.FindingMissingIndex, "events", "project_id")
		if !strings.Contains(f.Problem, "indexed on 2 of the 3 partitions of events, not on events_3") ||
			!strings.Contains(f.Fix, `CREATE INDEX CONCURRENTLY IF NOT EXISTS "events_3_project_id_idx" ON "events_3" ("project_id")`) {
			t.Errorf("events' finding: %s", f)
		}
		none(t, findings, "every partition of logs is indexed", func(f entity.Finding) bool {
			return f.Kind == entity.FindingMissingIndex && f.Table == "logs"
		})
	})

	t.Run("BeforeMigrateUp", func(t *testing.T) {
		t.Parallel()
		pool := testenv.Pool(t)
		if _, err := pool.Exec(t.Context(), testenv.CommunitySchema); err != nil {
			t.Fatal(err)
		}
		findings := check(t, pool, parse(t, testenv.CommunityConfig))
		var notMigrated []entity.Finding
		for _, f := range findings {
			if f.Kind == entity.FindingNotMigrated {
				notMigrated = append(notMigrated, f)
			}
		}
		if len(notMigrated) != 1 || notMigrated[0].Severity != entity.SeverityError ||
			!strings.Contains(notMigrated[0].Problem, "Lethe's own tables are missing (run lethe migrate up)") {
			t.Fatalf("want one finding that Lethe's tables are missing, got\n%s", describe(findings))
		}
		// The rest is checked all the same.
		find(t, findings, entity.FindingUnbackedEdge, "orders", "user_id")
		none(t, findings, "guards", func(f entity.Finding) bool { return f.Kind == entity.FindingGuard })
	})
}
