package bench

import (
	"os"
	"testing"
)

// TestMain lets the test binary serve as the benchmarks' foreground
// process, which runs as the running executable started again.
func TestMain(m *testing.M) {
	ServeForeground()
	os.Exit(m.Run())
}
