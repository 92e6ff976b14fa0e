package workers

import (
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/internal/metrics"
	"github.com/lethehq/lethe/internal/testenv"
	"github.com/lethehq/lethe/jobs"
)

const replicaTestConfig = `
database:
  max_replica_lag: 1s
  max_replica_lag_bytes: 524288
river:
  job_timeout: 1m
  rescue_stuck_jobs_after: 1h
policies:
  - name: idempotency
    kind: sweep
    table: lineage_event_idempotency
    key_column: idempotency_key
    batch_size: 100
    pause: 0s
  - name: pastes
    kind: expire
    table: pastes
    batch_size: 100
    run_budget: 10m
    batch_timeout: 1m
    stuck_after: 2h
`

// TestReplicaLagPausesDeletion runs a sweep and an expire planner against
// a real primary whose streaming standby has its replay paused: deletion
// stops once the standby is max_replica_lag_bytes behind, says so, and
// finishes by itself once replay resumes.
func TestReplicaLagPausesDeletion(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	pair := testenv.Replicated(t)

	cfg, err := config.Parse([]byte(replicaTestConfig), nil)
	if err != nil {
		t.Fatal(err)
	}
	pool, err := db.Connect(ctx, pair.PrimaryURL, 10)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	logs := &testenv.LogBuffer{}
	deps := &Deps{Config: cfg, Pool: pool, Logger: slog.New(slog.NewJSONHandler(logs, nil)), Metrics: metrics.New()}
	client := startClient(t, pool, deps, func(w *river.Workers, d *Deps) error {
		if err := registerExpire(w, d); err != nil {
			return err
		}
		return registerSweep(w, d)
	}, 4)
	sweeper := NewSweeper(deps)

	if _, err := pool.Exec(ctx, `INSERT INTO lineage_event_idempotency (idempotency_key, expires_at)
		SELECT 'expired-' || g, now() - interval '1 hour' FROM generate_series(1, 20000) g`); err != nil {
		t.Fatal(err)
	}
	expireInsertPastes(t, pool, nil, 1000, time.Now().Add(-time.Hour))
	testenv.WaitUntil(t, time.Minute, "the standby to catch up", func() (bool, error) {
		r, err := db.ReadReplication(ctx, pool)
		return err == nil && len(r.Standbys) == 1 && r.Standbys[0].BehindBytes == 0, err
	})

	pair.PauseReplay(t)
	swept := make(chan error, 1)
	sweepCtx, note := withRunNote(context.WithoutCancel(ctx)) // as a periodic run's
	go func() {
		_, err := sweeper.Run(sweepCtx, cfg.Sweep("idempotency"), nil)
		swept <- err
	}()
	gate := deps.Pacers.Gate
	testenv.WaitUntil(t, time.Minute, "the sweep to pause for the standby", func() (bool, error) {
		return gate.Throttled(), nil
	})
	// Throttled: the planner claims nothing and the sweep deletes nothing.
	res, err := client.Insert(ctx, jobs.ExpirePlan{Policy: "pastes"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	// A batch claimed before the standby fell behind waits too.
	claimedAt := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	if _, err := pool.Exec(ctx, `UPDATE pastes SET deletion_status = 'DELETION_IN_PROGRESS', deletion_initiated_at = $1
		WHERE id IN (SELECT id FROM pastes ORDER BY id LIMIT 50)`, claimedAt); err != nil {
		t.Fatal(err)
	}
	if _, err := client.Insert(ctx, jobs.ExpireBatch{Policy: "pastes", ClaimedAt: claimedAt, Rows: 50}, nil); err != nil {
		t.Fatal(err)
	}
	expiredBefore, _ := countKeys(t, pool, "lineage_event_idempotency")
	time.Sleep(2 * time.Second)
	expiredAfter, _ := countKeys(t, pool, "lineage_event_idempotency")
	if expiredBefore == 0 || expiredAfter != expiredBefore {
		t.Fatalf("while the standby lags: %d expired keys, then %d; want the sweep paused with keys left", expiredBefore, expiredAfter)
	}
	var pastes int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM pastes`).Scan(&pastes); err != nil || pastes != 1000 {
		t.Fatalf("while the standby lags: %d of 1000 pastes left (%v); want none deleted", pastes, err)
	}
	if n := expiredPastes(t, pool, "DELETION_IN_PROGRESS"); n != 50 {
		t.Fatalf("while the standby lags: %d rows claimed; want only the 50 of the batch claimed before, still waiting", n)
	}
	if warn := logRecords(t, logs, "Standby lags behind; deletion paused"); len(warn) != 1 || warn[0]["level"] != "WARN" || warn[0]["lag_bytes"].(float64) <= 524288 {
		t.Fatalf("throttle log: %v; want one WARN naming a lag over 524288 bytes", warn)
	}
	if state := deps.Metrics.Pace.Replica.Get(); !state.Throttled || state.Since == nil {
		t.Fatalf("dashboard state while throttled: %+v", state)
	}

	pair.ResumeReplay(t)
	select {
	case err := <-swept:
		if err != nil {
			t.Fatalf("sweep after replay resumed: %v", err)
		}
		if run := note.outcome("lethe.sweep", nil); run.Outcome != db.RunReplicaLag || run.Rows != 20000 {
			t.Errorf("the run's outcome %+v, want replica_lag having deleted 20000", run)
		}
	case <-time.After(2 * time.Minute):
		t.Fatal("the sweep did not finish after replay resumed")
	}
	if job := waitJob(t, client, res.Job.ID); job.State != rivertype.JobStateCompleted {
		t.Fatalf("planner ended %s: %v", job.State, job.Errors)
	}
	testenv.WaitUntil(t, time.Minute, "every expired paste deleted", func() (bool, error) {
		var n int
		err := pool.QueryRow(ctx, `SELECT count(*) FROM pastes`).Scan(&n)
		return n == 0, err
	})
	if _, expired := countKeys(t, pool, "lineage_event_idempotency"); expired != 0 {
		t.Fatalf("%d expired keys left", expired)
	}
	// Each pause ends with an INFO line (the sweep's own WAL may trip the
	// gate again for a moment after replay resumed).
	warns := logRecords(t, logs, "Standby lags behind; deletion paused")
	infos := logRecords(t, logs, "Standby caught up; deletion resumed")
	if len(infos) == 0 || len(infos) != len(warns) || infos[0]["level"] != "INFO" {
		t.Fatalf("%d pauses logged, %d resumptions: %v; want each pause resumed at INFO", len(warns), len(infos), infos)
	}
	if secs := metricValue(t, deps.Metrics.Pace.ReplicaThrottled); secs < 1 {
		t.Fatalf("lethe_replica_throttled_seconds_total %.2f; want the time paused (over 2s)", secs)
	}
	if gate.Throttled() || deps.Metrics.Pace.Replica.Get().Throttled {
		t.Fatal("still throttled after the standby caught up")
	}

	// The same, reading the replay position on the standby itself
	// (database.replica_url) rather than in pg_stat_replication.
	cfg.Database.ReplicaURL = pair.StandbyURL
	logs2 := &testenv.LogBuffer{}
	deps2 := &Deps{Config: cfg, Pool: pool, Logger: slog.New(slog.NewJSONHandler(logs2, nil)), Metrics: metrics.New()}
	sweeper2 := NewSweeper(deps2)
	if _, err := pool.Exec(ctx, `INSERT INTO lineage_event_idempotency (idempotency_key, expires_at)
		SELECT 'again-' || g, now() - interval '1 hour' FROM generate_series(1, 20000) g`); err != nil {
		t.Fatal(err)
	}
	testenv.WaitUntil(t, time.Minute, "the standby to catch up again", func() (bool, error) {
		r, err := db.ReadReplication(ctx, pool)
		return err == nil && len(r.Standbys) == 1 && r.Standbys[0].BehindBytes == 0, err
	})
	pair.PauseReplay(t)
	go func() {
		_, err := sweeper2.Run(context.WithoutCancel(ctx), cfg.Sweep("idempotency"), nil)
		swept <- err
	}()
	testenv.WaitUntil(t, time.Minute, "the sweep to pause for the standby it reads", func() (bool, error) {
		return deps2.Pacers.Gate.Throttled(), nil
	})
	if warn := logRecords(t, logs2, "Standby lags behind; deletion paused"); len(warn) != 1 || !strings.HasPrefix(warn[0]["standby"].(string), "127.0.0.1:") {
		t.Fatalf("throttle log with replica_url: %v; want one naming the standby's address", warn)
	}
	pair.ResumeReplay(t)
	select {
	case err := <-swept:
		if err != nil {
			t.Fatalf("sweep after replay resumed (replica_url): %v", err)
		}
	case <-time.After(2 * time.Minute):
		t.Fatal("the sweep did not finish after replay resumed (replica_url)")
	}
	if _, expired := countKeys(t, pool, "lineage_event_idempotency"); expired != 0 {
		t.Fatalf("%d expired keys left (replica_url)", expired)
	}
}

// expiredPastes counts pastes in status.
func expiredPastes(t *testing.T, exec db.Executor, status string) int {
	t.Helper()
	var n int
	if err := exec.QueryRow(t.Context(), `SELECT count(*) FROM pastes WHERE deletion_status = $1`, status).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}
