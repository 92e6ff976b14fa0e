// Package db is Lethe's PostgreSQL access: connecting, claims, deletes,
// tombstones, the deletion audit and per-policy state.
//
// Static queries on Lethe's own tables (and the example runs schema) live in
// internal/dbsqlc/*.sql, one file per table, checked against the migrations
// and turned into Go by sqlc (`go tool task generate`). Statements on tables
// named in the configuration are written next to the code that runs them, as
// templates whose {placeholder}s only identifiers fill (package sqlident); values always go in $n parameters, never spliced into SQL. The one
// statement that cannot take a parameter, a partition's bounds in DDL, gets
// them from partitionBound, which formats time.Time values only.
package db

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/internal/sqlident"
)

// Executor is what both a pool and a transaction offer, so functions can run
// inside a caller's transaction or on their own.
type Executor interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// Connect opens a pool of up to maxConns connections on url and checks that
// the server answers.
func Connect(ctx context.Context, url string, maxConns int32) (*pgxpool.Pool, error) {
	return ConnectPool(ctx, url, PoolOptions{MaxConns: maxConns})
}

// PoolOptions tune ConnectPool.
type PoolOptions struct {
	// MaxConns caps the pool; 0 keeps the URL's pool_max_conns or pgx's
	// default.
	MaxConns int32
	// MaxConnIdleTime closes a connection idle that long, so a quiet
	// Lethe holds few connections; 0 keeps pgx's default (30m).
	MaxConnIdleTime time.Duration
	// Logger hears when the server has no connection slot for Lethe and it
	// waits for one (nil: slog's default).
	Logger *slog.Logger
	// LockTimeout and StatementTimeout are every connection's session
	// defaults of lock_timeout and statement_timeout (0: the server's):
	// the safety net under Bounded, so that no statement of Lethe's, on
	// whatever path, waits for an application's lock without end.
	// Statements that need other bounds set them locally (Timeouts).
	LockTimeout      time.Duration
	StatementTimeout time.Duration
}

// ConnectPool opens a pool on url and checks that the server answers. The
// pool keeps no connection it does not need (MinConns 0) and closes those
// idle past opts.MaxConnIdleTime. A new connection the server refuses for
// lack of slots waits and retries with backoff instead of failing (see
// slotWait); the ping at start waits the same way, up to two minutes.
// Every connection starts with opts' lock_timeout and statement_timeout
// (startup parameters, so even River's own statements have them).
func ConnectPool(ctx context.Context, url string, opts PoolOptions) (*pgxpool.Pool, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("parse database url: %w", err)
	}
	if opts.MaxConns > 0 {
		cfg.MaxConns = opts.MaxConns
	}
	cfg.MinConns, cfg.MinIdleConns = 0, 0
	if opts.MaxConnIdleTime > 0 {
		cfg.MaxConnIdleTime = opts.MaxConnIdleTime
		// The health check is what closes idle connections: run it often
		// enough that none outstays the idle time by much.
		cfg.HealthCheckPeriod = min(cfg.HealthCheckPeriod, max(opts.MaxConnIdleTime/2, 100*time.Millisecond))
	}
	if cfg.ConnConfig.RuntimeParams["application_name"] == "" {
		cfg.ConnConfig.RuntimeParams["application_name"] = "lethe"
	}
	if opts.LockTimeout > 0 {
		cfg.ConnConfig.RuntimeParams["lock_timeout"] = durationSetting(opts.LockTimeout)
	}
	if opts.StatementTimeout > 0 {
		cfg.ConnConfig.RuntimeParams["statement_timeout"] = durationSetting(opts.StatementTimeout)
	}
	wait := &slotWait{logger: cmp.Or(opts.Logger, slog.Default()), maxConns: cfg.MaxConns}
	cfg.BeforeConnect = wait.beforeConnect
	cfg.AfterConnect = wait.afterConnect
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("open database pool: %w", err)
	}
	pingCtx, cancel := context.WithTimeout(ctx, slotWaitAtStart)
	defer cancel()
	if err := pool.Ping(pingCtx); err != nil {
		pool.Close()
		var pgErr *pgconn.PgError
		if errors.As(err, &pgErr) && pgErr.Code == sqlStateNoDatabase {
			return nil, fmt.Errorf("connect to database %s:%d: %w; create it first (createdb -h %s -p %d %q), Lethe then creates its own tables in it (lethe migrate up)",
				cfg.ConnConfig.Host, cfg.ConnConfig.Port, err, cfg.ConnConfig.Host, cfg.ConnConfig.Port, cfg.ConnConfig.Database)
		}
		return nil, fmt.Errorf("connect to database %s:%d: %w", cfg.ConnConfig.Host, cfg.ConnConfig.Port, err)
	}
	return pool, nil
}

// sqlStateNoDatabase is PostgreSQL's invalid_catalog_name: the database
// named in the URL does not exist.
const sqlStateNoDatabase = "3D000"

// Ident quotes a table or column name from configuration.
func Ident(name string) string { return sqlident.Quote(name) }

// newIdentTemplate is the template of package sqlident: the one way
// package db builds statements around configured tables and columns.
func newIdentTemplate(names map[string]string) sqlident.Template { return sqlident.New(names) }

// limit32 converts a row limit for a generated query's int32 parameter,
// saturating instead of wrapping.
func limit32(n int) int32 { return int32(max(min(n, math.MaxInt32), math.MinInt32)) }
