package entity_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/entity"
	"github.com/lethehq/lethe/internal/testenv"
)

// declaredChanges are the changes of the entities a configuration declares,
// as strings: the migrated databases hold the run example's guards, which
// the tests' configurations do not declare and installing leaves.
func declaredChanges(changes []entity.GuardChange) []string {
	var out []string
	for _, c := range changes {
		if c.EntityDeclared {
			out = append(out, c.String())
		}
	}
	return out
}

// communityConfig is yaml, testenv.CommunityConfig or a variant, without its self-references
// (users.invited_by, comments.parent_id, moderation_actions.parent_action_id),
// which the entity graph does not resolve yet; guards do not follow them
// either way.
func communityConfig(t *testing.T, yaml string) *config.Config {
	t.Helper()
	var lines []string
	for _, line := range strings.Split(yaml, "\n") {
		if strings.Contains(line, "references: users.id, on_delete: set_null}") && strings.Contains(line, "table: users,") ||
			strings.Contains(line, "references: comments.id") || strings.Contains(line, "references: moderation_actions.id") {
			continue
		}
		lines = append(lines, line)
	}
	return accountsConfig(t, strings.Join(lines, "\n"))
}

// refused fails the test unless err is a guard's refusal.
func refused(t *testing.T, what string, err error) {
	t.Helper()
	var pgErr *pgconn.PgError
	if !errors.As(err, &pgErr) || pgErr.Code != entity.SQLStateTombstoned {
		t.Errorf("%s: err %v, want SQLSTATE %s", what, err, entity.SQLStateTombstoned)
	}
}

