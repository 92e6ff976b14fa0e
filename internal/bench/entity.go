package bench

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/entity"
	"github.com/lethehq/lethe/internal/demo"
)

// EntityOptions configures the entity deletion benchmark.
type EntityOptions struct {
	ServerURL string
	Logger    *slog.Logger
	// Tasks is how many task rows the deleted account holds (two edges
	// deep), in 100 projects.
	Tasks int
	// Chunk is delete_chunk_size for the chunked deletion.
	Chunk int
	// Repeats is how many times each way is measured; the median is
	// reported.
	Repeats int
}

// EntityReport is what the benchmark measured.
type EntityReport struct {
	Tasks, Chunk int
	Ways         []EntityWay
}

// EntityWay is one way of deleting the large account.
type EntityWay struct {
	Name string
	// Total is the whole deletion; Final the transaction that holds the
	// account's exclusive lock (writes to it wait that long) and writes
	// the tombstone. Medians over Runs.
	Total, Final time.Duration
	Rows         int64
	Runs         int
	// WriterP99 and WriterMax are the latencies of a foreground writer
	// adding tasks to another account during the deletions.
	WriterP99, WriterMax time.Duration
}

// accountsDatabase creates a fresh database named after name on serverURL
// with the accounts schema of the examples, its account entity declared and
// guarded, and returns a pool on it, the function that drops it (close the
// pool first) and the entity.
func accountsDatabase(ctx context.Context, serverURL, name string, logger *slog.Logger) (*pgxpool.Pool, func(), *entity.Entity, error) {
	pool, drop, err := freshDatabase(ctx, serverURL, name, logger)
	if err != nil {
		return nil, nil, nil, err
	}
	ent, err := func() (*entity.Entity, error) {
		if _, err := pool.Exec(ctx, demo.AccountsSchema); err != nil {
			return nil, fmt.Errorf("create the accounts schema: %w", err)
		}
		cfg, err := config.Parse([]byte(demo.AccountsConfig), nil)
		if err != nil {
			return nil, err
		}
		if _, unresolved, err := entity.InstallGuards(ctx, pool, pool, cfg); err != nil || unresolved != nil {
			return nil, fmt.Errorf("install guards: %v %v", err, unresolved)
		}
		return entity.Resolve(ctx, pool, cfg, "account")
	}()
	if err != nil {
		pool.Close()
		drop()
		return nil, nil, nil, err
	}
	return pool, drop, ent, nil
}

// Entity measures deleting one account with opts.Tasks tasks: in one
// transaction (as if delete_chunk_size were unlimited) against chunks of
// opts.Chunk ahead of a short final transaction, each opts.Repeats times,
// while a foreground writer keeps adding tasks to another account.
func Entity(ctx context.Context, opts EntityOptions) (*EntityReport, error) {
	logger := opts.Logger
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	pool, drop, ent, err := accountsDatabase(ctx, opts.ServerURL, "entity", logger)
	if err != nil {
		return nil, err
	}
	defer drop()
	defer pool.Close()
	const other = "00000000-0000-4000-8000-000000000000"
	for _, sql := range []string{`INSERT INTO accounts (id) VALUES ($1)`, `INSERT INTO projects (account_id) VALUES ($1)`} {
		if _, err := pool.Exec(ctx, sql, other); err != nil {
			return nil, err
		}
	}

	rep := &EntityReport{Tasks: opts.Tasks, Chunk: opts.Chunk}
	for i, way := range []struct {
		name  string
		chunk int
	}{{"one transaction", 0}, {fmt.Sprintf("chunks of %d", opts.Chunk), opts.Chunk}} {
		var totals, finals []time.Duration
		var rows int64
		writer := startWriter(ctx, pool, other)
		for run := range max(opts.Repeats, 1) {
			key := fmt.Sprintf("00000000-0000-4000-8000-%012d", 1000*(i+1)+run)
			if err := loadAccount(ctx, pool, key, opts.Tasks); err != nil {
				writer.stop()
				return nil, err
			}
			if _, err := pool.Exec(ctx, `CHECKPOINT`); err != nil {
				writer.stop()
				return nil, err
			}
			total, final, n, err := deleteAccount(ctx, pool, ent, key, way.chunk)
			if err != nil {
				writer.stop()
				return nil, err
			}
			totals, finals, rows = append(totals, total), append(finals, final), n
			logger.Info("Deleted account", slog.String("way", way.name), slog.Float64("total_seconds", total.Seconds()), slog.Float64("final_seconds", final.Seconds()))
		}
		p99, worst := writer.stop()
		rep.Ways = append(rep.Ways, EntityWay{Name: way.name, Total: medianDuration(totals), Final: medianDuration(finals),
			Rows: rows, Runs: len(totals), WriterP99: p99, WriterMax: worst})
	}
	return rep, nil
}

