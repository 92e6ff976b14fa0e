package bench

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/internal/quote"
)

// The benchmarks' foreground load is another application: a process of its
// own, with its own connections, named bench-foreground as a yielding
// policy tells its own sessions from others' by name. In the benchmark's
// process it would share the Go runtime with the River client it measures
// (its scheduler, its garbage collector's pauses), and its latency would
// count them.
//
// The benchmark starts its own executable again with foregroundEnv set to
// the workload (a foregroundSpec as JSON); ServeForeground, called first
// thing in main (and in the tests' TestMain), then runs the workload and
// not the program. The process writes "ready" once connected, then one
// line per operation done, "i <ns>" for an insert and "r <ns>" for a point
// read with its latency in nanoseconds, and "error <message>" for the
// first operation that failed. It stops when its standard input closes.
const foregroundEnv = "LETHE_BENCH_FOREGROUND"

// foregroundSpec is the workload a foreground process runs.
type foregroundSpec struct {
	URL     string `json:"url"`
	Workers int    `json:"workers"`
	Rate    int    `json:"rate"` // operations a second, all workers together
	// Table is "pastes" (the expire benchmark's) or
	// "lineage_event_idempotency" (the sweep's).
	Table string `json:"table"`
	// Live is, for pastes, how many live pastes the table holds: odd ids
	// from 1 to 2*Live-1; the point reads pick one of them.
	Live int64 `json:"live,omitempty"`
}

// ServeForeground runs the foreground load and exits when this process was
// started as one; otherwise it returns at once.
func ServeForeground() {
	spec, ok := os.LookupEnv(foregroundEnv)
	if !ok {
		return
	}
	// An interrupt at the terminal reaches the whole process group: the
	// benchmark stops its foreground itself, by closing its standard input,
	// once it has stopped what it measures.
	signal.Ignore(os.Interrupt)
	os.Exit(serveForeground(spec, os.Stdin, os.Stdout))
}

// serveForeground runs the workload specJSON describes until in closes,
// writing to out as the package comment says, and returns the exit code.
func serveForeground(specJSON string, in io.Reader, out io.Writer) int {
	var mu sync.Mutex
	failed := false
	fail := func(err error) {
		mu.Lock()
		defer mu.Unlock()
		if !failed {
			failed = true
			// One line, of a length the benchmark's reader takes.
			fmt.Fprintf(out, "error %s\n", quote.Cut(strings.Join(strings.Fields(err.Error()), " "), 4<<10))
		}
	}
	var spec foregroundSpec
	if err := json.Unmarshal([]byte(specJSON), &spec); err != nil {
		fail(fmt.Errorf("foreground workload %s: %w", foregroundEnv, err))
		return 1
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		io.Copy(io.Discard, in)
		cancel()
	}()
	ops, closeOps, err := spec.open(ctx)
	if err != nil {
		fail(err)
		return 1
	}
	defer closeOps()
	fmt.Fprintln(out, "ready")
	runForeground(ctx, spec.Workers, spec.Rate, ops, func(insert bool, took time.Duration, err error) {
		switch {
		case err != nil && ctx.Err() == nil:
			fail(fmt.Errorf("foreground operation: %w", err))
		case err == nil:
			op := 'r'
			if insert {
				op = 'i'
			}
			mu.Lock()
			fmt.Fprintf(out, "%c %d\n", op, took.Nanoseconds())
			mu.Unlock()
		}
	})
	if failed {
		return 1
	}
	return 0
}

// foregroundOps is a workload's two operations; i numbers worker w's
// operations.
type foregroundOps struct {
	insert func(ctx context.Context, w, i int, rng *rand.Rand) error
	read   func(ctx context.Context, rng *rand.Rand) error
}

