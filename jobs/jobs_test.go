package jobs_test

import (
	"os/exec"
	"strings"
	"testing"
)

// Other services import jobs to enqueue work; it must not drag Lethe's
// server dependencies (River, pgx, AWS, Prometheus) into their builds. Its
// one Lethe dependency, internal/quote, is itself standard-library only
// (go list -deps would list anything it imported).
func TestImportsOnlyTheStandardLibrary(t *testing.T) {
	t.Parallel()
	out, err := exec.Command("go", "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, dep := range strings.Fields(string(out)) {
		if dep != "github.com/lethehq/lethe/jobs" && dep != "github.com/lethehq/lethe/internal/quote" {
			t.Errorf("package jobs depends on %s; keep it standard-library only", dep)
		}
	}
}