// TestGuardsOnPartitionedTables installs the community schema's user
// entity, whose payments are partitioned by month: the guard sits on the
// parent once, PostgreSQL's clones on the partitions are its own, and
// installing and checking stay exact as partitions come and go.
func TestGuardsOnPartitionedTables(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	pool := testenv.CommunityPool(t)
	cfg := communityConfig(t, testenv.CommunityConfig)
	exec := func(sql string, args ...any) error {
		_, err := pool.Exec(ctx, sql, args...)
		return err
	}
	must := func(sql string, args ...any) {
		t.Helper()
		if err := exec(sql, args...); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	install := func() []string {
		t.Helper()
		changes, unresolved, err := entity.InstallGuards(ctx, pool, pool, cfg)
		if err != nil || unresolved != nil {
			t.Fatalf("install guards: %v %v", err, unresolved)
		}
		return declaredChanges(changes)
	}
	status := func() []string {
		t.Helper()
		changes, unresolved, err := entity.CheckGuards(ctx, pool, cfg)
		if err != nil || unresolved != nil {
			t.Fatalf("check guards: %v %v", err, unresolved)
		}
		return declaredChanges(changes)
	}
	clones := func() []string {
		t.Helper()
		rows, err := pool.Query(ctx, `SELECT tgrelid::regclass::text FROM pg_trigger WHERE tgname = 'lethe_guard_user' AND tgparentid <> 0 ORDER BY 1`)
		if err != nil {
			t.Fatal(err)
		}
		tables, err := pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			t.Fatal(err)
		}
		return tables
	}

	// One guard per table, none per partition.
	added := install()
	slices.Sort(added)
	var want []string
	for _, table := range []string{"comments", "follows", "moderation_actions", "notifications", "orders", "payments", "posts", "users", "votes"} {
		want = append(want, "add guard of entity user on table "+table)
	}
	if !slices.Equal(added, want) {
		t.Errorf("first install: %v, want %v", added, want)
	}
	if got := install(); len(got) != 0 {
		t.Errorf("second install changed %v, want nothing", got)
	}
	if got := status(); len(got) != 0 {
		t.Errorf("status after install: %v, want current", got)
	}
	if got, want := clones(), []string{"payments_2026_09", "payments_2026_10", "payments_2026_11"}; !slices.Equal(got, want) {
		t.Errorf("guard clones on %v, want every partition %v", got, want)
	}

	// User 7 is deleted; user 1 lives.
	must(`INSERT INTO users (id, name) VALUES (1, 'one')`)
	must(`INSERT INTO lethe_tombstones (entity, key) VALUES ('user', '7')`)
	for _, table := range []string{"payments", "payments_2026_09", "payments_2026_10"} {
		refused(t, "payment of a deleted user into "+table,
			exec(`INSERT INTO `+table+` (user_id, amount, created_at) VALUES (7, 100, $1)`, partitionDay(table)))
		if err := exec(`INSERT INTO `+table+` (user_id, amount, created_at) VALUES (1, 100, $1)`, partitionDay(table)); err != nil {
			t.Errorf("payment of a live user into %s: %v", table, err)
		}
	}
	refused(t, "moving a payment onto a deleted user", exec(`UPDATE payments_2026_10 SET user_id = 7 WHERE user_id = 1`))

	// A partition attached after the install is guarded at once, and
	// the guards stay current.
	must(`CREATE TABLE payments_2026_12 (LIKE payments INCLUDING DEFAULTS)`)
	must(`ALTER TABLE payments ATTACH PARTITION payments_2026_12 FOR VALUES FROM ('2026-12-01') TO ('2027-01-01')`)
	refused(t, "payment of a deleted user into an attached partition", exec(`INSERT INTO payments_2026_12 (user_id, amount, created_at) VALUES (7, 1, '2026-12-05')`))
	refused(t, "payment of a deleted user through the parent into an attached partition", exec(`INSERT INTO payments (user_id, amount, created_at) VALUES (7, 1, '2026-12-05')`))
	if got := status(); len(got) != 0 {
		t.Errorf("status after attaching a partition: %v, want current", got)
	}
	if got := install(); len(got) != 0 {
		t.Errorf("install after attaching a partition changed %v", got)
	}

	// A detached partition is no longer part of payments: PostgreSQL
	// drops the clone, and nothing of it is reported or touched.
	must(`ALTER TABLE payments DETACH PARTITION payments_2026_09`)
	if got := status(); len(got) != 0 {
		t.Errorf("status after detaching a partition: %v, want current", got)
	}
	if got := install(); len(got) != 0 {
		t.Errorf("install after detaching a partition changed %v", got)
	}
	if got, want := clones(), []string{"payments_2026_10", "payments_2026_11", "payments_2026_12"}; !slices.Equal(got, want) {
		t.Errorf("guard clones on %v after the detach, want %v", got, want)
	}
	if err := exec(`INSERT INTO payments_2026_09 (user_id, amount, created_at) VALUES (7, 1, '2026-09-05')`); err != nil {
		t.Errorf("a detached partition is unguarded, but refused: %v", err)
	}

	// A guard left on a table as a trigger of its own (a partition
	// detached on a PostgreSQL that kept clones, or one made by hand)
	// is one the declaration does not list: status names it, and
	// install drops it.
	must(`CREATE TRIGGER lethe_guard_user BEFORE INSERT ON payments_2026_09 FOR EACH ROW EXECUTE FUNCTION public.lethe_guard_user_payments()`)
	if got, want := status(), []string{"undeclared guard of entity user on table payments_2026_09"}; !slices.Equal(got, want) {
		t.Errorf("status with a standalone guard: %v, want %v", got, want)
	}
	if got, want := install(), []string{"drop guard of entity user on table payments_2026_09"}; !slices.Equal(got, want) {
		t.Errorf("install with a standalone guard: %v, want %v", got, want)
	}

	// Attached again, it is guarded again.
	must(`ALTER TABLE payments ATTACH PARTITION payments_2026_09 FOR VALUES FROM ('2026-09-01') TO ('2026-10-01')`)
	refused(t, "payment of a deleted user into a partition attached again", exec(`INSERT INTO payments_2026_09 (user_id, amount, created_at) VALUES (7, 1, '2026-09-06')`))

	// A changed declaration replaces the parent's guard, and the clones
	// follow: payments now also belong to their order's user.
	cfg = communityConfig(t, strings.Replace(testenv.CommunityConfig, "      - {table: payments, column: user_id, references: users.id}\n",
		"      - {table: payments, column: user_id, references: users.id}\n      - {table: payments, column: order_ref, references: orders.id}\n", 1))
	if got, want := status(), []string{"stale guard of entity user on table payments"}; !slices.Equal(got, want) {
		t.Errorf("status after adding an edge into payments: %v, want %v", got, want)
	}
	if got, want := install(), []string{"update guard of entity user on table payments"}; !slices.Equal(got, want) {
		t.Errorf("install after adding an edge into payments: %v, want %v", got, want)
	}
	// User 8 ordered, then was deleted.
	var order int64
	if err := pool.QueryRow(ctx, `INSERT INTO orders (user_id, total_cents) VALUES (8, 100) RETURNING id`).Scan(&order); err != nil {
		t.Fatal(err)
	}
	must(`INSERT INTO lethe_tombstones (entity, key) VALUES ('user', '8')`)
	refused(t, "payment of a live user for a deleted user's order", exec(`INSERT INTO payments_2026_11 (user_id, order_ref, amount, created_at) VALUES (1, $1, 1, '2026-11-05')`, order))
	if got := status(); len(got) != 0 {
		t.Errorf("status after the update: %v, want current", got)
	}
}

