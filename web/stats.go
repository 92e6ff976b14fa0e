package web

import (
	"cmp"
	"context"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/internal/metrics"
)

// countCap bounds each count over a policy table: past it the dashboard
// shows "1,000,000+" instead of scanning a huge backlog every few seconds.
const countCap = 1_000_000

// PolicyStats is one policy as the dashboard and GET /api/v1/overview show
// it. Counts that do not apply to the policy's kind are null.
type PolicyStats struct {
	Name     string      `json:"name"`
	Kind     config.Kind `json:"kind"`
	Table    string      `json:"table,omitempty"`
	Entity   string      `json:"entity,omitempty"`
	Schedule string      `json:"schedule"`

	Paused    bool       `json:"paused"`
	LastRunAt *time.Time `json:"last_run_at"`
	// NextRunAt is when the schedule next fires (a paused policy's jobs
	// still fire, and do nothing).
	NextRunAt *time.Time `json:"next_run_at"`

	// Backlog is rows past their expiry not yet claimed (expire), or keys
	// past their expiry (sweep).
	Backlog *int64 `json:"backlog"`
	// InProgress and Stuck are claimed rows, and those claimed longer than
	// stuck_after ago (expire only).
	InProgress *int64 `json:"in_progress"`
	Stuck      *int64 `json:"stuck"`
	// SetAside is claimed rows whose blob key was refused, waiting for an
	// operator's lethe release (expire only).
	SetAside        *int64     `json:"set_aside"`
	StuckAfter      string     `json:"stuck_after,omitempty"`
	OldestExpiredAt *time.Time `json:"oldest_expired_at"`
	// Capped means a count reached 1,000,000 and is a lower bound.
	Capped bool `json:"capped,omitempty"`
	// CountError is why the counts are missing (e.g. the table is gone).
	CountError string `json:"count_error,omitempty"`

	Deleted db.DeletedTotals `json:"deleted"`
	Errors  []db.PolicyError `json:"errors"`
	Jobs    []db.JobSummary  `json:"jobs"`
	// JobKinds are the River job kinds seen for this policy, for River UI's
	// job list filtered by kind.
	JobKinds []string `json:"job_kinds"`
	// Failed counts the policy's River jobs that failed: retryable and
	// discarded (GET /api/v1/policies/{name}/failed lists them).
	Failed db.FailedJobCounts `json:"failed"`

	// Settings are the effective values of the fields an operator may
	// change at run time (PATCH /api/v1/policies/{name}), and Overrides
	// those of them that differ from the file, with the file's value.
	Settings  map[string]any               `json:"settings"`
	Overrides map[string]config.Overridden `json:"overrides"`

	// Health is the policy's one health state (see policyHealth).
	Health PolicyHealth `json:"health"`
	// Runs are the outcomes of the policy's last periodic runs, newest
	// first, and LastDeletedAt when one last deleted (or, a planner,
	// claimed) rows.
	Runs          []db.PolicyRun `json:"runs"`
	LastDeletedAt *time.Time     `json:"last_deleted_at"`
	// Progress is the policy's deletion rate and ETA (overview only).
	Progress *PolicyProgress `json:"progress,omitempty"`
}

// TombstoneOverview is the tombstones panel.
type TombstoneOverview struct {
	Count    int64               `json:"count"`
	Unpurged int64               `json:"unpurged"`
	OldestAt *time.Time          `json:"oldest_at"`
	Entities []db.TombstoneStats `json:"entities"`
	Recent   []db.Tombstone      `json:"recent"`
}

// HistoryOverview is the size of Lethe's own tables and how the audit,
// the one that grows with the work done, is kept bounded (audit.retain,
// audit.max_rows; pruned by lethe.prune_history).
type HistoryOverview struct {
	Retain   string `json:"retain"`
	MaxRows  int64  `json:"max_rows"`
	Schedule string `json:"schedule"`
	// Tables are every lethe_* table, by name.
	Tables []db.OwnTable `json:"tables"`
	// Error is why Tables is missing; the rest of the overview still
	// answers.
	Error string `json:"error,omitempty"`
}

