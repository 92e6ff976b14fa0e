package workers

import (
	"encoding/json"
	"fmt"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	dto "github.com/prometheus/client_model/go"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/lethehq/lethe/blob"
	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/internal/metrics"
	"github.com/lethehq/lethe/internal/testenv"
	"github.com/lethehq/lethe/jobs"
)

// expireBundle is what each expire test works on: a fresh migrated database,
// a fresh versitygw bucket and a running River client with the expire
// workers. Periodic jobs are not scheduled; tests insert the jobs they want.
type expireBundle struct {
	pool   *pgxpool.Pool
	store  *blob.S3
	blobs  *spanStore // store, as the workers see it
	cfg    *config.Config
	deps   *Deps
	client *river.Client[pgx.Tx]
}

// expirePolicyYAML is the pastes policy the tests start from; extra lines
// (indented by four spaces) override or add fields.
const expirePolicyYAML = `
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
    stuck_after: 2h
%s`

func expireSetup(t *testing.T, policyExtra string, mutate ...func(p *config.Expire)) *expireBundle {
	t.Helper()
	cfg, err := config.Parse([]byte(fmt.Sprintf(expirePolicyYAML, policyExtra)), nil)
	if err != nil {
		t.Fatalf("config: %v", err)
	}
	for _, m := range mutate {
		m(cfg.Expire("pastes"))
	}
	if err := cfg.Validate(); err != nil {
		t.Fatalf("config: %v", err)
	}
	b := &expireBundle{pool: testenv.MigratedPool(t), store: testenv.S3Store(t), cfg: cfg}
	b.blobs = &spanStore{Store: b.store}
	b.deps = &Deps{Config: cfg, Pool: b.pool, Blobs: b.blobs, Logger: slog.New(slog.DiscardHandler), Metrics: metrics.New()}
	b.client = startClient(t, b.pool, b.deps, registerExpire, 4)
	return b
}

// paste is a fixture row.
type paste struct {
	ID      int64
	BlobKey string
}

