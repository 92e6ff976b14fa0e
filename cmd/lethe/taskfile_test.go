package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestBuildTaskSaysWhatItDoes: `go tool task build` (which `go tool task
// demo` runs first) says it is building before go build's silent minutes,
// and then builds the binary.
func TestBuildTaskSaysWhatItDoes(t *testing.T) {
	t.Parallel()
	bin := t.TempDir()
	cmd := exec.Command("go", "tool", "task", "build", "BIN="+bin)
	cmd.Dir = filepath.Join("..", "..")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go tool task build: %v\n%s", err, out)
	}
	const says = "Building lethe (the first build takes a few minutes"
	said, built := strings.Index(string(out), says), strings.Index(string(out), "go build")
	if said < 0 || built >= 0 && built < said {
		t.Errorf("go tool task build does not say %q before it runs go build:\n%s", says, out)
	}
	if _, err := os.Stat(filepath.Join(bin, "lethe")); err != nil {
		t.Errorf("go tool task build BIN=%s built no lethe: %v\n%s", bin, err, out)
	}
}
