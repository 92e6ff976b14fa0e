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
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
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
	Repeats       int    // runs of the plain DELETE and the DB-only pipeline, median reported (3)
	NoS3          bool   // skip the versitygw runs
	Versitygw     string // versitygw binary (default: $LETHE_VERSITYGW, ./bin/versitygw, PATH)
	Out           io.Writer
	Logger        *slog.Logger
}

func (o *ExpireOptions) defaults() {
	o.Rows = cmp.Or(o.Rows, 1_000_000)
	o.BlobRows = cmp.Or(o.BlobRows, 50_000)
	o.BatchSize = cmp.Or(o.BatchSize, 5_000)
	o.BlobBatchSize = cmp.Or(o.BlobBatchSize, 1_000)
	o.Workers = cmp.Or(o.Workers, 4)
	o.Planners = cmp.Or(o.Planners, 2)
	o.Repeats = cmp.Or(o.Repeats, 3)
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
	runs int // runs measured, when this is their median
}

func (r expireRun) rate() float64 { return float64(r.rows) / r.dur.Seconds() }

// Expire measures status-claimed expiry against its baselines on a fresh
// database: a plain DELETE, the naive claim-then-delete loop, the pipeline
// without blobs, with blobs on a local directory and on versitygw, and
// direct DeleteObjects of the same keys. The table is reloaded before each
// run.
func Expire(ctx context.Context, opts ExpireOptions) error {
	opts.defaults()
	out := opts.Out
	pool, dropDB, err := freshDatabase(ctx, opts.ServerURL, "expire", opts.Logger)
	if err != nil {
		return err
	}
	defer dropDB()
	defer pool.Close()

	fmt.Fprintf(out, "lethe-bench expire: %d rows (half expired) for DB-only runs, %d rows with blobs\n", opts.Rows, opts.BlobRows)
	fmt.Fprintf(out, "pipeline: batch_size %d DB-only, %d with blobs; %d planners, max_workers %d\n\n",
		opts.BatchSize, opts.BlobBatchSize, opts.Planners, opts.Workers)
	report := func(r expireRun, err error) error {
		if err != nil {
			return fmt.Errorf("%s: %w", r.name, err)
		}
		name := r.name
		if r.runs > 1 {
			name = fmt.Sprintf("%s (median of %d)", name, r.runs)
		}
		fmt.Fprintf(out, "  %-62s %9d rows %10s %12.0f rows/s\n", name, r.rows, r.dur.Round(time.Millisecond), r.rate())
		return nil
	}

	// The plain DELETE takes a fraction of a second, so one run is at the
	// mercy of a checkpoint or a neighbour: it and the DB-only pipeline run
	// Repeats times, interleaved, and report their median runs. The loops
	// (seconds each) run once.
	var plainRuns, pipelineRuns []expireRun
	for range opts.Repeats {
		plain, err := expirePlainDelete(ctx, pool, opts.Rows)
		if err != nil {
			return fmt.Errorf("%s: %w", plain.name, err)
		}
		plainRuns = append(plainRuns, plain)
		dbOnly, err := expirePipeline(ctx, pool, opts, "pipeline, DB only", opts.Rows, opts.BatchSize, nil)
		if err != nil {
			return fmt.Errorf("%s: %w", dbOnly.name, err)
		}
		pipelineRuns = append(pipelineRuns, dbOnly)
	}
	plain, dbOnly := expireMedian(plainRuns), expireMedian(pipelineRuns)
	if err := report(plain, nil); err != nil {
		return err
	}
	naive, err := expireNaiveLoop(ctx, pool, opts.Rows)
	if err := report(naive, err); err != nil {
		return err
	}
	selectLoop, err := expireSelectDeleteLoop(ctx, pool, opts.Rows)
	if err := report(selectLoop, err); err != nil {
		return err
	}
	if err := report(dbOnly, nil); err != nil {
		return err
	}

	localDir, err := os.MkdirTemp("", "lethe-bench-blobs-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(localDir)
	local, err := blob.NewLocal(localDir)
	if err != nil {
		return err
	}
	withLocal, err := expirePipeline(ctx, pool, opts, "pipeline, blobs on local store", opts.BlobRows, opts.BlobBatchSize, local)
	if err := report(withLocal, err); err != nil {
		return err
	}

	// Zero runs (with --no-s3) have no ratios.
	var withS3, direct expireRun
	if !opts.NoS3 {
		s3, stop, err := expireStartVersitygw(ctx, opts.Versitygw)
		if err != nil {
			return err
		}
		defer stop()
		withS3, err = expirePipeline(ctx, pool, opts, "pipeline, blobs on versitygw", opts.BlobRows, opts.BlobBatchSize, s3)
		if err := report(withS3, err); err != nil {
			return err
		}
		direct, err = expireDirectDelete(ctx, s3, opts.BlobRows/2)
		if err := report(direct, err); err != nil {
			return err
		}
	}

	fmt.Fprintln(out, "\nRatios (rows/s ÷ rows/s):")
	ratio := func(what string, a, b expireRun, target float64) {
		if a.rows == 0 || b.rows == 0 {
			return
		}
		r := a.rate() / b.rate()
		verdict := "meets"
		if r < target {
			verdict = "MISSES"
		}
		if target == 0 {
			fmt.Fprintf(out, "  %-58s %7.3f\n", what, r)
			return
		}
		fmt.Fprintf(out, "  %-58s %7.3f  (target ≥ %.2f: %s)\n", what, r, target, verdict)
	}
	ratio("pipeline DB-only ÷ plain DELETE", dbOnly, plain, 0.10)
	ratio("pipeline DB-only ÷ naive loop", dbOnly, naive, 2.0)
	ratio("pipeline DB-only ÷ select-then-delete loop (no target)", dbOnly, selectLoop, 0)
	ratio("pipeline blobs local ÷ plain DELETE (smaller table)", withLocal, plain, 0)
	ratio("pipeline blobs local ÷ naive loop", withLocal, naive, 0)
	ratio("pipeline blobs versitygw ÷ plain DELETE (smaller table)", withS3, plain, 0)
	ratio("pipeline blobs versitygw ÷ naive loop", withS3, naive, 0)
	ratio("pipeline blobs versitygw ÷ direct DeleteObjects", withS3, direct, 0.8)

	hwm, err := peakRSS()
	if err != nil {
		return err
	}
	verdict := "meets"
	if hwm >= 150<<20 {
		verdict = "MISSES"
	}
	fmt.Fprintf(out, "\nPeak RSS (VmHWM): %.1f MB (target < 150 MB: %s)\n", float64(hwm)/(1<<20), verdict)
	return nil
}

// expireMedian returns the median of runs by duration, counting them.
func expireMedian(runs []expireRun) expireRun {
	slices.SortFunc(runs, func(a, b expireRun) int { return cmp.Compare(a.dur, b.dur) })
	m := runs[len(runs)/2]
	m.runs = len(runs)
	return m
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
	start := time.Now()
	tag, err := pool.Exec(ctx, `DELETE FROM pastes WHERE expires_at < now()`)
	run.dur, run.rows = time.Since(start), tag.RowsAffected()
	return run, err
}

// expireNaiveLoop is the pattern Lethe replaces, the status-claimed expiry
// done naively: one worker claims 1,000 expired rows in expiry order (status
// DELETION_IN_PROGRESS, one transaction), then deletes them (another), and
// loops.
func expireNaiveLoop(ctx context.Context, pool *pgxpool.Pool, rows int) (expireRun, error) {
	run := expireRun{name: "naive loop (claim LIMIT 1000, then DELETE)"}
	if err := expireResetTable(ctx, pool, rows, false); err != nil {
		return run, err
	}
	return expireLoop(ctx, pool, run, `
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
	run, err := expireLoop(ctx, pool, run,
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
func expireLoop(ctx context.Context, pool *pgxpool.Pool, run expireRun, pick, drop string) (expireRun, error) {
	start := time.Now()
	for {
		r, err := pool.Query(ctx, pick)
		if err != nil {
			return run, err
		}
		ids, err := pgx.CollectRows(r, pgx.RowTo[int64])
		if err != nil {
			return run, err
		}
		if len(ids) == 0 {
			break
		}
		tag, err := pool.Exec(ctx, drop, ids)
		if err != nil {
			return run, err
		}
		run.rows += tag.RowsAffected()
	}
	run.dur = time.Since(start)
	return run, nil
}

// expirePipeline runs Lethe's planner and batch workers on a real River
// client until every expired row is gone. With store set, each row has a
// blob there, created before the clock starts.
func expirePipeline(ctx context.Context, pool *pgxpool.Pool, opts ExpireOptions, name string, rows, batchSize int, store blob.Store) (expireRun, error) {
	run := expireRun{name: name}
	if err := expireResetTable(ctx, pool, rows, store != nil); err != nil {
		return run, err
	}
	blobCol := ""
	if store != nil {
		blobCol = "blob_key"
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
    blob_key_column: %q
    batch_size: %d
    max_batches_per_run: 100000
    run_budget: 10m
    batch_timeout: 10m
    stuck_after: 2h
`, opts.Workers, blobCol, batchSize)), nil)
	if err != nil {
		return run, err
	}
	client, stop, err := expireStartRiver(ctx, pool, cfg, store, opts.Logger, func(rc *river.Config) {
		rc.FetchCooldown = time.Millisecond
		rc.FetchPollInterval = 20 * time.Millisecond
	})
	if err != nil {
		return run, err
	}
	defer stop()

	var expired int64
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM pastes WHERE expires_at < now()`).Scan(&expired); err != nil {
		return run, err
	}
	start := time.Now()
	for round := 0; ; round++ {
		params := make([]river.InsertManyParams, opts.Planners)
		for i := range params {
			params[i] = river.InsertManyParams{Args: jobs.ExpirePlan{Policy: "bench"}}
		}
		if _, err := client.InsertMany(ctx, params); err != nil {
			return run, err
		}
		if err := expireWaitIdle(ctx, pool); err != nil {
			return run, err
		}
		run.dur = time.Since(start)
		var left int64
		if err := pool.QueryRow(ctx, `SELECT count(*) FROM pastes WHERE expires_at < now()`).Scan(&left); err != nil {
			return run, err
		}
		if left == 0 {
			break
		}
		if round == 3 {
			return run, fmt.Errorf("%d expired rows left after %d planner rounds", left, round+1)
		}
	}
	run.rows = expired
	var failed int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM `+riverJobTable()+` WHERE state <> 'completed'`).Scan(&failed); err != nil {
		return run, err
	}
	if failed > 0 {
		return run, fmt.Errorf("%d jobs did not complete", failed)
	}
	return run, nil
}