// Overview is everything the dashboard shows but the chart.
type Overview struct {
	GeneratedAt  time.Time         `json:"generated_at"`
	AuthRequired bool              `json:"auth_required"`
	Policies     []PolicyStats     `json:"policies"`
	Tombstones   TombstoneOverview `json:"tombstones"`
	// Replica is the replica throttle; null without max_replica_lag.
	Replica *ReplicaOverview `json:"replica"`
	// History is the size of Lethe's own tables.
	History HistoryOverview `json:"history"`
	// KeyDisplay is privacy.key_display: with hash, tombstones' keys show
	// hashed.
	KeyDisplay string `json:"key_display"`
	// Ledger is where the deletion ledger stands; null when it is off.
	// behind_entries above 0 says the ledger holds deletions the
	// database lacks (a restore): lethe replay --since behind_since.
	Ledger *db.LedgerState `json:"ledger"`
	// DeletionsInFlight are the large entity deletions whose chunks run,
	// oldest first (at most 10), with their progress.
	DeletionsInFlight []DeletionInFlight `json:"deletions_in_flight"`
}

// cache keeps the last result of a read so that several open dashboards
// and Prometheus scrapes cost one round of queries per maxAge.
type cache[T any] struct {
	mu     sync.Mutex // held while computing, so concurrent callers share one computation
	has    bool
	at     time.Time
	cost   time.Duration // how long the last computation took
	val    T
	valGen uint64 // Server.gen when val was computed
}

// costFactor bounds the database time a cached read takes: it is computed
// again at most every costFactor × its last duration (counting a backlog of
// 500k rows takes ~0.4 s: then at most every 8 s), so however many
// dashboards are open it uses at most 1/costFactor of one database core.
const costFactor = 20

// get returns c's value when it is at most maxAge old (or older, when
// computing it is slow; see costFactor) and no action came after it (gen),
// else computes a new one within timeout.
func (c *cache[T]) get(ctx context.Context, gen *atomic.Uint64, maxAge, timeout time.Duration, compute func(context.Context) (T, error)) (T, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	g := gen.Load()
	if c.has && c.valGen == g && time.Since(c.at) < max(maxAge, costFactor*c.cost) {
		return c.val, nil
	}
	// Callers waiting on the lock share this computation: one client going
	// away must not fail it for the others.
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), timeout)
	defer cancel()
	started := time.Now()
	v, err := compute(ctx)
	if err != nil {
		var zero T
		return zero, err
	}
	c.val, c.has, c.valGen, c.at, c.cost = v, true, g, time.Now(), time.Since(started)
	return v, nil
}

// overview returns the dashboard's numbers, cached (see cache.get).
func (s *Server) overview(ctx context.Context, maxAge, timeout time.Duration) (*Overview, error) {
	return s.overviewCache.get(ctx, &s.gen, maxAge, timeout, s.computeOverview)
}

// forget drops the cached reads after an action, so the next poll shows
// its effect (also when a computation started before the action is
// still running).
func (s *Server) forget() {
	s.gen.Add(1)
}

