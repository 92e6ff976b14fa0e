package bench

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"github.com/lethehq/lethe/blob"
	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/internal/metrics"
	"github.com/lethehq/lethe/internal/service"
	"github.com/lethehq/lethe/jobs"
	"github.com/lethehq/lethe/workers"
)

// ExpireLatencyOptions configures ExpireLatency. Zero values take the
// defaults noted.
type ExpireLatencyOptions struct {
	// ServerURL connects to a PostgreSQL server as a user that may create
	// databases; the benchmark creates its own and drops it after.
	ServerURL string
	Rate      int           // rows expiring a second, inserted at that rate (2,000)
	Duration  time.Duration // how long the producer inserts (60s)
	Interval  time.Duration // the policy's schedule, "@every <Interval>" (5s)
	ExpiresIn time.Duration // expires_at = insert time + ExpiresIn (0; the command defaults to 1s)
	Tick      time.Duration // the producer inserts what is due every Tick (50ms)
	LiveRows  int           // rows expiring in a day, kept throughout (0; the command defaults to 100,000)
	BatchSize int           // the policy's batch_size (1,000, the DeleteObjects limit)
	Workers   int           // River max_workers (4)
	NoS3      bool          // blobs on a local directory instead of versitygw
	Versitygw string        // versitygw binary (default: $LETHE_VERSITYGW, ./bin/versitygw, PATH)
	Out       io.Writer
	Logger    *slog.Logger
}

