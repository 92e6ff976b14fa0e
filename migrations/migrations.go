// Package migrations holds Lethe's schema as embedded SQL and applies it,
// together with River's own tables (through rivermigrate).
//
// Files are named NNNN_name.up.sql / NNNN_name.down.sql. Applied versions are
// recorded in lethe_migration. Each migration runs in its own transaction
// under an advisory lock, so two processes migrating at once are safe.
//
// Version ranges by capability, so parallel work never collides:
// 0001–0009 foundation, 0010–0019 expiry, 0020–0029 sweep, 0030–0039
// tombstones, 0040–0049 web.
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

// Up applies River's migrations and then every pending Lethe migration. It
// returns the Lethe versions it applied.
func Up(ctx context.Context, pool *pgxpool.Pool) ([]int, error) {
	all, err := All()
	if err != nil {
		return nil, err
	}
	var applied []int
	err = withLock(ctx, pool, func(conn *pgxpool.Conn) error {
		// River's migrator is not safe to run concurrently; the lock we
		// hold serialises it too.
		migrator, err := rivermigrate.New(riverpgxv5.New(pool), nil)
		if err != nil {
			return fmt.Errorf("river migrator: %w", err)
		}
		if _, err := migrator.Migrate(ctx, rivermigrate.DirectionUp, nil); err != nil {
			return fmt.Errorf("migrate river: %w", err)
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
// River's tables are left alone unless river is true, in which case they are
// removed after every Lethe migration has been reverted.
func Down(ctx context.Context, pool *pgxpool.Pool, steps int, river bool) ([]int, error) {
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
	migrator, err := rivermigrate.New(riverpgxv5.New(pool), nil)
	if err != nil {
		return reverted, fmt.Errorf("river migrator: %w", err)
	}
	if _, err := migrator.Migrate(ctx, rivermigrate.DirectionDown, &rivermigrate.MigrateOpts{TargetVersion: -1}); err != nil {
		return reverted, fmt.Errorf("migrate river down: %w", err)
	}
	return reverted, nil
}

// List returns every Lethe migration with when it was applied.
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
	for _, m := range all {
		out = append(out, Status{Migration: m, AppliedAt: done[m.Version]})
	}
	return out, nil
}

// Pending reports how many Lethe migrations are not applied yet (used by
// /readyz). A database without Lethe's tables has every migration pending.
func Pending(ctx context.Context, pool *pgxpool.Pool) (int, error) {
	list, err := List(ctx, pool)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, s := range list {
		if s.AppliedAt.IsZero() {
			n++
		}
	}
	return n, nil
}

func withLock(ctx context.Context, pool *pgxpool.Pool, fn func(conn *pgxpool.Conn) error) error {
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return fmt.Errorf("acquire connection: %w", err)
	}
	defer conn.Release()
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

func appliedVersions(ctx context.Context, conn *pgxpool.Conn) (map[int]time.Time, error) {
	done := map[int]time.Time{}
	rows, err := conn.Query(ctx, `SELECT version, applied_at FROM lethe_migration`)
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
			at      time.Time
		)
		if err := rows.Scan(&version, &at); err != nil {
			return nil, fmt.Errorf("read applied migrations: %w", err)
		}
		done[version] = at
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
