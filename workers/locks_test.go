package workers

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/internal/metrics"
	"github.com/lethehq/lethe/internal/testenv"
	"github.com/lethehq/lethe/jobs"
)

// appConn is a connection to pool's database of another application,
// named name in pg_stat_activity, closed when the test ends.
func appConn(t *testing.T, pool *pgxpool.Pool, name string) *pgx.Conn {
	t.Helper()
	cfg := pool.Config().ConnConfig.Copy()
	cfg.RuntimeParams["application_name"] = name
	conn, err := pgx.ConnectConfig(t.Context(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close(context.Background()) })
	return conn
}

// appSession is a connection of an application sharing Lethe's database,
// named "billing" in pg_stat_activity, with a transaction open.
func appSession(t *testing.T, pool *pgxpool.Pool) pgx.Tx {
	t.Helper()
	tx, err := appConn(t, pool, "billing").Begin(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	return tx
}

// appBusy keeps a session of another application ("checkout-service")
// running statement(0), statement(1), … one after another until the
// returned function is called, and returns once Lethe sees the database
// busy.
func appBusy(t *testing.T, pool *pgxpool.Pool, statement func(i int) string) (stop func()) {
	t.Helper()
	ctx := t.Context()
	conn := appConn(t, pool, "checkout-service")
	busyCtx, cancel := context.WithCancel(ctx)
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		for i := 0; busyCtx.Err() == nil; i++ {
			_, _ = conn.Exec(busyCtx, statement(i))
		}
	}()
	testenv.WaitUntil(t, 10*time.Second, "the foreground session", func() (bool, error) {
		l, err := db.ReadForegroundLoad(ctx, pool)
		return l.Busy > 0, err
	})
	var once sync.Once
	stop = func() { once.Do(func() { cancel(); <-stopped }) }
	t.Cleanup(stop)
	return stop
}

// lockWaits watches pg_locks until stop is called and returns the longest
// time any session but the application's ("billing") was seen waiting for
// a lock.
func lockWaits(t *testing.T, pool *pgxpool.Pool) (stop func() time.Duration) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan time.Duration)
	go func() {
		var longest time.Duration
		defer func() { done <- longest }()
		for ctx.Err() == nil {
			var secs float64
			err := pool.QueryRow(ctx, `
				SELECT coalesce(max(extract(epoch FROM clock_timestamp() - a.query_start)), 0)::float8
				FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
				WHERE NOT l.granted AND a.datname = current_database() AND a.application_name <> 'billing'`).Scan(&secs)
			if err != nil && ctx.Err() == nil {
				t.Errorf("watch lock waits: %v", err)
				return
			}
			longest = max(longest, time.Duration(secs*float64(time.Second)))
			time.Sleep(20 * time.Millisecond)
		}
	}()
	return func() time.Duration {
		cancel()
		return <-done
	}
}

const lockTestExpireYAML = `
river:
  job_timeout: 1m
  rescue_stuck_jobs_after: 1h
policies:
  - name: pastes
    kind: expire
    table: pastes
    blob_key_column: blob_key
    batch_size: 100
    run_budget: 10s
    batch_timeout: 1m
    lock_timeout: 500ms
    statement_timeout: 5s
  - name: notes
    kind: expire
    table: notes
    batch_size: 100
    run_budget: 10s
    batch_timeout: 1m
    lock_timeout: 500ms
    statement_timeout: 5s
`

