package main

import (
	"fmt"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/blob"
	"github.com/lethehq/lethe/internal/testenv"
)

// crashConfig is a lethe.yaml with thresholds shortened so River's rescuer
// and the watchdog act within seconds: batch_timeout 3s < job_timeout 4s <
// rescue_stuck_jobs_after 5s, and stuck_after 40s past the rescue's latest
// retry (5s + River's rescuer interval 30s + first retry backoff 1.1s +
// batch_timeout 3s = 39.1s), as validation requires.
const crashConfig = `
database:
  url: %q
  max_conns: 8
blob:
  kind: s3
  s3:
    endpoint: %q
    region: us-east-1
    bucket: %q
    path_style: true
    access_key_id: %q
    secret_access_key: %q
http:
  listen: 127.0.0.1:0
log_level: info
shutdown_grace: 1s
migrate_on_start: true
river:
  max_workers: 2
  job_timeout: 4s
  rescue_stuck_jobs_after: 5s
policies:
  - name: pastes
    kind: expire
    table: pastes
    blob_key_column: blob_key
    schedule: "@every 1s"
    batch_size: 200
    max_batches_per_run: 2
    run_budget: 1s
    batch_timeout: 3s
    watchdog_schedule: "@every 2s"
    stuck_after: 40s
`

// TestExpireSurvivesSIGKILL kills a real lethe process with SIGKILL in the
// middle of expiring pastes, several times, then lets a last one run: every
// expired paste and its blob must go, every live paste and its blob must
// stay, and no row may be left DELETION_IN_PROGRESS.
func TestExpireSurvivesSIGKILL(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds and runs the lethe binary")
	}
	ctx := t.Context()
	dbURL, pool := migratedDB(t)
	s3 := testenv.S3(t)
	store, err := blob.NewS3(ctx, s3)
	if err != nil {
		t.Fatal(err)
	}

	dir := t.TempDir()
	bin := buildLethe(t)
	configPath := writeConfig(t, fmt.Sprintf(crashConfig, dbURL, s3.Endpoint, s3.Bucket, s3.AccessKeyID, s3.SecretAccessKey))

	const expired, live = 5000, 1000
	liveKeys := crashSeed(t, pool, store, expired, live)

	expiredLeft := func() int {
		var n int
		if err := pool.QueryRow(ctx, `SELECT count(*) FROM pastes WHERE expires_at < now()`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}

	// Three lives cut short by SIGKILL, each after some progress and with
	// a batch claimed.
	for life := 1; life <= 3; life++ {
		before := expiredLeft()
		proc, _ := startServe(t, bin, configPath, filepath.Join(dir, fmt.Sprintf("life%d.log", life)), "DATABASE_URL="+dbURL, "LOG_LEVEL=info")
		// Kill while a batch job runs: its rows stay claimed and the job
		// "running" until River's rescuer or the watchdog steps in.
		testenv.WaitUntil(t, 90*time.Second, fmt.Sprintf("life %d to make progress", life), func() (bool, error) {
			var running int
			err := pool.QueryRow(ctx, `SELECT count(*) FROM lethe.river_job WHERE kind = 'lethe.expire_batch' AND state = 'running'`).Scan(&running)
			return running > 0 && before-expiredLeft() >= 400, err
		})
		if err := proc.Process.Signal(syscall.SIGKILL); err != nil {
			t.Fatal(err)
		}
		_ = proc.Wait()
		t.Logf("life %d killed: %d expired pastes left", life, expiredLeft())
	}
	if expiredLeft() == 0 {
		t.Fatal("everything expired before the last kill; the test proves nothing")
	}

	proc, _ := startServe(t, bin, configPath, filepath.Join(dir, "last.log"), "DATABASE_URL="+dbURL, "LOG_LEVEL=info")
	testenv.WaitUntil(t, 150*time.Second, "every expired paste to go", func() (bool, error) {
		var left, inProgress int
		err := pool.QueryRow(ctx, `
			SELECT count(*) FILTER (WHERE expires_at < now()),
			       count(*) FILTER (WHERE deletion_status = 'DELETION_IN_PROGRESS')
			FROM pastes`).Scan(&left, &inProgress)
		return left == 0 && inProgress == 0, err
	})
	_ = proc.Process.Signal(syscall.SIGTERM)
	_ = proc.Wait()

	// Recovery went through River's rescuer (a batch run again under the
	// same claim), the watchdog (rows reset and claimed again), or both.
	var batches, rowsReset, rerun int
	if err := pool.QueryRow(ctx, `
		SELECT (SELECT count(*) FROM lethe_deletion_audit WHERE action = 'expire_batch'),
		       (SELECT coalesce(sum((detail->>'rows_reset')::int), 0) FROM lethe_deletion_audit WHERE action = 'watchdog'),
		       (SELECT count(*) FROM lethe.river_job WHERE kind = 'lethe.expire_batch' AND attempt > 1)`).Scan(&batches, &rowsReset, &rerun); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d batches audited; watchdog reset %d rows; %d batch jobs ran more than once", batches, rowsReset, rerun)
	if rowsReset == 0 && rerun == 0 {
		t.Error("neither the watchdog nor River's rescuer recovered anything: the kills hit no running batch")
	}
	// Each paste has a blob of its own: a batch that deleted more blobs
	// than rows found rows gone from its claim after deleting their blobs.
	var blobsWithoutRows int
	if err := pool.QueryRow(ctx, `
		SELECT count(*) FROM lethe_deletion_audit
		WHERE action = 'expire_batch' AND outcome <> 'error' AND blobs_deleted > rows_deleted`).Scan(&blobsWithoutRows); err != nil {
		t.Fatal(err)
	}
	if blobsWithoutRows > 0 {
		t.Errorf("%d batches deleted the blobs of rows they did not delete", blobsWithoutRows)
	}

	var liveRows, notExpired int
	if err := pool.QueryRow(ctx, `
		SELECT count(*), count(*) FILTER (WHERE deletion_status = 'NOT_EXPIRED') FROM pastes`).Scan(&liveRows, &notExpired); err != nil {
		t.Fatal(err)
	}
	if liveRows != live || notExpired != live {
		t.Errorf("%d pastes left (%d NOT_EXPIRED), want the %d live ones", liveRows, notExpired, live)
	}
	// The bucket must hold exactly the live pastes' blobs.
	remaining := map[string]bool{}
	if err := store.List(ctx, "", func(keys []string) error {
		for _, k := range keys {
			remaining[k] = true
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	for _, k := range liveKeys {
		if !remaining[k] {
			t.Errorf("blob %s of a live paste is gone", k)
		}
		delete(remaining, k)
	}
	if len(remaining) != 0 {
		t.Errorf("%d blobs of expired pastes left (orphans)", len(remaining))
	}
}

// crashSeed inserts expired and live pastes with a blob each and returns the
// live pastes' blob keys.
func crashSeed(t *testing.T, pool *pgxpool.Pool, store blob.Store, expired, live int) []string {
	t.Helper()
	ctx := t.Context()
	var rows [][]any
	var liveKeys []string
	now := time.Now()
	for i := range expired + live {
		key := fmt.Sprintf("pastes/%06d", i)
		expiresAt := now.Add(-time.Duration(i+1) * time.Second)
		if i >= expired {
			expiresAt = now.Add(time.Hour)
			liveKeys = append(liveKeys, key)
		}
		rows = append(rows, []any{fmt.Sprintf("paste %d", i), key, expiresAt})
	}
	if _, err := pool.CopyFrom(ctx, pgx.Identifier{"pastes"}, []string{"title", "blob_key", "expires_at"}, pgx.CopyFromRows(rows)); err != nil {
		t.Fatal(err)
	}
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		errs []error
		next = make(chan string)
	)
	for range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for key := range next {
				if err := store.Put(ctx, key, []byte("body of "+key)); err != nil {
					mu.Lock()
					errs = append(errs, err)
					mu.Unlock()
				}
			}
		}()
	}
	for _, r := range rows {
		next <- r[1].(string)
	}
	close(next)
	wg.Wait()
	if len(errs) > 0 {
		t.Fatalf("seed %d blobs: %v", len(errs), errs[0])
	}
	return liveKeys
}
