package main

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/internal/service/servicetest"
)

// TestDeleteWaitShowsLock deletes a run whose row an application holds FOR
// UPDATE: `delete --wait` says what the deletion waits on (the row lock,
// the application's pid, name and state) while it waits, and that the run
// was deleted once the application let go.
func TestDeleteWaitShowsLock(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	url, pool := migratedDB(t)
	env := map[string]string{"DATABASE_URL": url}
	cfgPath := writeDefaultConfig(t, t.TempDir())
	if err := db.SetPolicyPaused(ctx, pool, "runs", true); err != nil {
		t.Fatal(err)
	}
	cfg, err := config.Load(cfgPath, func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	servicetest.Serve(t, cfg)
	if err := db.UpsertRun(ctx, db.Timeouts{}.Pool(pool), "r-held", "held"); err != nil {
		t.Fatal(err)
	}
	if err := db.LogMetric(ctx, db.Timeouts{}.Pool(pool), "r-held", "loss", "", 1, 0.5); err != nil {
		t.Fatal(err)
	}

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
	var pid int32
	if err := tx.QueryRow(ctx, `SELECT pg_backend_pid() FROM runs WHERE run_hash = 'r-held' FOR UPDATE`).Scan(&pid); err != nil {
		t.Fatal(err)
	}
	released := make(chan struct{})
	go func() {
		defer close(released)
		time.Sleep(4 * time.Second) // past lock_timeout (2s): the first attempt gives up
		_ = tx.Rollback(context.Background())
	}()

	code, stdout, stderr := runCLI(t, env, "delete", "--config", cfgPath, "run", "r-held", "--wait", "--timeout", "60s")
	<-released
	if code != 0 {
		t.Fatalf("delete --wait: exit %d\nstdout: %s\nstderr: %s", code, stdout, stderr)
	}
	want := fmt.Sprintf(`waiting: row lock on runs held by pid %d (app "billing", idle in transaction for `, pid)
	if !strings.Contains(stdout, want) || !strings.Contains(stdout, "run r-held deleted") {
		t.Errorf("delete --wait said:\n%s\nwant a line starting %q, then the deletion", stdout, want)
	}
	if strings.Index(stdout, "waiting:") > strings.Index(stdout, "deleted\n") {
		t.Errorf("the wait was shown after the deletion:\n%s", stdout)
	}
	t.Logf("delete --wait said:\n%s", stdout)
	if exists, err := db.RunExists(ctx, pool, "r-held"); err != nil || exists {
		t.Errorf("run exists = %t, %v after delete --wait", exists, err)
	}
	// The wait ended with the deletion: the completed job no longer says
	// what it waited on.
	var state, output string
	err = pool.QueryRow(ctx, `SELECT state::text, coalesce(metadata->>'output', '') FROM lethe.river_job
		WHERE kind = 'lethe.delete_entity' AND args->>'key' = 'r-held'`).Scan(&state, &output)
	if err != nil || state != "completed" || strings.Contains(output, "waiting_on") {
		t.Errorf("the deletion's job: state %q, output %q, %v; want completed without a waiting_on", state, output, err)
	}
}
