package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/internal/runbackup"
	"github.com/lethehq/lethe/internal/service/servicetest"
	"github.com/lethehq/lethe/internal/testenv"
	"github.com/lethehq/lethe/tombstone"
)

// TestTombstoneCommands drives the run deletion commands end to end on a
// fresh database and a local blob directory: backup, delete (insert-only),
// cleanup-orphan-s3, restore, clear-tombstone, cleanup-tombstones.
func TestTombstoneCommands(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	url, pool := migratedDB(t)
	env := map[string]string{"DATABASE_URL": url}
	dir := t.TempDir()
	blobDir := filepath.Join(dir, "blobs")
	cfgPath := writeDefaultConfig(t, blobDir)

	lethe := func(t *testing.T, wantCode int, args ...string) string {
		t.Helper()
		full := append([]string{args[0], "--config", cfgPath}, args[1:]...)
		code, stdout, stderr := runCLI(t, env, full...)
		if code != wantCode {
			t.Fatalf("lethe %v: exit %d, want %d\nstdout: %s\nstderr: %s", args, code, wantCode, stdout, stderr)
		}
		return stdout + stderr
	}
	blobPath := func(key string) string { return filepath.Join(blobDir, filepath.FromSlash(key)) }
	writeBlob := func(key, data string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(blobPath(key)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(blobPath(key), []byte(data), 0o600); err != nil {
			t.Fatal(err)
		}
	}

	if err := db.UpsertRun(ctx, db.Timeouts{}.Pool(pool), "r1", "first"); err != nil {
		t.Fatal(err)
	}
	if err := db.LogMetric(ctx, db.Timeouts{}.Pool(pool), "r1", "loss", "", 1, 0.5); err != nil {
		t.Fatal(err)
	}
	if err := db.RecordRunBlob(ctx, db.Timeouts{}.Pool(pool), "r1", "runs/r1/model"); err != nil {
		t.Fatal(err)
	}
	writeBlob("runs/r1/model", "weights")

	backupFile := filepath.Join(dir, "r1.json.gz")
	if out := lethe(t, 0, "backup", "-o", backupFile, "run", "r1"); !strings.Contains(out, "3 rows, 1 blobs") {
		t.Errorf("backup said %q", out)
	}
	// Flags may follow the arguments.
	lethe2 := func(t *testing.T, wantCode int, args ...string) string {
		t.Helper()
		code, stdout, stderr := runCLI(t, env, append(args, "--config", cfgPath)...)
		if code != wantCode {
			t.Fatalf("lethe %v --config %s: exit %d, want %d\nstdout: %s\nstderr: %s", args, cfgPath, code, wantCode, stdout, stderr)
		}
		return stdout + stderr
	}
	if out := lethe2(t, 0, "backup", "run", "r1", "-o", filepath.Join(dir, "r1-again.json.gz")); !strings.Contains(out, "3 rows, 1 blobs") {
		t.Errorf("backup with flags last said %q", out)
	}

	// A worker process for `delete --wait`; its periodic sweep and GC are
	// paused so that only the commands below sweep.
	if err := db.SetPolicyPaused(ctx, pool, "runs", true); err != nil {
		t.Fatal(err)
	}
	cfg, err := config.Load(cfgPath, func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	servicetest.Serve(t, cfg)

	if out := lethe2(t, 0, "delete", "run", "r1", "--wait", "--timeout", "30s"); !strings.Contains(out, "run r1 deleted") {
		t.Errorf("delete --wait said %q", out)
	}
	if exists, err := db.RunExists(ctx, pool, "r1"); err != nil || exists {
		t.Errorf("after delete --wait: run r1 exists = %t, %v; want false", exists, err)
	}
	// The purge job committed with the deletion empties the prefix.
	testenv.WaitUntil(t, 30*time.Second, "the purge", func() (bool, error) {
		ts, err := tombstone.NewPostgres(pool).Get(ctx, "run", "r1")
		return ts != nil && ts.PurgedAt != nil, err
	})
	if _, err := os.Stat(blobPath("runs/r1/model")); !os.IsNotExist(err) {
		t.Errorf("blob survived the purge: %v", err)
	}
	writeBlob("runs/r1/late", "written after the deletion")
	writeBlob("runs/r1/later", "written after the deletion")

	if out := lethe(t, 0, "cleanup-orphan-s3"); !strings.Contains(out, "tombstones: 1, blobs deleted: 2") {
		t.Errorf("cleanup-orphan-s3 said %q", out)
	}
	if _, err := os.Stat(blobPath("runs/r1/late")); !os.IsNotExist(err) {
		t.Errorf("late blob survived the sweep: %v", err)
	}
	if ts, _ := tombstone.NewPostgres(pool).Get(ctx, "run", "r1"); ts == nil || ts.PurgedAt == nil {
		t.Errorf("tombstone after sweep = %+v, want kept and purged", ts)
	}

	if out := lethe(t, 0, "restore", backupFile); !strings.Contains(out, "tombstone cleared: true") {
		t.Errorf("restore said %q", out)
	}
	if run, _ := db.GetRun(ctx, pool, "r1"); run == nil || run.Name != "first" || run.Metrics != 1 || run.Blobs != 1 {
		t.Errorf("restored run = %+v", run)
	}
	if data, err := os.ReadFile(blobPath("runs/r1/model")); err != nil || string(data) != "weights" {
		t.Errorf("restored blob = %q, %v", data, err)
	}
	if out := lethe(t, 0, "clear-tombstone", "run", "r1"); !strings.Contains(out, "no tombstone") {
		t.Errorf("clear-tombstone said %q", out)
	}
	if out := lethe2(t, 0, "clear-tombstone", "run", "r1"); !strings.Contains(out, "no tombstone") {
		t.Errorf("clear-tombstone with flags last said %q", out)
	}
	if out := lethe2(t, 2, "clear-tombstone", "run", "r1", "extra"); !strings.Contains(out, "want: <entity> <key>") {
		t.Errorf("clear-tombstone with an extra argument said %q", out)
	}

	if _, err := pool.Exec(ctx, `INSERT INTO lethe_tombstones (entity, key, deleted_at, purged_at) VALUES
		('run', 'old', $1, $2), ('run', 'old-unpurged', $1, NULL)`,
		time.Now().Add(-200*time.Hour), time.Now().Add(-100*time.Hour)); err != nil {
		t.Fatal(err)
	}
	if out := lethe(t, 0, "cleanup-tombstones", "--older-than", "168h"); !strings.Contains(out, "removed 1, kept 1") {
		t.Errorf("cleanup-tombstones said %q", out)
	}

	t.Run("BadInput", func(t *testing.T) {
		lethe(t, 2, "delete", "run", "bad hash")
		lethe(t, 2, "delete", "paste", "x")
		lethe(t, 2, "delete", "run")
		lethe(t, 2, "clear-tombstone", "run", "a/b")
		lethe(t, 2, "cleanup-tombstones", "--older-than", "soon")
		lethe(t, 2, "cleanup-tombstones", "--older-than", "0")
		lethe(t, 1, "restore", filepath.Join(dir, "missing.json.gz"))
		lethe(t, 1, "backup", "-o", filepath.Join(dir, "x"), "run", "unknown")
		// A run that never existed: refused, as the API answers 404.
		if out := lethe(t, 1, "delete", "run", "unknown"); !strings.Contains(out, "run unknown not found: no row in runs and no tombstone; nothing was enqueued") {
			t.Errorf("delete of an unknown run said %q", out)
		}
		lethe(t, 0, "delete", "--help")
		var n int
		if err := pool.QueryRow(context.Background(), `SELECT count(*) FROM lethe.river_job WHERE kind = 'lethe.delete_entity'`).Scan(&n); err != nil || n != 1 {
			t.Errorf("bad commands inserted jobs: %d", n)
		}
	})
}

// accountsDB returns a migrated database holding the tests' accounts
// schema, a pool on it, and the path of a configuration declaring the
// account entity (with edges added before its policies), whose blobs live
// in blobDir.
func accountsDB(t *testing.T, blobDir, edges string) (*pgxpool.Pool, string) {
	t.Helper()
	pool := testenv.AccountsPool(t)
	url := pool.Config().ConnString()
	decl := strings.Replace(testenv.AccountsConfig, "\npolicies:", edges+"\npolicies:", 1)
	return pool, writeConfig(t, "database:\n  url: \""+url+"\"\nblob:\n  kind: local\n  local:\n    dir: "+blobDir+"\n"+decl)
}

// TestDeleteEntity deletes an account of the tests' own schema from the
// command line: the dry run reports what would go and removes nothing, a
// real one enqueues the job under the canonical key, a key with neither a
// root row nor a tombstone is refused unless --force, and mistakes are
// usage errors naming what is wrong.
func TestDeleteEntity(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	blobDir := t.TempDir()
	pool, cfgPath := accountsDB(t, blobDir, "")
	lethe := func(t *testing.T, wantCode int, args ...string) (stdout, stderr string) {
		t.Helper()
		code, stdout, stderr := runCLI(t, nil, append(args, "--config", cfgPath)...)
		if code != wantCode {
			t.Fatalf("lethe %v: exit %d, want %d\nstdout: %s\nstderr: %s", args, code, wantCode, stdout, stderr)
		}
		return stdout, stderr
	}

	const account = "6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f"
	for _, insert := range []string{
		`INSERT INTO accounts (id, name) VALUES ($1, 'acme'), ('00000000-0000-0000-0000-000000000001', 'other')`,
		`INSERT INTO projects (id, account_id) VALUES (1, $1), (2, $1), (3, '00000000-0000-0000-0000-000000000001')`,
		`INSERT INTO tasks (project_id, assignee) VALUES (1, NULL), (2, NULL), (3, $1), (3, NULL)`,
		`INSERT INTO api_keys (key, account_id) VALUES ('k1', $1)`,
	} {
		if _, err := pool.Exec(ctx, insert, account); err != nil {
			t.Fatalf("%s: %v", insert, err)
		}
	}
	for _, name := range []string{"a", "b", "c", "d", "e", "f", "g"} {
		path := filepath.Join(blobDir, "accounts", account, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(name), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	snapshot := func() string {
		var s string
		err := pool.QueryRow(ctx, `SELECT concat_ws(' ',
			(SELECT count(*) FROM accounts), (SELECT count(*) FROM projects), (SELECT count(*) FROM tasks),
			(SELECT count(*) FROM api_keys), (SELECT count(*) FROM lethe_tombstones),
			(SELECT count(*) FROM lethe.river_job WHERE kind = 'lethe.delete_entity'))`).Scan(&s)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	before := snapshot()

	t.Run("DryRun", func(t *testing.T) {
		// The key in capitals: the preview names the canonical one.
		out, _ := lethe(t, 0, "delete", "--dry-run", "account", strings.ToUpper(account))
		for _, want := range []string{
			"dry run: deleting account " + account + " would remove (nothing was deleted):",
			"  table                          rows\n" +
				"  accounts                          1\n" +
				"  projects                          2\n" +
				"  tasks                             3\n" + // two through the projects, one assigned
				"  api_keys                          1\n" +
				"  total                             7\n",
			"blobs under accounts/" + account + "/: 7",
			// Edges no foreign key backs are marked.
			"unbacked edge tasks.assignee -> accounts.id: no foreign key behind it",
			"unbacked edge api_keys.account_id -> accounts.id: no foreign key behind it",
			"accounts/" + account + "/a",
			"... and 2 more",
			"tombstoned: no",
			"trial (the deletion's statements run and rolled back, lock_timeout 2s, statement_timeout 30s): ok\n" +
				"  table                       deleted     nulled     beyond\n" +
				"  accounts                          1          0          0\n",
			"  tasks                             3          0          0\n",
			"  delete from tasks",
		} {
			if !strings.Contains(out, want) {
				t.Errorf("dry run output lacks %q:\n%s", want, out)
			}
		}
		if after := snapshot(); after != before {
			t.Errorf("the dry run changed the database: counts %s, before %s", after, before)
		}
		if entries, err := os.ReadDir(filepath.Join(blobDir, "accounts", account)); err != nil || len(entries) != 7 {
			t.Errorf("the dry run touched the blobs: %d left, %v", len(entries), err)
		}
	})

	// Any declared entity is backed up, restored and cleared like a run.
	t.Run("BackupRestoreClear", func(t *testing.T) {
		file := filepath.Join(t.TempDir(), "acme.json.gz")
		out, _ := lethe(t, 0, "backup", "-o", file, "account", strings.ToUpper(account))
		if want := "account " + account + " backed up to " + file + ": 7 rows, 7 blobs"; !strings.Contains(out, want) {
			t.Errorf("backup said %q, want %q", out, want)
		}
		for _, sql := range []string{
			`DELETE FROM tasks WHERE project_id IN (SELECT id FROM projects WHERE account_id = $1) OR assignee = $1`,
			`DELETE FROM projects WHERE account_id = $1`,
			`DELETE FROM api_keys WHERE account_id = $1`,
			`DELETE FROM accounts WHERE id = $1`,
			`INSERT INTO lethe_tombstones (entity, key, deleted_at) VALUES ('account', $1, now())`,
		} {
			if _, err := pool.Exec(ctx, sql, account); err != nil {
				t.Fatalf("%s: %v", sql, err)
			}
		}
		if err := os.RemoveAll(filepath.Join(blobDir, "accounts", account)); err != nil {
			t.Fatal(err)
		}

		// A backup whose row belongs to another account restores nothing.
		tampered := filepath.Join(t.TempDir(), "tampered.json")
		b := readBackup(t, file)
		b.Tables["api_keys"][0] = json.RawMessage(`{"key": "k1", "account_id": "00000000-0000-0000-0000-000000000001"}`)
		writeBackup(t, tampered, b)
		_, stderr := lethe(t, 1, "restore", tampered)
		if !strings.Contains(stderr, "api_keys holds 0 of its rows after writing 1") {
			t.Errorf("restore of a tampered backup said %q", stderr)
		}
		if n := countRows(t, pool, `SELECT count(*) FROM api_keys`); n != 0 {
			t.Errorf("the refused restore left %d api_keys rows", n)
		}

		out, _ = lethe(t, 0, "restore", file)
		if want := "account " + account + " restored: 7 rows, 7 blobs, tombstone cleared: true"; !strings.Contains(out, want) {
			t.Errorf("restore said %q, want %q", out, want)
		}
		if after := snapshot(); after != before {
			t.Errorf("after the restore: counts %s, want those before %s", after, before)
		}
		if data, err := os.ReadFile(filepath.Join(blobDir, "accounts", account, "g")); err != nil || string(data) != "g" {
			t.Errorf("restored blob = %q, %v", data, err)
		}

		if _, err := pool.Exec(ctx, `INSERT INTO lethe_tombstones (entity, key, deleted_at) VALUES ('account', $1, now())`, account); err != nil {
			t.Fatal(err)
		}
		if out, _ := lethe(t, 0, "clear-tombstone", "account", strings.ToUpper(account)); !strings.Contains(out, "tombstone of account "+account+" cleared") {
			t.Errorf("clear-tombstone said %q", out)
		}
		if out, _ := lethe(t, 0, "clear-tombstone", "account", account); !strings.Contains(out, "account "+account+" has no tombstone") {
			t.Errorf("a second clear-tombstone said %q", out)
		}
		if _, stderr := lethe(t, 2, "backup", "account", "not-a-uuid"); !strings.Contains(stderr, "not a valid uuid key of entity account") {
			t.Errorf("backup of a malformed key said %q", stderr)
		}
		if after := snapshot(); after != before {
			t.Errorf("after clearing: counts %s, want those before %s", after, before)
		}
	})

	t.Run("Mistakes", func(t *testing.T) {
		_, stderr := lethe(t, 2, "delete", "acount", account)
		if !strings.Contains(stderr, `unknown entity "acount" (declared: account)`) {
			t.Errorf("unknown entity said %q", stderr)
		}
		_, stderr = lethe(t, 2, "delete", "--dry-run", "account", "not-a-uuid")
		if !strings.Contains(stderr, `key "not-a-uuid" is not a valid uuid key of entity account`) {
			t.Errorf("malformed key said %q", stderr)
		}
		_, stderr = lethe(t, 2, "delete", "account", "a/b")
		if !strings.Contains(stderr, `key "a/b" is malformed`) {
			t.Errorf("key with a slash said %q", stderr)
		}
		lethe(t, 2, "delete", "--dry-run", "--wait", "account", account)
		lethe(t, 2, "delete", "account")
		if after := snapshot(); after != before {
			t.Errorf("mistakes changed the database: counts %s, before %s", after, before)
		}
	})

	t.Run("Enqueue", func(t *testing.T) {
		out, _ := lethe(t, 0, "delete", "account", strings.ToUpper(account))
		if !strings.Contains(out, "delete of account "+account+" enqueued: job ") {
			t.Errorf("delete said %q", out)
		}
		var key string
		if err := pool.QueryRow(ctx, `SELECT args->>'key' FROM lethe.river_job WHERE kind = 'lethe.delete_entity' AND args->>'entity' = 'account'`).Scan(&key); err != nil || key != account {
			t.Errorf("job key = %q, %v; want the canonical %q", key, err, account)
		}
	})

	t.Run("UnknownKeyRefusedUnlessForced", func(t *testing.T) {
		jobsOf := func(key string) int {
			t.Helper()
			var n int
			if err := pool.QueryRow(ctx, `SELECT count(*) FROM lethe.river_job WHERE kind = 'lethe.delete_entity' AND args->>'key' = $1`, key).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		const unknown = "0b6d8a52-3c1e-4f7a-9d2b-5e8f1a4c7b90"
		_, stderr := lethe(t, 1, "delete", "account", unknown)
		if !strings.Contains(stderr, "account "+unknown+" not found: no row in accounts and no tombstone; nothing was enqueued (--force deletes it anyway") {
			t.Errorf("delete of an unknown account said %q", stderr)
		}
		if n := jobsOf(unknown); n != 0 {
			t.Errorf("a refused delete enqueued %d jobs", n)
		}

		// Deleting ahead of the creation is what --force is for.
		out, _ := lethe(t, 0, "delete", "--force", "account", unknown)
		if !strings.Contains(out, "delete of account "+unknown+" enqueued: job ") || jobsOf(unknown) != 1 {
			t.Errorf("delete --force said %q and enqueued %d jobs, want 1", out, jobsOf(unknown))
		}

		// Deleted before: its rows are gone, its tombstone stands, and it
		// may be deleted again.
		const deleted = "1c2d3e4f-5a6b-4c7d-8e9f-a0b1c2d3e4f5"
		if _, err := pool.Exec(ctx, `INSERT INTO lethe_tombstones (entity, key, deleted_at) VALUES ('account', $1, now())`, deleted); err != nil {
			t.Fatal(err)
		}
		lethe(t, 0, "delete", "account", deleted)
		if n := jobsOf(deleted); n != 1 {
			t.Errorf("delete of a tombstoned account enqueued %d jobs, want 1", n)
		}
	})
}

// readBackup and writeBackup read and write a backup file as JSON, for
// tests that change one.
func readBackup(t *testing.T, path string) *runbackup.Backup {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	b, err := runbackup.Read(f)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func writeBackup(t *testing.T, path string, b *runbackup.Backup) {
	t.Helper()
	data, err := json.Marshal(b)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
}

func countRows(t *testing.T, pool *pgxpool.Pool, sql string) int {
	t.Helper()
	var n int
	if err := pool.QueryRow(context.Background(), sql).Scan(&n); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
	return n
}
