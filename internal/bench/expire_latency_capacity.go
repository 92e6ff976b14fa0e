package bench

import (
	"bufio"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/blob"
	"github.com/lethehq/lethe/internal/pace"
)

// ExpireCapacityOptions configures ExpireCapacity. Zero values take the
// defaults noted.
type ExpireCapacityOptions struct {
	// ServerURL connects to a PostgreSQL server as a user that may create
	// databases; the benchmark creates its own two and drops them after.
	ServerURL  string
	Rounds     int           // rounds of the store's ceiling and of Lethe's capacity (5; the median is reported)
	Keys       int           // keys (and rows) deleted in each round (20,000)
	Workers    int           // River max_workers, and the ceiling's clients (4)
	Interval   time.Duration // the policy's schedule, "@every <Interval>" (5s)
	Duration   time.Duration // each phase of the hold beside pgbench (5m)
	Share      float64       // the hold's producer rate as a share of the ceiling (0.8)
	PgbenchTPS int           // pgbench's offered TPC-B transactions a second (200)
	Pgbench    string        // pgbench binary (PATH, then /usr/lib/postgresql/15/bin)
	Versitygw  string        // versitygw binary (default: $LETHE_VERSITYGW, ./bin/versitygw, PATH)
	Out        io.Writer
	Logger     *slog.Logger
}

