package workers

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/jobs"
)

// sweepMaxAttempts bounds River's retries of a failed sweep run. A sweep that
// keeps failing (a missing table, a lock held for hours) is cancelled after
// that many attempts; the periodic schedule inserts the next run regardless,
// so the error never stops the policy, it only stops piling up retries.
const sweepMaxAttempts = 3

// sweepPeriodics returns the periodic jobs of a sweep policy: one "sweep" on
// the policy's schedule (IDEMPOTENCY_CLEANUP_INTERVAL overrides it for the
// idempotency table, see config).
func sweepPeriodics(p *config.Sweep) []Periodic {
	return []Periodic{{Policy: p.Name, Name: PeriodicSweep, Schedule: p.Schedule, Args: jobs.Sweep{Policy: p.Name}, Main: true}}
}

// registerSweep adds the sweep worker and logs, per sweep policy, the
// runbook's startup line, its interval in seconds.
func registerSweep(workers *river.Workers, deps *Deps) error {
	if err := river.AddWorkerSafely(workers, &SweepWorker{sweeper: NewSweeper(deps)}); err != nil {
		return fmt.Errorf("add sweep worker: %w", err)
	}
	for _, p := range deps.Config.Policies {
		p, ok := p.(*config.Sweep)
		if !ok {
			continue
		}
		deps.Logger.Info("Started idempotency cleanup goroutine",
			slog.Float64("interval", scheduleInterval(p.Schedule).Seconds()),
			slog.String("policy", p.Name),
			slog.String("schedule", p.Schedule))
	}
	return nil
}

// SweepStopping logs the runbook's shutdown line for every sweep policy. The
// service calls it when it starts shutting down; River then lets an in-flight
// sweep finish its batch (or time out) within the grace period and cancels it
// after, which the sweep notices before its next batch or during its pause.
func SweepStopping(logger *slog.Logger, cfg *config.Config) {
	for _, p := range cfg.Policies {
		if p, ok := p.(*config.Sweep); ok {
			logger.Info("Stopping idempotency cleanup goroutine", slog.String("policy", p.Name))
		}
	}
}

// scheduleInterval is the time between two runs of spec (for a cron
// expression, between the next two).
func scheduleInterval(spec string) time.Duration {
	sched, err := config.ParseSchedule(spec)
	if err != nil {
		return 0
	}
	return SchedulePeriod(sched, time.Now())
}

// SweepWorker works lethe.sweep: one sweep run of a sweep policy.
//
// A failed run is logged at ERROR ("Failed to cleanup expired idempotency
// keys"), audited, recorded as the policy's last error, and returned to River,
// which retries it with backoff up to sweepMaxAttempts attempts and then
// cancels it. The service never stops over it and the periodic schedule
// keeps inserting the next runs.
type SweepWorker struct {
	river.WorkerDefaults[jobs.Sweep]
	sweeper *Sweeper
}

// Timeout is half of river.rescue_stuck_jobs_after (30m by default): long
// enough for a large backlog, short enough that River's rescuer never retries
// a sweep that is still running. A run cut by it stops between batches; what
// it deleted stays deleted and the next run continues.
func (w *SweepWorker) Timeout(job *river.Job[jobs.Sweep]) time.Duration {
	return w.sweeper.deps.jobTimeout(job.Args.Kind(), job.Args.Policy)
}

// Work runs one sweep unless an operator paused the policy.
func (w *SweepWorker) Work(ctx context.Context, job *river.Job[jobs.Sweep]) error {
	if err := job.Args.Validate(); err != nil {
		return invalid(job.Kind, err)
	}
	err := runPeriodic(ctx, w.sweeper.deps, job.Args.Policy, job.Kind, func(ctx context.Context, p *config.Sweep) error {
		_, err := w.sweeper.Run(ctx, p, &job.ID)
		return err
	})
	if err != nil && job.Attempt >= sweepMaxAttempts && !interrupted(ctx, err) {
		return river.JobCancel(err)
	}
	return err
}
