package entity_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/blob"
	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/entity"
	"github.com/lethehq/lethe/internal/testenv"
)

// accounts is a database with the accounts schema, its configuration and
// the resolved account entity, guards installed.
type accounts struct {
	ctx  context.Context
	pool *pgxpool.Pool
	cfg  *config.Config
	ent  *entity.Entity
}

func setupAccounts(t *testing.T) *accounts {
	t.Helper()
	ctx := t.Context()
	pool := testenv.AccountsPool(t)
	cfg := accountsConfig(t, testenv.AccountsConfig)
	if _, unresolved, err := entity.InstallGuards(ctx, pool, pool, cfg); err != nil || unresolved != nil {
		t.Fatalf("install guards: %v %v", err, unresolved)
	}
	ent, err := entity.Resolve(ctx, pool, cfg, "account")
	if err != nil {
		t.Fatal(err)
	}
	return &accounts{ctx: ctx, pool: pool, cfg: cfg, ent: ent}
}

func accountsConfig(t *testing.T, yaml string) *config.Config {
	t.Helper()
	cfg, err := config.Parse([]byte(yaml), nil)
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

func uuid(n int) string { return fmt.Sprintf("00000000-0000-4000-8000-%012d", n) }

// exec runs statements, failing the test on error.
func (a *accounts) exec(t *testing.T, sql string, args ...any) {
	t.Helper()
	if _, err := a.pool.Exec(a.ctx, sql, args...); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
}

// account creates account n with projects projects, tasks tasks in each and
// one API key.
func (a *accounts) account(t *testing.T, n, projects, tasks int) {
	t.Helper()
	a.exec(t, `INSERT INTO accounts (id, name) VALUES ($1, $2)`, uuid(n), fmt.Sprint("account ", n))
	for p := range projects {
		a.exec(t, `WITH p AS (INSERT INTO projects (account_id, name) VALUES ($1, $2) RETURNING id)
			INSERT INTO tasks (project_id, title) SELECT p.id, 'task ' || i FROM p, generate_series(1, $3) AS i`,
			uuid(n), fmt.Sprint("project ", p), tasks)
	}
	a.exec(t, `INSERT INTO api_keys (key, account_id) VALUES ($1, $2)`, fmt.Sprint("key-", n), uuid(n))
}

// deleteAccount deletes account key as the delete_entity worker does: the
// exclusive lock, the rows, the tombstone, in one transaction.
func (a *accounts) deleteAccount(ctx context.Context, key string) (map[string]int64, error) {
	var rows map[string]int64
	err := db.Timeouts{}.InTx(ctx, a.pool, func(tx db.Bounded) error {
		if err := db.LockExclusive(ctx, tx, "account", key); err != nil {
			return err
		}
		changes, err := a.ent.DeleteRows(ctx, tx, key)
		if err != nil {
			return err
		}
		rows = changes.Deleted
		_, err = db.PutTombstone(ctx, tx, "account", key)
		return err
	})
	return rows, err
}

func (a *accounts) count(t *testing.T, sql string, args ...any) int64 {
	t.Helper()
	var n int64
	if err := a.pool.QueryRow(a.ctx, sql, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
	return n
}

func TestDeleteThroughEdges(t *testing.T) {
	t.Parallel()
	a := setupAccounts(t)
	a.account(t, 1, 2, 3)
	a.account(t, 2, 1, 2)
	// A task in account 2's project assigned to account 1 belongs to both.
	a.exec(t, `INSERT INTO tasks (project_id, assignee, title) SELECT id, $1, 'shared' FROM projects WHERE account_id = $2`, uuid(1), uuid(2))

	if got := a.ent.Tables(); strings.Join(got, ",") != "accounts,projects,tasks,api_keys" {
		t.Errorf("tables %v, want parents first", got)
	}
	want := map[string]int64{"accounts": 1, "projects": 2, "tasks": 7, "api_keys": 1}
	counts, err := a.ent.CountRows(a.ctx, db.Timeouts{}.Pool(a.pool), uuid(1))
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(counts) != fmt.Sprint(want) {
		t.Errorf("rows of account 1 %v, want %v", counts, want)
	}
	rows, err := a.deleteAccount(a.ctx, uuid(1))
	if err != nil {
		t.Fatalf("delete children first under foreign keys: %v", err)
	}
	if fmt.Sprint(rows) != fmt.Sprint(want) {
		t.Errorf("deleted %v, want %v", rows, want)
	}
	left, err := a.ent.CountRows(a.ctx, db.Timeouts{}.Pool(a.pool), uuid(1))
	if err != nil {
		t.Fatal(err)
	}
	for table, n := range left {
		if n != 0 {
			t.Errorf("%d rows of account 1 left in %s", n, table)
		}
	}
	// Account 2 keeps everything but the task assigned to account 1.
	other, err := a.ent.CountRows(a.ctx, db.Timeouts{}.Pool(a.pool), uuid(2))
	if err != nil {
		t.Fatal(err)
	}
	if want := map[string]int64{"accounts": 1, "projects": 1, "tasks": 2, "api_keys": 1}; fmt.Sprint(other) != fmt.Sprint(want) {
		t.Errorf("account 2 has %v after account 1's deletion, want %v", other, want)
	}
}

func TestCanonicalKey(t *testing.T) {
	t.Parallel()
	a := setupAccounts(t)
	upper := strings.ToUpper(uuid(7))
	got, err := a.ent.CanonicalKey(a.ctx, a.pool, upper)
	if err != nil || got != uuid(7) {
		t.Errorf("CanonicalKey(%s) = %q, %v; want %s", upper, got, err, uuid(7))
	}
	_, err = a.ent.CanonicalKey(a.ctx, a.pool, "not-a-uuid")
	var keyErr *entity.KeyError
	if !errors.As(err, &keyErr) || !strings.Contains(err.Error(), `key "not-a-uuid" is not a valid uuid key of entity account`) {
		t.Errorf("CanonicalKey(not-a-uuid) error %v, want a KeyError naming the key and type", err)
	}
}

// TestDeleteChunks deletes an account with more rows than a chunk: the
// chunks leave the root row, the final transaction the rest.
func TestDeleteChunks(t *testing.T) {
	t.Parallel()
	a := setupAccounts(t)
	a.account(t, 1, 3, 400)
	a.account(t, 2, 1, 5)
	res, err := a.ent.DeleteChunks(a.ctx, db.Timeouts{}.Pool(a.pool), uuid(1), entity.Chunking{Size: 100})
	if err != nil {
		t.Fatal(err)
	}
	chunked := res.Changes.Deleted
	// One table over a chunk: the chunks empty every table but the root.
	if want := "map[api_keys:1 projects:3 tasks:1200]"; fmt.Sprint(chunked) != want {
		t.Errorf("chunks deleted %v, want %s", chunked, want)
	}
	if n := a.count(t, `SELECT count(*) FROM accounts WHERE id = $1`, uuid(1)); n != 1 {
		t.Errorf("root row gone before the final transaction")
	}
	// A small entity is left to the final transaction.
	if small, err := a.ent.DeleteChunks(a.ctx, db.Timeouts{}.Pool(a.pool), uuid(2), entity.Chunking{Size: 100}); err != nil || len(small.Chunks) != 0 {
		t.Errorf("chunks of a small entity deleted %v (%v), want nothing", small, err)
	}
	rows, err := a.deleteAccount(a.ctx, uuid(1))
	if err != nil {
		t.Fatal(err)
	}
	if want := map[string]int64{"accounts": 1, "projects": 0, "tasks": 0, "api_keys": 0}; fmt.Sprint(rows) != fmt.Sprint(want) {
		t.Errorf("final transaction deleted %v, want %v", rows, want)
	}
	if n := a.count(t, `SELECT count(*) FROM tasks`); n != 5 {
		t.Errorf("%d tasks left, want account 2's 5", n)
	}
}

// TestGuardRefusesWritesForDeletedEntity writes to every table of a deleted
// account: the root, a table that holds the key, a table two edges deep,
// and an update that moves a row onto the deleted account.
func TestGuardRefusesWritesForDeletedEntity(t *testing.T) {
	t.Parallel()
	a := setupAccounts(t)
	a.account(t, 1, 1, 1)
	a.account(t, 2, 1, 1)
	// A project of account 1 that survives its deletion cannot exist (the
	// edge deletes it), so the deep write goes through a project whose
	// account is deleted concurrently: see TestNoResurrection. Here: a
	// task assigned to the deleted account in a live project.
	if _, err := a.deleteAccount(a.ctx, uuid(1)); err != nil {
		t.Fatal(err)
	}
	for _, write := range []struct{ name, sql string }{
		{"root", `INSERT INTO accounts (id) VALUES ('` + uuid(1) + `')`},
		{"direct edge", `INSERT INTO api_keys (key, account_id) VALUES ('late', '` + uuid(1) + `')`},
		{"direct edge, second column", `INSERT INTO tasks (project_id, assignee) SELECT id, '` + uuid(1) + `' FROM projects WHERE account_id = '` + uuid(2) + `'`},
		{"update onto the deleted account", `UPDATE api_keys SET account_id = '` + uuid(1) + `' WHERE key = 'key-2'`},
	} {
		_, err := a.pool.Exec(a.ctx, write.sql)
		var pgErr *pgconn.PgError
		if !errors.As(err, &pgErr) || pgErr.Code != entity.SQLStateTombstoned {
			t.Errorf("%s: err %v, want SQLSTATE %s", write.name, err, entity.SQLStateTombstoned)
			continue
		}
		if want := "account " + uuid(1) + " is deleted (tombstoned)"; !strings.Contains(pgErr.Message, want) {
			t.Errorf("%s: message %q, want it to say %q", write.name, pgErr.Message, want)
		}
	}
	// Account 2 takes writes, deep ones included.
	a.exec(t, `INSERT INTO tasks (project_id, title) SELECT id, 'fine' FROM projects WHERE account_id = $1`, uuid(2))
	a.exec(t, `INSERT INTO api_keys (key, account_id) VALUES ('key-2b', $1)`, uuid(2))

	// Clearing the tombstone lets writes in again.
	if _, err := db.ClearTombstone(a.ctx, a.pool, "account", uuid(1)); err != nil {
		t.Fatal(err)
	}
	a.exec(t, `INSERT INTO accounts (id) VALUES ($1)`, uuid(1))
}

// TestGuardsFollowTheConfiguration changes the declaration: a dropped edge
// drops its guard, a new edge gets one, a changed edge replaces its guard,
// and CheckGuards reports each difference before InstallGuards fixes it.
func TestGuardsFollowTheConfiguration(t *testing.T) {
	t.Parallel()
	a := setupAccounts(t)
	check := func(cfg *config.Config) []string {
		t.Helper()
		changes, unresolved, err := entity.CheckGuards(a.ctx, a.pool, cfg)
		if err != nil || unresolved != nil {
			t.Fatal(err, unresolved)
		}
		return declaredChanges(changes)
	}
	install := func(cfg *config.Config) []string {
		t.Helper()
		changes, unresolved, err := entity.InstallGuards(a.ctx, a.pool, a.pool, cfg)
		if err != nil || unresolved != nil {
			t.Fatal(err, unresolved)
		}
		return declaredChanges(changes)
	}
	if got := check(a.cfg); len(got) != 0 {
		t.Errorf("fresh guards reported %v", got)
	}

	// The api_keys edge is dropped.
	without := accountsConfig(t, strings.Replace(testenv.AccountsConfig, "      - {table: api_keys, column: account_id, references: accounts.id}\n", "", 1))
	if got, want := check(without), "undeclared guard of entity account on table api_keys"; strings.Join(got, ";") != want {
		t.Errorf("check after dropping an edge: %v, want %s", got, want)
	}
	if got, want := install(without), "drop guard of entity account on table api_keys"; strings.Join(got, ";") != want {
		t.Errorf("install after dropping an edge: %v, want %s", got, want)
	}
	if n := a.count(t, `SELECT count(*) FROM pg_proc WHERE proname = 'lethe_guard_account_api_keys'`); n != 0 {
		t.Errorf("the dropped guard's function is still there")
	}
	if _, err := a.deleteAccount(a.ctx, uuid(3)); err != nil {
		t.Fatal(err)
	}
	a.exec(t, `INSERT INTO api_keys (key, account_id) VALUES ('unguarded', $1)`, uuid(3))

	// Back again: missing, then added.
	if got, want := check(a.cfg), "missing guard of entity account on table api_keys"; strings.Join(got, ";") != want {
		t.Errorf("check after adding an edge: %v, want %s", got, want)
	}
	if got, want := install(a.cfg), "add guard of entity account on table api_keys"; strings.Join(got, ";") != want {
		t.Errorf("install after adding an edge: %v, want %s", got, want)
	}

	// tasks loses its assignee edge: its guard changes.
	changed := accountsConfig(t, strings.Replace(testenv.AccountsConfig, "      - {table: tasks,    column: assignee,   references: accounts.id}\n", "", 1))
	if got, want := check(changed), "stale guard of entity account on table tasks"; strings.Join(got, ";") != want {
		t.Errorf("check after changing an edge: %v, want %s", got, want)
	}
	if got, want := install(changed), "update guard of entity account on table tasks"; strings.Join(got, ";") != want {
		t.Errorf("install after changing an edge: %v, want %s", got, want)
	}
	if got := install(changed); len(got) != 0 {
		t.Errorf("a second install changed %v", got)
	}

	// The hand-written guard of earlier run examples goes once the run
	// entity's generated guards are installed.
	a.exec(t, `CREATE FUNCTION lethe_run_guard() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$`)
	a.exec(t, `CREATE TRIGGER lethe_run_guard BEFORE INSERT ON runs FOR EACH ROW EXECUTE FUNCTION lethe_run_guard()`)
	install(changed)
	if n := a.count(t, `SELECT count(*) FROM pg_trigger WHERE tgname = 'lethe_run_guard'`); n != 0 {
		t.Errorf("the old run guard trigger is still installed")
	}
}

// TestNoResurrection races writers against deletions of the same accounts
// over thousands of random interleavings: writers add API keys (a table
// holding the key), projects, and tasks under a project (two edges deep);
// a deleter deletes each account at a random moment. Once an account's
// tombstone is committed, no row of it may exist anywhere.
func TestNoResurrection(t *testing.T) {
	t.Parallel()
	a := setupAccounts(t)
	const accounts = 1000
	for n := range accounts {
		a.exec(t, `INSERT INTO accounts (id) VALUES ($1)`, uuid(n))
		a.exec(t, `INSERT INTO projects (account_id) VALUES ($1)`, uuid(n))
	}
	var (
		wg       sync.WaitGroup
		writes   atomic.Int64
		refusals atomic.Int64
	)
	sem := make(chan struct{}, 8)
	for n := range accounts {
		key := uuid(n)
		wg.Add(2)
		go func() { // writer
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			for i := range 6 {
				var sql string
				switch i % 3 {
				case 0:
					sql = `INSERT INTO api_keys (key, account_id) VALUES (gen_random_uuid()::text, $1)`
				case 1:
					sql = `INSERT INTO projects (account_id) VALUES ($1)`
				case 2:
					sql = `INSERT INTO tasks (project_id) SELECT id FROM projects WHERE account_id = $1 ORDER BY id LIMIT 1`
				}
				_, err := a.pool.Exec(a.ctx, sql, key)
				var pgErr *pgconn.PgError
				switch {
				case err == nil:
					writes.Add(1)
				case errors.As(err, &pgErr) && (pgErr.Code == entity.SQLStateTombstoned || pgErr.Code == "23503"):
					refusals.Add(1)
				default:
					t.Errorf("write for %s: %v", key, err)
					return
				}
			}
		}()
		go func() { // deleter
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			for range rand.IntN(4) {
				if _, err := a.pool.Exec(a.ctx, `SELECT pg_sleep(0.001)`); err != nil {
					t.Error(err)
				}
			}
			if _, err := a.deleteAccount(a.ctx, key); err != nil {
				t.Errorf("delete %s: %v", key, err)
			}
		}()
	}
	wg.Wait()
	t.Logf("%d writes, %d refused", writes.Load(), refusals.Load())
	if refusals.Load() == 0 {
		t.Errorf("no write was refused: the race never happened")
	}
	for _, check := range []struct{ table, sql string }{
		{"accounts", `SELECT count(*) FROM accounts a JOIN lethe_tombstones t ON t.entity = 'account' AND t.key = a.id::text`},
		{"projects", `SELECT count(*) FROM projects p JOIN lethe_tombstones t ON t.entity = 'account' AND t.key = p.account_id::text`},
		{"api_keys", `SELECT count(*) FROM api_keys k JOIN lethe_tombstones t ON t.entity = 'account' AND t.key = k.account_id::text`},
		{"tasks", `SELECT count(*) FROM tasks`},
	} {
		if n := a.count(t, check.sql); n != 0 {
			t.Errorf("%d rows of deleted accounts in %s", n, check.table)
		}
	}
	if n := a.count(t, `SELECT count(*) FROM lethe_tombstones WHERE entity = 'account'`); n != accounts {
		t.Errorf("%d tombstones, want %d", n, accounts)
	}
}

// TestPreviewAndVerify previews a deletion (nothing is deleted), deletes,
// then catches what a writer left behind with the guard disabled and a
// blob written under the prefix behind Lethe's back.
func TestPreviewAndVerify(t *testing.T) {
	t.Parallel()
	a := setupAccounts(t)
	a.account(t, 1, 2, 2)
	store, err := blob.NewLocal(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"accounts/" + uuid(1) + "/avatar", "accounts/" + uuid(1) + "/export.zip", "accounts/" + uuid(2) + "/avatar"} {
		if err := store.Put(a.ctx, key, []byte("x")); err != nil {
			t.Fatal(err)
		}
	}
	p, err := a.ent.Preview(a.ctx, db.Timeouts{}.Pool(a.pool), store, strings.ToUpper(uuid(1)))
	if err != nil {
		t.Fatal(err)
	}
	if p.Key != uuid(1) || p.TotalRows != 8 || p.Rows["tasks"] != 4 || p.Blobs != 2 || p.BlobPrefix != "accounts/"+uuid(1)+"/" || p.Tombstoned {
		t.Errorf("preview %+v", p)
	}
	if n := a.count(t, `SELECT count(*) FROM tasks`); n != 4 {
		t.Errorf("the preview deleted rows")
	}

	if _, err := a.deleteAccount(a.ctx, uuid(1)); err != nil {
		t.Fatal(err)
	}
	if _, err := store.DeletePrefix(a.ctx, "accounts/"+uuid(1)+"/"); err != nil {
		t.Fatal(err)
	}
	v, err := a.ent.Verify(a.ctx, db.Timeouts{}.Pool(a.pool), store, uuid(1))
	if err != nil || !v.Verified {
		t.Fatalf("verify a clean deletion: %+v, %v", v, err)
	}

	a.exec(t, `ALTER TABLE api_keys DISABLE TRIGGER lethe_guard_account`)
	a.exec(t, `INSERT INTO api_keys (key, account_id) VALUES ('behind-our-back', $1)`, uuid(1))
	a.exec(t, `ALTER TABLE api_keys ENABLE TRIGGER lethe_guard_account`)
	if err := store.Put(a.ctx, "accounts/"+uuid(1)+"/late", []byte("x")); err != nil {
		t.Fatal(err)
	}
	v, err = a.ent.Verify(a.ctx, db.Timeouts{}.Pool(a.pool), store, uuid(1))
	if err != nil {
		t.Fatal(err)
	}
	if v.Verified || v.Rows["api_keys"] != 1 || v.Blobs != 1 || len(v.Rows) != 1 {
		t.Errorf("verification of a resurrected row and blob: %+v", v)
	}
	if !strings.Contains(v.String(), "api_keys:1") {
		t.Errorf("verification says %q, want it to name api_keys", v.String())
	}
}

// TestResolveErrors names what is wrong with a declaration the database
// cannot satisfy.
func TestResolveErrors(t *testing.T) {
	t.Parallel()
	a := setupAccounts(t)
	for _, c := range []struct{ replace, with, want string }{
		{"{table: api_keys,", "{table: api_key,", "entity account: table api_key does not exist"},
		{"column: assignee", "column: assigned_to", "entity account: table tasks has no column assigned_to"},
		{"key_column: id", "key_column: name", ""},
	} {
		cfg := accountsConfig(t, strings.Replace(testenv.AccountsConfig, c.replace, c.with, 1))
		_, err := entity.Resolve(a.ctx, a.pool, cfg, "account")
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v", c.with, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: error %v, want %q", c.with, err, c.want)
		}
	}
	_, err := entity.Resolve(a.ctx, a.pool, a.cfg, "user")
	if !errors.Is(err, entity.ErrUnknown) || !strings.Contains(err.Error(), "declared: account") {
		t.Errorf("undeclared entity: %v", err)
	}
}

