package main

import (
	"encoding/json"
	"fmt"
	"log/slog"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"github.com/lethehq/lethe/blob"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/internal/service/servicetest"
	"github.com/lethehq/lethe/internal/testenv"
	"github.com/lethehq/lethe/jobs"
)

// drillYAML is the configuration of the restore drill: runs deleted with
// their blobs in S3, pastes expiring every second, the ledger flushed every
// second.
const drillYAML = `
blob:
  kind: s3
  s3: {endpoint: %q, region: %q, bucket: %q, path_style: true, access_key_id: %q, secret_access_key: %q}
log_level: info
log_format: json
ledger:
  flush_interval: 1s
policies:
  - name: pastes
    kind: expire
    table: pastes
    key_column: id
    expires_at_column: expires_at
    status_column: deletion_status
    initiated_at_column: deletion_initiated_at
    schedule: "@every 1s"
    batch_size: 2000
  - name: runs
    kind: tombstone
    entity: run
`

// TestReplayDrill is the restore drill of docs/tombstones.md ("Backups and
// restores") on a real PostgreSQL and a real S3 server: a backup at T0
// (pg_dump -Fc), 100 runs deleted with their blobs and 10,000 pastes expired
// after it, the ledger flushed; the backup restored into a fresh database
// brings the runs back. check-resurrection finds them, serve warns and
// names the replay, `lethe replay --since T0` deletes them again: none
// exists afterwards, their tombstones are back, their blobs are gone, and
// the pastes expire again by their policy.
func TestReplayDrill(t *testing.T) {
	t.Parallel()
	pgDump, pgRestore := pgTool(t, "pg_dump"), pgTool(t, "pg_restore")
	ctx := t.Context()
	s3 := testenv.S3(t)
	store, err := blob.NewS3(ctx, s3)
	if err != nil {
		t.Fatal(err)
	}
	yaml := fmt.Sprintf(drillYAML, s3.Endpoint, s3.Region, s3.Bucket, s3.AccessKeyID, s3.SecretAccessKey)
	cfgPath := writeConfig(t, yaml)
	const runs = 100
	hash := func(i int) string { return fmt.Sprintf("drill%03d", i) }
	putBlobs := func(t *testing.T) {
		t.Helper()
		for i := range runs {
			if err := store.Put(ctx, "runs/"+hash(i)+"/model", []byte("weights")); err != nil {
				t.Fatal(err)
			}
		}
	}
	dump := filepath.Join(t.TempDir(), "lethe.dump")
	var t0 time.Time

	t.Run("Before", func(t *testing.T) {
		url1, pool1 := migratedDB(t)
		for i := range runs {
			if err := db.UpsertRun(ctx, db.Timeouts{}.Pool(pool1), hash(i), "drill"); err != nil {
				t.Fatal(err)
			}
			if err := db.RecordRunBlob(ctx, db.Timeouts{}.Pool(pool1), hash(i), "runs/"+hash(i)+"/model"); err != nil {
				t.Fatal(err)
			}
		}
		putBlobs(t)
		// Pastes that expire right after the backup.
		if _, err := pool1.Exec(ctx, `INSERT INTO pastes (title, expires_at)
			SELECT 'drill ' || g, now() + interval '2 seconds' FROM generate_series(1, 10000) g`); err != nil {
			t.Fatal(err)
		}
		t0 = time.Now()
		if out, err := exec.CommandContext(ctx, pgDump, "-Fc", "-f", dump, "-d", url1).CombinedOutput(); err != nil {
			t.Fatalf("pg_dump: %v\n%s", err, out)
		}
		// Lethe starts after the backup: a backup taken while a batch
		// runs holds its claim and its running job, which River's rescuer
		// gives back only after rescue_stuck_jobs_after.
		svc, _ := servicetest.Serve(t, servicetest.Config(t, []byte(yaml), url1))
		params := make([]river.InsertManyParams, runs)
		for i := range runs {
			params[i] = river.InsertManyParams{Args: jobs.DeleteEntity{Entity: "run", Key: hash(i)}}
		}
		if _, err := svc.River.InsertMany(ctx, params); err != nil {
			t.Fatal(err)
		}
		testenv.WaitUntil(t, 60*time.Second, "100 deletions purged, 10,000 pastes expired, the ledger flushed", func() (bool, error) {
			var purged, pastes int64
			if err := pool1.QueryRow(ctx, `SELECT count(*) FROM lethe_tombstones WHERE entity = 'run' AND purged_at IS NOT NULL`).Scan(&purged); err != nil {
				return false, err
			}
			if err := pool1.QueryRow(ctx, `SELECT count(*) FROM pastes`).Scan(&pastes); err != nil {
				return false, err
			}
			pending, err := db.CountPendingLedger(ctx, pool1)
			return purged == runs && pastes == 0 && pending == 0, err
		})
	})

	url2 := testenv.DatabaseURL(t)
	if out, err := exec.CommandContext(ctx, pgRestore, "--no-owner", "-d", url2, dump).CombinedOutput(); err != nil {
		t.Fatalf("pg_restore: %v\n%s", err, out)
	}
	pool2, err := pgxpool.New(ctx, url2)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool2.Close)
	count := func(t *testing.T, sql string) int64 {
		t.Helper()
		var n int64
		if err := pool2.QueryRow(ctx, sql).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	if n := count(t, `SELECT count(*) FROM runs WHERE run_hash LIKE 'drill%'`); n != runs {
		t.Fatalf("restored database has %d of the runs, want %d", n, runs)
	}
	if n := count(t, `SELECT count(*) FROM pastes`); n != 10_000 {
		t.Fatalf("restored database has %d pastes, want 10000", n)
	}
	// The blob store was restored too: the runs' blobs are back.
	putBlobs(t)

	env := map[string]string{"DATABASE_URL": url2}
	lethe := func(t *testing.T, wantCode int, args ...string) string {
		t.Helper()
		code, stdout, stderr := runCLI(t, env, append(args, "--config", cfgPath)...)
		if code != wantCode {
			t.Fatalf("lethe %v: exit %d, want %d\nstdout: %s\nstderr: %s", args, code, wantCode, stdout, stderr)
		}
		return stdout + stderr
	}
	if out := lethe(t, 1, "check-resurrection"); !strings.Contains(out, "100 deleted entities, 100 exist again") ||
		!strings.Contains(out, "… and 80 more") || !strings.Contains(out, "lethe replay --since") {
		t.Errorf("check-resurrection before the replay said:\n%s", out)
	}

	logs := &testenv.LogBuffer{}
	_, base := servicetest.ServeLogged(t, servicetest.Config(t, []byte(yaml), url2), slog.New(slog.NewJSONHandler(logs, nil)))
	var warned struct {
		Deletions int    `json:"deletions"`
		Run       string `json:"run"`
	}
	for _, line := range strings.Split(logs.String(), "\n") {
		if strings.Contains(line, "The deletion ledger holds deletions this database lacks") {
			if err := json.Unmarshal([]byte(line), &warned); err != nil {
				t.Fatal(err)
			}
		}
	}
	if warned.Deletions != runs || !strings.HasPrefix(warned.Run, "lethe replay --since ") {
		t.Fatalf("serve on the restored database warned %+v; logs:\n%s", warned, logs)
	}
	since, err := time.Parse(time.RFC3339Nano, strings.TrimPrefix(warned.Run, "lethe replay --since "))
	if err != nil || since.Before(t0) {
		t.Errorf("the warning's replay starts at %s (%v), before the backup at %s", since, err, t0)
	}
	if behind := overviewLedger(t, base); behind.BehindEntries != runs {
		t.Errorf("overview's ledger = %+v, want %d deletions behind\n%s", behind, runs, logs)
	}

	sinceArg := t0.UTC().Format(time.RFC3339Nano)
	if out := lethe(t, 0, "replay", "--dry-run", "--since", sinceArg); !strings.Contains(out, "would delete again: 100") {
		t.Errorf("replay --dry-run said:\n%s", out)
	}
	if n := count(t, `SELECT count(*) FROM runs WHERE run_hash LIKE 'drill%'`); n != runs {
		t.Errorf("after replay --dry-run %d runs exist, want %d", n, runs)
	}
	if out := lethe(t, 0, "replay", "--since", sinceArg); !strings.Contains(out, "deleted again: 100") {
		t.Errorf("replay said:\n%s", out)
	}
	// 100 deletions, their purges and 10,000 expirations: half a minute
	// alone on 2 cores, longer beside the rest of the suite.
	var left, purged, pastes int64
	defer func() {
		if t.Failed() {
			t.Logf("left: %d runs, %d of %d purged, %d pastes", left, purged, runs, pastes)
		}
	}()
	testenv.WaitUntil(t, 3*time.Minute, "the runs deleted again and purged, the pastes expired", func() (bool, error) {
		err := pool2.QueryRow(ctx, `SELECT
			(SELECT count(*) FROM runs WHERE run_hash LIKE 'drill%'),
			(SELECT count(*) FROM lethe_tombstones WHERE entity = 'run' AND key LIKE 'drill%' AND purged_at IS NOT NULL),
			(SELECT count(*) FROM pastes)`).Scan(&left, &purged, &pastes)
		return left == 0 && purged == runs && pastes == 0, err
	})
	var blobs int
	if err := store.List(ctx, "runs/", func(keys []string) error { blobs += len(keys); return nil }); err != nil {
		t.Fatal(err)
	}
	if blobs != 0 {
		t.Errorf("%d blobs of the deleted runs are left", blobs)
	}
	if out := lethe(t, 0, "replay", "--since", sinceArg); !strings.Contains(out, "deleted again: 0") || !strings.Contains(out, "already applied: 100") {
		t.Errorf("a second replay said:\n%s", out)
	}
	if out := lethe(t, 0, "check-resurrection", "--since", "24h"); !strings.Contains(out, "0 exist again") {
		t.Errorf("check-resurrection after the replay said:\n%s", out)
	}
	// The overview is cached for a few seconds.
	testenv.WaitUntil(t, 60*time.Second, "the overview without deletions behind", func() (bool, error) {
		return overviewLedger(t, base).BehindEntries == 0, nil
	})
	var audited int64
	if err := pool2.QueryRow(ctx, `SELECT count(*) FROM lethe_deletion_audit WHERE action = 'replay_ledger' AND (detail->>'deleted_again')::int = 100`).Scan(&audited); err != nil || audited != 1 {
		t.Errorf("replay audited %d times (%v), want once", audited, err)
	}

	t.Run("BadInput", func(t *testing.T) {
		for args, want := range map[string]string{
			"replay":                              "--since is required",
			"replay --since yesterday":            `want an RFC3339 time (2026-11-27T00:00:00Z) or a positive duration ago (24h, 7d), got "yesterday"`,
			"replay --since -5h":                  "positive duration",
			"replay --since 2999-01-01T00:00:00Z": "is in the future",
		} {
			if out := lethe(t, 2, strings.Fields(args)...); !strings.Contains(out, want) {
				t.Errorf("lethe %s said %q, want %q", args, out, want)
			}
		}
	})
}

// overviewLedger reads the ledger's state from the overview served at base.
func overviewLedger(t *testing.T, base string) db.LedgerState {
	t.Helper()
	code, body := servicetest.Request(t, "GET", base+"/api/v1/overview", "", "")
	if code != 200 {
		t.Fatalf("overview: %d %s", code, body)
	}
	var ov struct {
		Ledger *db.LedgerState `json:"ledger"`
	}
	if err := json.Unmarshal([]byte(body), &ov); err != nil || ov.Ledger == nil {
		t.Fatalf("overview's ledger: %v in %s", err, body)
	}
	return *ov.Ledger
}

// pgTool finds a PostgreSQL client program: on PATH, else PostgreSQL 15's.
func pgTool(t *testing.T, name string) string {
	t.Helper()
	for _, path := range []string{name, "/usr/lib/postgresql/15/bin/" + name} {
		if p, err := exec.LookPath(path); err == nil {
			return p
		}
	}
	t.Skipf("%s is not installed", name)
	return ""
}
