package db

import (
	"os/exec"
	"testing"
)

// TestGeneratedQueriesAreCurrent fails when internal/dbsqlc no longer matches
// its .sql files and the migrations: run `go tool task generate` and commit
// the result. sqlc runs offline from the module cache in under a second
// (its first build takes a minute or two; -short skips it).
func TestGeneratedQueriesAreCurrent(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs sqlc")
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go not in PATH")
	}
	out, err := exec.CommandContext(t.Context(), goBin, "tool", "sqlc", "diff", "-f", "sqlc.yaml").CombinedOutput()
	if err != nil {
		t.Fatalf("internal/dbsqlc is stale (run `go tool task generate`): %v\n%s", err, out)
	}
}
