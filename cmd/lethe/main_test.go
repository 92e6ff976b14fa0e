package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/internal/testenv"
)

// runCLI runs one command line in process and returns its exit code and
// output.
func runCLI(t *testing.T, env map[string]string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	c := &cli{stdout: &out, stderr: &errOut, getenv: func(k string) string { return env[k] }}
	code = run(context.Background(), c, args)
	return code, out.String(), errOut.String()
}

// writeConfig writes yaml to a lethe.yaml of its own and returns its path.
func writeConfig(t *testing.T, yaml string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "lethe.yaml")
	if err := os.WriteFile(path, []byte(yaml+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// migratedDB returns a fresh migrated database's URL and a pool on it.
func migratedDB(t *testing.T) (string, *pgxpool.Pool) {
	t.Helper()
	pool := testenv.MigratedPool(t)
	return pool.Config().ConnString(), pool
}

func TestCLI(t *testing.T) {
	t.Parallel()

	t.Run("HelpEverywhere", func(t *testing.T) {
		t.Parallel()
		code, out, _ := runCLI(t, nil, "help")
		if code != 0 || !strings.Contains(out, "serve") || !strings.Contains(out, "migrate") || !strings.Contains(out, "demo") {
			t.Fatalf("lethe help: code %d, output:\n%s", code, out)
		}
		for _, cmd := range commands() {
			code, out, errOut := runCLI(t, nil, cmd.name, "--help")
			if code != 0 || strings.Count(out, "Usage: lethe "+cmd.name) != 1 {
				t.Errorf("lethe %s --help: code %d\nstdout: %s\nstderr: %s", cmd.name, code, out, errOut)
			}
		}
	})

	t.Run("UsageErrorsExit2", func(t *testing.T) {
		t.Parallel()
		for _, args := range [][]string{{}, {"frobnicate"}, {"serve", "--no-such-flag"}, {"migrate", "sideways"}, {"migrate"}, {"check-config", "lethe.yaml"}} {
			code, _, errOut := runCLI(t, nil, args...)
			if code != 2 {
				t.Errorf("lethe %v: exit %d, want 2 (stderr %q)", args, code, errOut)
			}
		}
	})

	t.Run("BadConfigStopsServeWithOneLineNamingTheField", func(t *testing.T) {
		t.Parallel()
		path := writeConfig(t, "policies:\n  - name: pastes\n    kind: expire\n    table: pastes\n    schedule: \"every tuesday\"")
		code, _, errOut := runCLI(t, nil, "serve", "--config", path)
		if code != 1 {
			t.Errorf("exit %d, want 1", code)
		}
		if strings.Count(strings.TrimSpace(errOut), "\n") != 0 {
			t.Errorf("error is not one line:\n%s", errOut)
		}
		if !strings.Contains(errOut, "policies[0] (pastes).schedule") {
			t.Errorf("error does not name the field: %s", errOut)
		}
	})

	t.Run("MissingNamedConfigFails", func(t *testing.T) {
		t.Parallel()
		code, _, errOut := runCLI(t, nil, "check-config", "--config", filepath.Join(t.TempDir(), "nope.yaml"))
		if code != 1 || !strings.Contains(errOut, "nope.yaml") {
			t.Errorf("exit %d, stderr %q: want 1 naming the file", code, errOut)
		}
	})

	t.Run("CheckConfigListsPolicies", func(t *testing.T) {
		t.Parallel()
		code, out, errOut := runCLI(t, nil, "check-config", "--config", "../../lethe.yaml")
		if code != 0 || !strings.Contains(out, "pastes") || !strings.Contains(out, "idempotency") {
			t.Errorf("exit %d\nstdout %s\nstderr %s", code, out, errOut)
		}
	})
}
