package pgboot_test

import (
	"context"
	"errors"
	"io/fs"
	"log/slog"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/lethehq/lethe/internal/pgboot"
)

func testLogger(t *testing.T) *slog.Logger {
	return slog.New(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelDebug}))
}

func connect(ctx context.Context, t *testing.T, connURL string) *pgx.Conn {
	t.Helper()
	conn, err := pgx.Connect(ctx, connURL)
	if err != nil {
		t.Fatalf("connect to %s: %v", connURL, err)
	}
	t.Cleanup(func() { conn.Close(context.Background()) })
	return conn
}

func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// The tests below change DATABASE_URL, so none of them runs in parallel.

func TestResolve(t *testing.T) {
	ctx := t.Context()

	t.Run("WithoutDatabaseURLFindsAServer", func(t *testing.T) {
		t.Setenv("DATABASE_URL", "")
		srv, err := pgboot.Resolve(ctx, pgboot.Options{DataDir: filepath.Join(t.TempDir(), "pg"), Logger: testLogger(t), StartCluster: true, Install: true})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = srv.Stop(context.Background()) })
		if srv.Source != pgboot.SourceLocal && srv.Source != pgboot.SourcePrivate {
			t.Errorf("Source = %q, want %q or %q", srv.Source, pgboot.SourceLocal, pgboot.SourcePrivate)
		}
		var one int
		if err := connect(ctx, t, srv.URL).QueryRow(ctx, "SELECT 1").Scan(&one); err != nil {
			t.Fatalf("query %s server: %v", srv.Source, err)
		}
	})

	t.Run("DatabaseURLHonouredAsIs", func(t *testing.T) {
		t.Setenv("DATABASE_URL", "")
		base, err := pgboot.Resolve(ctx, pgboot.Options{DataDir: filepath.Join(t.TempDir(), "pg"), Logger: testLogger(t), StartCluster: true, Install: true})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = base.Stop(context.Background()) })

		// A parameter no fallback would carry proves the URL itself was used.
		u, err := url.Parse(base.URL)
		if err != nil {
			t.Fatal(err)
		}
		q := u.Query()
		q.Set("application_name", "pgboot_env_test")
		u.RawQuery = q.Encode()
		t.Setenv("DATABASE_URL", u.String())

		srv, err := pgboot.Resolve(ctx, pgboot.Options{Logger: testLogger(t)})
		if err != nil {
			t.Fatal(err)
		}
		if srv.Source != pgboot.SourceEnv || srv.URL != u.String() {
			t.Fatalf("Resolve = (%q, %q), want (%q, %q)", srv.Source, srv.URL, pgboot.SourceEnv, u.String())
		}
		var app string
		if err := connect(ctx, t, srv.URL).QueryRow(ctx, "SELECT current_setting('application_name')").Scan(&app); err != nil {
			t.Fatal(err)
		}
		if app != "pgboot_env_test" {
			t.Errorf("application_name = %q, want pgboot_env_test", app)
		}
		if err := srv.Stop(ctx); err != nil {
			t.Errorf("Stop on a DATABASE_URL server = %v, want a no-op", err)
		}
	})

	t.Run("DatabaseURLDownIsAnErrorNotAFallback", func(t *testing.T) {
		port := freePort(t)
		t.Setenv("DATABASE_URL", "postgres://postgres@127.0.0.1:"+strconv.Itoa(port)+"/postgres?sslmode=disable")

		start := time.Now()
		srv, err := pgboot.Resolve(ctx, pgboot.Options{DataDir: filepath.Join(t.TempDir(), "pg"), Logger: testLogger(t)})
		if err == nil {
			t.Fatalf("Resolve = %+v, want an error for a DATABASE_URL nobody answers", srv)
		}
		msg := err.Error()
		if !strings.Contains(msg, "DATABASE_URL") || !strings.Contains(msg, strconv.Itoa(port)) {
			t.Errorf("error %q should name DATABASE_URL and port %d", msg, port)
		}
		if time.Since(start) > 10*time.Second {
			t.Errorf("Resolve took %v to give up on a closed port", time.Since(start))
		}
	})
}

func TestResolveWithoutStartCluster(t *testing.T) {
	ctx := t.Context()
	t.Setenv("DATABASE_URL", "")
	addr := "127.0.0.1:" + strconv.Itoa(freePort(t))
	dataDir := filepath.Join(t.TempDir(), "pg")

	var plans []string
	srv, err := pgboot.Resolve(ctx, pgboot.Options{
		DataDir: dataDir, Logger: testLogger(t), LocalAddr: addr, Install: true,
		Announce: func(plan string) { plans = append(plans, plan) },
	})
	if err == nil {
		t.Fatalf("Resolve = %+v, want an error: nothing answers at %s and starting a cluster was not allowed", srv, addr)
	}
	if !errors.Is(err, pgboot.ErrNoServer) || !strings.Contains(err.Error(), addr) {
		t.Errorf("error %q should wrap ErrNoServer and name %s", err, addr)
	}
	if len(plans) > 0 {
		t.Errorf("Resolve announced %q without StartCluster", plans)
	}
	if _, err := os.Stat(dataDir); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Resolve without StartCluster touched %s: %v", dataDir, err)
	}
}

