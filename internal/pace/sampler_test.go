package pace

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// TestSampler: probes taken while a batch runs are compared with those
// taken between batches, kind by kind, and the sampler stops probing once
// no batch has begun for a while. The probes here are functions whose
// latency the test sets: the real ones are measured against PostgreSQL by
// the workers' pacing tests.
func TestSampler(t *testing.T) {
	t.Parallel()
	ctx := t.Context()

	var slow atomic.Bool // what a batch does to the server
	var probes atomic.Int64
	measure := func(read, loaded time.Duration) func(context.Context, *pgxpool.Pool) (time.Duration, error) {
		return func(context.Context, *pgxpool.Pool) (time.Duration, error) {
			probes.Add(1)
			if slow.Load() {
				return loaded, nil
			}
			return read, nil
		}
	}
	// A busy machine may starve the sampler's goroutine for a while: the
	// test gives warm far longer than production does.
	s := &sampler{every: time.Millisecond, idle: 50 * time.Millisecond, warmFor: time.Minute, probes: []probe{
		{measure: measure(time.Millisecond, 3*time.Millisecond)},
		{measure: measure(2*time.Millisecond, 10*time.Millisecond), commit: true},
	}}

	if err := s.warm(ctx); err != nil {
		t.Fatal(err)
	}
	if !s.ready() {
		t.Fatal("warm returned without a baseline of every kind")
	}

	// A batch that slows the server: the commit probe went from 2ms to
	// 10ms (5×), the read probe from 1ms to 3ms (3×).
	slow.Store(true)
	s.begin()
	time.Sleep(20 * time.Millisecond)
	m := s.end()
	slow.Store(false)
	if m.slowdown != 5 || m.commit != 10*time.Millisecond {
		t.Fatalf("slowing batch: slowdown %.2f, slowest commit %s; want 5 and 10ms", m.slowdown, m.commit)
	}

	// A batch that leaves the server as it is.
	s.begin()
	time.Sleep(20 * time.Millisecond)
	if m := s.end(); m.slowdown != 1 || m.commit != 2*time.Millisecond {
		t.Fatalf("harmless batch: slowdown %.2f, slowest commit %s; want 1 and 2ms", m.slowdown, m.commit)
	}

	// No batch for longer than idle: the sampler stops.
	deadline := time.Now().Add(5 * time.Second)
	for {
		s.mu.Lock()
		running := s.running
		s.mu.Unlock()
		if !running {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the sampler still probes 5s after the last batch")
		}
		time.Sleep(10 * time.Millisecond)
	}
	before := probes.Load()
	time.Sleep(20 * time.Millisecond)
	if after := probes.Load(); after != before {
		t.Fatalf("stopped sampler took %d more probes", after-before)
	}
}

// TestSamplerStatements: the foreground's statements that finished while a
// batch ran and those between batches give the two p99s, and forget drops
// what the controller acted on.
func TestSamplerStatements(t *testing.T) {
	t.Parallel()
	ctx := t.Context()

	var slow atomic.Bool // what a batch does to the foreground
	var reads atomic.Int64
	read := func(context.Context, *pgxpool.Pool) ([]time.Duration, error) {
		reads.Add(1)
		took := 2 * time.Millisecond
		if slow.Load() {
			took = 30 * time.Millisecond
		}
		return []time.Duration{took, took / 2}, nil
	}
	fast := func(context.Context, *pgxpool.Pool) (time.Duration, error) { return time.Millisecond, nil }
	s := &sampler{every: time.Millisecond, idle: time.Minute, warmFor: time.Minute,
		probes:     []probe{{measure: fast}, {measure: fast, commit: true}},
		statements: statements{read: read}}
	if err := s.warm(ctx); err != nil {
		t.Fatal(err)
	}
	for reads.Load() < 10 {
		time.Sleep(time.Millisecond)
	}

	s.begin()
	slow.Store(true)
	for at := reads.Load(); reads.Load() < at+5; {
		time.Sleep(time.Millisecond)
	}
	slow.Store(false)
	m := s.end()
	if m.statements != 30*time.Millisecond || m.quiet != 2*time.Millisecond {
		t.Fatalf("a batch that slowed the foreground: p99 %s while it ran, %s between batches; want 30ms and 2ms", m.statements, m.quiet)
	}
	s.forget()
	s.begin()
	for at := reads.Load(); reads.Load() < at+5; {
		time.Sleep(time.Millisecond)
	}
	if m := s.end(); m.statements != 2*time.Millisecond {
		t.Fatalf("a harmless batch after forget: p99 %s while it ran; want 2ms", m.statements)
	}
}
