package service

import (
	"cmp"
	"context"
	"log/slog"
	"os"
	"runtime/debug"
	"time"

	dto "github.com/prometheus/client_model/go"

	"github.com/lethehq/lethe/db"
)

// sampleEvery is how many heartbeats go by between two minute samples: a
// sample every 15 s, added into the minute's row.
const sampleEvery = 3

// heartbeat registers the process in lethe_processes, moves its heartbeat
// every db.HeartbeatInterval, records what it throttled and the standbys'
// lag into lethe_minute_samples and prunes the rows of gone processes,
// until ctx ends; then it deletes its row. A failed write is logged at
// WARN once until one succeeds again: the fleet view is a view, it never
// stops the work.
func (s *Service) heartbeat(ctx context.Context) {
	host, _ := os.Hostname()
	p := db.Process{
		ClientID: s.River.ID(), Host: cmp.Or(host, "unknown"), PID: os.Getpid(),
		Version: cmp.Or(s.Version, buildVersion()), MaxWorkers: s.Config.River.MaxWorkers,
	}
	failing := false
	warn := func(what string, err error) {
		if err != nil && ctx.Err() == nil && !failing {
			s.Logger.WarnContext(ctx, "Fleet: "+what+" failed; the dashboard may show this process as gone", slog.String("error", err.Error()))
		}
		failing = err != nil
	}
	registered := db.RegisterProcess(ctx, s.Pool, p) == nil
	throttled := s.throttledSeconds()
	ticker := time.NewTicker(db.HeartbeatInterval)
	defer ticker.Stop()
	for beat := 1; ; beat++ {
		select {
		case <-ctx.Done():
			stopCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
			defer cancel()
			if err := db.DeregisterProcess(stopCtx, s.Pool, p.ClientID); err != nil {
				s.Logger.Warn("Fleet: could not remove this process's row; it shows as gone until pruned", slog.String("error", err.Error()))
			}
			return
		case <-ticker.C:
		}
		beatCtx, cancel := context.WithTimeout(ctx, db.HeartbeatInterval)
		var err error
		if registered {
			registered, err = db.Heartbeat(beatCtx, s.Pool, p.ClientID)
		}
		if err == nil && !registered {
			err = db.RegisterProcess(beatCtx, s.Pool, p)
			registered = err == nil
		}
		if err == nil && beat%sampleEvery == 0 {
			now := s.throttledSeconds()
			sample := db.MinuteSample{Minute: time.Now(), ClientID: p.ClientID, ThrottledSeconds: max(now-throttled, 0), ReplicaLag: s.replicaLag(beatCtx)}
			if err = db.RecordMinuteSample(beatCtx, s.Pool, sample, db.MinuteSamplesKept); err == nil {
				throttled = now
				_, err = db.PruneProcesses(beatCtx, s.Pool, db.ProcessPruneAfter)
			}
		}
		cancel()
		warn("heartbeat", err)
	}
}

// throttledSeconds is the time this process's deletions were held back
// since it started: paced for the foreground (every policy's
// lethe_pace_throttled_seconds_total), paused for a lagging standby
// (lethe_replica_throttled_seconds_total) and waiting on the application's
// locks before giving way (lethe_lock_throttled_seconds_total).
func (s *Service) throttledSeconds() float64 {
	families, err := s.Metrics.Registry.Gather()
	if err != nil {
		return 0
	}
	var sum float64
	for _, f := range families {
		switch f.GetName() {
		case "lethe_pace_throttled_seconds_total", "lethe_replica_throttled_seconds_total", "lethe_lock_throttled_seconds_total":
			for _, m := range f.GetMetric() {
				sum += counterValue(m)
			}
		}
	}
	return sum
}

func counterValue(m *dto.Metric) float64 {
	if c := m.GetCounter(); c != nil {
		return c.GetValue()
	}
	return 0
}

// replicaLag is the largest replay lag of the standbys streaming from the
// database, and of the replica throttle's last measure when it is
// configured; nil when neither has one.
func (s *Service) replicaLag(ctx context.Context) *float64 {
	var lag *float64
	set := func(d time.Duration) {
		v := d.Seconds()
		if lag == nil || v > *lag {
			lag = &v
		}
	}
	if r, err := db.ReadReplication(ctx, s.Pool); err == nil {
		for _, st := range r.Standbys {
			set(st.ReplayLag)
		}
	}
	if d := s.Config.Database; d.MaxReplicaLag > 0 || d.MaxReplicaLagBytes > 0 {
		if st := s.Metrics.Pace.Replica.Get(); st.Standby != "" {
			set(st.Lag)
		}
	}
	return lag
}

// buildVersion is the module version the binary records, "(devel)" for a
// build from a work tree (the serve command sets Service.Version to the
// whole of `lethe version`).
func buildVersion() string {
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" {
		return info.Main.Version
	}
	return "(devel)"
}
