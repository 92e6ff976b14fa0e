package testenv

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/internal/demo"
)

// AccountsSchema and AccountsConfig are the tests' own entity schema and
// its declaration (see demo.AccountsSchema).
const (
	AccountsSchema = demo.AccountsSchema
	AccountsConfig = demo.AccountsConfig
)

// AccountsPool returns a pool on a new migrated database (MigratedPool)
// that also holds AccountsSchema, without guards: the code under test
// installs them.
func AccountsPool(t testing.TB) *pgxpool.Pool {
	t.Helper()
	pool := MigratedPool(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if _, err := pool.Exec(ctx, AccountsSchema); err != nil {
		t.Fatalf("testenv: create the accounts schema: %v", err)
	}
	return pool
}

// AccountsURL is AccountsPool for tests that start their own process or
// service: it returns the database URL.
func AccountsURL(t testing.TB) string {
	t.Helper()
	return AccountsPool(t).Config().ConnString()
}
