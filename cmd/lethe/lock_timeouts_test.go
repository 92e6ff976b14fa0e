package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/internal/testenv"
)

// TestCommandsBehindALock: while an application holds ACCESS EXCLUSIVE on
// each example policy's and entity's tables in turn (pastes,
// lineage_event_idempotency, runs and the rest of the run entity),
// the commands that read or change it (check-config --db, guards install
// and status, delete --dry-run, sweep --status) end without any of their
// sessions waiting for the lock longer than the policy's or entity's
// lock_timeout plus a margin. The connection default (database.lock_timeout)
// is set far above that, so what bounds the waits is each path's own
// timeouts, not the safety net.
func TestCommandsBehindALock(t *testing.T) {
	ctx := t.Context()
	url, pool := migratedDB(t)
	if _, err := pool.Exec(ctx, `
		INSERT INTO pastes (expires_at) SELECT now() - make_interval(mins => i) FROM generate_series(1, 10) i;
		INSERT INTO lineage_event_idempotency (idempotency_key, expires_at)
		SELECT 'k' || i, now() - interval '1 hour' FROM generate_series(1, 10) i;
		INSERT INTO runs (run_hash) VALUES ('r1');`); err != nil {
		t.Fatal(err)
	}
	const lockTimeout, margin = 300 * time.Millisecond, 2 * time.Second
	yaml := strings.Replace(string(config.Default), "dir: .lethe/blobs", "dir: "+t.TempDir(), 1)
	for _, r := range []struct{ old, new string }{
		{`  url: ""`, `  url: "` + url + `"`},
		{"  max_conns: 10\n", "  max_conns: 10\n  lock_timeout: 20s\n  statement_timeout: 1m\n"},
		{"    batch_size: 1000\n", "    batch_size: 1000\n    lock_timeout: 300ms\n"},
		{"    statement_timeout: 30s\n", "    statement_timeout: 30s\n    lock_timeout: 300ms\n"},
		{"    delete_chunk_size: 10000", "    lock_timeout: 300ms\n    delete_chunk_size: 10000"},
	} {
		if !strings.Contains(yaml, r.old) {
			t.Fatalf("the default configuration has no %q", r.old)
		}
		yaml = strings.Replace(yaml, r.old, r.new, 1)
	}
	configPath := writeConfig(t, yaml)
	if code, out, errOut := runCLI(t, nil, "guards", "install", "--config", configPath); code != 0 {
		t.Fatalf("guards install: exit %d\n%s%s", code, out, errOut)
	}

	appCfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		t.Fatal(err)
	}
	appCfg.ConnConfig.RuntimeParams["application_name"] = "app"
	app, err := pgxpool.NewWithConfig(ctx, appCfg)
	if err != nil {
		t.Fatal(err)
	}
	defer app.Close()
	waits := testenv.WatchLockWaits(t, app, 100*time.Millisecond, "lethe")

	commands := [][]string{
		{"check-config", "--db"},
		{"guards", "install"},
		{"guards", "status"},
		{"delete", "--dry-run", "run", "r1"},
		{"sweep", "--status"},
	}
	// The command that reads each table's rows (or, for check-config, its
	// index predicates) gives up on the lock and says so.
	gaveUp := map[string]struct {
		command, says string
	}{
		"pastes":                    {"check-config --db", `"msg":"Gave up waiting for a lock; will try again later","policy":"pastes"`},
		"lineage_event_idempotency": {"sweep --status", `gave up waiting for the ACCESS EXCLUSIVE lock on lineage_event_idempotency held by pid `},
		"runs":                      {"delete --dry-run run r1", `gave up waiting for the ACCESS EXCLUSIVE lock on `},
	}
	for _, table := range []string{"pastes", "lineage_event_idempotency", "runs"} {
		t.Run(table, func(t *testing.T) {
			holder, err := app.Begin(ctx)
			if err != nil {
				t.Fatal(err)
			}
			defer holder.Rollback(context.Background()) //nolint:errcheck
			locked := []string{table}
			if table == "runs" { // and the rest of the run entity's tables
				locked = append(locked, "run_attributes", "run_metrics", "run_tags", "run_experiments", "run_blobs")
			}
			for _, table := range locked {
				if _, err := holder.Exec(ctx, `LOCK TABLE `+pgx.Identifier{table}.Sanitize()+` IN ACCESS EXCLUSIVE MODE`); err != nil {
					t.Fatal(err)
				}
			}
			for _, args := range commands {
				code, out, errOut := runCLI(t, nil, append(args, "--config", configPath)...)
				t.Logf("%s behind a lock on %s: exit %d\n%s%s", strings.Join(args, " "), table, code, out, errOut)
				if want := gaveUp[table]; want.command == strings.Join(args, " ") && (code != 1 || !strings.Contains(errOut, want.says) ||
					!strings.Contains(errOut, `(app "app", idle in transaction for `) && !strings.Contains(errOut, `"blocking_application":"app"`)) {
					t.Errorf("%s behind a lock on %s: exit %d, want 1 saying %s\n%s", want.command, table, code, want.says, errOut)
				}
			}
		})
	}

	found, err := waits.Stop()
	if err != nil {
		t.Fatal(err)
	}
	if len(found) == 0 {
		t.Error("no session of Lethe's was seen waiting for a lock: the sampler saw nothing")
	}
	for _, w := range found {
		if w.Waited > lockTimeout+margin {
			t.Errorf("%s; want at most %s", w, lockTimeout+margin)
		}
	}
}
