package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

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
	suffix := make([]byte, 4)
	_, _ = rand.Read(suffix)
	role := "lethe_svc_" + hex.EncodeToString(suffix)
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
`, u.String(), filepath.Join(t.TempDir(), "blobs")))

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
