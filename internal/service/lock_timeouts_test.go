package service_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/internal/service/servicetest"
	"github.com/lethehq/lethe/internal/testenv"
	"github.com/lethehq/lethe/jobs"
)

// lockTimeoutsTestLock is the lock_timeout of every policy, entity and
// connection in TestLockTimeoutsOnEveryPath, and lockWaitMargin what a
// wait may exceed it by on a busy machine (sampling every 100 ms, a
// backend noticing its timeout late).
const (
	lockTimeoutsTestLock = 300 * time.Millisecond
	lockWaitMargin       = 2 * time.Second
)

// lockTimeoutsConfig is the default configuration with every policy's and
// entity's lock_timeout at lockTimeoutsTestLock, plus notes, an expire
// policy without a blob column. The connections' default
// (database.lock_timeout) is far longer, so what bounds the waits is each
// path's own timeouts (db.Bounded), not that safety net.
func lockTimeoutsConfig(t *testing.T, dbURL string) *config.Config {
	t.Helper()
	yaml := string(config.Default)
	for _, r := range []struct{ old, new string }{
		{"dir: .lethe/blobs", "dir: " + t.TempDir()},
		{"  max_conns: 10\n", "  max_conns: 10\n  lock_timeout: 10s\n  statement_timeout: 1m\n"},
		{"    batch_size: 1000\n", "    batch_size: 1000\n    lock_timeout: 300ms\n"},
		{"    statement_timeout: 30s\n", "    statement_timeout: 30s\n    lock_timeout: 300ms\n"},
		{"    delete_chunk_size: 10000", "    lock_timeout: 300ms\n    delete_chunk_size: 10000"},
	} {
		if !strings.Contains(yaml, r.old) {
			t.Fatalf("the default configuration has no %q", r.old)
		}
		yaml = strings.Replace(yaml, r.old, r.new, 1)
	}
	yaml += `
  - name: notes
    kind: expire
    table: notes
    key_column: id
    expires_at_column: expires_at
    status_column: deletion_status
    initiated_at_column: deletion_initiated_at
    schedule: "@every 1h"
    lock_timeout: 300ms
`
	return servicetest.Config(t, []byte(yaml), dbURL)
}