// TestExpireGivesWayToTableLock holds ACCESS EXCLUSIVE on one expire
// policy's table, as a migration would: Lethe's claim, watchdog and batch
// give up after lock_timeout instead of queueing (no session waits much
// longer), the planner's and watchdog's runs end without error, the batch snoozes without an error in
// River, the other policy's table keeps being expired, and once the lock
// is gone everything is deleted.
func TestExpireGivesWayToTableLock(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	cfg, err := config.Parse([]byte(lockTestExpireYAML), nil)
	if err != nil {
		t.Fatal(err)
	}
	pool := testenv.MigratedPool(t)
	if _, err := pool.Exec(ctx, `CREATE TABLE notes (LIKE pastes INCLUDING ALL)`); err != nil {
		t.Fatal(err)
	}
	logs := &testenv.LogBuffer{}
	deps := &Deps{Config: cfg, Pool: pool, Blobs: testenv.S3Store(t), Logger: slog.New(slog.NewJSONHandler(logs, nil)), Metrics: metrics.New()}
	deps.Metrics.Init(cfg)
	client := startClient(t, pool, deps, registerExpire, 4)
	expired := time.Now().Add(-time.Hour)
	expireInsertPastes(t, pool, deps.Blobs, 30, expired)
	if _, err := pool.Exec(ctx, `INSERT INTO notes (title, expires_at) SELECT 'n' || g, $1 FROM generate_series(1, 40) g`, expired); err != nil {
		t.Fatal(err)
	}
	count := func(table string) int {
		var n int
		if err := pool.QueryRow(ctx, `SELECT count(*) FROM `+db.Ident(table)).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	run := func(args river.JobArgs) *rivertype.JobRow {
		t.Helper()
		res, err := client.Insert(ctx, args, nil)
		if err != nil {
			t.Fatal(err)
		}
		return waitJob(t, client, res.Job.ID)
	}
	if got := metricValue(t, deps.Metrics.LockTimeouts.WithLabelValues("pastes", metrics.StepClaim)); got != 0 {
		t.Fatalf("lock timeouts before: %v", got)
	}

	// Ten rows were claimed before the application locked the table; their
	// batch job comes after.
	table, err := db.LookupExpireTable(ctx, pool, ExpireColumns(cfg.Expire("pastes")))
	if err != nil {
		t.Fatal(err)
	}
	var claim db.ClaimedBatch
	if err := (db.Timeouts{}).InTx(ctx, pool, func(tx db.Bounded) error {
		claim, err = table.Claim(ctx, tx, 10, db.ClaimCursor{})
		return err
	}); err != nil || claim.Rows != 10 {
		t.Fatalf("claim: %+v, %v", claim, err)
	}

	app := appSession(t, pool)
	if _, err := app.Exec(ctx, `LOCK TABLE pastes IN ACCESS EXCLUSIVE MODE`); err != nil {
		t.Fatal(err)
	}
	watch := lockWaits(t, pool)
	plan := run(jobs.ExpirePlan{Policy: "pastes"})
	if plan.State != rivertype.JobStateCompleted || len(plan.Errors) != 0 {
		t.Fatalf("planner behind the lock: %s, errors %v; want completed without error", plan.State, plan.Errors)
	}
	if j := run(jobs.ExpireWatchdog{Policy: "pastes"}); j.State != rivertype.JobStateCompleted || len(j.Errors) != 0 {
		t.Fatalf("watchdog behind the lock: %s, errors %v; want completed without error", j.State, j.Errors)
	}
	batch, err := client.Insert(ctx, jobs.ExpireBatch{Policy: "pastes", ClaimedAt: claim.At, Rows: claim.Rows}, nil)
	if err != nil {
		t.Fatal(err)
	}
	testenv.WaitUntil(t, 20*time.Second, "the batch to snooze", func() (bool, error) {
		j, err := client.JobGet(ctx, batch.Job.ID)
		return err == nil && len(j.Output()) > 0 && j.State != rivertype.JobStateRunning, err
	})
	// The other policy's table is expired meanwhile.
	if j := run(jobs.ExpirePlan{Policy: "notes"}); j.State != rivertype.JobStateCompleted {
		t.Fatalf("other policy's planner: %s %v", j.State, j.Errors)
	}
	testenv.WaitUntil(t, 20*time.Second, "the other policy's rows to go", func() (bool, error) {
		return count("notes") == 0, nil
	})
	longest := watch()
	t.Logf("longest lock wait of a Lethe session behind ACCESS EXCLUSIVE: %s (lock_timeout 500ms)", longest)
	if limit := 500*time.Millisecond + time.Second; longest > limit {
		t.Errorf("a session of Lethe's waited %s for a lock, want at most lock_timeout 500ms + 1s", longest)
	}
	if got := metricValue(t, deps.Metrics.LockTimeouts.WithLabelValues("pastes", metrics.StepClaim)); got < 1 {
		t.Errorf("lethe_lock_timeouts_total{pastes,claim} = %v, want at least 1", got)
	}
	if got := metricValue(t, deps.Metrics.LockTimeouts.WithLabelValues("pastes", metrics.StepReset)); got < 1 {
		t.Errorf("lethe_lock_timeouts_total{pastes,reset} = %v, want at least 1", got)
	}
	if got := metricValue(t, deps.Metrics.LockTimeouts.WithLabelValues("pastes", metrics.StepFinish)); got < 1 {
		t.Errorf("lethe_lock_timeouts_total{pastes,finish} = %v, want at least 1", got)
	}
	// Each give-way held the policy back its lock_timeout: the throttled
	// time the dashboard charts.
	gaveWay := 0.0
	for _, step := range []string{metrics.StepClaim, metrics.StepReset, metrics.StepFinish} {
		gaveWay += metricValue(t, deps.Metrics.LockTimeouts.WithLabelValues("pastes", step))
	}
	// (One give-way may be counted in the one and not yet in the other.)
	if got, want := metricValue(t, deps.Metrics.LockWaited.WithLabelValues("pastes")), 0.5*max(gaveWay-1, 1); got < want {
		t.Errorf("lethe_lock_throttled_seconds_total{pastes} = %v, want at least %v (lock_timeout 500ms × %v give-ways)", got, want, gaveWay)
	}
	warns := logRecords(t, logs, "Gave up waiting for a lock; will try again later")
	if len(warns) == 0 {
		t.Fatal("no WARN about the lock")
	}
	if w := warns[0]; w["level"] != "WARN" || w["table"] != "pastes" || w["blocking_application"] != "billing" ||
		!strings.Contains(w["waiting_on"].(string), "ACCESS EXCLUSIVE lock on pastes held by pid") {
		t.Errorf("lock WARN %v", w)
	}

	// The lock goes: the snoozed batch and the next planner run finish.
	if err := app.Rollback(ctx); err != nil {
		t.Fatal(err)
	}
	j := waitJobCompleted(t, client, batch.Job.ID)
	if len(j.Errors) != 0 {
		t.Errorf("snoozed batch recorded errors %v; a lock timeout is no error", j.Errors)
	}
	if j := run(jobs.ExpirePlan{Policy: "pastes"}); j.State != rivertype.JobStateCompleted {
		t.Fatalf("planner after the lock: %s %v", j.State, j.Errors)
	}
	testenv.WaitUntil(t, 30*time.Second, "every paste to go", func() (bool, error) {
		return count("pastes") == 0, nil
	})
	audit, err := db.ListAudit(ctx, pool, "pastes", 100)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range audit {
		if e.Outcome == db.OutcomeError {
			t.Errorf("error audit %+v: a lock timeout is no error", e)
		}
	}
}

// waitJobCompleted waits until job id completed, through snoozes.
func waitJobCompleted(t *testing.T, client *river.Client[pgx.Tx], id int64) *rivertype.JobRow {
	t.Helper()
	var job *rivertype.JobRow
	testenv.WaitUntil(t, 30*time.Second, fmt.Sprintf("job %d to complete", id), func() (bool, error) {
		var err error
		job, err = client.JobGet(t.Context(), id)
		if err != nil {
			return false, err
		}
		switch job.State {
		case rivertype.JobStateCancelled, rivertype.JobStateDiscarded, rivertype.JobStateRetryable:
			return false, fmt.Errorf("job %d ended %s: %v", id, job.State, job.Errors)
		}
		return job.State == rivertype.JobStateCompleted, nil
	})
	return job
}

// TestExpireSkipsRowsHeld holds some expired rows FOR UPDATE: the planner
// claims and deletes the others and leaves those for a later run.
func TestExpireSkipsRowsHeld(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	b := expireSetup(t, "")
	pastes := expireInsertPastes(t, b.pool, b.store, 50, time.Now().Add(-time.Hour))
	held := []int64{pastes[0].ID, pastes[1].ID, pastes[2].ID}
	app := appSession(t, b.pool)
	if _, err := app.Exec(ctx, `SELECT 1 FROM pastes WHERE id = ANY($1) FOR UPDATE`, held); err != nil {
		t.Fatal(err)
	}
	if j := b.runJob(t, jobs.ExpirePlan{Policy: "pastes"}); j.State != rivertype.JobStateCompleted {
		t.Fatalf("planner: %s %v", j.State, j.Errors)
	}
	left := func() []int64 {
		rows, _ := b.pool.Query(ctx, `SELECT id FROM pastes ORDER BY id`)
		ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
		if err != nil {
			t.Fatal(err)
		}
		return ids
	}
	testenv.WaitUntil(t, 20*time.Second, "the rows not held to go", func() (bool, error) {
		return len(left()) == len(held), nil
	})
	if got := left(); fmt.Sprint(got) != fmt.Sprint(held) {
		t.Fatalf("left %v, want the held rows %v", got, held)
	}
	if err := app.Rollback(ctx); err != nil {
		t.Fatal(err)
	}
	b.runJob(t, jobs.ExpirePlan{Policy: "pastes"})
	testenv.WaitUntil(t, 20*time.Second, "the held rows to go once released", func() (bool, error) {
		return len(left()) == 0, nil
	})
}

// TestSweepSkipsRowsHeld holds 100 expired keys FOR UPDATE while a sweep
// runs (of about 3,600 expired keys): the sweep deletes every other expired key, leaves the held ones for
// a later run, and an application's upsert of an expired key during the
// sweep completes without waiting long behind it.
func TestSweepSkipsRowsHeld(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	b := setupSweep(t, slog.LevelInfo)
	b.policy.BatchSize, b.policy.MaxBatchSize, b.policy.Adaptive, b.policy.Pause = 50, 50, false, 0
	// 3,600 keys, expired from an hour ago to a second ago: none crosses
	// into expiry while the test runs, so what is left afterwards is what
	// the sweeps left (with 5,000, key 3,600 and on expired one a second
	// during the test, and a second sweep could end just before the next).
	insertKeys(t, b.pool, "lineage_event_idempotency", 3600, 10)
	app := appSession(t, b.pool)
	tag, err := app.Exec(ctx, `SELECT 1 FROM lineage_event_idempotency WHERE idempotency_key LIKE 'expired-00%' FOR UPDATE`)
	if err != nil || tag.RowsAffected() != 100 {
		t.Fatalf("hold keys: %v (%d)", err, tag.RowsAffected())
	}

	// Another application session upserts expired keys while the sweep
	// runs; each must finish in about a batch's time, never a lock held
	// for the length of the application's transaction.
	// Room for every upsert the loop below makes, so it never blocks
	// while the sweep runs long.
	upserts := make(chan time.Duration, 3500/7+1)
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		defer close(upserts)
		for i := 3500; i > 100; i -= 7 { // keys older than expired-3600 are expired
			select {
			case <-stop:
				return
			default:
			}
			began := time.Now()
			_, err := b.pool.Exec(ctx, `
				INSERT INTO lineage_event_idempotency (idempotency_key, expires_at)
				VALUES (format('expired-%s', lpad($1::int::text, 4, '0')), now() + interval '1 hour')
				ON CONFLICT (idempotency_key) DO UPDATE SET expires_at = EXCLUDED.expires_at`, i)
			if err != nil {
				t.Errorf("upsert: %v", err)
				return
			}
			upserts <- time.Since(began)
		}
	})
	res, err := b.sweeper.Run(ctx, b.policy, nil)
	close(stop)
	wg.Wait()
	if err != nil {
		t.Fatalf("sweep: %v", err)
	}
	var slowest time.Duration
	n := 0
	for d := range upserts {
		slowest = max(slowest, d)
		n++
	}
	t.Logf("sweep deleted %d in %d batches; %d upserts during it, slowest %s", res.RowsDeleted, res.Batches, n, slowest)
	if slowest > 5*time.Second {
		t.Errorf("an upsert waited %s behind the sweep", slowest)
	}
	var heldLeft, othersLeft int
	if err := b.pool.QueryRow(ctx, `
		SELECT count(*) FILTER (WHERE idempotency_key LIKE 'expired-00%'),
		       count(*) FILTER (WHERE idempotency_key NOT LIKE 'expired-00%')
		FROM lineage_event_idempotency WHERE expires_at < now()`).Scan(&heldLeft, &othersLeft); err != nil {
		t.Fatal(err)
	}
	if heldLeft != 100 || othersLeft != 0 {
		t.Fatalf("after the sweep: %d held keys and %d other expired keys left, want 100 and 0", heldLeft, othersLeft)
	}
	if err := app.Rollback(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := b.sweeper.Run(ctx, b.policy, nil); err != nil {
		t.Fatal(err)
	}
	if _, expired := countKeys(t, b.pool, "lineage_event_idempotency"); expired != 0 {
		t.Fatalf("%d expired keys left after the lock went", expired)
	}
}