func (o *ExpireCapacityOptions) defaults() {
	o.Rounds = cmp.Or(o.Rounds, 5)
	o.Keys = cmp.Or(o.Keys, 20_000)
	o.Workers = cmp.Or(o.Workers, 4)
	o.Interval = cmp.Or(o.Interval, 5*time.Second)
	o.Duration = cmp.Or(o.Duration, 5*time.Minute)
	o.Share = cmp.Or(o.Share, 0.8)
	o.PgbenchTPS = cmp.Or(o.PgbenchTPS, 200)
	if o.Out == nil {
		o.Out = os.Stdout
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
}

// ExpireCapacity measures, in one run on versitygw, the blob store's own
// ceiling for keys like Lethe's (Workers clients each deleting 1,000-key
// batches with blob.S3's DeleteObjects concurrency, as Workers batch jobs
// do), then Lethe's expiry capacity (expired rows with blobs, claimed and
// deleted by the policy on its schedule, first claim → last row gone), and
// prints their ratio. It then holds Share of the ceiling as a producer's
// rate beside a pgbench TPC-B foreground on another database of the same
// server for Duration, and reports expired → gone by window with the
// windows' slope, and pgbench's latency alone, beside the producer only,
// and beside the producer and Lethe: the foreground's harm split between
// the two.
func ExpireCapacity(ctx context.Context, opts ExpireCapacityOptions) error {
	opts.defaults()
	out := opts.Out
	pgbench, err := findPgbench(opts.Pgbench)
	if err != nil {
		return err
	}
	pool, dropDB, err := freshDatabase(ctx, opts.ServerURL, "expire_capacity", opts.Logger)
	if err != nil {
		return err
	}
	defer dropDB()
	defer pool.Close()
	store, _, stopS3, err := expireStartVersitygw(ctx, opts.Versitygw)
	if err != nil {
		return err
	}
	defer stopS3()

	lat := ExpireLatencyOptions{
		ServerURL: opts.ServerURL, Interval: opts.Interval, Duration: opts.Duration, ExpiresIn: time.Second,
		Workers: opts.Workers, Out: out, Logger: opts.Logger, LiveRows: 100_000,
	}
	lat.defaults()
	fmt.Fprintf(out, "lethe-bench expire-capacity: versitygw (%s); %d rounds of %d keys; policy \"@every %s\", batch_size %d, max_workers %d, %d DeleteObjects in flight a batch\n",
		store.Name(), opts.Rounds, opts.Keys, opts.Interval, lat.BatchSize, opts.Workers, blob.DefaultDeleteConcurrency)
	if opts.Duration < 5*time.Minute {
		fmt.Fprintf(out, "(a shorter hold than the full run's 5 minutes: %s a phase)\n", opts.Duration)
	}
	if err := expireLatencyTable(ctx, pool, lat.LiveRows); err != nil {
		return err
	}
	vacuum, err := newAutovacuumStandIn(ctx, pool, "pastes")
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "(%s)\n\n", vacuum)
	stopRiver, _, err := expireLatencyStartRiver(ctx, pool, store, lat)
	if err != nil {
		return err
	}
	defer stopRiver()

	// Keys and rows of the rounds have ids from 1e9 up, apart from the
	// hold's (2n) and the live rows (odd, below 2e5).
	nextID := int64(1_000_000_000)
	var ceiling, capacity, perCore []float64
	for round := range opts.Rounds {
		keys := make([]string, opts.Keys)
		for i := range keys {
			keys[i] = "pastes/" + strconv.FormatInt(nextID+int64(i), 10)
		}
		nextID += int64(opts.Keys)
		// Each round leaves as many dead tuples as autovacuum's default
		// threshold for the table (a fifth of its live rows): autovacuum
		// would clean them before the next.
		if err := vacuum.vacuumNow(ctx); err != nil {
			return err
		}
		ceil, err := storeCeiling(ctx, store, keys, opts.Workers)
		if err != nil {
			return fmt.Errorf("store ceiling: %w", err)
		}
		lethe, err := letheCapacity(ctx, pool, store, nextID, opts.Keys, opts.Interval)
		if err != nil {
			return fmt.Errorf("expiry capacity: %w", err)
		}
		nextID += int64(opts.Keys)
		ceiling, capacity = append(ceiling, ceil.rate()), append(capacity, lethe.rate())
		perCore = append(perCore, lethe.perStoreCore()/ceil.perStoreCore())
		fmt.Fprintf(out, "  round %d: store ceiling %.0f keys/s (%s), Lethe's expiry %.0f rows/s (%s): %.2f, %.2f a store core\n",
			round+1, ceil.rate(), ceil.cores(), lethe.rate(), lethe.cores(), lethe.rate()/ceil.rate(), perCore[round])
	}
	ceilMed, ceilLo, ceilHi := medianSpread(ceiling)
	capMed, capLo, capHi := medianSpread(capacity)
	ratios := make([]float64, len(ceiling))
	for i := range ceiling {
		ratios[i] = capacity[i] / ceiling[i]
	}
	rMed, rLo, rHi := medianSpread(ratios)
	fmt.Fprintf(out, "\n  store ceiling (%d clients × %d DeleteObjects in flight): %.0f keys/s (%.0f – %.0f)\n", opts.Workers, blob.DefaultDeleteConcurrency, ceilMed, ceilLo, ceilHi)
	fmt.Fprintf(out, "  Lethe's expiry capacity (first claim → last row gone):   %.0f rows/s (%.0f – %.0f)\n", capMed, capLo, capHi)
	fmt.Fprintf(out, "ratio expire_capacity_vs_store_ceiling %.2f (%.2f – %.2f; target ≥ 0.90: %s)\n", rMed, rLo, rHi, meets(rMed >= 0.9))
	// The store shares the machine's cores with PostgreSQL and Lethe during
	// Lethe's rounds, and has them to itself (with the benchmark's client)
	// during the ceiling's: the same rates a core of versitygw's CPU say
	// how much of the gap is the cores the others took.
	pMed, pLo, pHi := medianSpread(perCore)
	fmt.Fprintf(out, "ratio expire_capacity_vs_store_ceiling_per_store_core %.2f (%.2f – %.2f; rows a versitygw CPU-second ÷ the ceiling's keys a versitygw CPU-second)\n\n", pMed, pLo, pHi)

	// The hold: Share of the ceiling beside pgbench.
	lat.Rate = max(1, int(opts.Share*ceilMed))
	total := int(int64(lat.Rate) * int64(opts.Duration) / int64(time.Second))
	pgPool, dropPg, err := freshDatabase(ctx, opts.ServerURL, "pgbench", opts.Logger)
	if err != nil {
		return err
	}
	defer dropPg()
	pgURL := pgPool.Config().ConnString()
	pgPool.Close()
	if msg, err := exec.CommandContext(ctx, pgbench, "-i", "-q", "-s", "4", pgURL).CombinedOutput(); err != nil {
		return fmt.Errorf("pgbench -i: %w: %s", err, tail(msg))
	}
	logDir, err := os.MkdirTemp("", "lethe-bench-pgbench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(logDir)
	fmt.Fprintf(out, "Hold: %d rows/s (%.0f %% of the ceiling) expiring, one blob each, beside pgbench TPC-B at %d tps (scale 4, 4 clients) on another database, %s a phase\n",
		lat.Rate, 100*opts.Share, opts.PgbenchTPS, opts.Duration)

	runPgbench := func(phase string, during func() error) (pgbenchLatency, error) {
		prefix := filepath.Join(logDir, phase)
		cmd := exec.CommandContext(ctx, pgbench, "-n", "-c", "4", "-j", "2", "-R", strconv.Itoa(opts.PgbenchTPS),
			"-T", strconv.Itoa(int(opts.Duration.Seconds())), "-l", "--log-prefix", prefix, pgURL)
		cmd.Dir = logDir
		var stderr strings.Builder
		cmd.Stdout, cmd.Stderr = io.Discard, &stderr
		if err := cmd.Start(); err != nil {
			return pgbenchLatency{}, err
		}
		derr := during()
		werr := cmd.Wait()
		if err := cmp.Or(derr, werr); err != nil {
			return pgbenchLatency{}, fmt.Errorf("%s: %w %s", phase, err, tail([]byte(stderr.String())))
		}
		return readPgbenchLogs(prefix)
	}
	idle, err := runPgbench("alone", func() error { return nil })
	if err != nil {
		return err
	}
	if _, err := pool.Exec(ctx, `CREATE TABLE pastes_shadow (LIKE pastes INCLUDING ALL)`); err != nil {
		return err
	}
	var prodOnly expireLatencyProduction
	var prodOnlyCPU, prodCPU capacityRound
	producerOnly, err := runPgbench("producer", func() error {
		var err error
		prodOnlyCPU, err = timeCPU(func() (int, error) {
			prodOnly, err = expireLatencyProduce(ctx, pool, "pastes_shadow", lat, total)
			return prodOnly.rows, err
		})
		return err
	})
	if err != nil {
		return err
	}
	if _, err := pool.Exec(ctx, `DROP TABLE pastes_shadow; TRUNCATE pastes_gone`); err != nil {
		return err
	}
	start := time.Now()
	if err := expirePutBlobs(ctx, store, 2*total); err != nil {
		return fmt.Errorf("create blobs: %w", err)
	}
	fmt.Fprintf(out, "  setup: %d blobs created in %s, before the Lethe phase\n", total, time.Since(start).Round(time.Second))
	var prod expireLatencyProduction
	stopVacuum, err := vacuum.start(ctx, opts.Logger)
	if err != nil {
		return err
	}
	withLethe, err := runPgbench("lethe", func() error {
		var err error
		prodCPU, err = timeCPU(func() (int, error) {
			prod, err = expireLatencyProduce(ctx, pool, "pastes", lat, total)
			return prod.rows, err
		})
		return err
	})
	stopVacuum()
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "  producer: %d rows in %s beside Lethe (%.0f rows/s; alone %.0f rows/s), worst lag %s\n",
		prod.rows, prod.dur.Round(time.Millisecond), float64(prod.rows)/prod.dur.Seconds(), float64(prodOnly.rows)/prodOnly.dur.Seconds(), prod.maxLag.Round(time.Millisecond))
	fmt.Fprintf(out, "  %s beside the producer and Lethe (pgbench's backends count as postgres; this process is the producer and Lethe)\n", prodCPU.cores())
	fmt.Fprintf(out, "  %s beside the producer alone\n", prodOnlyCPU.cores())
	drainStart := time.Now()
	if err := expireLatencyDrain(ctx, pool, total, lat.ExpiresIn+max(2*time.Minute, 10*opts.Interval)); err != nil {
		return err
	}
	fmt.Fprintf(out, "  drain: every produced row gone %s after the producer stopped\n\n", time.Since(drainStart).Round(time.Millisecond))

	dist, err := expireLatencyDistribution(ctx, pool)
	if err != nil {
		return err
	}
	windows, err := expireLatencyWindows(ctx, pool, opts.Duration)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "Expired → gone (%d rows): p50 %s, p99 %s, max %s\n", dist.rows, sec(dist.p50), sec(dist.p99), sec(dist.max))
	fmt.Fprintf(out, "  %-12s %7s %9s %9s %9s\n", "window", "rows", "rows/s", "p50", "p99")
	var xs, ys []float64
	for _, w := range windows {
		fmt.Fprintf(out, "  %-12s %7d %9.0f %9s %9s\n", fmt.Sprintf("%.0f–%.0fs", w.from, w.to), w.rows, float64(w.rows)/(w.to-w.from), sec(w.p50), sec(w.p99))
		if w.to <= opts.Duration.Seconds()+1e-9 { // the last rows' partial window aside
			xs, ys = append(xs, (w.from+w.to)/2/60), append(ys, w.p99)
		}
	}
	slope := leastSquaresSlope(xs, ys) // seconds of p99 a minute
	fmt.Fprintf(out, "\nForeground (pgbench TPC-B offered %d tps; latency includes schedule lag, so a phase below the offered tps measures a backlog):\n", opts.PgbenchTPS)
	fmt.Fprintf(out, "  %-26s %8s %8s %10s %10s %10s\n", "phase", "txns", "tps", "p50", "p99", "max")
	for _, ph := range []struct {
		name string
		l    pgbenchLatency
	}{{"alone", idle}, {"beside the producer", producerOnly}, {"beside producer + Lethe", withLethe}} {
		fmt.Fprintf(out, "  %-26s %8d %8.0f %10s %10s %10s\n", ph.name, ph.l.n, float64(ph.l.n)/opts.Duration.Seconds(), ph.l.p50.Round(10*time.Microsecond), ph.l.p99.Round(10*time.Microsecond), ph.l.max.Round(10*time.Microsecond))
	}
	fmt.Fprintln(out, "\nAgainst the targets:")
	fmt.Fprintf(out, "ratio expire_hold_p99_vs_interval %.2f (p99 %s ÷ %s at %d rows/s; target ≤ 1.50: %s)\n", dist.p99/opts.Interval.Seconds(), sec(dist.p99), opts.Interval, lat.Rate, meets(dist.p99/opts.Interval.Seconds() <= 1.5))
	fmt.Fprintf(out, "ratio expire_window_p99_slope %.3f (windows' p99 change a minute ÷ interval; %+.3f s a minute; flat is 0)\n", slope/opts.Interval.Seconds(), slope)
	fmt.Fprintf(out, "ratio pgbench_p99_producer_vs_alone %.2f (the producer's share)\n", float64(producerOnly.p99)/float64(idle.p99))
	fmt.Fprintf(out, "ratio pgbench_p99_lethe_vs_producer %.2f (Lethe's share)\n", float64(withLethe.p99)/float64(producerOnly.p99))
	fmt.Fprintf(out, "ratio pgbench_p99_lethe_vs_alone %.2f\n", float64(withLethe.p99)/float64(idle.p99))
	remaining := 0
	if err := store.List(ctx, "pastes/", func(keys []string) error { remaining += len(keys); return nil }); err != nil {
		return fmt.Errorf("list blobs left: %w", err)
	}
	if remaining > 0 || dist.early > 0 {
		return fmt.Errorf("%d blobs left, %d rows gone before they expired", remaining, dist.early)
	}
	return nil
}

