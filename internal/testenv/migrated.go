package testenv

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/migrations"
)

// MigratedPool returns a pool on a brand-new database with River's and
// Lethe's migrations applied (example schemas included). The database is
// dropped when the test ends.
func MigratedPool(t testing.TB) *pgxpool.Pool {
	t.Helper()
	pool := Pool(t)
	if _, err := migrations.Up(context.Background(), pool); err != nil {
		t.Fatalf("migrate test database: %v", err)
	}
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
	if _, err := migrations.Up(context.Background(), pool); err != nil {
		t.Fatalf("migrate test database: %v", err)
	}
	return url
}
