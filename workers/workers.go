// Package workers holds Lethe's River workers, one file per job kind, and
// the table of periodic jobs each policy kind schedules.
//
// Data flows one way: config → policies → periodic jobs (Periodics) →
// workers → db and blob. The service registers everything here with one
// River client; the web package never calls workers directly, it inserts
// jobs (run now) and reads state through db.
package workers

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
	"github.com/robfig/cron/v3"

	"github.com/lethehq/lethe/blob"
	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/internal/metrics"
	"github.com/lethehq/lethe/internal/pace"
)

// Deps are what workers need to do their work.
type Deps struct {
	Config  *config.Config
	Pool    *pgxpool.Pool
	Blobs   blob.Store
	Logger  *slog.Logger
	Metrics *metrics.Metrics

	// Pacers paces deletion under foreground load and holds it back while
	// a standby lags (package internal/pace). When nil, registering the
	// workers (or NewSweeper) makes it from Config, Pool, Logger and
	// Metrics.
	Pacers *pace.Pacers
}

// initPacers makes d.Pacers when it is nil. Called while the workers are
// set up, before any runs.
func (d *Deps) initPacers() {
	if d.Pacers == nil {
		d.Pacers = pace.NewPacers(d.Pool, d.Config, d.Logger, d.Metrics)
	}
}

// pacers returns d.Pacers.
func (d *Deps) pacers() *pace.Pacers { return d.Pacers }

// Periodic is one periodic job of a policy: the planner and watchdog of an
// expire policy, the sweep of a sweep policy, the orphan blob sweep and
// tombstone GC of a tombstone policy; or, with no Policy, the prune of
// Lethe's own history.
type Periodic struct {
	Policy   string
	Name     PeriodicName
	Schedule string // cron expression or "@every <duration>"
	Args     river.JobArgs
	// Main marks the job that does the policy's work (planner, sweep,
	// orphan sweep): "run now" inserts it. The others (watchdog, tombstone
	// GC) keep up after that work and run on their schedule only.
	Main bool
}

// PeriodicName names a periodic job within its policy.
type PeriodicName string

// Periodic job names. With the policy they make the job's ID in River, which
// River keeps across restarts: never change them.
const (
	PeriodicPlanner     PeriodicName = "planner"      // expire: jobs.ExpirePlan
	PeriodicWatchdog    PeriodicName = "watchdog"     // expire: jobs.ExpireWatchdog
	PeriodicSweep       PeriodicName = "sweep"        // sweep: jobs.Sweep
	PeriodicOrphanSweep PeriodicName = "orphan_sweep" // tombstone: jobs.OrphanSweep
	PeriodicTombstoneGC PeriodicName = "tombstone_gc" // tombstone: jobs.TombstoneGC
)

// ID identifies the periodic job in River ("pastes/planner"; the name
// alone for a job of no policy, "prune_history").
func (p Periodic) ID() string {
	if p.Policy == "" {
		return string(p.Name)
	}
	return p.Policy + "/" + string(p.Name)
}

// PeriodicInsertOpts are the insert options of every periodic job and of
// "run now": one job per kind and args (one per policy and job) among the
// jobs not finished yet, running and retryable ones included. A run still
// going, or stuck, is never joined by a second: the schedule's next firing
// and "run now" find it and insert nothing, until it completes (or River
// rescues it).
func PeriodicInsertOpts() *river.InsertOpts {
	return &river.InsertOpts{UniqueOpts: river.UniqueOpts{
		ByArgs: true,
		ByState: []rivertype.JobState{
			rivertype.JobStateAvailable, rivertype.JobStatePending, rivertype.JobStateRetryable,
			rivertype.JobStateRunning, rivertype.JobStateScheduled,
		},
	}}
}

// SchedulePeriod is the time between the next two runs of sched after now.
// A periodic job is unique per period (a leader change or a restart does not
// run it twice in one), and a sweep policy logs it as its interval.
func SchedulePeriod(sched cron.Schedule, now time.Time) time.Duration {
	next := sched.Next(now)
	return sched.Next(next).Sub(next)
}

// Periodics returns every periodic job the configured policies schedule,
// with their overrides applied. The dashboard's "run now" inserts the same
// Args.
func Periodics(cfg *config.Config) []Periodic {
	var out []Periodic
	for _, p := range cfg.EffectivePolicies() {
		switch p := p.(type) {
		case *config.Expire:
			out = append(out, expirePeriodics(p)...)
		case *config.Sweep:
			out = append(out, sweepPeriodics(p)...)
		case *config.Tombstone:
			out = append(out, tombstonePeriodics(p)...)
		}
	}
	out = append(out, historyPeriodics(cfg)...)
	return append(out, ledgerPeriodics(cfg)...)
}

