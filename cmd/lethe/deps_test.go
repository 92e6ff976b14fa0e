package main

import (
	"os/exec"
	"strings"
	"testing"
)

// TestBinaryLinksNoBenchmarkOrTestCode keeps the production binary free of
// the benchmarks (cmd/lethe-bench has them) and of test harnesses and
// libraries.
func TestBinaryLinksNoBenchmarkOrTestCode(t *testing.T) {
	t.Parallel()
	out, err := exec.Command("go", "list", "-deps", "-test=false", ".").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	forbidden := []string{
		"github.com/lethehq/lethe/internal/bench",
		"github.com/lethehq/lethe/internal/testenv",
		"github.com/lethehq/lethe/internal/versitygw",
		"github.com/lethehq/lethe/internal/service/servicetest",
		"github.com/stretchr/testify",
		"github.com/chromedp",
		"testing",
	}
	deps := strings.Fields(string(out))
	if len(deps) < 10 {
		t.Fatalf("go list -deps listed only %q", deps)
	}
	for _, dep := range deps {
		for _, f := range forbidden {
			if dep == f || strings.HasPrefix(dep, f+"/") {
				t.Errorf("lethe links %s", dep)
			}
		}
	}
}
