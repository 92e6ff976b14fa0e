package bench

import (
	"bytes"
	"os"
	"regexp"
	"testing"
	"time"

	"github.com/lethehq/lethe/internal/testenv"
)

// TestExpireSmall runs the whole expire benchmark on small tables: every
// measurement must finish (the pipeline deletes every expired row, every
// job completes) and the report must show the CPU each run used and end
// with every ratio line, whatever the numbers.
func TestExpireSmall(t *testing.T) {
	t.Parallel()
	opts := ExpireOptions{
		ServerURL: testenv.DatabaseURL(t),
		Rows:      4_000, BlobRows: 400, BatchSize: 500, BlobBatchSize: 50, Repeats: 1,
		FgRate: 100, FgWorkers: 2, FgIdle: 200 * time.Millisecond, SweepRows: 2_000,
		NoS3: os.Getenv("LETHE_VERSITYGW") == "",
	}
	var out bytes.Buffer
	opts.Out = &out
	if err := Expire(t.Context(), opts); err != nil {
		t.Fatalf("Expire: %v\n%s", err, out.String())
	}
	want := []string{"expire_db_vs_plain_delete", "expire_db_vs_naive", "expire_under_load_vs_naive_under_load",
		"foreground_p99_during_expire_vs_idle", "expire_local_blobs_vs_direct_delete", "expire_local_blobs_under_load_vs_idle",
		"sweep_under_load_vs_sweep_idle",
		"expire_wal_vs_plain_delete"} // a sweep of 1,000 rows may end before the load's next sample
	if !opts.NoS3 {
		want = append(want, "expire_versitygw_vs_direct_deleteobjects", "expire_versitygw_under_load_vs_idle")
	}
	if !regexp.MustCompile(`(?m)^  direct os\.Remove of the same files, \d+ goroutines +[0-9.]+ +[0-9.]+ +[-0-9.]+ +[0-9.]+ +[0-9.]+$`).Match(out.Bytes()) {
		t.Errorf("no CPU line of the direct removal in the report:\n%s", out.String())
	}
	// The pacing's own verdict on its batches, beside the foreground's.
	if !regexp.MustCompile(`(?m)^  pipeline, DB only, under foreground load +\d+ of +[1-9]\d* \(\d+ %\)$`).Match(out.Bytes()) {
		t.Errorf("no pacing verdicts of the paced DB-only pipeline in the report:\n%s", out.String())
	}
	for _, name := range want {
		if !regexp.MustCompile(`(?m)^ratio ` + name + ` [0-9.]+$`).Match(out.Bytes()) {
			t.Errorf("no line %q in the report:\n%s", "ratio "+name+" <value>", out.String())
		}
	}
}

// TestExpireLatencySmall runs the expired → gone benchmark briefly: every
// produced row must go (with its blob) and every live row stay, or it
// fails.
func TestExpireLatencySmall(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	opts := ExpireLatencyOptions{
		ServerURL: testenv.DatabaseURL(t),
		Rate:      200, Duration: 2 * time.Second, Interval: time.Second, ExpiresIn: 500 * time.Millisecond,
		LiveRows: 100, BatchSize: 100, NoS3: true, Out: &out,
	}
	if err := ExpireLatency(t.Context(), opts); err != nil {
		t.Fatalf("ExpireLatency: %v\n%s", err, out.String())
	}
	if !bytes.Contains(out.Bytes(), []byte("p99")) {
		t.Errorf("no p99 in the report:\n%s", out.String())
	}
}
