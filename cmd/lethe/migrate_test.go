package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/lethehq/lethe/internal/testenv"
	"github.com/lethehq/lethe/migrations"
)

func TestMigrateCommand(t *testing.T) {
	t.Parallel()
	env := map[string]string{"DATABASE_URL": testenv.DatabaseURL(t)}

	code, out, errOut := runCLI(t, env, "migrate", "status")
	if code != 0 || !strings.Contains(out, "0001") || !strings.Contains(out, "pending") {
		t.Fatalf("status on a fresh database: exit %d\n%s%s", code, out, errOut)
	}
	if code, out, errOut = runCLI(t, env, "migrate", "up"); code != 0 || !strings.Contains(out, "applied") {
		t.Fatalf("up: exit %d\n%s%s", code, out, errOut)
	}
	if code, out, _ = runCLI(t, env, "migrate", "status"); code != 0 || strings.Contains(out, "pending") {
		t.Fatalf("status after up still shows pending migrations:\n%s", out)
	}
	if code, out, errOut = runCLI(t, env, "migrate", "down", "--steps", "1"); code != 0 || !strings.Contains(out, "reverted 1") {
		t.Fatalf("down: exit %d\n%s%s", code, out, errOut)
	}
	if code, out, _ = runCLI(t, env, "migrate", "status"); code != 0 || strings.Count(out, "pending") != 1 {
		t.Fatalf("status after down 1 should show one pending migration:\n%s", out)
	}

	// Flags may follow the arguments, --config included.
	configPath := writeConfig(t, `database: {url: "`+env["DATABASE_URL"]+`"}`)
	if code, out, errOut = runCLI(t, nil, "migrate", "up", "--config", configPath); code != 0 || !strings.Contains(out, "applied 1 migrations") {
		t.Fatalf("up --config: exit %d\n%s%s", code, out, errOut)
	}
	if code, out, errOut = runCLI(t, nil, "migrate", "status", "--config", configPath); code != 0 || strings.Contains(out, "pending") {
		t.Fatalf("status --config after up: exit %d\n%s%s", code, out, errOut)
	}

	// Reverting more than one migration, or River's tables, needs --yes;
	// without it nothing is reverted.
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--steps", "2"}, "down --steps 2 reverts 2 Lethe migrations and drops what they created, data included; add --yes to confirm"},
		{[]string{"--steps", "-1"}, "down --steps -1 reverts every Lethe migration and drops the lethe_* tables with their data (tombstones and audit log included); add --yes to confirm"},
		{[]string{"--river"}, "down --river removes River's tables and every job in them; add --yes to confirm"},
		{[]string{"--steps", "0", "--yes"}, "--steps must be a positive number of migrations, or -1 for all of them (got 0)"},
		{[]string{"--steps", "-2", "--yes"}, "--steps must be a positive number of migrations, or -1 for all of them (got -2)"},
	} {
		args := append([]string{"migrate", "down"}, c.args...)
		if code, out, errOut = runCLI(t, env, args...); code != 2 || !strings.Contains(errOut, c.want) || out != "" {
			t.Errorf("%s: exit %d\n%s%s\nwant exit 2 and %q", strings.Join(args, " "), code, out, errOut, c.want)
		}
	}
	if code, out, _ = runCLI(t, env, "migrate", "status"); code != 0 || strings.Contains(out, "pending") {
		t.Fatalf("a refused down reverted migrations:\n%s", out)
	}
	all, err := migrations.All()
	if err != nil {
		t.Fatal(err)
	}
	if code, out, errOut = runCLI(t, env, "migrate", "down", "--steps", "-1", "--yes"); code != 0 || !strings.Contains(out, fmt.Sprintf("reverted %d migrations", len(all))) {
		t.Fatalf("down --steps -1 --yes: exit %d\n%s%s", code, out, errOut)
	}
	if code, out, _ = runCLI(t, env, "migrate", "status"); code != 0 || strings.Count(out, "pending") != len(all) {
		t.Fatalf("status after down --steps -1 --yes should show every migration pending:\n%s", out)
	}
}
