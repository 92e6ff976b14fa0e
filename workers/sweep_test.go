package workers

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/internal/metrics"
	"github.com/lethehq/lethe/internal/pace"
	"github.com/lethehq/lethe/internal/testenv"
	"github.com/lethehq/lethe/jobs"
)

// sweepTestConfig is a configuration with one sweep policy on the example
// idempotency table and one on its partitioned twin.
const sweepTestConfig = `
policies:
  - name: idempotency
    kind: sweep
    table: lineage_event_idempotency
    key_column: idempotency_key
    batch_size: 10
    min_batch_size: 5
    statement_timeout: 30s
  - name: idempotency-partitioned
    kind: sweep
    mode: partitions
    table: lineage_event_idempotency_partitioned
    key_column: idempotency_key
    partition_period: day
    partitions_ahead: 5
`

// logRecords returns the JSON log records with message msg in logs.
func logRecords(t *testing.T, logs *testenv.LogBuffer, msg string) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(logs.String()), "\n") {
		if line == "" {
			continue
		}
		var rec map[string]any
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatalf("log line is not JSON: %q: %v", line, err)
		}
		if rec["msg"] == msg {
			out = append(out, rec)
		}
	}
	return out
}

type sweepBundle struct {
	pool    *pgxpool.Pool
	deps    *Deps
	logs    *testenv.LogBuffer
	sweeper *Sweeper
	policy  *config.Sweep // "idempotency"
	pauses  []time.Duration
	sizes   []int   // batch size of each completed batch
	deleted []int64 // rows each completed batch deleted
}

func setupSweep(t *testing.T, level slog.Level) *sweepBundle {
	t.Helper()
	cfg, err := config.Parse([]byte(sweepTestConfig), nil)
	if err != nil {
		t.Fatal(err)
	}
	b := &sweepBundle{pool: testenv.MigratedPool(t), logs: &testenv.LogBuffer{}}
	b.deps = &Deps{
		Config:  cfg,
		Pool:    b.pool,
		Logger:  slog.New(slog.NewJSONHandler(b.logs, &slog.HandlerOptions{Level: level})),
		Metrics: metrics.New(),
	}
	b.sweeper = NewSweeper(b.deps)
	b.sweeper.sleep = func(ctx context.Context, d time.Duration) error {
		b.pauses = append(b.pauses, d)
		return ctx.Err()
	}
	b.sweeper.afterBatch = func(size int, deleted int64) {
		b.sizes = append(b.sizes, size)
		b.deleted = append(b.deleted, deleted)
	}
	b.policy = cfg.Sweep("idempotency")
	return b
}

// insertKeys adds expired keys (expired-0000 the oldest) and fresh ones.
func insertKeys(t *testing.T, pool *pgxpool.Pool, table string, expired, fresh int) {
	t.Helper()
	_, err := pool.Exec(context.Background(), `
		INSERT INTO `+db.Ident(table)+` (idempotency_key, expires_at)
		SELECT format('expired-%s', lpad(g::text, 4, '0')), now() - interval '1 hour' + g * interval '1 second'
		FROM generate_series(0, $1 - 1) g
		UNION ALL
		SELECT format('fresh-%s', g), now() + interval '1 hour'
		FROM generate_series(1, $2) g`, expired, fresh)
	if err != nil {
		t.Fatalf("insert keys: %v", err)
	}
}

func countKeys(t *testing.T, pool *pgxpool.Pool, table string) (total, expired int64) {
	t.Helper()
	st, err := db.GetSweepStatus(context.Background(), db.Timeouts{}.Pool(pool), db.SweepTable{Table: table, ExpiresAtColumn: "expires_at"})
	if err != nil {
		t.Fatal(err)
	}
	return st.TotalKeys, st.ExpiredKeys
}