// open connects to the database and returns the workload's operations.
func (spec foregroundSpec) open(ctx context.Context) (foregroundOps, func(), error) {
	var ops foregroundOps
	if spec.Workers < 1 || spec.Rate < 1 {
		return ops, nil, fmt.Errorf("foreground workload: workers %d and rate %d must be at least 1", spec.Workers, spec.Rate)
	}
	cfg, err := pgxpool.ParseConfig(spec.URL)
	if err != nil {
		return ops, nil, fmt.Errorf("foreground workload: database URL: %w", err)
	}
	cfg.ConnConfig.RuntimeParams["application_name"] = "bench-foreground"
	cfg.MaxConns = int32(max(spec.Workers, 2))
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return ops, nil, fmt.Errorf("foreground pool: %w", err)
	}
	switch spec.Table {
	case "pastes":
		if spec.Live < 1 {
			pool.Close()
			return ops, nil, fmt.Errorf("foreground workload: live %d must be at least 1", spec.Live)
		}
		// Inserted pastes live a day, with ids above any the table was
		// loaded with, and a random part of this process's own, so a
		// process started on a table an earlier one inserted into does
		// not meet its ids.
		base := int64(1)<<40 | rand.Int64N(1<<20)<<42
		ops.insert = func(ctx context.Context, w, i int, rng *rand.Rand) error {
			_, err := pool.Exec(ctx, `INSERT INTO pastes (id, title, expires_at) VALUES ($1, 'foreground', now() + interval '1 day')`,
				base+int64(w)<<32+int64(i))
			return err
		}
		ops.read = func(ctx context.Context, rng *rand.Rand) error {
			var title string
			err := pool.QueryRow(ctx, `SELECT title FROM pastes WHERE id = $1`, 2*rng.Int64N(spec.Live)+1).Scan(&title)
			if errors.Is(err, pgx.ErrNoRows) {
				return nil // the table is between loads
			}
			return err
		}
	case "lineage_event_idempotency":
		// Point reads pick among keys that stay (the newer half).
		rows, err := pool.Query(ctx, `
			SELECT idempotency_key FROM lineage_event_idempotency WHERE expires_at > now() ORDER BY random() LIMIT 10000`)
		var keys []string
		if err == nil {
			keys, err = pgx.CollectRows(rows, pgx.RowTo[string])
		}
		if err == nil && len(keys) == 0 {
			err = errors.New("no fresh keys to read")
		}
		if err != nil {
			pool.Close()
			return ops, nil, fmt.Errorf("foreground workload: %w", err)
		}
		ops.insert = func(ctx context.Context, w, i int, rng *rand.Rand) error {
			_, err := pool.Exec(ctx, `INSERT INTO lineage_event_idempotency (idempotency_key, event_hash) VALUES ($1, $2)`,
				fmt.Sprintf("fg-%d-%d-%d", w, i, rng.Uint64()), "fg")
			return err
		}
		ops.read = func(ctx context.Context, rng *rand.Rand) error {
			var hash string
			return pool.QueryRow(ctx, `SELECT event_hash FROM lineage_event_idempotency WHERE idempotency_key = $1`,
				keys[rng.IntN(len(keys))]).Scan(&hash)
		}
	default:
		pool.Close()
		return ops, nil, fmt.Errorf("foreground workload: unknown table %q", spec.Table)
	}
	return ops, pool.Close, nil
}

// runForeground issues ops at a fixed rate from workers goroutines,
// alternating inserts and point reads, until ctx ends, and calls record
// after each. Latency counts from each operation's scheduled start, so a
// stall that delays later operations is charged to them too.
func runForeground(ctx context.Context, workers, rate int, ops foregroundOps, record func(insert bool, took time.Duration, err error)) {
	var wg sync.WaitGroup
	interval := time.Duration(float64(time.Second) * float64(workers) / float64(rate))
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(w), uint64(time.Now().UnixNano())))
			next := time.Now().Add(time.Duration(rng.Int64N(int64(interval))))
			for i := 0; ; i++ {
				if wait := time.Until(next); wait > 0 {
					select {
					case <-ctx.Done():
						return
					case <-time.After(wait):
					}
				}
				if ctx.Err() != nil {
					return
				}
				var err error
				if i%2 == 0 {
					err = ops.insert(ctx, w, i, rng)
				} else {
					err = ops.read(ctx, rng)
				}
				record(i%2 == 0, time.Since(next), err)
				next = next.Add(interval)
			}
		}()
	}
	wg.Wait()
}