func (s *Server) computeOverview(ctx context.Context) (*Overview, error) {
	pool := s.opts.Pool
	states, err := db.ListPolicyStates(ctx, pool)
	if err != nil {
		return nil, err
	}
	totals, err := db.AuditTotals(ctx, pool)
	if err != nil {
		return nil, err
	}
	runs, err := db.ListPolicyRuns(ctx, pool)
	if err != nil {
		return nil, err
	}
	ov := &Overview{
		GeneratedAt:  time.Now().UTC(),
		AuthRequired: s.opts.Config.HTTP.HasAuth(),
		Policies:     make([]PolicyStats, 0, len(s.opts.Config.Policies)),
		KeyDisplay:   cmp.Or(s.opts.Config.Privacy.KeyDisplay, config.KeyDisplayFull),
	}
	rates, err := db.PolicyRates(ctx, pool, progressWindow)
	if err != nil {
		return nil, err
	}
	for _, p := range s.opts.Config.EffectivePolicies() {
		ps, err := s.policyStats(ctx, p, states, totals, runs[p.Base().Name])
		if err != nil {
			return nil, err
		}
		ps.Progress = policyProgress(ps, rates[ps.Name], time.Now())
		ov.Policies = append(ov.Policies, ps)
	}
	if ov.DeletionsInFlight, err = s.deletionsInFlight(ctx); err != nil {
		return nil, err
	}
	errs := make([][]db.PolicyError, len(ov.Policies))
	for i, ps := range ov.Policies {
		errs[i] = ps.Errors
	}
	if err := s.setErrorJobStates(ctx, errs...); err != nil {
		return nil, err
	}

	entities, err := db.TombstoneSummary(ctx, pool)
	if err != nil {
		return nil, err
	}
	// Configured entities without tombstones still show (as zeros).
	for _, p := range s.opts.Config.Policies {
		if p, ok := p.(*config.Tombstone); ok && !slices.ContainsFunc(entities, func(e db.TombstoneStats) bool { return e.Entity == p.Entity }) {
			entities = append(entities, db.TombstoneStats{Entity: p.Entity})
		}
	}
	ov.Tombstones.Entities = entities
	for _, e := range entities {
		ov.Tombstones.Count += e.Count
		ov.Tombstones.Unpurged += e.Unpurged
		if e.OldestAt != nil && (ov.Tombstones.OldestAt == nil || e.OldestAt.Before(*ov.Tombstones.OldestAt)) {
			ov.Tombstones.OldestAt = e.OldestAt
		}
	}
	if ov.Tombstones.Recent, err = db.RecentTombstones(ctx, pool, 50); err != nil {
		return nil, err
	}
	if ov.Tombstones.Recent == nil {
		ov.Tombstones.Recent = []db.Tombstone{}
	}
	for i, t := range ov.Tombstones.Recent {
		ov.Tombstones.Recent[i].Key = s.opts.Config.Privacy.DisplayKey(t.Key)
	}
	if s.opts.Config.Ledger.On() {
		state, err := db.GetLedgerState(ctx, pool)
		if err != nil {
			return nil, err
		}
		ov.Ledger = &state
	}
	audit := s.opts.Config.Audit
	ov.History = HistoryOverview{Retain: audit.Retain.D().String(), MaxRows: audit.MaxRows, Schedule: audit.Schedule}
	if ov.History.Tables, err = db.OwnTables(ctx, pool); err != nil {
		if ctx.Err() != nil {
			return nil, err
		}
		ov.History.Error = err.Error()
	}
	if ov.History.Tables == nil {
		ov.History.Tables = []db.OwnTable{}
	}
	return ov, nil
}

// policyStats reads one policy's numbers, its errors' job states left to
// setErrorJobStates. A failing count (a table dropped
// under a running service) is reported on the policy, not as a failed
// overview.
func (s *Server) policyStats(ctx context.Context, policy config.Policy, states map[string]db.PolicyState, totals map[string]db.DeletedTotals, runs db.PolicyRuns) (PolicyStats, error) {
	pool := s.opts.Pool
	base := policy.Base()
	state := states[base.Name]
	ps := PolicyStats{
		Name: base.Name, Kind: base.Kind, Schedule: base.Schedule,
		Paused: state.Paused, LastRunAt: state.LastRunAt, Deleted: totals[base.Name],
		Settings: config.Settings(policy), Overrides: s.opts.Config.OverriddenFields(base.Name),
		Runs: runs.Recent, LastDeletedAt: runs.LastDeletedAt,
	}
	if ps.Runs == nil {
		ps.Runs = []db.PolicyRun{}
	}
	if next := nextRun(base.Schedule, state.LastRunAt, time.Now()); !next.IsZero() {
		ps.NextRunAt = &next
	}

	switch p := policy.(type) {
	case *config.Tombstone:
		ps.Entity = p.Entity
	case *config.Expire:
		ps.Table = p.Table
		ps.StuckAfter = p.StuckAfter.D().String()
		bounded := db.Timeouts{Lock: p.LockTimeout.D(), Statement: p.StatementTimeout.D()}.Pool(pool)
		c, err := db.CountStatus(ctx, bounded, db.StatusTable{
			Table: p.Table, ExpiresAtColumn: p.ExpiresAtColumn, StatusColumn: p.StatusColumn,
			InitiatedAtColumn: p.InitiatedAtColumn, StuckAfter: p.StuckAfter.D(),
		}, countCap)
		if err != nil {
			if ctx.Err() != nil {
				return ps, err
			}
			s.lockTimedOut(ctx, p.Name, metrics.StepCount, p.Table, p.LockTimeout.D(), err)
			ps.CountError = err.Error()
			break
		}
		ps.Backlog, ps.InProgress, ps.Stuck, ps.SetAside = &c.Backlog, &c.InProgress, &c.Stuck, &c.SetAside
		ps.OldestExpiredAt, ps.Capped = c.OldestExpiredAt, c.Capped
	case *config.Sweep:
		ps.Table = p.Table
		bounded := db.Timeouts{Lock: p.LockTimeout.D(), Statement: p.StatementTimeout.D()}.Pool(pool)
		c, err := db.CountExpired(ctx, bounded, p.Table, p.ExpiresAtColumn, countCap)
		if err != nil {
			if ctx.Err() != nil {
				return ps, err
			}
			s.lockTimedOut(ctx, p.Name, metrics.StepCount, p.Table, p.LockTimeout.D(), err)
			ps.CountError = err.Error()
			break
		}
		ps.Backlog, ps.OldestExpiredAt, ps.Capped = &c.Backlog, c.OldestExpiredAt, c.Capped
	}

	var err error
	if ps.Errors, err = db.RecentErrors(ctx, pool, base.Name, 5); err != nil {
		return ps, err
	}
	if ps.Jobs, err = db.RecentJobs(ctx, s.opts.River, base.Name, 6); err != nil {
		return ps, err
	}
	if ps.JobKinds, err = db.JobKinds(ctx, pool, s.opts.Config.River.Schema, base.Name); err != nil {
		return ps, err
	}
	if ps.Failed, err = s.failedCounts(ctx, policy); err != nil {
		return ps, err
	}
	if ps.Errors == nil {
		ps.Errors = []db.PolicyError{}
	}
	if ps.Jobs == nil {
		ps.Jobs = []db.JobSummary{}
	}
	if ps.JobKinds == nil {
		ps.JobKinds = []string{}
	}
	now := time.Now()
	ps.Health = policyHealth(healthInput{
		Paused: ps.Paused, Interval: scheduleInterval(base.Schedule, now),
		Backlog: ps.Backlog, OldestExpiredAt: ps.OldestExpiredAt, CountError: ps.CountError,
		Runs: ps.Runs, LastDeletedAt: ps.LastDeletedAt, LastRunAt: state.LastRunAt, LastErrorAt: state.LastErrorAt,
		BehindIntervals: s.opts.Config.Health.Behind(), StalledIntervals: s.opts.Config.Health.Stalled(),
	}, now)
	return ps, nil
}