// partitionDay is a day that falls in table, a payments partition or the
// parent.
func partitionDay(table string) string {
	if month, ok := strings.CutPrefix(table, "payments_"); ok {
		return strings.Replace(month, "_", "-", 1) + "-05"
	}
	return "2026-11-05"
}

// roles creates NOLOGIN roles named after prefixes with a random suffix,
// dropped when the test ends, and returns their names.
func roles(t *testing.T, pool *pgxpool.Pool, prefixes ...string) []string {
	t.Helper()
	suffix := make([]byte, 4)
	_, _ = rand.Read(suffix)
	var names []string
	for _, p := range prefixes {
		name := p + "_" + hex.EncodeToString(suffix)
		if _, err := pool.Exec(t.Context(), `CREATE ROLE `+pgx.Identifier{name}.Sanitize()+` NOLOGIN`); err != nil {
			t.Fatal(err)
		}
		names = append(names, name)
		t.Cleanup(func() {
			ctx := context.Background()
			for _, stmt := range []string{`DROP OWNED BY %s CASCADE`, `DROP ROLE IF EXISTS %s`} {
				if _, err := pool.Exec(ctx, strings.Replace(stmt, "%s", pgx.Identifier{name}.Sanitize(), 1)); err != nil {
					t.Logf("clean up role %s: %v", name, err)
				}
			}
		})
	}
	return names
}

