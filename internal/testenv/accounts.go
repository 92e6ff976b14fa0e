package testenv

import (
	"context"
	"testing"
	"time"

	"github.com/lethehq/lethe/internal/demo"
)

// AccountsSchema and AccountsConfig are the tests' own entity schema and
// its declaration (see demo.AccountsSchema).
const (
	AccountsSchema = demo.AccountsSchema
	AccountsConfig = demo.AccountsConfig
)

// AccountsURL returns the URL of a new migrated database (MigratedURL)
// that also holds AccountsSchema, without guards: the code under test
// installs them.
func AccountsURL(t testing.TB) string {
	t.Helper()
	dbURL := MigratedURL(t)
	pool := poolOn(t, dbURL)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if _, err := pool.Exec(ctx, AccountsSchema); err != nil {
		t.Fatalf("testenv: create the accounts schema: %v", err)
	}
	return dbURL
}
