package testenv

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/lethehq/lethe/internal/pgboot"
)

// databaseExists asks the shared server, through the admin pool, whether name is there.
func databaseExists(ctx context.Context, t *testing.T, name string) bool {
	t.Helper()
	pg, err := sharedPG()
	if err != nil {
		t.Fatal(err)
	}
	var exists bool
	if err := pg.admin.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)", name).Scan(&exists); err != nil {
		t.Fatal(err)
	}
	return exists
}

func currentDatabase(ctx context.Context, t *testing.T, connURL string) string {
	t.Helper()
	conn, err := pgx.Connect(ctx, connURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	var name string
	if err := conn.QueryRow(ctx, "SELECT current_database()").Scan(&name); err != nil {
		t.Fatal(err)
	}
	return name
}

func TestDatabaseURL(t *testing.T) {
	t.Parallel()

	t.Run("TestsGetDistinctEmptyDatabases", func(t *testing.T) {
		t.Parallel()
		var (
			mu    sync.Mutex
			names = map[string]string{}
		)
		// Run as a group so the parallel subtests have all finished before the check below.
		t.Run("group", func(t *testing.T) {
			for _, test := range []string{"a", "b"} {
				t.Run(test, func(t *testing.T) {
					t.Parallel()
					ctx := t.Context()
					pool := Pool(t)
					var name string
					if err := pool.QueryRow(ctx, "SELECT current_database()").Scan(&name); err != nil {
						t.Fatal(err)
					}
					// Empty: no user tables yet, so each test starts from nothing.
					var tables int
					if err := pool.QueryRow(ctx, "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'").Scan(&tables); err != nil {
						t.Fatal(err)
					}
					if tables != 0 {
						t.Errorf("fresh database %s has %d tables", name, tables)
					}
					// Written by both tests: a shared database would make one of these fail.
					if _, err := pool.Exec(ctx, "CREATE TABLE mine (who text)"); err != nil {
						t.Fatalf("create table in %s: %v", name, err)
					}
					mu.Lock()
					names[test] = name
					mu.Unlock()
				})
			}
		})
		if names["a"] == "" || names["a"] == names["b"] {
			t.Fatalf("databases = %v, want two distinct names", names)
		}
		for _, name := range names {
			if !strings.HasPrefix(name, testDBPrefix) {
				t.Errorf("database %q lacks the %q prefix", name, testDBPrefix)
			}
		}
	})

	t.Run("DatabaseGoneAfterCleanup", func(t *testing.T) {
		t.Parallel()
		ctx := t.Context()
		outer := t
		var name string
		t.Run("inner", func(t *testing.T) {
			dbURL := DatabaseURL(t)
			name = currentDatabase(ctx, t, dbURL)
			// Still open when the inner test's cleanup drops the database: the drop must
			// neither wait for nor fail on a live session.
			conn, err := pgx.Connect(ctx, dbURL)
			if err != nil {
				t.Fatal(err)
			}
			outer.Cleanup(func() { conn.Close(context.Background()) })
			if !databaseExists(ctx, t, name) {
				t.Fatalf("database %s missing during its test", name)
			}
		})
		if name == "" {
			t.Fatal("inner test did not get a database")
		}
		if databaseExists(ctx, t, name) {
			t.Errorf("database %s still exists after its test's cleanup", name)
		}
	})

	t.Run("ManyParallelTests", func(t *testing.T) {
		t.Parallel()
		for i := range 24 {
			t.Run(fmt.Sprint(i), func(t *testing.T) {
				t.Parallel()
				ctx := t.Context()
				pool := Pool(t)
				if _, err := pool.Exec(ctx, "CREATE TABLE t (n int); INSERT INTO t SELECT generate_series(1, 100)"); err != nil {
					t.Fatal(err)
				}
				var n int
				if err := pool.QueryRow(ctx, "SELECT count(*) FROM t").Scan(&n); err != nil {
					t.Fatal(err)
				}
				if n != 100 {
					t.Errorf("count = %d, want 100", n)
				}
			})
		}
	})
}

func TestDropStale(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	pg, err := sharedPG()
	if err != nil {
		t.Fatal(err)
	}

	// A database named as a crashed run two hours ago would have left it.
	stale := fmt.Sprintf("%s%d_%s", testDBPrefix, time.Now().Add(-2*time.Hour).Unix(), randomHex(6))
	if err := pgboot.CreateDatabase(ctx, pg.admin, stale); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = pgboot.DropDatabase(context.Background(), pg.admin, stale) })
	fresh := currentDatabase(ctx, t, DatabaseURL(t))

	if err := DropStale(ctx, pg.url); err != nil {
		t.Fatal(err)
	}
	if databaseExists(ctx, t, stale) {
		t.Errorf("stale database %s survived DropStale", stale)
	}
	if !databaseExists(ctx, t, fresh) {
		t.Errorf("DropStale dropped %s, the database of a running test", fresh)
	}
}
