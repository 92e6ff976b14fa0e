package bench

import (
	"cmp"
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/internal/metrics"
	"github.com/lethehq/lethe/internal/pace"
	"github.com/lethehq/lethe/internal/pgboot"
	"github.com/lethehq/lethe/internal/service"
	"github.com/lethehq/lethe/workers"
)

// StreamOptions configures the pg_cron comparison of EqualImpact.
type StreamOptions struct {
	// Rounds is how many times each of pg_cron and Lethe runs on the
	// stream (5): a run takes Duration and the drain after it, minutes.
	Rounds   int
	Rate     int           // rows inserted, and expiring, a second (1,000)
	Duration time.Duration // how long the producer inserts (3m)
	Interval time.Duration // Lethe's schedule, "@every Interval" (5s)
	LiveRows int           // rows expiring in a day, read by the foreground (100,000)
	// BatchSize is Lethe's batch_size (1,000).
	BatchSize int
}

func (o *StreamOptions) defaults() {
	o.Rounds = cmp.Or(o.Rounds, 5)
	o.Rate = cmp.Or(o.Rate, 1_000)
	o.Duration = cmp.Or(o.Duration, 3*time.Minute)
	o.Interval = cmp.Or(o.Interval, 5*time.Second)
	o.LiveRows = cmp.Or(o.LiveRows, 100_000)
	o.BatchSize = cmp.Or(o.BatchSize, 1_000)
}

// pgCronConf is added to the private primary's settings: pg_cron loaded,
// its catalog in the postgres database, its jobs run by background
// workers (no connection to authenticate). The standby needs no
// settings of its own: it runs no jobs.
const pgCronConf = `# pg_cron (lethe-bench equal-impact)
shared_preload_libraries = 'pg_cron'
cron.database_name = 'postgres'
cron.use_background_workers = on
`

// pgCronJob is the pg_cron job of the comparison: what a team without
// Lethe schedules, as often as pg_cron allows.
const pgCronJob = `DELETE FROM pastes WHERE expires_at < now()`

// streamRun is what one run on the stream measured.
type streamRun struct {
	gone             expireLatencyStats // expired → gone
	fgIdle, fgDuring SweepLatency
	lag, lagIdle     lagPeaks // during the stream, and with the foreground alone before it
	produced         int
}

