package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/internal/testenv"
	"github.com/lethehq/lethe/jobs"
)

// TestDemoConfig runs the demo on the configuration --config names: it
// migrates and serves the database that file names and schedules its
// policies only.
func TestDemoConfig(t *testing.T) {
	t.Parallel()
	dbURL := testenv.DatabaseURL(t)
	configPath := writeConfig(t, `
database:
  url: "`+dbURL+`"
blob:
  local:
    dir: `+filepath.Join(t.TempDir(), "blobs")+`
shutdown_grace: 1s
migrate_on_start: true
`+sweepPolicy)

	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	var out, errOut testenv.LogBuffer
	c := &cli{stdout: &out, stderr: &errOut, getenv: func(string) string { return "" }}
	exit := make(chan int, 1)
	go func() {
		exit <- run(ctx, c, []string{"demo", "--no-seed", "--listen", "127.0.0.1:0", "--config", configPath})
	}()
	testenv.WaitUntil(t, 60*time.Second, "the demo to run", func() (bool, error) {
		select {
		case code := <-exit:
			t.Fatalf("demo exited %d\nstdout: %s\nstderr: %s", code, out.String(), errOut.String())
		default:
		}
		return strings.Contains(out.String(), "Lethe demo is running."), nil
	})

	pool, err := pgxpool.New(t.Context(), dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	var kinds []string
	testenv.WaitUntil(t, 30*time.Second, "the sweep policy's job", func() (bool, error) {
		err := pool.QueryRow(t.Context(), `SELECT coalesce(array_agg(DISTINCT kind ORDER BY kind), '{}') FROM lethe.river_job`).Scan(&kinds)
		return strings.Contains(strings.Join(kinds, ","), jobs.KindSweep), err
	})
	if strings.Contains(strings.Join(kinds, ","), jobs.KindExpirePlan) {
		t.Errorf("job kinds %v: the demo scheduled the embedded configuration's expire policy, not only --config's", kinds)
	}

	cancel()
	select {
	case code := <-exit:
		if code != 0 {
			t.Errorf("demo exited %d after cancel, want 0\nstderr: %s", code, errOut.String())
		}
	case <-time.After(30 * time.Second):
		t.Fatal("demo did not stop within 30s")
	}
}

// TestDemoSeedOnly creates the example tables and seeds them, then exits;
// `lethe migrate` alone creates none of them.
func TestDemoSeedOnly(t *testing.T) {
	t.Parallel()
	dbURL := testenv.DatabaseURL(t)
	configPath := writeConfig(t, `
database:
  url: "`+dbURL+`"
blob:
  local:
    dir: `+filepath.Join(t.TempDir(), "blobs")+`
`+sweepPolicy)

	if code, out, errOut := runCLI(t, nil, "migrate", "up", "--config", configPath); code != 0 {
		t.Fatalf("migrate up: exit %d\n%s%s", code, out, errOut)
	}
	pool, err := pgxpool.New(t.Context(), dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	var pastes bool
	if err := pool.QueryRow(t.Context(), `SELECT to_regclass('pastes') IS NOT NULL`).Scan(&pastes); err != nil || pastes {
		t.Fatalf("migrate up created the example table pastes (err %v)", err)
	}

	for range 2 { // a second run only adds data
		code, out, errOut := runCLI(t, nil, "demo", "--seed-only", "--config", configPath)
		if code != 0 || !strings.Contains(out, "seeded") {
			t.Fatalf("demo --seed-only: exit %d\n%s%s", code, out, errOut)
		}
	}
	var expired, runs int
	if err := pool.QueryRow(t.Context(), `SELECT (SELECT count(*) FROM pastes WHERE expires_at < now()), (SELECT count(*) FROM runs)`).Scan(&expired, &runs); err != nil {
		t.Fatal(err)
	}
	if expired == 0 || runs == 0 {
		t.Errorf("after demo --seed-only: %d expired pastes, %d runs; want some of each", expired, runs)
	}
	if code, _, _ := runCLI(t, nil, "demo", "--seed-only", "--no-seed"); code != 2 {
		t.Errorf("--seed-only --no-seed exited %d, want 2 (usage)", code)
	}
}
