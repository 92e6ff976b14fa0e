package bench

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/internal/demo/schema"
	"github.com/lethehq/lethe/internal/pgboot"
	"github.com/lethehq/lethe/migrations"
)

// freshDatabase creates lethe_bench_<name>_<unixnano> on the server at
// serverURL, migrates it and returns a pool on it and a function that drops
// it.
func freshDatabase(ctx context.Context, serverURL, name string, logger *slog.Logger) (*pgxpool.Pool, func(), error) {
	if serverURL == "" {
		return nil, nil, errors.New("no PostgreSQL server URL for the benchmark database")
	}
	admin, err := pgx.Connect(ctx, serverURL)
	if err != nil {
		return nil, nil, fmt.Errorf("connect to server: %w", err)
	}
	name = fmt.Sprintf("lethe_bench_%s_%d", name, time.Now().UnixNano())
	if err := pgboot.CreateDatabase(ctx, admin, name); err != nil {
		admin.Close(ctx)
		return nil, nil, fmt.Errorf("create benchmark database %s: %w", name, err)
	}
	drop := func() {
		dctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		if err := pgboot.DropDatabase(dctx, admin, name); err != nil {
			logger.Warn("Drop benchmark database", slog.String("database", name), slog.String("error", err.Error()))
		}
		admin.Close(dctx)
	}
	dbURL, err := pgboot.WithDatabase(serverURL, name)
	if err != nil {
		drop()
		return nil, nil, err
	}
	pool, err := db.Connect(ctx, dbURL, 16)
	if err != nil {
		drop()
		return nil, nil, err
	}
	if _, err := migrations.Up(ctx, pool, config.DefaultRiverSchema); err != nil {
		pool.Close()
		drop()
		return nil, nil, fmt.Errorf("migrate benchmark database %s: %w", name, err)
	}
	if _, err := schema.Apply(ctx, pool); err != nil {
		pool.Close()
		drop()
		return nil, nil, fmt.Errorf("apply example schemas to benchmark database %s: %w", name, err)
	}
	return pool, drop, nil
}

// riverJobTable names River's job table in the schema the benchmarks'
// databases and configurations use (the default river.schema).
func riverJobTable() string {
	return pgx.Identifier{config.DefaultRiverSchema, "river_job"}.Sanitize()
}