func (o *ExpireLatencyOptions) defaults() {
	o.Rate = cmp.Or(o.Rate, 2_000)
	o.Duration = cmp.Or(o.Duration, time.Minute)
	o.Interval = cmp.Or(o.Interval, 5*time.Second)
	o.Tick = cmp.Or(o.Tick, 50*time.Millisecond)
	o.BatchSize = cmp.Or(o.BatchSize, 1_000)
	o.Workers = cmp.Or(o.Workers, 4)
	if o.Out == nil {
		o.Out = os.Stdout
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
}

// ExpireLatency measures how long an expired row and its blob live on past
// expires_at while rows expire at a sustained rate: the target "expired →
// gone, p99 ≤ 2 × schedule interval at 2,000 expirations/s with blobs".
//
// On a fresh database it runs Lethe's expire policy as the service does (a
// real River client, the planner scheduled "@every Interval" as a periodic
// job, batch workers), while a producer inserts Rate rows a second for
// Duration, each with a blob created beforehand and expires_at = now() +
// ExpiresIn. A statement-level AFTER DELETE trigger records when each row
// went, so the latency of every row is known exactly. It prints the
// distribution, the ratio p99 ÷ interval against the target, that every blob
// is gone and every live row kept, and the peak RSS.
func ExpireLatency(ctx context.Context, opts ExpireLatencyOptions) error {
	opts.defaults()
	out := opts.Out
	total := int(int64(opts.Rate) * int64(opts.Duration) / int64(time.Second))
	if total < 1 {
		return fmt.Errorf("rate %d over %s produces no rows", opts.Rate, opts.Duration)
	}
	pool, dropDB, err := freshDatabase(ctx, opts.ServerURL, "expire_latency", opts.Logger)
	if err != nil {
		return err
	}
	defer dropDB()
	defer pool.Close()

	var (
		store     blob.Store
		storeName string
	)
	if opts.NoS3 {
		dir, err := os.MkdirTemp("", "lethe-bench-blobs-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		if store, err = blob.NewLocal(dir); err != nil {
			return err
		}
		storeName = "local store (" + store.Name() + ")"
	} else {
		s3, _, stop, err := expireStartVersitygw(ctx, opts.Versitygw)
		if err != nil {
			return err
		}
		defer stop()
		store, storeName = s3, "versitygw ("+s3.Name()+")"
	}

	fmt.Fprintf(out, "lethe-bench expire-latency: %d rows/s for %s (%d rows, one blob each), expires_at = insert + %s, %d live rows\n",
		opts.Rate, opts.Duration, total, opts.ExpiresIn, opts.LiveRows)
	fmt.Fprintf(out, "policy: schedule \"@every %s\", batch_size %d, max_workers %d; blobs on %s\n\n",
		opts.Interval, opts.BatchSize, opts.Workers, storeName)

	if err := expireLatencyTable(ctx, pool, opts.LiveRows); err != nil {
		return err
	}
	// Produced row n (1…total) has id 2n and blob pastes/<2n>, the keys
	// expirePutBlobs creates; live rows have the odd ids and no blob.
	start := time.Now()
	if err := expirePutBlobs(ctx, store, 2*total); err != nil {
		return fmt.Errorf("create blobs: %w", err)
	}
	putDur := time.Since(start)
	fmt.Fprintf(out, "  setup: %d blobs created in %s (%.0f/s), before the clock starts\n",
		total, putDur.Round(time.Millisecond), float64(total)/putDur.Seconds())

	stopRiver, warmupJob, err := expireLatencyStartRiver(ctx, pool, store, opts)
	if err != nil {
		return err
	}
	defer stopRiver()

	prod, err := expireLatencyProduce(ctx, pool, "pastes", opts, total)
	if err != nil {
		return fmt.Errorf("producer: %w", err)
	}
	fmt.Fprintf(out, "  producer: %d rows in %s (%.0f rows/s), inserts of %s, worst lag behind schedule %s\n",
		prod.rows, prod.dur.Round(time.Millisecond), float64(prod.rows)/prod.dur.Seconds(), opts.Tick, prod.maxLag.Round(time.Millisecond))

	// Rows expire until ExpiresIn after the last insert; give the pipeline
	// a few planner periods beyond that, and a floor for slow machines.
	drainStart := time.Now()
	drainLimit := opts.ExpiresIn + max(2*time.Minute, 10*opts.Interval)
	if err := expireLatencyDrain(ctx, pool, total, drainLimit); err != nil {
		return err
	}
	fmt.Fprintf(out, "  drain: every produced row gone %s after the producer stopped\n\n", time.Since(drainStart).Round(time.Millisecond))
	stopRiver()

	lat, err := expireLatencyDistribution(ctx, pool)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "Expired → gone (gone_at − expires_at, %d rows):\n", lat.rows)
	fmt.Fprintf(out, "  %-10s %9s %9s %9s %9s %9s %9s\n", "", "min", "p50", "p90", "p99", "p99.9", "max")
	fmt.Fprintf(out, "  %-10s %9s %9s %9s %9s %9s %9s\n", "all", sec(lat.min), sec(lat.p50), sec(lat.p90), sec(lat.p99), sec(lat.p999), sec(lat.max))
	windows, err := expireLatencyWindows(ctx, pool, opts.Duration)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "\n  by expiry time (window from the first expiry):\n")
	fmt.Fprintf(out, "  %-10s %7s %9s %9s %9s %9s\n", "window", "rows", "rows/s", "p50", "p99", "max")
	for _, w := range windows {
		label := fmt.Sprintf("%.3g–%.3gs", w.from, w.to)
		fmt.Fprintf(out, "  %-10s %7d %9.0f %9s %9s %9s\n", label, w.rows, float64(w.rows)/(w.to-w.from), sec(w.p50), sec(w.p99), sec(w.max))
	}

	jobStats, err := expireLatencyJobs(ctx, pool, warmupJob)
	if err != nil {
		return err
	}
	fmt.Fprintln(out, "\nRiver jobs (start delay = attempted_at − scheduled_at; run = finalized_at − attempted_at):")
	fmt.Fprintf(out, "  %-20s %5s %10s %7s %11s %11s %9s %9s\n", "kind", "jobs", "not done", "retried", "delay p50", "delay max", "run p50", "run max")
	for _, j := range jobStats {
		fmt.Fprintf(out, "  %-20s %5d %10d %7d %11s %11s %9s %9s\n", j.kind, j.jobs, j.notDone, j.retried, sec(j.delayP50), sec(j.delayMax), sec(j.runP50), sec(j.runMax))
	}

	fmt.Fprintln(out, "\nChecks:")
	remaining := 0
	if err := store.List(ctx, "pastes/", func(keys []string) error { remaining += len(keys); return nil }); err != nil {
		return fmt.Errorf("list blobs left: %w", err)
	}
	var live int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM pastes WHERE id % 2 = 1`).Scan(&live); err != nil {
		return fmt.Errorf("count live rows: %w", err)
	}
	fmt.Fprintf(out, "  blobs left of the %d produced rows (listing pastes/): %d\n", total, remaining)
	fmt.Fprintf(out, "  rows gone before they expired: %d\n", lat.early)
	fmt.Fprintf(out, "  live rows kept: %d of %d\n", live, opts.LiveRows)
	var failures []error
	if remaining > 0 {
		failures = append(failures, fmt.Errorf("%d blobs of deleted rows left", remaining))
	}
	if lat.early > 0 {
		failures = append(failures, fmt.Errorf("%d rows deleted before they expired", lat.early))
	}
	if live != opts.LiveRows {
		failures = append(failures, fmt.Errorf("%d of %d live rows left", live, opts.LiveRows))
	}

	fmt.Fprintln(out, "\nAgainst the targets:")
	line := func(what, value, note string) { fmt.Fprintf(out, "  %-62s %8s  %s\n", what, value, note) }
	// Each INSERT carries one tick's rows, which share an expiry: the
	// first and last expiries are a tick less than the run apart.
	achieved := float64(lat.rows) / (lat.expirySpan + opts.Tick.Seconds())
	line("expirations/s sustained (rows ÷ span of their expires_at)", fmt.Sprintf("%.0f", achieved), fmt.Sprintf("(asked %d)", opts.Rate))
	ratio := lat.p99 / opts.Interval.Seconds()
	verdict := "meets"
	if ratio > 2 {
		verdict = "MISSES"
	}
	line(fmt.Sprintf("expired → gone p99 ÷ schedule interval (%s ÷ %s)", sec(lat.p99), sec(opts.Interval.Seconds())),
		fmt.Sprintf("%.2f", ratio), "(target ≤ 2.00: "+verdict+")")
	if achieved < 0.95*float64(opts.Rate) {
		fmt.Fprintf(out, "  (the producer did not sustain the asked rate: this p99 is at %.0f expirations/s)\n", achieved)
	}
	hwm, err := peakRSS()
	if err != nil {
		return err
	}
	verdict = "meets"
	if hwm >= 150<<20 {
		verdict = "MISSES"
	}
	line("peak RSS (VmHWM) of the whole benchmark process, MB", fmt.Sprintf("%.1f", float64(hwm)/(1<<20)), "(target < 150 MB: "+verdict+")")
	return errors.Join(failures...)
}

// sec formats seconds with millisecond precision.
func sec(s float64) string { return fmt.Sprintf("%.3fs", s) }

// expireLatencyTable reloads pastes (indexes built after the load, as for
// the expire benchmark) with liveRows rows that expire in a day, and adds
// the trigger that records when each deleted row went: a statement-level
// AFTER DELETE trigger with a transition table, one INSERT per batch.
// clock_timestamp() is taken right after the batch's DELETE; its transaction
// commits a few milliseconds later (audit row and the job's completion).
func expireLatencyTable(ctx context.Context, pool *pgxpool.Pool, liveRows int) error {
	_, err := pool.Exec(ctx, `
		CREATE UNLOGGED TABLE pastes_gone (
			id           bigint NOT NULL,
			expires_at   timestamptz NOT NULL,
			gone_at      timestamptz NOT NULL,
			initiated_at timestamptz
		);
		CREATE FUNCTION pastes_record_gone() RETURNS trigger LANGUAGE plpgsql AS $$
		BEGIN
			INSERT INTO pastes_gone (id, expires_at, gone_at, initiated_at)
			SELECT id, expires_at, clock_timestamp(), deletion_initiated_at FROM gone;
			RETURN NULL;
		END $$;
		CREATE TRIGGER pastes_record_gone AFTER DELETE ON pastes
			REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION pastes_record_gone()`)
	if err != nil {
		return fmt.Errorf("create pastes_gone: %w", err)
	}
	err = expireReloadPastes(ctx, pool, func() error {
		_, err := pool.Exec(ctx, `
			INSERT INTO pastes (id, title, expires_at)
			SELECT 2*g - 1, 'paste ' || (2*g - 1), now() + interval '1 day'
			FROM generate_series(1, $1) g`, liveRows)
		return err
	})
	if err != nil {
		return err
	}
	if _, err := pool.Exec(ctx, `VACUUM ANALYZE pastes`); err != nil {
		return fmt.Errorf("vacuum pastes: %w", err)
	}
	return nil
}

// expireLatencyStartRiver starts a River client as the service configures
// it: Lethe's workers, River's default fetch intervals, and the policies'
// periodic jobs unique per schedule period and run on start
// (service.PeriodicJobs). It waits for the planner's first run, so
// the producer starts against a client that is leader and warm; it returns
// that run's job id.
func expireLatencyStartRiver(ctx context.Context, pool *pgxpool.Pool, store blob.Store, opts ExpireLatencyOptions) (stop func(), warmupJob int64, err error) {
	cfg, err := config.Parse(fmt.Appendf(nil, `