// TestSweepGivesWayToTableLock holds ACCESS EXCLUSIVE on the swept table: a
// run ends early without error, counted and logged, and deletes everything
// once the lock is gone.
func TestSweepGivesWayToTableLock(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	b := setupSweep(t, slog.LevelInfo)
	b.policy.LockTimeout = config.Duration(300 * time.Millisecond)
	insertKeys(t, b.pool, "lineage_event_idempotency", 30, 1)
	app := appSession(t, b.pool)
	if _, err := app.Exec(ctx, `LOCK TABLE lineage_event_idempotency IN ACCESS EXCLUSIVE MODE`); err != nil {
		t.Fatal(err)
	}
	res, err := b.sweeper.Run(ctx, b.policy, nil)
	if err != nil || res.RowsDeleted != 0 || res.Timeouts != 1 {
		t.Fatalf("sweep behind the lock: %+v, %v; want no error, nothing deleted, one timeout", res, err)
	}
	if got := metricValue(t, b.deps.Metrics.LockTimeouts.WithLabelValues("idempotency", metrics.StepSweep)); got != 1 {
		t.Errorf("lock timeouts %v, want 1", got)
	}
	if recs := logRecords(t, b.logs, "Gave up waiting for a lock; will try again later"); len(recs) != 1 || recs[0]["blocking_application"] != "billing" {
		t.Errorf("lock WARN %v", recs)
	}
	if err := app.Rollback(ctx); err != nil {
		t.Fatal(err)
	}
	if res, err := b.sweeper.Run(ctx, b.policy, nil); err != nil || res.RowsDeleted != 30 {
		t.Fatalf("sweep after the lock: %+v, %v", res, err)
	}
}

