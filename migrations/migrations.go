// Package migrations holds Lethe's schema as embedded SQL and applies it,
// together with River's own tables (through rivermigrate).
//
// Lethe's lethe_* tables live in the connection's default schema. River's
// tables live in a schema of their own (river.schema, default lethe), so an
// application's River in the same database keeps its jobs and its
// leadership to itself. Nothing else is created: the example tables the
// demo and the tests use are applied by internal/demo/schema.
//
// Files are named NNNN_name.up.sql / NNNN_name.down.sql. Applied versions are
// recorded in lethe_migration. Each migration runs in its own transaction
// under an advisory lock, so two processes migrating at once are safe.
// Versions recorded there that Lethe no longer has (earlier versions
// migrated the example tables as 0002–0004, 0020 and 0030) are listed by
// List and otherwise left alone.
//
// Version ranges by area, so parallel work never collides: 0001–0009
// foundation, 0010–0019 expiry, 0020–0029 sweep, 0030–0039 tombstones,
// 0040–0049 web, 0050–0059 legal holds, 0060–0069 audit, 0070–0079 fleet,
// 0080–0089 restoration window, 0090–0099 deletion ledger.
package migrations

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"regexp"
	"slices"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivermigrate"
)

//go:embed *.sql
var files embed.FS

// advisoryLockKey serialises concurrent migrators ("lethe" in ASCII).
const advisoryLockKey = 0x6c65746865

// Migration is one versioned schema change.
type Migration struct {
	Version int
	Name    string
	Up      string
	Down    string
}

// Status is a migration and when it was applied (zero when pending).
type Status struct {
	Migration
	AppliedAt time.Time
	// Unknown is set for a version recorded in lethe_migration that this
	// Lethe does not have; only Version, Name and AppliedAt are filled.
	Unknown bool
}

var fileRE = regexp.MustCompile(`^(\d{4})_([a-z0-9_]+)\.(up|down)\.sql$`)

// All returns Lethe's migrations in version order.
func All() ([]Migration, error) {
	entries, err := fs.ReadDir(files, ".")
	if err != nil {
		return nil, fmt.Errorf("read embedded migrations: %w", err)
	}
	byVersion := map[int]*Migration{}
	for _, entry := range entries {
		match := fileRE.FindStringSubmatch(entry.Name())
		if match == nil {
			return nil, fmt.Errorf("migration file %q: want NNNN_name.up.sql or NNNN_name.down.sql", entry.Name())
		}
		version, _ := strconv.Atoi(match[1])
		body, err := fs.ReadFile(files, entry.Name())
		if err != nil {
			return nil, fmt.Errorf("read migration %s: %w", entry.Name(), err)
		}
		m := byVersion[version]
		if m == nil {
			m = &Migration{Version: version, Name: match[2]}
			byVersion[version] = m
		}
		if m.Name != match[2] {
			return nil, fmt.Errorf("migration %04d has two names: %s and %s", version, m.Name, match[2])
		}
		if match[3] == "up" {
			m.Up = string(body)
		} else {
			m.Down = string(body)
		}
	}
	all := make([]Migration, 0, len(byVersion))
	for _, m := range byVersion {
		if m.Up == "" || m.Down == "" {
			return nil, fmt.Errorf("migration %04d_%s needs both .up.sql and .down.sql", m.Version, m.Name)
		}
		all = append(all, *m)
	}
	slices.SortFunc(all, func(a, b Migration) int { return a.Version - b.Version })
	return all, nil
}

