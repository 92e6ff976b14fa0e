package workers

import (
	"context"
	"log/slog"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river/rivertype"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/internal/metrics"
	"github.com/lethehq/lethe/internal/testenv"
	"github.com/lethehq/lethe/jobs"
)

type pruneBundle struct {
	pool   *pgxpool.Pool
	deps   *Deps
	logs   *testenv.LogBuffer
	pruner *HistoryPruner
	pauses []time.Duration
}

// setupPrune returns a pruner on a fresh database configured by audit, a
// YAML audit section.
func setupPrune(t *testing.T, audit string) *pruneBundle {
	t.Helper()
	cfg, err := config.Parse([]byte("audit:\n"+audit), nil)
	if err != nil {
		t.Fatal(err)
	}
	b := &pruneBundle{pool: testenv.MigratedPool(t), logs: &testenv.LogBuffer{}}
	b.deps = &Deps{
		Config:  cfg,
		Pool:    b.pool,
		Logger:  slog.New(slog.NewJSONHandler(b.logs, &slog.HandlerOptions{Level: slog.LevelDebug})),
		Metrics: metrics.New(),
	}
	b.pruner = NewHistoryPruner(b.deps)
	b.pruner.sleep = func(ctx context.Context, d time.Duration) error {
		b.pauses = append(b.pauses, d)
		return ctx.Err()
	}
	return b
}

// seedHistory inserts n audit entries of policy finished age ago, one
// minute apart going back.
func seedHistory(t *testing.T, pool *pgxpool.Pool, policy string, n int, age time.Duration) {
	t.Helper()
	_, err := pool.Exec(t.Context(), `
		INSERT INTO lethe_deletion_audit (policy, action, rows_deleted, started_at, finished_at, outcome)
		SELECT $1, 'sweep', 1, f - interval '1 second', f, 'ok'
		FROM (SELECT now() - make_interval(secs => $3) - g * interval '1 minute' AS f FROM generate_series(0, $2 - 1) g) s`,
		policy, n, age.Seconds())
	if err != nil {
		t.Fatalf("seed audit: %v", err)
	}
}

// historyOf counts policy's audit entries and returns the oldest one's
// finish time.
func historyOf(t *testing.T, pool *pgxpool.Pool, policy string) (n int, oldest *time.Time) {
	t.Helper()
	if err := pool.QueryRow(t.Context(), `SELECT count(*), min(finished_at) FROM lethe_deletion_audit WHERE policy = $1`, policy).Scan(&n, &oldest); err != nil {
		t.Fatal(err)
	}
	return n, oldest
}

