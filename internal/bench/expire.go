// Package bench holds Lethe's benchmarks: each measures a deletion pipeline
// and its baselines in one run, on a database it creates and drops, and
// prints rows/s, ratios and peak memory.
package bench

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	dto "github.com/prometheus/client_model/go"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"github.com/lethehq/lethe/blob"
	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/internal/metrics"
	"github.com/lethehq/lethe/jobs"
	"github.com/lethehq/lethe/workers"
)

// ExpireOptions configures Expire. Zero values take the defaults noted.
type ExpireOptions struct {
	// ServerURL connects to a PostgreSQL server as a user that may create
	// databases; the benchmark creates its own and drops it after.
	ServerURL     string
	Rows          int    // table size of the DB-only runs, half expired (1,000,000)
	BlobRows      int    // table size of the runs with blobs, half expired (50,000)
	BatchSize     int    // batch_size of the DB-only pipeline (5,000)
	BlobBatchSize int    // batch_size of the pipelines with blobs (1,000)
	Workers       int    // River max_workers (4)
	Planners      int    // planner jobs run at once (2)
	Repeats       int    // rounds: each measurement runs once a round, median and min–max reported (5)
	NoS3          bool   // skip the versitygw runs
	Versitygw     string // versitygw binary (default: $LETHE_VERSITYGW, ./bin/versitygw, PATH)

	// Foreground load: a process of its own whose FgWorkers goroutines
	// issue FgRate operations a second in total, alternately an insert of
	// a live paste and a point read of one (the sweep benchmark's
	// workload, on pastes). Each loaded run starts with an idle window of
	// FgIdle with the load alone.
	FgRate    int           // (400)
	FgWorkers int           // (4)
	FgIdle    time.Duration // (3s)
	NoLoad    bool          // skip the runs under foreground load
	NoSweep   bool          // skip the sweep runs (idle and under load)
	SweepRows int           // rows of the sweep's table, half expired (Rows)
	// PaceTarget and MaxSlowdown are the pacing.target_p99 and
	// pacing.max_slowdown of the pipelines' and the sweep's pacing (0:
	// the defaults); NoPace leaves the pipelines' policy without a pacing
	// block, so it deletes at full speed under the foreground load too.
	PaceTarget  time.Duration
	MaxSlowdown float64
	NoPace      bool
	// FetchCooldown overrides river.fetch_cooldown (0: the service's
	// default).
	FetchCooldown time.Duration
	// DirectWorkers is the goroutines of the local blob baseline, each
	// removing files with os.Remove (8).
	DirectWorkers int

	Out    io.Writer
	Logger *slog.Logger
}

