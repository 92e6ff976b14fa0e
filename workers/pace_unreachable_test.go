package workers

import (
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"

	dto "github.com/prometheus/client_model/go"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/internal/pace"
	"github.com/lethehq/lethe/jobs"
)

// TestPaceTargetNotReachable runs a paced sweep whose target no server
// keeps (1µs) under a real foreground, long enough for the controller to
// sit at its floor (pacing.min_batch_size, pacing.max_pause) for windows of
// batches: the run's outcome, the metric and the log say the target is not
// reachable, and the log says it once.
func TestPaceTargetNotReachable(t *testing.T) {
	t.Parallel()
	ctx := context.Background()

	b := setupSweep(t, slog.LevelWarn)
	b.policy.YieldToForeground = true
	b.policy.YieldBatchSize = 8
	b.policy.Pace.MinBatchSize = 2
	b.policy.Pace.TargetP99 = config.Duration(time.Microsecond)
	stopFG := appBusy(t, b.pool, func(i int) string {
		return `SELECT 1`
	})
	defer stopFG()

	insertKeys(t, b.pool, "lineage_event_idempotency", 200, 0)
	runCtx, note := withRunNote(ctx)
	res, err := b.sweeper.Run(runCtx, b.policy, nil)
	run := note.outcome(jobs.KindSweep, err)
	if err != nil {
		t.Fatal(err)
	}
	if res.RowsDeleted != 200 {
		t.Fatalf("deleted %d, want 200: pacing slows deletion, it never stops it", res.RowsDeleted)
	}
	if run.Outcome != db.RunPaced || !strings.HasPrefix(run.Reason, "target not reachable: at pacing.min_batch_size 2 and pacing.max_pause 1s") {
		t.Fatalf("run: %s %q; want paced, target not reachable at the floor", run.Outcome, run.Reason)
	}

	var gauge dto.Metric
	if err := b.deps.Metrics.Pace.TargetUnreachable.WithLabelValues("idempotency").Write(&gauge); err != nil {
		t.Fatal(err)
	}
	if v := gauge.GetGauge().GetValue(); v != 1 {
		t.Errorf("lethe_pace_target_unreachable{policy=idempotency} = %v, want 1", v)
	}
	logs := b.logs.String()
	if n := strings.Count(logs, "Pacing target not reachable"); n != 1 || !strings.Contains(logs, `"policy":"idempotency"`) || !strings.Contains(logs, `"level":"WARN"`) {
		t.Errorf("logged the episode %d times; want one WARN naming the policy:\n%s", n, logs)
	}
}

// TestPaceSeesTheForegroundsStatements runs a paced sweep beside an
// application whose every statement takes 30ms, with a target of 10ms: the
// sampler times the application's statements (the gauge shows 30ms while
// batches ran), and since they take as long between batches, pacing does
// not hold deletion at its floor for a tail that is the application's own.
func TestPaceSeesTheForegroundsStatements(t *testing.T) {
	t.Parallel()
	ctx := context.Background()

	b := setupSweep(t, slog.LevelWarn)
	b.sweeper.sleep = pace.Sleep // pauses that let the application's statements end between batches
	b.policy.YieldToForeground = true
	b.policy.YieldBatchSize = 8
	b.policy.Pace.MinBatchSize = 2
	b.policy.Pace.MaxSlowdown = 100
	b.policy.Pace.TargetP99 = config.Duration(10 * time.Millisecond)
	b.policy.Pause, b.policy.YieldPause, b.policy.Pace.MaxPause = config.Duration(5*time.Millisecond), config.Duration(10*time.Millisecond), config.Duration(40*time.Millisecond)
	stopFG := appBusy(t, b.pool, func(int) string { return `SELECT pg_sleep(0.02 + random() * 0.02)` })
	defer stopFG()

	insertKeys(t, b.pool, "lineage_event_idempotency", 2000, 0)
	runCtx, note := withRunNote(ctx)
	res, err := b.sweeper.Run(runCtx, b.policy, nil)
	run := note.outcome(jobs.KindSweep, err)
	if err != nil {
		t.Fatal(err)
	}
	if res.RowsDeleted != 2000 {
		t.Fatalf("deleted %d, want 2000", res.RowsDeleted)
	}
	if strings.Contains(run.Reason, "target not reachable") {
		t.Errorf("run: %s %q; the application's statements take 30ms with or without the sweep, which is no reason to hold it at its floor", run.Outcome, run.Reason)
	}
	var gauge dto.Metric
	if err := b.deps.Metrics.Pace.ForegroundP99.WithLabelValues("idempotency", "batches").Write(&gauge); err != nil {
		t.Fatal(err)
	}
	// A statement seen running but not seen ending counts for as long as it
	// was seen running, a lower bound: on a starved machine, whose sampler
	// reads late, the p99 falls below the statements' 20 – 40ms. What the
	// gauge must show is the application's statements, several
	// milliseconds at least, where a commit probe of Lethe's takes a
	// fraction of one.
	if v := gauge.GetGauge().GetValue(); v < 0.005 || v > 1 {
		t.Errorf(`lethe_pace_foreground_p99_seconds{when="batches"} = %v, want the application's 20 – 40ms statements (at least 5ms)`, v)
	}
}
