package bench

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/internal/metrics"
	"github.com/lethehq/lethe/workers"
)

// SweepOptions configure the TTL sweep benchmark.
type SweepOptions struct {
	// ServerURL connects to a PostgreSQL server as a user that may create
	// databases; the benchmark creates its own and drops it after.
	ServerURL string
	Rows      int // rows in the table, half of them expired (default 1,000,000)

	// Tuned is the sweep policy measured against the runbook defaults.
	Tuned SweepSetting

	// Foreground workload: Workers goroutines issuing Rate operations per
	// second in total, alternately an insert of a new key and a point read
	// of an existing one. Idle is how long the idle baseline runs.
	Workers int
	Rate    int
	Idle    time.Duration // length of each idle and each sweeping window
	Repeats int           // rounds: runs per throughput scenario (median reported), table loads per latency setting

	Logger *slog.Logger // progress (default: discard)
}

// SweepSetting is the part of a sweep policy the benchmark varies.
type SweepSetting struct {
	BatchSize    int
	MaxBatchSize int
	Pause        time.Duration
	Target       time.Duration // target_batch_duration
	// Partitions measures mode: partitions instead, on the table
	// range-partitioned by the hour.
	Partitions bool
	// Yield sets yield_to_foreground: full speed on an idle database,
	// paced while other sessions work.
	Yield bool
	// PaceTarget and MaxSlowdown, when set, give the policy
	// pacing.target_p99 and pacing.max_slowdown.
	PaceTarget  time.Duration
	MaxSlowdown float64
}

func (s SweepSetting) String() string {
	if s.Partitions {
		return fmt.Sprintf("mode partitions, hourly partitions, pause %s", s.Pause)
	}
	desc := fmt.Sprintf("batch %d..%d, pause %s, target %s", s.BatchSize, s.MaxBatchSize, s.Pause, s.Target)
	if s.Yield {
		desc += ", yield_to_foreground (paced under load, from 1000-row batches and 100ms pauses)"
	}
	if s.PaceTarget > 0 {
		desc += fmt.Sprintf(", pacing.target_p99 %s", s.PaceTarget)
	}
	if s.MaxSlowdown > 0 {
		desc += fmt.Sprintf(", pacing.max_slowdown %g", s.MaxSlowdown)
	}
	return desc
}

// SweepRunbookDefaults is the runbook's setting, Lethe's default for the
// idempotency policy.
var SweepRunbookDefaults = SweepSetting{BatchSize: 10_000, MaxBatchSize: 10_000, Pause: 100 * time.Millisecond, Target: time.Second}

// SweepTuned is the setting documented in docs/sweep.md for throughput.
var SweepTuned = SweepSetting{BatchSize: 20_000, MaxBatchSize: 200_000, Pause: 10 * time.Millisecond, Target: 500 * time.Millisecond}

// SweepPartitions is partition mode on hourly partitions.
var SweepPartitions = SweepSetting{Partitions: true, Pause: 10 * time.Millisecond}

// SweepReport is what the benchmark measured.
type SweepReport struct {
	Rows     int
	Expired  int64
	Settings map[string]SweepSetting

	Throughput []SweepThroughput
	Latency    []SweepLatency
	PeakRSSKB  int64
}

// SweepThroughput is one way of deleting the expired half.
type SweepThroughput struct {
	Name     string
	Rows     int64
	Batches  int
	Duration time.Duration
	Busy     time.Duration // time in DELETE statements (without pauses), when known
	Runs     int           // runs measured; this is the median one
	pace     paceVerdicts  // the pacing controller's verdicts, when paced
}

// RowsPerSec is the throughput over the whole run, pauses included.
func (t SweepThroughput) RowsPerSec() float64 { return float64(t.Rows) / t.Duration.Seconds() }

