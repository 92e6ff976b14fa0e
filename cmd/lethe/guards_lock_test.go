package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/lethehq/lethe/entity"
)

// TestGuardsInstallBehindALock: an application writing to an entity's
// table keeps guards install from creating its trigger; the install gives
// up after its lock timeout, names the session that held the table,
// changes nothing, and succeeds once the application lets go.
func TestGuardsInstallBehindALock(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	pool, cfgPath := accountsDB(t, t.TempDir(), "")

	appCfg := pool.Config().ConnConfig.Copy()
	appCfg.RuntimeParams["application_name"] = "billing"
	app, err := pgx.ConnectConfig(ctx, appCfg)
	if err != nil {
		t.Fatal(err)
	}
	defer app.Close(context.Background())
	tx, err := app.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(context.Background())
	if _, err := tx.Exec(ctx, `LOCK TABLE accounts IN ROW EXCLUSIVE MODE`); err != nil {
		t.Fatal(err)
	}

	started := time.Now()
	code, stdout, stderr := runCLI(t, nil, "guards", "install", "--config", cfgPath)
	took := time.Since(started)
	if code != 1 || !strings.Contains(stderr, "gave up after "+entity.GuardLockTimeout+" waiting for") ||
		!strings.Contains(stderr, `app "billing"`) || !strings.Contains(stderr, "no guard was changed") {
		t.Errorf("guards install behind a lock: exit %d\nstdout: %s\nstderr: %s", code, stdout, stderr)
	}
	if limit, _ := time.ParseDuration(entity.GuardLockTimeout); took > limit+5*time.Second {
		t.Errorf("guards install waited %s behind the lock, want at most its %s lock timeout and a margin", took, limit)
	}
	if code, stdout, _ := runCLI(t, nil, "guards", "status", "--config", cfgPath); code != 1 || !strings.Contains(stdout, "missing guard of entity account on table accounts") {
		t.Errorf("guards status after the refused install: exit %d\n%s\nwant every guard still missing", code, stdout)
	}

	if err := tx.Rollback(ctx); err != nil {
		t.Fatal(err)
	}
	if code, stdout, stderr := runCLI(t, nil, "guards", "install", "--config", cfgPath); code != 0 || !strings.Contains(stdout, "add guard of entity account on table accounts") {
		t.Errorf("guards install once the lock is released: exit %d\nstdout: %s\nstderr: %s", code, stdout, stderr)
	}
}
