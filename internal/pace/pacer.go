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

	mu    sync.Mutex
	ctrls map[string]*Controller
}

// NewPacers returns the pacers of a process working on pool with cfg's
// database settings. m may be nil.
func NewPacers(pool *pgxpool.Pool, cfg *config.Config, logger *slog.Logger, m *metrics.Metrics) *Pacers {
	p := &Pacers{pool: pool, metrics: m, logger: logger, ctrls: map[string]*Controller{}}
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
		Target:   p.Pace.TargetP99.D(),
		MinBatch: p.Pace.MinBatch(p.MaxBatchSize), MaxBatch: p.MaxBatchSize,
		MinPause: p.Pause.D(), MaxPause: p.Pace.LongestPause(p.Pause).D(),
	}, p.YieldBatchSize, p.YieldPause.D()
}

// ExpireLimits are an expire policy's pacing limits for its planner's
// claims: from pacing.min_batch_size to batch_size rows, from no pause to
// pacing.max_pause. Under load it starts at batch_size without a pause.
func ExpireLimits(p *config.Expire) (lim Limits, batch int, pause time.Duration) {
	return Limits{
		Target:   p.Pace.TargetP99.D(),
		MinBatch: p.Pace.MinBatch(p.BatchSize), MaxBatch: p.BatchSize,
		MaxPause: p.Pace.LongestPause(0).D(),
	}, p.BatchSize, 0
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
	return pc
}

// Pacer paces one run of a policy's loop:
//
//	step, err := pc.Start(ctx)          // before the first batch
//	for {
//		n := step.Batch (or the policy's own size when !step.Paced)
//		... one batch ...
//		step, err = pc.After(ctx)       // right after it commits
//		err = pc.Pause(ctx, step.Pause) // (or the policy's own pause)
//	}
//
// Start and Pause also wait on the replica gate.
type Pacer struct {
	pacers *Pacers
	policy string
	ctrl   *Controller   // nil: the policy does not pace
	own    time.Duration // the policy's own pause
	sleep  func(ctx context.Context, d time.Duration) error
}

// SetSleep replaces the pause's sleep (tests that observe pauses).
func (pc *Pacer) SetSleep(sleep func(ctx context.Context, d time.Duration) error) {
	pc.sleep = sleep
}

// Start waits on the replica gate, then reads the foreground's load and
// returns the step of the first batch.
func (pc *Pacer) Start(ctx context.Context) (Step, error) {
	if err := pc.pacers.Gate.Wait(ctx); err != nil {
		return Step{}, err
	}
	if pc.ctrl == nil {
		return Step{}, nil
	}
	load, err := db.ReadForegroundLoad(ctx, pc.pacers.pool)
	if err != nil {
		return Step{}, fmt.Errorf("pace %s: %w", pc.policy, err)
	}
	step := pc.ctrl.Current()
	step.Paced = load.Busy > 0 || load.Blocked > 0
	pc.record(step)
	return step, nil
}

// After measures the foreground right after a batch committed: its load
// and, when it is busy, the commit probe. It returns the step for the
// pause that follows and the next batch.
func (pc *Pacer) After(ctx context.Context) (Step, error) {
	if pc.ctrl == nil {
		return Step{}, nil
	}
	load, err := db.ReadForegroundLoad(ctx, pc.pacers.pool)
	if err != nil {
		return Step{}, fmt.Errorf("pace %s: %w", pc.policy, err)
	}
	sig := Signal{Busy: load.Busy, Blocked: load.Blocked}
	if sig.Busy > 0 || sig.Blocked > 0 {
		if sig.Probe, err = db.CommitProbe(ctx, pc.pacers.pool); err != nil {
			return Step{}, fmt.Errorf("pace %s: %w", pc.policy, err)
		}
	}
	step := pc.ctrl.Observe(sig)
	pc.record(step)
	return step, nil
}

// Pause sleeps d, counting the part beyond the policy's own pause as
// throttled, then waits on the replica gate.
func (pc *Pacer) Pause(ctx context.Context, d time.Duration) error {
	if d > 0 {
		if err := pc.sleep(ctx, d); err != nil {
			return err
		}
		if extra := d - pc.own; pc.ctrl != nil && extra > 0 && pc.pacers.metrics != nil {
			pc.pacers.metrics.Pace.ThrottledSeconds.WithLabelValues(pc.policy).Add(extra.Seconds())
		}
	}
	return pc.pacers.Gate.Wait(ctx)
}

// record publishes a paced step on the policy's gauges.
func (pc *Pacer) record(step Step) {
	if m := pc.pacers.metrics; m != nil && step.Paced {
		m.Pace.BatchSize.WithLabelValues(pc.policy).Set(float64(step.Batch))
		m.Pace.Pause.WithLabelValues(pc.policy).Set(step.Pause.Seconds())
	}
}