// capacityRound is one round's deletion of n keys (the ceiling) or rows
// (Lethe): how long it took and the CPU spent meanwhile, by process.
type capacityRound struct {
	n    int
	span time.Duration
	cpu  cpuByProcess
}

func (r capacityRound) rate() float64 { return float64(r.n) / r.span.Seconds() }

// perStoreCore is keys deleted a second of versitygw's CPU time.
func (r capacityRound) perStoreCore() float64 {
	return float64(r.n) / max(r.cpu.versitygw.Seconds(), 0.01)
}

// cores says how many cores each process used on average over the span.
func (r capacityRound) cores() string {
	s := r.span.Seconds()
	return fmt.Sprintf("cores: machine %.2f, versitygw %.2f, postgres %.2f, this process %.2f",
		r.cpu.machine.Seconds()/s, r.cpu.versitygw.Seconds()/s, r.cpu.postgres.Seconds()/s, r.cpu.self.Seconds()/s)
}

// timeCPU runs fn, which returns how many keys or rows it handled, and
// returns them with its span and the CPU spent meanwhile, by process.
func timeCPU(fn func() (int, error)) (capacityRound, error) {
	before, err := readCPUByProcess()
	if err != nil {
		return capacityRound{}, err
	}
	start := time.Now()
	n, err := fn()
	span := time.Since(start)
	if err != nil {
		return capacityRound{}, err
	}
	after, err := readCPUByProcess()
	if err != nil {
		return capacityRound{}, err
	}
	return capacityRound{n: n, span: span, cpu: after.sub(before)}, nil
}

