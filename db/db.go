// Package db is Lethe's PostgreSQL access: connecting, claims, deletes,
// tombstones, the deletion audit and per-policy state.
//
// Static queries on Lethe's own tables (and the example runs schema) live in
// internal/dbsqlc/*.sql, one file per table, checked against the migrations
// and turned into Go by sqlc (`go tool task generate`). Statements on tables
// named in the configuration are written next to the code that runs them, as
// templates whose {placeholder}s only identifiers fill (identTemplate, through
// Ident); values always go in $n parameters, never spliced into SQL. The one
// statement that cannot take a parameter, a partition's bounds in DDL, gets
// them from partitionBound, which formats time.Time values only.
package db

import (
	"context"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Executor is what both a pool and a transaction offer, so functions can run
// inside a caller's transaction or on their own.
type Executor interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// Connect opens a pool on url and checks that the server answers.
func Connect(ctx context.Context, url string, maxConns int32) (*pgxpool.Pool, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("parse database url: %w", err)
	}
	if maxConns > 0 {
		cfg.MaxConns = maxConns
	}
	if cfg.ConnConfig.RuntimeParams["application_name"] == "" {
		cfg.ConnConfig.RuntimeParams["application_name"] = "lethe"
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("open database pool: %w", err)
	}
	pingCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := pool.Ping(pingCtx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("connect to database %s:%d: %w", cfg.ConnConfig.Host, cfg.ConnConfig.Port, err)
	}
	return pool, nil
}

// Ident quotes a table or column name from configuration.
func Ident(name string) string { return pgx.Identifier{name}.Sanitize() }

// identTemplate fills the {placeholder}s of SQL templates with names from
// configuration, each quoted by Ident: the one way package db builds
// statements around configured tables and columns. Values never go through
// it; they are $n parameters.
type identTemplate struct{ r *strings.Replacer }

// newIdentTemplate maps each placeholder (without braces) to the unquoted
// name that fills it, e.g. {"table": "pastes"} fills {table} with "pastes".
func newIdentTemplate(names map[string]string) identTemplate {
	pairs := make([]string, 0, 2*len(names))
	for placeholder, name := range names {
		pairs = append(pairs, "{"+placeholder+"}", Ident(name))
	}
	return identTemplate{strings.NewReplacer(pairs...)}
}

// fill returns sql with every placeholder replaced.
func (t identTemplate) fill(sql string) string { return t.r.Replace(sql) }

// limit32 converts a row limit for a generated query's int32 parameter,
// saturating instead of wrapping.
func limit32(n int) int32 { return int32(max(min(n, math.MaxInt32), math.MinInt32)) }