// SweepLatency is the foreground workload's latency during one phase.
type SweepLatency struct {
	Name    string
	Samples int
	P50     time.Duration
	P99     time.Duration
	Max     time.Duration

	// The p99 of inserts (which wait for the WAL flush at commit) and of
	// point reads (which do not), to tell WAL stalls from CPU contention.
	InsertP99 time.Duration
	ReadP99   time.Duration
}

// Sweep runs the benchmark: on a fresh database with Lethe's schema, it
// loads the idempotency table (half expired) before each measurement and
// deletes the expired half with (1) one plain DELETE, (2) the runbook's loop
// (its own key-IN query, 10,000 per batch, 100 ms pauses), (3) Lethe's sweep
// with the runbook defaults and (4) with the tuned setting; then it measures
// the foreground workload's p99 idle and during (3) and (4).
func Sweep(ctx context.Context, opts SweepOptions) (*SweepReport, error) {
	opts.Rows = max(opts.Rows, 2)
	logger := opts.Logger
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	pool, drop, err := freshDatabase(ctx, opts.ServerURL, "sweep", logger)
	if err != nil {
		return nil, err
	}
	defer drop()
	defer pool.Close()

	yielding := opts.Tuned
	yielding.Yield = true
	rep := &SweepReport{Rows: opts.Rows, Settings: map[string]SweepSetting{
		"runbook defaults": SweepRunbookDefaults, "tuned": opts.Tuned, "yielding": yielding, "partitions": SweepPartitions}}
	b := &sweepBench{pool: pool, opts: opts, logger: logger}
	if err := b.makeTemplate(ctx); err != nil {
		return nil, err
	}

	// Each scenario runs Repeats times on a freshly loaded table, the
	// scenarios interleaved round by round, and reports its median run: on
	// a shared machine load comes and goes, and interleaving lets it fall on
	// the baseline and on Lethe alike. The runbook loop (tens of seconds)
	// runs in the first round only.
	scenarios := []struct {
		name string
		fn   func(ctx context.Context) (SweepThroughput, error)
		once bool
	}{
		{"plain DELETE … WHERE expires_at < now()", b.plainDelete, false},
		{"runbook loop (key IN …, 10k, 100ms pause)", b.runbookLoop, true},
		{"lethe sweep, runbook defaults", func(ctx context.Context) (SweepThroughput, error) {
			return b.letheSweep(ctx, SweepRunbookDefaults)
		}, false},
		{"lethe sweep, tuned", func(ctx context.Context) (SweepThroughput, error) { return b.letheSweep(ctx, opts.Tuned) }, false},
		{"lethe sweep, tuned + yielding", func(ctx context.Context) (SweepThroughput, error) { return b.letheSweep(ctx, yielding) }, false},
		{"lethe sweep, partitions mode", func(ctx context.Context) (SweepThroughput, error) {
			return b.letheSweep(ctx, SweepPartitions)
		}, false},
	}
	runs := make([][]SweepThroughput, len(scenarios))
	for round := range max(opts.Repeats, 1) {
		for i, sc := range scenarios {
			if sc.once && round > 0 {
				continue
			}
			b.partitioned = strings.Contains(sc.name, "partitions")
			if err := b.load(ctx); err != nil {
				return nil, err
			}
			logger.Info("measuring", slog.String("scenario", sc.name), slog.Int("round", round+1))
			t, err := sc.fn(ctx)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", sc.name, err)
			}
			if t.Rows != b.expired {
				return nil, fmt.Errorf("%s deleted %d rows, want %d", sc.name, t.Rows, b.expired)
			}
			t.Name = sc.name
			runs[i] = append(runs[i], t)
		}
	}
	for _, r := range runs {
		slices.SortFunc(r, func(a, b SweepThroughput) int { return int(a.Duration - b.Duration) })
		median := r[len(r)/2]
		median.Runs = len(r)
		rep.Throughput = append(rep.Throughput, median)
	}
	rep.Expired = b.expired

	// Foreground latency: for each Lethe setting, alternating idle and
	// sweeping windows over Repeats loads, samples pooled.
	for _, setting := range []struct {
		name string
		s    SweepSetting
	}{{"runbook defaults", SweepRunbookDefaults}, {"tuned", opts.Tuned}, {"tuned + yielding", yielding}, {"partitions mode", SweepPartitions}} {
		b.partitioned = setting.s.Partitions
		logger.Info("measuring foreground latency", slog.String("sweep", setting.name))
		idle, during, err := b.latency(ctx, setting.s)
		if err != nil {
			return nil, err
		}
		idle.Name = "idle (rounds of " + setting.name + ")"
		during.Name = "during lethe sweep, " + setting.name
		rep.Latency = append(rep.Latency, idle, during)
	}
	if hwm, err := peakRSS(); err == nil {
		rep.PeakRSSKB = hwm >> 10
	}
	return rep, nil
}

