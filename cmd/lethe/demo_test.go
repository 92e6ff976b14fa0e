package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/internal/testenv"
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
		return strings.Contains(strings.Join(kinds, ","), "lethe.sweep"), err
	})
	if strings.Contains(strings.Join(kinds, ","), "lethe.expire_plan") {
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
