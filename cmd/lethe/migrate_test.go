package main

import (
	"strings"
	"testing"

	"github.com/lethehq/lethe/internal/testenv"
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
}
