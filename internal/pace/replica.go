package pace

import (
	"cmp"
	"context"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/internal/metrics"
)

// Replica gate timing.
const (
	// replicaPoll is how often a throttled gate reads the lag again.
	replicaPoll = time.Second
	// sampleEvery spaces the WAL position samples; maxSamples bounds them.
	sampleEvery = 100 * time.Millisecond
	maxSamples  = 4096
)

// Lag is how far the most lagging standby is behind.
type Lag struct {
	Standby string
	Bytes   int64
	Time    time.Duration
}

// ReplicaGate pauses deletion while a streaming standby replays further
// behind the primary than MaxLag (or MaxBytes of WAL), as pt-archiver's
// --max-lag does. It reads pg_stat_replication on the primary, so it needs
// a role that may (a superuser, or pg_monitor); without it the lag reads
// as unknown and nothing waits.
//
// The time lag is the larger of replay_lag and the age of the oldest WAL
// the standby has not replayed, known from the gate's own samples of the
// primary's WAL position: replay_lag alone stays at its last value while
// replay is paused, and is NULL when nothing new arrives.
//
// One gate serves every policy of a process; it is safe for concurrent use.
type ReplicaGate struct {
	exec db.Executor
	// standby, when set, is the configured standby: its replay position
	// replaces pg_stat_replication's.
	standby     db.Executor
	standbyName string
	maxLag      time.Duration
	maxBytes    int64
	logger      *slog.Logger
	m           *metrics.PaceMetrics

	// now and sleep are the clock (tests replace them).
	now   func() time.Time
	sleep func(ctx context.Context, d time.Duration) error

	mu          sync.Mutex
	samples     []walSample
	last        Lag
	throttled   bool
	since       time.Time
	accountedAt time.Time
	noAccess    bool
}

type walSample struct {
	at  time.Time
	lsn int64
}

// NewReplicaGate returns a gate over the standbys of the server exec is
// connected to, or nil when maxLag and maxBytes are both 0 (a nil gate
// never waits). m may be nil.
func NewReplicaGate(exec db.Executor, maxLag time.Duration, maxBytes int64, logger *slog.Logger, m *metrics.PaceMetrics) *ReplicaGate {
	if maxLag <= 0 && maxBytes <= 0 {
		return nil
	}
	return &ReplicaGate{
		exec: exec, maxLag: maxLag, maxBytes: maxBytes,
		logger: cmp.Or(logger, slog.New(slog.DiscardHandler)), m: m,
		now: time.Now, sleep: Sleep,
	}
}

// Wait returns once every standby is within the limits, or ctx is done.
// Once over a limit, it waits until the lag is back under half of it,
// reading it every second.
func (g *ReplicaGate) Wait(ctx context.Context) error {
	_, err := g.wait(ctx)
	return err
}

// wait is Wait, also reporting whether a standby's lag held it back.
func (g *ReplicaGate) wait(ctx context.Context) (held bool, err error) {
	if g == nil {
		return false, nil
	}
	for {
		over, err := g.check(ctx)
		if err != nil || !over {
			return held, err
		}
		held = true
		if err := g.sleep(ctx, replicaPoll); err != nil {
			return held, err
		}
	}
}