// Up creates riverSchema when missing, applies River's migrations in it and
// then every pending Lethe migration. It returns the Lethe versions it
// applied.
func Up(ctx context.Context, pool *pgxpool.Pool, riverSchema string) ([]int, error) {
	all, err := All()
	if err != nil {
		return nil, err
	}
	var applied []int
	err = withLock(ctx, pool, func(conn *pgxpool.Conn) error {
		// River's migrator is not safe to run concurrently; the lock we
		// hold serialises it too.
		if _, err := conn.Exec(ctx, `CREATE SCHEMA IF NOT EXISTS `+pgx.Identifier{riverSchema}.Sanitize()); err != nil {
			return fmt.Errorf("create schema %s for River: %w", riverSchema, err)
		}
		migrator, err := newRiverMigrator(pool, riverSchema)
		if err != nil {
			return err
		}
		if _, err := migrator.Migrate(ctx, rivermigrate.DirectionUp, nil); err != nil {
			return fmt.Errorf("migrate river in schema %s: %w", riverSchema, err)
		}
		done, err := appliedVersions(ctx, conn)
		if err != nil {
			return err
		}
		for _, m := range all {
			if _, ok := done[m.Version]; ok {
				continue
			}
			if err := apply(ctx, conn, m.Up, func(tx pgx.Tx) error {
				_, err := tx.Exec(ctx, `INSERT INTO lethe_migration (version, name) VALUES ($1, $2)`, m.Version, m.Name)
				return err
			}); err != nil {
				return fmt.Errorf("apply migration %04d_%s: %w", m.Version, m.Name, err)
			}
			applied = append(applied, m.Version)
		}
		return nil
	})
	return applied, err
}

// Down reverts the last steps Lethe migrations (all of them when steps < 0).
// River's tables in riverSchema are left alone unless river is true, in
// which case they are removed after every Lethe migration has been
// reverted (the schema itself stays).
func Down(ctx context.Context, pool *pgxpool.Pool, riverSchema string, steps int, river bool) ([]int, error) {
	all, err := All()
	if err != nil {
		return nil, err
	}
	var reverted []int
	err = withLock(ctx, pool, func(conn *pgxpool.Conn) error {
		done, err := appliedVersions(ctx, conn)
		if err != nil {
			return err
		}
		for _, m := range slices.Backward(all) {
			if steps >= 0 && len(reverted) >= steps {
				break
			}
			if _, ok := done[m.Version]; !ok {
				continue
			}
			if err := apply(ctx, conn, m.Down, func(tx pgx.Tx) error {
				_, err := tx.Exec(ctx, `DELETE FROM lethe_migration WHERE version = $1`, m.Version)
				return err
			}); err != nil {
				return fmt.Errorf("revert migration %04d_%s: %w", m.Version, m.Name, err)
			}
			reverted = append(reverted, m.Version)
		}
		return nil
	})
	if err != nil || !river {
		return reverted, err
	}
	migrator, err := newRiverMigrator(pool, riverSchema)
	if err != nil {
		return reverted, err
	}
	if _, err := migrator.Migrate(ctx, rivermigrate.DirectionDown, &rivermigrate.MigrateOpts{TargetVersion: -1}); err != nil {
		return reverted, fmt.Errorf("migrate river down in schema %s: %w", riverSchema, err)
	}
	return reverted, nil
}

// newRiverMigrator returns River's migrator for its tables in schema.
func newRiverMigrator(pool *pgxpool.Pool, schema string) (*rivermigrate.Migrator[pgx.Tx], error) {
	if schema == "" {
		return nil, errors.New("river migrator: no schema given")
	}
	migrator, err := rivermigrate.New(riverpgxv5.New(pool), &rivermigrate.Config{Schema: schema})
	if err != nil {
		return nil, fmt.Errorf("river migrator for schema %s: %w", schema, err)
	}
	return migrator, nil
}

// RiverPending reports how many of River's migrations are not applied yet
// in schema. A schema without River's tables has every one pending.
func RiverPending(ctx context.Context, pool *pgxpool.Pool, schema string) (int, error) {
	migrator, err := newRiverMigrator(pool, schema)
	if err != nil {
		return 0, err
	}
	existing, err := migrator.ExistingVersions(ctx)
	if err != nil {
		return 0, fmt.Errorf("read River's migrations in schema %s: %w", schema, err)
	}
	done := map[int]bool{}
	for _, m := range existing {
		done[m.Version] = true
	}
	n := 0
	for _, m := range migrator.AllVersions() {
		if !done[m.Version] {
			n++
		}
	}
	return n, nil
}

