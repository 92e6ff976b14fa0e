package testenv

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/internal/demo/schema"
	"github.com/lethehq/lethe/migrations"
)

// MigratedPool returns a pool on a brand-new database with River's
// migrations (in the default river.schema, lethe), Lethe's migrations and
// the example schemas applied. The database is dropped when the test ends.
func MigratedPool(t testing.TB) *pgxpool.Pool {
	t.Helper()
	pool := Pool(t)
	migrate(t, pool)
	return pool
}

// MigratedURL is MigratedPool for tests that start their own process: it
// returns the database URL (the pool used for migrating is closed).
func MigratedURL(t testing.TB) string {
	t.Helper()
	url := DatabaseURL(t)
	pool, err := pgxpool.New(context.Background(), url)
	if err != nil {
		t.Fatalf("open test database: %v", err)
	}
	defer pool.Close()
	migrate(t, pool)
	return url
}

func migrate(t testing.TB, pool *pgxpool.Pool) {
	t.Helper()
	ctx := context.Background()
	if _, err := migrations.Up(ctx, pool, config.DefaultRiverSchema); err != nil {
		t.Fatalf("migrate test database: %v", err)
	}
	if _, err := schema.Apply(ctx, pool); err != nil {
		t.Fatalf("apply example schemas to test database: %v", err)
	}
}