// impactStream compares pg_cron's DELETE every minute with Lethe on its
// schedule, on the same stream of expiring rows, in a private primary with
// a streaming standby. Without pg_cron installed for the server binaries
// it says so and measures nothing.
func impactStream(ctx context.Context, opts ImpactOptions) ([]impactRatio, error) {
	out, so := opts.Out, opts.Stream
	binDir, err := pgboot.ServerBinDir(ctx, false, opts.Logger)
	if err != nil {
		return nil, fmt.Errorf("pg_cron stream: %w", err)
	}
	lib := filepath.Join(filepath.Dir(binDir), "lib", "pg_cron.so")
	if _, err := os.Stat(lib); err != nil {
		fmt.Fprintf(out, "\npg_cron stream: SKIPPED: the pg_cron extension is not installed for the PostgreSQL in %s (%s missing); `go tool task tools:pgcron` installs Debian's postgresql-<version>-cron\n", binDir, lib)
		return nil, nil
	}
	dir, err := os.MkdirTemp("", "lethe-bench-pgcron-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	clusters, err := pgboot.StartReplicatedWith(ctx, filepath.Join(dir, "clusters"), pgCronConf, opts.Logger)
	if err != nil {
		return nil, fmt.Errorf("pg_cron stream: %w", err)
	}
	defer func() {
		sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 2*time.Minute)
		defer cancel()
		if err := clusters.Stop(sctx); err != nil {
			opts.Logger.Warn("Stop the pg_cron clusters", slog.String("error", err.Error()))
		}
	}()
	admin, err := pgxpool.New(ctx, clusters.Primary.URL)
	if err != nil {
		return nil, fmt.Errorf("pg_cron stream: %w", err)
	}
	defer admin.Close()
	standby, err := pgxpool.New(ctx, clusters.Standby.URL)
	if err != nil {
		return nil, fmt.Errorf("pg_cron stream: %w", err)
	}
	defer standby.Close()
	if _, err := admin.Exec(ctx, `CREATE EXTENSION IF NOT EXISTS pg_cron`); err != nil {
		return nil, fmt.Errorf("pg_cron stream: create extension pg_cron: %w", err)
	}
	var cronVersion string
	if err := admin.QueryRow(ctx, `SELECT extversion FROM pg_extension WHERE extname = 'pg_cron'`).Scan(&cronVersion); err != nil {
		return nil, fmt.Errorf("pg_cron stream: %w", err)
	}

	fmt.Fprintf(out, "\npg_cron stream: a producer inserts %d rows/s, each expiring 1s later, for %s; %d live rows; foreground %d ops/s\n",
		so.Rate, so.Duration, so.LiveRows, opts.FgRate)
	fmt.Fprintf(out, "  a private primary with pg_cron %s and a streaming standby (%s, %s)\n", cronVersion, clusters.Primary.URL, clusters.Standby.URL)
	fmt.Fprintf(out, "  pg_cron: %q every minute ('* * * * *', its shortest schedule)\n", pgCronJob)
	fmt.Fprintf(out, "  Lethe: the expire policy on \"@every %s\", batch_size %d, max_workers %d, pacing: {} (the defaults)\n", so.Interval, so.BatchSize, opts.Workers)
	if so.Rounds < 5 {
		fmt.Fprintf(out, "  QUICK RUN: %d round(s) of each, not 5: the spread below is not a median of 5\n", so.Rounds)
	}

	var cron, lethe []streamRun
	for round := range so.Rounds {
		// Alternate which goes first, so neither always meets the
		// clusters' first minutes.
		arms := []bool{true, false}
		if round%2 == 1 {
			arms = []bool{false, true}
		}
		for _, useCron := range arms {
			name := "Lethe"
			if useCron {
				name = "pg_cron"
			}
			fmt.Fprintf(out, "  round %d/%d, %s (load average %s)\n", round+1, so.Rounds, name, loadAverage())
			r, err := streamOnce(ctx, clusters.Primary.URL, admin, standby, opts, useCron)
			if err != nil {
				return nil, fmt.Errorf("pg_cron stream, %s: %w", name, err)
			}
			fmt.Fprintf(out, "    %d rows; expired → gone p50 %s p99 %s max %s; foreground p99 %.2f ms, max %.2f ms (idle p99 %.2f ms); standby stale at most %s (%s with the foreground alone; replay_lag reported %s), %d bytes unreplayed at most\n",
				r.produced, sec(r.gone.p50), sec(r.gone.p99), sec(r.gone.max), sweepMS(r.fgDuring.P99), sweepMS(r.fgDuring.Max), sweepMS(r.fgIdle.P99),
				r.lag.stale.Round(time.Millisecond), r.lagIdle.stale.Round(time.Millisecond), r.lag.reported.Round(time.Millisecond), r.lag.bytes)
			if useCron {
				cron = append(cron, r)
			} else {
				lethe = append(lethe, r)
			}
		}
	}

	stat := func(runs []streamRun, f func(streamRun) float64) (med, lo, hi float64) {
		v := make([]float64, len(runs))
		for i, r := range runs {
			v[i] = f(r)
		}
		return spread(v)
	}
	metrics := []struct {
		name, unit string
		f          func(streamRun) float64
	}{
		{"expired → gone p99", "s", func(r streamRun) float64 { return r.gone.p99 }},
		{"expired → gone max", "s", func(r streamRun) float64 { return r.gone.max }},
		{"foreground p99", "ms", func(r streamRun) float64 { return sweepMS(r.fgDuring.P99) }},
		{"foreground max", "ms", func(r streamRun) float64 { return sweepMS(r.fgDuring.Max) }},
		{"foreground p99 idle (before the stream)", "ms", func(r streamRun) float64 { return sweepMS(r.fgIdle.P99) }},
		{"standby's staleness, peak", "s", func(r streamRun) float64 { return r.lag.stale.Seconds() }},
		{"standby's staleness, peak with the foreground alone", "s", func(r streamRun) float64 { return r.lagIdle.stale.Seconds() }},
		{"standby unreplayed WAL, peak", "kB", func(r streamRun) float64 { return float64(r.lag.bytes) / 1024 }},
		{"standby replay_lag as reported, peak", "s", func(r streamRun) float64 { return r.lag.reported.Seconds() }},
	}
	fmt.Fprintf(out, "\n  %-54s %26s %26s\n", "median (min – max)", "pg_cron", "Lethe")
	for _, m := range metrics {
		cm, clo, chi := stat(cron, m.f)
		lm, llo, lhi := stat(lethe, m.f)
		fmt.Fprintf(out, "  %-54s %26s %26s\n", m.name+", "+m.unit,
			fmt.Sprintf("%.3f (%.3f – %.3f)", cm, clo, chi), fmt.Sprintf("%.3f (%.3f – %.3f)", lm, llo, lhi))
	}

	// Each ratio pairs the runs of a round (Lethe's ÷ pg_cron's); the
	// median of those and their spread.
	ratio := func(name string, target float64, f func(streamRun) float64) impactRatio {
		v := make([]float64, len(cron))
		for i := range cron {
			v[i] = f(lethe[i]) / f(cron[i])
		}
		med, lo, hi := spread(v)
		r := impactRatio{name: name, med: med, lo: lo, hi: hi, atMost: true, target: target}
		if so.Rounds < 5 {
			r.note = fmt.Sprintf("; quick run, %d round(s)", so.Rounds)
		}
		return r
	}
	return []impactRatio{
		ratio("gone_p99_lethe_vs_pg_cron", 0.2, metrics[0].f),
		ratio("peak_replica_lag_lethe_vs_pg_cron", 0.5, metrics[5].f),
		// The same peak as the WAL the standby had still to replay.
		ratio("peak_replica_unreplayed_lethe_vs_pg_cron", 0.5, metrics[7].f),
		ratio("foreground_max_lethe_vs_pg_cron", 0.5, metrics[3].f),
		ratio("foreground_p99_lethe_vs_pg_cron", 1.25, metrics[2].f),
	}, nil
}