// storeCeiling puts keys, then deletes them as workers batch jobs would:
// workers clients, each deleting 1,000 keys a call with store's
// DeleteObjects concurrency.
func storeCeiling(ctx context.Context, store blob.Store, keys []string, workers int) (capacityRound, error) {
	if err := putKeys(ctx, store, keys); err != nil {
		return capacityRound{}, err
	}
	batches := make(chan []string)
	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		firstErr error
	)
	return timeCPU(func() (int, error) {
		for range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for b := range batches {
					if _, err := store.Delete(ctx, b); err != nil {
						mu.Lock()
						firstErr = cmp.Or(firstErr, err)
						mu.Unlock()
					}
				}
			}()
		}
		for i := 0; i < len(keys); i += blob.MaxDeleteBatch {
			batches <- keys[i:min(i+blob.MaxDeleteBatch, len(keys))]
		}
		close(batches)
		wg.Wait()
		return len(keys), firstErr
	})
}

// letheCapacity puts the blobs of n rows from id first, inserts the rows
// already expired, and waits until the policy has deleted them all. The
// round's span and its CPU run from the rows' first claim to the last row
// gone.
func letheCapacity(ctx context.Context, pool *pgxpool.Pool, store blob.Store, first int64, n int, interval time.Duration) (capacityRound, error) {
	keys := make([]string, n)
	for i := range keys {
		keys[i] = "pastes/" + strconv.FormatInt(first+int64(i), 10)
	}
	if err := putKeys(ctx, store, keys); err != nil {
		return capacityRound{}, err
	}
	if _, err := pool.Exec(ctx, `
		INSERT INTO pastes (id, title, blob_key, expires_at)
		SELECT g, 'paste ' || g, 'pastes/' || g, now() - interval '1 second'
		FROM generate_series($1::bigint, $1::bigint + $2 - 1) g`, first, n); err != nil {
		return capacityRound{}, err
	}
	// The CPU is counted from the planner's first claim, read within 10ms,
	// as the span is: not over the wait for the planner's run.
	for {
		var claimed bool
		if err := pool.QueryRow(ctx, `
			SELECT EXISTS (SELECT FROM pastes WHERE id BETWEEN $1 AND $1 + $2 - 1 AND deletion_initiated_at IS NOT NULL)`,
			first, n).Scan(&claimed); err != nil {
			return capacityRound{}, err
		}
		if claimed {
			break
		}
		if err := pace.Sleep(ctx, 10*time.Millisecond); err != nil {
			return capacityRound{}, err
		}
	}
	before, err := readCPUByProcess()
	if err != nil {
		return capacityRound{}, err
	}
	deadline := time.Now().Add(max(2*time.Minute, 10*interval) + time.Duration(n)*time.Millisecond)
	for {
		var gone int
		var span float64
		if err := pool.QueryRow(ctx, `
			SELECT count(*), coalesce(extract(epoch FROM max(gone_at) - min(initiated_at))::float8, 0)
			FROM pastes_gone WHERE id BETWEEN $1 AND $1 + $2 - 1`, first, n).Scan(&gone, &span); err != nil {
			return capacityRound{}, err
		}
		if gone >= n {
			after, err := readCPUByProcess()
			if err != nil {
				return capacityRound{}, err
			}
			return capacityRound{n: n, span: time.Duration(span * float64(time.Second)), cpu: after.sub(before)}, nil
		}
		if time.Now().After(deadline) {
			return capacityRound{}, fmt.Errorf("%d of %d rows left", n-gone, n)
		}
		select {
		case <-ctx.Done():
			return capacityRound{}, ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// putKeys creates keys in store, 16 at a time.
func putKeys(ctx context.Context, store blob.Store, keys []string) error {
	ch := make(chan string)
	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		firstErr error
	)
	for range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range ch {
				if err := store.Put(ctx, k, []byte("paste body")); err != nil {
					mu.Lock()
					firstErr = cmp.Or(firstErr, err)
					mu.Unlock()
				}
			}
		}()
	}
	for _, k := range keys {
		ch <- k
	}
	close(ch)
	wg.Wait()
	return firstErr
}

