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
	"github.com/lethehq/lethe/internal/pace"
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

// autovacuumStandIn does for table what autovacuum does on a server that
// runs it, when the server does not (autovacuum = off, as on a development
// machine): without it, every deleted row stays a dead tuple, and each
// round of a long benchmark pays for all the rounds before it. vacuumNow
// vacuums table at once; start vacuums it on autovacuum's schedule until
// stop, with autovacuum's own cost delay, so it takes what autovacuum
// would take. With autovacuum on, both do nothing, and String says which.
type autovacuumStandIn struct {
	pool  *pgxpool.Pool
	table string
	on    bool // the server runs autovacuum
}

func newAutovacuumStandIn(ctx context.Context, pool *pgxpool.Pool, table string) (*autovacuumStandIn, error) {
	var setting string
	if err := pool.QueryRow(ctx, `SELECT current_setting('autovacuum')`).Scan(&setting); err != nil {
		return nil, fmt.Errorf("read autovacuum: %w", err)
	}
	return &autovacuumStandIn{pool: pool, table: table, on: setting == "on"}, nil
}

// String says what stands in for autovacuum in a benchmark's header.
func (a *autovacuumStandIn) String() string {
	if a.on {
		return "autovacuum on"
	}
	return "autovacuum off: the benchmark vacuums " + a.table + " as autovacuum would"
}

func (a *autovacuumStandIn) vacuumNow(ctx context.Context) error {
	if a.on {
		return nil
	}
	return a.vacuum(ctx, false)
}

// vacuum vacuums the table, throttled as autovacuum is when throttled.
// VACUUM runs outside a transaction, so the cost delay is the session's,
// reset before the connection goes back to the pool.
func (a *autovacuumStandIn) vacuum(ctx context.Context, throttled bool) error {
	err := a.pool.AcquireFunc(ctx, func(conn *pgxpool.Conn) error {
		if throttled {
			if _, err := conn.Exec(ctx, `
				SELECT set_config('vacuum_cost_delay', CASE current_setting('autovacuum_vacuum_cost_delay')
					WHEN '-1' THEN current_setting('vacuum_cost_delay')
					ELSE current_setting('autovacuum_vacuum_cost_delay') END, false)`); err != nil {
				return err
			}
			defer conn.Exec(context.WithoutCancel(ctx), `RESET vacuum_cost_delay`)
		}
		_, err := conn.Exec(ctx, "VACUUM "+pgx.Identifier{a.table}.Sanitize())
		return err
	})
	if err != nil {
		return fmt.Errorf("vacuum %s: %w", a.table, err)
	}
	return nil
}

// start vacuums table every autovacuum_naptime (1 min by default), each
// run throttled as autovacuum's are (autovacuum_vacuum_cost_delay, 2ms
// on PostgreSQL 12 and later), until stop returns.
func (a *autovacuumStandIn) start(ctx context.Context, logger *slog.Logger) (stop func(), err error) {
	if a.on {
		return func() {}, nil
	}
	var naptime float64
	if err := a.pool.QueryRow(ctx, `SELECT extract(epoch FROM current_setting('autovacuum_naptime')::interval)::float8`).Scan(&naptime); err != nil {
		return nil, fmt.Errorf("read autovacuum_naptime: %w", err)
	}
	interval := max(time.Second, time.Duration(naptime*float64(time.Second)))
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for pace.Sleep(ctx, interval) == nil {
			if err := a.vacuum(ctx, true); err != nil && ctx.Err() == nil {
				logger.Warn("Vacuum standing in for autovacuum", slog.String("table", a.table), slog.String("error", err.Error()))
			}
		}
	}()
	return func() { cancel(); <-done }, nil
}