func TestSweepRows(t *testing.T) {
	t.Parallel()
	ctx := context.Background()

	t.Run("DeletesExpiredInBatchesUntilShortBatch", func(t *testing.T) {
		t.Parallel()
		b := setupSweep(t, slog.LevelInfo)
		insertKeys(t, b.pool, "lineage_event_idempotency", 25, 7)

		res, err := b.sweeper.Run(ctx, b.policy, nil)
		if err != nil {
			t.Fatal(err)
		}
		if res.RowsDeleted != 25 || res.Batches != 3 {
			t.Fatalf("deleted %d rows in %d batches, want 25 in 3", res.RowsDeleted, res.Batches)
		}
		if fmt.Sprint(b.sizes) != "[10 10 10]" || fmt.Sprint(b.deleted) != "[10 10 5]" {
			t.Fatalf("batches: sizes %v deleted %v, want [10 10 10] / [10 10 5]", b.sizes, b.deleted)
		}
		// A pause between batches, none after the short one.
		if fmt.Sprint(b.pauses) != "[100ms 100ms]" {
			t.Fatalf("pauses %v, want [100ms 100ms]", b.pauses)
		}
		if total, expired := countKeys(t, b.pool, "lineage_event_idempotency"); total != 7 || expired != 0 {
			t.Fatalf("left %d keys (%d expired), want the 7 fresh ones", total, expired)
		}

		recs := logRecords(t, b.logs, "Cleaned up expired idempotency keys")
		if len(recs) != 1 {
			t.Fatalf("want one success log, got %v", recs)
		}
		rec := recs[0]
		if rec["level"] != "INFO" || rec["rows_deleted"] != 25.0 || rec["batches_completed"] != 3.0 ||
			rec["status"] != "success" || rec["policy"] != "idempotency" {
			t.Fatalf("success log %v", rec)
		}
		if d, ok := rec["duration"].(float64); !ok || d <= 0 || d > 60 {
			t.Fatalf("duration %#v is not a run's length in seconds", rec["duration"])
		}

		if got := metricValue(t, b.deps.Metrics.RowsDeleted.WithLabelValues("idempotency")); got != 25 {
			t.Fatalf("rows deleted metric %v", got)
		}
		if got := metricValue(t, b.deps.Metrics.SweepBatches.WithLabelValues("idempotency")); got != 3 {
			t.Fatalf("sweep batches metric %v", got)
		}
		audit, err := db.ListAudit(ctx, b.pool, "idempotency", 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(audit) != 1 || audit[0].Action != "sweep" || audit[0].RowsDeleted != 25 || audit[0].Outcome != db.OutcomeOK {
			t.Fatalf("audit %+v", audit)
		}
		checkAuditTimes(t, audit)
	})

	t.Run("ExactMultipleEndsOnEmptyBatch", func(t *testing.T) {
		t.Parallel()
		b := setupSweep(t, slog.LevelInfo)
		insertKeys(t, b.pool, "lineage_event_idempotency", 20, 0)

		res, err := b.sweeper.Run(ctx, b.policy, nil)
		if err != nil {
			t.Fatal(err)
		}
		// The runbook counts 15 batches for 150,000 keys: the final empty
		// probe is not a completed batch.
		if res.RowsDeleted != 20 || res.Batches != 2 || fmt.Sprint(b.deleted) != "[10 10 0]" {
			t.Fatalf("deleted %d in %d batches (%v), want 20 in 2 ([10 10 0])", res.RowsDeleted, res.Batches, b.deleted)
		}
	})

	t.Run("NothingToDeleteLogsDebugOnly", func(t *testing.T) {
		t.Parallel()
		for _, level := range []slog.Level{slog.LevelInfo, slog.LevelDebug} {
			b := setupSweep(t, level)
			insertKeys(t, b.pool, "lineage_event_idempotency", 0, 3)
			if _, err := b.sweeper.Run(ctx, b.policy, nil); err != nil {
				t.Fatal(err)
			}
			recs := logRecords(t, b.logs, "Cleaned up expired idempotency keys")
			if level == slog.LevelInfo {
				if len(recs) != 0 {
					t.Fatalf("LOG_LEVEL=info logged a zero-row cleanup: %v", recs)
				}
				continue
			}
			if len(recs) != 1 || recs[0]["level"] != "DEBUG" || recs[0]["rows_deleted"] != 0.0 || recs[0]["status"] != "success" {
				t.Fatalf("LOG_LEVEL=debug: want one DEBUG record with rows_deleted 0, got %v", recs)
			}
		}
	})

	t.Run("PauseZeroDoesNotPause", func(t *testing.T) {
		t.Parallel()
		b := setupSweep(t, slog.LevelInfo)
		b.policy.Pause = 0
		insertKeys(t, b.pool, "lineage_event_idempotency", 25, 0)
		if _, err := b.sweeper.Run(ctx, b.policy, nil); err != nil {
			t.Fatal(err)
		}
		if len(b.pauses) != 0 || len(b.sizes) != 3 {
			t.Fatalf("pause 0s: %d pauses over %d batches, want none over 3", len(b.pauses), len(b.sizes))
		}
	})

	t.Run("AdaptiveGrowsWhenFast", func(t *testing.T) {
		t.Parallel()
		b := setupSweep(t, slog.LevelInfo)
		b.policy.MaxBatchSize = 40
		b.policy.TargetBatchDuration = config.Duration(time.Minute)
		insertKeys(t, b.pool, "lineage_event_idempotency", 100, 0)
		res, err := b.sweeper.Run(ctx, b.policy, nil)
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(b.sizes) != "[10 15 22 33 40]" || res.RowsDeleted != 100 {
			t.Fatalf("sizes %v (deleted %d), want [10 15 22 33 40] deleting 100", b.sizes, res.RowsDeleted)
		}
		if res.BatchSize != 40 {
			t.Fatalf("next run starts at %d, want 40", res.BatchSize)
		}
	})

	t.Run("CancelDuringPauseStopsAndKeepsDeleted", func(t *testing.T) {
		t.Parallel()
		b := setupSweep(t, slog.LevelInfo)
		insertKeys(t, b.pool, "lineage_event_idempotency", 25, 0)
		runCtx, cancel := context.WithCancel(ctx)
		defer cancel()
		b.sweeper.sleep = func(ctx context.Context, d time.Duration) error {
			b.pauses = append(b.pauses, d)
			cancel() // shutdown arrives during the pause
			return pace.Sleep(ctx, time.Hour)
		}

		res, err := b.sweeper.Run(runCtx, b.policy, nil)
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("want context.Canceled, got %v", err)
		}
		if res.RowsDeleted != 10 || len(b.sizes) != 1 {
			t.Fatalf("deleted %d rows in %d batches before stopping, want 10 in 1", res.RowsDeleted, len(b.sizes))
		}
		if _, expired := countKeys(t, b.pool, "lineage_event_idempotency"); expired != 15 {
			t.Fatalf("%d expired keys left, want 15 (the first batch stays deleted)", expired)
		}
		recs := logRecords(t, b.logs, "Failed to cleanup expired idempotency keys")
		if len(recs) != 1 || recs[0]["rows_deleted_before_error"] != 10.0 || recs[0]["status"] != "failed" {
			t.Fatalf("error log %v", recs)
		}
	})

	t.Run("CancelDuringBatchLetsItFinishThenStops", func(t *testing.T) {
		t.Parallel()
		b := setupSweep(t, slog.LevelInfo)
		insertKeys(t, b.pool, "lineage_event_idempotency", 25, 0)
		lock := blockKeys(t, b.pool, "expired-0000")

		runCtx, cancel := context.WithCancel(ctx)
		defer cancel()
		released := make(chan struct{})
		go func() {
			defer close(released)
			waitForLockWait(t, b.pool)
			cancel()           // shutdown while the first batch waits on a lock
			lock.Rollback(ctx) // then the lock goes away within the finishing window
		}()
		res, err := b.sweeper.Run(runCtx, b.policy, nil)
		<-released // before blockKeys' cleanup rolls back again
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("want context.Canceled, got %v", err)
		}
		if res.RowsDeleted != 10 || len(b.sizes) != 1 {
			t.Fatalf("deleted %d in %d batches, want the in-flight batch of 10 and no more", res.RowsDeleted, len(b.sizes))
		}
		if _, expired := countKeys(t, b.pool, "lineage_event_idempotency"); expired != 15 {
			t.Fatalf("%d expired keys left, want 15", expired)
		}
	})

	t.Run("CancelDuringStuckBatchRollsItBack", func(t *testing.T) {
		t.Parallel()
		b := setupSweep(t, slog.LevelInfo)
		b.sweeper.finishBatchWithin = 50 * time.Millisecond
		insertKeys(t, b.pool, "lineage_event_idempotency", 5, 0)
		lock := blockKeys(t, b.pool, "expired-0000")
		defer lock.Rollback(ctx)

		runCtx, cancel := context.WithCancel(ctx)
		defer cancel()
		go func() {
			waitForLockWait(t, b.pool)
			cancel()
		}()
		_, err := b.sweeper.Run(runCtx, b.policy, nil)
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("want context.Canceled, got %v", err)
		}
		if _, expired := countKeys(t, b.pool, "lineage_event_idempotency"); expired != 5 {
			t.Fatalf("%d expired keys left, want 5 (the cut batch rolled back)", expired)
		}
	})

	t.Run("StatementTimeoutShrinksBatchAndServiceLivesOn", func(t *testing.T) {
		t.Parallel()
		b := setupSweep(t, slog.LevelInfo)
		b.policy.StatementTimeout = config.Duration(time.Second) // generous: only the locked batches may time out
		insertKeys(t, b.pool, "lineage_event_idempotency", 30, 2)
		// Deleting the 5 newest expired keys waits: batches 1 and 2 go
		// through, then every batch reaching them times out.
		lock := blockKeys(t, b.pool, "expired-0025", "expired-0026", "expired-0027", "expired-0028", "expired-0029")

		res, err := b.sweeper.Run(ctx, b.policy, nil)
		if !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), "context deadline exceeded") {
			t.Fatalf("want a deadline error, got %v", err)
		}
		// 10, 10, then 10 timed out → 5 deleted → 7 timed out → 5 timed
		// out at min_batch_size: the run fails.
		if res.RowsDeleted != 25 || res.Batches != 3 || res.Timeouts != 3 {
			t.Fatalf("deleted %d in %d batches with %d timeouts, want 25 in 3 with 3", res.RowsDeleted, res.Batches, res.Timeouts)
		}
		recs := logRecords(t, b.logs, "Failed to cleanup expired idempotency keys")
		if len(recs) != 1 {
			t.Fatalf("want one error log, got %v", recs)
		}
		rec := recs[0]
		if rec["level"] != "ERROR" || rec["rows_deleted_before_error"] != 25.0 || rec["batches_completed"] != 3.0 ||
			rec["status"] != "failed" || !strings.Contains(rec["error"].(string), "context deadline exceeded") {
			t.Fatalf("error log %v", rec)
		}
		if got := metricValue(t, b.deps.Metrics.SweepTimeouts.WithLabelValues("idempotency")); got != 3 {
			t.Fatalf("timeouts metric %v, want 3", got)
		}
		audit, err := db.ListAudit(ctx, b.pool, "idempotency", 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(audit) != 1 || audit[0].Outcome != db.OutcomePartial || audit[0].RowsDeleted != 25 {
			t.Fatalf("audit %+v", audit)
		}

		// The lock goes away; the next run works and starts smaller.
		lock.Rollback(ctx)
		b.sizes = nil
		res, err = b.sweeper.Run(ctx, b.policy, nil)
		if err != nil {
			t.Fatalf("next run: %v", err)
		}
		if res.RowsDeleted != 5 || len(b.sizes) == 0 || b.sizes[0] != 5 {
			t.Fatalf("next run deleted %d with batch sizes %v, want 5 starting at 5", res.RowsDeleted, b.sizes)
		}
	})

	t.Run("NotAdaptiveFailsOnFirstTimeout", func(t *testing.T) {
		t.Parallel()
		b := setupSweep(t, slog.LevelInfo)
		b.policy.StatementTimeout = config.Duration(200 * time.Millisecond)
		b.policy.Adaptive = false
		insertKeys(t, b.pool, "lineage_event_idempotency", 3, 0)
		lock := blockKeys(t, b.pool, "expired-0001")
		defer lock.Rollback(ctx)
		res, err := b.sweeper.Run(ctx, b.policy, nil)
		if !db.IsSweepTimeout(err) || res.Timeouts != 1 || res.RowsDeleted != 0 {
			t.Fatalf("want one timeout and nothing deleted, got %+v, %v", res, err)
		}
	})
}

