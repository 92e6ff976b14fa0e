package pace

import (
	"cmp"
	"context"
	"slices"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/db"
)

// A sampler measures the server as the foreground has it while a policy's
// paced batches run: every interval, in turn, a trivial query (what a point
// read waits for: a core, the scheduler) and a tiny durable commit (what a
// write waits for: the WAL flush). It sorts each measurement by whether a
// batch of the policy ran at any moment of it. The probes taken between
// batches are the server without Lethe (the baseline); those taken during
// one are what the batch did to it. Probing during the batch matters: on a
// small server the foreground waits for a core and for the flush of the
// batch's WAL while the batch runs, which a probe after it never sees.
//
// It runs on its own goroutine from the first paced batch until no batch
// has begun for samplerIdle, so a policy that stops deleting stops
// probing.
type sampler struct {
	pool   *pgxpool.Pool
	every  time.Duration
	idle   time.Duration // samplerIdle
	probes []probe
	// warmFor bounds how long warm waits for the baselines (samplerWarm
	// when zero).
	warmFor time.Duration

	mu      sync.Mutex
	running bool
	used    time.Time // when a batch last began
	inBatch int       // batches running
	begun   int64     // batches begun, ever
}

// probe is one kind of measurement and what the sampler took of it.
type probe struct {
	measure func(ctx context.Context, pool *pgxpool.Pool) (time.Duration, error)
	commit  bool            // measure is the commit probe
	during  []time.Duration // since the last end
	quiet   []time.Duration // the last samplerQuiet between batches, oldest first
}

const (
	// samplerEvery is how often a sampler probes: 100 probes a second,
	// half of them durable commits, while a policy deletes under load.
	samplerEvery = 10 * time.Millisecond
	// samplerIdle is how long a sampler probes on after the last batch
	// began, so the pauses between batches keep its baseline fresh.
	samplerIdle = 3 * time.Second
	// samplerQuiet is how many probes of a kind between batches make its
	// baseline.
	samplerQuiet = 100
	// samplerMinQuiet is the fewest probes of a kind between batches that
	// make a baseline at all; with fewer, the absolute target alone
	// decides.
	samplerMinQuiet = 10
	// samplerWarm bounds how long a policy's first batch under load waits
	// for the baseline.
	samplerWarm = time.Second
)

func newSampler(pool *pgxpool.Pool) *sampler {
	return &sampler{pool: pool, every: samplerEvery, idle: samplerIdle, probes: []probe{{measure: db.ReadProbe}, {measure: db.CommitProbe, commit: true}}}
}

// warm starts the sampler when it is not running and waits, up to
// samplerWarm, until it has a baseline: the first batch of a policy under
// load starts knowing what the server is like without it.
func (s *sampler) warm(ctx context.Context) error {
	s.mu.Lock()
	s.used = time.Now()
	s.startLocked()
	s.mu.Unlock()
	deadline := time.Now().Add(cmp.Or(s.warmFor, samplerWarm))
	for !s.ready() && time.Now().Before(deadline) {
		if err := Sleep(ctx, s.every); err != nil {
			return err
		}
	}
	return nil
}

func (s *sampler) ready() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, p := range s.probes {
		if len(p.quiet) < samplerMinQuiet {
			return false
		}
	}
	return true
}

func (s *sampler) startLocked() {
	if !s.running {
		s.running = true
		go s.run()
	}
}

// begin marks a batch as running, starting the sampler when it is not.
func (s *sampler) begin() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.inBatch++
	s.begun++
	s.used = time.Now()
	s.startLocked()
}

// end marks a batch begun with begin as done. It returns how much slower
// than its baseline the slowest probe taken while a batch ran since the
// last end was, the largest of the kinds' ratios (0 when no kind has
// both), and the slowest commit probe among them (0 when none).
func (s *sampler) end() (slowdown float64, commit time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.inBatch = max(s.inBatch-1, 0)
	for i := range s.probes {
		p := &s.probes[i]
		if len(p.during) == 0 {
			continue
		}
		slowest := slices.Max(p.during)
		if base := p.baseline(); base > 0 {
			slowdown = max(slowdown, float64(slowest)/float64(base))
		}
		if p.commit {
			commit = slowest
		}
		p.during = p.during[:0]
	}
	return slowdown, commit
}

// baseline returns the 95th percentile of the probes between batches, or
// 0 when there are fewer than samplerMinQuiet of them.
func (p *probe) baseline() time.Duration {
	if len(p.quiet) < samplerMinQuiet {
		return 0
	}
	sorted := slices.Sorted(slices.Values(p.quiet))
	return sorted[len(sorted)*95/100]
}

// run probes, the kinds in turn, until the sampler has been idle for
// samplerIdle.
func (s *sampler) run() {
	ctx := context.Background()
	tick := time.NewTicker(s.every)
	defer tick.Stop()
	for i := 0; ; i++ {
		<-tick.C
		s.mu.Lock()
		if s.inBatch == 0 && time.Since(s.used) > s.idle {
			s.running = false
			s.mu.Unlock()
			return
		}
		busy, begun := s.inBatch > 0, s.begun
		p := &s.probes[i%len(s.probes)]
		s.mu.Unlock()

		probeCtx, cancel := context.WithTimeout(ctx, time.Second)
		d, err := p.measure(probeCtx, s.pool)
		cancel()
		if err != nil {
			continue // the next tick tries again
		}

		s.mu.Lock()
		if busy || s.inBatch > 0 || s.begun != begun {
			p.during = append(p.during, d)
		} else {
			if len(p.quiet) == samplerQuiet {
				p.quiet = slices.Delete(p.quiet, 0, 1)
			}
			p.quiet = append(p.quiet, d)
		}
		s.mu.Unlock()
	}
}
