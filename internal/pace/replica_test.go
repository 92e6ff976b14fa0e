package pace

import (
	"testing"
	"time"

	"github.com/lethehq/lethe/db"
)

// The time lag of a standby whose replay is paused keeps growing from the
// gate's own WAL samples, while pg_stat_replication's replay_lag stays at
// its last value.
func TestReplicaLagFromSamples(t *testing.T) {
	t.Parallel()
	g := NewReplicaGate(nil, 5*time.Second, 0, nil, nil)
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	at := func(s float64) time.Time { return t0.Add(time.Duration(s * float64(time.Second))) }
	standby := func(replayed, current int64) db.Replication {
		return db.Replication{CurrentLSN: current, Standbys: []db.Standby{{
			Name: "standby", BehindBytes: current - replayed, ReplayLag: 10 * time.Millisecond, ReplayLSN: replayed,
		}}}
	}

	// Caught up: no lag, whatever replay_lag last said.
	g.sample(at(0), 1000)
	if lag, known := g.worst(at(0), standby(1000, 1000)); !known || lag.Time != 0 || lag.Bytes != 0 {
		t.Fatalf("caught up: %+v", lag)
	}
	// Replay paused at 1000 while the primary writes on.
	g.sample(at(1), 5000)
	g.sample(at(2), 9000)
	lag, _ := g.worst(at(8), standby(1000, 9000))
	if lag.Time != 7*time.Second || lag.Bytes != 8000 {
		t.Fatalf("paused replay: %+v; want 7s (WAL past 1000 first seen at 1s) and 8000 bytes", lag)
	}
	// Replay resumed up to 5000: WAL past it first seen at 2s.
	if lag, _ = g.worst(at(8), standby(5000, 9000)); lag.Time != 6*time.Second {
		t.Fatalf("partly replayed: %+v; want 6s", lag)
	}
	// Unknown positions (no pg_monitor) are reported, not guessed.
	r := db.Replication{CurrentLSN: 9000, Standbys: []db.Standby{{Name: "hidden", BehindBytes: -1}}}
	if lag, known := g.worst(at(8), r); known || lag.Time != 0 {
		t.Fatalf("unknown position: %+v known=%t", lag, known)
	}
}

func TestReplicaSamplesStayBounded(t *testing.T) {
	t.Parallel()
	g := NewReplicaGate(nil, time.Second, 0, nil, nil)
	t0 := time.Now()
	for i := range 3 * maxSamples {
		g.sample(t0.Add(time.Duration(i)*time.Second), int64(i+1))
	}
	if len(g.samples) > maxSamples || g.samples[0].lsn != 1 {
		t.Fatalf("%d samples, oldest at %d; want at most %d, the oldest kept", len(g.samples), g.samples[0].lsn, maxSamples)
	}
}
