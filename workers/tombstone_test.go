package workers

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertype"

	"github.com/lethehq/lethe/blob"
	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/internal/metrics"
	"github.com/lethehq/lethe/internal/testenv"
	"github.com/lethehq/lethe/jobs"
	"github.com/lethehq/lethe/tombstone"
)

type tombBundle struct {
	ctx    context.Context
	pool   *pgxpool.Pool
	blobs  blob.Store
	deps   *Deps
	ent    *entities
	client *river.Client[pgx.Tx] // insert-only
	policy *config.Tombstone
}

// setupTomb builds the tombstone workers' state on a fresh database and
// bucket. The cache TTL is 1ns unless mutate changes it, so every guard
// decision in these tests is the database's.
func setupTomb(t testing.TB, mutate ...func(*config.Config)) *tombBundle {
	t.Helper()
	cfg, err := config.Parse(config.Default, nil)
	if err != nil {
		t.Fatal(err)
	}
	p := cfg.Tombstone("runs")
	p.DeletedCacheTTL = config.Duration(time.Nanosecond)
	for _, m := range mutate {
		m(cfg)
	}
	pool := testenv.MigratedPool(t)
	deps := &Deps{
		Config: cfg, Pool: pool, Blobs: testenv.S3Store(t), Metrics: metrics.New(),
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
	}
	ent, err := newEntities(deps)
	if err != nil {
		t.Fatal(err)
	}
	client, err := river.NewClient(riverpgxv5.New(pool), &river.Config{Logger: deps.Logger, Schema: config.DefaultRiverSchema})
	if err != nil {
		t.Fatal(err)
	}
	return &tombBundle{ctx: t.Context(), pool: pool, blobs: deps.Blobs, deps: deps, ent: ent, client: client, policy: cfg.Tombstone("runs")}
}

// ingestAll writes one of every ingestion kind for hash and fails on error.
// It returns how many writes were skipped.
func (b *tombBundle) ingestAll(t *testing.T, hash string) int {
	t.Helper()
	skipped := 0
	check := func(s bool, err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		if s {
			skipped++
		}
	}
	check(createRunWorker(b.ent).apply(b.ctx, jobs.CreateRun{RunHash: hash, Name: "run " + hash, Experiment: "exp"}))
	check(logMetricWorker(b.ent).apply(b.ctx, jobs.LogMetric{RunHash: hash, Name: "loss", Context: "train", Step: 1, Value: 0.5}))
	check(setTagWorker(b.ent).apply(b.ctx, jobs.SetTag{RunHash: hash, Tag: "best"}))
	check(setAttributeWorker(b.ent).apply(b.ctx, jobs.SetAttribute{RunHash: hash, Key: "lr", Value: 0.01}))
	check(addToExperimentWorker(b.ent).apply(b.ctx, jobs.AddToExperiment{RunHash: hash, Experiment: "exp2"}))
	check(putRunBlobWorker(b.ent).apply(b.ctx, jobs.PutRunBlob{RunHash: hash, Name: "ckpt/1", DataBase64: base64.StdEncoding.EncodeToString([]byte("weights " + hash))}))
	return skipped
}

// rowsOf counts the rows of hash in every run table.
func rowsOf(t *testing.T, exec db.Executor, hash string) map[string]int {
	t.Helper()
	out := map[string]int{}
	for _, table := range db.RunTables {
		var n int
		if err := exec.QueryRow(context.Background(), `SELECT count(*) FROM `+db.Ident(table)+` WHERE run_hash = $1`, hash).Scan(&n); err != nil {
			t.Fatal(err)
		}
		out[table] = n
	}
	return out
}

func totalRows(rows map[string]int) int {
	n := 0
	for _, v := range rows {
		n += v
	}
	return n
}

