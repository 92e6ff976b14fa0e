package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// runBench runs one command line in process and returns its exit code and
// output.
func runBench(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	c := &cli{stdout: &out, stderr: &errOut, getenv: func(string) string { return "" }}
	code = run(context.Background(), c, args)
	return code, out.String(), errOut.String()
}

func TestBenchmarkFlagsAreChecked(t *testing.T) {
	t.Parallel()
	for _, b := range benchmarks() {
		bench := b.name
		if code, out, errOut := runBench(t, bench, "--help"); code != 0 || !strings.Contains(out, "Usage: lethe-bench "+bench) || !strings.Contains(out, "-config") {
			t.Errorf("lethe-bench %s --help: exit %d\n%s%s", bench, code, out, errOut)
		}
	}
	for args, want := range map[[3]string]string{
		{"expire-growth", "--sizes", "5M,1M"}:    `--sizes: "5M,1M": sizes must be ascending`,
		{"expire-growth", "--sizes", "1M,lots"}:  `--sizes: "lots" is not a positive row count`,
		{"expire", "--repeats", "0"}:             "the other counts at least 1",
		{"expire", "--max-slowdown", "0.5"}:      "--max-slowdown must be from 1 to 100",
		{"entity", "--tasks", "10"}:              "--tasks must be at least 100",
		{"expire-growth", "--due", "80"}:         "--due must be between 0 and 50",
		{"expire-capacity", "--keys", "10"}:      "--keys at least 1000",
		{"entity-volume", "--api-batch", "5000"}: "--api-batch between 1 and 1000",
	} {
		code, _, errOut := runBench(t, args[0], args[1], args[2])
		if code != 2 || !strings.Contains(errOut, want) {
			t.Errorf("lethe-bench %v: exit %d, stderr %q; want 2 and %q", args, code, errOut, want)
		}
	}
}

func TestUsage(t *testing.T) {
	t.Parallel()
	if code, out, _ := runBench(t, "--help"); code != 0 || !strings.Contains(out, "expire|expire-latency|expire-capacity|expire-growth|sweep|entity|entity-volume") {
		t.Errorf("lethe-bench --help: exit %d\n%s", code, out)
	}
	for _, args := range [][]string{{}, {"frobnicate"}, {"sweep", "extra"}, {"expire", "--no-such-flag"}} {
		if code, _, errOut := runBench(t, args...); code != 2 {
			t.Errorf("lethe-bench %v: exit %d, want 2 (stderr %q)", args, code, errOut)
		}
	}
}