// Throttled reports whether the gate holds deletion back now.
func (g *ReplicaGate) Throttled() bool {
	if g == nil {
		return false
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.throttled
}

// check reads the lag and reports whether it is over the limits, logging
// and counting the transitions. It runs before every batch: reading
// pg_stat_replication costs far less than a batch.
func (g *ReplicaGate) check(ctx context.Context) (bool, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	r, err := db.ReadReplication(ctx, g.exec)
	if err != nil {
		return false, err
	}
	if g.standby != nil {
		if r, err = g.readStandby(ctx, r); err != nil {
			return false, err
		}
	}
	now := g.now()
	g.sample(now, r.CurrentLSN)
	lag, known := g.worst(now, r)
	if !known && !g.noAccess {
		g.noAccess = true
		g.logger.WarnContext(ctx, "Cannot read standby replay positions; max_replica_lag is not enforced (grant pg_monitor to Lethe's role)")
	}
	g.last = lag
	over := g.over(lag, 1)
	if g.throttled {
		// Resume only once the lag is back under half the limits, so a
		// standby hovering at the limit does not flap the gate every batch.
		over = g.over(lag, 2)
	}
	if g.m != nil {
		g.m.ReplicaLag.Set(lag.Time.Seconds())
		g.m.ReplicaLagBytes.Set(float64(lag.Bytes))
	}
	switch {
	case over && !g.throttled:
		g.throttled, g.since, g.accountedAt = true, now, now
		g.logger.WarnContext(ctx, "Standby lags behind; deletion paused",
			slog.String("standby", lag.Standby), slog.String("lag", lag.Time.Round(time.Millisecond).String()),
			slog.Int64("lag_bytes", lag.Bytes), slog.String("max_replica_lag", g.maxLag.String()),
			slog.Int64("max_replica_lag_bytes", g.maxBytes))
	case g.throttled:
		g.account(now)
		if !over {
			g.throttled = false
			g.logger.InfoContext(ctx, "Standby caught up; deletion resumed",
				slog.String("standby", lag.Standby), slog.String("lag", lag.Time.Round(time.Millisecond).String()),
				slog.Int64("lag_bytes", lag.Bytes), slog.String("paused_for", now.Sub(g.since).Round(time.Millisecond).String()))
		}
	}
	g.publish()
	return over, nil
}

// UseStandby makes the gate read the replay position from a standby
// (database.replica_url) rather than from the primary's
// pg_stat_replication; name names it in logs.
func (g *ReplicaGate) UseStandby(exec db.Executor, name string) {
	if g != nil {
		g.standby, g.standbyName = exec, name
	}
}

// readStandby replaces r's standbys with the configured one, read on the
// standby itself.
func (g *ReplicaGate) readStandby(ctx context.Context, r db.Replication) (db.Replication, error) {
	replayed, err := db.ReadStandbyReplay(ctx, g.standby)
	if err != nil {
		return r, fmt.Errorf("standby %s: %w", g.standbyName, err)
	}
	r.Standbys = []db.Standby{{Name: g.standbyName, BehindBytes: max(r.CurrentLSN-replayed, 0), ReplayLSN: replayed}}
	return r, nil
}

// over reports whether lag exceeds the limits divided by div.
func (g *ReplicaGate) over(lag Lag, div int64) bool {
	return (g.maxLag > 0 && lag.Time > g.maxLag/time.Duration(div)) || (g.maxBytes > 0 && lag.Bytes > g.maxBytes/div)
}

// account counts the time throttled since the last count.
func (g *ReplicaGate) account(now time.Time) {
	if g.m != nil {
		g.m.ReplicaThrottled.Add(now.Sub(g.accountedAt).Seconds())
	}
	g.accountedAt = now
}

func (g *ReplicaGate) publish() {
	if g.m == nil {
		return
	}
	s := metrics.ReplicaState{Throttled: g.throttled, Standby: g.last.Standby, Lag: g.last.Time, LagBytes: g.last.Bytes}
	if g.throttled {
		since := g.since
		s.Since = &since
	}
	g.m.Replica.Set(s)
}

// sample records the primary's WAL position at now.
func (g *ReplicaGate) sample(now time.Time, lsn int64) {
	if n := len(g.samples); n > 0 && (now.Sub(g.samples[n-1].at) < sampleEvery || g.samples[n-1].lsn == lsn) {
		return
	}
	if len(g.samples) == maxSamples {
		// Keep the oldest (the lag's lower bound reaches back to it)
		// and thin the rest.
		kept := g.samples[:1]
		for i := 1; i < len(g.samples); i += 2 {
			kept = append(kept, g.samples[i])
		}
		g.samples = kept
	}
	g.samples = append(g.samples, walSample{at: now, lsn: lsn})
}

// worst returns the lag of the standby furthest behind, and whether every
// standby's position could be read.
func (g *ReplicaGate) worst(now time.Time, r db.Replication) (Lag, bool) {
	var worst Lag
	known := true
	for _, s := range r.Standbys {
		if s.BehindBytes < 0 {
			known = false
			continue
		}
		lag := Lag{Standby: s.Name, Bytes: s.BehindBytes}
		if s.BehindBytes > 0 {
			lag.Time = max(s.ReplayLag, g.unreplayedAge(now, s.ReplayLSN))
		}
		if lag.Time > worst.Time || (lag.Time == worst.Time && lag.Bytes > worst.Bytes) {
			worst = lag
		}
	}
	return worst, known
}

// unreplayedAge is a lower bound on the age of the oldest WAL past
// replayed: the time since the first sample that had WAL beyond it.
func (g *ReplicaGate) unreplayedAge(now time.Time, replayed int64) time.Duration {
	for _, s := range g.samples {
		if s.lsn > replayed {
			return now.Sub(s.at)
		}
	}
	return 0
}