// foreground runs a foreground process and sorts its operations' latencies
// by the phase the benchmark was in when each arrived.
type foreground struct {
	spec foregroundSpec

	mu      sync.Mutex
	phase   string
	samples map[string][]time.Duration
	err     error
}

func newForeground(spec foregroundSpec) *foreground {
	return &foreground{spec: spec, samples: map[string][]time.Duration{}}
}

// foregroundReady bounds how long a foreground process may take to connect.
const foregroundReady = 30 * time.Second

// start starts a foreground process and returns once it is running, with
// the function that stops it: it sorts nothing more into a phase, closes
// the process's input and returns once the process has exited. Should this
// process end first, the closing of the pipe stops the foreground all the
// same.
func (f *foreground) start() (stop func(), err error) {
	spec, err := json.Marshal(f.spec)
	if err != nil {
		return nil, err
	}
	exe, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("foreground process: %w", err)
	}
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), foregroundEnv+"="+string(spec))
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	var stderr bytes.Buffer
	cmd.Stderr = &limitedWriter{w: &stderr, left: 4 << 10}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("foreground process: %w", err)
	}
	ready := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		isReady := false
		lines := bufio.NewScanner(stdout)
		for lines.Scan() {
			if !isReady && lines.Text() == "ready" {
				isReady = true
				close(ready)
				continue
			}
			f.record(lines.Text())
		}
		err := cmd.Wait()
		f.mu.Lock()
		defer f.mu.Unlock()
		if err != nil && f.err == nil {
			f.err = fmt.Errorf("foreground process: %w: %s", err, strings.TrimSpace(stderr.String()))
		}
	}()
	select {
	case <-ready:
	case <-finished: // it stopped before it was ready: its error is recorded
		if err := f.failure(); err != nil {
			return nil, err
		}
		return nil, errors.New("foreground process: exited before it was ready")
	case <-time.After(foregroundReady):
		cmd.Process.Kill()
		<-finished
		return nil, fmt.Errorf("foreground process: not connected after %s", foregroundReady)
	}
	select {
	case <-finished: // it stopped right after it was ready
		if err := f.failure(); err != nil {
			return nil, err
		}
		return nil, errors.New("foreground process: exited as it started")
	default:
	}
	return func() {
		f.mark("")
		stdin.Close()
		<-finished
	}, nil
}

// record takes one line of the foreground process.
func (f *foreground) record(line string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	kind, value, _ := strings.Cut(line, " ")
	if kind == "error" {
		if f.err == nil {
			f.err = errors.New(value)
		}
		return
	}
	ns, err := strconv.ParseInt(value, 10, 64)
	if err != nil || (kind != "i" && kind != "r") {
		if f.err == nil {
			f.err = fmt.Errorf("foreground process: unexpected line %.100q", line)
		}
		return
	}
	if f.phase == "" {
		return
	}
	op := "/read"
	if kind == "i" {
		op = "/insert"
	}
	took := time.Duration(ns)
	f.samples[f.phase] = append(f.samples[f.phase], took)
	f.samples[f.phase+op] = append(f.samples[f.phase+op], took)
}

// limitedWriter keeps the first left bytes written to it.
type limitedWriter struct {
	w    io.Writer
	left int
}

func (l *limitedWriter) Write(p []byte) (int, error) {
	if l.left > 0 {
		n, _ := l.w.Write(p[:min(len(p), l.left)])
		l.left -= n
	}
	return len(p), nil
}

// failure is the first failed operation or the process's failure.
func (f *foreground) failure() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.err
}

func (f *foreground) count(phase string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.samples[phase])
}

// mark sorts the operations that arrive from now on into phase ("": none).
func (f *foreground) mark(phase string) {
	f.mu.Lock()
	f.phase = phase
	f.mu.Unlock()
}

func (f *foreground) summary(phase string) SweepLatency {
	f.mu.Lock()
	defer f.mu.Unlock()
	s := slices.Clone(f.samples[phase])
	slices.Sort(s)
	l := SweepLatency{Samples: len(s)}
	if len(s) == 0 {
		return l
	}
	at := func(q float64) time.Duration { return s[min(len(s)-1, int(q*float64(len(s))))] }
	l.P50, l.P99, l.Max = at(0.50), at(0.99), s[len(s)-1]
	return l
}