// asRole runs fn in a transaction of pool under role (SET LOCAL ROLE).
func asRole(ctx context.Context, pool *pgxpool.Pool, role string, fn func(tx pgx.Tx) error) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SET LOCAL ROLE `+pgx.Identifier{role}.Sanitize()); err != nil {
			return err
		}
		return fn(tx)
	})
}

// TestGuardsLeastPrivilege installs the accounts' guards as a Lethe role
// that owns lethe_tombstones and has only SELECT and TRIGGER on the
// application's tables, and writes as an application role that has rights
// on its own tables only: its writes pass for live accounts and are refused
// for deleted ones, though it cannot read lethe_tombstones. The functions
// stay Lethe's role's whoever installs them.
func TestGuardsLeastPrivilege(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	pool := testenv.AccountsPool(t)
	names := roles(t, pool, "lethe_guards", "app_writer")
	lethe, app := pgx.Identifier{names[0]}.Sanitize(), pgx.Identifier{names[1]}.Sanitize()
	if _, err := pool.Exec(ctx, `
		ALTER TABLE lethe_tombstones OWNER TO `+lethe+`;
		GRANT USAGE, CREATE ON SCHEMA public TO `+lethe+`;
		GRANT SELECT, TRIGGER ON accounts, projects, tasks, api_keys TO `+lethe+`;
		GRANT USAGE ON SCHEMA public TO `+app+`;
		GRANT SELECT, INSERT, UPDATE, DELETE ON accounts, projects, tasks, api_keys TO `+app+`;
		GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO `+app); err != nil {
		t.Fatal(err)
	}
	cfg := accountsConfig(t, testenv.AccountsConfig)
	conn, err := pool.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := conn.Exec(ctx, `SET ROLE `+lethe); err != nil {
		t.Fatal(err)
	}
	changes, unresolved, err := entity.InstallGuards(ctx, conn, conn, cfg)
	if err != nil || unresolved != nil {
		t.Fatalf("install guards as %s: %v %v", names[0], err, unresolved)
	}
	if got := declaredChanges(changes); len(got) != 4 {
		t.Errorf("install as %s: %v, want 4 guards added", names[0], got)
	}
	// Installing again replaces nothing, and CheckGuards agrees.
	if changes, _, err = entity.InstallGuards(ctx, conn, conn, cfg); err != nil || len(declaredChanges(changes)) != 0 {
		t.Errorf("second install as %s: %v %v", names[0], changes, err)
	}
	if _, err := conn.Exec(ctx, `RESET ROLE`); err != nil {
		t.Fatal(err)
	}
	conn.Release()

	var owner string
	var definer bool
	var config []string
	if err := pool.QueryRow(ctx, `SELECT pg_get_userbyid(proowner), prosecdef, proconfig FROM pg_proc WHERE proname = 'lethe_guard_account_tasks'`).Scan(&owner, &definer, &config); err != nil {
		t.Fatal(err)
	}
	if owner != names[0] || !definer || !slices.Equal(config, []string{"search_path=pg_catalog, pg_temp"}) {
		t.Errorf("guard function owned by %s, security definer %t, settings %v; want %s's, definer, search_path pg_catalog, pg_temp", owner, definer, config, names[0])
	}

	write := func(sql string, args ...any) error {
		return asRole(ctx, pool, names[1], func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, sql, args...); err != nil {
				return err
			}
			// The guard took the account's lock in shared mode.
			var shared int
			err := tx.QueryRow(ctx, `SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND mode = 'ShareLock' AND pid = pg_backend_pid()`).Scan(&shared)
			if err == nil && shared == 0 {
				err = errors.New("the write took no shared advisory lock")
			}
			return err
		})
	}
	for _, sql := range []string{
		`INSERT INTO accounts (id, name) VALUES ('` + uuid(1) + `', 'one'), ('` + uuid(2) + `', 'two')`,
		`INSERT INTO projects (account_id, name) VALUES ('` + uuid(1) + `', 'p1'), ('` + uuid(2) + `', 'p2')`,
		`INSERT INTO tasks (project_id, title) SELECT id, 't' FROM projects`,
		`INSERT INTO api_keys (key, account_id) VALUES ('k1', '` + uuid(1) + `')`,
	} {
		if err := write(sql); err != nil {
			t.Fatalf("as the application role, %s: %v", sql, err)
		}
	}
	if err := asRole(ctx, pool, names[1], func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `SELECT count(*) FROM lethe_tombstones`)
		return err
	}); err == nil || !strings.Contains(err.Error(), "permission denied") {
		t.Errorf("the application role reads lethe_tombstones (%v): the test proves nothing", err)
	}

	if _, err := pool.Exec(ctx, `INSERT INTO lethe_tombstones (entity, key) VALUES ('account', $1)`, uuid(2)); err != nil {
		t.Fatal(err)
	}
	refused(t, "root row of a deleted account", write(`INSERT INTO accounts (id) VALUES ($1)`, uuid(2)))
	refused(t, "API key of a deleted account", write(`INSERT INTO api_keys (key, account_id) VALUES ('k2', $1)`, uuid(2)))
	refused(t, "task under a deleted account's project (two edges deep)", write(`INSERT INTO tasks (project_id, title) SELECT id, 'late' FROM projects WHERE account_id = $1`, uuid(2)))
	refused(t, "API key moved onto a deleted account", write(`UPDATE api_keys SET account_id = $1`, uuid(2)))
	if err := write(`INSERT INTO tasks (project_id, assignee, title) SELECT id, $1, 'fine' FROM projects WHERE account_id = $1`, uuid(1)); err != nil {
		t.Errorf("a live account's task after another's deletion: %v", err)
	}

	// A guard function given to another role would run with that role's
	// rights: it is reported stale, and installing, by whoever may,
	// gives it back to Lethe's role.
	if _, err := pool.Exec(ctx, `ALTER FUNCTION lethe_guard_account_tasks() OWNER TO CURRENT_USER`); err != nil {
		t.Fatal(err)
	}
	changes, _, err = entity.CheckGuards(ctx, pool, cfg)
	if got, want := declaredChanges(changes), []string{"stale guard of entity account on table tasks"}; err != nil || !slices.Equal(got, want) {
		t.Errorf("check with a guard function of another owner: %v %v, want %v", got, err, want)
	}
	changes, _, err = entity.InstallGuards(ctx, pool, pool, cfg)
	if got, want := declaredChanges(changes), []string{"update guard of entity account on table tasks"}; err != nil || !slices.Equal(got, want) {
		t.Errorf("install as a superuser: %v %v, want %v", got, err, want)
	}
	if err := pool.QueryRow(ctx, `SELECT pg_get_userbyid(proowner) FROM pg_proc WHERE proname = 'lethe_guard_account_tasks'`).Scan(&owner); err != nil || owner != names[0] {
		t.Errorf("after install as a superuser the guard function is %s's (%v), want %s's", owner, err, names[0])
	}
}

// TestGuardsOfUndeclaredEntities: a configuration that no longer declares
// an entity leaves its guards in place, reported undeclared, and they keep
// refusing its deleted keys until RemoveGuards drops them.
func TestGuardsOfUndeclaredEntities(t *testing.T) {
	t.Parallel()
	a := setupAccounts(t)
	runOnly, err := config.Parse(config.Default, nil)
	if err != nil {
		t.Fatal(err)
	}
	changes, unresolved, err := entity.InstallGuards(a.ctx, a.pool, a.pool, runOnly)
	if err != nil || unresolved != nil {
		t.Fatal(err, unresolved)
	}
	var kept []string
	for _, c := range changes {
		if c.Action != "undeclared" || c.EntityDeclared || c.Entity != "account" || c.Fix() != "lethe guards remove account" {
			t.Errorf("install without the account entity: %v (fix %s), want it left undeclared", c, c.Fix())
		}
		kept = append(kept, c.Table)
	}
	slices.Sort(kept)
	if want := []string{"accounts", "api_keys", "projects", "tasks"}; !slices.Equal(kept, want) {
		t.Errorf("undeclared guards on %v, want %v", kept, want)
	}
	check, _, err := entity.CheckGuards(a.ctx, a.pool, runOnly)
	if err != nil || len(check) != 4 || check[0].Action != "undeclared" || check[0].EntityDeclared {
		t.Errorf("check without the account entity: %v %v, want its 4 guards undeclared", check, err)
	}
	a.exec(t, `INSERT INTO lethe_tombstones (entity, key) VALUES ('account', $1)`, uuid(5))
	_, err = a.pool.Exec(a.ctx, `INSERT INTO accounts (id) VALUES ($1)`, uuid(5))
	refused(t, "a deleted account, its entity no longer declared", err)

	var removed []entity.GuardChange
	if err := pgx.BeginFunc(a.ctx, a.pool, func(tx pgx.Tx) error {
		removed, err = entity.RemoveGuards(a.ctx, tx, "account")
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if len(removed) != 4 {
		t.Errorf("removed %v, want the 4 guards of account", removed)
	}
	if n := a.count(t, `SELECT count(*) FROM pg_proc WHERE proname LIKE 'lethe\_guard\_account\_%'`); n != 0 {
		t.Errorf("%d functions of the removed guards are left", n)
	}
	if changes, _, err := entity.CheckGuards(a.ctx, a.pool, runOnly); err != nil || len(changes) != 0 {
		t.Errorf("check after removing: %v %v, want current", changes, err)
	}
	a.exec(t, `INSERT INTO accounts (id) VALUES ($1)`, uuid(5))
}
