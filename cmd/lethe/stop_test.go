package main

import (
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/internal/testenv"
)

// stopConfig runs a sweep that takes its time: 10 keys a batch, then a
// pause, so its job is running when the test signals.
const stopConfig = `
database:
  url: %q
blob:
  kind: local
  local:
    dir: %q
http:
  listen: 127.0.0.1:0
shutdown_grace: %s
migrate_on_start: false
policies:
  - name: idempotency
    kind: sweep
    table: lineage_event_idempotency
    key_column: idempotency_key
    batch_size: 10
    pause: %s
`

// TestServeStops runs the built binary with a slow sweep running and stops
// it. The first SIGTERM lets the sweep finish within shutdown_grace and
// exits 0. A second SIGTERM ends the graceful stop at once, and so does the
// end of shutdown_grace: serve exits 1, River has the sweep's job available
// again without an error, and its audit entry says interrupted.
func TestServeStops(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds and runs the lethe binary")
	}
	bin := buildLethe(t)

	// start runs serve with grace and the sweep's pause on keys expired
	// keys, and returns it once its sweep job is running and has deleted
	// its first batch.
	start := func(t *testing.T, grace, pause string, keys int) (*exec.Cmd, *pgxpool.Pool) {
		url, pool := sweepDB(t, keys, 0)
		configPath := writeConfig(t, fmt.Sprintf(stopConfig, url, filepath.Join(t.TempDir(), "blobs"), grace, pause))
		cmd, _ := startServe(t, bin, configPath, filepath.Join(t.TempDir(), "serve.log"))
		testenv.WaitUntil(t, 60*time.Second, "the sweep to run its first batch", func() (bool, error) {
			var running, left int
			err := pool.QueryRow(t.Context(), `
				SELECT (SELECT count(*) FROM lethe.river_job WHERE kind = 'lethe.sweep' AND state = 'running'),
				       (SELECT count(*) FROM lineage_event_idempotency)`).Scan(&running, &left)
			return running == 1 && left == keys-10, err
		})
		return cmd, pool
	}
	// exited reports cmd's exit code once it ends.
	exited := func(t *testing.T, cmd *exec.Cmd) <-chan int {
		done := make(chan int, 1)
		go func() {
			err := cmd.Wait()
			var exitErr *exec.ExitError
			switch {
			case errors.As(err, &exitErr):
				done <- exitErr.ExitCode()
			case err != nil:
				t.Error(err)
				done <- -1
			default:
				done <- 0
			}
		}()
		return done
	}
	exit := func(t *testing.T, done <-chan int, within time.Duration) int {
		select {
		case code := <-done:
			return code
		case <-time.After(within):
			t.Fatalf("lethe serve did not exit within %s", within)
			return -1
		}
	}
	// interrupted checks that the sweep's job is available again with no
	// attempt and no error counted, and audited as interrupted.
	interrupted := func(t *testing.T, pool *pgxpool.Pool) {
		var state, outcome string
		var attempt, errs int
		if err := pool.QueryRow(t.Context(), `
			SELECT j.state, j.attempt, coalesce(array_length(j.errors, 1), 0), a.outcome
			FROM lethe.river_job j JOIN lethe_deletion_audit a ON a.job_id = j.id
			WHERE j.kind = 'lethe.sweep'`).Scan(&state, &attempt, &errs, &outcome); err != nil {
			t.Fatal(err)
		}
		if (state != "available" && state != "retryable") || attempt != 0 || errs != 0 || outcome != "interrupted" {
			t.Errorf("sweep job %s, attempt %d, %d errors, audited %s; want available, attempt 0, no error, audited interrupted", state, attempt, errs, outcome)
		}
		// Nor is the interruption the policy's last error on the dashboard.
		var lastError *string
		if err := pool.QueryRow(t.Context(), `SELECT max(last_error) FROM lethe_policy_state WHERE policy = 'idempotency'`).Scan(&lastError); err != nil {
			t.Fatal(err)
		}
		if lastError != nil {
			t.Errorf("policy's last error %q, want none", *lastError)
		}
	}

	// Within the grace, the first SIGTERM lets the sweep finish: every key
	// gone, the job completed, the run audited ok, exit 0.
	t.Run("FirstSIGTERMWaitsForTheJob", func(t *testing.T) {
		t.Parallel()
		cmd, pool := start(t, "1m", "1s", 40)
		if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
			t.Fatal(err)
		}
		if code := exit(t, exited(t, cmd), 50*time.Second); code != 0 {
			t.Errorf("exit %d after a graceful stop, want 0", code)
		}
		var left int
		var state, outcome string
		if err := pool.QueryRow(t.Context(), `
			SELECT (SELECT count(*) FROM lineage_event_idempotency), j.state, a.outcome
			FROM lethe.river_job j JOIN lethe_deletion_audit a ON a.job_id = j.id
			WHERE j.kind = 'lethe.sweep'`).Scan(&left, &state, &outcome); err != nil {
			t.Fatal(err)
		}
		if left != 0 || state != "completed" || outcome != "ok" {
			t.Errorf("%d keys left, sweep job %s, audited %s; want 0, completed, ok", left, state, outcome)
		}
	})

	t.Run("SecondSIGTERMStopsAtOnce", func(t *testing.T) {
		t.Parallel()
		cmd, pool := start(t, "10m", "1m", 100)
		done := exited(t, cmd)
		if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
			t.Fatal(err)
		}
		// The first signal waits for the sweep, which pauses a minute.
		select {
		case code := <-done:
			t.Fatalf("serve exited %d on the first SIGTERM while its sweep ran", code)
		case <-time.After(2 * time.Second):
		}
		if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
			t.Fatal(err)
		}
		// Far within the 10m grace.
		second := time.Now()
		code := exit(t, done, 30*time.Second)
		t.Logf("exited %d, %s after the second SIGTERM", code, time.Since(second).Round(time.Millisecond))
		if code != 1 {
			t.Errorf("exit %d after the second SIGTERM, want 1", code)
		}
		interrupted(t, pool)
	})

	t.Run("GraceRunsOut", func(t *testing.T) {
		t.Parallel()
		cmd, pool := start(t, "2s", "1m", 100)
		if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
			t.Fatal(err)
		}
		if code := exit(t, exited(t, cmd), 30*time.Second); code != 1 {
			t.Errorf("exit %d after shutdown_grace ran out, want 1", code)
		}
		interrupted(t, pool)
	})
}
