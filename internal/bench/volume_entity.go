package bench

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"runtime"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/blob"
	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/entity"
	"github.com/lethehq/lethe/internal/demo"
	"github.com/lethehq/lethe/internal/service"
	"github.com/lethehq/lethe/jobs"
)

// EntityVolumeOptions configures EntityVolume. Zero values take the
// defaults noted.
type EntityVolumeOptions struct {
	// ServerURL connects to a PostgreSQL server as a user that may create
	// databases; the benchmark creates its own and drops it after.
	ServerURL string
	Entities  int     // accounts deleted in each run (10,000)
	Rate      float64 // offered deletions a second in the paced runs (200)
	APIBatch  int     // keys a batch request names at most in the unpaced run (1,000, max_batch_delete_ids)
	Workers   int     // river.max_workers (10, the default configuration's)
	Versitygw string  // versitygw binary (default: $LETHE_VERSITYGW, ./bin/versitygw, PATH)
	Out       io.Writer
	Logger    *slog.Logger
}

func (o *EntityVolumeOptions) defaults() {
	o.Entities = cmp.Or(o.Entities, 10_000)
	o.Rate = cmp.Or(o.Rate, 200)
	o.APIBatch = cmp.Or(o.APIBatch, 1_000)
	o.Workers = cmp.Or(o.Workers, 10)
	if o.Out == nil {
		o.Out = os.Stdout
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
}

// volumeEntityRows is what each account of the benchmark holds: its row, 3
// projects, 4 tasks in each and 2 more assigned to it, 2 API keys (20 rows
// over 4 tables), and 2 blobs under accounts/<key>/.
const volumeEntityRows = 1 + 3 + 3*4 + 2 + 2

// volumeRun is one run of deletions: how they were asked for, and what was
// measured.
type volumeRun struct {
	way      string // "batch API" or "SQL enqueue"
	rate     float64
	n        int
	span     time.Duration   // first request → last verified
	latency  []time.Duration // request → verified, one an entity
	walBytes int64
	failed   int // verifications with outcome error
	writer   writerStats
	jobs     []volumeJobStats
	cpu      cpuByProcess
}

// volumeJobStats is where a run's River jobs of one kind spent their time.
type volumeJobStats struct {
	kind                        string
	jobs                        int
	delayP50, delayP99          float64 // attempted_at − scheduled_at, seconds
	runP50, runP99, runTotalSec float64 // finalized_at − attempted_at, seconds
}

type writerStats struct{ p50, p99, worst time.Duration }

// EntityVolume measures deleting many small entities, as a service that
// deletes its users does: 10,000 accounts of 20 rows over 4 tables and 2
// blobs on versitygw each, asked for through the batch API (POST
// /api/v1/entities/account/delete) and by inserting lethe.delete_entity
// jobs with SQL, each way as fast as it takes them and at an offered rate,
// while a foreground writer adds tasks to another account. The service is
// Lethe's own (service.Open, served on a loopback port). An entity counts
// as verified when its purge's verify_entity audit entry is written: rows
// deleted, blobs purged, nothing found left.
func EntityVolume(ctx context.Context, opts EntityVolumeOptions) error {
	opts.defaults()
	out := opts.Out
	pool, dropDB, err := freshDatabase(ctx, opts.ServerURL, "entity_volume", opts.Logger)
	if err != nil {
		return err
	}
	defer dropDB()
	defer pool.Close()
	if _, err := pool.Exec(ctx, demo.AccountsSchema); err != nil {
		return fmt.Errorf("create the accounts schema: %w", err)
	}
	s3opts, stopS3, err := startVersitygw(opts.Versitygw)
	if err != nil {
		return err
	}
	defer stopS3()
	store, err := blob.NewS3(ctx, s3opts)
	if err != nil {
		return err
	}
	base, stopService, err := volumeServe(ctx, pool, s3opts, opts)
	if err != nil {
		return err
	}
	defer stopService()

	const other = "00000000-0000-4000-8000-000000000000"
	for _, sql := range []string{`INSERT INTO accounts (id) VALUES ($1)`, `INSERT INTO projects (account_id) VALUES ($1)`} {
		if _, err := pool.Exec(ctx, sql, other); err != nil {
			return err
		}
	}
	fmt.Fprintf(out, "lethe-bench entity-volume: %d accounts a run, each %d rows over 4 tables and 2 blobs on versitygw; river.max_workers %d\n",
		opts.Entities, volumeEntityRows, opts.Workers)
	fmt.Fprintf(out, "verified = the purge's verify_entity audit entry (rows gone, blobs purged, nothing left); a writer adds tasks to another account throughout\n\n")

	idle := startWriter(ctx, pool, other)
	select {
	case <-ctx.Done():
	case <-time.After(10 * time.Second):
	}
	idleWriter := stopWriterStats(idle)
	fmt.Fprintf(out, "  writer alone (10 s): p50 %s, p99 %s, max %s\n\n", idleWriter.p50.Round(10*time.Microsecond), idleWriter.p99.Round(10*time.Microsecond), idleWriter.worst.Round(10*time.Microsecond))

	fmt.Fprintf(out, "  %-12s %9s %8s %12s %10s %10s %10s %12s %11s %11s %7s\n",
		"way", "offered/s", "entities", "entities/s", "p50", "p99", "max", "WAL/entity", "writer p99", "writer max", "errors")
	var runs []volumeRun
	next := 1
	for _, way := range []string{"batch API", "SQL enqueue"} {
		for _, rate := range []float64{0, opts.Rate} {
			keys, err := volumeLoad(ctx, pool, store, next, opts.Entities)
			if err != nil {
				return err
			}
			next += opts.Entities
			run, err := volumeDelete(ctx, pool, base, way, rate, keys, opts, other)
			if err != nil {
				return fmt.Errorf("%s at %g/s: %w", way, rate, err)
			}
			runs = append(runs, run)
			offered := "all at once"
			if rate > 0 {
				offered = fmt.Sprintf("%.0f", rate)
			}
			fmt.Fprintf(out, "  %-12s %9s %8d %12.0f %10s %10s %10s %12s %11s %11s %7d\n", run.way, offered, run.n,
				float64(run.n)/run.span.Seconds(), sec(growthQuantile(run.latency, 0.5).Seconds()), sec(growthQuantile(run.latency, 0.99).Seconds()),
				sec(growthQuantile(run.latency, 1).Seconds()), fmt.Sprintf("%.1f kB", float64(run.walBytes)/float64(run.n)/1024),
				run.writer.p99.Round(10*time.Microsecond), run.writer.worst.Round(10*time.Microsecond), run.failed)
		}
	}

	fmt.Fprintf(out, "\nRiver jobs of each run (start delay = attempted_at − scheduled_at, run = finalized_at − attempted_at; busy = Σ run ÷ span ÷ max_workers):\n")
	fmt.Fprintf(out, "  %-12s %9s %-20s %6s %10s %10s %9s %9s %6s\n", "way", "offered/s", "kind", "jobs", "delay p50", "delay p99", "run p50", "run p99", "busy")
	for _, r := range runs {
		offered := "all at once"
		if r.rate > 0 {
			offered = fmt.Sprintf("%.0f", r.rate)
		}
		for _, j := range r.jobs {
			fmt.Fprintf(out, "  %-12s %9s %-20s %6d %10s %10s %9s %9s %5.0f%%\n", r.way, offered, j.kind, j.jobs, sec(j.delayP50), sec(j.delayP99),
				sec(j.runP50), sec(j.runP99), 100*j.runTotalSec/r.span.Seconds()/float64(opts.Workers))
		}
	}

	fmt.Fprintf(out, "\nCPU an entity, first request to last verification (ms; this process is Lethe's service, the requests and the writer):\n")
	fmt.Fprintf(out, "  %-12s %9s %9s %9s %11s %10s %8s %26s\n", "way", "offered/s", "machine", "Lethe", "PostgreSQL", "versitygw", "other", "cores ÷ machine's CPU")
	for _, r := range runs {
		offered := "all at once"
		if r.rate > 0 {
			offered = fmt.Sprintf("%.0f", r.rate)
		}
		per := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 / float64(r.n) }
		c := r.cpu
		fmt.Fprintf(out, "  %-12s %9s %9.2f %9.2f %11.2f %10.2f %8.2f %19.0f a second\n", r.way, offered, per(c.machine), per(c.self), per(c.postgres), per(c.versitygw),
			per(max(c.machine-c.self-c.postgres-c.versitygw, 0)), float64(runtime.NumCPU())*1000/per(c.machine))
	}

	remaining := 0
	if err := store.List(ctx, "accounts/", func(keys []string) error { remaining += len(keys); return nil }); err != nil {
		return fmt.Errorf("list blobs left: %w", err)
	}
	var rowsLeft int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM accounts WHERE id <> $1`, other).Scan(&rowsLeft); err != nil {
		return err
	}
	fmt.Fprintf(out, "\nChecks: %d blobs left under accounts/, %d deleted accounts' rows left\n", remaining, rowsLeft)

	fmt.Fprintln(out, "\nAgainst the targets (entities/s with all asked at once; latency at the offered rate):")
	for _, r := range runs {
		name := map[string]string{"batch API": "api", "SQL enqueue": "sql"}[r.way]
		if r.rate == 0 {
			fmt.Fprintf(out, "ratio entity_volume_%s_per_second_vs_target %.2f   (%.0f entities/s ÷ 500)\n", name, float64(r.n)/r.span.Seconds()/500, float64(r.n)/r.span.Seconds())
			continue
		}
		p99 := growthQuantile(r.latency, 0.99)
		fmt.Fprintf(out, "ratio entity_volume_%s_verified_p99_vs_10s %.2f   (p99 %s at %.0f/s offered ÷ 10 s)\n", name, p99.Seconds()/10, sec(p99.Seconds()), r.rate)
		fmt.Fprintf(out, "ratio entity_volume_%s_writer_p99_vs_alone %.2f\n", name, float64(r.writer.p99)/float64(idleWriter.p99))
	}
	var failures []error
	for _, r := range runs {
		if r.failed > 0 {
			failures = append(failures, fmt.Errorf("%s: %d verifications failed", r.way, r.failed))
		}
	}
	if remaining > 0 || rowsLeft > 0 {
		failures = append(failures, fmt.Errorf("%d blobs and %d accounts left", remaining, rowsLeft))
	}
	return errors.Join(failures...)
}

// volumeServe opens Lethe's service on the benchmark database with the
// account entity, its blobs on versitygw, and serves its API on a loopback
// port; it returns the API's base URL and a function that stops both.
func volumeServe(ctx context.Context, pool *pgxpool.Pool, s3 blob.S3Options, opts EntityVolumeOptions) (string, func(), error) {
	yaml := fmt.Sprintf(`
database: {url: %q, max_conns: %d}
blob:
  kind: s3
  s3: {endpoint: %q, region: %q, bucket: %q, path_style: true, access_key_id: %q, secret_access_key: %q}
http: {listen: "127.0.0.1:0"}
log_level: warn
migrate_on_start: false
river: {max_workers: %d, schema: %s}
`, pool.Config().ConnString(), opts.Workers+4, s3.Endpoint, s3.Region, s3.Bucket, s3.AccessKeyID, s3.SecretAccessKey, opts.Workers, config.DefaultRiverSchema) + demo.AccountsConfig
	cfg, err := config.Parse([]byte(yaml), func(string) string { return "" })
	if err != nil {
		return "", nil, fmt.Errorf("service configuration: %w", err)
	}
	if _, unresolved, err := entity.InstallGuards(ctx, pool, pool, cfg); err != nil || unresolved != nil {
		return "", nil, fmt.Errorf("install guards: %v %v", err, unresolved)
	}
	svc, err := service.Open(ctx, cfg, opts.Logger, service.OpenOptions{})
	if err != nil {
		return "", nil, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		svc.Close(ctx)
		return "", nil, err
	}
	sctx, cancel := context.WithCancel(ctx)
	served := make(chan error, 1)
	go func() { served <- svc.Serve(sctx, ln) }()
	stop := func() {
		cancel()
		<-served
		svc.Close(context.WithoutCancel(ctx))
	}
	return "http://" + ln.Addr().String(), stop, nil
}

// volumeLoad creates n accounts (uuids numbered from first) with their
// rows and blobs, and returns their keys.
func volumeLoad(ctx context.Context, pool *pgxpool.Pool, store blob.Store, first, n int) ([]string, error) {
	keys := make([]string, n)
	for i := range n {
		keys[i] = fmt.Sprintf("00000000-0000-4000-8000-%012d", first+i)
	}
	_, err := pool.Exec(ctx, `
		WITH a AS (
			INSERT INTO accounts (id, name)
			SELECT k::uuid, 'user' FROM unnest($1::text[]) k RETURNING id),
		p AS (
			INSERT INTO projects (account_id, name)
			SELECT a.id, 'project ' || g FROM a, generate_series(1, 3) g RETURNING id, account_id),
		t AS (
			INSERT INTO tasks (project_id, assignee, title)
			SELECT p.id, CASE WHEN g = 1 THEN p.account_id END, 'task ' || g FROM p, generate_series(1, 4) g)
		INSERT INTO api_keys (key, account_id)
		SELECT a.id::text || '-' || g, a.id FROM a, generate_series(1, 2) g`, keys)
	if err != nil {
		return nil, fmt.Errorf("load accounts: %w", err)
	}
	// The 2 more tasks of each account: assigned to it in another account's project.
	if _, err := pool.Exec(ctx, `
		INSERT INTO tasks (project_id, assignee, title)
		SELECT (SELECT id FROM projects WHERE account_id = '00000000-0000-4000-8000-000000000000' LIMIT 1), k::uuid, 'assigned'
		FROM unnest($1::text[]) k, generate_series(1, 2)`, keys); err != nil {
		return nil, fmt.Errorf("load assigned tasks: %w", err)
	}
	if _, err := pool.Exec(ctx, `ANALYZE accounts, projects, tasks, api_keys`); err != nil {
		return nil, err
	}
	blobs := make([]string, 0, 2*n)
	for _, k := range keys {
		blobs = append(blobs, "accounts/"+k+"/avatar.png", "accounts/"+k+"/export.zip")
	}
	return keys, putKeys(ctx, store, blobs)
}

// volumeDelete asks for the deletion of keys one way, all at once (rate 0)
// or rate a second, waits until every one is verified, and returns the run.
func volumeDelete(ctx context.Context, pool *pgxpool.Pool, base, way string, rate float64, keys []string, opts EntityVolumeOptions, other string) (volumeRun, error) {
	run := volumeRun{way: way, rate: rate, n: len(keys)}
	if _, err := pool.Exec(ctx, `CHECKPOINT`); err != nil {
		return run, err
	}
	var walStart string
	if err := pool.QueryRow(ctx, `SELECT pg_current_wal_lsn()::text`).Scan(&walStart); err != nil {
		return run, err
	}
	var auditStart, jobStart int64
	if err := pool.QueryRow(ctx, `SELECT (SELECT coalesce(max(id), 0) FROM lethe_deletion_audit), (SELECT coalesce(max(id), 0) FROM `+riverJobTable()+`)`).Scan(&auditStart, &jobStart); err != nil {
		return run, err
	}
	ask := func(keys []string) error {
		if way == "SQL enqueue" {
			_, err := pool.Exec(ctx, `
				INSERT INTO `+riverJobTable()+` (kind, args, max_attempts)
				SELECT $1, jsonb_build_object('entity', 'account', 'key', k), 25 FROM unnest($2::text[]) k`,
				jobs.KindDeleteEntity, keys)
			return err
		}
		body, _ := json.Marshal(map[string][]string{"keys": keys})
		resp, err := http.Post(base+"/api/v1/entities/account/delete", "application/json", bytes.NewReader(body))
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		if resp.StatusCode != http.StatusAccepted {
			msg, _ := io.ReadAll(io.LimitReader(resp.Body, 500))
			return fmt.Errorf("batch delete: %s: %s", resp.Status, msg)
		}
		_, err = io.Copy(io.Discard, resp.Body)
		return err
	}

	requested := make(map[string]time.Time, len(keys))
	writer := startWriter(ctx, pool, other)
	cpuBefore, err := readCPUByProcess()
	if err != nil {
		writer.stop()
		return run, err
	}
	start := time.Now()
	if rate == 0 {
		for i := 0; i < len(keys); i += opts.APIBatch {
			batch := keys[i:min(i+opts.APIBatch, len(keys))]
			now := time.Now()
			for _, k := range batch {
				requested[k] = now
			}
			if err := ask(batch); err != nil {
				writer.stop()
				return run, err
			}
		}
	} else {
		sent := 0
		ticker := time.NewTicker(100 * time.Millisecond)
		for sent < len(keys) {
			due := min(len(keys), int(rate*time.Since(start).Seconds())+1)
			if due > sent {
				now := time.Now()
				for _, k := range keys[sent:due] {
					requested[k] = now
				}
				if err := ask(keys[sent:due]); err != nil {
					ticker.Stop()
					writer.stop()
					return run, err
				}
				sent = due
			}
			select {
			case <-ctx.Done():
				ticker.Stop()
				writer.stop()
				return run, ctx.Err()
			case <-ticker.C:
			}
		}
		ticker.Stop()
	}

	// Audit ids are taken at insert and committed in another order, so the
	// run's entries are counted, then read once all are there.
	limit := time.Now().Add(10*time.Minute + time.Duration(float64(len(keys))/50*float64(time.Second)))
	for {
		var done int
		if err := pool.QueryRow(ctx, `
			SELECT count(DISTINCT detail->>'key') FROM lethe_deletion_audit
			WHERE action = 'verify_entity' AND id > $1`, auditStart).Scan(&done); err != nil {
			writer.stop()
			return run, err
		}
		if done >= len(keys) {
			break
		}
		if time.Now().After(limit) {
			writer.stop()
			return run, fmt.Errorf("%d of %d entities not verified after %s", len(keys)-done, len(keys), time.Since(start).Round(time.Second))
		}
		select {
		case <-ctx.Done():
			writer.stop()
			return run, ctx.Err()
		case <-time.After(200 * time.Millisecond):
		}
	}
	cpuAfter, err := readCPUByProcess()
	if err != nil {
		writer.stop()
		return run, err
	}
	run.cpu = cpuAfter.sub(cpuBefore)
	rows, err := pool.Query(ctx, `
		SELECT detail->>'key', min(finished_at), bool_or(outcome = 'error')
		FROM lethe_deletion_audit WHERE action = 'verify_entity' AND id > $1 GROUP BY 1`, auditStart)
	if err != nil {
		writer.stop()
		return run, err
	}
	verified := make(map[string]time.Time, len(keys))
	for rows.Next() {
		var (
			key    string
			at     time.Time
			failed bool
		)
		if err := rows.Scan(&key, &at, &failed); err != nil {
			rows.Close()
			writer.stop()
			return run, err
		}
		if _, ok := requested[key]; ok {
			verified[key] = at
			if failed {
				run.failed++
			}
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		writer.stop()
		return run, err
	}
	run.writer = stopWriterStats(writer)
	var last time.Time
	for k, at := range verified {
		run.latency = append(run.latency, at.Sub(requested[k]))
		if at.After(last) {
			last = at
		}
	}
	run.span = last.Sub(start)
	if err := pool.QueryRow(ctx, `SELECT (pg_current_wal_lsn() - $1::pg_lsn)::bigint`, walStart).Scan(&run.walBytes); err != nil {
		return run, err
	}
	jrows, err := pool.Query(ctx, `
		WITH j AS (
			SELECT kind, extract(epoch FROM attempted_at - scheduled_at)::float8 AS delay,
			       extract(epoch FROM finalized_at - attempted_at)::float8 AS run
			FROM `+riverJobTable()+` WHERE id > $1 AND kind IN ($2, $3) AND finalized_at IS NOT NULL)
		SELECT kind, count(*), percentile_disc(0.5) WITHIN GROUP (ORDER BY delay), percentile_disc(0.99) WITHIN GROUP (ORDER BY delay),
		       percentile_disc(0.5) WITHIN GROUP (ORDER BY run), percentile_disc(0.99) WITHIN GROUP (ORDER BY run), sum(run)
		FROM j GROUP BY kind ORDER BY kind`, jobStart, jobs.KindDeleteEntity, jobs.KindPurgeBlobs)
	if err != nil {
		return run, fmt.Errorf("job statistics: %w", err)
	}
	for jrows.Next() {
		var j volumeJobStats
		if err := jrows.Scan(&j.kind, &j.jobs, &j.delayP50, &j.delayP99, &j.runP50, &j.runP99, &j.runTotalSec); err != nil {
			jrows.Close()
			return run, err
		}
		run.jobs = append(run.jobs, j)
	}
	jrows.Close()
	return run, jrows.Err()
}

// stopWriterStats stops w and returns its latencies' p50, p99 and max.
func stopWriterStats(w *writer) writerStats {
	w.stop() // sorts the latencies
	if len(w.latencies) == 0 {
		return writerStats{}
	}
	l := w.latencies
	return writerStats{p50: l[len(l)/2], p99: l[len(l)*99/100], worst: l[len(l)-1]}
}
