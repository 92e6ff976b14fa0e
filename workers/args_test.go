package workers

import (
	"context"
	"encoding/base64"
	"fmt"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertype"

	"github.com/lethehq/lethe/blob"
	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/internal/metrics"
	"github.com/lethehq/lethe/internal/testenv"
	"github.com/lethehq/lethe/jobs"
)

// rawArgs inserts args of kind exactly as given, the way another service's
// client (or plain SQL) could.
type rawArgs struct {
	kind string
	json string
}

func (r rawArgs) Kind() string                 { return r.kind }
func (r rawArgs) MarshalJSON() ([]byte, error) { return []byte(r.json), nil }

// argsBundle is a River client working every Lethe worker, logging into
// logs.
type argsBundle struct {
	client *river.Client[pgx.Tx]
	pool   *pgxpool.Pool
	logs   *testenv.LogBuffer
}

func setupArgs(t *testing.T, store blob.Store) *argsBundle {
	t.Helper()
	cfg, err := config.Parse(config.Default, nil)
	if err != nil {
		t.Fatal(err)
	}
	b := &argsBundle{pool: testenv.MigratedPool(t), logs: &testenv.LogBuffer{}}
	logger := slog.New(slog.NewTextHandler(b.logs, nil))
	deps := &Deps{Config: cfg, Pool: b.pool, Blobs: store, Metrics: metrics.New(), Logger: logger}
	workers := river.NewWorkers()
	if err := Register(workers, deps); err != nil {
		t.Fatal(err)
	}
	b.client, err = river.NewClient(riverpgxv5.New(b.pool), &river.Config{
		Logger:            logger,
		Schema:            config.DefaultRiverSchema,
		Workers:           workers,
		Queues:            map[string]river.QueueConfig{river.QueueDefault: {MaxWorkers: 4}},
		FetchCooldown:     5 * time.Millisecond,
		FetchPollInterval: 20 * time.Millisecond,
		TestOnly:          true,
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := b.client.Start(context.WithoutCancel(t.Context())); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = b.client.Stop(ctx)
	})
	return b
}

// run inserts args and waits until River stops working them: finished, or
// failed once and waiting for a retry.
func (b *argsBundle) run(t *testing.T, args river.JobArgs) *rivertype.JobRow {
	t.Helper()
	res, err := b.client.Insert(t.Context(), args, nil)
	if err != nil {
		t.Fatalf("insert %s: %v", args.Kind(), err)
	}
	return waitJob(t, b.client, res.Job.ID)
}

// maxJobError bounds the error stored on a cancelled job (and logged).
const maxJobError = 400

// wantCancelled checks that job was cancelled on its first attempt with
// one short error mentioning want.
func wantCancelled(t *testing.T, job *rivertype.JobRow, want string) {
	t.Helper()
	if job.State != rivertype.JobStateCancelled || job.Attempt != 1 || len(job.Errors) != 1 {
		t.Errorf("%s %.60s: state %s after %d attempts, errors %+v; want cancelled after one", job.Kind, job.EncodedArgs, job.State, job.Attempt, job.Errors)
		return
	}
	msg := job.Errors[0].Error
	if !strings.Contains(msg, want) || len(msg) > maxJobError {
		t.Errorf("%s %.60s: error %.500q (%d bytes), want one of at most %d bytes mentioning %q", job.Kind, job.EncodedArgs, msg, len(msg), maxJobError, want)
	}
}

