package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/internal/pgboot"
	"github.com/lethehq/lethe/internal/testenv"
	"github.com/lethehq/lethe/jobs"
)

// TestDemoConfig runs the demo on the configuration --config names: it
// migrates and serves the database that file names and schedules its
// policies only, and guards its entity on the example tables it creates.
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
entities:
  - name: run
    table: runs
    key_column: run_hash
    edges:
      - {table: run_tags, column: run_hash, references: runs.run_hash}
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
	// The example tables exist before the service checks the entities'
	// guards: a new database starts without a warning about them.
	if strings.Contains(errOut.String(), "without late-write guards") {
		t.Errorf("the demo on a new database warned about guards:\n%s", errOut.String())
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

// TestDemoCreatesMissingDatabase: the demo creates the database
// database.url names when the server has none of that name and the role
// may create databases; when the role may not, it fails naming the
// statement that fixes it.
func TestDemoCreatesMissingDatabase(t *testing.T) {
	t.Parallel()

	// missing returns the URL of a database that does not exist (yet),
	// dropped when the test ends if the demo created it.
	missing := func(t *testing.T) (dbURL string, admin *pgxpool.Pool) {
		t.Helper()
		admin = testenv.Pool(t)
		dbURL = testenv.DatabaseURL(t)
		u, err := url.Parse(dbURL)
		if err != nil {
			t.Fatal(err)
		}
		if err := pgboot.DropDatabase(t.Context(), admin, strings.TrimPrefix(u.Path, "/")); err != nil {
			t.Fatal(err)
		}
		return dbURL, admin
	}
	demoConfig := func(t *testing.T, dbURL string) string {
		t.Helper()
		return writeConfig(t, `
database:
  url: "`+dbURL+`"
blob:
  local:
    dir: `+filepath.Join(t.TempDir(), "blobs")+`
`+sweepPolicy)
	}

	t.Run("Created", func(t *testing.T) {
		t.Parallel()
		dbURL, _ := missing(t)
		code, out, errOut := runCLI(t, nil, "demo", "--seed-only", "--config", demoConfig(t, dbURL))
		if code != 0 || !strings.Contains(out, "did not exist: created it") || !strings.Contains(out, "seeded") {
			t.Fatalf("demo --seed-only on a missing database: exit %d\nstdout: %s\nstderr: %s", code, out, errOut)
		}
		pool, err := pgxpool.New(t.Context(), dbURL)
		if err != nil {
			t.Fatal(err)
		}
		defer pool.Close()
		var runs int
		if err := pool.QueryRow(t.Context(), `SELECT count(*) FROM runs`).Scan(&runs); err != nil || runs == 0 {
			t.Errorf("the created database holds %d runs (err %v), want the seeded ones", runs, err)
		}
		// The second run finds it.
		code, out, errOut = runCLI(t, nil, "demo", "--seed-only", "--config", demoConfig(t, dbURL))
		if code != 0 || strings.Contains(out, "created it") {
			t.Errorf("demo --seed-only again: exit %d\nstdout: %s\nstderr: %s", code, out, errOut)
		}
	})

	t.Run("RoleMayNotCreate", func(t *testing.T) {
		t.Parallel()
		dbURL, admin := missing(t)
		suffix := make([]byte, 4)
		_, _ = rand.Read(suffix)
		role := "lethe_nocreatedb_" + hex.EncodeToString(suffix)
		if _, err := admin.Exec(t.Context(), "CREATE ROLE "+pgx.Identifier{role}.Sanitize()+" LOGIN NOCREATEDB"); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() {
			if _, err := admin.Exec(context.Background(), "DROP ROLE IF EXISTS "+pgx.Identifier{role}.Sanitize()); err != nil {
				t.Logf("drop role %s: %v", role, err)
			}
		})
		u, err := url.Parse(dbURL)
		if err != nil {
			t.Fatal(err)
		}
		u.User = url.User(role)
		code, out, errOut := runCLI(t, nil, "demo", "--seed-only", "--config", demoConfig(t, u.String()))
		name := strings.TrimPrefix(u.Path, "/")
		for _, want := range []string{
			`database "` + name + `" does not exist`,
			`role "` + role + `" may not create databases`,
			`run: CREATE DATABASE "` + name + `" OWNER "` + role + `"`,
			"database.url",
		} {
			if code != 1 || !strings.Contains(errOut, want) {
				t.Errorf("demo as a role without CREATEDB: exit %d, stderr lacks %q\nstdout: %s\nstderr: %s", code, want, out, errOut)
			}
		}
	})
}
