package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"slices"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/config"
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

// writeDefaultConfig writes the embedded default configuration with its
// local blob store in blobDir and returns the file's path.
func writeDefaultConfig(t *testing.T, blobDir string) string {
	t.Helper()
	return writeConfig(t, strings.Replace(string(config.Default), "dir: .lethe/blobs", "dir: "+blobDir, 1))
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

	t.Run("HelpFlagsMatchUsageLine", func(t *testing.T) {
		t.Parallel()
		// A flag as the usage line spells it: --name, or -x for one letter.
		inUsage := regexp.MustCompile(`(?:^|[\s\[|])(--[a-z][a-z-]+|-[a-z])\b`)
		inHelp := regexp.MustCompile(`^  (-{1,2}[a-z][a-z-]*)(?: |$)`)
		for _, cmd := range commands() {
			code, out, errOut := runCLI(t, nil, cmd.name, "--help")
			if code != 0 {
				t.Errorf("lethe %s --help: exit %d\n%s", cmd.name, code, errOut)
				continue
			}
			var usage, help []string
			for _, m := range inUsage.FindAllStringSubmatch(cmd.usage, -1) {
				if !slices.Contains(usage, m[1]) {
					usage = append(usage, m[1])
				}
			}
			_, flags, _ := strings.Cut(out, "\nFlags:\n")
			for _, line := range strings.Split(flags, "\n") {
				if m := inHelp.FindStringSubmatch(line); m != nil {
					help = append(help, m[1])
				}
			}
			slices.Sort(usage)
			slices.Sort(help)
			if !slices.Equal(usage, help) {
				t.Errorf("lethe %s --help lists flags %q, its usage line %q names %q\n%s", cmd.name, help, cmd.usage, usage, out)
			}
			for _, f := range help {
				if len(f) > 2 && !strings.HasPrefix(f, "--") {
					t.Errorf("lethe %s --help spells %s with one dash; usage lines spell it -%s", cmd.name, f, f)
				}
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
		if code != 2 {
			t.Errorf("exit %d, want 2", code)
		}
		if strings.Count(strings.TrimSpace(errOut), "\n") != 0 {
			t.Errorf("error is not one line:\n%s", errOut)
		}
		if !strings.Contains(errOut, "policies[0] (pastes).schedule") {
			t.Errorf("error does not name the field: %s", errOut)
		}
	})

	t.Run("EveryConfigProblemOnItsOwnLine", func(t *testing.T) {
		t.Parallel()
		path := writeConfig(t, "databse: {}\npolicies:\n  - name: pastes\n    kind: expire\n    table: pastes\n    batch_sise: 5\n    gc_schedule: \"every tuesday\"\n")
		code, _, errOut := runCLI(t, nil, "check-config", "--config", path)
		want := "lethe check-config: config: databse: unknown field; did you mean database?\n" +
			"config: policies[0] (pastes).batch_sise: unknown field; did you mean batch_size?\n" +
			"config: policies[0] (pastes).gc_schedule: belongs to kind tombstone, not expire\n"
		if code != 2 || errOut != want {
			t.Errorf("exit %d, stderr:\n%s\nwant exit 2 and:\n%s", code, errOut, want)
		}
	})

	t.Run("MissingNamedConfigFails", func(t *testing.T) {
		t.Parallel()
		code, _, errOut := runCLI(t, nil, "check-config", "--config", filepath.Join(t.TempDir(), "nope.yaml"))
		if code != 1 || !strings.Contains(errOut, "nope.yaml") {
			t.Errorf("exit %d, stderr %q: want 1 naming the file", code, errOut)
		}
	})

	t.Run("Version", func(t *testing.T) {
		t.Parallel()
		for _, args := range [][]string{{"--version"}, {"-version"}, {"version"}} {
			code, out, errOut := runCLI(t, nil, args...)
			if code != 0 || !strings.HasPrefix(out, "lethe ") || strings.Count(out, "\n") != 1 {
				t.Errorf("lethe %v: exit %d\nstdout %q\nstderr %q", args, code, out, errOut)
			}
		}
		if code, _, _ := runCLI(t, nil, "version", "extra"); code != 2 {
			t.Errorf("lethe version extra: exit %d, want 2", code)
		}
		vcs := func(revision, modified string) []debug.BuildSetting {
			return []debug.BuildSetting{{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: revision}, {Key: "vcs.modified", Value: modified}}
		}
		for _, tc := range []struct {
			info *debug.BuildInfo
			want string
		}{
			{&debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: vcs("0123456789abcdef0123", "true")}, "lethe (devel) commit 0123456789ab (modified)"},
			{&debug.BuildInfo{Main: debug.Module{Version: "v1.2.0"}, Settings: vcs("abc1234", "false")}, "lethe v1.2.0 commit abc1234"},
			{&debug.BuildInfo{Main: debug.Module{Version: "v1.2.0"}}, "lethe v1.2.0"},
			{&debug.BuildInfo{}, "lethe (devel)"},
			{nil, "lethe (devel) (no build information)"},
		} {
			if got := version(tc.info); got != tc.want {
				t.Errorf("version(%+v) = %q, want %q", tc.info, got, tc.want)
			}
		}
	})

	t.Run("FlagsAfterArguments", func(t *testing.T) {
		t.Parallel()
		// The named configuration does not exist: failing on it, rather than
		// on the arguments, proves --config was read after them.
		missing := filepath.Join(t.TempDir(), "missing.yaml")
		for _, args := range [][]string{
			{"delete", "run", "abc", "--config", missing},
			{"delete", "run", "--wait", "abc", "--config", missing},
			{"clear-tombstone", "run", "abc", "--config", missing},
			{"sweep", "pastes", "--config", missing},
			{"sweep", "--status", "idempotency", "--config", missing},
			{"backup", "run", "abc", "-o", "x.json.gz", "--config", missing},
			{"migrate", "status", "--config", missing},
			{"check-config", "--db", "--config", missing},
			{"demo", "--no-seed", "--config", missing},
		} {
			code, _, errOut := runCLI(t, nil, args...)
			if code != 1 || !strings.Contains(errOut, "missing.yaml") {
				t.Errorf("lethe %v: exit %d, stderr %q; want 1 naming missing.yaml", args, code, errOut)
			}
		}
		// Bad flags after arguments are still usage errors, spelled as the
		// usage line spells them, and "--" ends the flags.
		for want, args := range map[string][]string{
			`flag provided but not defined: --nope`: {"delete", "run", "abc", "--nope"},
			`invalid boolean value "x" for --wait`:  {"delete", "--wait=x", "run", "abc"},
			`flag needs an argument: --reason`:      {"hold", "run", "abc", "--reason"},
			`unexpected argument "extra"`:           {"serve", "extra", "--listen", "127.0.0.1:0"},
			`want: <entity> <key>`:                  {"clear-tombstone", "run", "--", "--config", "x"},
		} {
			code, _, errOut := runCLI(t, nil, args...)
			if code != 2 || !strings.Contains(errOut, want) {
				t.Errorf("lethe %v: exit %d, stderr %q; want 2 and %q", args, code, errOut, want)
			}
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