// Register adds every Lethe worker to workers.
func Register(workers *river.Workers, deps *Deps) error {
	for _, register := range []func(*river.Workers, *Deps) error{
		registerExpire,
		registerSweep,
		registerTombstone,
		registerHistory,
		registerLedger,
	} {
		if err := register(workers, deps); err != nil {
			return err
		}
	}
	return nil
}

// jobTimeout is every Lethe worker's Timeout(): config.JobTimeout, the one
// list of job timeouts that validation keeps below
// river.rescue_stuck_jobs_after, so River never rescues a job still running.
func (d *Deps) jobTimeout(kind, policy string) time.Duration {
	timeout, _ := d.Config.JobTimeout(kind, policy)
	return timeout
}

// failedOutcome is the audit outcome of work that ended with err: error,
// or interrupted when a stop of the service cancelled it. River makes such
// a job available again without recording an error (it checks the same:
// the job's context cancelled by the client's stop, and an error that
// wraps context.Canceled), so the audit agrees with River's state of the
// job. A job's own timeout and a cancellation through River UI or the API
// are not interruptions.
func failedOutcome(ctx context.Context, err error) string {
	if interrupted(ctx, err) {
		return db.OutcomeInterrupted
	}
	return db.OutcomeError
}

// interrupted reports whether err ends work that a stop of the service
// cancelled (see failedOutcome).
func interrupted(ctx context.Context, err error) bool {
	if err == nil || ctx.Err() == nil || !errors.Is(err, context.Canceled) {
		return false
	}
	cause := context.Cause(ctx)
	return !errors.Is(cause, context.DeadlineExceeded) && !errors.Is(cause, rivertype.ErrJobCancelledRemotely)
}

// policyOf returns the policy named name, of kind P, or an error that
// cancels the job: retrying cannot fix a job naming a policy this process
// does not have.
func policyOf[P config.Policy](d *Deps, name string) (P, error) {
	var want P
	p := d.Config.Policy(name)
	if p == nil {
		return want, river.JobCancel(fmt.Errorf("unknown policy %q", name))
	}
	typed, ok := p.(P)
	if !ok {
		return want, river.JobCancel(fmt.Errorf("policy %q is of kind %s, not %s", name, p.PolicyKind(), want.PolicyKind()))
	}
	return typed, nil
}

// runPeriodic runs one periodic job of policy name (of kind P) unless an
// operator paused the policy (logged at debug), and records the run and its
// error for the dashboard, unless a stop of the service interrupted it.
//
// run gets a context that notes what the run did and what held it back
// (noteRows, noteLock, notePacer): the outcome recorded with the run.
func runPeriodic[P config.Policy](ctx context.Context, d *Deps, name, jobKind string, run func(ctx context.Context, p P) error) error {
	p, err := policyOf[P](d, name)
	if err != nil {
		return err
	}
	state, err := db.GetPolicyState(ctx, d.Pool, name)
	if err != nil {
		return err
	}
	if state.Paused {
		d.Logger.DebugContext(ctx, "Policy paused; periodic job skipped", slog.String("policy", name), slog.String("job_kind", jobKind))
		return nil
	}
	runCtx, note := withRunNote(ctx)
	err = run(runCtx, p)
	if !interrupted(ctx, err) { // River runs an interrupted job again
		d.recordRun(ctx, name, note.outcome(jobKind, err), err)
	}
	return err
}

// recordRun notes a periodic run, its outcome and its error for the
// dashboard. It never fails the job: the work is done or failed already.
func (d *Deps) recordRun(ctx context.Context, policy string, run db.PolicyRun, runErr error) {
	if runErr != nil {
		d.Metrics.PolicyErrors.WithLabelValues(policy).Inc()
	}
	if err := db.RecordRun(context.WithoutCancel(ctx), d.Pool, policy, run, runErr); err != nil {
		d.Logger.WarnContext(ctx, "Failed to record policy run", slog.String("policy", policy), slog.String("error", err.Error()))
	}
}

// txFunc runs fn in a transaction on the pool.
func (d *Deps) txFunc(ctx context.Context, fn func(tx pgx.Tx) error) error {
	return pgx.BeginFunc(ctx, d.Pool, fn)
}
