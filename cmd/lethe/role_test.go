package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/entity"
	"github.com/lethehq/lethe/internal/demo/schema"
	"github.com/lethehq/lethe/internal/testenv"
)

// readmeRoleSQL returns the statements README's Connections section gives
// for Lethe's own role, with the database and the role renamed.
func readmeRoleSQL(t *testing.T, database, role string) string {
	t.Helper()
	readme := string(mustRead(t, "../../README.md"))
	_, section, ok := strings.Cut(readme, "### Connections\n")
	if !ok {
		t.Fatal("README.md has no Connections section")
	}
	_, block, ok := strings.Cut(section, "```sql\n")
	if !ok {
		t.Fatal("README.md's Connections section has no SQL")
	}
	block, _, _ = strings.Cut(block, "```")
	block = strings.ReplaceAll(block, "DATABASE app ", "DATABASE "+pgx.Identifier{database}.Sanitize()+" ")
	return strings.ReplaceAll(block, "lethe_svc", role)
}

// TestServeAsREADMERole runs Lethe as the role README's Connections section
// creates, on a database whose example tables another role owns: the
// statements run as written, `migrate up` creates Lethe's schema, tables
// and guards, and serve expires pastes and works ingestion jobs.
func TestServeAsREADMERole(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	admin := testenv.Pool(t)
	if _, err := schema.Apply(ctx, admin); err != nil {
		t.Fatal(err)
	}
	role, roleURL := readmeRole(t, admin)
	configPath := writeConfig(t, fmt.Sprintf(`
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
  - {name: pastes, kind: expire, table: pastes, schedule: "@every 1s"}
  - {name: idempotency, kind: sweep, table: lineage_event_idempotency, key_column: idempotency_key, schedule: "@every 1s"}
  - {name: runs, kind: tombstone, entity: run}
`, roleURL, filepath.Join(t.TempDir(), "blobs")))

	if code, out, errOut := runCLI(t, nil, "migrate", "up", "--config", configPath); code != 0 {
		t.Fatalf("migrate up as %s: exit %d\n%s%s", role, code, out, errOut)
	}
	if _, err := admin.Exec(ctx, `
		INSERT INTO pastes (title, expires_at) SELECT 'paste ' || g, now() - interval '1 minute' FROM generate_series(1, 50) g;
		INSERT INTO lineage_event_idempotency (idempotency_key, expires_at) SELECT 'key ' || g, now() - interval '1 hour' FROM generate_series(1, 50) g`); err != nil {
		t.Fatal(err)
	}
	runCtx, stop := context.WithCancel(ctx)
	defer stop()
	var stderr testenv.LogBuffer
	exited := make(chan int, 1)
	go func() {
		exited <- run(runCtx, &cli{stdout: &stderr, stderr: &stderr, getenv: func(string) string { return "" }}, []string{"serve", "--config", configPath})
	}()
	if _, err := admin.Exec(ctx, `INSERT INTO lethe.river_job (kind, args, max_attempts) VALUES ('lethe.create_run', '{"run_hash": "r1", "name": "first"}', 1)`); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("serve's log:\n%s", stderr.String())
		}
	})
	testenv.WaitUntil(t, 60*time.Second, "pastes and keys expired and the run created", func() (bool, error) {
		select {
		case code := <-exited:
			return false, fmt.Errorf("serve exited %d:\n%s", code, stderr.String())
		default:
		}
		var pastes, keys, runs int
		err := admin.QueryRow(ctx, `SELECT (SELECT count(*) FROM pastes), (SELECT count(*) FROM lineage_event_idempotency), (SELECT count(*) FROM runs)`).Scan(&pastes, &keys, &runs)
		return pastes == 0 && keys == 0 && runs == 1, err
	})
	stop()
	if code := <-exited; code != 0 {
		t.Fatalf("serve exited %d:\n%s", code, stderr.String())
	}
	var superuser bool
	if err := admin.QueryRow(ctx, `SELECT rolsuper FROM pg_roles WHERE rolname = $1`, role).Scan(&superuser); err != nil || superuser {
		t.Errorf("role %s superuser %t (%v), want a plain role", role, superuser, err)
	}
}