func TestResolveAnnouncesThePrivateCluster(t *testing.T) {
	ctx := t.Context()
	logger := testLogger(t)
	if _, err := pgboot.ServerBinDir(ctx, false, logger); err != nil {
		t.Skipf("no PostgreSQL server binaries: %v", err)
	}
	t.Setenv("DATABASE_URL", "")
	addr := "127.0.0.1:" + strconv.Itoa(freePort(t))
	dataDir := filepath.Join(t.TempDir(), "pg")

	var plans []string
	srv, err := pgboot.Resolve(ctx, pgboot.Options{
		DataDir: dataDir, Logger: logger, LocalAddr: addr, StartCluster: true,
		Announce: func(plan string) {
			if _, err := os.Stat(dataDir); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("announced after touching %s: %v", dataDir, err)
			}
			plans = append(plans, plan)
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = srv.Stop(context.Background()) })
	if srv.Source != pgboot.SourcePrivate {
		t.Errorf("Source = %q, want %q", srv.Source, pgboot.SourcePrivate)
	}
	if len(plans) != 1 || !strings.Contains(plans[0], addr) || !strings.Contains(plans[0], "starting a private cluster in "+dataDir) {
		t.Errorf("announced %q, want one sentence naming %s and the private cluster in %s", plans, addr, dataDir)
	}
	if strings.Contains(plans[0], "apt-get") {
		t.Errorf("announced %q: installing was not allowed", plans[0])
	}
}

func TestStartPrivate(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	logger := testLogger(t)

	if _, err := pgboot.ServerBinDir(ctx, true, logger); err != nil {
		t.Skipf("no PostgreSQL server binaries and they cannot be installed: %v", err)
	}
	dataDir := filepath.Join(t.TempDir(), "pg")

	// Several callers racing on a fresh data dir: one initialises and starts, the rest reuse.
	const callers = 3
	servers := make([]*pgboot.Server, callers)
	errs := make([]error, callers)
	var wg sync.WaitGroup
	for i := range callers {
		wg.Go(func() { servers[i], errs[i] = pgboot.StartPrivate(ctx, dataDir, logger) })
	}
	wg.Wait()
	t.Cleanup(func() {
		for _, srv := range servers {
			if srv != nil {
				_ = srv.Stop(context.Background())
			}
		}
	})
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	srv := servers[0]
	for _, other := range servers[1:] {
		if other.URL != srv.URL {
			t.Fatalf("concurrent starts gave %s and %s, want one cluster", srv.URL, other.URL)
		}
	}
	if srv.Source != pgboot.SourcePrivate {
		t.Errorf("Source = %q, want %q", srv.Source, pgboot.SourcePrivate)
	}

	// It is our cluster, not whatever else listens on this machine, and it keeps data.
	conn := connect(ctx, t, srv.URL)
	var gotDir string
	if err := conn.QueryRow(ctx, "SHOW data_directory").Scan(&gotDir); err != nil {
		t.Fatal(err)
	}
	if gotDir != dataDir {
		t.Fatalf("data_directory = %s, want %s", gotDir, dataDir)
	}
	if _, err := conn.Exec(ctx, "CREATE TABLE kept (v text); INSERT INTO kept VALUES ('survives restart')"); err != nil {
		t.Fatal(err)
	}
	conn.Close(ctx)

	// Stopping each handle: only the one that started the cluster stops it.
	for _, s := range servers {
		if err := s.Stop(ctx); err != nil {
			t.Fatalf("Stop: %v", err)
		}
	}
	if err := pingOnce(ctx, srv.URL); err == nil {
		t.Fatal("private cluster still answers after Stop")
	}

	// A restart reuses the data and the recorded port, so the URL stays valid.
	again, err := pgboot.StartPrivate(ctx, dataDir, logger)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = again.Stop(context.Background()) })
	if again.URL != srv.URL {
		t.Errorf("restart URL = %s, want the recorded %s", again.URL, srv.URL)
	}
	var v string
	if err := connect(ctx, t, again.URL).QueryRow(ctx, "SELECT v FROM kept").Scan(&v); err != nil {
		t.Fatal(err)
	}
	if v != "survives restart" {
		t.Errorf("kept.v = %q after restart", v)
	}
	if err := again.Stop(ctx); err != nil {
		t.Fatal(err)
	}
	if err := pingOnce(ctx, again.URL); err == nil {
		t.Fatal("private cluster still answers after the second Stop")
	}
}

func pingOnce(ctx context.Context, connURL string) error {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, connURL)
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	return conn.Ping(ctx)
}

func TestWithDatabase(t *testing.T) {
	t.Parallel()
	for _, in := range []string{
		"postgres://u@h:5432/postgres?sslmode=disable",
		"postgresql://u@h/",
		"host=h user=u dbname=postgres sslmode=disable",
	} {
		got, err := pgboot.WithDatabase(in, "other")
		if err != nil {
			t.Fatalf("WithDatabase(%q): %v", in, err)
		}
		cfg, err := pgx.ParseConfig(got)
		if err != nil {
			t.Fatalf("WithDatabase(%q) = %q, which does not parse: %v", in, got, err)
		}
		if cfg.Database != "other" || cfg.Host != "h" || cfg.User != "u" {
			t.Errorf("WithDatabase(%q) = %q: database %q, host %q, user %q; want other, h, u", in, got, cfg.Database, cfg.Host, cfg.User)
		}
	}
}