func TestPruneHistory(t *testing.T) {
	t.Parallel()
	const days = 24 * time.Hour

	t.Run("OlderThanRetainPrunedInBatchesNewerStay", func(t *testing.T) {
		t.Parallel()
		b := setupPrune(t, "  retain: 2160h\n  batch_size: 10\n")
		seedHistory(t, b.pool, "old", 25, 91*days)
		seedHistory(t, b.pool, "new", 5, 89*days)
		res, err := b.pruner.Run(t.Context(), b.deps.Config.Audit)
		if err != nil {
			t.Fatal(err)
		}
		if res.OlderThanRetain != 25 || res.BeyondMaxRows != 0 || res.Batches != 3 || res.GaveWay {
			t.Errorf("prune %+v, want 25 older than retain in 3 batches", res)
		}
		// A pause after each full batch, none after the last.
		if len(b.pauses) != 2 {
			t.Errorf("pauses %v, want 2", b.pauses)
		}
		if n, _ := historyOf(t, b.pool, "old"); n != 0 {
			t.Errorf("%d entries older than retain left", n)
		}
		if n, _ := historyOf(t, b.pool, "new"); n != 5 {
			t.Errorf("%d entries within retain left, want 5", n)
		}
		recs := logRecords(t, b.logs, pruneMsgDone)
		if len(recs) != 1 || recs[0]["level"] != "INFO" || recs[0]["rows"] != 25.0 || recs[0]["table"] != db.AuditTable || recs[0]["duration"] == nil {
			t.Errorf("log %v, want one INFO line with rows 25", recs)
		}
		if got := metricValue(t, b.deps.Metrics.HistoryPruned.WithLabelValues(db.AuditTable)); got != 25 {
			t.Errorf("lethe_history_pruned_rows_total = %v, want 25", got)
		}
	})

	t.Run("OldestBeyondMaxRowsPruned", func(t *testing.T) {
		t.Parallel()
		b := setupPrune(t, "  max_rows: 20\n  batch_size: 4\n")
		seedHistory(t, b.pool, "p", 30, time.Hour)
		_, oldestBefore := historyOf(t, b.pool, "p")
		res, err := b.pruner.Run(t.Context(), b.deps.Config.Audit)
		if err != nil {
			t.Fatal(err)
		}
		if res.BeyondMaxRows != 10 || res.OlderThanRetain != 0 || res.Batches != 3 {
			t.Errorf("prune %+v, want 10 beyond max_rows in 3 batches (4, 4, 2)", res)
		}
		n, oldest := historyOf(t, b.pool, "p")
		if n != 20 {
			t.Fatalf("%d entries left, want max_rows 20", n)
		}
		// The ten oldest went: the oldest left finished ten minutes
		// after the oldest seeded.
		if got := oldest.Sub(*oldestBefore); got != 10*time.Minute {
			t.Errorf("oldest entry left is %s younger than the oldest seeded, want 10m", got)
		}
	})

	t.Run("JobTimeoutStopsWithoutError", func(t *testing.T) {
		t.Parallel()
		b := setupPrune(t, "  batch_size: 10\n")
		seedHistory(t, b.pool, "old", 25, 100*days)
		ctx, cancel := context.WithTimeout(t.Context(), 2*time.Second)
		defer cancel()
		// The pause after the first batch outlasts the job's timeout.
		b.pruner.sleep = func(ctx context.Context, d time.Duration) error {
			<-ctx.Done()
			return ctx.Err()
		}
		res, err := b.pruner.Run(ctx, b.deps.Config.Audit)
		if err != nil {
			t.Fatalf("prune cut by its timeout: %v, want no error", err)
		}
		if !res.Stopped || res.OlderThanRetain != 10 {
			t.Errorf("prune %+v, want stopped after its first batch of 10", res)
		}
		if n, _ := historyOf(t, b.pool, "old"); n != 15 {
			t.Errorf("%d entries left, want 15 for the next run", n)
		}
		recs := logRecords(t, b.logs, pruneMsgDone)
		if len(recs) != 1 || recs[0]["level"] != "INFO" || recs[0]["stopped_at_job_timeout"] != true {
			t.Errorf("log %v, want one INFO line saying it stopped", recs)
		}
	})

	t.Run("NothingToPruneLogsDebug", func(t *testing.T) {
		t.Parallel()
		b := setupPrune(t, "  retain: 1h\n")
		seedHistory(t, b.pool, "p", 3, time.Minute)
		res, err := b.pruner.Run(t.Context(), b.deps.Config.Audit)
		if err != nil || res.Rows() != 0 {
			t.Fatalf("prune %+v (err %v), want nothing pruned", res, err)
		}
		recs := logRecords(t, b.logs, pruneMsgDone)
		if len(recs) != 1 || recs[0]["level"] != "DEBUG" || recs[0]["rows"] != 0.0 {
			t.Errorf("log %v, want one DEBUG line with rows 0", recs)
		}
	})

	t.Run("LockHeldGivesWayThenNextRunPrunes", func(t *testing.T) {
		t.Parallel()
		b := setupPrune(t, "  lock_timeout: 100ms\n")
		seedHistory(t, b.pool, "old", 5, 100*days)
		app, err := b.pool.Begin(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		defer app.Rollback(context.WithoutCancel(t.Context())) //nolint:errcheck
		if _, err := app.Exec(t.Context(), `LOCK TABLE lethe_deletion_audit IN SHARE MODE`); err != nil {
			t.Fatal(err)
		}
		began := time.Now()
		res, err := b.pruner.Run(t.Context(), b.deps.Config.Audit)
		if err != nil {
			t.Fatalf("prune behind a lock: %v, want no error", err)
		}
		if !res.GaveWay || res.Rows() != 0 {
			t.Errorf("prune %+v, want it to give way having pruned nothing", res)
		}
		if took := time.Since(began); took > 5*time.Second {
			t.Errorf("gave way after %s, want about lock_timeout", took)
		}
		if recs := logRecords(t, b.logs, "Gave up waiting for a lock; will try again later"); len(recs) != 1 || recs[0]["table"] != db.AuditTable {
			t.Errorf("lock log %v, want one naming %s", recs, db.AuditTable)
		}
		if got := metricValue(t, b.deps.Metrics.LockTimeouts.WithLabelValues(metrics.HistoryLabel, metrics.StepPrune)); got != 1 {
			t.Errorf("lethe_lock_timeouts_total{policy=%q} = %v, want 1", metrics.HistoryLabel, got)
		}
		if n, _ := historyOf(t, b.pool, "old"); n != 5 {
			t.Errorf("%d entries left behind the lock, want 5", n)
		}
		if err := app.Rollback(t.Context()); err != nil {
			t.Fatal(err)
		}
		if res, err := b.pruner.Run(t.Context(), b.deps.Config.Audit); err != nil || res.OlderThanRetain != 5 {
			t.Errorf("prune after the lock went: %+v (err %v), want 5 pruned", res, err)
		}
	})

	t.Run("RiverJobCompletesAndBehindLockToo", func(t *testing.T) {
		t.Parallel()
		b := setupPrune(t, "  lock_timeout: 100ms\n")
		seedHistory(t, b.pool, "old", 7, 100*days)
		client := startClient(t, b.pool, b.deps, registerHistory, 1)

		app, err := b.pool.Begin(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		defer app.Rollback(context.WithoutCancel(t.Context())) //nolint:errcheck
		if _, err := app.Exec(t.Context(), `LOCK TABLE lethe_deletion_audit IN SHARE MODE`); err != nil {
			t.Fatal(err)
		}
		insert := func() *rivertype.JobRow {
			t.Helper()
			res, err := client.Insert(t.Context(), jobs.PruneHistory{}, PeriodicInsertOpts())
			if err != nil {
				t.Fatal(err)
			}
			return waitJob(t, client, res.Job.ID)
		}
		if job := insert(); job.State != rivertype.JobStateCompleted {
			t.Fatalf("prune behind a lock ended %s (errors %v), want completed", job.State, job.Errors)
		}
		if n, _ := historyOf(t, b.pool, "old"); n != 7 {
			t.Errorf("%d entries left behind the lock, want 7", n)
		}
		if err := app.Rollback(t.Context()); err != nil {
			t.Fatal(err)
		}
		if job := insert(); job.State != rivertype.JobStateCompleted {
			t.Fatalf("prune ended %s (errors %v), want completed", job.State, job.Errors)
		}
		if n, _ := historyOf(t, b.pool, "old"); n != 0 {
			t.Errorf("%d entries older than retain left after the job, want 0", n)
		}
	})

}
