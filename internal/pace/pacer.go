package pace

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/internal/metrics"
)

// Pacers keeps one Controller per policy, so a policy's next run starts
// where its last one left off, and the process's ReplicaGate. The workers
// hold one; a benchmark or a test may make its own.
type Pacers struct {
	pool    *pgxpool.Pool
	metrics *metrics.Metrics
	logger  *slog.Logger
	// Gate is the replica gate of database.max_replica_lag; nil when
	// it is not set.
	Gate *ReplicaGate

	mu       sync.Mutex
	ctrls    map[string]*Controller
	tokens   map[string]chan struct{} // per policy: the batch that runs while paced
	samplers map[string]*sampler

	loadMu   sync.Mutex
	lastLoad db.ForegroundLoad
	loadAt   time.Time
}

// NewPacers returns the pacers of a process working on pool with cfg's
// database settings. m may be nil.
func NewPacers(pool *pgxpool.Pool, cfg *config.Config, logger *slog.Logger, m *metrics.Metrics) *Pacers {
	p := &Pacers{pool: pool, metrics: m, logger: logger, ctrls: map[string]*Controller{}, tokens: map[string]chan struct{}{}, samplers: map[string]*sampler{}}
	var pm *metrics.PaceMetrics
	if m != nil {
		pm = &m.Pace
	}
	p.Gate = NewReplicaGate(pool, cfg.Database.MaxReplicaLag.D(), cfg.Database.MaxReplicaLagBytes, logger, pm)
	if url := cfg.Database.ReplicaURL; url != "" && p.Gate != nil {
		// A small pool that connects on first use; the process's life
		// is its life.
		pc, err := pgxpool.ParseConfig(url)
		if err == nil {
			pc.MaxConns = 2
			pc.ConnConfig.RuntimeParams["application_name"] = "lethe"
			var standby *pgxpool.Pool
			if standby, err = pgxpool.NewWithConfig(context.Background(), pc); err == nil {
				p.Gate.UseStandby(standby, fmt.Sprintf("%s:%d", pc.ConnConfig.Host, pc.ConnConfig.Port))
			}
		}
		if err != nil {
			p.Gate.UseStandby(brokenStandby{err}, "database.replica_url")
		}
	}
	return p
}

// brokenStandby fails every read with the error that kept the standby's
// pool from opening, so deletion reports it rather than ignore the limit.
type brokenStandby struct{ err error }

func (b brokenStandby) Exec(context.Context, string, ...any) (pgconn.CommandTag, error) {
	return pgconn.CommandTag{}, b.err
}
func (b brokenStandby) Query(context.Context, string, ...any) (pgx.Rows, error) { return nil, b.err }
func (b brokenStandby) QueryRow(context.Context, string, ...any) pgx.Row        { return errRow{b.err} }

type errRow struct{ err error }

func (r errRow) Scan(...any) error { return r.err }

// loadFresh is how long a reading of the foreground's load serves the
// batches of every paced policy of the process: small batches would
// otherwise read pg_stat_activity more often than they delete.
const loadFresh = 100 * time.Millisecond

// load reads the foreground's load, or, unless fresh is set (a run's
// start), returns the last reading while it is fresh.
func (p *Pacers) load(ctx context.Context, fresh bool) (db.ForegroundLoad, error) {
	p.loadMu.Lock()
	defer p.loadMu.Unlock()
	if !fresh && time.Since(p.loadAt) < loadFresh {
		return p.lastLoad, nil
	}
	l, err := db.ReadForegroundLoad(ctx, p.pool)
	if err != nil {
		return l, err
	}
	p.lastLoad, p.loadAt = l, time.Now()
	return l, nil
}

// WaitReplica waits on the replica gate (see ReplicaGate.Wait); a nil
// Pacers never waits.
func (p *Pacers) WaitReplica(ctx context.Context) error {
	if p == nil {
		return nil
	}
	return p.Gate.Wait(ctx)
}

// SweepLimits are a rows-mode sweep policy's pacing limits: from
// pacing.min_batch_size to max_batch_size rows, from pause to
// pacing.max_pause. Under load it starts at yield_batch_size and
// yield_pause.
func SweepLimits(p *config.Sweep) (lim Limits, batch int, pause time.Duration) {
	return Limits{
		Target: p.Pace.TargetP99.D(), MaxSlowdown: p.Pace.MaxSlowdown,
		MinBatch: p.Pace.MinBatch(p.MaxBatchSize), MaxBatch: p.MaxBatchSize,
		MinPause: p.Pause.D(), MaxPause: p.Pace.LongestPause(p.Pause).D(),
	}, p.YieldBatchSize, p.YieldPause.D()
}

