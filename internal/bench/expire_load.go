package bench

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/blob"
)

// expireLoad is the expire benchmark's foreground load: the sweep
// benchmark's fixed-rate inserts and point reads, on pastes for the expire
// runs and on the sweep's table for the sweep runs, from a pool of its own
// named like another application's.
type expireLoad struct {
	opts    ExpireOptions
	pool    *pgxpool.Pool
	fg      *sweepForeground // on pastes; phases idle, naive, pipeline, blobs, s3
	sweepFg *sweepForeground // on lineage_event_idempotency; phases idle, during
	// live is how many live pastes the table of the next loaded run
	// holds: the point reads pick one of them.
	live atomic.Int64
}

func newExpireLoad(ctx context.Context, pool *pgxpool.Pool, opts ExpireOptions) (*expireLoad, error) {
	cfg := pool.Config()
	cfg.ConnConfig.RuntimeParams["application_name"] = "bench-foreground"
	cfg.MaxConns = int32(max(opts.FgWorkers, 2))
	fgPool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("foreground pool: %w", err)
	}
	l := &expireLoad{opts: opts, pool: fgPool}
	// Odd ids up to the table's size are live, even ones expired.
	// Inserted pastes live a day, with ids above any the table was loaded
	// with.
	l.setRows(opts.Rows)
	l.fg = &sweepForeground{pool: fgPool, workers: opts.FgWorkers, rate: opts.FgRate, samples: map[string][]time.Duration{},
		insert: func(ctx context.Context, w, i int, rng *rand.Rand) error {
			_, err := fgPool.Exec(ctx, `INSERT INTO pastes (id, title, expires_at) VALUES ($1, 'foreground', now() + interval '1 day')`,
				int64(1)<<40+int64(w)<<32+int64(i))
			return err
		},
		read: func(ctx context.Context, rng *rand.Rand) error {
			var title string
			err := fgPool.QueryRow(ctx, `SELECT title FROM pastes WHERE id = $1`, 2*rng.Int64N(l.live.Load())+1).Scan(&title)
			if errors.Is(err, pgx.ErrNoRows) {
				return nil // the table is between loads
			}
			return err
		},
	}
	l.sweepFg = &sweepForeground{pool: fgPool, workers: opts.FgWorkers, rate: opts.FgRate, samples: map[string][]time.Duration{}}
	return l, nil
}

func (l *expireLoad) close() { l.pool.Close() }

// setRows tells the point reads the size of the next loaded run's table.
func (l *expireLoad) setRows(rows int) { l.live.Store(int64(max(rows/2, 1))) }

// err is the first failed foreground operation.
func (l *expireLoad) err() error {
	for _, fg := range []*sweepForeground{l.fg, l.sweepFg} {
		fg.mu.Lock()
		err := fg.err
		fg.mu.Unlock()
		if err != nil {
			return err
		}
	}
	return nil
}

// during is the hook of a run under the load: it starts the load, warms
// up for a second, samples an idle window of FgIdle (phase "idle"), then
// labels the samples phase until the run ends.
func (l *expireLoad) during(phase string) expireHook {
	return func(ctx context.Context) (func(), error) { return l.start(ctx, l.fg, phase) }
}

func (l *expireLoad) start(ctx context.Context, fg *sweepForeground, phase string) (func(), error) {
	fgCtx, stop := context.WithCancel(ctx)
	done := fg.start(fgCtx)
	end := func() {
		fg.mark("")
		stop()
		<-done
	}
	for _, step := range []struct {
		phase string
		wait  time.Duration
	}{{"", time.Second}, {"idle", l.opts.FgIdle}} {
		fg.mark(step.phase)
		select {
		case <-ctx.Done():
			end()
			return nil, ctx.Err()
		case <-time.After(step.wait):
		}
	}
	fg.mark(phase)
	return end, nil
}

// expireSweep runs Lethe's sweep with setting on the sweep benchmark's
// table, freshly loaded, under load when load is set.
func expireSweep(ctx context.Context, b *sweepBench, setting SweepSetting, load *expireLoad) (expireRun, error) {
	run := expireRun{name: "sweep"}
	b.partitioned = false
	if err := b.load(ctx); err != nil {
		return run, err
	}
	var hook expireHook
	if load != nil {
		rows, err := b.pool.Query(ctx, `
			SELECT idempotency_key FROM lineage_event_idempotency WHERE expires_at > now() ORDER BY random() LIMIT 10000`)
		if err != nil {
			return run, err
		}
		if load.sweepFg.keys, err = pgx.CollectRows(rows, pgx.RowTo[string]); err != nil {
			return run, err
		}
		if len(load.sweepFg.keys) == 0 {
			return run, errors.New("no fresh keys to read")
		}
		hook = func(ctx context.Context) (func(), error) { return load.start(ctx, load.sweepFg, "during") }
	}
	err := expireTimed(ctx, b.pool, hook, &run, func() (int64, error) {
		t, err := b.letheSweep(ctx, setting)
		if err == nil && t.Rows != b.expired {
			err = fmt.Errorf("sweep deleted %d rows, want %d", t.Rows, b.expired)
		}
		return t.Rows, err
	})
	return run, err
}

// expireDirectRemove is the local blob baseline: the files of n blobs
// (pastes/<even n>, as the pipeline's) removed with os.Remove by workers
// goroutines, nothing else.
func expireDirectRemove(ctx context.Context, store *blob.Local, dir string, n, workers int) (expireRun, error) {
	run := expireRun{name: "direct os.Remove"}
	if err := expirePutBlobs(ctx, store, 2*n); err != nil {
		return run, err
	}
	err := timeRun(&run, func() (int64, error) {
		var next, removed atomic.Int64
		errs := make(chan error, workers)
		var wg sync.WaitGroup
		for range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					i := next.Add(1)
					if i > int64(n) {
						return
					}
					if err := os.Remove(filepath.Join(dir, "pastes", strconv.FormatInt(2*i, 10))); err != nil {
						errs <- err
						return
					}
					removed.Add(1)
				}
			}()
		}
		wg.Wait()
		close(errs)
		return removed.Load(), <-errs
	})
	return run, err
}

// loadAverage is the machine's load average over 1, 5 and 15 minutes, as
// uptime prints it.
func loadAverage() string {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(data))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}