type sweepBench struct {
	pool        *pgxpool.Pool
	partitioned bool // load the table range-partitioned by the hour
	opts        SweepOptions
	logger      *slog.Logger
	expired     int64
}

// makeTemplate builds the rows once: keys written over the last 48 hours
// with a 24-hour TTL, so the older half (written first, stored first) has
// expired, as in a live idempotency table.
func (b *sweepBench) makeTemplate(ctx context.Context) error {
	_, err := b.pool.Exec(ctx, `
		CREATE UNLOGGED TABLE sweep_bench_template AS
		SELECT md5(g::text) || '-' || g AS idempotency_key,
		       md5((g * 7)::text) AS event_hash,
		       c.created_at,
		       -- an hour's gap either side of now(), so no row expires
		       -- while the benchmark runs
		       c.created_at + CASE WHEN g <= $1::int / 2 THEN interval '23 hours' ELSE interval '25 hours' END AS expires_at
		FROM generate_series(1, $1::int) g,
		LATERAL (SELECT now() - interval '48 hours' + g * (interval '48 hours' / $1::int)) AS c(created_at)
		`, b.opts.Rows)
	if err != nil {
		return fmt.Errorf("build template rows: %w", err)
	}
	return nil
}

// load recreates lineage_event_idempotency as the migration defines it
// (primary key, index on expires_at) from the template and analyzes it.
func (b *sweepBench) load(ctx context.Context) error {
	began := time.Now()
	const columns = `(
		idempotency_key text NOT NULL,
		event_hash      text NOT NULL DEFAULT '',
		created_at      timestamptz NOT NULL DEFAULT now(),
		expires_at      timestamptz NOT NULL DEFAULT now() + interval '24 hours')`
	stmts := []string{`DROP TABLE IF EXISTS lineage_event_idempotency`,
		// A sweep window cancelled between DETACH PARTITION and DROP TABLE
		// leaves a detached partition that would block the next load's.
		`DO $$
		DECLARE t text;
		BEGIN
			FOR t IN SELECT tablename FROM pg_tables
			         WHERE schemaname = current_schema() AND tablename LIKE 'lineage\_event\_idempotency\_h%' LOOP
				EXECUTE format('DROP TABLE %I', t);
			END LOOP;
		END $$`}
	if b.partitioned {
		stmts = append(stmts,
			`CREATE TABLE lineage_event_idempotency `+columns+` PARTITION BY RANGE (expires_at)`,
			`DO $$
			DECLARE h timestamptz;
			BEGIN
				FOR h IN SELECT generate_series(date_trunc('hour', min(expires_at)), date_trunc('hour', max(expires_at)) + interval '3 hours', interval '1 hour')
				         FROM sweep_bench_template LOOP
					EXECUTE format('CREATE TABLE %I PARTITION OF lineage_event_idempotency FOR VALUES FROM (%L) TO (%L)',
						'lineage_event_idempotency_h' || to_char(h AT TIME ZONE 'UTC', 'YYYYMMDDHH24'), h, h + interval '1 hour');
				END LOOP;
			END $$`,
			`INSERT INTO lineage_event_idempotency SELECT * FROM sweep_bench_template`,
			`ALTER TABLE lineage_event_idempotency ADD PRIMARY KEY (idempotency_key, expires_at)`)
	} else {
		stmts = append(stmts,
			`CREATE TABLE lineage_event_idempotency `+columns,
			`INSERT INTO lineage_event_idempotency SELECT * FROM sweep_bench_template`,
			`ALTER TABLE lineage_event_idempotency ADD PRIMARY KEY (idempotency_key)`)
	}
	stmts = append(stmts,
		`CREATE INDEX idx_idempotency_expires ON lineage_event_idempotency (expires_at)`,
		`VACUUM ANALYZE lineage_event_idempotency`,
		`CHECKPOINT`)
	for _, sql := range stmts {
		if _, err := b.pool.Exec(ctx, sql); err != nil {
			return fmt.Errorf("load table: %s: %w", sql, err)
		}
	}
	if err := b.pool.QueryRow(ctx, `SELECT count(*) FROM lineage_event_idempotency WHERE expires_at < now()`).Scan(&b.expired); err != nil {
		return fmt.Errorf("count expired: %w", err)
	}
	b.logger.Debug("loaded", slog.Int("rows", b.opts.Rows), slog.Int64("expired", b.expired), slog.Float64("took_seconds", time.Since(began).Seconds()))
	return nil
}

