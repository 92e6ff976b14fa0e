package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/lethehq/lethe/internal/testenv"
)

func TestSweepCommand(t *testing.T) {
	t.Parallel()
	url, _ := sweepDB(t, 25, 4)
	configPath := writeConfig(t, `
database:
  url: "`+url+`"
`+sweepPolicy)

	code, out, errOut := runCLI(t, nil, "sweep", "--config", configPath, "--status")
	if code != 0 || !strings.Contains(out, "EXPIRED KEYS") || !sweepHasColumns(out, "idempotency", "29", "25") {
		t.Fatalf("status before: exit %d\n%s%s", code, out, errOut)
	}

	code, out, errOut = runCLI(t, nil, "sweep", "--config", configPath, "idempotency")
	if code != 0 || !strings.Contains(out, "idempotency: deleted 25 expired rows from lineage_event_idempotency in 3 batches") {
		t.Fatalf("sweep: exit %d\n%s%s", code, out, errOut)
	}
	if !strings.Contains(errOut, `"msg":"Cleaned up expired idempotency keys"`) || !strings.Contains(errOut, `"rows_deleted":25`) {
		t.Fatalf("sweep did not log the runbook's line: %s", errOut)
	}

	code, out, errOut = runCLI(t, nil, "sweep", "--config", configPath, "--status", "idempotency")
	if code != 0 || !sweepHasColumns(out, "idempotency", "4", "0") {
		t.Fatalf("status after: exit %d\n%s%s", code, out, errOut)
	}
	// Flags may follow the arguments.
	code, out, errOut = runCLI(t, nil, "sweep", "idempotency", "--status", "--config", configPath)
	if code != 0 || !sweepHasColumns(out, "idempotency", "4", "0") {
		t.Fatalf("status after, flags last: exit %d\n%s%s", code, out, errOut)
	}
	code, out, errOut = runCLI(t, nil, "sweep", "idempotency", "--config", configPath)
	if code != 0 || !strings.Contains(out, "idempotency: deleted 0 expired rows") {
		t.Fatalf("sweep, flags last: exit %d\n%s%s", code, out, errOut)
	}

	code, _, errOut = runCLI(t, nil, "sweep", "--config", configPath, "nope")
	if code != 2 || !strings.Contains(errOut, `no sweep policy "nope" (sweep policies: idempotency)`) {
		t.Fatalf("bad policy: exit %d, %s", code, errOut)
	}
	if code, _, _ = runCLI(t, nil, "sweep", "--config", configPath); code != 2 {
		t.Fatalf("no policy: exit %d, want 2", code)
	}
}

// sweepPolicy is the sweep policy of the tests' configurations.
const sweepPolicy = `policies:
  - name: idempotency
    kind: sweep
    table: lineage_event_idempotency
    key_column: idempotency_key
    batch_size: 10
    pause: 0s`

// sweepDB returns a migrated database holding expired and fresh
// idempotency keys, and a pool on it.
func sweepDB(t *testing.T, expired, fresh int) (string, *pgxpool.Pool) {
	t.Helper()
	url, pool := migratedDB(t)
	if _, err := pool.Exec(t.Context(), `
		INSERT INTO lineage_event_idempotency (idempotency_key, expires_at)
		SELECT 'expired-' || g, now() - interval '1 hour' FROM generate_series(1, $1::int) g
		UNION ALL
		SELECT 'fresh-' || g, now() + interval '1 hour' FROM generate_series(1, $2::int) g`, expired, fresh); err != nil {
		t.Fatal(err)
	}
	return url, pool
}

// sweepHasColumns reports whether some line of out holds all fields, in order, as
// whitespace-separated columns.
func sweepHasColumns(out string, fields ...string) bool {
	for _, line := range strings.Split(out, "\n") {
		cols := strings.Fields(line)
		i := 0
		for _, col := range cols {
			if i < len(fields) && col == fields[i] {
				i++
			}
		}
		if i == len(fields) {
			return true
		}
	}
	return false
}