// TestSweepPartitionsGivesWayToTableLock holds ACCESS EXCLUSIVE on an
// expired partition, then on the partitioned table itself: a
// partitions-mode run ends early without error, counted in
// lethe_lock_timeouts_total{step="partition"} (and
// lethe_sweep_timeouts_total) and logged with the holder, and drops the
// partition once the lock is gone.
func TestSweepPartitionsGivesWayToTableLock(t *testing.T) {
	t.Parallel()
	const table = "lineage_event_idempotency_partitioned"
	for _, locked := range []string{"partition", "parent"} {
		t.Run(locked, func(t *testing.T) {
			t.Parallel()
			ctx := t.Context()
			b := setupSweep(t, slog.LevelInfo)
			p := *b.deps.Config.Sweep("idempotency-partitioned")
			now, err := db.Now(ctx, b.pool)
			if err != nil {
				t.Fatal(err)
			}
			from := periodAdd(periodStart(now, "day"), "day", -2)
			old := partitionName(table, "day", from)
			if err := db.CreatePartition(ctx, db.Timeouts{Lock: time.Minute, Statement: time.Minute}.Pool(b.pool), table, old, from, periodAdd(from, "day", 1)); err != nil {
				t.Fatal(err)
			}
			if _, err := b.pool.Exec(ctx, `INSERT INTO `+table+` (idempotency_key, expires_at) VALUES ('old', $1::timestamptz + interval '1 hour')`, from); err != nil {
				t.Fatal(err)
			}
			lock := old
			if locked == "parent" {
				lock = table
			}
			app := appSession(t, b.pool)
			if _, err := app.Exec(ctx, `LOCK TABLE `+lock+` IN ACCESS EXCLUSIVE MODE`); err != nil {
				t.Fatal(err)
			}
			res, err := b.sweeper.Run(ctx, &p, nil)
			if err != nil || len(res.PartitionsDropped) != 0 || res.Timeouts != 1 {
				t.Fatalf("sweep behind the lock on %s: %+v, %v; want no error, nothing dropped, one timeout", lock, res, err)
			}
			if got := metricValue(t, b.deps.Metrics.LockTimeouts.WithLabelValues(p.Name, metrics.StepPartition)); got != 1 {
				t.Errorf("lethe_lock_timeouts_total{step=partition} = %v, want 1", got)
			}
			if got := metricValue(t, b.deps.Metrics.SweepTimeouts.WithLabelValues(p.Name)); got != 1 {
				t.Errorf("lethe_sweep_timeouts_total = %v, want 1", got)
			}
			recs := logRecords(t, b.logs, db.LockTimeoutMessage)
			if len(recs) != 1 || recs[0]["blocking_application"] != "billing" || recs[0]["step"] != metrics.StepPartition ||
				!strings.Contains(fmt.Sprint(recs[0]["waiting_on"]), "ACCESS EXCLUSIVE lock on "+table) || !strings.Contains(fmt.Sprint(recs[0]["waiting_on"]), `held by pid`) {
				t.Errorf("lock WARN %v", recs)
			}
			if err := app.Rollback(ctx); err != nil {
				t.Fatal(err)
			}
			if res, err := b.sweeper.Run(ctx, &p, nil); err != nil || fmt.Sprint(res.PartitionsDropped) != "["+old+"]" {
				t.Fatalf("sweep after the lock: %+v, %v", res, err)
			}
		})
	}
}

