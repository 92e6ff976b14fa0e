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
// read waits for: a core, the scheduler), a tiny durable commit (what a
// write waits for: the WAL flush) and a reading of the foreground's
// sessions, which times its own statements (statementClock). It sorts
// each measurement by whether a
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
	// statements is what the sampler took of the foreground's own
	// statements; its read is nil in tests that take none.
	statements statements
	// warmFor bounds how long warm waits for the baselines (samplerWarm
	// when zero).
	warmFor time.Duration

	mu      sync.Mutex
	running bool
	used    time.Time // when a batch last began
	inBatch int       // batches running
	begun   int64     // batches begun, ever
	ended   int64     // batches ended (end called), ever
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
	// half of them durable commits, while a policy deletes under load
	// (and a reading of the foreground's sessions every third).
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
	return &sampler{
		pool: pool, every: samplerEvery, idle: samplerIdle,
		probes:     []probe{{measure: db.ReadProbe}, {measure: db.CommitProbe, commit: true}},
		statements: statements{read: newStatementClock().read},
	}
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

// measured is what a sampler took while the batches since the last end
// ran.
type measured struct {
	// slowdown is how much slower than its baseline the slowest probe
	// was, the largest of the kinds' ratios (0 when no kind has both).
	slowdown float64
	// commit is the slowest commit probe (0 when none).
	commit time.Duration
	// statements is the 99th percentile of the foreground's statements
	// that finished while batches ran, over the last statementsWindow
	// of them, and quiet the same between batches (0 when none).
	statements, quiet time.Duration
}

// end marks a batch begun with begin as done and returns what the sampler
// measured while the batches since the last end ran.
func (s *sampler) end() measured {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.inBatch = max(s.inBatch-1, 0)
	s.ended++
	s.statements.ended = true
	var m measured
	for i := range s.probes {
		p := &s.probes[i]
		if len(p.during) == 0 {
			continue
		}
		slowest := slices.Max(p.during)
		if base := p.baseline(); base > 0 {
			m.slowdown = max(m.slowdown, float64(slowest)/float64(base))
		}
		if p.commit {
			m.commit = slowest
		}
		p.during = p.during[:0]
	}
	m.statements, m.quiet = p99(s.statements.during), p99(s.statements.quiet)
	return m
}

// forget drops the foreground's statements taken while batches ran: the
// controller slowed down on them, and the next verdict is on what its new
// step does.
func (s *sampler) forget() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.statements.during = s.statements.during[:0]
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

// run probes, the kinds in turn, and every statementsEvery probes also
// reads the foreground's sessions, until the sampler has been idle for
// samplerIdle. The readings come on top of the probes, so the probes'
// baselines fill as fast as without them: a policy's first batch waits
// for them (warm).
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
		s.mu.Unlock()
		s.probe(ctx, &s.probes[i%len(s.probes)])
		if s.statements.read != nil && i%statementsEvery == 0 {
			s.readStatements(ctx)
		}
	}
}

// statementsEvery is how many probes a sampler takes for each reading of
// the foreground's sessions: one every 30ms.
const statementsEvery = 3

// measureWithin bounds one probe or reading.
const measureWithin = time.Second

// probe takes one probe of p and files it by whether a batch ran at any
// moment of it. One begun in a batch whose measure end has returned since
// is dropped: it came too late for that batch's verdict.
func (s *sampler) probe(ctx context.Context, p *probe) {
	s.mu.Lock()
	busy, begun, ended := s.inBatch > 0, s.begun, s.ended
	s.mu.Unlock()
	probeCtx, cancel := context.WithTimeout(ctx, measureWithin)
	d, err := p.measure(probeCtx, s.pool)
	cancel()
	if err != nil {
		return // the next tick tries again
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if busy && s.ended != ended {
		// Begun while a batch ran whose measure end has returned since:
		// it belongs to that batch, not to the next one's verdict.
		return
	}
	if busy || s.inBatch > 0 || s.begun != begun {
		p.during = append(p.during, d)
		return
	}
	if len(p.quiet) == samplerQuiet {
		p.quiet = slices.Delete(p.quiet, 0, 1)
	}
	p.quiet = append(p.quiet, d)
}

// readStatements reads the foreground's statements that ended since the
// last reading and files them by whether a batch ran at any moment since
// then.
func (s *sampler) readStatements(ctx context.Context) {
	readCtx, cancel := context.WithTimeout(ctx, measureWithin)
	took, err := s.statements.read(readCtx, s.pool)
	cancel()
	if err != nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	st := &s.statements
	if s.inBatch > 0 || st.ended || st.begun != s.begun {
		st.during = keep(st.during, took)
	} else {
		st.quiet = keep(st.quiet, took)
	}
	st.begun, st.ended = s.begun, false
}