// TestSweepServe runs the whole service: the periodic lethe.sweep job runs on
// start through River, deletes the expired keys, logs the runbook's lines,
// and shutdown logs the stop line and returns.
func TestSweepServe(t *testing.T) {
	t.Parallel()
	ctx := context.Background()

	url, pool := sweepDB(t, 30, 3)
	configPath := writeConfig(t, `
database:
  url: "`+url+`"
blob:
  kind: local
  local:
    dir: "`+filepath.Join(t.TempDir(), "blobs")+`"
http:
  listen: 127.0.0.1:0
shutdown_grace: 5s
migrate_on_start: false
`+sweepPolicy)

	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	var stdout, stderr testenv.LogBuffer
	exited := make(chan int, 1)
	go func() {
		exited <- run(runCtx, &cli{stdout: &stdout, stderr: &stderr, getenv: func(k string) string {
			if k == "IDEMPOTENCY_CLEANUP_INTERVAL" {
				return "30m"
			}
			return ""
		}}, []string{"serve", "--config", configPath})
	}()

	deadline := time.Now().Add(time.Minute)
	for {
		var audited int
		if err := pool.QueryRow(ctx, `SELECT count(*) FROM lethe_deletion_audit WHERE policy = 'idempotency' AND rows_deleted = 30`).Scan(&audited); err != nil {
			t.Fatal(err)
		}
		if audited > 0 {
			break
		}
		select {
		case code := <-exited:
			t.Fatalf("serve exited with %d before sweeping:\n%s", code, stderr.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("no sweep ran within a minute:\n%s", stderr.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
	cancel()
	if code := <-exited; code != 0 {
		t.Fatalf("serve exited with %d:\n%s", code, stderr.String())
	}

	logs := stderr.String()
	for _, want := range []string{
		`"msg":"Started idempotency cleanup goroutine","interval":1800,"policy":"idempotency"`,
		`"msg":"Cleaned up expired idempotency keys","policy":"idempotency","rows_deleted":30,"batches_completed":3`,
		`"msg":"Stopping idempotency cleanup goroutine","policy":"idempotency"`,
	} {
		if !strings.Contains(logs, want) {
			t.Errorf("logs lack %s:\n%s", want, logs)
		}
	}
	var left int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM lineage_event_idempotency`).Scan(&left); err != nil || left != 3 {
		t.Fatalf("%d keys left (%v), want the 3 fresh ones", left, err)
	}
}

// TestSweepStatusTableSize: --status reports the size of a plain (not
// partitioned) table of a few megabytes, indexes included, not "0 bytes".
func TestSweepStatusTableSize(t *testing.T) {
	t.Parallel()
	url, pool := migratedDB(t)
	// About 4.6 MB with the primary key's index.
	if _, err := pool.Exec(t.Context(), `
		INSERT INTO lineage_event_idempotency (idempotency_key, expires_at)
		SELECT repeat('k', 200) || g, now() - interval '1 hour' FROM generate_series(1, 10000) g`); err != nil {
		t.Fatal(err)
	}
	var bytes int64
	var pretty string
	if err := pool.QueryRow(t.Context(), `SELECT pg_total_relation_size('lineage_event_idempotency'),
		pg_size_pretty(pg_total_relation_size('lineage_event_idempotency'))`).Scan(&bytes, &pretty); err != nil {
		t.Fatal(err)
	}
	if bytes < 4<<20 {
		t.Fatalf("the table holds %d bytes, want a few MB for the test to mean something", bytes)
	}
	configPath := writeConfig(t, `
database:
  url: "`+url+`"
`+sweepPolicy)
	code, out, errOut := runCLI(t, nil, "sweep", "--config", configPath, "--status")
	if code != 0 {
		t.Fatalf("status: exit %d\n%s%s", code, out, errOut)
	}
	size := strings.Fields(pretty) // "4712 kB"
	if !sweepHasColumns(out, append(append([]string{"idempotency", "lineage_event_idempotency", "rows"}, size...), "10000", "10000")...) {
		t.Errorf("status does not show the table's size %s and its 10000 expired keys:\n%s", pretty, out)
	}
}
