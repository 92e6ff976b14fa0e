package runbackup_test

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/lethehq/lethe/internal/runbackup"
)

// gzipBomb returns a gzip file of about size bytes holding one backup
// whose single blob's data, a base64 string of 'A's, expands about 1000
// times: gzip members (which readers concatenate) of 16 MiB each.
func gzipBomb(t testing.TB, size int) []byte {
	t.Helper()
	member := func(data []byte) []byte {
		var buf bytes.Buffer
		gz, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := gz.Write(data); err != nil {
			t.Fatal(err)
		}
		if err := gz.Close(); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	file := member([]byte(`{"version":1,"run_hash":"r1","tables":{"runs":[{"run_hash":"r1"}]},"blobs":[{"key":"runs/r1/x","data":"`))
	filler := member(bytes.Repeat([]byte("A"), 16<<20))
	for len(file) < size {
		file = append(file, filler...)
	}
	return append(file, member([]byte(`"}]}`))...)
}

// onlyReader hides a reader's Seek, as a pipe or a request body would.
type onlyReader struct{ io.Reader }

// peakHeap runs fn and returns the largest HeapInuse seen while it ran
// (sampled every millisecond) above what was in use before, and the bytes
// it allocated in all.
func peakHeap(fn func()) (peak, allocated uint64) {
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		var m runtime.MemStats
		for {
			runtime.ReadMemStats(&m)
			if m.HeapInuse > before.HeapInuse {
				peak = max(peak, m.HeapInuse-before.HeapInuse)
			}
			select {
			case <-done:
				return
			case <-time.After(time.Millisecond):
			}
		}
	})
	fn()
	close(done)
	wg.Wait()
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	return peak, after.TotalAlloc - before.TotalAlloc
}

// TestReadGzipBombInBoundedMemory reads a 4 MB gzip file that expands to
// about 4 GiB, from a file-like (seekable) reader and from a stream: both
// fail with ErrTooLarge at the 512 MiB limit, and neither allocates more
// than 64 MiB along the way (the stream holds the 4 MB file itself). Not
// parallel: the heap is measured.
func TestReadGzipBombInBoundedMemory(t *testing.T) {
	bomb := gzipBomb(t, 4<<20)
	for name, reader := range map[string]func() io.Reader{
		"seekable": func() io.Reader { return bytes.NewReader(bomb) },
		"stream":   func() io.Reader { return onlyReader{bytes.NewReader(bomb)} },
	} {
		var err error
		peak, allocated := peakHeap(func() { _, err = runbackup.Read(reader()) })
		t.Logf("%s: %d-byte bomb: peak heap in use +%.1f MiB, allocated %.1f MiB: %v",
			name, len(bomb), float64(peak)/(1<<20), float64(allocated)/(1<<20), err)
		if !errors.Is(err, runbackup.ErrTooLarge) || !strings.Contains(err.Error(), "larger than 536870912 bytes decompressed") {
			t.Errorf("%s: %v, want ErrTooLarge at 512 MiB decompressed", name, err)
		}
		if allocated > 64<<20 || peak > 64<<20 {
			t.Errorf("%s: allocated %d bytes, peak heap +%d bytes; want at most 64 MiB", name, allocated, peak)
		}
	}
}

// BenchmarkReadGzipBomb reports the memory reading a 4 MB gzip bomb
// takes: allocated bytes per read (B/op) and the peak heap in use.
func BenchmarkReadGzipBomb(b *testing.B) {
	bomb := gzipBomb(b, 4<<20)
	var worst uint64
	for b.Loop() {
		peak, _ := peakHeap(func() {
			if _, err := runbackup.Read(bytes.NewReader(bomb)); !errors.Is(err, runbackup.ErrTooLarge) {
				b.Fatalf("read: %v, want ErrTooLarge", err)
			}
		})
		worst = max(worst, peak)
	}
	b.ReportMetric(float64(worst)/(1<<20), "peak-heap-MiB")
}