func (o *ExpireOptions) defaults() {
	o.Rows = cmp.Or(o.Rows, 1_000_000)
	o.BlobRows = cmp.Or(o.BlobRows, 50_000)
	o.BatchSize = cmp.Or(o.BatchSize, 5_000)
	o.BlobBatchSize = cmp.Or(o.BlobBatchSize, 1_000)
	o.Workers = cmp.Or(o.Workers, 4)
	o.Planners = cmp.Or(o.Planners, 2)
	o.Repeats = cmp.Or(o.Repeats, 5)
	o.FgRate = cmp.Or(o.FgRate, 400)
	o.FgWorkers = cmp.Or(o.FgWorkers, 4)
	o.FgIdle = cmp.Or(o.FgIdle, 3*time.Second)
	o.SweepRows = cmp.Or(o.SweepRows, o.Rows)
	o.DirectWorkers = cmp.Or(o.DirectWorkers, 8)
	if o.Out == nil {
		o.Out = os.Stdout
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
}

// expireRun is one measured run.
type expireRun struct {
	name string
	rows int64
	dur  time.Duration
	wal  int64    // WAL bytes written by the whole server during the run
	cpu  cpuTimes // the machine's and this process's CPU, and the I/O wait, during the run
	jobs string   // River's job statistics of a pipeline run
	pace paceVerdicts
}

func (r expireRun) rate() float64 { return float64(r.rows) / r.dur.Seconds() }

// paceVerdicts is what a paced run's controller concluded after its
// batches: how many it found within the policy's pacing limits and how
// many over them (lethe_pace_batches_total), and whether it found its
// target out of reach at the end (lethe_pace_target_unreachable), and
// the foreground's statements' p99 while batches ran as it last saw them
// (lethe_pace_foreground_p99_seconds, 0 when it saw none).
type paceVerdicts struct {
	within, over int
	unreachable  bool
	seen         time.Duration
}

// readPaceVerdicts reads policy's verdicts from m.
func readPaceVerdicts(m *metrics.Metrics, policy string) paceVerdicts {
	count := func(verdict string) int {
		var out dto.Metric
		if err := m.Pace.Batches.WithLabelValues(policy, verdict).Write(&out); err != nil {
			return 0
		}
		return int(out.GetCounter().GetValue())
	}
	var unreachable, seen dto.Metric
	_ = m.Pace.TargetUnreachable.WithLabelValues(policy).Write(&unreachable)
	_ = m.Pace.ForegroundP99.WithLabelValues(policy, "batches").Write(&seen)
	return paceVerdicts{within: count(metrics.PaceWithin), over: count(metrics.PaceOver), unreachable: unreachable.GetGauge().GetValue() == 1,
		seen: time.Duration(seen.GetGauge().GetValue() * float64(time.Second))}
}

// verdicts sums the pacing verdicts of the series' runs.
func (s *expireSeries) verdicts() paceVerdicts {
	var v paceVerdicts
	for _, r := range s.runs {
		v.within += r.pace.within
		v.over += r.pace.over
	}
	return v
}

// expireSeries is one measurement, repeated once a round.
type expireSeries struct {
	name string
	runs []expireRun
}

func (s *expireSeries) add(r expireRun) { s.runs = append(s.runs, r) }

// stat returns the median, min and max of f over the runs.
func (s *expireSeries) stat(f func(expireRun) float64) (med, lo, hi float64) {
	if len(s.runs) == 0 {
		return 0, 0, 0
	}
	v := make([]float64, len(s.runs))
	for i, r := range s.runs {
		v[i] = f(r)
	}
	slices.Sort(v)
	return v[len(v)/2], v[0], v[len(v)-1]
}

func (s *expireSeries) rate() (med, lo, hi float64) { return s.stat(expireRun.rate) }

func (s *expireSeries) walPerRow() (med, lo, hi float64) {
	return s.stat(func(r expireRun) float64 { return float64(r.wal) / float64(max(r.rows, 1)) })
}

// cpuPerKRow returns the medians of the CPU milliseconds per 1,000 rows that
// the machine and this process spent, and of the cores the machine kept
// busy and waiting for I/O on average.
func (s *expireSeries) cpuPerKRow() (machine, self, busy, iowait float64) {
	perK := func(d time.Duration, r expireRun) float64 { return d.Seconds() * 1e6 / float64(max(r.rows, 1)) }
	machine, _, _ = s.stat(func(r expireRun) float64 { return perK(r.cpu.machine, r) })
	self, _, _ = s.stat(func(r expireRun) float64 { return perK(r.cpu.self, r) })
	busy, _, _ = s.stat(func(r expireRun) float64 { return r.cpu.machine.Seconds() / r.dur.Seconds() })
	iowait, _, _ = s.stat(func(r expireRun) float64 { return r.cpu.iowait.Seconds() / r.dur.Seconds() })
	return machine, self, busy, iowait
}

// median is the run of median rate.
func (s *expireSeries) median() expireRun {
	runs := slices.Clone(s.runs)
	slices.SortFunc(runs, func(a, b expireRun) int { return cmp.Compare(a.rate(), b.rate()) })
	return runs[len(runs)/2]
}

// Expire measures status-claimed expiry against its baselines on a fresh
// database, every measurement once a round for Repeats rounds (interleaved,
// so a busy moment of the machine falls on baselines and pipeline alike):
// a plain DELETE, the naive claim-then-delete loop, the pipeline without
// blobs (with the WAL each writes), the naive loop and the pipeline under a
// foreground load (with the load's latency), the pipeline with blobs on a
// local directory against removing the same files directly, on versitygw
// against direct DeleteObjects, and the sweep idle and under the same load.
// It ends with "ratio NAME VALUE" lines.
func Expire(ctx context.Context, opts ExpireOptions) error {
	opts.defaults()
	out := opts.Out
	pool, dropDB, err := freshDatabase(ctx, opts.ServerURL, "expire", opts.Logger)
	if err != nil {
		return err
	}
	defer dropDB()
	defer pool.Close()

	fmt.Fprintf(out, "lethe-bench expire: %d rows (half expired) for DB-only runs, %d rows with blobs, %d rounds\n", opts.Rows, opts.BlobRows, opts.Repeats)
	fmt.Fprintf(out, "pipeline: batch_size %d DB-only, %d with blobs; %d planners, max_workers %d; blob.delete_concurrency %d\n",
		opts.BatchSize, opts.BlobBatchSize, opts.Planners, opts.Workers, blob.DefaultDeleteConcurrency)
	fmt.Fprintf(out, "foreground load: %d ops/s (inserts + point reads), %d workers, idle window %s\n", opts.FgRate, opts.FgWorkers, opts.FgIdle)
	fmt.Fprintf(out, "pacing of the pipelines: %s\n", cmp.Or(strings.TrimSpace(pipelinePacing(opts)), "none (--no-pace)"))
	fmt.Fprintf(out, "load average at start: %s\n\n", loadAverage())

	load := newExpireLoad(pool, opts)

	localDir, err := os.MkdirTemp("", "lethe-bench-blobs-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(localDir)
	local, err := blob.NewLocal(localDir)
	if err != nil {
		return err
	}
	var s3, s3OneAtATime *blob.S3
	if !opts.NoS3 {
		store, oneAtATime, stop, err := expireStartVersitygw(ctx, opts.Versitygw)
		if err != nil {
			return err
		}
		defer stop()
		s3, s3OneAtATime = store, oneAtATime
	}
	var sweep *sweepBench
	// The sweep as docs/sweep.md tunes it for throughput, pacing itself
	// to the foreground.
	sweepSetting := SweepTuned
	sweepSetting.Yield, sweepSetting.PaceTarget, sweepSetting.MaxSlowdown = true, opts.PaceTarget, opts.MaxSlowdown
	if !opts.NoSweep {
		sweep = &sweepBench{pool: pool, logger: opts.Logger, opts: SweepOptions{
			Rows: opts.SweepRows, Workers: opts.FgWorkers, Rate: opts.FgRate, Idle: opts.FgIdle}}
		if err := sweep.makeTemplate(ctx); err != nil {
			return err
		}
	}

	var (
		plain      = &expireSeries{name: "plain DELETE … WHERE expires_at < now()"}
		naive      = &expireSeries{name: "naive loop (claim LIMIT 1000, then DELETE)"}
		selectLoop = &expireSeries{name: "select-then-delete loop (LIMIT 1000, no claim; round 1)"}
		dbOnly     = &expireSeries{name: "pipeline, DB only"}
		naiveLoad  = &expireSeries{name: "naive loop, under foreground load"}
		dbLoad     = &expireSeries{name: "pipeline, DB only, under foreground load"}
		withLocal  = &expireSeries{name: "pipeline, blobs on local store"}
		localLoad  = &expireSeries{name: "pipeline, blobs on local store, under foreground load"}
		direct     = &expireSeries{name: fmt.Sprintf("direct os.Remove of the same files, %d goroutines", opts.DirectWorkers)}
		withS3     = &expireSeries{name: "pipeline, blobs on versitygw"}
		s3Load     = &expireSeries{name: "pipeline, blobs on versitygw, under foreground load"}
		directS3   = &expireSeries{name: "direct DeleteObjects, one client"}
		parallelS3 = &expireSeries{name: fmt.Sprintf("direct DeleteObjects, %d requests in flight (the server's ceiling)", blob.DefaultDeleteConcurrency)}
		sweepIdle  = &expireSeries{name: "lethe sweep (tuned + yielding), idle"}
		sweepLoad  = &expireSeries{name: "lethe sweep (tuned + yielding), under foreground load"}
	)
	measure := func(s *expireSeries, r expireRun, err error) error {
		if err != nil {
			return fmt.Errorf("%s: %w", s.name, err)
		}
		s.add(r)
		opts.Logger.Info("measured", slog.String("run", s.name), slog.Float64("rows_per_s", r.rate()), slog.String("load", loadAverage()))
		return nil
	}
	for round := range opts.Repeats {
		fmt.Fprintf(out, "round %d/%d (load average %s)\n", round+1, opts.Repeats, loadAverage())
		r, err := expirePlainDelete(ctx, pool, opts.Rows)
		if err := measure(plain, r, err); err != nil {
			return err
		}
		r, err = expirePipeline(ctx, pool, opts, opts.Rows, opts.BatchSize, nil, nil)
		if err := measure(dbOnly, r, err); err != nil {
			return err
		}
		r, err = expireNaiveLoop(ctx, pool, opts.Rows, nil)
		if err := measure(naive, r, err); err != nil {
			return err
		}
		if round == 0 {
			r, err = expireSelectDeleteLoop(ctx, pool, opts.Rows)
			if err := measure(selectLoop, r, err); err != nil {
				return err
			}
		}
		if !opts.NoLoad {
			load.setRows(opts.Rows)
			r, err = expireNaiveLoop(ctx, pool, opts.Rows, load.during("naive"))
			if err := measure(naiveLoad, r, err); err != nil {
				return err
			}
			r, err = expirePipeline(ctx, pool, opts, opts.Rows, opts.BatchSize, nil, load.during("pipeline"))
			if err := measure(dbLoad, r, err); err != nil {
				return err
			}
		}
		r, err = expirePipeline(ctx, pool, opts, opts.BlobRows, opts.BlobBatchSize, local, nil)
		if err := measure(withLocal, r, err); err != nil {
			return err
		}
		if !opts.NoLoad {
			// The claimed batches under load: one at a time, their
			// blob deletes included.
			load.setRows(opts.BlobRows)
			r, err = expirePipeline(ctx, pool, opts, opts.BlobRows, opts.BlobBatchSize, local, load.during("blobs"))
			if err := measure(localLoad, r, err); err != nil {
				return err
			}
		}
		r, err = expireDirectRemove(ctx, local, localDir, opts.BlobRows/2, opts.DirectWorkers)
		if err := measure(direct, r, err); err != nil {
			return err
		}
		if s3 != nil {
			r, err = expirePipeline(ctx, pool, opts, opts.BlobRows, opts.BlobBatchSize, s3, nil)
			if err := measure(withS3, r, err); err != nil {
				return err
			}
			if !opts.NoLoad {
				// Paced, the batches keep several requests in flight:
				// the deletes run in the S3 server, here on the same
				// machine.
				load.setRows(opts.BlobRows)
				r, err = expirePipeline(ctx, pool, opts, opts.BlobRows, opts.BlobBatchSize, s3, load.during("s3"))
				if err := measure(s3Load, r, err); err != nil {
					return err
				}
			}
			r, err = expireDirectDelete(ctx, s3, s3OneAtATime, opts.BlobRows/2)
			if err := measure(directS3, r, err); err != nil {
				return err
			}
			r, err = expireDirectDelete(ctx, s3, s3, opts.BlobRows/2)
			if err := measure(parallelS3, r, err); err != nil {
				return err
			}
		}
		if sweep != nil {
			r, err = expireSweep(ctx, sweep, sweepSetting, nil)
			if err := measure(sweepIdle, r, err); err != nil {
				return err
			}
			if !opts.NoLoad {
				r, err = expireSweep(ctx, sweep, sweepSetting, load)
				if err := measure(sweepLoad, r, err); err != nil {
					return err
				}
			}
		}
	}
	if err := load.err(); err != nil {
		return err
	}

	all := []*expireSeries{plain, naive, selectLoop, dbOnly, naiveLoad, dbLoad, withLocal, localLoad, direct, withS3, s3Load, directS3, parallelS3, sweepIdle, sweepLoad}
	fmt.Fprintf(out, "\n%-68s %4s %9s %12s  %s\n", "run", "runs", "rows", "rows/s", "min – max")
	for _, s := range all {
		if len(s.runs) == 0 {
			continue
		}
		med, lo, hi := s.rate()
		fmt.Fprintf(out, "  %-66s %4d %9d %12.0f  %.0f – %.0f\n", s.name, len(s.runs), s.runs[0].rows, med, lo, hi)
	}
	fmt.Fprintln(out, "\nWAL written per deleted row (whole server, idle runs):")
	for _, s := range []*expireSeries{plain, naive, dbOnly} {
		med, lo, hi := s.walPerRow()
		fmt.Fprintf(out, "  %-66s %8.0f B  (%.0f – %.0f)\n", s.name, med, lo, hi)
	}
	fmt.Fprintf(out, "\nCPU per 1,000 deleted rows (medians; ms of one core; cores of %d on average):\n  %-66s %8s %8s %8s %6s %8s\n",
		runtime.NumCPU(), "run", "machine", "process", "the rest", "busy", "I/O wait")
	for _, s := range all {
		if len(s.runs) == 0 {
			continue
		}
		machine, self, busy, iowait := s.cpuPerKRow()
		fmt.Fprintf(out, "  %-66s %8.1f %8.1f %8.1f %6.2f %8.2f\n", s.name, machine, self, machine-self, busy, iowait)
	}
	if !opts.NoLoad && !opts.NoPace {
		// What the pacing measured of the foreground, to set beside the
		// foreground's own latency below.
		fmt.Fprintln(out, "\nPaced batches within the pacing limits, as the controller judged them (all rounds):")
		for _, s := range []*expireSeries{dbLoad, localLoad, s3Load, sweepLoad} {
			v := s.verdicts()
			if len(s.runs) == 0 || v.within+v.over == 0 {
				continue
			}
			fmt.Fprintf(out, "  %-66s %6d of %6d (%.0f %%)\n", s.name, v.within, v.within+v.over, 100*float64(v.within)/float64(v.within+v.over))
		}
	}
	if len(dbOnly.runs) > 0 {
		fmt.Fprintf(out, "\nRiver jobs of the median DB-only pipeline run:\n%s", dbOnly.median().jobs)
	}
	if len(withLocal.runs) > 0 {
		fmt.Fprintf(out, "River jobs of the median local-blob pipeline run:\n%s", withLocal.median().jobs)
	}

	fgIdle, fgNaive, fgPipeline, fgBlobs, fgS3 := load.fg.summary("idle"), load.fg.summary("naive"), load.fg.summary("pipeline"), load.fg.summary("blobs"), load.fg.summary("s3")
	var sweepFgIdle, sweepFgDuring SweepLatency
	if !opts.NoLoad {
		fmt.Fprintln(out, "\nForeground load (inserts + point reads on pastes; sweep: on its own table):")
		fmt.Fprintf(out, "  %-44s %8s %9s %9s %9s\n", "phase", "samples", "p50 ms", "p99 ms", "max ms")
		rows := []SweepLatency{fgIdle, fgNaive, fgPipeline, fgBlobs}
		names := []string{"idle (windows before each loaded run)", "during the naive loop", "during the pipeline", "during the pipeline with local blobs"}
		if fgS3.Samples > 0 {
			rows, names = append(rows, fgS3), append(names, "during the pipeline with versitygw blobs")
		}
		for _, phase := range []string{"idle", "pipeline"} {
			for _, op := range []string{"insert", "read"} {
				rows = append(rows, load.fg.summary(phase+"/"+op))
				names = append(names, fmt.Sprintf("  %s: %ss only", phase, op))
			}
		}
		if sweep != nil {
			sweepFgIdle, sweepFgDuring = load.sweepFg.summary("idle"), load.sweepFg.summary("during")
			rows = append(rows, sweepFgIdle, sweepFgDuring)
			names = append(names, "idle (before each loaded sweep)", "during the sweep")
		}
		for i, l := range rows {
			fmt.Fprintf(out, "  %-44s %8d %9.2f %9.2f %9.2f\n", names[i], l.Samples, sweepMS(l.P50), sweepMS(l.P99), sweepMS(l.Max))
		}
	}

	type ratio struct {
		name   string
		value  float64
		target string
		ok     bool
	}
	var ratios []ratio
	rateRatio := func(name string, a, b *expireSeries, target float64) {
		if len(a.runs) == 0 || len(b.runs) == 0 {
			return
		}
		ma, _, _ := a.rate()
		mb, _, _ := b.rate()
		r := ratio{name: name, value: ma / mb}
		if target > 0 {
			r.target, r.ok = fmt.Sprintf("≥ %.2f", target), r.value >= target
		}
		ratios = append(ratios, r)
	}
	latencyRatio := func(name string, during, idle SweepLatency, target float64) {
		if during.Samples == 0 || idle.Samples == 0 {
			return
		}
		v := float64(during.P99) / float64(idle.P99)
		ratios = append(ratios, ratio{name: name, value: v, target: fmt.Sprintf("≤ %.2f", target), ok: v <= target})
	}
	rateRatio("expire_db_vs_plain_delete", dbOnly, plain, 0.15)
	rateRatio("expire_db_vs_naive", dbOnly, naive, 3)
	rateRatio("expire_db_vs_select_delete_loop", dbOnly, selectLoop, 0)
	rateRatio("expire_under_load_vs_naive_under_load", dbLoad, naiveLoad, 2)
	latencyRatio("foreground_p99_during_expire_vs_idle", fgPipeline, fgIdle, 1.25)
	latencyRatio("foreground_p99_during_naive_vs_idle", fgNaive, fgIdle, 1.25)
	rateRatio("expire_local_blobs_vs_direct_delete", withLocal, direct, 0.8)
	rateRatio("expire_local_blobs_under_load_vs_idle", localLoad, withLocal, 0)
	latencyRatio("foreground_p99_during_expire_blobs_vs_idle", fgBlobs, fgIdle, 1.25)
	rateRatio("expire_versitygw_vs_direct_deleteobjects", withS3, directS3, 1.5)
	rateRatio("expire_versitygw_vs_parallel_deleteobjects", withS3, parallelS3, 0)
	rateRatio("expire_versitygw_under_load_vs_idle", s3Load, withS3, 0)
	latencyRatio("foreground_p99_during_expire_versitygw_vs_idle", fgS3, fgIdle, 1.25)
	rateRatio("parallel_deleteobjects_vs_one_at_a_time", parallelS3, directS3, 0)
	rateRatio("sweep_under_load_vs_sweep_idle", sweepLoad, sweepIdle, 0.30)
	latencyRatio("foreground_p99_during_sweep_vs_idle", sweepFgDuring, sweepFgIdle, 1.25)
	if len(dbOnly.runs) > 0 && len(plain.runs) > 0 {
		wp, _, _ := dbOnly.walPerRow()
		wd, _, _ := plain.walPerRow()
		v := wp / wd
		ratios = append(ratios, ratio{name: "expire_wal_vs_plain_delete", value: v, target: "≤ 1.50", ok: v <= 1.5})
	}
	hwm, err := peakRSS()
	if err != nil {
		return err
	}
	fmt.Fprintln(out, "\nRatios (medians), against the targets:")
	for _, r := range ratios {
		verdict := ""
		if r.target != "" {
			verdict = "meets"
			if !r.ok {
				verdict = "MISSES"
			}
			verdict = fmt.Sprintf("(target %s: %s)", r.target, verdict)
		}
		fmt.Fprintf(out, "  %-46s %8.3f  %s\n", r.name, r.value, verdict)
	}
	verdict := "meets"
	if hwm >= 150<<20 {
		verdict = "MISSES"
	}
	fmt.Fprintf(out, "\nPeak RSS (VmHWM): %.1f MB (target < 150 MB: %s)\n", float64(hwm)/(1<<20), verdict)
	fmt.Fprintf(out, "load average at end: %s\n\n", loadAverage())
	for _, r := range ratios {
		fmt.Fprintf(out, "ratio %s %.4f\n", r.name, r.value)
	}
	fmt.Fprintf(out, "peak_rss_mb %.1f\n", float64(hwm)/(1<<20))
	return nil
}

// expireResetTable reloads pastes with rows rows, every second one
// expired (in the past, spread over rows seconds), the others expiring in a
// day; blob keys are "pastes/<n>" when withBlobs is set. Indexes are built
// after the load, as the migration defines them.
func expireResetTable(ctx context.Context, pool *pgxpool.Pool, rows int, withBlobs bool) error {
	err := expireReloadPastes(ctx, pool, func() error {
		_, err := pool.Exec(ctx, `
			INSERT INTO pastes (id, title, blob_key, expires_at)
			SELECT g, 'paste ' || g, CASE WHEN $2 THEN 'pastes/' || g END,
			       CASE WHEN g % 2 = 0 THEN now() - make_interval(secs => g) ELSE now() + interval '1 day' END
			FROM generate_series(1, $1) g`, rows, withBlobs)
		return err
	})
	if err != nil {
		return err
	}
	if _, err := pool.Exec(ctx, `TRUNCATE `+riverJobTable()); err != nil {
		return fmt.Errorf("empty river_job: %w", err)
	}
	if _, err := pool.Exec(ctx, `VACUUM ANALYZE pastes`); err != nil {
		return fmt.Errorf("vacuum pastes: %w", err)
	}
	// Every run starts right after a checkpoint, so each pays the
	// full-page image of its first write to each page, as deleting rows
	// written long ago does. Without it, runs that happened to fall in the
	// load's checkpoint cycle skipped them: the plain DELETE swung between
	// 1.3M and 2.6M rows/s with where the last checkpoint fell.
	if _, err := pool.Exec(ctx, `CHECKPOINT`); err != nil {
		return fmt.Errorf("checkpoint before the run (needs superuser or pg_checkpoint): %w", err)
	}
	return nil
}

// expireReloadPastes empties pastes and runs load with the table's primary
// key and indexes dropped, then builds them again, as a fresh table indexed
// after its load has them. The table is the one migration 0002 creates, and
// the definitions of its key and indexes are read from the catalog, so the
// benchmarks measure the schema Lethe ships.
func expireReloadPastes(ctx context.Context, pool *pgxpool.Pool, load func() error) error {
	rows, err := pool.Query(ctx, `
		SELECT CASE WHEN con.oid IS NULL THEN format('DROP INDEX %I', c.relname)
		            ELSE format('ALTER TABLE pastes DROP CONSTRAINT %I', con.conname) END,
		       CASE WHEN con.oid IS NULL THEN pg_get_indexdef(i.indexrelid)
		            ELSE format('ALTER TABLE pastes ADD CONSTRAINT %I %s', con.conname, pg_get_constraintdef(con.oid)) END
		FROM pg_index i
		JOIN pg_class c ON c.oid = i.indexrelid
		LEFT JOIN pg_constraint con ON con.conindid = i.indexrelid AND con.conrelid = i.indrelid
		WHERE i.indrelid = 'pastes'::regclass
		ORDER BY con.oid IS NULL, c.relname`)
	if err != nil {
		return fmt.Errorf("read pastes indexes: %w", err)
	}
	var drops, builds []string
	var drop, build string
	if _, err := pgx.ForEachRow(rows, []any{&drop, &build}, func() error {
		drops, builds = append(drops, drop), append(builds, build)
		return nil
	}); err != nil {
		return fmt.Errorf("read pastes indexes: %w", err)
	}
	if _, err := pool.Exec(ctx, strings.Join(append(drops, "TRUNCATE pastes"), ";\n")); err != nil {
		return fmt.Errorf("empty pastes: %w", err)
	}
	if err := load(); err != nil {
		return fmt.Errorf("load pastes: %w", err)
	}
	if _, err := pool.Exec(ctx, strings.Join(builds, ";\n")); err != nil {
		return fmt.Errorf("index pastes: %w", err)
	}
	return nil
}

func expirePlainDelete(ctx context.Context, pool *pgxpool.Pool, rows int) (expireRun, error) {
	run := expireRun{name: "plain DELETE … WHERE expires_at < now()"}
	if err := expireResetTable(ctx, pool, rows, false); err != nil {
		return run, err
	}
	err := expireTimed(ctx, pool, nil, &run, func() (int64, error) {
		tag, err := pool.Exec(ctx, `DELETE FROM pastes WHERE expires_at < now()`)
		return tag.RowsAffected(), err
	})
	return run, err
}

// expireHook starts what a run measures under (the foreground load) once
// the run's table is ready, and returns the function that stops it.
type expireHook func(ctx context.Context) (end func(), err error)

// expireTimed times fn, between hook's start and end when hook is set,
// and measures the WAL the server inserted meanwhile (the whole server's:
// on a shared server, other databases' writes count too, which the median
// of the rounds smooths out).
func expireTimed(ctx context.Context, pool *pgxpool.Pool, hook expireHook, run *expireRun, fn func() (int64, error)) error {
	if hook != nil {
		end, err := hook(ctx)
		if err != nil {
			return err
		}
		defer end()
	}
	var lsn string
	if err := pool.QueryRow(ctx, `SELECT pg_current_wal_insert_lsn()::text`).Scan(&lsn); err != nil {
		return fmt.Errorf("read WAL position: %w", err)
	}
	if err := timeRun(run, fn); err != nil {
		return err
	}
	if err := pool.QueryRow(ctx, `SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), $1::pg_lsn)::bigint`, lsn).Scan(&run.wal); err != nil {
		return fmt.Errorf("read WAL position: %w", err)
	}
	return nil
}

// expireNaiveLoop is the pattern Lethe replaces, the status-claimed expiry
// done naively: one worker claims 1,000 expired rows in expiry order (status
// DELETION_IN_PROGRESS, one transaction), then deletes them (another), and
// loops.
func expireNaiveLoop(ctx context.Context, pool *pgxpool.Pool, rows int, hook expireHook) (expireRun, error) {
	run := expireRun{name: "naive loop (claim LIMIT 1000, then DELETE)"}
	if err := expireResetTable(ctx, pool, rows, false); err != nil {
		return run, err
	}
	return expireLoop(ctx, pool, hook, run, `
		UPDATE pastes SET deletion_status = 'DELETION_IN_PROGRESS', deletion_initiated_at = now()
		WHERE id IN (
			SELECT id FROM pastes
			WHERE deletion_status = 'NOT_EXPIRED' AND expires_at < now()
			ORDER BY expires_at LIMIT 1000
			FOR UPDATE SKIP LOCKED)
		RETURNING id`,
		`DELETE FROM pastes WHERE id = ANY($1) AND deletion_status = 'DELETION_IN_PROGRESS'`)
}

// expireSelectDeleteLoop is the simplest loop, without any claim: select a
// page of expired keys in expiry order, delete them, repeat. Shown for
// reference only.
func expireSelectDeleteLoop(ctx context.Context, pool *pgxpool.Pool, rows int) (expireRun, error) {
	run := expireRun{name: "select-then-delete loop (LIMIT 1000, no claim)"}
	if err := expireResetTable(ctx, pool, rows, false); err != nil {
		return run, err
	}
	// Without the status predicate the partial index cannot serve this
	// query; give the naive loop the plain index it would have. It is this
	// loop's alone: the next reset would rebuild it with the table's own.
	if _, err := pool.Exec(ctx, `CREATE INDEX pastes_expires_at_idx ON pastes (expires_at); ANALYZE pastes`); err != nil {
		return run, err
	}
	run, err := expireLoop(ctx, pool, nil, run,
		`SELECT id FROM pastes WHERE expires_at < now() ORDER BY expires_at LIMIT 1000`,
		`DELETE FROM pastes WHERE id = ANY($1)`)
	if err != nil {
		return run, err
	}
	if _, err := pool.Exec(ctx, `DROP INDEX pastes_expires_at_idx`); err != nil {
		return run, err
	}
	return run, nil
}

// expireLoop times the baseline loops: run pick (a statement returning a
// page of ids), then drop with the ids as $1, in separate transactions,
// until pick returns none.
func expireLoop(ctx context.Context, pool *pgxpool.Pool, hook expireHook, run expireRun, pick, drop string) (expireRun, error) {
	err := expireTimed(ctx, pool, hook, &run, func() (int64, error) {
		var deleted int64
		for {
			r, err := pool.Query(ctx, pick)
			if err != nil {
				return deleted, err
			}
			ids, err := pgx.CollectRows(r, pgx.RowTo[int64])
			if err != nil {
				return deleted, err
			}
			if len(ids) == 0 {
				return deleted, nil
			}
			tag, err := pool.Exec(ctx, drop, ids)
			if err != nil {
				return deleted, err
			}
			deleted += tag.RowsAffected()
		}
	})
	return run, err
}

// expirePipeline runs Lethe's planner and batch workers on a real River
// client until every expired row is gone. With store set, each row has a
// blob there, created before the clock starts.
func expirePipeline(ctx context.Context, pool *pgxpool.Pool, opts ExpireOptions, rows, batchSize int, store blob.Store, hook expireHook) (expireRun, error) {
	run := expireRun{name: "pipeline"}
	if err := expireResetTable(ctx, pool, rows, store != nil); err != nil {
		return run, err
	}
	blobCol := ""
	if store != nil {
		// The blobs are pastes/<n>: the policy owns that prefix.
		blobCol = "blob_key\n    blob_prefix: pastes/"
		if err := expirePutBlobs(ctx, store, rows); err != nil {
			return run, err
		}
	}
	cfg, err := config.Parse([]byte(fmt.Sprintf(`
river:
  max_workers: %d
  job_timeout: 10m
  rescue_stuck_jobs_after: 1h
policies:
  - name: bench
    kind: expire
    table: pastes
    blob_key_column: %s
    batch_size: %d
    max_batches_per_run: 100000
    run_budget: 10m
    batch_timeout: 10m
    stuck_after: 2h
`, opts.Workers, blobCol, batchSize)+pipelinePacing(opts)), nil)
	if err != nil {
		return run, err
	}
	m := metrics.New()
	client, stop, err := expireStartRiver(ctx, pool, cfg, store, m, opts.Logger, func(rc *river.Config) {
		// The service's River configuration unless told otherwise.
		rc.FetchCooldown = cmp.Or(opts.FetchCooldown, cfg.River.FetchCooldown.D())
	})
	if err != nil {
		return run, err
	}
	defer stop()

	var expired int64
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM pastes WHERE expires_at < now()`).Scan(&expired); err != nil {
		return run, err
	}
	err = expireTimed(ctx, pool, hook, &run, func() (int64, error) {
		// The planner runs again as its schedule would, as long as each
		// run deletes something: a paced run, whose batches shrink under
		// load, leaves the rest to the next.
		lastLeft := expired
		for round := 0; ; round++ {
			params := make([]river.InsertManyParams, opts.Planners)
			for i := range params {
				params[i] = river.InsertManyParams{Args: jobs.ExpirePlan{Policy: "bench"}}
			}
			if _, err := client.InsertMany(ctx, params); err != nil {
				return 0, err
			}
			if err := expireWaitIdle(ctx, pool); err != nil {
				return 0, err
			}
			var left int64
			if err := pool.QueryRow(ctx, `SELECT count(*) FROM pastes WHERE expires_at < now()`).Scan(&left); err != nil {
				return 0, err
			}
			if left == 0 {
				return expired, nil
			}
			if left >= lastLeft {
				return 0, fmt.Errorf("%d expired rows left after %d planner rounds, the last of which deleted none", left, round+1)
			}
			lastLeft = left
		}
	})
	run.pace = readPaceVerdicts(m, "bench")
	if err != nil {
		return run, err
	}
	var failed int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM `+riverJobTable()+` WHERE state <> 'completed'`).Scan(&failed); err != nil {
		return run, err
	}
	if failed > 0 {
		return run, fmt.Errorf("%d jobs did not complete", failed)
	}
	run.jobs, err = expireJobStats(ctx, pool)
	return run, err
}

// expireJobStats describes the River jobs of a pipeline run, kind by kind:
// how many, how long they waited to start and how long they ran.
func expireJobStats(ctx context.Context, pool *pgxpool.Pool) (string, error) {
	rows, err := pool.Query(ctx, `
		SELECT kind, count(*),
		       avg(extract(epoch FROM attempted_at - scheduled_at))::float8 * 1000,
		       avg(extract(epoch FROM finalized_at - attempted_at))::float8 * 1000,
		       max(extract(epoch FROM finalized_at - attempted_at))::float8 * 1000
		FROM `+riverJobTable()+` GROUP BY kind ORDER BY kind`)
	if err != nil {
		return "", fmt.Errorf("job statistics: %w", err)
	}
	var b strings.Builder
	var (
		kind            string
		n               int
		wait, run, most float64
	)
	_, err = pgx.ForEachRow(rows, []any{&kind, &n, &wait, &run, &most}, func() error {
		fmt.Fprintf(&b, "  %-24s %6d jobs, mean wait to start %8.1f ms, mean run %8.1f ms, max run %8.1f ms\n", kind, n, wait, run, most)
		return nil
	})
	return b.String(), err
}

// expireStartRiver starts a River client working Lethe's workers for cfg,
// with blobs in store, on the default queue with cfg's max_workers and job
// timeouts, recording into m; tune adjusts River's configuration first.
// stop stops it (once, however often it is called).
func expireStartRiver(ctx context.Context, pool *pgxpool.Pool, cfg *config.Config, store blob.Store, m *metrics.Metrics, logger *slog.Logger, tune func(*river.Config)) (*river.Client[pgx.Tx], func(), error) {
	riverWorkers := river.NewWorkers()
	deps := &workers.Deps{Config: cfg, Pool: pool, Blobs: store, Logger: logger, Metrics: m}
	if err := workers.Register(riverWorkers, deps); err != nil {
		return nil, nil, err
	}
	rc := &river.Config{
		Logger:               slog.New(slog.DiscardHandler),
		Schema:               cfg.River.Schema,
		Workers:              riverWorkers,
		Queues:               map[string]river.QueueConfig{river.QueueDefault: {MaxWorkers: cfg.River.MaxWorkers}},
		JobTimeout:           cfg.River.JobTimeout.D(),
		RescueStuckJobsAfter: cfg.River.RescueStuckJobsAfter.D(),
	}
	tune(rc)
	client, err := river.NewClient(riverpgxv5.New(pool), rc)
	if err != nil {
		return nil, nil, err
	}
	if err := client.Start(ctx); err != nil {
		return nil, nil, err
	}
	stop := sync.OnceFunc(func() {
		sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
		defer cancel()
		_ = client.Stop(sctx)
	})
	return client, stop, nil
}

// expireWaitIdle waits until River has no job left to work.
func expireWaitIdle(ctx context.Context, pool *pgxpool.Pool) error {
	for {
		var pending int
		if err := pool.QueryRow(ctx, `SELECT count(*) FROM `+riverJobTable()+` WHERE state IN ('available', 'running', 'scheduled', 'retryable', 'pending')`).Scan(&pending); err != nil {
			return err
		}
		if pending == 0 {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(10 * time.Millisecond):
		}
	}
}

// expirePutBlobs writes the blob of every second paste of rows: pastes/<n>
// for the even n the expired rows have (the live rows' blobs are not needed
// to measure deletion, and not creating them halves the setup).
func expirePutBlobs(ctx context.Context, store blob.Store, rows int) error {
	keys := make(chan string)
	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		firstErr error
	)
	for range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			body := []byte("paste body")
			for key := range keys {
				if err := store.Put(ctx, key, body); err != nil {
					mu.Lock()
					firstErr = cmp.Or(firstErr, err)
					mu.Unlock()
				}
			}
		}()
	}
	for n := 2; n <= rows; n += 2 {
		keys <- "pastes/" + strconv.Itoa(n)
	}
	close(keys)
	wg.Wait()
	return firstErr
}

