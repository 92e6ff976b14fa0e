package metrics

import (
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// PaceMetrics are the collectors of pacing (package internal/pace): what
// each paced policy's controller chose, and the time deletion waited for
// the foreground or for a lagging standby.
type PaceMetrics struct {
	BatchSize        *prometheus.GaugeVec     // policy
	Pause            *prometheus.GaugeVec     // policy
	ThrottledSeconds *prometheus.CounterVec   // policy
	Batches          *prometheus.CounterVec   // policy, verdict
	Slowdown         *prometheus.HistogramVec // policy
	// TargetUnreachable is 1 while a policy's pacing cannot keep its
	// target even at its smallest batch and longest pause.
	TargetUnreachable *prometheus.GaugeVec // policy
	// ForegroundP99 is the foreground's statements' p99 as pacing last
	// saw it, while batches ran and between them.
	ForegroundP99    *prometheus.GaugeVec // policy, when
	ReplicaThrottled prometheus.Counter
	ReplicaLag       prometheus.Gauge
	ReplicaLagBytes  prometheus.Gauge

	// Replica is the replica throttle's state for the dashboard.
	Replica *ReplicaStatus
}

func newPaceMetrics(reg *prometheus.Registry) PaceMetrics {
	m := PaceMetrics{
		Replica: &ReplicaStatus{},
		BatchSize: prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Name: "lethe_pace_batch_size", Help: "Batch size the pacing controller chose last under foreground load, by policy.",
		}, []string{"policy"}),
		Pause: prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Name: "lethe_pace_pause_seconds", Help: "Pause between batches the pacing controller chose last under foreground load, by policy.",
		}, []string{"policy"}),
		ThrottledSeconds: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "lethe_pace_throttled_seconds_total", Help: "Time a policy paused beyond its own pause to give way to the foreground.",
		}, []string{"policy"}),
		Batches: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "lethe_pace_batches_total", Help: "Paced batches by what the pacing controller found after each: within the policy's pacing limits, or over them (a probe slowed beyond max_slowdown, a commit probe or the foreground's statements' p99 over target_p99, or a session waiting on Lethe's lock).",
		}, []string{"policy", "verdict"}),
		Slowdown: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "lethe_pace_slowdown",
			Help:    "How many times slower the pacing sampler's slowest probe during a paced batch was than the probes between batches, one observation per batch that had probes.",
			Buckets: []float64{1, 1.1, 1.25, 1.5, 2, 3, 5, 10},
		}, []string{"policy"}),
		TargetUnreachable: prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Name: "lethe_pace_target_unreachable", Help: "1 while a policy's pacing cannot keep the foreground within its limits (target_p99, max_slowdown) even at pacing.min_batch_size and pacing.max_pause: most paced batches of a window at that floor were still over them; 0 otherwise.",
		}, []string{"policy"}),
		ForegroundP99: prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Name: "lethe_pace_foreground_p99_seconds", Help: "99th percentile of the foreground's statements as the server timed them (pg_stat_activity), over the last few hundred a paced policy's sampler saw, while its batches ran (when=\"batches\") and between them (when=\"between\"); what pacing.target_p99 is held against.",
		}, []string{"policy", "when"}),
		ReplicaThrottled: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "lethe_replica_throttled_seconds_total", Help: "Time deletion was paused because a standby replayed further behind than database.max_replica_lag(_bytes).",
		}),
		ReplicaLag: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "lethe_replica_lag_seconds", Help: "Replay lag of the most lagging standby, as last measured while deleting (with max_replica_lag set).",
		}),
		ReplicaLagBytes: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "lethe_replica_lag_bytes", Help: "WAL bytes the most lagging standby has not replayed, as last measured while deleting (with max_replica_lag set).",
		}),
	}
	reg.MustRegister(m.BatchSize, m.Pause, m.ThrottledSeconds, m.Batches, m.Slowdown, m.TargetUnreachable, m.ForegroundP99, m.ReplicaThrottled, m.ReplicaLag, m.ReplicaLagBytes)
	return m
}

// Verdicts of lethe_pace_batches_total.
const (
	PaceWithin = "within"
	PaceOver   = "over"
)

// initPace creates the pacing series of a paced policy at zero.
func (m *Metrics) initPace(policy string, paced bool) {
	if paced {
		m.Pace.BatchSize.WithLabelValues(policy)
		m.Pace.Pause.WithLabelValues(policy)
		m.Pace.ThrottledSeconds.WithLabelValues(policy)
		m.Pace.Batches.WithLabelValues(policy, PaceWithin)
		m.Pace.Batches.WithLabelValues(policy, PaceOver)
		m.Pace.Slowdown.WithLabelValues(policy)
		m.Pace.TargetUnreachable.WithLabelValues(policy)
	}
}

// ReplicaState is the replica throttle as the dashboard shows it.
type ReplicaState struct {
	Throttled bool          `json:"throttled"`
	Since     *time.Time    `json:"since,omitempty"` // when throttling started
	Standby   string        `json:"standby,omitempty"`
	Lag       time.Duration `json:"-"`
	LagBytes  int64         `json:"lag_bytes"`
}

// ReplicaStatus holds the latest ReplicaState; safe for concurrent use.
type ReplicaStatus struct {
	mu    sync.Mutex
	state ReplicaState
}

// Set records s.
func (r *ReplicaStatus) Set(s ReplicaState) {
	r.mu.Lock()
	r.state = s
	r.mu.Unlock()
}

// Get returns the latest state.
func (r *ReplicaStatus) Get() ReplicaState {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.state
}
