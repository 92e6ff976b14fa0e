package metrics_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"

	dto "github.com/prometheus/client_model/go"

	"github.com/lethehq/lethe/blob"
	"github.com/lethehq/lethe/internal/metrics"
)

// TestCountBlobErrors: failed blob store calls count on
// lethe_blob_errors_total by operation; a missing key on Get, and an error
// of List's own callback, are not the store failing and count nothing.
func TestCountBlobErrors(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "blobs")
	local, err := blob.NewLocal(dir)
	if err != nil {
		t.Fatal(err)
	}
	m := metrics.New()
	store := m.CountBlobErrors(local)
	errorsOf := func(op string) float64 {
		var c dto.Metric
		if err := m.BlobErrors.WithLabelValues(op).Write(&c); err != nil {
			t.Fatal(err)
		}
		return c.GetCounter().GetValue()
	}

	if err := store.Put(ctx, "a/1", []byte("x")); err != nil {
		t.Fatal(err)
	}
	if _, err := store.Get(ctx, "a/missing"); !errors.Is(err, blob.ErrNotFound) {
		t.Fatalf("Get of a missing key: %v, want ErrNotFound", err)
	}
	stop := errors.New("stop listing")
	if err := store.List(ctx, "a/", func([]string) error { return stop }); !errors.Is(err, stop) {
		t.Fatalf("List = %v, want the callback's error", err)
	}
	for _, op := range []string{metrics.BlobPut, metrics.BlobGet, metrics.BlobList} {
		if n := errorsOf(op); n != 0 {
			t.Errorf("%s errors = %v after calls that worked, want 0", op, n)
		}
	}

	// The store's directory becomes a file: every write fails.
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dir, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := store.Put(ctx, "a/2", []byte("x")); err == nil {
		t.Fatal("Put into a store whose directory is a file succeeded")
	}
	if n := errorsOf(metrics.BlobPut); n != 1 {
		t.Errorf("put errors = %v after a failed Put, want 1", n)
	}
}

// TestKinds: the kind label's values are exactly Lethe's job kinds.
func TestKinds(t *testing.T) {
	t.Parallel()
	got, want := slices.Sorted(slices.Values(metrics.Kinds())), slices.Sorted(slices.Values(lethesKinds(t)))
	if !slices.Equal(got, want) {
		t.Errorf("metrics.Kinds() = %q, want package jobs' kinds %q", got, want)
	}
}