// expireDirectDelete is a blob baseline: one client deleting the same keys
// as the pipeline with DeleteObjects, 1,000 keys a request, nothing else.
// client sends them one request at a time (the baseline the pipeline is
// held to), or several at once (the server's ceiling); the blobs are put
// with store.
func expireDirectDelete(ctx context.Context, store, client blob.Store, n int) (expireRun, error) {
	run := expireRun{name: "direct DeleteObjects, one client"}
	if err := expirePutBlobs(ctx, store, 2*n); err != nil {
		return run, err
	}
	keys := make([]string, 0, n)
	for i := 2; i <= 2*n; i += 2 {
		keys = append(keys, "pastes/"+strconv.Itoa(i))
	}
	err := timeRun(&run, func() (int64, error) {
		deleted, err := client.Delete(ctx, keys)
		return int64(deleted), err
	})
	return run, err
}

// pacingYAML is the policy's pacing block with target_p99 and
// max_slowdown where they are set, or nothing when neither is.
func pacingYAML(target time.Duration, slowdown float64) string {
	var fields []string
	if target > 0 {
		fields = append(fields, fmt.Sprintf("target_p99: %s", target))
	}
	if slowdown > 0 {
		fields = append(fields, fmt.Sprintf("max_slowdown: %g", slowdown))
	}
	if len(fields) == 0 {
		return ""
	}
	return "    pacing: {" + strings.Join(fields, ", ") + "}\n"
}

// pipelinePacing is the pipelines' pacing block: pacing on, with
// --pace-target and --max-slowdown where set, unless --no-pace.
func pipelinePacing(opts ExpireOptions) string {
	if opts.NoPace {
		return ""
	}
	return cmp.Or(pacingYAML(opts.PaceTarget, opts.MaxSlowdown), "    pacing: {}\n")
}
