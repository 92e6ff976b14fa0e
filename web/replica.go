package web

import "time"

// ReplicaOverview is the replica throttle (database.max_replica_lag) as
// the dashboard shows it: the limits, the lag last measured while deleting,
// and whether deletion is paused for it, since when.
type ReplicaOverview struct {
	MaxLag      string     `json:"max_lag,omitempty"`
	MaxLagBytes int64      `json:"max_lag_bytes,omitempty"`
	Throttled   bool       `json:"throttled"`
	Since       *time.Time `json:"since,omitempty"`
	Standby     string     `json:"standby,omitempty"`
	LagSeconds  float64    `json:"lag_seconds"`
	LagBytes    int64      `json:"lag_bytes"`
}

// replicaOverview reads the replica throttle's live state, or nil when no
// limit is configured. It is not cached: the badge follows the throttle.
func (s *Server) replicaOverview() *ReplicaOverview {
	d := s.opts.Config.Database
	if d.MaxReplicaLag <= 0 && d.MaxReplicaLagBytes <= 0 {
		return nil
	}
	st := s.opts.Metrics.Pace.Replica.Get()
	out := &ReplicaOverview{
		MaxLagBytes: d.MaxReplicaLagBytes, Throttled: st.Throttled, Since: st.Since,
		Standby: st.Standby, LagSeconds: st.Lag.Seconds(), LagBytes: st.LagBytes,
	}
	if d.MaxReplicaLag > 0 {
		out.MaxLag = d.MaxReplicaLag.D().String()
	}
	return out
}