// syncBuffer is a bytes.Buffer the service's log handler and the test
// share.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// TestLockTimeoutsOnEveryPath: while an application holds ACCESS EXCLUSIVE
// on each policy's and entity's table in turn (pastes: expire with blobs;
// notes: expire without; lineage_event_idempotency: sweep; runs: the run
// entity), every job kind that touches it, the dashboard's overview and
// the API's previews run against it, and no backend of Lethe's waits for a
// lock longer than its lock_timeout (plus a margin): each gives up, is
// counted in lethe_lock_timeouts_total with its policy and step, and is
// logged at WARN naming the application's session as the blocker. Once the
// lock is gone the work goes on. Lethe's backends are sampled in
// pg_locks every 100 ms throughout.
func TestLockTimeoutsOnEveryPath(t *testing.T) {
	ctx := t.Context()
	dbURL := testenv.MigratedURL(t)
	setup, err := pgx.Connect(ctx, dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer setup.Close(context.Background())
	if _, err := setup.Exec(ctx, `
		CREATE TABLE notes (
			id                    bigserial PRIMARY KEY,
			expires_at            timestamptz NOT NULL,
			deletion_status       text NOT NULL DEFAULT 'NOT_EXPIRED',
			deletion_initiated_at timestamptz
		);
		CREATE INDEX ON notes (expires_at) WHERE deletion_status = 'NOT_EXPIRED';
		CREATE INDEX ON notes (deletion_initiated_at) WHERE deletion_status = 'DELETION_IN_PROGRESS';
		INSERT INTO notes (expires_at) SELECT now() - make_interval(mins => i) FROM generate_series(1, 50) i;
		INSERT INTO pastes (expires_at) SELECT now() - make_interval(mins => i) FROM generate_series(1, 50) i;
		INSERT INTO pastes (expires_at, deletion_status, deletion_initiated_at)
		SELECT now() - interval '1 day', 'DELETION_IN_PROGRESS', '2026-01-01T00:00:00Z' FROM generate_series(1, 5);
		INSERT INTO lineage_event_idempotency (idempotency_key, expires_at)
		SELECT 'k' || i, now() - interval '1 hour' FROM generate_series(1, 50) i;
		INSERT INTO runs (run_hash) VALUES ('r1'), ('r2');
		INSERT INTO run_tags (run_hash, tag) VALUES ('r1', 'a'), ('r2', 'b');`); err != nil {
		t.Fatal(err)
	}

	logs := &syncBuffer{}
	cfg := lockTimeoutsConfig(t, dbURL)
	svc, base := servicetest.ServeLogged(t, cfg, slog.New(slog.NewJSONHandler(logs, &slog.HandlerOptions{Level: slog.LevelInfo})))

	appCfg, err := pgxpool.ParseConfig(dbURL)
	if err != nil {
		t.Fatal(err)
	}
	appCfg.ConnConfig.RuntimeParams["application_name"] = "app"
	appCfg.MaxConns = 3
	app, err := pgxpool.NewWithConfig(ctx, appCfg)
	if err != nil {
		t.Fatal(err)
	}
	defer app.Close()
	waits := testenv.WatchLockWaits(t, app, 100*time.Millisecond, "lethe")

	claimedAt := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		table  string
		others []string // locked with table: the rest of its entity's tables
		jobs   []river.JobArgs
		get    []string // API routes (DELETE when so prefixed)
		want   []string // lethe_lock_timeouts_total series that must move
	}{{
		table: "pastes",
		jobs: []river.JobArgs{
			jobs.ExpirePlan{Policy: "pastes"}, jobs.ExpireWatchdog{Policy: "pastes"},
			jobs.ExpireBatch{Policy: "pastes", ClaimedAt: claimedAt, Rows: 5},
		},
		get: []string{"/api/v1/overview", "/api/v1/policies/pastes/preview"},
		want: []string{
			`{policy="pastes",step="claim"}`, `{policy="pastes",step="reset"}`, `{policy="pastes",step="finish"}`,
			`{policy="pastes",step="count"}`, `{policy="pastes",step="preview"}`,
		},
	}, {
		table: "notes",
		jobs: []river.JobArgs{
			jobs.ExpirePlan{Policy: "notes"}, jobs.ExpireWatchdog{Policy: "notes"},
			jobs.ExpireDelete{Policy: "notes", Rows: 10},
		},
		get: []string{"/api/v1/overview", "/api/v1/policies/notes/preview"},
		want: []string{
			`{policy="notes",step="claim"}`, `{policy="notes",step="reset"}`, `{policy="notes",step="finish"}`,
			`{policy="notes",step="count"}`, `{policy="notes",step="preview"}`,
		},
	}, {
		table: "lineage_event_idempotency",
		jobs:  []river.JobArgs{jobs.Sweep{Policy: "idempotency"}},
		get:   []string{"/api/v1/overview", "/api/v1/policies/idempotency/preview"},
		want: []string{
			`{policy="idempotency",step="sweep"}`, `{policy="idempotency",step="count"}`, `{policy="idempotency",step="preview"}`,
		},
	}, {
		table:  "runs",
		others: []string{"run_attributes", "run_metrics", "run_tags", "run_experiments", "run_blobs"},
		jobs: []river.JobArgs{
			jobs.DeleteEntity{Entity: "run", Key: "r1"},
			jobs.LogMetric{RunHash: "r2", Name: "loss", Step: 1, Value: 0.5},
			jobs.OrphanSweep{Policy: "runs"}, jobs.TombstoneGC{Policy: "runs"},
		},
		get:  []string{"/api/v1/overview", "/api/v1/entities/run/r2/preview", "DELETE /api/v1/entities/run/r2"},
		want: []string{`{policy="runs",step="delete_entity"}`, `{policy="runs",step="ingest"}`, `{policy="runs",step="preview"}`},
	}} {
		t.Run(tc.table, func(t *testing.T) {
			before := servicetest.Scrape(t, base)
			holder, err := app.Begin(ctx)
			if err != nil {
				t.Fatal(err)
			}
			defer holder.Rollback(context.Background()) //nolint:errcheck
			for _, table := range append([]string{tc.table}, tc.others...) {
				if _, err := holder.Exec(ctx, `LOCK TABLE `+pgx.Identifier{table}.Sanitize()+` IN ACCESS EXCLUSIVE MODE`); err != nil {
					t.Fatal(err)
				}
			}
			params := make([]river.InsertManyParams, len(tc.jobs))
			for i, args := range tc.jobs {
				params[i] = river.InsertManyParams{Args: args}
			}
			if _, err := svc.River.InsertMany(ctx, params); err != nil {
				t.Fatal(err)
			}
			var wg sync.WaitGroup
			for _, route := range tc.get {
				wg.Go(func() {
					method, path, ok := strings.Cut(route, " ")
					if !ok {
						method, path = http.MethodGet, route
					}
					status, body := request(ctx, method, base+path)
					if status != http.StatusOK {
						t.Logf("%s %s behind the lock: %d %s", method, path, status, body)
					}
				})
			}
			// Hold the lock until every step has given up on it at least
			// once (or long enough that one that waits would show).
			deadline := time.Now().Add(30 * time.Second)
			var missing []string
			for {
				// The dashboard counts the tables again once its cached
				// overview is older than a few seconds.
				request(ctx, http.MethodGet, base+"/api/v1/overview")
				now := servicetest.Scrape(t, base)
				missing = missing[:0]
				for _, series := range tc.want {
					name := "lethe_lock_timeouts_total" + series
					if now[name] <= before[name] {
						missing = append(missing, series)
					}
				}
				if len(missing) == 0 || time.Now().After(deadline) {
					break
				}
				time.Sleep(200 * time.Millisecond)
			}
			wg.Wait()
			if err := holder.Rollback(ctx); err != nil {
				t.Fatal(err)
			}
			for _, series := range missing {
				t.Errorf("lethe_lock_timeouts_total%s did not move while %s was locked", series, tc.table)
			}
		})
	}

	// Once the application lets go, the work goes on: a planner run
	// deletes the notes.
	if _, err := svc.River.Insert(ctx, jobs.ExpirePlan{Policy: "notes"}, nil); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(200 * time.Millisecond) {
		var left int
		if err := setup.QueryRow(ctx, `SELECT count(*) FROM notes`).Scan(&left); err != nil {
			t.Fatal(err)
		}
		if left == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d notes left a minute after the locks were released", left)
		}
	}

	found, err := waits.Stop()
	if err != nil {
		t.Fatal(err)
	}
	if len(found) == 0 {
		t.Error("no backend of Lethe's was seen waiting for a lock: the sampler saw nothing")
	}
	for _, w := range found {
		if w.Waited > lockTimeoutsTestLock+lockWaitMargin {
			t.Errorf("%s; want at most %s", w, lockTimeoutsTestLock+lockWaitMargin)
		}
	}

	// Each lock timeout is logged at WARN, naming the application's
	// session as the one that held the table.
	warned := map[string]bool{}
	for _, line := range strings.Split(logs.String(), "\n") {
		var entry struct {
			Level, Msg, Policy, Step string
			App                      string `json:"blocking_application"`
			Lock                     string `json:"blocking_lock"`
		}
		if json.Unmarshal([]byte(line), &entry) != nil || entry.Msg != "Gave up waiting for a lock; will try again later" {
			continue
		}
		if entry.Level != "WARN" || entry.App != "app" || entry.Lock != "AccessExclusiveLock" {
			t.Errorf("lock timeout logged as %s", line)
		}
		warned[fmt.Sprintf(`{policy=%q,step=%q}`, entry.Policy, entry.Step)] = true
	}
	for _, series := range []string{
		`{policy="pastes",step="claim"}`, `{policy="notes",step="claim"}`, `{policy="idempotency",step="sweep"}`,
		`{policy="runs",step="delete_entity"}`,
	} {
		if !warned[series] {
			t.Errorf("no WARN for the lock timeout of %s", series)
		}
	}
}