// ExpireLimits are an expire policy's pacing limits for its planner's
// claims, or its batches when it has no blob column: from
// pacing.min_batch_size to batch_size rows, from no pause to
// pacing.max_pause. Under load it starts at pacing.min_batch_size without
// a pause, and slow start doubles the batch from there.
func ExpireLimits(p *config.Expire) (lim Limits, batch int, pause time.Duration) {
	lim = Limits{
		Target: p.Pace.TargetP99.D(), MaxSlowdown: p.Pace.MaxSlowdown,
		MinBatch: p.Pace.MinBatch(p.BatchSize), MaxBatch: p.BatchSize,
		MaxPause: p.Pace.LongestPause(0).D(),
	}
	return lim, lim.MinBatch, 0
}

// For returns the pacer of one run of policy. paced is whether the policy
// paces itself; a pacer that does not still waits on the replica gate.
func (p *Pacers) For(policy string, paced bool, lim Limits, batch int, pause time.Duration) *Pacer {
	pc := &Pacer{pacers: p, policy: policy, own: lim.MinPause, sleep: Sleep}
	if !paced {
		return pc
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	ctrl, ok := p.ctrls[policy]
	if !ok {
		ctrl = NewController(lim, batch, pause)
		p.ctrls[policy] = ctrl
	} else {
		ctrl.SetLimits(lim)
	}
	pc.ctrl = ctrl
	if pc.token = p.tokens[policy]; pc.token == nil {
		pc.token = make(chan struct{}, 1)
		p.tokens[policy] = pc.token
	}
	if pc.smp = p.samplers[policy]; pc.smp == nil {
		pc.smp = newSampler(p.pool)
		p.samplers[policy] = pc.smp
	}
	return pc
}

// Pacer paces one run of a policy's loop:
//
//	step, err := pc.Start(ctx)          // before the first batch
//	for {
//		n := step.Batch (or the policy's own size when !step.Paced)
//		... one batch ...
//		step, err = pc.Rest(ctx)        // right after it commits
//	}
//
// Start and Rest also wait on the replica gate.
type Pacer struct {
	pacers *Pacers
	policy string
	ctrl   *Controller   // nil: the policy does not pace
	own    time.Duration // the policy's own pause
	sleep  func(ctx context.Context, d time.Duration) error
	token  chan struct{} // the policy's: held by the one paced batch that runs
	smp    *sampler      // the policy's
	// inBatch is set from the start of a paced batch (Start, the end of
	// a paced pause) to the next Rest or Close.
	inBatch bool
	paced   bool // the last step's
	// everPaced and lagged say whether any step of the run was paced and
	// whether the replica gate held it back (Held).
	everPaced bool
	lagged    bool
}

// Held reports whether the run was held back: paced by the foreground's
// load at any step, or waiting for a lagging standby.
func (pc *Pacer) Held() (paced, lagged bool) {
	return pc.everPaced, pc.lagged
}

// waitGate waits on the replica gate, noting when it held the run back.
func (pc *Pacer) waitGate(ctx context.Context) error {
	held, err := pc.pacers.Gate.wait(ctx)
	pc.lagged = pc.lagged || held
	return err
}

// SetSleep replaces the pause's sleep (tests that observe pauses).
func (pc *Pacer) SetSleep(sleep func(ctx context.Context, d time.Duration) error) {
	pc.sleep = sleep
}

// Start waits on the replica gate, then reads the foreground's load and
// returns the step of the first batch.
func (pc *Pacer) Start(ctx context.Context) (Step, error) {
	step, err := pc.start(ctx)
	if err == nil && step.Paced {
		if err = pc.smp.warm(ctx); err != nil {
			return Step{}, err
		}
		pc.begin()
	}
	return step, err
}

// start is Start without marking the batch as begun.
func (pc *Pacer) start(ctx context.Context) (Step, error) {
	if err := pc.waitGate(ctx); err != nil {
		return Step{}, err
	}
	if pc.ctrl == nil {
		return Step{}, nil
	}
	load, err := pc.pacers.load(ctx, true)
	if err != nil {
		return Step{}, fmt.Errorf("pace %s: %w", pc.policy, err)
	}
	step := pc.ctrl.Current()
	step.Paced = load.Busy > 0 || load.Blocked > 0
	pc.record(step)
	return step, nil
}

// begin marks a paced batch as started, for the sampler.
func (pc *Pacer) begin() {
	if !pc.inBatch {
		pc.inBatch = true
		pc.smp.begin()
	}
}

// end marks the batch as done and returns what the sampler measured while
// it ran (see sampler.end).
func (pc *Pacer) end() measured {
	if !pc.inBatch {
		return measured{}
	}
	pc.inBatch = false
	return pc.smp.end()
}

// Close ends the pacer's use: a loop calls it when it stops, after its last
// batch.
func (pc *Pacer) Close() { pc.end() }

// StartBatch is Start for a policy whose batches run as separate jobs, up
// to the workers' count at once. While the foreground is busy, only one
// of the policy's batches in this process runs at a time, from StartBatch
// to its pause's end: on a small server, batches running side by side
// take every core the foreground needs, whatever their size. The caller
// calls release once the batch and its pause are done (on every path).
// Waiting for the turn takes no connection of the pool.
func (pc *Pacer) StartBatch(ctx context.Context) (step Step, release func(), err error) {
	if step, err = pc.start(ctx); err != nil || !step.Paced {
		return step, func() {}, err
	}
	select {
	case pc.token <- struct{}{}:
	case <-ctx.Done():
		return Step{}, nil, context.Cause(ctx)
	}
	if err := pc.smp.warm(ctx); err != nil {
		<-pc.token
		return Step{}, nil, err
	}
	// The batch before this one moved the controller while this one
	// waited.
	step = pc.ctrl.Current()
	pc.record(step)
	pc.begin()
	var once sync.Once
	return step, func() {
		once.Do(func() {
			pc.Close()
			<-pc.token
		})
	}, nil
}

// after takes what the sampler measured while the batch ran and reads the
// foreground's load; it returns the step for the pause that follows and
// the next batch. A batch shorter than the sampler's interval may have no
// commit probe of its own: then one is taken right after its commit, when
// its WAL is still to flush.
func (pc *Pacer) after(ctx context.Context) (Step, error) {
	if pc.ctrl == nil {
		return Step{}, nil
	}
	m := pc.end()
	load, err := pc.pacers.load(ctx, false)
	if err != nil {
		return Step{}, fmt.Errorf("pace %s: %w", pc.policy, err)
	}
	sig := Signal{Busy: load.Busy, Blocked: load.Blocked, Probe: m.commit, Slowdown: m.slowdown, Statements: m.statements, Quiet: m.quiet}
	if (sig.Busy > 0 || sig.Blocked > 0) && sig.Probe == 0 {
		if sig.Probe, err = db.CommitProbe(ctx, pc.pacers.pool); err != nil {
			return Step{}, fmt.Errorf("pace %s: %w", pc.policy, err)
		}
	}
	step := pc.ctrl.Observe(sig)
	if step.Over {
		pc.smp.forget()
	}
	pc.record(step)
	pc.judged(step, sig)
	pc.reach(ctx, step)
	if pc.pacers.logger != nil && step.Paced {
		pc.pacers.logger.DebugContext(ctx, "Paced",
			slog.String("policy", pc.policy), slog.Float64("probe_seconds", sig.Probe.Seconds()), slog.Float64("slowdown", sig.Slowdown),
			slog.Float64("foreground_p99_seconds", sig.Statements.Seconds()), slog.Float64("foreground_p99_between_batches_seconds", sig.Quiet.Seconds()),
			slog.Bool("over", step.Over), slog.Int("batch", step.Batch), slog.Float64("pause_seconds", step.Pause.Seconds()))
	}
	return step, nil
}

// Rest follows a batch that has just committed: it tells the controller
// how the foreground fared (after), then sleeps the pause of the step that
// follows, the controller's while paced and the policy's own otherwise, and
// waits on the replica gate. It returns that step, for the next batch.
func (pc *Pacer) Rest(ctx context.Context) (Step, error) {
	step, err := pc.after(ctx)
	if err != nil {
		return Step{}, err
	}
	pause := pc.own
	if step.Paced {
		pause = step.Pause
	}
	return step, pc.pause(ctx, pause)
}

// pause sleeps d, counting the part beyond the policy's own pause as
// throttled, then waits on the replica gate.
func (pc *Pacer) pause(ctx context.Context, d time.Duration) error {
	if d > 0 {
		if err := pc.sleep(ctx, d); err != nil {
			return err
		}
		if extra := d - pc.own; pc.ctrl != nil && extra > 0 && pc.pacers.metrics != nil {
			pc.pacers.metrics.Pace.ThrottledSeconds.WithLabelValues(pc.policy).Add(extra.Seconds())
		}
	}
	if err := pc.waitGate(ctx); err != nil {
		return err
	}
	if pc.ctrl != nil && pc.paced {
		pc.begin() // the next batch starts now
	}
	return nil
}

// record notes whether step is paced and publishes a paced step on the
// policy's gauges.
func (pc *Pacer) record(step Step) {
	pc.paced = step.Paced
	pc.everPaced = pc.everPaced || step.Paced
	if m := pc.pacers.metrics; m != nil && step.Paced {
		m.Pace.BatchSize.WithLabelValues(pc.policy).Set(float64(step.Batch))
		m.Pace.Pause.WithLabelValues(pc.policy).Set(step.Pause.Seconds())
	}
}

// judged counts a paced batch by the controller's verdict on it (step, for
// the batch that follows) and observes the slowdown sig measured during it.
func (pc *Pacer) judged(step Step, sig Signal) {
	m := pc.pacers.metrics
	if m == nil || !step.Paced {
		return
	}
	verdict := metrics.PaceWithin
	if step.Over {
		verdict = metrics.PaceOver
	}
	m.Pace.Batches.WithLabelValues(pc.policy, verdict).Inc()
	if sig.Statements > 0 {
		m.Pace.ForegroundP99.WithLabelValues(pc.policy, "batches").Set(sig.Statements.Seconds())
	}
	if sig.Quiet > 0 {
		m.Pace.ForegroundP99.WithLabelValues(pc.policy, "between").Set(sig.Quiet.Seconds())
	}
	if sig.Slowdown > 0 {
		m.Pace.Slowdown.WithLabelValues(pc.policy).Observe(sig.Slowdown)
	}
}

// reach publishes whether the policy's target is within reach, and logs
// the start and the end of an episode out of reach, once each.
func (pc *Pacer) reach(ctx context.Context, step Step) {
	if m := pc.pacers.metrics; m != nil {
		v := 0.0
		if step.Unreachable {
			v = 1
		}
		m.Pace.TargetUnreachable.WithLabelValues(pc.policy).Set(v)
	}
	logger := pc.pacers.logger
	if logger == nil || !(step.NewlyUnreachable || step.Reached) {
		return
	}
	r, lim := pc.ctrl.Reach(), pc.ctrl.Limits()
	if step.Reached {
		logger.InfoContext(ctx, "Pacing target within reach again", slog.String("policy", pc.policy),
			slog.Float64("target_p99_seconds", lim.Target.Seconds()))
		return
	}
	logger.WarnContext(ctx, "Pacing target not reachable: at the smallest batch and the longest pause, most batches still slow the foreground beyond the policy's pacing limits",
		slog.String("policy", pc.policy), slog.Float64("target_p99_seconds", lim.Target.Seconds()),
		slog.Float64("max_slowdown", lim.MaxSlowdown), slog.Float64("achieved_p99_seconds", r.Achieved.Seconds()),
		slog.Int("min_batch_size", r.Batch), slog.Float64("max_pause_seconds", r.Pause.Seconds()))
}

// Unreachable describes, when the policy's pacing cannot keep its target
// at its floor (see Controller), why, for the run's outcome; "" otherwise
// or when the policy does not pace.
func (pc *Pacer) Unreachable() string {
	if pc.ctrl == nil {
		return ""
	}
	r, lim := pc.ctrl.Reach(), pc.ctrl.Limits()
	if !r.Unreachable {
		return ""
	}
	return fmt.Sprintf("target not reachable: at pacing.min_batch_size %d and pacing.max_pause %s most batches still slowed the foreground beyond its limits (foreground p99 while batches ran: %s, pacing.target_p99 %s)",
		r.Batch, r.Pause, r.Achieved.Round(10*time.Microsecond), lim.Target)
}

// Sleep waits d, or until ctx is done (returning its error).
func Sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-timer.C:
		return nil
	}
}