// expireInsertPastes is the fixture factory: n pastes expiring at expiresAt,
// each with a blob in store when store is not nil.
func expireInsertPastes(t *testing.T, pool *pgxpool.Pool, store blob.Store, n int, expiresAt time.Time) []paste {
	t.Helper()
	ctx := t.Context()
	rows, err := pool.Query(ctx, `
		INSERT INTO pastes (title, blob_key, expires_at)
		SELECT 'fixture ' || g, CASE WHEN $3 THEN 'pastes/' || md5(random()::text || g) END, $2
		FROM generate_series(1, $1) g
		RETURNING id, coalesce(blob_key, '')`, n, expiresAt, store != nil)
	if err != nil {
		t.Fatal(err)
	}
	pastes, err := pgx.CollectRows(rows, pgx.RowToStructByPos[paste])
	if err != nil {
		t.Fatal(err)
	}
	if store == nil {
		return pastes
	}
	var (
		wg   sync.WaitGroup
		errs = make(chan error, len(pastes))
		sem  = make(chan struct{}, 8)
	)
	for _, p := range pastes {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			errs <- store.Put(ctx, p.BlobKey, []byte("body of "+p.BlobKey))
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	return pastes
}

// runJob inserts args and waits until River finished the job (completed,
// cancelled or discarded) or it failed once (retryable); it returns the row.
func (b *expireBundle) runJob(t *testing.T, args river.JobArgs) *rivertype.JobRow {
	t.Helper()
	res, err := b.client.Insert(t.Context(), args, nil)
	if err != nil {
		t.Fatal(err)
	}
	return b.waitJob(t, res.Job.ID)
}

func (b *expireBundle) waitJob(t *testing.T, id int64) *rivertype.JobRow {
	t.Helper()
	return waitJob(t, b.client, id)
}

// plan runs the pastes policy's planner once, which must complete, and
// waits until every job it queued has finished.
func (b *expireBundle) plan(t *testing.T) {
	t.Helper()
	if job := b.runJob(t, jobs.ExpirePlan{Policy: "pastes"}); job.State != rivertype.JobStateCompleted {
		t.Fatalf("planner ended %s: %v", job.State, job.Errors)
	}
	b.waitIdle(t)
}

// waitIdle waits until no job is left to work.
func (b *expireBundle) waitIdle(t *testing.T) {
	t.Helper()
	testenv.WaitUntil(t, 60*time.Second, "every job to finish", func() (bool, error) {
		var n int
		err := b.pool.QueryRow(t.Context(), `SELECT count(*) FROM lethe.river_job WHERE state NOT IN ('completed', 'cancelled', 'discarded')`).Scan(&n)
		return n == 0, err
	})
}

// jobCount counts the River jobs of kind, in any state.
func (b *expireBundle) jobCount(t *testing.T, kind string) int {
	t.Helper()
	var n int
	if err := b.pool.QueryRow(t.Context(), `SELECT count(*) FROM lethe.river_job WHERE kind = $1`, kind).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// status counts the pastes by deletion status ("" for the rows gone).
func (b *expireBundle) status(t *testing.T, pastes []paste) map[string]int {
	t.Helper()
	ids := make([]int64, len(pastes))
	for i, p := range pastes {
		ids[i] = p.ID
	}
	rows, err := b.pool.Query(t.Context(), `SELECT deletion_status FROM pastes WHERE id = ANY($1)`, ids)
	if err != nil {
		t.Fatal(err)
	}
	statuses, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]int{"": len(pastes) - len(statuses)}
	for _, s := range statuses {
		out[s]++
	}
	return out
}

// blobsLeft counts the pastes whose blob still exists.
func (b *expireBundle) blobsLeft(t *testing.T, pastes []paste) int {
	t.Helper()
	n := 0
	for _, p := range pastes {
		ok, err := b.store.Exists(t.Context(), p.BlobKey)
		if err != nil {
			t.Fatal(err)
		}
		if ok {
			n++
		}
	}
	return n
}

func (b *expireBundle) table(t *testing.T) *db.ExpireTable {
	t.Helper()
	table, err := db.LookupExpireTable(t.Context(), b.pool, ExpireColumns(b.cfg.Expire("pastes")))
	if err != nil {
		t.Fatal(err)
	}
	return table
}

// claim claims up to limit rows as the planner would, without inserting a
// job, and returns how many it claimed and the claim's timestamp.
func (b *expireBundle) claim(t *testing.T, limit int) (int, time.Time) {
	t.Helper()
	var (
		n  int
		at time.Time
	)
	err := db.Timeouts{}.InTx(t.Context(), b.pool, func(tx db.Bounded) error {
		c, err := b.table(t).Claim(t.Context(), tx, limit, db.ClaimCursor{})
		n, at = c.Rows, c.At
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return n, at
}

func TestExpire(t *testing.T) {
	t.Parallel()

	t.Run("OnlyExpiredRowsAndTheirBlobsAreRemoved", func(t *testing.T) {
		t.Parallel()
		b := expireSetup(t, "")
		expired := expireInsertPastes(t, b.pool, b.store, 250, time.Now().Add(-time.Hour))
		fresh := expireInsertPastes(t, b.pool, b.store, 50, time.Now().Add(time.Hour))

		b.plan(t)

		if got := b.status(t, expired); got[""] != len(expired) {
			t.Errorf("expired pastes by status = %v, want all %d gone", got, len(expired))
		}
		if n := b.blobsLeft(t, expired); n != 0 {
			t.Errorf("%d blobs of expired pastes left", n)
		}
		if got := b.status(t, fresh); got[db.StatusNotExpired] != len(fresh) {
			t.Errorf("fresh pastes by status = %v, want all %d NOT_EXPIRED", got, len(fresh))
		}
		if n := b.blobsLeft(t, fresh); n != len(fresh) {
			t.Errorf("%d of %d blobs of fresh pastes left", n, len(fresh))
		}
		if n := b.blobs.yieldedDeletes(); n != 0 {
			t.Errorf("%d blob deletes went through the store's yielding side with no foreground to yield to, want none", n)
		}

		// Three batches of 100, 100 and 50, each audited.
		audit, err := db.ListAudit(t.Context(), b.pool, "pastes", 100)
		if err != nil {
			t.Fatal(err)
		}
		checkAuditTimes(t, audit)
		var rows, blobs int64
		for _, e := range audit {
			if e.Action != db.ActionExpireBatch || e.Outcome != db.OutcomeOK || e.JobID == nil {
				t.Errorf("audit entry %+v, want an ok expire_batch with a job id", e)
			}
			rows += e.RowsDeleted
			blobs += e.BlobsDeleted
		}
		if len(audit) != 3 || rows != 250 || blobs != 250 {
			t.Errorf("audit: %d entries, %d rows, %d blobs; want 3, 250, 250", len(audit), rows, blobs)
		}
	})

	t.Run("BadBlobKeysAreSetAsideAndNeverStallTheBatch", func(t *testing.T) {
		t.Parallel()
		b := expireSetup(t, "", func(p *config.Expire) { p.BatchSize = 1000 })
		root := testenv.S3Root(t)
		outsideDir := filepath.Join(filepath.Dir(root), "outside-"+b.store.Bucket())
		if err := os.MkdirAll(outsideDir, 0o755); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = os.RemoveAll(outsideDir) })
		victim := filepath.Join(outsideDir, "victim")
		if err := os.WriteFile(victim, []byte("outside the bucket"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := b.store.Put(t.Context(), "runs/r1/ckpt", []byte("another policy's blob")); err != nil {
			t.Fatal(err)
		}

		good := expireInsertPastes(t, b.pool, b.store, 997, time.Now().Add(-time.Hour))
		var bad []paste
		for _, key := range []string{"../../outside-" + b.store.Bucket() + "/victim", "pastes/../runs/r1/ckpt", "runs/r1/ckpt"} {
			var p paste
			err := b.pool.QueryRow(t.Context(), `INSERT INTO pastes (title, blob_key, expires_at) VALUES ('bad', $1, now() - interval '1 hour') RETURNING id, blob_key`, key).Scan(&p.ID, &p.BlobKey)
			if err != nil {
				t.Fatal(err)
			}
			bad = append(bad, p)
		}

		b.plan(t)

		if got := b.status(t, good); got[""] != len(good) {
			t.Errorf("good pastes by status = %v, want all %d gone", got, len(good))
		}
		if n := b.blobsLeft(t, good); n != 0 {
			t.Errorf("%d blobs of good pastes left", n)
		}
		if got := b.status(t, bad); got[db.StatusDeletionInProgress] != len(bad) {
			t.Errorf("bad pastes by status = %v, want all %d set aside in DELETION_IN_PROGRESS", got, len(bad))
		}
		if data, err := os.ReadFile(victim); err != nil || string(data) != "outside the bucket" {
			t.Errorf("the file beside the bucket changed: %q, %v", data, err)
		}
		if ok, err := b.store.Exists(t.Context(), "runs/r1/ckpt"); err != nil || !ok {
			t.Errorf("another policy's blob is gone (exists %v, %v)", ok, err)
		}

		// Visible: a count, an audit entry naming the policy, a metric.
		counts, err := db.CountStatus(t.Context(), db.Timeouts{}.Pool(b.pool), db.StatusTable{
			Table: "pastes", ExpiresAtColumn: "expires_at", StatusColumn: "deletion_status",
			InitiatedAtColumn: "deletion_initiated_at", StuckAfter: time.Nanosecond,
		}, 1000)
		if err != nil {
			t.Fatal(err)
		}
		if counts.SetAside != 3 || counts.Stuck != 0 {
			t.Errorf("counts %+v: want 3 set aside and none stuck", counts)
		}
		audit, err := db.ListAudit(t.Context(), b.pool, "pastes", 100)
		if err != nil {
			t.Fatal(err)
		}
		if i := slices.IndexFunc(audit, func(e db.AuditEntry) bool { return e.Action == db.ActionExpireSetAside }); i < 0 ||
			audit[i].Outcome != db.OutcomeError || !strings.Contains(audit[i].Error, "3 rows set aside") {
			t.Errorf("no set-aside audit entry naming 3 rows: %+v", audit)
		}
		var metric dto.Metric
		if err := b.deps.Metrics.RowsSetAside.WithLabelValues("pastes").Write(&metric); err != nil || metric.GetCounter().GetValue() != 3 {
			t.Errorf("lethe_rows_set_aside_total = %v (%v), want 3", metric.GetCounter().GetValue(), err)
		}

		// Not re-claimed, not reset by the watchdog, however old.
		if job := b.runJob(t, jobs.ExpirePlan{Policy: "pastes"}); job.State != rivertype.JobStateCompleted {
			t.Fatalf("second planner ended %s: %v", job.State, job.Errors)
		}
		if n := expireResetStuck(t, b.pool, b.table(t), time.Nanosecond); n != 0 {
			t.Errorf("watchdog reset %d set-aside rows, want 0", n)
		}
		b.waitIdle(t)
		if got := b.status(t, bad); got[db.StatusDeletionInProgress] != len(bad) {
			t.Errorf("after a second run, bad pastes by status = %v", got)
		}

		// Released after a fix, a row goes the normal way.
		if _, err := b.pool.Exec(t.Context(), `UPDATE pastes SET blob_key = NULL WHERE id = $1`, bad[0].ID); err != nil {
			t.Fatal(err)
		}
		if n, err := b.table(t).Release(t.Context(), db.Timeouts{}.Pool(b.pool)); err != nil || n != 3 {
			t.Fatalf("released %d rows (%v), want 3", n, err)
		}
		if job := b.runJob(t, jobs.ExpirePlan{Policy: "pastes"}); job.State != rivertype.JobStateCompleted {
			t.Fatalf("third planner ended %s: %v", job.State, job.Errors)
		}
		b.waitIdle(t)
		if got := b.status(t, bad); got[""] != 1 || got[db.StatusDeletionInProgress] != 2 {
			t.Errorf("after release, bad pastes by status = %v: want the fixed one gone, two set aside again", got)
		}
	})

	t.Run("StaleBatchCannotDeleteResetOrReclaimedRows", func(t *testing.T) {
		t.Parallel()
		b := expireSetup(t, "")
		pastes := expireInsertPastes(t, b.pool, b.store, 40, time.Now().Add(-time.Hour))

		// A batch is claimed, its worker stalls, the watchdog resets the
		// rows and the planner claims half of them again.
		oldRows, oldAt := b.claim(t, 100)
		if n := expireResetStuck(t, b.pool, b.table(t), time.Nanosecond); n != 40 {
			t.Fatalf("reset = %d; want 40", n)
		}
		newRows, newAt := b.claim(t, 20)

		// The stale job finally runs: it must touch nothing.
		job := b.runJob(t, jobs.ExpireBatch{Policy: "pastes", ClaimedAt: oldAt, Rows: oldRows})
		if job.State != rivertype.JobStateCompleted {
			t.Fatalf("stale batch ended %s: %v", job.State, job.Errors)
		}
		if got := b.status(t, pastes); got[db.StatusDeletionInProgress] != 20 || got[db.StatusNotExpired] != 20 {
			t.Errorf("after stale batch: pastes by status = %v, want 20 in progress, 20 not expired", got)
		}
		if n := b.blobsLeft(t, pastes); n != 40 {
			t.Errorf("after stale batch: %d of 40 blobs left", n)
		}
		var heldNew int
		if err := b.pool.QueryRow(t.Context(), `SELECT count(*) FROM pastes WHERE deletion_initiated_at = $1`, newAt).Scan(&heldNew); err != nil {
			t.Fatal(err)
		}
		if heldNew != 20 {
			t.Errorf("%d rows hold the new claim, want 20", heldNew)
		}

		// The current claim's job deletes its rows and only those.
		if job := b.runJob(t, jobs.ExpireBatch{Policy: "pastes", ClaimedAt: newAt, Rows: newRows}); job.State != rivertype.JobStateCompleted {
			t.Fatalf("new batch ended %s: %v", job.State, job.Errors)
		}
		if got := b.status(t, pastes); got[""] != 20 || got[db.StatusNotExpired] != 20 {
			t.Errorf("after new batch: pastes by status = %v, want 20 gone, 20 not expired", got)
		}
		if n := b.blobsLeft(t, pastes); n != 20 {
			t.Errorf("after new batch: %d blobs left, want 20", n)
		}
	})

	t.Run("BlobStoreDownKeepsRowsUntilItReturns", func(t *testing.T) {
		t.Parallel()
		b := expireSetup(t, "")
		pastes := expireInsertPastes(t, b.pool, b.store, 30, time.Now().Add(-time.Hour))
		// Stop the working client; a second one sees an S3 endpoint where
		// nothing listens.
		if err := b.client.Stop(t.Context()); err != nil {
			t.Fatal(err)
		}
		down := expireDeadS3(t, b.store.Bucket())
		downDeps := *b.deps
		downDeps.Blobs = down
		b.client = startClient(t, b.pool, &downDeps, registerExpire, 4)

		if job := b.runJob(t, jobs.ExpirePlan{Policy: "pastes"}); job.State != rivertype.JobStateCompleted {
			t.Fatalf("planner ended %s: %v", job.State, job.Errors)
		}
		var batchID int64
		if err := b.pool.QueryRow(t.Context(), `SELECT id FROM lethe.river_job WHERE kind = 'lethe.expire_batch'`).Scan(&batchID); err != nil {
			t.Fatal(err)
		}
		job := b.waitJob(t, batchID)
		if job.State != rivertype.JobStateRetryable || len(job.Errors) == 0 {
			t.Fatalf("batch with S3 down ended %s (errors %v), want retryable with an error", job.State, job.Errors)
		}
		if err := b.client.Stop(t.Context()); err != nil {
			t.Fatal(err)
		}
		if got := b.status(t, pastes); got[db.StatusDeletionInProgress] != 30 {
			t.Errorf("with S3 down: pastes by status = %v, want all 30 still claimed", got)
		}
		if n := b.blobsLeft(t, pastes); n != 30 {
			t.Errorf("with S3 down: %d of 30 blobs left", n)
		}
		audit, err := db.ListAudit(t.Context(), b.pool, "pastes", 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(audit) == 0 {
			t.Errorf("no audit entry with S3 down, want the failed attempts")
		}
		for _, e := range audit {
			if e.Outcome != db.OutcomeError || e.RowsDeleted != 0 || !strings.Contains(e.Error, "connection refused") {
				t.Errorf("audit entry with S3 down = %+v, want an error without rows", e)
			}
		}

		// S3 is back: the next attempt finishes the batch.
		b.client = startClient(t, b.pool, b.deps, registerExpire, 4)
		if _, err := b.client.JobRetry(t.Context(), batchID); err != nil {
			t.Fatal(err)
		}
		testenv.WaitUntil(t, 30*time.Second, "retried batch to complete", func() (bool, error) {
			job, err := b.client.JobGet(t.Context(), batchID)
			return err == nil && job.State == rivertype.JobStateCompleted, err
		})
		if got := b.status(t, pastes); got[""] != 30 {
			t.Errorf("after S3 returned: pastes by status = %v, want all gone", got)
		}
		if n := b.blobsLeft(t, pastes); n != 0 {
			t.Errorf("after S3 returned: %d blobs left", n)
		}
	})

	t.Run("ConcurrentPlannersNeverClaimTheSameRow", func(t *testing.T) {
		t.Parallel()
		b := expireSetup(t, "", func(p *config.Expire) { p.BatchSize = 25 })
		if err := b.client.Stop(t.Context()); err != nil {
			t.Fatal(err)
		}
		expireInsertPastes(t, b.pool, nil, 2000, time.Now().Add(-time.Hour))
		// Two clients, four planner jobs, all running at once: a row
		// claimed twice would show as a key in two batch jobs.
		var clients []*river.Client[pgx.Tx]
		for range 2 {
			clients = append(clients, startClient(t, b.pool, b.deps, registerExpire, 4))
		}
		var params []river.InsertManyParams
		for range 4 {
			params = append(params, river.InsertManyParams{Args: jobs.ExpirePlan{Policy: "pastes"}})
		}
		if _, err := clients[0].InsertMany(t.Context(), params); err != nil {
			t.Fatal(err)
		}
		b.client = clients[1]
		b.waitIdle(t)

		// A row claimed by two batches would count in both planners'
		// claims and be deleted by only one of their jobs.
		rows, err := b.pool.Query(t.Context(), `SELECT args FROM lethe.river_job WHERE kind = 'lethe.expire_batch'`)
		if err != nil {
			t.Fatal(err)
		}
		argsList, err := pgx.CollectRows(rows, pgx.RowTo[[]byte])
		if err != nil {
			t.Fatal(err)
		}
		claimed, claims := 0, map[time.Time]bool{}
		for _, raw := range argsList {
			var args jobs.ExpireBatch
			if err := json.Unmarshal(raw, &args); err != nil {
				t.Fatal(err)
			}
			if claims[args.ClaimedAt] {
				t.Errorf("two batches claimed at %s", args.ClaimedAt)
			}
			claims[args.ClaimedAt] = true
			claimed += args.Rows
		}
		if claimed != 2000 {
			t.Errorf("%d rows claimed in %d batches, want 2000", claimed, len(argsList))
		}
		audit, err := db.ListAudit(t.Context(), b.pool, "pastes", 1000)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range audit {
			if e.Action == db.ActionExpireBatch && e.Outcome != db.OutcomeOK {
				t.Errorf("batch of job %v: outcome %s, want ok (every claimed row deleted by its own batch)", e.JobID, e.Outcome)
			}
		}
		var left int
		if err := b.pool.QueryRow(t.Context(), `SELECT count(*) FROM pastes`).Scan(&left); err != nil {
			t.Fatal(err)
		}
		if left != 0 {
			t.Errorf("%d pastes left", left)
		}
	})

	t.Run("ConcurrentClaimsAreDisjoint", func(t *testing.T) {
		t.Parallel()
		b := expireSetup(t, "")
		expireInsertPastes(t, b.pool, nil, 3000, time.Now().Add(-time.Hour))
		table := b.table(t)
		var (
			mu     sync.Mutex
			claims = map[time.Time]int{} // rows claimed, by claim timestamp
			wg     sync.WaitGroup
		)
		for range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					var (
						n  int
						at time.Time
					)
					err := db.Timeouts{}.InTx(t.Context(), b.pool, func(tx db.Bounded) error {
						c, err := table.Claim(t.Context(), tx, 37, db.ClaimCursor{})
						n, at = c.Rows, c.At
						return err
					})
					if err != nil {
						t.Error(err)
						return
					}
					if n == 0 {
						return
					}
					mu.Lock()
					claims[at] += n
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		// A row claimed twice would be counted by both claims but hold
		// only the later one's timestamp.
		total := 0
		for at, n := range claims {
			total += n
			var holding int
			if err := b.pool.QueryRow(t.Context(), `SELECT count(*) FROM pastes WHERE deletion_initiated_at = $1`, at).Scan(&holding); err != nil {
				t.Fatal(err)
			}
			if holding != n {
				t.Errorf("claim at %s took %d rows, %d hold it", at, n, holding)
			}
		}
		if total != 3000 {
			t.Errorf("%d rows claimed, want 3000", total)
		}
	})

	t.Run("WatchdogResetsOnlyRowsStuckLongerThanStuckAfter", func(t *testing.T) {
		t.Parallel()
		b := expireSetup(t, "", func(p *config.Expire) { p.BatchSize = 7 })
		stuck := expireInsertPastes(t, b.pool, b.store, 20, time.Now().Add(-3*time.Hour))
		working := expireInsertPastes(t, b.pool, b.store, 10, time.Now().Add(-3*time.Hour))
		expireSetClaim(t, b.pool, stuck, time.Now().Add(-3*time.Hour))
		expireSetClaim(t, b.pool, working, time.Now().Add(-10*time.Minute))

		p := b.cfg.Expire("pastes")
		status := db.StatusTable{Table: p.Table, ExpiresAtColumn: p.ExpiresAtColumn, StatusColumn: p.StatusColumn,
			InitiatedAtColumn: p.InitiatedAtColumn, StuckAfter: 2 * time.Hour}
		counts, err := db.CountStatus(t.Context(), db.Timeouts{}.Pool(b.pool), status, 1000)
		if err != nil {
			t.Fatal(err)
		}
		if counts.Backlog != 0 || counts.InProgress != 30 || counts.Stuck != 20 {
			t.Errorf("counts before the watchdog = %+v, want 30 in progress, 20 stuck", counts)
		}
		if job := b.runJob(t, jobs.ExpireWatchdog{Policy: "pastes"}); job.State != rivertype.JobStateCompleted {
			t.Fatalf("watchdog ended %s: %v", job.State, job.Errors)
		}
		if counts, err = db.CountStatus(t.Context(), db.Timeouts{}.Pool(b.pool), status, 1000); err != nil {
			t.Fatal(err)
		}
		if counts.Backlog != 20 || counts.InProgress != 10 || counts.Stuck != 0 {
			t.Errorf("counts after the watchdog = %+v, want 20 backlog, 10 in progress", counts)
		}
		var reset int
		if err := b.pool.QueryRow(t.Context(), `
			SELECT count(*) FROM pastes
			WHERE id = ANY($1) AND deletion_status = 'NOT_EXPIRED' AND deletion_initiated_at IS NULL`,
			expireIDs(stuck)).Scan(&reset); err != nil {
			t.Fatal(err)
		}
		if reset != 20 {
			t.Errorf("%d of 20 stuck rows reset", reset)
		}
		if got := b.status(t, working); got[db.StatusDeletionInProgress] != 10 {
			t.Errorf("rows claimed 10 minutes ago by status = %v, want all in progress", got)
		}
		if n := b.blobsLeft(t, append(stuck, working...)); n != 30 {
			t.Errorf("%d of 30 blobs left; the watchdog deletes nothing", n)
		}
		audit, err := db.ListAudit(t.Context(), b.pool, "pastes", 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(audit) != 1 || audit[0].Action != db.ActionWatchdog || audit[0].Detail["rows_reset"] != float64(20) {
			t.Errorf("audit = %+v, want one watchdog entry with rows_reset 20", audit)
		}
	})

	t.Run("MarkSetsDeletedAndKeepsRows", func(t *testing.T) {
		t.Parallel()
		b := expireSetup(t, "", func(p *config.Expire) { p.OnDelete = "mark" })
		expired := expireInsertPastes(t, b.pool, b.store, 120, time.Now().Add(-time.Hour))
		fresh := expireInsertPastes(t, b.pool, b.store, 10, time.Now().Add(time.Hour))
		b.runJob(t, jobs.ExpirePlan{Policy: "pastes"})
		b.waitIdle(t)
		if got := b.status(t, expired); got[db.StatusDeleted] != 120 {
			t.Errorf("expired pastes by status = %v, want all DELETED", got)
		}
		if n := b.blobsLeft(t, expired); n != 0 {
			t.Errorf("%d blobs of marked pastes left", n)
		}
		if got := b.status(t, fresh); got[db.StatusNotExpired] != 10 {
			t.Errorf("fresh pastes by status = %v", got)
		}
		// DELETED is terminal: the next run claims nothing.
		b.runJob(t, jobs.ExpirePlan{Policy: "pastes"})
		b.waitIdle(t)
		if batches := b.jobCount(t, jobs.KindExpireBatch); batches != 2 {
			t.Errorf("%d batch jobs, want 2 (the second planner run claims nothing)", batches)
		}
	})

	t.Run("PausedPolicyDoesNothing", func(t *testing.T) {
		t.Parallel()
		b := expireSetup(t, "")
		expired := expireInsertPastes(t, b.pool, b.store, 20, time.Now().Add(-time.Hour))
		stuck := expireInsertPastes(t, b.pool, b.store, 5, time.Now().Add(-time.Hour))
		expireSetClaim(t, b.pool, stuck, time.Now().Add(-3*time.Hour))
		if err := db.SetPolicyPaused(t.Context(), b.pool, "pastes", true); err != nil {
			t.Fatal(err)
		}
		b.runJob(t, jobs.ExpirePlan{Policy: "pastes"})
		b.runJob(t, jobs.ExpireWatchdog{Policy: "pastes"})
		b.waitIdle(t)
		if got := b.status(t, expired); got[db.StatusNotExpired] != 20 {
			t.Errorf("paused: expired pastes by status = %v, want untouched", got)
		}
		if got := b.status(t, stuck); got[db.StatusDeletionInProgress] != 5 {
			t.Errorf("paused: stuck pastes by status = %v, want untouched", got)
		}

		if err := db.SetPolicyPaused(t.Context(), b.pool, "pastes", false); err != nil {
			t.Fatal(err)
		}
		b.runJob(t, jobs.ExpirePlan{Policy: "pastes"})
		b.waitIdle(t)
		if got := b.status(t, expired); got[""] != 20 {
			t.Errorf("resumed: expired pastes by status = %v, want all gone", got)
		}
	})

	t.Run("KeysOfAnyType", func(t *testing.T) {
		t.Parallel()
		for _, keyType := range []string{"uuid", "text", "integer"} {
			t.Run(keyType, func(t *testing.T) {
				t.Parallel()
				b := expireSetup(t, `  - name: docs
    kind: expire
    table: Docs
    key_column: DocKey
    blob_key_column: blob_key
    batch_size: 10
`)
				def := map[string]string{"uuid": "gen_random_uuid()", "text": "'doc-' || g", "integer": "g"}[keyType]
				if _, err := b.pool.Exec(t.Context(), `
					CREATE TABLE "Docs" ("DocKey" `+keyType+` PRIMARY KEY, expires_at timestamptz NOT NULL,
						deletion_status text NOT NULL DEFAULT 'NOT_EXPIRED', deletion_initiated_at timestamptz,
						blob_key text);
					INSERT INTO "Docs" ("DocKey", expires_at)
					SELECT `+def+`, now() + CASE WHEN g % 2 = 0 THEN interval '-1 hour' ELSE interval '1 hour' END
					FROM generate_series(1, 45) g`); err != nil {
					t.Fatal(err)
				}
				b.runJob(t, jobs.ExpirePlan{Policy: "docs"})
				b.waitIdle(t)
				var left, expiredLeft int
				if err := b.pool.QueryRow(t.Context(), `SELECT count(*), count(*) FILTER (WHERE expires_at < now()) FROM "Docs"`).Scan(&left, &expiredLeft); err != nil {
					t.Fatal(err)
				}
				if left != 23 || expiredLeft != 0 {
					t.Errorf("%d docs left, %d of them expired; want 23 live ones", left, expiredLeft)
				}
			})
		}
	})

	t.Run("ClaimTimestampNamesOneBatch", func(t *testing.T) {
		t.Parallel()
		b := expireSetup(t, "")
		at := time.Now().Add(-time.Minute).Truncate(time.Microsecond)
		first, err := b.client.Insert(t.Context(), jobs.ExpireBatch{Policy: "pastes", ClaimedAt: at, Rows: 3}, expireBatchInsertOpts())
		if err != nil {
			t.Fatal(err)
		}
		b.waitIdle(t)
		// The first batch is done; a second claim with its timestamp (a
		// planner transaction started in the same microsecond) must still
		// be refused, so the planner rolls it back and claims again.
		for _, rows := range []int{3, 7} {
			res, err := b.client.Insert(t.Context(), jobs.ExpireBatch{Policy: "pastes", ClaimedAt: at, Rows: rows}, expireBatchInsertOpts())
			if err != nil {
				t.Fatal(err)
			}
			if !res.UniqueSkippedAsDuplicate || res.Job.ID != first.Job.ID {
				t.Errorf("second batch claimed at the same time (%d rows): inserted as job %d, want skipped as a duplicate of job %d",
					rows, res.Job.ID, first.Job.ID)
			}
		}
		other, err := b.client.Insert(t.Context(), jobs.ExpireBatch{Policy: "other", ClaimedAt: at}, expireBatchInsertOpts())
		if err != nil {
			t.Fatal(err)
		}
		if other.UniqueSkippedAsDuplicate {
			t.Error("another policy's batch at the same time was refused")
		}
	})

	t.Run("PartitionedTableLosesOnlyExpiredRows", func(t *testing.T) {
		t.Parallel()
		b := expireSetup(t, `  - name: events
    kind: expire
    table: events
    batch_size: 7
`)
		// Expired rows in one partition, live ones in the other, at the
		// same ctids and with the same ids: a claim that found its rows by
		// ctid alone, or by key, would take the live partition's too.
		if _, err := b.pool.Exec(t.Context(), `
			CREATE TABLE events (id bigint NOT NULL, expired boolean NOT NULL, expires_at timestamptz NOT NULL,
				deletion_status text NOT NULL DEFAULT 'NOT_EXPIRED', deletion_initiated_at timestamptz,
				PRIMARY KEY (id, expired)) PARTITION BY LIST (expired);
			CREATE TABLE events_expired PARTITION OF events FOR VALUES IN (true);
			CREATE TABLE events_live PARTITION OF events FOR VALUES IN (false);
			INSERT INTO events (id, expired, expires_at)
			SELECT (g - 1) % 30 + 1, g <= 30, CASE WHEN g <= 30 THEN now() - interval '1 hour' ELSE now() + interval '1 hour' END
			FROM generate_series(1, 60) g`); err != nil {
			t.Fatal(err)
		}
		if job := b.runJob(t, jobs.ExpirePlan{Policy: "events"}); job.State != rivertype.JobStateCompleted {
			t.Fatalf("planner ended %s: %v", job.State, job.Errors)
		}
		b.waitIdle(t)
		var expiredLeft, live int
		if err := b.pool.QueryRow(t.Context(), `
			SELECT count(*) FILTER (WHERE expired), count(*) FILTER (WHERE NOT expired AND deletion_status = 'NOT_EXPIRED')
			FROM events`).Scan(&expiredLeft, &live); err != nil {
			t.Fatal(err)
		}
		if expiredLeft != 0 || live != 30 {
			t.Errorf("%d expired events left, %d of 30 live ones untouched; want 0 and 30", expiredLeft, live)
		}
	})

	t.Run("PartitionedTableWatchdogResetsOnlyStuckRows", func(t *testing.T) {
		t.Parallel()
		b := expireSetup(t, `  - name: events
    kind: expire
    table: events
`)
		// The same ids in both partitions: rows stuck for three hours in
		// one, rows claimed a minute ago in the other.
		if _, err := b.pool.Exec(t.Context(), `
			CREATE TABLE events (id bigint NOT NULL, stuck boolean NOT NULL, expires_at timestamptz NOT NULL,
				deletion_status text NOT NULL DEFAULT 'NOT_EXPIRED', deletion_initiated_at timestamptz,
				PRIMARY KEY (id, stuck)) PARTITION BY LIST (stuck);
			CREATE TABLE events_stuck PARTITION OF events FOR VALUES IN (true);
			CREATE TABLE events_working PARTITION OF events FOR VALUES IN (false);
			INSERT INTO events (id, stuck, expires_at, deletion_status, deletion_initiated_at)
			SELECT (g - 1) % 20 + 1, g <= 20, now() - interval '4 hours', 'DELETION_IN_PROGRESS',
			       now() - CASE WHEN g <= 20 THEN interval '3 hours' ELSE interval '1 minute' END
			FROM generate_series(1, 40) g`); err != nil {
			t.Fatal(err)
		}
		table, err := db.LookupExpireTable(t.Context(), b.pool, ExpireColumns(b.cfg.Expire("events")))
		if err != nil {
			t.Fatal(err)
		}
		if n := expireResetStuck(t, b.pool, table, 2*time.Hour); n != 20 {
			t.Fatalf("reset = %d; want 20", n)
		}
		var stuckLeft, working int
		if err := b.pool.QueryRow(t.Context(), `
			SELECT count(*) FILTER (WHERE stuck AND deletion_status <> 'NOT_EXPIRED'),
			       count(*) FILTER (WHERE NOT stuck AND deletion_status = 'DELETION_IN_PROGRESS')
			FROM events`).Scan(&stuckLeft, &working); err != nil {
			t.Fatal(err)
		}
		if stuckLeft != 0 || working != 20 {
			t.Errorf("%d stuck events not reset, %d of 20 working ones still claimed; want 0 and 20", stuckLeft, working)
		}
	})

	t.Run("MissingIndexesAreNamedWithTheirFix", func(t *testing.T) {
		t.Parallel()
		b := expireSetup(t, "")
		table := b.table(t)
		if len(table.Warnings) != 0 {
			t.Errorf("pastes (migrated, both indexes): warnings %q, want none", table.Warnings)
		}
		if _, err := b.pool.Exec(t.Context(), `DROP INDEX pastes_in_progress_idx`); err != nil {
			t.Fatal(err)
		}
		const want = `policy pastes: table pastes has no index on deletion_initiated_at, so every batch and watchdog run scans the table; ` +
			`create one: CREATE INDEX ON "pastes" ("deletion_initiated_at") WHERE "deletion_status" = 'DELETION_IN_PROGRESS'`
		if got := b.table(t).Warnings; len(got) != 1 || got[0] != want {
			t.Errorf("without the in-progress index: warnings %q, want [%q]", got, want)
		}
	})

	t.Run("MissingColumnFailsNamingIt", func(t *testing.T) {
		t.Parallel()
		b := expireSetup(t, "", func(p *config.Expire) { p.StatusColumn = "state" })
		expireInsertPastes(t, b.pool, nil, 5, time.Now().Add(-time.Hour))
		job := b.runJob(t, jobs.ExpirePlan{Policy: "pastes"})
		if job.State != rivertype.JobStateRetryable || len(job.Errors) == 0 {
			t.Fatalf("planner on a missing column ended %s, want retryable", job.State)
		}
		const want = `policy pastes: status_column: table "pastes" has no column "state"`
		if msg := job.Errors[0].Error; !strings.Contains(msg, want) {
			t.Errorf("error = %q, want it to contain %q", msg, want)
		}
		state, err := db.GetPolicyState(t.Context(), b.pool, "pastes")
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(state.LastError, want) {
			t.Errorf("policy's last error = %q, want it to contain %q", state.LastError, want)
		}
	})
}

// expireSetClaim marks pastes DELETION_IN_PROGRESS as if claimed at at.
func expireSetClaim(t *testing.T, pool *pgxpool.Pool, pastes []paste, at time.Time) {
	t.Helper()
	if _, err := pool.Exec(t.Context(), `
		UPDATE pastes SET deletion_status = 'DELETION_IN_PROGRESS', deletion_initiated_at = $2
		WHERE id = ANY($1)`, expireIDs(pastes), at); err != nil {
		t.Fatal(err)
	}
}

func expireIDs(pastes []paste) []int64 {
	ids := make([]int64, len(pastes))
	for i, p := range pastes {
		ids[i] = p.ID
	}
	return slices.Clip(ids)
}

// expireDeadS3 returns a store for bucket on a loopback port where nothing
// listens: every request fails to connect, as when S3 is unreachable.
func expireDeadS3(t *testing.T, bucket string) *blob.S3 {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	store, err := blob.NewS3(t.Context(), blob.S3Options{
		Endpoint: "http://" + addr, Bucket: bucket, PathStyle: true,
		AccessKeyID: "nobody", SecretAccessKey: "nothing",
	})
	if err != nil {
		t.Fatal(err)
	}
	return store
}
