package workers

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertype"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/internal/testenv"
)

// startClient starts a River client on pool working the workers register
// adds with deps, maxWorkers at a time, until the test ends (or stops it).
func startClient(t *testing.T, pool *pgxpool.Pool, deps *Deps, register func(*river.Workers, *Deps) error, maxWorkers int) *river.Client[pgx.Tx] {
	t.Helper()
	workers := river.NewWorkers()
	if err := register(workers, deps); err != nil {
		t.Fatal(err)
	}
	client, err := river.NewClient(riverpgxv5.New(pool), &river.Config{
		Logger:            slog.New(slog.DiscardHandler),
		Schema:            config.DefaultRiverSchema,
		Workers:           workers,
		Queues:            map[string]river.QueueConfig{river.QueueDefault: {MaxWorkers: maxWorkers}},
		FetchCooldown:     5 * time.Millisecond,
		FetchPollInterval: 20 * time.Millisecond,
		TestOnly:          true,
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := client.Start(context.WithoutCancel(t.Context())); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = client.Stop(ctx)
	})
	return client
}

// waitJob waits until River stops working job id: finished (completed,
// cancelled or discarded), or failed once and waiting for a retry. It
// returns the job's row.
func waitJob(t *testing.T, client *river.Client[pgx.Tx], id int64) *rivertype.JobRow {
	t.Helper()
	var job *rivertype.JobRow
	testenv.WaitUntil(t, 30*time.Second, fmt.Sprintf("job %d to finish", id), func() (bool, error) {
		var err error
		job, err = client.JobGet(t.Context(), id)
		if err != nil {
			return false, err
		}
		switch job.State {
		case rivertype.JobStateCompleted, rivertype.JobStateCancelled, rivertype.JobStateDiscarded, rivertype.JobStateRetryable:
			return true, nil
		}
		return false, nil
	})
	return job
}

// checkAuditTimes fails t for every audit entry that finished before it
// started: the audit view and its durations would show such work going
// backwards in time.
func checkAuditTimes(t *testing.T, audit []db.AuditEntry) {
	t.Helper()
	for _, e := range audit {
		if e.FinishedAt.Before(e.StartedAt) {
			t.Errorf("audit entry %d (%s) finished at %s, before it started at %s",
				e.ID, e.Action, e.FinishedAt.Format(time.RFC3339Nano), e.StartedAt.Format(time.RFC3339Nano))
		}
	}
}

// metricValue reads a counter or gauge.
func metricValue(t *testing.T, m prometheus.Metric) float64 {
	t.Helper()
	var out dto.Metric
	if err := m.Write(&out); err != nil {
		t.Fatal(err)
	}
	if out.Counter != nil {
		return out.Counter.GetValue()
	}
	return out.Gauge.GetValue()
}

// TestPeriodics checks every policy kind's periodic jobs: their IDs (River
// keeps them across restarts), schedules, kinds, and which ones "run now"
// inserts (the main job, not the watchdog or tombstone GC).
func TestPeriodics(t *testing.T) {
	t.Parallel()
	cfg, err := config.Parse(config.Default, nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range Periodics(cfg) {
		got = append(got, fmt.Sprintf("%s %s %s main=%t", p.ID(), p.Schedule, p.Args.Kind(), p.Main))
	}
	want := []string{
		"pastes/planner @every 10s lethe.expire_plan main=true",
		"pastes/watchdog @every 5m lethe.expire_watchdog main=false",
		"idempotency/sweep @every 1h lethe.sweep main=true",
		"runs/orphan_sweep @daily lethe.orphan_sweep main=true",
		"runs/tombstone_gc @weekly lethe.tombstone_gc main=false",
		"prune_history @hourly lethe.prune_history main=false",
		"ledger_flush @every 5s lethe.ledger_flush main=false",
		"ledger_prune @daily lethe.ledger_prune main=false",
	}
	if !slices.Equal(got, want) {
		t.Errorf("periodics:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestSchedulePeriod(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 22, 3, 4, 5, 0, time.UTC)
	for spec, want := range map[string]time.Duration{
		"@every 30s":   30 * time.Second,
		"*/5 * * * *":  5 * time.Minute,
		"@daily":       24 * time.Hour,
		"0 3 * * 1":    7 * 24 * time.Hour,
		"@every 1h30m": 90 * time.Minute,
	} {
		sched, err := config.ParseSchedule(spec)
		if err != nil {
			t.Fatal(err)
		}
		if got := SchedulePeriod(sched, now); got != want {
			t.Errorf("SchedulePeriod(%q) = %s, want %s", spec, got, want)
		}
	}
}