// setErrorJobStates sets the River job state of every error in lists that
// names a job, in one query for them all.
func (s *Server) setErrorJobStates(ctx context.Context, lists ...[]db.PolicyError) error {
	var refs []jobRef
	for _, errs := range lists {
		for i := range errs {
			refs = append(refs, jobRef{id: errs[i].JobID, state: &errs[i].JobState})
		}
	}
	return s.setJobStates(ctx, refs)
}

// jobRef is the job an error or audit entry names (id nil when none) and
// where its River state goes.
type jobRef struct {
	id    *int64
	state *string
}

// setJobStates looks up, in one query, the River state of every job refs
// name, so links into River UI only point at jobs River still has.
func (s *Server) setJobStates(ctx context.Context, refs []jobRef) error {
	var ids []int64
	for _, ref := range refs {
		if ref.id != nil {
			ids = append(ids, *ref.id)
		}
	}
	states, err := db.RiverJobStates(ctx, s.opts.Pool, s.opts.Config.River.Schema, ids)
	if err != nil {
		return err
	}
	for _, ref := range refs {
		if ref.id != nil {
			*ref.state = states[*ref.id]
		}
	}
	return nil
}

// nextRun is when schedule fires next: after the last run for an interval
// schedule that has not come round yet, else after now. Zero when the
// schedule does not parse (config validation prevents that).
func nextRun(schedule string, lastRun *time.Time, now time.Time) time.Time {
	sched, err := config.ParseSchedule(schedule)
	if err != nil {
		return time.Time{}
	}
	if lastRun != nil {
		if next := sched.Next(*lastRun); next.After(now) {
			return next.UTC()
		}
	}
	return sched.Next(now).UTC()
}

// lockTimedOut reports err when it is a lock timeout of policy's step on
// table (db.ReportLockTimeout): counted and logged at WARN, as the
// workers' are.
func (s *Server) lockTimedOut(ctx context.Context, policy, step, table string, lockTimeout time.Duration, err error) {
	if !db.IsLockTimeout(err) {
		return
	}
	db.ReportLockTimeout(ctx, s.opts.Pool, s.opts.Logger, s.opts.Metrics.LockTimeouts, db.LockTimeout{
		Policy: policy, Step: step, Tables: []string{table}, LockTimeout: lockTimeout, Err: err,
	})
}
