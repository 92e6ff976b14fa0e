package service_test

import (
	"encoding/base64"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/internal/service/servicetest"
	"github.com/lethehq/lethe/internal/testenv"
	"github.com/lethehq/lethe/jobs"
	"github.com/lethehq/lethe/tombstone"
)

// TestRunDeletionEndToEnd runs the whole service (River workers, HTTP) on a
// fresh database and bucket: ingestion jobs create a run with a blob, REST
// DELETE deletes it through a delete_entity job whose purge job empties the
// prefix, a late ingestion job is skipped, and clear-tombstone lets
// ingestion in again.
func TestRunDeletionEndToEnd(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	s3 := testenv.S3(t)
	cfg := servicetest.Config(t, config.Default, testenv.MigratedURL(t))
	cfg.Blob = config.Blob{Kind: "s3", S3: config.S3Blob{Endpoint: s3.Endpoint, Region: s3.Region, Bucket: s3.Bucket,
		PathStyle: true, AccessKeyID: s3.AccessKeyID, SecretAccessKey: s3.SecretAccessKey}}
	cfg.HTTP.Token = "tok"
	cfg.ShutdownGrace = config.Duration(5 * time.Second)
	cfg.Tombstone("runs").DeletedCacheTTL = config.Duration(time.Millisecond)
	svc, base := servicetest.Serve(t, cfg)

	request := func(method, path string) (int, string) {
		t.Helper()
		return servicetest.Request(t, method, base+path, "tok", "")
	}

	if _, err := svc.River.Insert(ctx, jobs.CreateRun{RunHash: "e2e", Name: "end to end", Experiment: "x"}, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.River.Insert(ctx, jobs.PutRunBlob{RunHash: "e2e", Name: "model.bin",
		DataBase64: base64.StdEncoding.EncodeToString([]byte("weights"))}, nil); err != nil {
		t.Fatal(err)
	}
	testenv.WaitUntil(t, 30*time.Second, "the run and its blob", func() (bool, error) {
		run, err := db.GetRun(ctx, svc.Pool, "e2e")
		if err != nil || run == nil || run.Blobs != 1 {
			return false, err
		}
		return svc.Blobs.Exists(ctx, "runs/e2e/model.bin")
	})

	status, body := request("DELETE", "/api/v1/runs/e2e")
	if status != http.StatusAccepted {
		t.Fatalf("DELETE = %d %s", status, body)
	}
	testenv.WaitUntil(t, 30*time.Second, "the purge", func() (bool, error) {
		ts, err := tombstone.NewPostgres(svc.Pool).Get(ctx, "run", "e2e")
		return ts != nil && ts.PurgedAt != nil, err
	})
	if exists, err := db.RunExists(ctx, svc.Pool, "e2e"); err != nil || exists {
		t.Errorf("after the purge: run exists = %t, %v; want false", exists, err)
	}
	if ok, err := svc.Blobs.Exists(ctx, "runs/e2e/model.bin"); err != nil || ok {
		t.Errorf("after the purge: blob exists = %t, %v; want false", ok, err)
	}
	if status, body := request("GET", "/api/v1/runs/e2e"); status != http.StatusGone {
		t.Errorf("GET deleted = %d %s", status, body)
	}

	late, err := svc.River.Insert(ctx, jobs.LogMetric{RunHash: "e2e", Name: "loss", Step: 1, Value: 1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	testenv.WaitUntil(t, 30*time.Second, "the late job", func() (bool, error) {
		job, err := svc.River.JobGet(ctx, late.Job.ID)
		return job != nil && job.FinalizedAt != nil, err
	})
	if exists, err := db.RunExists(ctx, svc.Pool, "e2e"); err != nil || exists {
		t.Errorf("after the late job: run exists = %t, %v; want false (late ingestion resurrected it)", exists, err)
	}

	if status, body := request("POST", "/api/v1/runs/e2e/clear-tombstone/"); status != http.StatusNoContent || body != "" {
		t.Fatalf("clear = %d %q", status, body)
	}
	time.Sleep(5 * time.Millisecond) // past deleted_cache_ttl
	if _, err := svc.River.Insert(ctx, jobs.CreateRun{RunHash: "e2e", Name: "again"}, nil); err != nil {
		t.Fatal(err)
	}
	testenv.WaitUntil(t, 30*time.Second, "re-ingestion after clear", func() (bool, error) {
		run, err := db.GetRun(ctx, svc.Pool, "e2e")
		return run != nil && run.Name == "again", err
	})
	status, body = request("GET", "/api/v1/runs/e2e")
	var run map[string]any
	_ = json.Unmarshal([]byte(body), &run)
	if status != http.StatusOK || run["name"] != "again" || !strings.Contains(body, `"metrics":0`) {
		t.Errorf("GET after clear = %d %s", status, body)
	}
}
