package testenv

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/entity"
)

// templateTimeout bounds creating a migrated database, building its template included (which may
// wait for another process building it).
const templateTimeout = 5 * time.Minute

// MigratedPool returns a pool on a brand-new database with River's migrations (in the default
// river.schema, lethe), Lethe's migrations and the example schemas applied, closed and dropped
// when the test ends like Pool's.
//
// The database is a copy of a template database migrated once for all tests and test processes:
// lethe_tmpl_<hash>, where hash covers what the template holds (see templateHash). The first
// test to need a template for the current migrations and day builds it (dropping those of other
// migrations or days built more than ten minutes ago); it is kept across runs while the
// migrations and the UTC date stay the same.
func MigratedPool(t testing.TB) *pgxpool.Pool {
	t.Helper()
	return poolOn(t, MigratedURL(t))
}

// MigratedURL is MigratedPool for tests that start their own process: it returns the database URL.
func MigratedURL(t testing.TB) string {
	t.Helper()
	hash, err := templateHash()
	if err != nil {
		t.Fatalf("testenv: %v", err)
	}
	dbURL := newDatabase(t, func(ctx context.Context, pg pgServer, name string) error {
		return migratedTemplates.createFromTemplate(ctx, pg.admin, name, hash)
	})
	if err := copiedGuards.update(dbURL); err != nil {
		t.Fatalf("testenv: %v", err)
	}
	return dbURL
}

// copiedGuards keeps the late-write guards of migrated databases current.
var copiedGuards templateGuards

// templateGuards learns, from the first database copied in this process,
// whether the template's guards are current, so later copies of the same
// template skip the round trips when they are.
type templateGuards struct {
	once  sync.Once
	stale bool
	err   error
}

// update brings the guards of dbURL, a fresh copy of the template, up to
// date: on the first copy it installs them and remembers whether that
// changed any; on later copies it installs them only if it did.
func (g *templateGuards) update(dbURL string) error {
	first := false
	g.once.Do(func() {
		first = true
		var changed bool
		changed, g.err = installGuards(dbURL)
		g.stale = changed
	})
	if g.err != nil || first || !g.stale {
		return g.err
	}
	_, err := installGuards(dbURL)
	return err
}

// installGuards brings the late-write guards of the embedded default
// configuration's entities (the run example) up to date in the database at
// dbURL, as `lethe migrate up` would, and reports whether any changed. The
// template holds them already unless the guards' definition changed since
// it was built.
func installGuards(dbURL string) (changed bool, err error) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	pool, err := pgxpool.New(ctx, dbURL)
	if err != nil {
		return false, fmt.Errorf("install guards: %w", err)
	}
	defer pool.Close()
	cfg, err := config.Parse(config.Default, nil)
	if err != nil {
		return false, fmt.Errorf("install guards: %w", err)
	}
	changes, unresolved, err := entity.InstallGuards(ctx, pool, pool, cfg)
	if err = errors.Join(unresolved, err); err != nil {
		return false, fmt.Errorf("install guards: %w", err)
	}
	for _, c := range changes {
		if c.EntityDeclared {
			return true, nil
		}
	}
	return false, nil
}