type pgbenchLatency struct {
	n             int
	p50, p99, max time.Duration
}

// readPgbenchLogs reads the per-transaction logs pgbench -l wrote under
// prefix (prefix.<pid>[.<thread>]): the third field is the latency in µs.
func readPgbenchLogs(prefix string) (pgbenchLatency, error) {
	files, err := filepath.Glob(prefix + ".*")
	if err != nil || len(files) == 0 {
		return pgbenchLatency{}, cmp.Or(err, fmt.Errorf("no pgbench logs at %s.*", prefix))
	}
	var ls []time.Duration
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			return pgbenchLatency{}, err
		}
		sc := bufio.NewScanner(fh)
		for sc.Scan() {
			fields := strings.Fields(sc.Text())
			if len(fields) < 3 {
				continue
			}
			us, err := strconv.ParseInt(fields[2], 10, 64)
			if err != nil {
				continue // "skipped"
			}
			ls = append(ls, time.Duration(us)*time.Microsecond)
		}
		fh.Close()
	}
	if len(ls) == 0 {
		return pgbenchLatency{}, errors.New("pgbench logged no transactions")
	}
	slices.Sort(ls)
	return pgbenchLatency{n: len(ls), p50: ls[len(ls)/2], p99: ls[len(ls)*99/100], max: ls[len(ls)-1]}, nil
}