river:
  max_workers: %d
policies:
  - name: bench
    kind: expire
    table: pastes
    blob_key_column: blob_key
    blob_prefix: pastes/
    schedule: "@every %s"
    batch_size: %d
`, opts.Workers, opts.Interval, opts.BatchSize), nil)
	if err != nil {
		return nil, 0, err
	}
	periodic, err := service.PeriodicJobs(workers.Periodics(cfg))
	if err != nil {
		return nil, 0, err
	}
	_, stop, err = expireStartRiver(ctx, pool, cfg, store, metrics.New(), opts.Logger, func(rc *river.Config) { rc.PeriodicJobs = periodic })
	if err != nil {
		return nil, 0, err
	}
	if warmupJob, err = expireLatencyFirstPlan(ctx, pool, time.Minute+opts.Interval); err != nil {
		stop()
		return nil, 0, err
	}
	return stop, warmupJob, nil
}

// expireLatencyFirstPlan waits up to limit for the planner's first run (run
// on start) to complete and returns its job id.
func expireLatencyFirstPlan(ctx context.Context, pool *pgxpool.Pool, limit time.Duration) (int64, error) {
	deadline := time.Now().Add(limit)
	for {
		var id int64
		err := pool.QueryRow(ctx, `SELECT id FROM `+riverJobTable()+` WHERE kind = $1 AND state = 'completed' ORDER BY id LIMIT 1`, jobs.KindExpirePlan).Scan(&id)
		switch {
		case err == nil:
			return id, nil
		case !errors.Is(err, pgx.ErrNoRows):
			return 0, fmt.Errorf("wait for the planner's first run: %w", err)
		case time.Now().After(deadline):
			return 0, fmt.Errorf("the planner's first run did not complete within %s", limit)
		}
		select {
		case <-ctx.Done():
			return 0, ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
	}
}

type expireLatencyProduction struct {
	rows   int
	dur    time.Duration
	maxLag time.Duration // longest a due row waited past its Tick to be inserted
}

// expireLatencyProduce inserts rows 1…total into table (pastes, or a copy
// of it) at opts.Rate: every Tick, the rows due by then, in one INSERT. Row
// n is id 2n with blob pastes/<2n>.
func expireLatencyProduce(ctx context.Context, pool *pgxpool.Pool, table string, opts ExpireLatencyOptions, total int) (expireLatencyProduction, error) {
	var prod expireLatencyProduction
	ticker := time.NewTicker(opts.Tick)
	defer ticker.Stop()
	start := time.Now()
	for prod.rows < total {
		elapsed := time.Since(start)
		due := min(total, int(float64(opts.Rate)*elapsed.Seconds()))
		if due > prod.rows {
			// The first row due in this insert was due at (rows+1)/Rate.
			lag := elapsed - time.Duration(float64(prod.rows+1)/float64(opts.Rate)*float64(time.Second)) - opts.Tick
			prod.maxLag = max(prod.maxLag, lag)
			if _, err := pool.Exec(ctx, `
				INSERT INTO `+pgx.Identifier{table}.Sanitize()+` (id, title, blob_key, expires_at)
				SELECT 2*g, 'paste ' || 2*g, 'pastes/' || 2*g, now() + make_interval(secs => $3)
				FROM generate_series($1::bigint, $2::bigint) g`,
				prod.rows+1, due, opts.ExpiresIn.Seconds()); err != nil {
				return prod, err
			}
			prod.rows = due
		}
		if prod.rows >= total {
			break
		}
		select {
		case <-ctx.Done():
			return prod, ctx.Err()
		case <-ticker.C:
		}
	}
	prod.dur = time.Since(start)
	return prod, nil
}

// expireLatencyDrain waits until every produced row is recorded gone, for at
// most limit.
func expireLatencyDrain(ctx context.Context, pool *pgxpool.Pool, total int, limit time.Duration) error {
	deadline := time.Now().Add(limit)
	for {
		var gone int
		if err := pool.QueryRow(ctx, `SELECT count(*) FROM pastes_gone`).Scan(&gone); err != nil {
			return fmt.Errorf("count rows gone: %w", err)
		}
		if gone >= total {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%d of %d produced rows still there %s after the producer stopped", total-gone, total, limit)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(200 * time.Millisecond):
		}
	}
}

type expireLatencyStats struct {
	rows                          int
	early                         int     // rows gone before their expires_at
	expirySpan                    float64 // last expires_at − first, seconds
	min, p50, p90, p99, p999, max float64 // seconds
}

func expireLatencyDistribution(ctx context.Context, pool *pgxpool.Pool) (expireLatencyStats, error) {
	var s expireLatencyStats
	var pct []float64
	err := pool.QueryRow(ctx, `
		WITH l AS (SELECT expires_at, extract(epoch FROM gone_at - expires_at)::float8 AS s FROM pastes_gone)
		SELECT count(*), count(*) FILTER (WHERE s < 0),
		       extract(epoch FROM max(expires_at) - min(expires_at))::float8,
		       min(s), max(s),
		       percentile_disc(ARRAY[0.5, 0.9, 0.99, 0.999]) WITHIN GROUP (ORDER BY s)
		FROM l`).Scan(&s.rows, &s.early, &s.expirySpan, &s.min, &s.max, &pct)
	if err != nil {
		return s, fmt.Errorf("latency distribution: %w", err)
	}
	s.p50, s.p90, s.p99, s.p999 = pct[0], pct[1], pct[2], pct[3]
	return s, nil
}

type expireLatencyWindow struct {
	from, to      float64 // seconds from the first expiry
	rows          int
	p50, p99, max float64
}

// expireLatencyWindows splits the run into six windows by expiry time, to
// show whether latency holds over the run or creeps up.
func expireLatencyWindows(ctx context.Context, pool *pgxpool.Pool, dur time.Duration) ([]expireLatencyWindow, error) {
	width := dur.Seconds() / 6
	rows, err := pool.Query(ctx, `
		WITH l AS (
			SELECT extract(epoch FROM expires_at - min(expires_at) OVER ())::float8 AS t,
			       extract(epoch FROM gone_at - expires_at)::float8 AS s
			FROM pastes_gone)
		SELECT floor(t / $1)::int, count(*),
		       percentile_disc(0.5) WITHIN GROUP (ORDER BY s), percentile_disc(0.99) WITHIN GROUP (ORDER BY s), max(s)
		FROM l GROUP BY 1 ORDER BY 1`, width)
	if err != nil {
		return nil, fmt.Errorf("latency by window: %w", err)
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (expireLatencyWindow, error) {
		var w expireLatencyWindow
		var i int
		err := r.Scan(&i, &w.rows, &w.p50, &w.p99, &w.max)
		w.from, w.to = float64(i)*width, float64(i+1)*width
		return w, err
	})
}

type expireLatencyJobStats struct {
	kind                               string
	jobs, notDone, retried             int
	delayP50, delayMax, runP50, runMax float64 // seconds
}

// expireLatencyJobs summarizes the planner and batch jobs after the warm-up
// run: how late they started and how long they ran.
func expireLatencyJobs(ctx context.Context, pool *pgxpool.Pool, warmupJob int64) ([]expireLatencyJobStats, error) {
	rows, err := pool.Query(ctx, `
		WITH j AS (
			SELECT kind, state, attempt,
			       extract(epoch FROM attempted_at - scheduled_at)::float8 AS delay,
			       extract(epoch FROM finalized_at - attempted_at)::float8 AS run
			FROM `+riverJobTable()+` WHERE kind IN ($2, $3) AND id > $1)
		SELECT kind, count(*), count(*) FILTER (WHERE state <> 'completed'), count(*) FILTER (WHERE attempt > 1),
		       coalesce(percentile_disc(0.5) WITHIN GROUP (ORDER BY delay), 0), coalesce(max(delay), 0),
		       coalesce(percentile_disc(0.5) WITHIN GROUP (ORDER BY run), 0), coalesce(max(run), 0)
		FROM j GROUP BY kind ORDER BY kind DESC`, warmupJob, jobs.KindExpirePlan, jobs.KindExpireBatch)
	if err != nil {
		return nil, fmt.Errorf("job statistics: %w", err)
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (expireLatencyJobStats, error) {
		var j expireLatencyJobStats
		err := r.Scan(&j.kind, &j.jobs, &j.notDone, &j.retried, &j.delayP50, &j.delayMax, &j.runP50, &j.runMax)
		return j, err
	})
}