// deleteRun runs the delete_entity transaction for hash and commits it.
func (b *tombBundle) deleteRun(t *testing.T, hash string) deleteResult {
	t.Helper()
	var res deleteResult
	started := time.Now()
	err := pgx.BeginFunc(b.ctx, b.pool, func(tx pgx.Tx) error {
		var err error
		res, err = b.ent.deleteTx(b.ctx, tx, b.client, jobs.DeleteEntity{Entity: "run", Key: hash}, nil, started, nil)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func blobKeys(t *testing.T, store blob.Store, prefix string) []string {
	t.Helper()
	var keys []string
	if err := store.List(context.Background(), prefix, func(k []string) error { keys = append(keys, k...); return nil }); err != nil {
		t.Fatal(err)
	}
	return keys
}

func countJobs(t *testing.T, pool *pgxpool.Pool, kind string) int {
	t.Helper()
	var n int
	if err := pool.QueryRow(context.Background(), `SELECT count(*) FROM lethe.river_job WHERE kind = $1`, kind).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestDeleteEntity(t *testing.T) {
	t.Parallel()

	t.Run("RemovesEveryRowWritesTombstoneAndEnqueuesPurge", func(t *testing.T) {
		t.Parallel()
		b := setupTomb(t)
		b.ingestAll(t, "run-a")
		b.ingestAll(t, "run-b")
		// run, metric, tag, attribute, two experiment links, blob row
		if got := totalRows(rowsOf(t, b.pool, "run-a")); got != 7 {
			t.Fatalf("rows of run-a before delete = %v, want 7", rowsOf(t, b.pool, "run-a"))
		}

		res := b.deleteRun(t, "run-a")
		if !res.NewTombstone || res.total() == 0 || res.PurgeJobID == 0 {
			t.Fatalf("delete result = %+v, want new tombstone, rows deleted and a purge job", res)
		}
		if rows := rowsOf(t, b.pool, "run-a"); totalRows(rows) != 0 {
			t.Errorf("rows of deleted run left: %v", rows)
		}
		if rows := rowsOf(t, b.pool, "run-b"); rows["runs"] != 1 || rows["run_metrics"] != 1 || rows["run_blobs"] != 1 {
			t.Errorf("other run's rows changed: %v", rows)
		}
		ts, err := tombstone.NewPostgres(b.pool).Get(b.ctx, "run", "run-a")
		if err != nil || ts == nil || ts.PurgedAt != nil {
			t.Fatalf("tombstone = %+v, %v; want one, not purged yet", ts, err)
		}
		var args string
		if err := b.pool.QueryRow(b.ctx, `SELECT args::text FROM lethe.river_job WHERE id = $1 AND kind = 'lethe.purge_blobs'`, res.PurgeJobID).Scan(&args); err != nil {
			t.Fatalf("purge job %d not found: %v", res.PurgeJobID, err)
		}
		if args != `{"key": "run-a", "entity": "run"}` {
			t.Errorf("purge job args = %s", args)
		}
		audit, err := db.ListAudit(b.ctx, b.pool, "runs", 10)
		if err != nil || len(audit) != 1 || audit[0].Action != "delete_entity" || audit[0].RowsDeleted != int64(res.total()) {
			t.Errorf("audit = %+v, %v", audit, err)
		}
	})

	t.Run("AuditedWorkFinishesAfterItStarts", func(t *testing.T) {
		t.Parallel()
		b := setupTomb(t)
		client := startClient(t, b.pool, b.deps, registerTombstone, 2)
		b.ingestAll(t, "run-a")
		if _, err := client.Insert(b.ctx, jobs.DeleteEntity{Entity: "run", Key: "run-a"}, nil); err != nil {
			t.Fatal(err)
		}
		// delete_entity, then the purge it enqueues and the verification
		// after the purge.
		var audit []db.AuditEntry
		testenv.WaitUntil(t, time.Minute, "delete_entity, purge_blobs and verify_entity in the audit after deleting run-a", func() (bool, error) {
			var err error
			audit, err = db.ListAudit(b.ctx, b.pool, "runs", 10)
			return len(audit) >= 3, err
		})
		actions := map[db.AuditAction]bool{}
		for _, e := range audit {
			actions[e.Action] = true
		}
		if !actions[db.ActionDeleteEntity] || !actions[db.ActionPurgeBlobs] || !actions[db.ActionVerifyEntity] {
			t.Errorf("audit actions %v, want delete_entity, purge_blobs and verify_entity", actions)
		}
		checkAuditTimes(t, audit)
	})

	t.Run("RollbackLeavesEverything", func(t *testing.T) {
		t.Parallel()
		b := setupTomb(t)
		b.ingestAll(t, "run-a")
		before := rowsOf(t, b.pool, "run-a")

		started := time.Now()
		tx, err := b.pool.Begin(b.ctx)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := b.ent.deleteTx(b.ctx, tx, b.client, jobs.DeleteEntity{Entity: "run", Key: "run-a"}, nil, started, nil); err != nil {
			t.Fatal(err)
		}
		if err := tx.Rollback(b.ctx); err != nil {
			t.Fatal(err)
		}
		if after := rowsOf(t, b.pool, "run-a"); fmt.Sprint(after) != fmt.Sprint(before) {
			t.Errorf("rows after rollback = %v, want %v", after, before)
		}
		if ts, _ := tombstone.NewPostgres(b.pool).Get(b.ctx, "run", "run-a"); ts != nil {
			t.Errorf("tombstone after rollback: %+v", ts)
		}
		if n := countJobs(t, b.pool, jobs.KindPurgeBlobs); n != 0 {
			t.Errorf("%d purge jobs after rollback, want 0", n)
		}
		if audit, _ := db.ListAudit(b.ctx, b.pool, "", 10); len(audit) != 0 {
			t.Errorf("audit after rollback: %+v", audit)
		}
	})

	t.Run("UnknownRunIsTombstonedSoALateCreateLoses", func(t *testing.T) {
		t.Parallel()
		b := setupTomb(t)
		b.deleteRun(t, "never-created")
		if skipped := b.ingestAll(t, "never-created"); skipped != 6 {
			t.Errorf("skipped %d of 6 writes after a delete that overtook the create", skipped)
		}
		if rows := rowsOf(t, b.pool, "never-created"); totalRows(rows) != 0 {
			t.Errorf("rows written for a tombstoned run: %v", rows)
		}
		// The audit says the key was not found, as the API's 404 would.
		audit, err := db.ListAudit(t.Context(), b.pool, "runs", 10)
		if err != nil {
			t.Fatal(err)
		}
		found := "none"
		for _, a := range audit {
			if a.Action == db.ActionDeleteEntity && a.Detail["key"] == "never-created" {
				found = fmt.Sprint(a.Detail["found"])
			}
		}
		if found != "false" {
			t.Errorf("the deletion's audit says found=%s, want false", found)
		}
	})

	t.Run("RepeatedDeleteKeepsFirstDeletedAt", func(t *testing.T) {
		t.Parallel()
		b := setupTomb(t)
		b.deleteRun(t, "run-a")
		first, _ := tombstone.NewPostgres(b.pool).Get(b.ctx, "run", "run-a")
		res := b.deleteRun(t, "run-a")
		second, _ := tombstone.NewPostgres(b.pool).Get(b.ctx, "run", "run-a")
		if res.NewTombstone || !second.DeletedAt.Equal(first.DeletedAt) {
			t.Errorf("repeated delete: new=%t deleted_at %s → %s, want kept", res.NewTombstone, first.DeletedAt, second.DeletedAt)
		}
		if n := countJobs(t, b.pool, jobs.KindPurgeBlobs); n != 2 {
			t.Errorf("%d purge jobs, want one per delete", n)
		}
	})

	t.Run("MalformedArgsCancelTheJob", func(t *testing.T) {
		t.Parallel()
		b := setupTomb(t)
		w := &DeleteEntityWorker{ent: b.ent}
		for _, args := range []jobs.DeleteEntity{
			{Entity: "run", Key: ""},
			{Entity: "run", Key: "bad hash!"},
			{Entity: "paste", Key: "x"},
		} {
			err := w.Work(b.ctx, &river.Job[jobs.DeleteEntity]{JobRow: &rivertype.JobRow{Kind: args.Kind()}, Args: args})
			var cancel *rivertype.JobCancelError
			if !errors.As(err, &cancel) {
				t.Errorf("args %+v: err = %v, want a JobCancel", args, err)
			}
		}
		ingest := logMetricWorker(b.ent)
		_, err := ingest.apply(b.ctx, jobs.LogMetric{RunHash: "ok", Name: "", Step: 1})
		var cancel *rivertype.JobCancelError
		if !errors.As(err, &cancel) {
			t.Errorf("log_metric without name: err = %v, want JobCancel", err)
		}
		if ts, _ := tombstone.NewPostgres(b.pool).List(b.ctx, "run", "", 10); len(ts) != 0 {
			t.Errorf("malformed jobs wrote tombstones: %+v", ts)
		}
	})
}

func TestPurgeBlobs(t *testing.T) {
	t.Parallel()

	t.Run("DeletesThePrefixOnlyAndMarksPurged", func(t *testing.T) {
		t.Parallel()
		b := setupTomb(t)
		b.ingestAll(t, "abc")
		for _, key := range []string{"runs/abc/x", "runs/abc/deep/y", "runs/abcd/keep", "other/keep"} {
			if err := b.blobs.Put(b.ctx, key, []byte(key)); err != nil {
				t.Fatal(err)
			}
		}
		b.deleteRun(t, "abc")
		n, err := b.ent.purge(b.ctx, "run", "abc")
		if err != nil || n != 3 {
			t.Fatalf("purge = %d, %v; want 3 objects (ckpt/1, x, deep/y)", n, err)
		}
		if left := blobKeys(t, b.blobs, "runs/abc/"); len(left) != 0 {
			t.Errorf("left under runs/abc/: %v", left)
		}
		if left := blobKeys(t, b.blobs, ""); fmt.Sprint(left) != "[other/keep runs/abcd/keep]" {
			t.Errorf("other blobs = %v, want untouched", left)
		}
		ts, _ := tombstone.NewPostgres(b.pool).Get(b.ctx, "run", "abc")
		if ts == nil || ts.PurgedAt == nil || ts.PurgedAt.Before(ts.DeletedAt) {
			t.Errorf("tombstone after purge = %+v, want purged_at >= deleted_at", ts)
		}
	})

	t.Run("AnEntityKeyNamedLikeAnotherPolicysPrefixTouchesNothingOfIt", func(t *testing.T) {
		t.Parallel()
		b := setupTomb(t)
		pastes := []string{"pastes/1", "pastes/2", "pastes/x/3"}
		for _, key := range pastes {
			if err := b.blobs.Put(b.ctx, key, []byte(key)); err != nil {
				t.Fatal(err)
			}
		}
		b.ingestAll(t, "pastes")
		b.deleteRun(t, "pastes")
		if n, err := b.ent.purge(b.ctx, "run", "pastes"); err != nil || n != 1 {
			t.Fatalf("purge of run pastes = %d, %v; want its own 1 blob", n, err)
		}
		// While the tombstone exists, the orphan sweep purges it again:
		// new paste blobs stay too.
		if err := b.blobs.Put(b.ctx, "pastes/4", []byte("new")); err != nil {
			t.Fatal(err)
		}
		if _, err := OrphanSweep(b.ctx, b.deps, b.policy); err != nil {
			t.Fatal(err)
		}
		if left := blobKeys(t, b.blobs, "pastes/"); fmt.Sprint(left) != "[pastes/1 pastes/2 pastes/4 pastes/x/3]" {
			t.Errorf("paste blobs after deleting run pastes: %v", left)
		}
	})

	t.Run("ClearedTombstoneDeletesNothing", func(t *testing.T) {
		t.Parallel()
		b := setupTomb(t)
		if err := b.blobs.Put(b.ctx, "runs/restored/obj", []byte("x")); err != nil {
			t.Fatal(err)
		}
		_, err := b.ent.purge(b.ctx, "run", "restored")
		if !errors.Is(err, errTombstoneGone) {
			t.Fatalf("purge without tombstone: err = %v", err)
		}
		if left := blobKeys(t, b.blobs, "runs/restored/"); len(left) != 1 {
			t.Errorf("purge without a tombstone deleted blobs: left %v", left)
		}
		w := &PurgeBlobsWorker{ent: b.ent}
		err = w.Work(b.ctx, &river.Job[jobs.PurgeBlobs]{JobRow: &rivertype.JobRow{ID: 1, Kind: jobs.KindPurgeBlobs}, Args: jobs.PurgeBlobs{Entity: "run", Key: "restored"}})
		if err != nil {
			t.Errorf("worker on a cleared tombstone: %v, want completed (skipped)", err)
		}
	})
}

func TestLateWriteGuard(t *testing.T) {
	t.Parallel()

	t.Run("EveryIngestionKindIsSkippedAfterDelete", func(t *testing.T) {
		t.Parallel()
		b := setupTomb(t)
		b.ingestAll(t, "run-a")
		b.deleteRun(t, "run-a")
		// Purged before the late writes, so a blob found afterwards can
		// only be a late write's.
		if _, err := b.ent.purge(b.ctx, "run", "run-a"); err != nil {
			t.Fatal(err)
		}
		if skipped := b.ingestAll(t, "run-a"); skipped != 6 {
			t.Errorf("skipped %d of 6 late writes", skipped)
		}
		if rows := rowsOf(t, b.pool, "run-a"); totalRows(rows) != 0 {
			t.Errorf("late writes resurrected rows: %v", rows)
		}
		if got := metricValue(t, b.deps.Metrics.IngestSkipped.WithLabelValues("run")); got != 6 {
			t.Errorf("IngestSkipped = %v, want 6", got)
		}
		if keys := blobKeys(t, b.blobs, "runs/run-a/"); len(keys) != 0 {
			t.Errorf("late blob write left %v", keys)
		}
	})

	t.Run("TriggerRefusesDirectWrites", func(t *testing.T) {
		t.Parallel()
		b := setupTomb(t)
		b.deleteRun(t, "run-a")
		for _, sql := range []string{
			`INSERT INTO runs (run_hash) VALUES ('run-a')`,
			`INSERT INTO runs (run_hash) VALUES ('run-a') ON CONFLICT DO NOTHING`,
		} {
			_, err := b.pool.Exec(b.ctx, sql)
			if !db.IsTombstonedError(err) {
				t.Errorf("%s: err = %v, want the tombstone guard (LT410)", sql, err)
			}
		}
	})

	t.Run("ClearAcceptsIngestionAgain", func(t *testing.T) {
		t.Parallel()
		b := setupTomb(t)
		b.deleteRun(t, "run-a")
		if skipped := b.ingestAll(t, "run-a"); skipped != 6 {
			t.Fatalf("skipped %d of 6", skipped)
		}
		if _, err := tombstone.NewPostgres(b.pool).Clear(b.ctx, "run", "run-a"); err != nil {
			t.Fatal(err)
		}
		if skipped := b.ingestAll(t, "run-a"); skipped != 0 {
			t.Errorf("skipped %d writes after the tombstone was cleared", skipped)
		}
		if rows := rowsOf(t, b.pool, "run-a"); rows["runs"] != 1 || rows["run_blobs"] != 1 {
			t.Errorf("rows after clear and re-ingest: %v", rows)
		}
	})

	t.Run("CacheSkipsWithoutTheDatabaseAndForgets", func(t *testing.T) {
		t.Parallel()
		b := setupTomb(t, func(c *config.Config) { c.Tombstone("runs").DeletedCacheTTL = config.Duration(time.Hour) })
		b.deleteRun(t, "run-a")
		if skipped := b.ingestAll(t, "run-a"); skipped != 6 {
			t.Fatalf("skipped %d of 6", skipped)
		}
		if !b.ent.cache.Deleted("run", "run-a") {
			t.Fatal("deleted run not cached")
		}
		// Within the TTL the cache answers alone, even for a cleared
		// tombstone (the documented staleness window) ...
		if _, err := tombstone.NewPostgres(b.pool).Clear(b.ctx, "run", "run-a"); err != nil {
			t.Fatal(err)
		}
		if skipped := b.ingestAll(t, "run-a"); skipped != 6 {
			t.Errorf("cached run: skipped %d of 6", skipped)
		}
		// ... and forgetting the key (clear in this process) ends it.
		b.ent.cache.Forget("run", "run-a")
		if skipped := b.ingestAll(t, "run-a"); skipped != 0 {
			t.Errorf("after Forget: skipped %d", skipped)
		}
	})

	t.Run("CachedDeletedExpiresUnderSteadyWrites", func(t *testing.T) {
		t.Parallel()
		const ttl = 200 * time.Millisecond
		b := setupTomb(t, func(c *config.Config) { c.Tombstone("runs").DeletedCacheTTL = config.Duration(ttl) })
		b.deleteRun(t, "run-a")
		w := setTagWorker(b.ent)
		write := func() bool {
			t.Helper()
			skipped, err := w.apply(b.ctx, jobs.SetTag{RunHash: "run-a", Tag: "t"})
			if err != nil {
				t.Fatal(err)
			}
			return skipped
		}
		if !write() {
			t.Fatal("write to a deleted run was not skipped")
		}
		// Cleared in another process: this one only learns it when its
		// cached "deleted" expires, which writes more frequent than the
		// TTL must not postpone.
		if _, err := tombstone.NewPostgres(b.pool).Clear(b.ctx, "run", "run-a"); err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(20 * ttl) // a failure limit, far past the TTL
		for write() {
			if time.Now().After(deadline) {
				t.Fatalf("writes every %s still skipped %s after the tombstone was cleared (cache TTL %s)", ttl/10, 20*ttl, ttl)
			}
			time.Sleep(ttl / 10)
		}
	})
}

// TestConcurrentIngestAndDelete interleaves many ingestion and delete jobs
// for a few runs on a real River client with several workers, in random
// order, and checks the invariant: no tombstoned run has a row in any run
// table or a blob under its prefix.
func TestConcurrentIngestAndDelete(t *testing.T) {
	t.Parallel()
	b := setupTomb(t)
	client := startClient(t, b.pool, b.deps, registerTombstone, 12)

	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 5))
	seed := rng.Uint64()
	rng = rand.New(rand.NewPCG(seed, 5))
	t.Logf("seed %d", seed)
	hashes := []string{"r0", "r1", "r2", "r3", "r4", "r5"}
	var params []river.InsertManyParams
	for i := range 600 {
		h := hashes[rng.IntN(len(hashes))]
		var args river.JobArgs
		switch rng.IntN(8) {
		case 0:
			args = jobs.CreateRun{RunHash: h, Name: "n", Experiment: "e" + fmt.Sprint(rng.IntN(3))}
		case 1, 2:
			args = jobs.LogMetric{RunHash: h, Name: "loss", Step: int64(i), Value: rng.Float64()}
		case 3:
			args = jobs.SetTag{RunHash: h, Tag: fmt.Sprint("t", rng.IntN(4))}
		case 4:
			args = jobs.SetAttribute{RunHash: h, Key: fmt.Sprint("k", rng.IntN(4)), Value: i}
		case 5:
			args = jobs.PutRunBlob{RunHash: h, Name: fmt.Sprint("b/", i), DataBase64: "eA=="}
		case 6:
			args = jobs.AddToExperiment{RunHash: h, Experiment: "e" + fmt.Sprint(rng.IntN(3))}
		case 7:
			// Deletes only for the first four runs, so the last two stay
			// alive and prove ingestion itself works.
			if h == "r4" || h == "r5" {
				args = jobs.SetTag{RunHash: h, Tag: "alive"}
			} else {
				args = jobs.DeleteEntity{Entity: "run", Key: h}
			}
		}
		params = append(params, river.InsertManyParams{Args: args})
	}
	// Inserted in a few chunks from several goroutines, so inserts race
	// with the workers too.
	var wg sync.WaitGroup
	for chunk := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			part := params[chunk*150 : (chunk+1)*150]
			if _, err := client.InsertMany(b.ctx, part); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()

	deadline := time.Now().Add(2 * time.Minute)
	for {
		var pending int
		if err := b.pool.QueryRow(b.ctx, `SELECT count(*) FROM lethe.river_job WHERE state NOT IN ('completed', 'cancelled', 'discarded')`).Scan(&pending); err != nil {
			t.Fatal(err)
		}
		if pending == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d jobs still pending", pending)
		}
		time.Sleep(50 * time.Millisecond)
	}
	var failed int
	if err := b.pool.QueryRow(b.ctx, `SELECT count(*) FROM lethe.river_job WHERE state <> 'completed'`).Scan(&failed); err != nil {
		t.Fatal(err)
	}
	if failed != 0 {
		rows, _ := b.pool.Query(b.ctx, `SELECT kind, state, errors::text FROM lethe.river_job WHERE state <> 'completed' LIMIT 5`)
		for rows.Next() {
			var k, s, e string
			rows.Scan(&k, &s, &e) //nolint:errcheck
			t.Logf("%s %s %s", k, s, e)
		}
		rows.Close()
		t.Errorf("%d jobs did not complete", failed)
	}

	tombstones, err := tombstone.NewPostgres(b.pool).List(b.ctx, "run", "", 100)
	if err != nil {
		t.Fatal(err)
	}
	if len(tombstones) == 0 {
		t.Fatal("no run was deleted; the test proves nothing")
	}
	for _, ts := range tombstones {
		if rows := rowsOf(t, b.pool, ts.Key); totalRows(rows) != 0 {
			t.Errorf("tombstoned run %s has rows: %v", ts.Key, rows)
		}
		if keys := blobKeys(t, b.blobs, "runs/"+ts.Key+"/"); len(keys) != 0 {
			t.Errorf("tombstoned run %s has %d blobs left", ts.Key, len(keys))
		}
		if ts.PurgedAt == nil {
			t.Errorf("tombstoned run %s never purged", ts.Key)
		}
	}
	for _, h := range []string{"r4", "r5"} {
		if rows := rowsOf(t, b.pool, h); rows["runs"] != 1 {
			t.Errorf("live run %s: rows %v", h, rows)
		}
	}
	t.Logf("tombstones %d, ingestion writes skipped %v", len(tombstones),
		metricValue(t, b.deps.Metrics.IngestSkipped.WithLabelValues("run")))
}

func TestOrphanSweep(t *testing.T) {
	t.Parallel()
	b := setupTomb(t)
	for i := range 7 {
		h := fmt.Sprintf("gone%d", i)
		b.ingestAll(t, h)
		b.deleteRun(t, h)
		// Written straight to the store after the deletion (a writer that
		// bypasses the guard), so only the sweep can find it.
		if err := b.blobs.Put(b.ctx, "runs/"+h+"/late", []byte("late")); err != nil {
			t.Fatal(err)
		}
	}
	b.ingestAll(t, "alive")

	res, err := OrphanSweep(b.ctx, b.deps, b.policy)
	if err != nil {
		t.Fatal(err)
	}
	if res.Tombstones != 7 || res.BlobsDeleted != 14 {
		t.Errorf("sweep = %+v, want 7 tombstones and 14 blobs", res)
	}
	if keys := blobKeys(t, b.blobs, ""); fmt.Sprint(keys) != "[runs/alive/ckpt/1]" {
		t.Errorf("blobs after sweep = %v, want only the live run's", keys)
	}
	list, _ := tombstone.NewPostgres(b.pool).List(b.ctx, "run", "", 100)
	if len(list) != 7 {
		t.Errorf("sweep removed tombstones: %d left", len(list))
	}
	for _, ts := range list {
		if ts.PurgedAt == nil {
			t.Errorf("%s not marked purged", ts.Key)
		}
	}

	t.Run("PausedPolicyDoesNothing", func(t *testing.T) {
		if err := db.SetPolicyPaused(b.ctx, b.pool, "runs", true); err != nil {
			t.Fatal(err)
		}
		defer db.SetPolicyPaused(b.ctx, b.pool, "runs", false) //nolint:errcheck
		if err := b.blobs.Put(b.ctx, "runs/gone0/later", []byte("x")); err != nil {
			t.Fatal(err)
		}
		w := &OrphanSweepWorker{ent: b.ent}
		if err := w.Work(b.ctx, &river.Job[jobs.OrphanSweep]{JobRow: &rivertype.JobRow{ID: 9}, Args: jobs.OrphanSweep{Policy: "runs"}}); err != nil {
			t.Fatal(err)
		}
		if keys := blobKeys(t, b.blobs, "runs/gone0/"); len(keys) != 1 {
			t.Errorf("paused sweep deleted blobs: %v", keys)
		}
	})
}

func TestTombstoneGC(t *testing.T) {
	t.Parallel()
	b := setupTomb(t)
	// name → deleted (hours ago), purged (hours ago, or -1 for never)
	cases := map[string][2]int{
		"old-purged":         {200, 100},
		"old-unpurged":       {200, -1},
		"old-purged-before":  {200, 300}, // purge finished before this deletion
		"recent-purged":      {10, 5},
		"exactly-old-enough": {169, 168},
		"recent-unpurged":    {1, -1},
	}
	for key, c := range cases {
		var purged *time.Time
		if c[1] >= 0 {
			p := time.Now().Add(-time.Duration(c[1]) * time.Hour)
			purged = &p
		}
		if _, err := b.pool.Exec(b.ctx, `INSERT INTO lethe_tombstones (entity, key, deleted_at, purged_at) VALUES ('run', $1, $2, $3)`,
			key, time.Now().Add(-time.Duration(c[0])*time.Hour), purged); err != nil {
			t.Fatal(err)
		}
	}
	summary, err := db.TombstoneSummary(b.ctx, b.pool)
	if err != nil || len(summary) != 1 || summary[0].Count != 6 || summary[0].Unpurged != 3 || summary[0].OldestAt == nil {
		t.Errorf("summary = %+v, %v; want 6 run tombstones, 3 unpurged since deletion", summary, err)
	}
	res, err := TombstoneGC(b.ctx, b.deps, b.policy, 168*time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	if res.Removed != 2 || res.KeptUnpurged != 2 {
		t.Errorf("gc = %+v, want removed 2 (old-purged, exactly-old-enough), kept unpurged 2", res)
	}
	list, _ := tombstone.NewPostgres(b.pool).List(b.ctx, "run", "", 100)
	var keys []string
	for _, ts := range list {
		keys = append(keys, ts.Key)
	}
	if fmt.Sprint(keys) != "[old-purged-before old-unpurged recent-purged recent-unpurged]" {
		t.Errorf("tombstones left = %v", keys)
	}
	if got := metricValue(t, b.deps.Metrics.TombstonesGCed.WithLabelValues("run")); got != 2 {
		t.Errorf("TombstonesGCed = %v", got)
	}

	t.Run("SweepThenGCRemovesTheRest", func(t *testing.T) {
		if _, err := OrphanSweep(b.ctx, b.deps, b.policy); err != nil {
			t.Fatal(err)
		}
		res, err := TombstoneGC(b.ctx, b.deps, b.policy, 168*time.Hour)
		if err != nil || res.Removed != 2 || res.KeptUnpurged != 0 {
			t.Errorf("gc after sweep = %+v, %v; want the two old ones removed", res, err)
		}
	})
}

// TestConcurrentGuardDirect races ingestion of brand-new runs against their
// deletion through real transactions, calling the workers' code from many
// goroutines: the case (a create of a run the deletion cannot see yet) that
// only the database-level lock closes.
func TestConcurrentGuardDirect(t *testing.T) {
	t.Parallel()
	b := setupTomb(t)
	const rounds, writers = 40, 6
	create, metric, tag := createRunWorker(b.ent), logMetricWorker(b.ent), setTagWorker(b.ent)
	for round := range rounds {
		hash := fmt.Sprintf("c%d", round)
		var wg sync.WaitGroup
		for w := range writers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range 8 {
					var err error
					switch (w + i) % 3 {
					case 0:
						_, err = create.apply(b.ctx, jobs.CreateRun{RunHash: hash, Name: "x"})
					case 1:
						_, err = metric.apply(b.ctx, jobs.LogMetric{RunHash: hash, Name: "m", Step: int64(i), Value: 1})
					case 2:
						_, err = tag.apply(b.ctx, jobs.SetTag{RunHash: hash, Tag: fmt.Sprint(w)})
					}
					if err != nil {
						t.Error(err)
						return
					}
				}
			}()
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			time.Sleep(time.Duration(rand.IntN(3000)) * time.Microsecond)
			started := time.Now()
			err := pgx.BeginFunc(b.ctx, b.pool, func(tx pgx.Tx) error {
				_, err := b.ent.deleteTx(b.ctx, tx, b.client, jobs.DeleteEntity{Entity: "run", Key: hash}, nil, started, nil)
				return err
			})
			if err != nil {
				t.Error(err)
			}
		}()
		wg.Wait()
		if rows := rowsOf(t, b.pool, hash); totalRows(rows) != 0 {
			t.Errorf("round %d: tombstoned run %s has rows %v", round, hash, rows)
		}
	}
}