// loadAccount creates account key with 100 projects holding tasks tasks.
func loadAccount(ctx context.Context, pool *pgxpool.Pool, key string, tasks int) error {
	for _, sql := range []string{
		`INSERT INTO accounts (id) VALUES ($1)`,
		`INSERT INTO projects (account_id) SELECT $1 FROM generate_series(1, 100)`,
		`INSERT INTO api_keys (key, account_id) VALUES ($1::text, $1::uuid)`,
	} {
		if _, err := pool.Exec(ctx, sql, key); err != nil {
			return fmt.Errorf("load account: %w", err)
		}
	}
	_, err := pool.Exec(ctx, `
		INSERT INTO tasks (project_id, title)
		SELECT p.id, 'task' FROM (SELECT id FROM projects WHERE account_id = $1) p,
			generate_series(1, ($2::int + 99) / 100)`, key, tasks)
	if err != nil {
		return fmt.Errorf("load tasks: %w", err)
	}
	_, err = pool.Exec(ctx, `ANALYZE accounts, projects, tasks, api_keys`)
	return err
}

// deleteAccount deletes key as the delete_entity worker does, in chunks
// first when chunk > 0, and returns the whole duration, the final
// transaction's and the rows deleted.
func deleteAccount(ctx context.Context, pool *pgxpool.Pool, ent *entity.Entity, key string, chunk int) (total, final time.Duration, rows int64, err error) {
	started := time.Now()
	if chunk > 0 {
		chunked, err := ent.DeleteChunks(ctx, db.Timeouts{}.Pool(pool), key, entity.Chunking{Size: chunk}) // the connection's timeouts
		if err != nil {
			return 0, 0, 0, err
		}
		rows += chunked.Changes.TotalDeleted()
	}
	finalStarted := time.Now()
	err = pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if err := db.LockExclusive(ctx, tx, ent.Name, key); err != nil {
			return err
		}
		bounded, err := db.Timeouts{}.Tx(ctx, tx)
		if err != nil {
			return err
		}
		deleted, err := ent.DeleteRows(ctx, bounded, key)
		if err != nil {
			return err
		}
		rows += deleted.TotalDeleted()
		_, err = db.PutTombstone(ctx, tx, ent.Name, key)
		return err
	})
	return time.Since(started), time.Since(finalStarted), rows, err
}

// writer adds tasks to one account, one per transaction, recording each
// write's latency, until stopped.
type writer struct {
	cancel    context.CancelFunc
	wg        sync.WaitGroup
	mu        sync.Mutex
	latencies []time.Duration
	failed    atomic.Int64
}

func startWriter(ctx context.Context, pool *pgxpool.Pool, account string) *writer {
	ctx, cancel := context.WithCancel(ctx)
	w := &writer{cancel: cancel}
	w.wg.Add(1)
	go func() {
		defer w.wg.Done()
		for ctx.Err() == nil {
			started := time.Now()
			_, err := pool.Exec(ctx, `INSERT INTO tasks (project_id, title) SELECT id, 'fg' FROM projects WHERE account_id = $1 LIMIT 1`, account)
			if err != nil {
				w.failed.Add(1)
				continue
			}
			w.mu.Lock()
			w.latencies = append(w.latencies, time.Since(started))
			w.mu.Unlock()
			time.Sleep(5 * time.Millisecond)
		}
	}()
	return w
}

// stop ends the writer and returns its p99 and worst latency.
func (w *writer) stop() (p99, worst time.Duration) {
	w.cancel()
	w.wg.Wait()
	if len(w.latencies) == 0 {
		return 0, 0
	}
	slices.Sort(w.latencies)
	return w.latencies[len(w.latencies)*99/100], w.latencies[len(w.latencies)-1]
}

func medianDuration(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}

// Print writes the report as a table.
func (r *EntityReport) Print(w io.Writer) {
	fmt.Fprintf(w, "Deleting one account with %d tasks (two edges deep), 100 projects and an API key; median of each way's runs.\n", r.Tasks)
	fmt.Fprintf(w, "%-22s %10s %12s %12s %14s %14s\n", "way", "rows", "total", "final tx", "writer p99", "writer max")
	for _, way := range r.Ways {
		fmt.Fprintf(w, "%-22s %10d %12s %12s %14s %14s\n", way.Name, way.Rows,
			way.Total.Round(time.Millisecond), way.Final.Round(time.Millisecond),
			way.WriterP99.Round(100*time.Microsecond), way.WriterMax.Round(100*time.Microsecond))
	}
	fmt.Fprintln(w, "final tx: how long the account's exclusive lock is held (its writers wait that long) and the longest transaction of the deletion.")
}
