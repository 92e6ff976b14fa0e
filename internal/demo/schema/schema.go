// Package schema holds the example tables that the demo and the tests run
// Lethe's policies on (pastes, lineage_event_idempotency and its partitioned
// variant, runs and their child tables), and applies them. They are an
// application's tables, not Lethe's: `lethe migrate` never creates them.
// Their late-write guards come from the run entity's declaration, like any
// entity's (package entity).
//
// Files are named NNNN_name.sql and applied in version order after Lethe's
// migrations. Applied versions are
// recorded in lethe_demo_schema. A database that earlier Lethe versions
// migrated has the same versions recorded in lethe_migration, and those are
// not applied again.
package schema

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"regexp"
	"slices"
	"strconv"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

//go:embed *.sql
var files embed.FS

// advisoryLockKey serialises concurrent Apply calls ("demo" in ASCII).
const advisoryLockKey = 0x64656d6f

// File is one example schema file.
type File struct {
	Version int
	Name    string
	SQL     string
}

var fileRE = regexp.MustCompile(`^(\d{4})_([a-z0-9_]+)\.sql$`)

// Files returns the example schema files in version order.
func Files() ([]File, error) {
	entries, err := fs.ReadDir(files, ".")
	if err != nil {
		return nil, fmt.Errorf("read example schemas: %w", err)
	}
	out := make([]File, 0, len(entries))
	for _, entry := range entries {
		match := fileRE.FindStringSubmatch(entry.Name())
		if match == nil {
			return nil, fmt.Errorf("example schema file %q: want NNNN_name.sql", entry.Name())
		}
		version, _ := strconv.Atoi(match[1])
		body, err := fs.ReadFile(files, entry.Name())
		if err != nil {
			return nil, fmt.Errorf("read example schema %s: %w", entry.Name(), err)
		}
		out = append(out, File{Version: version, Name: match[2], SQL: string(body)})
	}
	slices.SortFunc(out, func(a, b File) int { return a.Version - b.Version })
	return out, nil
}

// Apply applies every example schema file not applied yet, each in its own
// transaction, and returns the versions it applied. Lethe's migrations must
// have been applied first. Concurrent calls are safe.
func Apply(ctx context.Context, pool *pgxpool.Pool) ([]int, error) {
	all, err := Files()
	if err != nil {
		return nil, err
	}
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return nil, fmt.Errorf("acquire connection: %w", err)
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock($1)`, advisoryLockKey); err != nil {
		return nil, fmt.Errorf("take example schema lock: %w", err)
	}
	defer conn.Exec(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1)`, advisoryLockKey) //nolint:errcheck

	if _, err := conn.Exec(ctx, `CREATE TABLE IF NOT EXISTS lethe_demo_schema (
		version    integer PRIMARY KEY,
		name       text NOT NULL,
		applied_at timestamptz NOT NULL DEFAULT now()
	)`); err != nil {
		return nil, fmt.Errorf("create lethe_demo_schema: %w", err)
	}
	done, err := appliedVersions(ctx, conn)
	if err != nil {
		return nil, err
	}
	var applied []int
	for _, f := range all {
		if done[f.Version] == f.Name {
			continue
		}
		err := pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, f.SQL); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, `INSERT INTO lethe_demo_schema (version, name) VALUES ($1, $2)`, f.Version, f.Name)
			return err
		})
		if err != nil {
			return applied, fmt.Errorf("apply example schema %04d_%s: %w", f.Version, f.Name, err)
		}
		applied = append(applied, f.Version)
	}
	return applied, nil
}

// appliedVersions returns the name of each version already applied: those
// recorded in lethe_demo_schema and, for a database earlier Lethe versions
// migrated, in lethe_migration.
func appliedVersions(ctx context.Context, conn *pgxpool.Conn) (map[int]string, error) {
	query := `SELECT version, name FROM lethe_demo_schema`
	var migrated bool
	if err := conn.QueryRow(ctx, `SELECT to_regclass('lethe_migration') IS NOT NULL`).Scan(&migrated); err != nil {
		return nil, fmt.Errorf("look for lethe_migration: %w", err)
	}
	if migrated {
		query += ` UNION ALL SELECT version, name FROM lethe_migration`
	}
	rows, err := conn.Query(ctx, query)
	if err != nil {
		return nil, fmt.Errorf("read applied example schemas: %w", err)
	}
	done := map[int]string{}
	for rows.Next() {
		var (
			version int
			name    string
		)
		if err := rows.Scan(&version, &name); err != nil {
			return nil, fmt.Errorf("read applied example schemas: %w", err)
		}
		done[version] = name
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read applied example schemas: %w", err)
	}
	return done, nil
}