// TestPeriodicRunsNeverOverlap fires a sweep policy's periodic job every
// second while its first run is still going (a long pause between
// batches): no second run starts, and "run now" inserts nothing either.
func TestPeriodicRunsNeverOverlap(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	cfg, err := config.Parse([]byte(`
policies:
  - name: idempotency
    kind: sweep
    table: lineage_event_idempotency
    key_column: idempotency_key
    batch_size: 5
    adaptive: false
    pause: 1m
`), nil)
	if err != nil {
		t.Fatal(err)
	}
	pool := testenv.MigratedPool(t)
	insertKeys(t, pool, "lineage_event_idempotency", 20, 0)
	deps := &Deps{Config: cfg, Pool: pool, Logger: slog.New(slog.DiscardHandler), Metrics: metrics.New()}
	client := startClient(t, pool, deps, registerSweep, 4)
	client.PeriodicJobs().Add(river.NewPeriodicJob(river.PeriodicInterval(time.Second), func() (river.JobArgs, *river.InsertOpts) {
		return jobs.Sweep{Policy: "idempotency"}, PeriodicInsertOpts()
	}, &river.PeriodicJobOpts{RunOnStart: true}))

	states := func() map[rivertype.JobState]int {
		rows, err := pool.Query(ctx, `SELECT state::text, count(*) FROM lethe.river_job WHERE kind = 'lethe.sweep' GROUP BY 1`)
		if err != nil {
			t.Fatal(err)
		}
		out := map[rivertype.JobState]int{}
		for rows.Next() {
			var (
				s string
				n int
			)
			if err := rows.Scan(&s, &n); err != nil {
				t.Fatal(err)
			}
			out[rivertype.JobState(s)] = n
		}
		return out
	}
	testenv.WaitUntil(t, 20*time.Second, "the first run to start", func() (bool, error) {
		return states()[rivertype.JobStateRunning] == 1, nil
	})
	// The run sits in its pause; the schedule fires every second.
	time.Sleep(4 * time.Second)
	got := states()
	total := 0
	for _, n := range got {
		total += n
	}
	if total != 1 || got[rivertype.JobStateRunning] != 1 {
		t.Errorf("sweep jobs while the first run is going: %v, want just the one running", got)
	}
	res, err := client.Insert(ctx, jobs.Sweep{Policy: "idempotency"}, PeriodicInsertOpts())
	if err != nil {
		t.Fatal(err)
	}
	if !res.UniqueSkippedAsDuplicate {
		t.Errorf("run now inserted job %d while a run is going", res.Job.ID)
	}
}