// TestResolverDoesNotHoldOthersWhileResolving: a Get that resolves an
// entity waits for a connection without making other Gets wait. A worker
// holding the pool's last connection must still get its answer, or the
// pool never gets the connection back: here the only connection is held,
// the account's first resolution waits for it, and a Get of another name
// still returns at once.
func TestResolverDoesNotHoldOthersWhileResolving(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	poolCfg, err := pgxpool.ParseConfig(testenv.AccountsURL(t))
	if err != nil {
		t.Fatal(err)
	}
	poolCfg.MaxConns = 1
	pool, err := pgxpool.NewWithConfig(ctx, poolCfg)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	queried := &queryNoticingPool{Pool: pool, queried: make(chan struct{})}
	r := entity.NewResolver(accountsConfig(t, testenv.AccountsConfig), queried)

	held, err := pool.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	resolved := make(chan error, 1)
	go func() {
		_, err := r.Get(ctx, "account")
		resolved <- err
	}()
	select {
	case <-queried.queried: // the account's resolution waits for the connection
	case <-time.After(10 * time.Second):
		t.Fatal("the account's resolution sent no query")
	}

	other := make(chan error, 1)
	go func() {
		_, err := r.Get(ctx, "no_such_entity")
		other <- err
	}()
	select {
	case err := <-other:
		if !errors.Is(err, entity.ErrUnknown) {
			t.Errorf("Get(no_such_entity) = %v, want ErrUnknown", err)
		}
	case <-time.After(10 * time.Second):
		held.Release()
		t.Fatal("Get(no_such_entity) waited for another entity's resolution, itself waiting for a connection")
	}

	held.Release()
	select {
	case err := <-resolved:
		if err != nil {
			t.Fatalf("Get(account) once the connection was free: %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("Get(account) did not return once the connection was free")
	}
	if _, err := r.Get(ctx, "account"); err != nil {
		t.Fatalf("Get(account), resolved: %v", err)
	}
}

// queryNoticingPool is a pool that closes queried when its first query is
// sent, before the query waits for a connection.
type queryNoticingPool struct {
	*pgxpool.Pool
	once    sync.Once
	queried chan struct{}
}

func (p *queryNoticingPool) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) {
	p.once.Do(func() { close(p.queried) })
	return p.Pool.Query(ctx, sql, args...)
}