// List returns every Lethe migration with when it was applied, followed by
// any applied version this Lethe does not know (marked Unknown).
func List(ctx context.Context, pool *pgxpool.Pool) ([]Status, error) {
	all, err := All()
	if err != nil {
		return nil, err
	}
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return nil, fmt.Errorf("acquire connection: %w", err)
	}
	defer conn.Release()
	done, err := appliedVersions(ctx, conn)
	if err != nil {
		return nil, err
	}
	out := make([]Status, 0, len(all))
	known := map[int]bool{}
	for _, m := range all {
		known[m.Version] = true
		out = append(out, Status{Migration: m, AppliedAt: done[m.Version].at})
	}
	var unknown []Status
	for version, a := range done {
		if !known[version] {
			unknown = append(unknown, Status{Migration: Migration{Version: version, Name: a.name}, AppliedAt: a.at, Unknown: true})
		}
	}
	slices.SortFunc(unknown, func(a, b Status) int { return a.Version - b.Version })
	return append(out, unknown...), nil
}

// Pending reports how many migrations are not applied yet (used by
// /readyz): Lethe's, and River's in riverSchema. A database without
// Lethe's tables has every migration pending.
func Pending(ctx context.Context, pool *pgxpool.Pool, riverSchema string) (int, error) {
	list, err := List(ctx, pool)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, s := range list {
		if !s.Unknown && s.AppliedAt.IsZero() {
			n++
		}
	}
	river, err := RiverPending(ctx, pool, riverSchema)
	if err != nil {
		return 0, err
	}
	return n + river, nil
}

func withLock(ctx context.Context, pool *pgxpool.Pool, fn func(conn *pgxpool.Conn) error) error {
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return fmt.Errorf("acquire connection: %w", err)
	}
	defer conn.Release()
	// The connection's session defaults (database.lock_timeout and
	// statement_timeout) bound Lethe's work beside an application; a
	// migration waits for another process's migrations and for its own
	// tables' locks instead, however long they take. A connection whose
	// reset fails is closed rather than pooled without its defaults.
	if _, err := conn.Exec(ctx, `SELECT set_config('lock_timeout', '0', false), set_config('statement_timeout', '0', false)`); err != nil {
		return fmt.Errorf("lift timeouts for migrations: %w", err)
	}
	defer func() {
		ctx := context.WithoutCancel(ctx)
		if _, err := conn.Exec(ctx, `
			SELECT set_config(name, reset_val, false) FROM pg_settings
			WHERE name IN ('lock_timeout', 'statement_timeout')`); err != nil {
			_ = conn.Conn().Close(ctx)
		}
	}()
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock($1)`, advisoryLockKey); err != nil {
		return fmt.Errorf("take migration lock: %w", err)
	}
	defer conn.Exec(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1)`, advisoryLockKey) //nolint:errcheck
	if _, err := conn.Exec(ctx, `CREATE TABLE IF NOT EXISTS lethe_migration (
		version    integer PRIMARY KEY,
		name       text NOT NULL,
		applied_at timestamptz NOT NULL DEFAULT now()
	)`); err != nil {
		return fmt.Errorf("create lethe_migration: %w", err)
	}
	return fn(conn)
}

// applied is a version recorded in lethe_migration.
type applied struct {
	name string
	at   time.Time
}

func appliedVersions(ctx context.Context, conn *pgxpool.Conn) (map[int]applied, error) {
	done := map[int]applied{}
	rows, err := conn.Query(ctx, `SELECT version, name, applied_at FROM lethe_migration`)
	if err != nil {
		var pgErr interface{ SQLState() string }
		if errors.As(err, &pgErr) && pgErr.SQLState() == "42P01" { // undefined_table
			return done, nil
		}
		return nil, fmt.Errorf("read applied migrations: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var (
			version int
			a       applied
		)
		if err := rows.Scan(&version, &a.name, &a.at); err != nil {
			return nil, fmt.Errorf("read applied migrations: %w", err)
		}
		done[version] = a
	}
	return done, rows.Err()
}

func apply(ctx context.Context, conn *pgxpool.Conn, sql string, record func(tx pgx.Tx) error) error {
	tx, err := conn.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx) //nolint:errcheck
	if _, err := tx.Exec(ctx, sql); err != nil {
		return err
	}
	if err := record(tx); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