// TestDeleteEntityBehindRowLock holds one of a run's rows FOR UPDATE: the
// deletion gives up after lock_timeout, logs the blocker (pid, application,
// state, how long), records what it waits on in its job, snoozes without
// an error, and completes once the lock is released.
func TestDeleteEntityBehindRowLock(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	b := setupTomb(t, func(c *config.Config) {
		c.TombstoneFor("run").LockTimeout = config.Duration(300 * time.Millisecond)
	})
	logs := &testenv.LogBuffer{}
	b.deps.Logger = slog.New(slog.NewJSONHandler(logs, nil))
	client := startClient(t, b.pool, b.deps, registerTombstone, 4)
	b.ingestAll(t, "r-held")
	b.ingestAll(t, "r-other")
	// Innocent sessions around the blocker: an older transaction holding
	// rows of another run in the same table, and a session that waits for
	// the blocker's rows itself. Neither is named.
	older, err := appConn(t, b.pool, "reports").Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer older.Rollback(context.Background())
	if _, err := older.Exec(ctx, `SELECT 1 FROM run_metrics WHERE run_hash = 'r-other' FOR UPDATE`); err != nil {
		t.Fatal(err)
	}
	time.Sleep(50 * time.Millisecond) // older is older by a clear margin
	app := appSession(t, b.pool)
	var pid int32
	if err := app.QueryRow(ctx, `SELECT pg_backend_pid()`).Scan(&pid); err != nil {
		t.Fatal(err)
	}
	if _, err := app.Exec(ctx, `SELECT 1 FROM run_metrics WHERE run_hash = 'r-held' FOR UPDATE`); err != nil {
		t.Fatal(err)
	}
	waiter, err := appConn(t, b.pool, "exporter").Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer waiter.Rollback(context.Background())
	waited := make(chan error, 1)
	go func() {
		_, err := waiter.Exec(ctx, `SELECT 1 FROM run_metrics WHERE run_hash = 'r-held' FOR UPDATE`)
		waited <- err
	}()
	defer func() { <-waited }()
	res, err := client.Insert(ctx, jobs.DeleteEntity{Entity: "run", Key: "r-held"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var wait LockWait
	testenv.WaitUntil(t, 20*time.Second, "the deletion to report its wait", func() (bool, error) {
		j, err := client.JobGet(ctx, res.Job.ID)
		if err != nil || len(j.Output()) == 0 {
			return false, err
		}
		return true, json.Unmarshal(j.Output(), &wait)
	})
	if want := fmt.Sprintf(`row lock on run_metrics held by pid %d (app "billing", idle in transaction for `, pid); !strings.HasPrefix(wait.WaitingOn, want) {
		t.Errorf("job waits on %q, want it to start with %q", wait.WaitingOn, want)
	}
	warns := logRecords(t, logs, "Gave up waiting for a lock; will try again later")
	if len(warns) == 0 {
		t.Fatal("no WARN about the lock")
	}
	if w := warns[0]; w["blocking_pid"] != float64(pid) || w["blocking_application"] != "billing" ||
		w["blocking_state"] != "idle in transaction" || w["blocking_for"] == nil || w["policy"] != "runs" || w["step"] != metrics.StepDeleteEntity {
		t.Errorf("lock WARN %v", w)
	}
	if rows := totalRows(rowsOf(t, b.pool, "r-held")); rows == 0 {
		t.Fatal("run deleted behind the lock?")
	}
	if err := app.Rollback(ctx); err != nil {
		t.Fatal(err)
	}
	if err := <-waited; err != nil {
		t.Fatalf("the waiting session: %v", err)
	}
	waited <- nil
	if err := waiter.Rollback(ctx); err != nil {
		t.Fatal(err)
	}
	j := waitJobCompleted(t, client, res.Job.ID)
	if len(j.Errors) != 0 {
		t.Errorf("deletion recorded errors %v; a lock timeout is no error", j.Errors)
	}
	if rows := totalRows(rowsOf(t, b.pool, "r-held")); rows != 0 {
		t.Errorf("%d rows of the run left", rows)
	}
	if got := metricValue(t, b.deps.Metrics.LockTimeouts.WithLabelValues("runs", metrics.StepDeleteEntity)); got < 1 {
		t.Errorf("lock timeouts %v", got)
	}
}

// TestIngestTakesLocksInOneOrder runs create_run (with an experiment) and
// add_to_experiment of the same new run and experiment concurrently, 200
// pairs: every job completes on its first attempt and none deadlocks.
func TestIngestTakesLocksInOneOrder(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	b := setupTomb(t)
	client := startClient(t, b.pool, b.deps, registerTombstone, 10)
	var params []river.InsertManyParams
	for i := range 200 {
		hash, experiment := fmt.Sprintf("pair-%03d", i), fmt.Sprintf("exp-%03d", i)
		params = append(params,
			river.InsertManyParams{Args: jobs.CreateRun{RunHash: hash, Name: "n", Experiment: experiment}},
			river.InsertManyParams{Args: jobs.AddToExperiment{RunHash: hash, Experiment: experiment}})
	}
	if _, err := client.InsertMany(ctx, params); err != nil {
		t.Fatal(err)
	}
	testenv.WaitUntil(t, 90*time.Second, "every ingestion job to complete (or fail)", func() (bool, error) {
		var done, failed int
		err := b.pool.QueryRow(ctx, `
			SELECT count(*) FILTER (WHERE state = 'completed'), count(*) FILTER (WHERE errors IS NOT NULL)
			FROM lethe.river_job WHERE kind IN ('lethe.create_run', 'lethe.add_to_experiment')`).Scan(&done, &failed)
		return done == 400 || failed > 0, err
	})
	var completed, retried, deadlocks int
	err := b.pool.QueryRow(ctx, `
		SELECT count(*) FILTER (WHERE state = 'completed' AND attempt = 1 AND coalesce(array_length(errors, 1), 0) = 0),
		       count(*) FILTER (WHERE attempt > 1 OR coalesce(array_length(errors, 1), 0) > 0),
		       count(*) FILTER (WHERE errors::text LIKE '%40P01%' OR errors::text LIKE '%deadlock%')
		FROM lethe.river_job WHERE kind IN ('lethe.create_run', 'lethe.add_to_experiment')`).Scan(&completed, &retried, &deadlocks)
	if err != nil {
		t.Fatal(err)
	}
	if completed != 400 || retried != 0 || deadlocks != 0 {
		t.Errorf("of 400 jobs: %d completed on the first attempt, %d retried, %d deadlocked", completed, retried, deadlocks)
	}
	var links int
	if err := b.pool.QueryRow(ctx, `SELECT count(*) FROM run_experiments WHERE run_hash LIKE 'pair-%'`).Scan(&links); err != nil || links != 200 {
		t.Errorf("%d links, want 200 (%v)", links, err)
	}
}

// TestIngestGivesWayToTableLock holds ACCESS EXCLUSIVE on run_metrics and
// run_blobs, as a migration would: log_metric (a write in a transaction)
// and put_run_blob (a write on a session's connection) give up after the
// run entity's lock_timeout instead of queueing, log the WARN, count the
// timeout, snooze without an error, and write once the lock is gone.
func TestIngestGivesWayToTableLock(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	const lockTimeout = 300 * time.Millisecond
	b := setupTomb(t, func(c *config.Config) {
		c.TombstoneFor("run").LockTimeout = config.Duration(lockTimeout)
	})
	logs := &testenv.LogBuffer{}
	b.deps.Logger = slog.New(slog.NewJSONHandler(logs, nil))
	b.ingestAll(t, "r-locked")
	client := startClient(t, b.pool, b.deps, registerTombstone, 4)

	app := appSession(t, b.pool)
	if _, err := app.Exec(ctx, `LOCK TABLE run_metrics, run_blobs IN ACCESS EXCLUSIVE MODE`); err != nil {
		t.Fatal(err)
	}
	watch := lockWaits(t, b.pool)
	var ids []int64
	for _, args := range []river.JobArgs{
		jobs.LogMetric{RunHash: "r-locked", Name: "loss", Context: "train", Step: 2, Value: 0.25},
		jobs.PutRunBlob{RunHash: "r-locked", Name: "ckpt/2", DataBase64: "d2VpZ2h0cw=="},
	} {
		res, err := client.Insert(ctx, args, nil)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, res.Job.ID)
	}
	for _, id := range ids {
		testenv.WaitUntil(t, 20*time.Second, "the write to snooze", func() (bool, error) {
			j, err := client.JobGet(ctx, id)
			return err == nil && len(j.Output()) > 0 && j.State != rivertype.JobStateRunning, err
		})
	}
	longest := watch()
	t.Logf("longest lock wait of a Lethe session behind ACCESS EXCLUSIVE: %s (lock_timeout %s)", longest, lockTimeout)
	if limit := lockTimeout + time.Second; longest > limit {
		t.Errorf("a session of Lethe's waited %s for a lock, want at most lock_timeout %s + 1s", longest, lockTimeout)
	}
	if got := metricValue(t, b.deps.Metrics.LockTimeouts.WithLabelValues("runs", metrics.StepIngest)); got < 2 {
		t.Errorf("lethe_lock_timeouts_total{runs,ingest} = %v, want at least 2", got)
	}
	warns := logRecords(t, logs, "Gave up waiting for a lock; will try again later")
	if len(warns) == 0 {
		t.Fatal("no WARN about the lock")
	}
	for _, w := range warns {
		if w["level"] != "WARN" || w["policy"] != "runs" || w["step"] != metrics.StepIngest || w["blocking_application"] != "billing" ||
			!strings.Contains(fmt.Sprint(w["waiting_on"]), "ACCESS EXCLUSIVE lock on run_") {
			t.Errorf("lock WARN %v", w)
		}
	}

	if err := app.Rollback(ctx); err != nil {
		t.Fatal(err)
	}
	for _, id := range ids {
		if j := waitJobCompleted(t, client, id); len(j.Errors) != 0 {
			t.Errorf("%s recorded errors %v; a lock timeout is no error", j.Kind, j.Errors)
		}
	}
	if rows := rowsOf(t, b.pool, "r-locked"); rows["run_metrics"] != 2 || rows["run_blobs"] != 2 {
		t.Errorf("rows after the lock: %v, want 2 metrics and 2 blobs", rows)
	}
}