// request sends method to url and returns the answer's status and body.
func request(ctx context.Context, method, url string) (int, string) {
	req, err := http.NewRequestWithContext(ctx, method, url, nil)
	if err != nil {
		return 0, err.Error()
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, err.Error()
	}
	defer resp.Body.Close()
	var body bytes.Buffer
	_, _ = body.ReadFrom(resp.Body)
	return resp.StatusCode, body.String()
}

// TestShortConnectionTimeouts: with database.lock_timeout and
// statement_timeout far shorter than their defaults, River still works:
// the service starts (migrations, guards), elects a leader, fetches and
// completes jobs (a run-now of the expire policy deletes its expired rows),
// and every connection of its pool has the configured defaults.
func TestShortConnectionTimeouts(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	dbURL := testenv.MigratedURL(t)
	yaml := strings.Replace(string(config.Default), "dir: .lethe/blobs", "dir: "+t.TempDir(), 1)
	yaml = strings.Replace(yaml, "  max_conns: 10\n", "  max_conns: 10\n  lock_timeout: 100ms\n  statement_timeout: 2s\n", 1)
	cfg := servicetest.Config(t, []byte(yaml), dbURL)
	svc, base := servicetest.Serve(t, cfg)
	var lock, statement string
	if err := svc.Pool.QueryRow(ctx, `SELECT current_setting('lock_timeout'), current_setting('statement_timeout')`).Scan(&lock, &statement); err != nil {
		t.Fatal(err)
	}
	if lock != "100ms" || statement != "2s" {
		t.Errorf("a connection of the service's pool starts with lock_timeout %s, statement_timeout %s; want 100ms, 2s", lock, statement)
	}
	if _, err := svc.Pool.Exec(ctx, `INSERT INTO pastes (expires_at) SELECT now() - make_interval(mins => i) FROM generate_series(1, 20) i`); err != nil {
		t.Fatal(err)
	}
	if status, body := request(ctx, http.MethodPost, base+"/api/v1/policies/pastes/run"); status != http.StatusAccepted && status != http.StatusOK {
		t.Fatalf("run pastes now: %d %s", status, body)
	}
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(200 * time.Millisecond) {
		var left int
		if err := svc.Pool.QueryRow(ctx, `SELECT count(*) FROM pastes`).Scan(&left); err != nil {
			t.Fatal(err)
		}
		if left == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d pastes left a minute after run-now", left)
		}
	}
	var leaders int
	if err := svc.Pool.QueryRow(ctx, `SELECT count(*) FROM `+pgx.Identifier{cfg.River.Schema, "river_leader"}.Sanitize()).Scan(&leaders); err != nil {
		t.Fatal(err)
	}
	if leaders != 1 {
		t.Errorf("%d River leaders, want 1", leaders)
	}
}