func TestMalformedArgs(t *testing.T) {
	t.Parallel()

	t.Run("CancelledAtOnceWithAShortError", func(t *testing.T) {
		t.Parallel()
		b := setupArgs(t, localStore(t))
		hugeHash := strings.Repeat("h", 2_000_000)
		for _, c := range []struct {
			kind, args, want string
		}{
			{jobs.KindExpirePlan, `[]`, "args must be a JSON object, not an array"},
			{jobs.KindSweep, `"x"`, "args must be a JSON object"},
			{jobs.KindOrphanSweep, `42`, "args must be a JSON object"},
			{jobs.KindCreateRun, `{"run_hash":5}`, "run_hash must be a string"},
			{jobs.KindLogMetric, `{"step":"seven"}`, "step must be an integer"},
			{jobs.KindTombstoneGC, `{"policy":7}`, "policy must be a string"},
			{jobs.KindExpireWatchdog, `{"policy":7}`, "policy must be a string"},
			{jobs.KindExpireBatch, `{"policy":"pastes","deletion_initiated_at":7,"rows":1}`, "deletion_initiated_at must be an RFC 3339 timestamp"},
			{jobs.KindSetTag, `{"run_hash":"` + hugeHash + `","tag":"t"}`, "run_hash"},
			{jobs.KindLogMetric, `{"run_hash":"abc","name":"loss","step":7}`, "value is required"},
			{jobs.KindPutRunBlob, `{"run_hash":"abc","name":"ckpt"}`, "data_base64 is required"},
			{jobs.KindDeleteEntity, `{"entity":"run","key":5}`, "key must be a string"},
			{jobs.KindPurgeBlobs, `{"entity":"run","key":"abc","extra":true}`, `unknown field "extra"`},
			{jobs.KindSetAttribute, `{"run_hash":"abc","key":"lr"}`, "value is required"},
			{jobs.KindAddToExperiment, `{"run_hash":"abc","experiment":"` + strings.Repeat("e", 1000) + `"}`, "experiment is 1000 bytes"},
			{jobs.KindSweep, `{"policy":"no-such-policy"}`, `unknown policy "no-such-policy"`},
			{jobs.KindPruneHistory, `{"policy":"audit"}`, `unknown field "policy"`},
		} {
			job := b.run(t, rawArgs{c.kind, c.args})
			wantCancelled(t, job, c.want)
		}
		var rows int
		if err := b.pool.QueryRow(t.Context(), `SELECT count(*) FROM runs`).Scan(&rows); err != nil || rows != 0 {
			t.Errorf("malformed jobs wrote %d runs (%v), want none", rows, err)
		}
		// No log line echoes the 2 MB run hash (River logs the error of
		// every failed attempt).
		for line := range strings.Lines(b.logs.String()) {
			if len(line) > 2*maxJobError {
				t.Errorf("log line of %d bytes: %.300s", len(line), line)
			}
		}
	})

	t.Run("BlobNamesTheStoreCannotHoldAreCancelled", func(t *testing.T) {
		t.Parallel()
		b := setupArgs(t, localStore(t))
		data := base64.StdEncoding.EncodeToString([]byte("weights"))
		put := func(name string) *rivertype.JobRow {
			return b.run(t, jobs.PutRunBlob{RunHash: "abc", Name: name, DataBase64: data})
		}
		if job := put("ckpt/1"); job.State != rivertype.JobStateCompleted {
			t.Fatalf("put ckpt/1: %s %v", job.State, job.Errors)
		}
		wantCancelled(t, put("ckpt"), "put_run_blob name: the blob store cannot hold it: it is the directory of other blobs")
		wantCancelled(t, put("ckpt/1/x"), "put_run_blob name: the blob store cannot hold it: a blob exists where it needs a directory")
		wantCancelled(t, put(strings.Repeat("n", 300)), "has a segment of 300 bytes")
		var keys []string
		rows, err := b.pool.Query(t.Context(), `SELECT blob_key FROM run_blobs ORDER BY blob_key`)
		if err == nil {
			keys, err = pgx.CollectRows(rows, pgx.RowTo[string])
		}
		if err != nil || fmt.Sprint(keys) != "[runs/abc/ckpt/1]" {
			t.Errorf("run_blobs = %v (%v), want only the blob written", keys, err)
		}
	})

	t.Run("TransientBlobErrorsAreRetried", func(t *testing.T) {
		t.Parallel()
		// A bucket that does not exist is an operator's to fix: retry.
		opts := testenv.S3(t)
		opts.Bucket += "-missing"
		store, err := blob.NewS3(t.Context(), opts)
		if err != nil {
			t.Fatal(err)
		}
		b := setupArgs(t, store)
		job := b.run(t, jobs.PutRunBlob{RunHash: "abc", Name: "ckpt/1", DataBase64: "eA=="})
		if job.State != rivertype.JobStateRetryable || len(job.Errors) == 0 || !strings.Contains(job.Errors[0].Error, "NoSuchBucket") {
			t.Errorf("put into a missing bucket: %s %+v, want retryable with NoSuchBucket", job.State, job.Errors)
		}
	})
}

// localStore is a local blob store in a fresh directory.
func localStore(t *testing.T) *blob.Local {
	t.Helper()
	store, err := blob.NewLocal(filepath.Join(t.TempDir(), "blobs"))
	if err != nil {
		t.Fatal(err)
	}
	return store
}
