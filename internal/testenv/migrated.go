package testenv

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// templateTimeout bounds creating a migrated database, building its template included (which may
// wait for another process building it).
const templateTimeout = 5 * time.Minute

// MigratedPool returns a pool on a brand-new database with River's migrations (in the default
// river.schema, lethe), Lethe's migrations and the example schemas applied, closed and dropped
// when the test ends like Pool's.
//
// The database is a copy of a template database migrated once for all tests and test processes:
// lethe_tmpl_<hash>, where hash covers what the template holds (see migrationHash). The first
// test to need a template for the current migrations builds it (dropping those of other
// migrations built more than ten minutes ago); it is kept across runs while the migrations stay
// the same.
func MigratedPool(t testing.TB) *pgxpool.Pool {
	t.Helper()
	return poolOn(t, MigratedURL(t))
}

// MigratedURL is MigratedPool for tests that start their own process: it returns the database URL.
func MigratedURL(t testing.TB) string {
	t.Helper()
	hash, err := migrationHash()
	if err != nil {
		t.Fatalf("testenv: %v", err)
	}
	return newDatabase(t, func(ctx context.Context, pg pgServer, name string) error {
		return migratedTemplates.createFromTemplate(ctx, pg.admin, name, hash)
	})
}
