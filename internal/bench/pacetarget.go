package bench

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"time"

	"github.com/lethehq/lethe/internal/pace"
)

// PaceTargetOptions configures PaceTarget. Zero values take the defaults
// noted.
type PaceTargetOptions struct {
	// ServerURL connects to a PostgreSQL server as a user that may create
	// databases; the benchmark creates its own and drops it after.
	ServerURL string
	Rows      int       // pastes rows, half expired (200,000)
	Rounds    int       // medians and min – max over the rounds (5)
	Multiples []float64 // targets as multiples of the foreground's idle p99 (2, 4, 10)
	BatchSize int       // the expire policy's batch_size (5,000)
	Workers   int       // River max_workers (4)
	Planners  int       // planner jobs run at once (2)
	// Quiet is how long the foreground runs alone at the start of each
	// round, for its idle p99 (10s).
	Quiet     time.Duration
	FgRate    int // (400)
	FgWorkers int // (4)

	Out    io.Writer
	Logger *slog.Logger
}

func (o *PaceTargetOptions) defaults() {
	o.Rows = cmp.Or(o.Rows, 200_000)
	o.Rounds = cmp.Or(o.Rounds, 5)
	if len(o.Multiples) == 0 {
		o.Multiples = []float64{2, 4, 10}
	}
	o.BatchSize = cmp.Or(o.BatchSize, 5_000)
	o.Workers = cmp.Or(o.Workers, 4)
	o.Planners = cmp.Or(o.Planners, 2)
	o.Quiet = cmp.Or(o.Quiet, 10*time.Second)
	o.FgRate = cmp.Or(o.FgRate, 400)
	o.FgWorkers = cmp.Or(o.FgWorkers, 4)
	if o.Out == nil {
		o.Out = os.Stdout
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
}

// paceTargetRun is one paced run at one target.
type paceTargetRun struct {
	idle, target, p99 time.Duration
	run               expireRun
}

// PaceTarget measures whether pacing keeps the target it is given: each
// round it measures the foreground's p99 alone, then, for each multiple k,
// runs Lethe's expire pipeline under the foreground load with
// pacing.target_p99 = k × that p99 (max_slowdown out of the way) and
// measures the foreground's p99 during it. It prints the p99 ÷ the target
// (the target is kept at ≤ 1.1), the rate, and whether the controller said
// the target was not reachable, and ends with "ratio NAME VALUE" lines.
func PaceTarget(ctx context.Context, opts PaceTargetOptions) error {
	opts.defaults()
	out := opts.Out
	pool, dropDB, err := freshDatabase(ctx, opts.ServerURL, "pace_target", opts.Logger)
	if err != nil {
		return err
	}
	defer dropDB()
	defer pool.Close()
	eo := ExpireOptions{Rows: opts.Rows, BatchSize: opts.BatchSize, Workers: opts.Workers, Planners: opts.Planners,
		FgRate: opts.FgRate, FgWorkers: opts.FgWorkers, FgIdle: time.Second, MaxSlowdown: 100, Out: out, Logger: opts.Logger}
	eo.defaults()
	load := newExpireLoad(pool, eo)
	load.setRows(opts.Rows)

	fmt.Fprintf(out, "lethe-bench pace-target: %d rows (half expired), %d rounds, targets %v × the foreground's idle p99\n", opts.Rows, opts.Rounds, opts.Multiples)
	fmt.Fprintf(out, "Lethe: expire batch_size %d, %d planners, max_workers %d, pacing {target_p99: k × idle p99, max_slowdown: 100} (min_batch_size 100, max_pause 1s)\n",
		opts.BatchSize, opts.Planners, opts.Workers)
	fmt.Fprintf(out, "foreground load: %d ops/s (inserts + point reads), %d workers; alone for %s at the start of each round\n", opts.FgRate, opts.FgWorkers, opts.Quiet)
	fmt.Fprintf(out, "load average at start: %s\n\n", loadAverage())

	runs := make([][]paceTargetRun, len(opts.Multiples))
	for round := range opts.Rounds {
		quiet := fmt.Sprintf("quiet/%d", round)
		stop, err := load.start(ctx, load.fg, quiet)
		if err != nil {
			return err
		}
		err = pace.Sleep(ctx, opts.Quiet)
		stop()
		if err != nil {
			return err
		}
		idle := load.fg.summary(quiet).P99
		fmt.Fprintf(out, "round %d/%d: foreground p99 alone %.2f ms (load average %s)\n", round+1, opts.Rounds, sweepMS(idle), loadAverage())
		for i, k := range opts.Multiples {
			phase := fmt.Sprintf("%gx/%d", k, round)
			target := time.Duration(k * float64(idle)).Round(10 * time.Microsecond)
			eo.PaceTarget = target
			run, err := expirePipeline(ctx, pool, eo, opts.Rows, opts.BatchSize, nil, load.during(phase))
			if err != nil {
				return fmt.Errorf("paced to %g × idle p99: %w", k, err)
			}
			r := paceTargetRun{idle: idle, target: target, p99: load.fg.summary(phase).P99, run: run}
			runs[i] = append(runs[i], r)
			flag := ""
			if run.pace.unreachable {
				flag = "; the controller said: target not reachable"
			}
			fmt.Fprintf(out, "  target %gx = %.2f ms: foreground p99 %.2f ms (%.2f × target; on the server, as pacing saw it: %.2f ms), %.0f rows/s, %d of %d batches judged within%s\n",
				k, sweepMS(target), sweepMS(r.p99), float64(r.p99)/float64(target), sweepMS(run.pace.seen), run.rate(), run.pace.within, run.pace.within+run.pace.over, flag)
		}
	}
	if err := load.err(); err != nil {
		return err
	}

	var ratios []impactRatio
	fmt.Fprintf(out, "\n  %-10s %22s %22s %22s %12s\n", "target", "p99 ÷ target", "foreground p99, ms", "rows/s", "unreachable")
	for i, k := range opts.Multiples {
		rs := runs[i]
		stat := func(f func(paceTargetRun) float64) (med, lo, hi float64) {
			v := make([]float64, len(rs))
			for j, r := range rs {
				v[j] = f(r)
			}
			return spread(v)
		}
		rm, rlo, rhi := stat(func(r paceTargetRun) float64 { return float64(r.p99) / float64(r.target) })
		pm, plo, phi := stat(func(r paceTargetRun) float64 { return sweepMS(r.p99) })
		vm, vlo, vhi := stat(func(r paceTargetRun) float64 { return r.run.rate() })
		flagged := 0
		for _, r := range rs {
			if r.run.pace.unreachable {
				flagged++
			}
		}
		fmt.Fprintf(out, "  %-10s %22s %22s %22s %12s\n", fmt.Sprintf("%gx idle", k),
			fmt.Sprintf("%.2f (%.2f – %.2f)", rm, rlo, rhi), fmt.Sprintf("%.2f (%.2f – %.2f)", pm, plo, phi),
			fmt.Sprintf("%.0f (%.0f – %.0f)", vm, vlo, vhi), fmt.Sprintf("%d of %d", flagged, len(rs)))
		ratios = append(ratios, impactRatio{name: fmt.Sprintf("pace_p99_vs_target_%gx", k), med: rm, lo: rlo, hi: rhi, atMost: true, target: 1.1,
			note: fmt.Sprintf("; target not reachable said in %d of %d runs", flagged, len(rs))})
		// What pacing holds to the target: the foreground's statements as
		// the server timed them, the last 500 while batches ran.
		sm, slo, shi := stat(func(r paceTargetRun) float64 { return float64(r.run.pace.seen) / float64(r.target) })
		ratios = append(ratios, impactRatio{name: fmt.Sprintf("pace_server_p99_vs_target_%gx", k), med: sm, lo: slo, hi: shi, atMost: true, target: 1.1,
			note: "; the foreground's statements on the server, as pacing saw them"})
	}
	printImpactRatios(out, ratios)
	return nil
}
