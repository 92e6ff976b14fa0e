package runbackup_test

import (
	"bytes"
	"compress/gzip"
	"testing"

	"github.com/lethehq/lethe/internal/runbackup"
)

// FuzzRead reads arbitrary bytes as a backup: it must never panic, must
// stop at its size limit, and must explain a refusal in a bounded error.
// An accepted backup names a valid run and only clean blob keys.
func FuzzRead(f *testing.F) {
	gzipped := func(s string) []byte {
		var buf bytes.Buffer
		gz := gzip.NewWriter(&buf)
		_, _ = gz.Write([]byte(s))
		_ = gz.Close()
		return buf.Bytes()
	}
	for _, seed := range [][]byte{
		[]byte(`{"version":1,"run_hash":"r1","tables":{"runs":[{"run_hash":"r1"}]},"blobs":[]}`),
		[]byte(`{"version":1,"run_hash":"run1","tables":{"runs":[{}]},"blobs":[{"key":"run1/../run2/ckpt","data":"eA=="}]}`),
		[]byte(`{"version":1,"run_hash":"run1","tables":{"runs":[{}]},"blobs":[{"key":"../../outside/victim","data":""}]}`),
		[]byte(`{"version":1,"run_hash":"run1","tables":{"runs":[{}],"pg_authid":[{}]}}`),
		[]byte(`{"version":2}`),
		[]byte(`[]`),
		[]byte(`{"version":1,"run_hash":"r1"} trailing`),
		gzipped(`{"version":1,"run_hash":"` + string(bytes.Repeat([]byte("a"), 1<<16)) + `"}`),
		{0x1f, 0x8b, 0x08},
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := runbackup.ReadLimit(bytes.NewReader(data), 1<<20)
		if err != nil {
			if len(err.Error()) > 400 {
				t.Errorf("error of %d bytes: %.200s", len(err.Error()), err)
			}
			return
		}
		if b.RunHash == "" || len(b.Tables["runs"]) != 1 {
			t.Errorf("accepted a backup without its run: %+v", b)
		}
	})
}