// expireStartRiver starts a River client working Lethe's workers for cfg,
// with blobs in store, on the default queue with cfg's max_workers and job
// timeouts; tune adjusts River's configuration first. stop stops it (once,
// however often it is called).
func expireStartRiver(ctx context.Context, pool *pgxpool.Pool, cfg *config.Config, store blob.Store, logger *slog.Logger, tune func(*river.Config)) (*river.Client[pgx.Tx], func(), error) {
	riverWorkers := river.NewWorkers()
	deps := &workers.Deps{Config: cfg, Pool: pool, Blobs: store, Logger: logger, Metrics: metrics.New()}
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

// expireDirectDelete is the blob baseline: one client deleting the same keys
// with DeleteObjects, 1,000 keys a request, one request at a time.
func expireDirectDelete(ctx context.Context, store blob.Store, n int) (expireRun, error) {
	run := expireRun{name: "direct DeleteObjects, one client"}
	if err := expirePutBlobs(ctx, store, 2*n); err != nil {
		return run, err
	}
	keys := make([]string, 0, n)
	for i := 2; i <= 2*n; i += 2 {
		keys = append(keys, "pastes/"+strconv.Itoa(i))
	}
	start := time.Now()
	deleted, err := store.Delete(ctx, keys)
	run.dur, run.rows = time.Since(start), int64(deleted)
	return run, err
}
