package workers

import (
	"context"
	"log/slog"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/jobs"
)

// expirePeriodics returns the periodic jobs of an expire policy: the planner
// on its schedule and the watchdog on watchdog_schedule.
func expirePeriodics(p *config.Expire) []Periodic {
	return []Periodic{
		{Policy: p.Name, Name: PeriodicPlanner, Schedule: p.Schedule, Args: jobs.ExpirePlan{Policy: p.Name}, Main: true},
		{Policy: p.Name, Name: PeriodicWatchdog, Schedule: p.WatchdogSchedule, Args: jobs.ExpireWatchdog{Policy: p.Name}},
	}
}

// registerExpire adds the planner, batch, delete and watchdog workers.
func registerExpire(workers *river.Workers, deps *Deps) error {
	return registerExpireHooked(workers, deps, expireHooks{})
}

// registerExpireHooked is registerExpire with test hooks.
func registerExpireHooked(workers *river.Workers, deps *Deps, hooks expireHooks) error {
	deps.initPacers()
	tables := &expireTables{deps: deps, byPolicy: map[string]*db.ExpireTable{}}
	if err := river.AddWorkerSafely(workers, &expirePlanWorker{deps: deps, tables: tables}); err != nil {
		return err
	}
	if err := river.AddWorkerSafely(workers, &expireBatchWorker{deps: deps, tables: tables, hook: hooks.batch}); err != nil {
		return err
	}
	if err := river.AddWorkerSafely(workers, &expireDeleteWorker{deps: deps, tables: tables}); err != nil {
		return err
	}
	return river.AddWorkerSafely(workers, &expireWatchdogWorker{deps: deps, tables: tables, hook: hooks.watchdog})
}

// expireHooks let tests stop a batch or the watchdog between two steps to
// force an interleaving; nil outside tests. An error from a hook fails the
// job.
type expireHooks struct {
	batch    func(ctx context.Context, step expireBatchStep, job *river.Job[jobs.ExpireBatch]) error
	watchdog func(ctx context.Context, claimedAt time.Time) error // before resetting a claim whose job is not alive
}

// expireBatchStep names the points of a batch where its test hook runs.
type expireBatchStep string

const (
	batchBeforeLock   expireBatchStep = "before_lock"   // the claim's lock not yet taken
	batchKeysRead     expireBatchStep = "keys_read"     // locked, blob keys read, no blob deleted
	batchBlobsDeleted expireBatchStep = "blobs_deleted" // blobs deleted, rows not yet
)

// expireTables checks each policy's table against the database on first use
// and keeps the result, so a missing table or column fails the first run
// with an error naming it and later runs skip the catalog lookup.
type expireTables struct {
	deps *Deps

	mu       sync.Mutex
	byPolicy map[string]*db.ExpireTable
}

func (e *expireTables) get(ctx context.Context, p *config.Expire) (*db.ExpireTable, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if t, ok := e.byPolicy[p.Name]; ok {
		return t, nil
	}
	t, err := db.LookupExpireTable(ctx, e.deps.Pool, ExpireColumns(p))
	if err != nil {
		return nil, err
	}
	for _, w := range t.Warnings {
		e.deps.Logger.WarnContext(ctx, "Expire table lacks an index", slog.String("policy", p.Name), slog.String("warning", w))
	}
	e.byPolicy[p.Name] = t
	return t, nil
}

// ExpireColumns names expire policy p's table and columns for package db.
func ExpireColumns(p *config.Expire) db.ExpireColumns {
	return db.ExpireColumns{
		Policy:      p.Name,
		Table:       p.Table,
		Key:         p.KeyColumn,
		ExpiresAt:   p.ExpiresAtColumn,
		Status:      p.StatusColumn,
		InitiatedAt: p.InitiatedAtColumn,
		BlobKey:     p.BlobKeyColumn,
	}
}

// expireRunTimeout is the Timeout of the planner and the watchdog: they stop
// starting work after run_budget, so twice that is room enough for the last
// step to finish. config.JobTimeout gives both kinds that one rule.
func expireRunTimeout(deps *Deps, policy string) time.Duration {
	return deps.jobTimeout(jobs.KindExpirePlan, policy)
}

// expireNextRetry is when a failed expire batch of policy runs again:
// River's backoff (attempt⁴ seconds, ±10 %), but never later than one
// interval of the policy's schedule, less up to a tenth of it so the
// batches of one outage do not all come back at once. River's backoff alone
// keeps a batch away for 81 s after its third failure and 4 min after its
// fourth, so after a blob store or database outage of a minute the rows of
// its batches would wait for that, however often the planner runs; capped,
// they go within an interval of the store's return (plus River's scheduler
// pass, 5 s). A policy or schedule this process does not know leaves
// River's backoff (the zero time).
func expireNextRetry(deps *Deps, policy string, job *rivertype.JobRow) time.Time {
	now := time.Now()
	next := (&river.DefaultClientRetryPolicy{}).NextRetry(job)
	p := deps.Config.Expire(policy)
	if p == nil {
		return time.Time{}
	}
	interval := scheduleInterval(p.Schedule)
	if interval <= 0 || next.Sub(now) <= interval {
		return next
	}
	return now.Add(interval - rand.N(interval/10+1))
}