// findPgbench returns bin, else pgbench on PATH, else PostgreSQL 15's.
func findPgbench(bin string) (string, error) {
	if bin != "" {
		return bin, nil
	}
	if p, err := exec.LookPath("pgbench"); err == nil {
		return p, nil
	}
	if p := "/usr/lib/postgresql/15/bin/pgbench"; fileExists(p) {
		return p, nil
	}
	return "", errors.New("pgbench not found: install PostgreSQL's client tools or pass --pgbench")
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// medianSpread returns the median, min and max of xs.
// meets spells a target's verdict.
func meets(ok bool) string {
	if ok {
		return "meets"
	}
	return "MISSES"
}

func medianSpread(xs []float64) (med, lo, hi float64) {
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[len(s)/2], s[0], s[len(s)-1]
}

// leastSquaresSlope is the slope of the line fitted to (xs, ys).
func leastSquaresSlope(xs, ys []float64) float64 {
	n := float64(len(xs))
	if n < 2 {
		return 0
	}
	var sx, sy, sxx, sxy float64
	for i := range xs {
		sx, sy, sxx, sxy = sx+xs[i], sy+ys[i], sxx+xs[i]*xs[i], sxy+xs[i]*ys[i]
	}
	den := n*sxx - sx*sx
	if den == 0 {
		return 0
	}
	return (n*sxy - sx*sy) / den
}

// tail is the end of a command's output, for an error.
func tail(b []byte) string {
	s := strings.TrimSpace(string(b))
	if len(s) > 500 {
		s = "…" + s[len(s)-500:]
	}
	return s
}
