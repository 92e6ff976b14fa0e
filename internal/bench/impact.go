package bench

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"slices"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// ImpactOptions configures EqualImpact. Zero values take the defaults
// noted.
type ImpactOptions struct {
	// ServerURL connects to a PostgreSQL server as a user that may create
	// databases; the benchmark creates its own and drops it after.
	ServerURL string
	Rows      int // pastes rows of the expire pairs, half expired (200,000)
	SweepRows int // rows of the sweep pairs' table, half expired (Rows)
	Rounds    int // rounds of the expire and sweep pairs: medians and min – max reported (5)
	BatchSize int // the expire policy's batch_size (5,000)
	Workers   int // River max_workers (4)
	Planners  int // planner jobs run at once (2)

	// The foreground load, as the expire benchmark's: FgRate operations a
	// second from FgWorkers goroutines of a process of its own.
	FgRate    int           // (400)
	FgWorkers int           // (4)
	FgIdle    time.Duration // idle window before each run (3s)

	// NoPairs skips the expire and sweep pairs, NoStream the pg_cron
	// stream.
	NoPairs  bool
	NoStream bool
	Stream   StreamOptions

	Out    io.Writer
	Logger *slog.Logger
}

func (o *ImpactOptions) defaults() {
	o.Rows = cmp.Or(o.Rows, 200_000)
	o.SweepRows = cmp.Or(o.SweepRows, o.Rows)
	o.Rounds = cmp.Or(o.Rounds, 5)
	o.BatchSize = cmp.Or(o.BatchSize, 5_000)
	o.Workers = cmp.Or(o.Workers, 4)
	o.Planners = cmp.Or(o.Planners, 2)
	o.FgRate = cmp.Or(o.FgRate, 400)
	o.FgWorkers = cmp.Or(o.FgWorkers, 4)
	o.FgIdle = cmp.Or(o.FgIdle, 3*time.Second)
	if o.Out == nil {
		o.Out = os.Stdout
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	o.Stream.defaults()
}

// impactPair is one round of a baseline at full speed and Lethe paced
// with target_p99 set to the foreground's p99 during the baseline.
type impactPair struct {
	base, lethe       expireRun
	baseP99, letheP99 time.Duration // the foreground's, during each
	idleP99           time.Duration // the foreground's, in the idle windows before both
}

func (p impactPair) ratio() float64 { return p.lethe.rate() / p.base.rate() }

// spread is the median, min and max of v.
func spread(v []float64) (med, lo, hi float64) {
	if len(v) == 0 {
		return 0, 0, 0
	}
	s := slices.Sorted(slices.Values(v))
	return s[len(s)/2], s[0], s[len(s)-1]
}

// pairsStat is spread over f of the pairs.
func pairsStat(pairs []impactPair, f func(impactPair) float64) (med, lo, hi float64) {
	v := make([]float64, len(pairs))
	for i, p := range pairs {
		v[i] = f(p)
	}
	return spread(v)
}

// EqualImpact measures what Lethe deletes for the same harm to a
// foreground as a simpler loop does, in three comparisons:
//
//   - expiry: the naive claim-then-delete loop at full speed under the
//     foreground load, then Lethe's expire pipeline under the same load,
//     paced with pacing.target_p99 set to the foreground's p99 during the
//     loop (and max_slowdown out of the way), once a round;
//   - the sweep against a batched DELETE loop at full speed (the runbook's
//     statement, 10,000 rows a batch, no pause), the same way;
//   - pg_cron: a DELETE … WHERE expires_at < now() every minute against
//     Lethe on its schedule, on a stream of rows that expire continuously,
//     in a private cluster with a streaming standby (see Stream).
//
// It ends with "ratio NAME VALUE" lines (medians over the rounds).
func EqualImpact(ctx context.Context, opts ImpactOptions) error {
	opts.defaults()
	out := opts.Out
	fmt.Fprintf(out, "lethe-bench equal-impact: load average at start %s\n", loadAverage())
	var ratios []impactRatio
	if !opts.NoPairs {
		r, err := impactPairs(ctx, opts)
		if err != nil {
			return err
		}
		ratios = append(ratios, r...)
	}
	if !opts.NoStream {
		r, err := impactStream(ctx, opts)
		if err != nil {
			return err
		}
		ratios = append(ratios, r...)
	}
	printImpactRatios(out, ratios)
	return nil
}

// impactRatio is one ratio line, with its target ("≥ 2" or "≤ 0.5").
type impactRatio struct {
	name        string
	med, lo, hi float64
	atMost      bool
	target      float64
	note        string
}

func printImpactRatios(out io.Writer, ratios []impactRatio) {
	fmt.Fprintln(out, "\nRatios (median, min – max over the rounds), against the targets:")
	for _, r := range ratios {
		op, ok := "≥", r.med >= r.target
		if r.atMost {
			op, ok = "≤", r.med <= r.target
		}
		verdict := "meets"
		if !ok {
			verdict = "MISSES"
		}
		fmt.Fprintf(out, "  %-40s %8.3f  (%.3f – %.3f; target %s %.2f: %s)%s\n", r.name, r.med, r.lo, r.hi, op, r.target, verdict, r.note)
	}
	fmt.Fprintf(out, "load average at end: %s\n\n", loadAverage())
	for _, r := range ratios {
		fmt.Fprintf(out, "ratio %s %.4f\n", r.name, r.med)
	}
}

// impactPairs runs the expire and sweep pairs, Rounds rounds, interleaved.
func impactPairs(ctx context.Context, opts ImpactOptions) ([]impactRatio, error) {
	out := opts.Out
	pool, dropDB, err := freshDatabase(ctx, opts.ServerURL, "impact", opts.Logger)
	if err != nil {
		return nil, err
	}
	defer dropDB()
	defer pool.Close()

	eo := ExpireOptions{Rows: opts.Rows, BatchSize: opts.BatchSize, Workers: opts.Workers, Planners: opts.Planners,
		FgRate: opts.FgRate, FgWorkers: opts.FgWorkers, FgIdle: opts.FgIdle, Out: out, Logger: opts.Logger}
	eo.defaults()
	load := newExpireLoad(pool, eo)
	sweep := &sweepBench{pool: pool, logger: opts.Logger, opts: SweepOptions{
		Rows: opts.SweepRows, Workers: opts.FgWorkers, Rate: opts.FgRate, Idle: opts.FgIdle}}
	if err := sweep.makeTemplate(ctx); err != nil {
		return nil, err
	}
	fmt.Fprintf(out, "\nExpire and sweep pairs: %d rows (half expired) for expiry, %d for the sweep, %d rounds\n", opts.Rows, opts.SweepRows, opts.Rounds)
	fmt.Fprintf(out, "foreground load: %d ops/s (inserts + point reads), %d workers, idle window %s before each run\n", opts.FgRate, opts.FgWorkers, opts.FgIdle)
	fmt.Fprintf(out, "Lethe: expire batch_size %d, %d planners, max_workers %d; sweep %s; both paced with pacing.target_p99 = the foreground's p99 during the baseline of the round, max_slowdown 100\n",
		opts.BatchSize, opts.Planners, opts.Workers, SweepTuned)

	var expirePairs, sweepPairs []impactPair
	for round := range opts.Rounds {
		fmt.Fprintf(out, "round %d/%d (load average %s)\n", round+1, opts.Rounds, loadAverage())
		p, err := impactExpirePair(ctx, pool, eo, load, round)
		if err != nil {
			return nil, err
		}
		expirePairs = append(expirePairs, p)
		fmt.Fprintf(out, "  expire: naive %.0f rows/s at foreground p99 %.2f ms; Lethe %.0f rows/s at %.2f ms (target_p99 %s): %.2f ×\n",
			p.base.rate(), sweepMS(p.baseP99), p.lethe.rate(), sweepMS(p.letheP99), p.baseP99.Round(10*time.Microsecond), p.ratio())
		p, err = impactSweepPair(ctx, sweep, load, round)
		if err != nil {
			return nil, err
		}
		sweepPairs = append(sweepPairs, p)
		fmt.Fprintf(out, "  sweep: batched DELETE %.0f rows/s at foreground p99 %.2f ms; Lethe %.0f rows/s at %.2f ms (target_p99 %s): %.2f ×\n",
			p.base.rate(), sweepMS(p.baseP99), p.lethe.rate(), sweepMS(p.letheP99), p.baseP99.Round(10*time.Microsecond), p.ratio())
	}
	if err := load.err(); err != nil {
		return nil, err
	}

	fmt.Fprintf(out, "\n%-58s %12s  %s\n", "median over the rounds (min – max)", "value", "")
	row := func(name, unit string, pairs []impactPair, f func(impactPair) float64) {
		med, lo, hi := pairsStat(pairs, f)
		fmt.Fprintf(out, "  %-56s %12.2f  (%.2f – %.2f) %s\n", name, med, lo, hi, unit)
	}
	ms := func(d time.Duration) float64 { return sweepMS(d) }
	for _, s := range []struct {
		name, base string
		pairs      []impactPair
	}{{"expire", "naive claim-then-delete loop", expirePairs}, {"sweep", "batched DELETE loop (10,000, no pause)", sweepPairs}} {
		row(s.name+": "+s.base+", rows/s", "", s.pairs, func(p impactPair) float64 { return p.base.rate() })
		row(s.name+": Lethe paced to its p99, rows/s", "", s.pairs, func(p impactPair) float64 { return p.lethe.rate() })
		row(s.name+": foreground p99 idle", "ms", s.pairs, func(p impactPair) float64 { return ms(p.idleP99) })
		row(s.name+": foreground p99 during the baseline", "ms", s.pairs, func(p impactPair) float64 { return ms(p.baseP99) })
		row(s.name+": foreground p99 during Lethe", "ms", s.pairs, func(p impactPair) float64 { return ms(p.letheP99) })
		row(s.name+": Lethe's p99 ÷ the baseline's", "", s.pairs, func(p impactPair) float64 { return float64(p.letheP99) / float64(p.baseP99) })
		v := paceVerdicts{}
		for _, p := range s.pairs {
			v.within += p.lethe.pace.within
			v.over += p.lethe.pace.over
		}
		if v.within+v.over > 0 {
			fmt.Fprintf(out, "  %-56s %12s  (%d of %d)\n", s.name+": paced batches the controller judged within the target",
				fmt.Sprintf("%.0f %%", 100*float64(v.within)/float64(v.within+v.over)), v.within, v.within+v.over)
		}
	}
	// The ratio counts only where Lethe kept the foreground at or below
	// the baseline's p99; say how far it was from that.
	note := func(pairs []impactPair) string {
		med, _, _ := pairsStat(pairs, func(p impactPair) float64 { return float64(p.letheP99) / float64(p.baseP99) })
		return fmt.Sprintf("; foreground p99 during Lethe %.2f × the baseline's", med)
	}
	er, elo, ehi := pairsStat(expirePairs, impactPair.ratio)
	sr, slo, shi := pairsStat(sweepPairs, impactPair.ratio)
	return []impactRatio{
		{name: "expire_vs_naive_at_equal_p99", med: er, lo: elo, hi: ehi, target: 2, note: note(expirePairs)},
		{name: "sweep_vs_batched_delete_at_equal_p99", med: sr, lo: slo, hi: shi, target: 2, note: note(sweepPairs)},
	}, nil
}

// impactExpirePair runs the naive loop at full speed under the load, then
// Lethe's pipeline paced to the foreground's p99 during it.
func impactExpirePair(ctx context.Context, pool *pgxpool.Pool, eo ExpireOptions, load *expireLoad, round int) (impactPair, error) {
	var p impactPair
	basePhase, lethePhase := fmt.Sprintf("naive/%d", round), fmt.Sprintf("lethe/%d", round)
	load.setRows(eo.Rows)
	var err error
	if p.base, err = expireNaiveLoop(ctx, pool, eo.Rows, load.during(basePhase)); err != nil {
		return p, fmt.Errorf("naive loop: %w", err)
	}
	p.baseP99 = load.fg.summary(basePhase).P99
	eo.PaceTarget, eo.MaxSlowdown = p.baseP99.Round(10*time.Microsecond), 100
	if p.lethe, err = expirePipeline(ctx, pool, eo, eo.Rows, eo.BatchSize, nil, load.during(lethePhase)); err != nil {
		return p, fmt.Errorf("Lethe's expire, paced: %w", err)
	}
	p.letheP99 = load.fg.summary(lethePhase).P99
	p.idleP99 = load.fg.summary("idle").P99
	return p, nil
}

// impactSweepPair runs the batched DELETE loop at full speed under the
// sweep's load, then Lethe's sweep paced to the foreground's p99 during it.
func impactSweepPair(ctx context.Context, b *sweepBench, load *expireLoad, round int) (impactPair, error) {
	p := impactPair{base: expireRun{name: "batched DELETE"}, lethe: expireRun{name: "sweep"}}
	basePhase, lethePhase := fmt.Sprintf("batched/%d", round), fmt.Sprintf("sweep/%d", round)
	hook := func(phase string) expireHook {
		return func(ctx context.Context) (func(), error) { return load.start(ctx, load.sweepFg, phase) }
	}
	b.partitioned = false
	if err := b.load(ctx); err != nil {
		return p, err
	}
	err := expireTimed(ctx, b.pool, hook(basePhase), &p.base, func() (int64, error) { return impactBatchedDelete(ctx, b) })
	if err != nil {
		return p, fmt.Errorf("batched DELETE: %w", err)
	}
	p.baseP99 = load.sweepFg.summary(basePhase).P99
	setting := SweepTuned
	setting.Yield, setting.PaceTarget, setting.MaxSlowdown = true, p.baseP99.Round(10*time.Microsecond), 100
	if err := b.load(ctx); err != nil {
		return p, err
	}
	err = expireTimed(ctx, b.pool, hook(lethePhase), &p.lethe, func() (int64, error) {
		t, err := b.letheSweep(ctx, setting)
		p.lethe.pace = t.pace
		if err == nil && t.Rows != b.expired {
			err = fmt.Errorf("sweep deleted %d rows, want %d", t.Rows, b.expired)
		}
		return t.Rows, err
	})
	if err != nil {
		return p, fmt.Errorf("Lethe's sweep, paced: %w", err)
	}
	p.letheP99 = load.sweepFg.summary(lethePhase).P99
	p.idleP99 = load.sweepFg.summary("idle").P99
	return p, nil
}

// impactBatchedDelete is the plain batched DELETE loop: the runbook's
// statement, 10,000 rows a batch, at full speed, until a short batch.
func impactBatchedDelete(ctx context.Context, b *sweepBench) (int64, error) {
	var deleted int64
	for {
		tag, err := b.pool.Exec(ctx, `
			DELETE FROM lineage_event_idempotency
			WHERE idempotency_key IN (
			    SELECT idempotency_key
			    FROM lineage_event_idempotency
			    WHERE expires_at < NOW()
			    ORDER BY expires_at ASC
			    LIMIT 10000)`)
		if err != nil {
			return deleted, err
		}
		deleted += tag.RowsAffected()
		if tag.RowsAffected() < 10000 {
			return deleted, nil
		}
	}
}