// readmeRole creates the role README's Connections section creates, with a
// name of its own, on admin's database, dropped when the test ends, and
// returns its name and a URL that connects as it.
func readmeRole(t *testing.T, admin *pgxpool.Pool) (role, roleURL string) {
	t.Helper()
	ctx := t.Context()
	suffix := make([]byte, 4)
	_, _ = rand.Read(suffix)
	role = "lethe_svc_" + hex.EncodeToString(suffix)
	var database string
	if err := admin.QueryRow(ctx, `SELECT current_database()`).Scan(&database); err != nil {
		t.Fatal(err)
	}
	if _, err := admin.Exec(ctx, readmeRoleSQL(t, database, role)); err != nil {
		t.Fatalf("README's role statements: %v", err)
	}
	t.Cleanup(func() {
		ctx := context.Background()
		_, _ = admin.Exec(ctx, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = $1`, role)
		for _, stmt := range []string{`DROP OWNED BY %s CASCADE`, `DROP ROLE IF EXISTS %s`} {
			if _, err := admin.Exec(ctx, fmt.Sprintf(stmt, pgx.Identifier{role}.Sanitize())); err != nil {
				t.Logf("clean up role %s: %v", role, err)
			}
		}
	})
	u, err := url.Parse(admin.Config().ConnString())
	if err != nil {
		t.Fatal(err)
	}
	u.User = url.UserPassword(role, "change-me")
	return role, u.String()
}

// TestGuardsAsREADMERole installs the run example's guards as the role
// README's Connections section creates, on tables another role owns, and
// writes as an application role that has rights on its own tables only:
// its writes pass for live runs and are refused for deleted ones. The
// README's role replaces a changed guard itself, fails (changing nothing)
// where dropping one needs the tables' owner, and the SQL guards print-sql
// prints for that case installs the guards when the owner applies it.
func TestGuardsAsREADMERole(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	admin := testenv.Pool(t)
	if _, err := schema.Apply(ctx, admin); err != nil {
		t.Fatal(err)
	}
	role, roleURL := readmeRole(t, admin)
	configPath := runEntityConfig(t, roleURL)
	if code, out, errOut := runCLI(t, nil, "migrate", "up", "--config", configPath); code != 0 || strings.Count(out, "add guard of entity run") != 6 {
		t.Fatalf("migrate up as %s: exit %d\n%s%s", role, code, out, errOut)
	}

	writer := role + "_app"
	if _, err := admin.Exec(ctx, fmt.Sprintf(`CREATE ROLE %[1]s NOLOGIN;
		GRANT SELECT, INSERT, UPDATE, DELETE ON runs, run_attributes, run_metrics, run_tags, run_experiments, run_blobs TO %[1]s`, writer)); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_, _ = admin.Exec(context.Background(), fmt.Sprintf(`DROP OWNED BY %[1]s; DROP ROLE %[1]s`, writer))
	})
	write := func(sql string) error {
		return pgx.BeginFunc(ctx, admin, func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, `SET LOCAL ROLE `+writer); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, sql)
			return err
		})
	}
	if err := write(`INSERT INTO runs (run_hash) VALUES ('live'); INSERT INTO run_tags (run_hash, tag) VALUES ('live', 'a')`); err != nil {
		t.Fatalf("the application's write of a live run: %v", err)
	}
	if _, err := admin.Exec(ctx, `INSERT INTO lethe_tombstones (entity, key) VALUES ('run', 'gone')`); err != nil {
		t.Fatal(err)
	}
	for _, sql := range []string{`INSERT INTO runs (run_hash) VALUES ('gone')`, `UPDATE run_tags SET run_hash = 'gone'`} {
		var pgErr *pgconn.PgError
		if err := write(sql); !errors.As(err, &pgErr) || pgErr.Code != entity.SQLStateTombstoned {
			t.Errorf("the application's %s: %v, want SQLSTATE %s", sql, err, entity.SQLStateTombstoned)
		}
	}

	// A guard of an older definition is replaced by the README's role.
	if _, err := admin.Exec(ctx, `COMMENT ON FUNCTION lethe_guard_run_runs() IS 'lethe guard: entity=run table=runs version=older'`); err != nil {
		t.Fatal(err)
	}
	if code, out, errOut := runCLI(t, nil, "guards", "install", "--config", configPath); code != 0 || out != "update guard of entity run on table runs\n" {
		t.Errorf("guards install of a stale guard as %s: exit %d\n%s%s", role, code, out, errOut)
	}

	// Dropping the guard of a table the declaration no longer lists takes
	// the table's owner.
	narrower := runEntityConfig(t, roleURL)
	yaml := strings.Replace(string(mustRead(t, narrower)), "      - {table: run_tags,        column: run_hash, references: runs.run_hash}\n", "", 1)
	narrower = writeConfig(t, yaml)
	if code, out, errOut := runCLI(t, nil, "guards", "install", "--config", narrower); code != 1 || !strings.Contains(errOut, "drop guard of run on run_tags") ||
		!strings.Contains(errOut, "must be owner of relation run_tags") || !strings.Contains(errOut, "dropping a guard takes the owner of its table") {
		t.Errorf("guards install dropping a guard as %s: exit %d, want 1 naming the owner\n%s%s", role, code, out, errOut)
	}
	code, sql, errOut := runCLI(t, nil, "guards", "print-sql", "--config", narrower)
	if code != 0 || !strings.Contains(sql, `DROP TRIGGER IF EXISTS "lethe_guard_run" ON "public"."run_tags"`) {
		t.Fatalf("print-sql as %s: exit %d\n%s%s", role, code, sql, errOut)
	}
	if _, err := admin.Exec(ctx, sql); err != nil {
		t.Fatalf("the owner applies the printed SQL: %v", err)
	}
	if code, out, errOut := runCLI(t, nil, "guards", "status", "--config", narrower); code != 0 || out != "guards are current\n" {
		t.Errorf("guards status after the owner applied the SQL: exit %d\n%s%s", code, out, errOut)
	}
	var owners []string
	if err := admin.QueryRow(ctx, `SELECT array_agg(DISTINCT pg_get_userbyid(proowner)) FROM pg_proc WHERE proname LIKE 'lethe\_guard\_%'`).Scan(&owners); err != nil || !slices.Equal(owners, []string{role}) {
		t.Errorf("guard functions owned by %v (%v), want %s", owners, err, role)
	}
}