// streamOnce runs one stream on a fresh database of the primary at
// serverURL: the foreground load, the producer, and pg_cron's job (useCron)
// or Lethe's expire policy deleting, until every produced row is gone.
func streamOnce(ctx context.Context, serverURL string, admin, standby *pgxpool.Pool, opts ImpactOptions, useCron bool) (streamRun, error) {
	so := opts.Stream
	var r streamRun
	pool, dropDB, err := freshDatabase(ctx, serverURL, "stream", opts.Logger)
	if err != nil {
		return r, err
	}
	defer dropDB()
	defer pool.Close()
	if err := expireLatencyTable(ctx, pool, so.LiveRows); err != nil {
		return r, err
	}
	if _, err := pool.Exec(ctx, `CHECKPOINT`); err != nil {
		return r, err
	}

	fg := newForeground(foregroundSpec{URL: pool.Config().ConnString(), Workers: opts.FgWorkers, Rate: opts.FgRate, Table: "pastes", Live: int64(so.LiveRows)})
	stopFg, err := fg.start()
	if err != nil {
		return r, err
	}
	defer stopFg()
	fg.mark("")
	if err := pace.Sleep(ctx, time.Second); err != nil {
		return r, err
	}
	// The standby's staleness with the foreground alone is the floor under
	// both deletions' peaks.
	fg.mark("idle")
	idleCtx, stopIdle := context.WithTimeout(ctx, opts.FgIdle)
	r.lagIdle = streamWatchLag(idleCtx, admin, standby)
	stopIdle()
	if err := ctx.Err(); err != nil {
		return r, err
	}

	if useCron {
		var dbName string
		if err := pool.QueryRow(ctx, `SELECT current_database()`).Scan(&dbName); err != nil {
			return r, err
		}
		job := "lethe-bench-" + dbName
		if _, err := admin.Exec(ctx, `SELECT cron.schedule_in_database($1, '* * * * *', $2, $3)`, job, pgCronJob, dbName); err != nil {
			return r, fmt.Errorf("schedule the pg_cron job: %w", err)
		}
		defer admin.Exec(context.WithoutCancel(ctx), `SELECT cron.unschedule($1)`, job)
	} else {
		stop, err := streamStartLethe(ctx, pool, opts)
		if err != nil {
			return r, err
		}
		defer stop()
	}

	lagCtx, stopLag := context.WithCancel(ctx)
	var lagWG sync.WaitGroup
	lagWG.Add(1)
	go func() {
		defer lagWG.Done()
		r.lag = streamWatchLag(lagCtx, admin, standby)
	}()
	fg.mark("during")
	total := int(int64(so.Rate) * int64(so.Duration) / int64(time.Second))
	lo := ExpireLatencyOptions{Rate: so.Rate, Duration: so.Duration, ExpiresIn: time.Second, Tick: 50 * time.Millisecond}
	prod, err := expireLatencyProduce(ctx, pool, "pastes", lo, total)
	if err == nil {
		r.produced = prod.rows
		// pg_cron's next run is up to a minute away.
		err = expireLatencyDrain(ctx, pool, total, 3*time.Minute)
	}
	fg.mark("")
	stopLag()
	lagWG.Wait()
	if err != nil {
		return r, err
	}
	if err := fg.failure(); err != nil {
		return r, err
	}
	r.fgIdle, r.fgDuring = fg.summary("idle"), fg.summary("during")
	if r.gone, err = expireLatencyDistribution(ctx, pool); err != nil {
		return r, err
	}
	if r.gone.early > 0 {
		return r, fmt.Errorf("%d rows deleted before they expired", r.gone.early)
	}
	return r, nil
}

