package testenv

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/internal/pgboot"
)

// testDBPrefix starts the name of every database made here, so leftovers are recognisable.
const testDBPrefix = "lethe_test_"

// staleAfter is the age past which DropStale treats a test database as left by a crashed run.
const staleAfter = time.Hour

type pgServer struct {
	url   string        // superuser URL as pgboot resolved it
	admin *pgxpool.Pool // creates and drops test databases; small, shared by all tests
}

// sharedPG is the one PostgreSQL server per test process: resolving it may start a cluster
// or even install PostgreSQL, which no test should pay for twice.
var sharedPG = sync.OnceValues(startPG)

func startPG() (pgServer, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute) // apt-get may run
	defer cancel()

	opts := pgboot.Options{
		Logger:       slog.New(slog.NewTextHandler(os.Stderr, nil)),
		StartCluster: true,
		Install:      true,
	}
	if root, err := repoRoot(); err == nil {
		opts.DataDir = filepath.Join(root, ".lethe", "pg")
	}
	srv, err := pgboot.Resolve(ctx, opts)
	if err != nil {
		return pgServer{}, fmt.Errorf("testenv: %w", err)
	}

	cfg, err := pgxpool.ParseConfig(srv.URL)
	if err != nil {
		return pgServer{}, fmt.Errorf("testenv: parse %s URL: %w", srv.Source, err)
	}
	cfg.MaxConns = 4
	admin, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return pgServer{}, fmt.Errorf("testenv: admin pool on %s: %w", srv.Source, err)
	}

	if err := DropStale(ctx, srv.URL); err != nil {
		// Leftovers cost disk, not correctness.
		fmt.Fprintf(os.Stderr, "testenv: %v\n", err)
	}
	return pgServer{url: srv.URL, admin: admin}, nil
}

// DatabaseURL returns the URL of a brand-new empty database created for this test and dropped
// in t.Cleanup (with FORCE, so connections still open are terminated). The server is resolved
// once per test process with pgboot.Resolve: DATABASE_URL, else 127.0.0.1:5432, else a private
// cluster in <repo>/.lethe/pg. Safe to call from any number of parallel tests.
func DatabaseURL(t testing.TB) string {
	t.Helper()
	return newDatabase(t, func(ctx context.Context, pg pgServer, name string) error {
		return pgboot.CreateDatabase(ctx, pg.admin, name)
	})
}

// newDatabase names a test database, has create make it, drops it in t.Cleanup and returns its URL.
func newDatabase(t testing.TB, create func(ctx context.Context, pg pgServer, name string) error) string {
	t.Helper()
	pg, err := sharedPG()
	if err != nil {
		t.Fatal(err)
	}

	name := fmt.Sprintf("%s%d_%s", testDBPrefix, time.Now().Unix(), randomHex(6))
	ctx, cancel := context.WithTimeout(context.Background(), templateTimeout)
	defer cancel()
	if err := create(ctx, pg, name); err != nil {
		t.Fatalf("testenv: create database %s: %v", name, err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		if err := pgboot.DropDatabase(ctx, pg.admin, name); err != nil {
			t.Errorf("testenv: drop database %s: %v", name, err)
		}
	})

	dbURL, err := pgboot.WithDatabase(pg.url, name)
	if err != nil {
		t.Fatalf("testenv: %v", err)
	}
	return dbURL
}

// Pool returns a pgxpool on a brand-new database (as DatabaseURL), closed in t.Cleanup before
// the database is dropped.
func Pool(t testing.TB) *pgxpool.Pool {
	t.Helper()
	return poolOn(t, DatabaseURL(t))
}

// poolOn opens a pool on the test database at dbURL, closed in t.Cleanup. Called after the
// database's creation, so its cleanup runs before the drop.
func poolOn(t testing.TB, dbURL string) *pgxpool.Pool {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	pool, err := pgxpool.New(ctx, dbURL)
	if err != nil {
		t.Fatalf("testenv: pool: %v", err)
	}
	t.Cleanup(pool.Close)
	if err := pool.Ping(ctx); err != nil {
		t.Fatalf("testenv: ping test database: %v", err)
	}
	return pool
}

// DropStale drops the test databases on the server at adminURL that crashed runs left behind:
// those named by DatabaseURL more than an hour ago (templates the tests of this package build
// included). Databases of tests running now are younger and stay. The migrated templates are
// not test databases: they are kept for the next run, and replaced when the migrations change.
func DropStale(ctx context.Context, adminURL string) error {
	conn, err := pgx.Connect(ctx, adminURL)
	if err != nil {
		return fmt.Errorf("drop stale test databases: %w", err)
	}
	defer conn.Close(context.WithoutCancel(ctx))

	rows, err := conn.Query(ctx, `SELECT datname FROM pg_database WHERE starts_with(datname, $1)`, testDBPrefix)
	if err != nil {
		return fmt.Errorf("drop stale test databases: list: %w", err)
	}
	names, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return fmt.Errorf("drop stale test databases: list: %w", err)
	}

	cutoff := time.Now().Add(-staleAfter)
	var errs []error
	for _, name := range names {
		created, ok := databaseCreated(name)
		if !ok || !created.Before(cutoff) {
			continue
		}
		if err := dropDatabase(ctx, conn, name); err != nil {
			errs = append(errs, fmt.Errorf("drop stale test database %s: %w", name, err))
		}
	}
	return errors.Join(errs...)
}

// databaseCreated reads the creation time DatabaseURL put in a name: lethe_test_<unix>_<hex>.
func databaseCreated(name string) (time.Time, bool) {
	rest, ok := strings.CutPrefix(name, testDBPrefix)
	if !ok {
		return time.Time{}, false
	}
	secs, _, ok := strings.Cut(rest, "_")
	if !ok {
		return time.Time{}, false
	}
	unix, err := strconv.ParseInt(secs, 10, 64)
	if err != nil {
		return time.Time{}, false
	}
	return time.Unix(unix, 0), true
}