// blockKeys makes deleting keys wait on a lock until the returned
// transaction ends, as a slow or stuck batch would: a trigger takes an
// advisory lock that the transaction holds. (A row lock no longer makes a
// sweep wait: it skips rows others hold.)
func blockKeys(t *testing.T, pool *pgxpool.Pool, keys ...string) interface {
	Rollback(context.Context) error
} {
	t.Helper()
	ctx := context.Background()
	_, err := pool.Exec(ctx, `
		CREATE TABLE test_blocked_keys (key text PRIMARY KEY);
		CREATE FUNCTION test_block_delete() RETURNS trigger LANGUAGE plpgsql AS $$
		BEGIN
			IF EXISTS (SELECT 1 FROM test_blocked_keys WHERE key = OLD.idempotency_key) THEN
				PERFORM pg_advisory_xact_lock(4242);
			END IF;
			RETURN OLD;
		END $$;
		CREATE TRIGGER test_block_delete BEFORE DELETE ON lineage_event_idempotency
			FOR EACH ROW EXECUTE FUNCTION test_block_delete();`)
	if err != nil {
		t.Fatalf("block keys: %v", err)
	}
	if _, err := pool.Exec(ctx, `INSERT INTO test_blocked_keys SELECT unnest($1::text[])`, keys); err != nil {
		t.Fatalf("block keys: %v", err)
	}
	tx, err := pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tx.Rollback(context.Background()) })
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(4242)`); err != nil {
		t.Fatalf("block keys: %v", err)
	}
	return tx
}

// waitForLockWait waits until some session of this database waits on a lock.
func waitForLockWait(t *testing.T, pool *pgxpool.Pool) {
	for range 3000 {
		var waiting bool
		err := pool.QueryRow(context.Background(), `
			SELECT count(*) > 0 FROM pg_stat_activity
			WHERE datname = current_database() AND wait_event_type = 'Lock'`).Scan(&waiting)
		if err != nil {
			t.Error(err)
			return
		}
		if waiting {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Error("no session started waiting on a lock")
}

func TestSweepWorker(t *testing.T) {
	t.Parallel()
	ctx := context.Background()

	job := func(policy string) *river.Job[jobs.Sweep] {
		return &river.Job[jobs.Sweep]{JobRow: &rivertype.JobRow{ID: 42, Attempt: 1, Kind: jobs.KindSweep}, Args: jobs.Sweep{Policy: policy}}
	}

	t.Run("SweepsAndRecordsRun", func(t *testing.T) {
		t.Parallel()
		b := setupSweep(t, slog.LevelInfo)
		insertKeys(t, b.pool, "lineage_event_idempotency", 12, 1)
		w := &SweepWorker{sweeper: b.sweeper}
		if err := w.Work(ctx, job("idempotency")); err != nil {
			t.Fatal(err)
		}
		if total, _ := countKeys(t, b.pool, "lineage_event_idempotency"); total != 1 {
			t.Fatalf("%d keys left, want 1", total)
		}
		state, err := db.GetPolicyState(ctx, b.pool, "idempotency")
		if err != nil || state.LastRunAt == nil {
			t.Fatalf("run not recorded: %+v, %v", state, err)
		}
		audit, _ := db.ListAudit(ctx, b.pool, "idempotency", 1)
		if len(audit) != 1 || audit[0].JobID == nil || *audit[0].JobID != 42 {
			t.Fatalf("audit %+v", audit)
		}
		if w.Timeout(job("idempotency")) != 30*time.Minute {
			t.Fatalf("timeout %s, want 30m (half of rescue_stuck_jobs_after)", w.Timeout(job("idempotency")))
		}
	})

	// Each periodic run records what it came to, newest first, for the
	// dashboard's health: deleted N, nothing due, gave way to a lock (naming
	// the holder), error.
	t.Run("RecordsEachRunsOutcome", func(t *testing.T) {
		t.Parallel()
		b := setupSweep(t, slog.LevelInfo)
		b.policy.LockTimeout = config.Duration(300 * time.Millisecond)
		insertKeys(t, b.pool, "lineage_event_idempotency", 12, 1)
		w := &SweepWorker{sweeper: b.sweeper}
		for range 2 {
			if err := w.Work(ctx, job("idempotency")); err != nil {
				t.Fatal(err)
			}
		}
		insertKeys(t, b.pool, "lineage_event_idempotency", 5, 0) // the fresh key stays
		app := appSession(t, b.pool)
		if _, err := app.Exec(ctx, `LOCK TABLE lineage_event_idempotency IN ACCESS EXCLUSIVE MODE`); err != nil {
			t.Fatal(err)
		}
		if err := w.Work(ctx, job("idempotency")); err != nil {
			t.Fatal(err)
		}
		if err := app.Rollback(ctx); err != nil {
			t.Fatal(err)
		}
		b.policy.Table = "no_such_table"
		if err := w.Work(ctx, job("idempotency")); err == nil {
			t.Fatal("sweep of a missing table: no error")
		}

		runs, err := db.ListPolicyRuns(ctx, b.pool)
		if err != nil {
			t.Fatal(err)
		}
		got := runs["idempotency"]
		var outcomes []string
		for _, r := range got.Recent {
			outcomes = append(outcomes, fmt.Sprintf("%s %s %d", r.Kind, r.Outcome, r.Rows))
		}
		want := []string{"lethe.sweep error 0", "lethe.sweep lock 0", "lethe.sweep nothing_due 0", "lethe.sweep deleted 12"}
		if !slices.Equal(outcomes, want) {
			t.Fatalf("outcomes %q, want %q", outcomes, want)
		}
		if !strings.Contains(got.Recent[0].Reason, "no_such_table") || !strings.Contains(got.Recent[1].Reason, "billing") {
			t.Errorf("reasons %q, %q: want the error and the lock's holder", got.Recent[0].Reason, got.Recent[1].Reason)
		}
		if got.LastDeletedAt == nil || !got.LastDeletedAt.Equal(got.Recent[3].At) {
			t.Errorf("last deleted at %v, want the first run's %v", got.LastDeletedAt, got.Recent[3].At)
		}
	})

	t.Run("PausedPolicyDoesNothing", func(t *testing.T) {
		t.Parallel()
		b := setupSweep(t, slog.LevelInfo)
		insertKeys(t, b.pool, "lineage_event_idempotency", 12, 1)
		if err := db.SetPolicyPaused(ctx, b.pool, "idempotency", true); err != nil {
			t.Fatal(err)
		}
		if err := (&SweepWorker{sweeper: b.sweeper}).Work(ctx, job("idempotency")); err != nil {
			t.Fatal(err)
		}
		if total, _ := countKeys(t, b.pool, "lineage_event_idempotency"); total != 13 {
			t.Fatalf("paused policy deleted keys: %d left", total)
		}
	})

	t.Run("UnknownPolicyIsCancelled", func(t *testing.T) {
		t.Parallel()
		b := setupSweep(t, slog.LevelInfo)
		err := (&SweepWorker{sweeper: b.sweeper}).Work(ctx, job("nope"))
		var cancel *river.JobCancelError
		if !errors.As(err, &cancel) {
			t.Fatalf("want a JobCancel error, got %v", err)
		}
	})

	t.Run("FailedRunIsCancelledAfterMaxAttempts", func(t *testing.T) {
		t.Parallel()
		b := setupSweep(t, slog.LevelInfo)
		b.policy.Table = "no_such_table"
		w := &SweepWorker{sweeper: b.sweeper}
		j := job("idempotency")
		if err := w.Work(ctx, j); err == nil || errors.As(err, new(*river.JobCancelError)) {
			t.Fatalf("first attempt: want a retryable error, got %v", err)
		}
		j.Attempt = sweepMaxAttempts
		if err := w.Work(ctx, j); !errors.As(err, new(*river.JobCancelError)) {
			t.Fatalf("last attempt: want JobCancel, got %v", err)
		}
		state, _ := db.GetPolicyState(ctx, b.pool, "idempotency")
		if !strings.Contains(state.LastError, "no_such_table") {
			t.Fatalf("last error %q", state.LastError)
		}
	})
}

func TestSweepStartupLog(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		env  string
		want float64
	}{{"", 3600}, {"30m", 1800}, {"15m", 900}} {
		cfg, err := config.Parse(config.Default, func(k string) string {
			if k == "IDEMPOTENCY_CLEANUP_INTERVAL" {
				return tc.env
			}
			return ""
		})
		if err != nil {
			t.Fatal(err)
		}
		logs := &testenv.LogBuffer{}
		deps := &Deps{Config: cfg, Logger: slog.New(slog.NewJSONHandler(logs, nil)), Metrics: metrics.New()}
		if err := registerSweep(river.NewWorkers(), deps); err != nil {
			t.Fatal(err)
		}
		recs := logRecords(t, logs, "Started idempotency cleanup goroutine")
		if len(recs) != 1 || recs[0]["interval"] != tc.want || recs[0]["policy"] != "idempotency" || recs[0]["level"] != "INFO" {
			t.Fatalf("IDEMPOTENCY_CLEANUP_INTERVAL=%q: startup log %v, want interval %v", tc.env, recs, tc.want)
		}
		periodics := sweepPeriodics(cfg.Sweep("idempotency"))
		if len(periodics) != 1 || periodics[0].Name != "sweep" || periodics[0].Args.Kind() != "lethe.sweep" || !periodics[0].Main {
			t.Fatalf("periodics %+v", periodics)
		}
	}
}

func TestSweepPartitions(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	const table = "lineage_event_idempotency_partitioned"

	b := setupSweep(t, slog.LevelInfo)
	p := b.deps.Config.Sweep("idempotency-partitioned")
	var now time.Time
	if err := b.pool.QueryRow(ctx, `SELECT now()`).Scan(&now); err != nil {
		t.Fatal(err)
	}
	today := periodStart(now, "day")
	// Two old partitions, wholly expired, holding 4 and 3 rows.
	for i, rows := range map[int]int{-3: 4, -2: 3} {
		from, to := periodAdd(today, "day", i), periodAdd(today, "day", i+1)
		name := partitionName(table, "day", from)
		if err := db.CreatePartition(ctx, db.Timeouts{Lock: time.Minute, Statement: time.Minute}.Pool(b.pool), table, name, from, to); err != nil {
			t.Fatal(err)
		}
		if _, err := b.pool.Exec(ctx, `
			INSERT INTO `+table+` (idempotency_key, expires_at)
			SELECT format('old-%s-%s', $3::int, g), $1::timestamptz + interval '1 hour' FROM generate_series(1, $2) g`,
			from, rows, i); err != nil {
			t.Fatal(err)
		}
	}
	// Today's partition is live: 2 keys already expired, 3 fresh.
	if _, err := b.pool.Exec(ctx, `
		INSERT INTO `+table+` (idempotency_key, expires_at)
		SELECT 'today-expired-' || g, greatest($1::timestamptz, now() - interval '1 minute') FROM generate_series(1, 2) g
		UNION ALL
		SELECT 'fresh-' || g, now() + interval '1 hour' FROM generate_series(1, 3) g`, today); err != nil {
		t.Fatal(err)
	}

	res, err := b.sweeper.Run(ctx, p, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.RowsDeleted != 7 || len(res.PartitionsDropped) != 2 {
		t.Fatalf("dropped %v holding %d rows, want the 2 old ones holding 7", res.PartitionsDropped, res.RowsDeleted)
	}
	wantCreated := []string{partitionName(table, "day", periodAdd(today, "day", 4)), partitionName(table, "day", periodAdd(today, "day", 5))}
	if fmt.Sprint(res.PartitionsCreated) != fmt.Sprint(wantCreated) {
		t.Fatalf("created %v, want %v (the migration made today..+3)", res.PartitionsCreated, wantCreated)
	}
	parts, err := db.ListPartitions(ctx, b.pool, table, "expires_at")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, part := range parts {
		names = append(names, part.Name)
	}
	var want []string
	for i := 0; i <= 5; i++ {
		want = append(want, partitionName(table, "day", periodAdd(today, "day", i)))
	}
	if fmt.Sprint(names) != fmt.Sprint(want) {
		t.Fatalf("partitions %v, want %v", names, want)
	}
	if total, _ := countKeys(t, b.pool, table); total != 5 {
		t.Fatalf("%d keys left, want the 5 in today's live partition", total)
	}
	recs := logRecords(t, b.logs, "Cleaned up expired idempotency keys")
	if len(recs) != 1 || recs[0]["level"] != "INFO" || recs[0]["rows_deleted"] != 7.0 ||
		recs[0]["partitions_dropped"] != 2.0 || recs[0]["partitions_created"] != 2.0 {
		t.Fatalf("log %v", recs)
	}

	// Nothing left to do: no change, no INFO line.
	res, err = b.sweeper.Run(ctx, p, nil)
	if err != nil || res.RowsDeleted != 0 || len(res.PartitionsDropped)+len(res.PartitionsCreated) != 0 {
		t.Fatalf("second run: %+v, %v", res, err)
	}
	if recs := logRecords(t, b.logs, "Cleaned up expired idempotency keys"); len(recs) != 1 {
		t.Fatalf("second run logged at INFO: %v", recs)
	}

	// Rows mode works on a partitioned table too (by key): it takes the
	// expired keys out of the live partition.
	rowsPolicy := *p
	rowsPolicy.Mode = "rows"
	rowsPolicy.BatchSize, rowsPolicy.MinBatchSize, rowsPolicy.MaxBatchSize = 10, 5, 10
	res, err = b.sweeper.Run(ctx, &rowsPolicy, nil)
	if err != nil || res.RowsDeleted != 2 {
		t.Fatalf("rows mode on the partitioned table: %+v, %v", res, err)
	}
	if total, expired := countKeys(t, b.pool, table); total != 3 || expired != 0 {
		t.Fatalf("%d keys (%d expired) left, want 3 fresh", total, expired)
	}
}

func TestSweepPartitionNames(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 1, 31, 17, 45, 0, 0, time.UTC)
	for _, tc := range []struct {
		period            config.PartitionPeriod
		start, next, name string
	}{
		{"hour", "2026-01-31T17:00:00Z", "2026-01-31T18:00:00Z", "t_p2026013117"},
		{"day", "2026-01-31T00:00:00Z", "2026-02-01T00:00:00Z", "t_p20260131"},
		{"month", "2026-01-01T00:00:00Z", "2026-02-01T00:00:00Z", "t_p202601"},
	} {
		start := periodStart(at, tc.period)
		if got := start.Format(time.RFC3339); got != tc.start {
			t.Errorf("%s: start %s, want %s", tc.period, got, tc.start)
		}
		if got := periodAdd(start, tc.period, 1).Format(time.RFC3339); got != tc.next {
			t.Errorf("%s: next %s, want %s", tc.period, got, tc.next)
		}
		if got := partitionName("t", tc.period, start); got != tc.name {
			t.Errorf("%s: name %s, want %s", tc.period, got, tc.name)
		}
	}
	if got := partitionName(strings.Repeat("x", 63), "day", at); len(got) != 63 || !strings.HasSuffix(got, "_p20260131") {
		t.Errorf("long table name: %q", got)
	}
}

// TestSweepPacesToForeground runs a paced sweep (yield_to_foreground) on an
// idle database, under a real foreground that writes to the same table,
// and after that foreground stops. The commit probe is the signal; the
// targets are set out of its reach both ways (1µs: every probe is over, 1h:
// none is), so the test asserts the direction of each change, never a speed.
func TestSweepPacesToForeground(t *testing.T) {
	t.Parallel()
	ctx := context.Background()

	b := setupSweep(t, slog.LevelInfo)
	b.policy.YieldToForeground = true
	b.policy.YieldBatchSize = 8
	b.policy.YieldPause = config.Duration(250 * time.Millisecond)
	b.policy.Pace.MinBatchSize = 2
	b.policy.Pace.TargetP99 = config.Duration(time.Microsecond)
	var outcome db.RunOutcome // the run's, as a periodic run records it
	run := func(what string, expired int) {
		t.Helper()
		b.sizes, b.pauses = nil, nil
		insertKeys(t, b.pool, "lineage_event_idempotency", expired, 0)
		runCtx, note := withRunNote(ctx)
		res, err := b.sweeper.Run(runCtx, b.policy, nil)
		outcome = note.outcome(jobs.KindSweep, err).Outcome
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		if res.RowsDeleted != int64(expired) {
			t.Fatalf("%s: deleted %d, want %d", what, res.RowsDeleted, expired)
		}
		t.Logf("%s: batch sizes %v, pauses %v", what, b.sizes, b.pauses)
	}

	// On an otherwise idle database the sweep runs at its own speed.
	run("idle database", 10)
	if fmt.Sprint(b.sizes) != "[10 10]" || fmt.Sprint(b.pauses) != "[100ms]" {
		t.Fatalf("idle database: batch sizes %v, pauses %v; want full batches [10 10] and the policy's pause", b.sizes, b.pauses)
	}
	if outcome != db.RunDeleted {
		t.Errorf("idle database: outcome %s, want deleted", outcome)
	}

	// Another application writes to the same table, durably, all along.
	stopFG := appBusy(t, b.pool, func(i int) string {
		return `SET synchronous_commit = on; INSERT INTO lineage_event_idempotency (idempotency_key, expires_at)
			VALUES ('fg-` + fmt.Sprint(i) + `', now() + interval '1 hour')`
	})

	// Every probe over the target: batches halve from yield_batch_size to
	// pacing.min_batch_size, pauses double from yield_pause to pacing.max_pause.
	run("foreground over target", 20)
	if b.sizes[0] != 8 || b.sizes[len(b.sizes)-1] != 2 || !falling(b.sizes) {
		t.Fatalf("over target: batch sizes %v; want them falling from 8 to 2", b.sizes)
	}
	if b.pauses[0] != 500*time.Millisecond || b.pauses[len(b.pauses)-1] != time.Second || !slices.IsSorted(b.pauses) {
		t.Fatalf("over target: pauses %v; want them growing from 500ms to 1s", b.pauses)
	}
	if outcome != db.RunPaced {
		t.Errorf("over target: outcome %s, want paced", outcome)
	}

	// Every probe within the target: from where it was, the batch grows
	// and the pause shrinks, step by step. The slowdown limit is set out
	// of reach too: on a busy machine a probe during a batch may well be
	// slower than those between batches.
	b.policy.Pace.TargetP99 = config.Duration(time.Hour)
	b.policy.Pace.MaxSlowdown = 100
	run("foreground within target", 30)
	if b.sizes[0] != 2 || !slices.IsSorted(b.sizes[:len(b.sizes)-1]) || b.sizes[len(b.sizes)-2] <= 2 {
		t.Fatalf("within target: batch sizes %v; want them growing from 2", b.sizes)
	}
	if !falling(b.pauses) || b.pauses[len(b.pauses)-1] >= time.Second {
		t.Fatalf("within target: pauses %v; want them shrinking from 1s", b.pauses)
	}

	// The foreground stops: the sweep is back at its own speed.
	stopFG()
	testenv.WaitUntil(t, 10*time.Second, "the foreground to go quiet", func() (bool, error) {
		l, err := db.ReadForegroundLoad(ctx, b.pool)
		return l.Busy == 0, err
	})
	b.policy.Pace.TargetP99 = config.Duration(time.Microsecond)
	run("after the foreground", 10)
	if fmt.Sprint(b.sizes) != "[10 10]" || fmt.Sprint(b.pauses) != "[100ms]" {
		t.Fatalf("after the foreground: batch sizes %v, pauses %v; want full batches and the policy's pause again", b.sizes, b.pauses)
	}
	if total, expired := countKeys(t, b.pool, "lineage_event_idempotency"); expired != 0 || total == 0 {
		t.Fatalf("left %d keys (%d expired), want the foreground's fresh ones only", total, expired)
	}
}

// falling reports whether xs never grows.
func falling[T int | time.Duration](xs []T) bool {
	for i := 1; i < len(xs); i++ {
		if xs[i] > xs[i-1] {
			return false
		}
	}
	return true
}