func (b *sweepBench) plainDelete(ctx context.Context) (SweepThroughput, error) {
	began := time.Now()
	tag, err := b.pool.Exec(ctx, `DELETE FROM lineage_event_idempotency WHERE expires_at < now()`)
	took := time.Since(began)
	return SweepThroughput{Rows: tag.RowsAffected(), Batches: 1, Duration: took, Busy: took}, err
}

// runbookLoop is the runbook's own cleanup: its query verbatim, 10,000 per
// batch, 100 ms between batches, until a short batch.
func (b *sweepBench) runbookLoop(ctx context.Context) (SweepThroughput, error) {
	var t SweepThroughput
	began := time.Now()
	for {
		start := time.Now()
		tag, err := b.pool.Exec(ctx, `
			DELETE FROM lineage_event_idempotency
			WHERE idempotency_key IN (
			    SELECT idempotency_key
			    FROM lineage_event_idempotency
			    WHERE expires_at < NOW()
			    ORDER BY expires_at ASC
			    LIMIT 10000)`)
		if err != nil {
			return t, err
		}
		t.Busy += time.Since(start)
		t.Rows += tag.RowsAffected()
		if tag.RowsAffected() > 0 {
			t.Batches++
		}
		if tag.RowsAffected() < 10000 {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Duration = time.Since(began)
	return t, nil
}

// letheSweep runs Lethe's sweep (the same code as the River worker) with s.
func (b *sweepBench) letheSweep(ctx context.Context, s SweepSetting) (SweepThroughput, error) {
	cfg, p, err := sweepPolicy(s)
	if err != nil {
		return SweepThroughput{}, err
	}
	m := metrics.New()
	sweeper := workers.NewSweeper(&workers.Deps{Config: cfg, Pool: b.pool, Logger: b.logger, Metrics: m})
	res, err := sweeper.Run(ctx, p, nil)
	return SweepThroughput{Rows: res.RowsDeleted, Batches: res.Batches, Duration: res.Duration, pace: readPaceVerdicts(m, p.Name)}, err
}

func sweepPolicy(s SweepSetting) (*config.Config, *config.Sweep, error) {
	if s.Partitions {
		cfg, err := config.Parse([]byte(fmt.Sprintf(`
policies:
  - name: idempotency
    kind: sweep
    mode: partitions
    table: lineage_event_idempotency
    partition_period: hour
    partitions_ahead: 3
    pause: %s
`, s.Pause)), nil)
		if err != nil {
			return nil, nil, fmt.Errorf("sweep setting %s: %w", s, err)
		}
		return cfg, cfg.Sweep("idempotency"), nil
	}
	yaml := fmt.Sprintf(`
policies:
  - name: idempotency
    kind: sweep
    table: lineage_event_idempotency
    key_column: idempotency_key
    batch_size: %d
    max_batch_size: %d
    min_batch_size: %d
    pause: %s
    target_batch_duration: %s
    yield_to_foreground: %t
`, s.BatchSize, s.MaxBatchSize, min(100, s.BatchSize), s.Pause, s.Target, s.Yield) + pacingYAML(s.PaceTarget, s.MaxSlowdown)
	cfg, err := config.Parse([]byte(yaml), nil)
	if err != nil {
		return nil, nil, fmt.Errorf("sweep setting %s: %w", s, err)
	}
	return cfg, cfg.Sweep("idempotency"), nil
}

// latency runs opts.Repeats rounds. Each loads the table, starts the
// foreground workload and then alternates windows of opts.Idle: idle, then
// Lethe sweeping with s (the run is cancelled at the end of its window and
// the next sweep window resumes the backlog with the same adaptive state),
// until the backlog is gone. Alternating short windows charges background
// noise (other processes on the machine, checkpoints) to both sides alike.
// It returns the pooled idle and during-sweep latency summaries.
func (b *sweepBench) latency(ctx context.Context, s SweepSetting) (idle, during SweepLatency, err error) {
	cfg, p, err := sweepPolicy(s)
	if err != nil {
		return idle, during, err
	}
	fg := newForeground(foregroundSpec{URL: b.pool.Config().ConnString(), Table: "lineage_event_idempotency",
		Workers: max(b.opts.Workers, 1), Rate: max(b.opts.Rate, 1)})
	// A short sweep gives few samples, and a p99 of few samples is noise:
	// add rounds (up to 4× Repeats) until the sweeping windows hold
	// sweepMinSamples operations.
	for round := 0; round < max(b.opts.Repeats, 1) ||
		(fg.count("during") < sweepMinSamples && round < 4*max(b.opts.Repeats, 1)); round++ {
		if err := b.load(ctx); err != nil {
			return idle, during, err
		}
		// One sweeper per round keeps its adaptive batch size across windows.
		sweeper := workers.NewSweeper(&workers.Deps{Config: cfg, Pool: b.pool,
			Logger: slog.New(slog.DiscardHandler), Metrics: metrics.New()})

		stop, err := fg.start()
		if err != nil {
			return idle, during, err
		}
		time.Sleep(time.Second) // warm up
		// A yielding sweep works slowly under the foreground load on
		// purpose; its rounds end once the sweeping windows hold enough
		// samples rather than when the backlog is gone.
		for finished := false; !finished && !(s.Yield && fg.count("during") >= sweepMinSamples); {
			fg.mark("idle")
			time.Sleep(b.opts.Idle)
			fg.mark("during")
			window, cancel := context.WithTimeout(ctx, b.opts.Idle)
			_, err := sweeper.Run(window, p, nil)
			cancel()
			switch {
			case err == nil:
				finished = true
			case window.Err() == nil:
				stop()
				return idle, during, err
			}
		}
		stop()
		if err := fg.failure(); err != nil {
			return idle, during, err
		}
	}
	idle, during = fg.summary("idle"), fg.summary("during")
	idle.InsertP99, idle.ReadP99 = fg.summary("idle/insert").P99, fg.summary("idle/read").P99
	during.InsertP99, during.ReadP99 = fg.summary("during/insert").P99, fg.summary("during/read").P99
	return idle, during, nil
}

// sweepMinSamples is how many foreground operations the sweeping windows
// should hold before their p99 is reported.
const sweepMinSamples = 4000

// Print writes the report as tables with ratios and the targets.
func (r *SweepReport) Print(w io.Writer) {
	fmt.Fprintf(w, "TTL sweep benchmark: %d rows, %d expired (the older half)\n", r.Rows, r.Expired)
	fmt.Fprintf(w, "  runbook defaults: %s\n  tuned:            %s\n  tuned + yielding: %s\n  partitions:       %s\n\n",
		r.Settings["runbook defaults"], r.Settings["tuned"], r.Settings["yielding"], r.Settings["partitions"])

	var plain, runbook float64
	for _, t := range r.Throughput {
		switch {
		case strings.HasPrefix(t.Name, "plain"):
			plain = t.RowsPerSec()
		case strings.HasPrefix(t.Name, "runbook"):
			runbook = t.RowsPerSec()
		}
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "deleting the expired half (median of runs)\truns\trows\tbatches\tseconds\trows/s\t÷ plain DELETE\t÷ runbook loop\t")
	for _, t := range r.Throughput {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%.2f\t%.0f\t%.3f\t%.2f\t\n", t.Name, t.Runs, t.Rows, t.Batches, t.Duration.Seconds(),
			t.RowsPerSec(), t.RowsPerSec()/plain, t.RowsPerSec()/runbook)
	}
	tw.Flush()
	for _, t := range r.Throughput {
		if strings.HasPrefix(t.Name, "runbook") && t.Busy > 0 {
			fmt.Fprintf(w, "  (runbook loop without its pauses: %.0f rows/s in DELETE statements)\n", float64(t.Rows)/t.Busy.Seconds())
		}
	}

	fmt.Fprintln(w)
	tw = tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "foreground (inserts + point reads)\tsamples\tp50 ms\tp99 ms\tmax ms\tp99 ÷ idle p99\tinsert p99 ms\tread p99 ms\t")
	var idle time.Duration
	for _, l := range r.Latency {
		ratio := "-"
		if strings.HasPrefix(l.Name, "idle") {
			idle = l.P99
		} else if idle > 0 {
			ratio = fmt.Sprintf("%.2f", float64(l.P99)/float64(idle))
		}
		fmt.Fprintf(tw, "%s\t%d\t%.2f\t%.2f\t%.2f\t%s\t%.2f\t%.2f\t\n", l.Name, l.Samples, sweepMS(l.P50), sweepMS(l.P99), sweepMS(l.Max), ratio,
			sweepMS(l.InsertP99), sweepMS(l.ReadP99))
	}
	tw.Flush()
	fmt.Fprintf(w, "\npeak RSS (VmHWM): %.1f MB\n", float64(r.PeakRSSKB)/1024)

	fmt.Fprintln(w, "\ntargets:")
	for _, t := range r.Throughput {
		if strings.HasPrefix(t.Name, "lethe") {
			fmt.Fprintf(w, "  %-32s sweep ÷ plain DELETE = %.3f (target ≥ 0.30: %s)\n", t.Name, t.RowsPerSec()/plain, sweepPassFail(t.RowsPerSec()/plain >= 0.30))
		}
	}
	idle = 0
	for _, l := range r.Latency {
		if strings.HasPrefix(l.Name, "idle") {
			idle = l.P99
			continue
		}
		ratio := float64(l.P99) / float64(idle)
		fmt.Fprintf(w, "  %-32s foreground p99 ÷ idle p99 = %.2f (target ≤ 1.25: %s)\n", strings.TrimPrefix(l.Name, "during "), ratio, sweepPassFail(ratio <= 1.25))
	}
	fmt.Fprintf(w, "  peak RSS %.1f MB (target < 150 MB: %s)\n", float64(r.PeakRSSKB)/1024, sweepPassFail(r.PeakRSSKB < 150*1024))
}

func sweepMS(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

func sweepPassFail(ok bool) string {
	if ok {
		return "PASS"
	}
	return "FAIL"
}