// streamStartLethe starts Lethe's expire policy on pastes as the service
// runs it: River's periodic planner on its schedule, batch jobs, paced
// with the defaults.
func streamStartLethe(ctx context.Context, pool *pgxpool.Pool, opts ImpactOptions) (func(), error) {
	cfg, err := config.Parse(fmt.Appendf(nil, `
river:
  max_workers: %d
policies:
  - name: bench
    kind: expire
    table: pastes
    schedule: "@every %s"
    batch_size: %d
    pacing: {}
`, opts.Workers, opts.Stream.Interval, opts.Stream.BatchSize), nil)
	if err != nil {
		return nil, err
	}
	periodic, err := service.PeriodicJobs(workers.Periodics(cfg))
	if err != nil {
		return nil, err
	}
	_, stop, err := expireStartRiver(ctx, pool, cfg, nil, metrics.New(), opts.Logger, func(rc *river.Config) { rc.PeriodicJobs = periodic })
	if err != nil {
		return nil, err
	}
	if _, err := expireLatencyFirstPlan(ctx, pool, time.Minute+opts.Stream.Interval); err != nil {
		stop()
		return nil, err
	}
	return stop, nil
}

// lagSample is a WAL position read at a time: the primary's flush
// position, or the standby's replay position.
type lagSample struct {
	at  time.Time
	lsn int64
}

// lagPeaks is what streamWatchLag measured of the standby.
type lagPeaks struct {
	stale    time.Duration // how far behind the primary the standby's data was, at its worst
	reported time.Duration // pg_stat_replication.replay_lag, as the standby's replies reported it
	bytes    int64         // WAL the standby had not replayed, at its peak
}

// streamWatchLag measures the standby's lag until ctx ends. Every 10ms it
// reads the primary's WAL flush position (what its commits have made
// durable, and all the standby can be sent) and, on the standby, the last
// replayed position; the standby is as stale, when read, as the time since
// the primary first flushed WAL beyond what the standby has replayed. That
// is the age of the committed data a reader of the standby sees, to the
// sampling's 10ms. (The insert position would also count WAL that no
// commit waits for, which the WAL writer flushes every wal_writer_delay,
// 200ms: a floor under every reading, whoever deletes.) pg_stat_replication's replay_lag, read every 100ms, is the
// standby's own report: it moves only with the standby's replies, which
// on a busy stream come every couple of hundred milliseconds whatever
// the lag, so its peak says more about the replies than the replay.
func streamWatchLag(ctx context.Context, primary, standby *pgxpool.Pool) lagPeaks {
	// Each reading is stamped on the side that understates the lag: the
	// primary had flushed at least lsn once it answered, the standby had
	// replayed at most lsn when it was asked.
	sample := func(pool *pgxpool.Pool, query string, stampOnAnswer bool, out *[]lagSample) {
		for {
			var lsn int64
			sent := time.Now()
			if err := pool.QueryRow(ctx, query).Scan(&lsn); err == nil {
				at := sent
				if stampOnAnswer {
					at = time.Now()
				}
				*out = append(*out, lagSample{at: at, lsn: lsn})
			}
			if pace.Sleep(ctx, 10*time.Millisecond) != nil {
				return
			}
		}
	}
	var (
		wg             sync.WaitGroup
		wrote, applied []lagSample
		peaks          lagPeaks
	)
	wg.Add(3)
	go func() {
		defer wg.Done()
		sample(primary, `SELECT pg_wal_lsn_diff(pg_current_wal_flush_lsn(), '0/0')::bigint`, true, &wrote)
	}()
	go func() {
		defer wg.Done()
		sample(standby, `SELECT coalesce(pg_wal_lsn_diff(pg_last_wal_replay_lsn(), '0/0'), 0)::bigint`, false, &applied)
	}()
	go func() {
		defer wg.Done()
		for {
			var lag float64
			var bytes int64
			err := primary.QueryRow(ctx, `
				SELECT coalesce(max(extract(epoch FROM replay_lag)), 0)::float8,
				       coalesce(max(pg_wal_lsn_diff(pg_current_wal_lsn(), replay_lsn)), 0)::bigint
				FROM pg_stat_replication`).Scan(&lag, &bytes)
			if err == nil {
				peaks.reported = max(peaks.reported, time.Duration(lag*float64(time.Second)))
				peaks.bytes = max(peaks.bytes, bytes)
			}
			if pace.Sleep(ctx, 100*time.Millisecond) != nil {
				return
			}
		}
	}()
	wg.Wait()
	peaks.stale = peakStaleness(wrote, applied)
	return peaks
}

// peakStaleness returns the largest staleness of the standby's readings:
// at each, the time since the primary's first reading beyond the position
// the standby had replayed (none: not stale). Both lists are in time
// order, and positions only grow.
func peakStaleness(wrote, applied []lagSample) time.Duration {
	var peak time.Duration
	i := 0
	for _, a := range applied {
		for i < len(wrote) && wrote[i].lsn <= a.lsn {
			i++
		}
		if i < len(wrote) && wrote[i].at.Before(a.at) {
			peak = max(peak, a.at.Sub(wrote[i].at))
		}
	}
	return peak
}
