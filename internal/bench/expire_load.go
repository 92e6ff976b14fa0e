package bench

import (
	"cmp"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/blob"
)

// expireLoad is the expire benchmark's foreground load: the sweep
// benchmark's fixed-rate inserts and point reads, on pastes for the expire
// runs and on the sweep's table for the sweep runs, each run's from a
// process of its own.
type expireLoad struct {
	opts    ExpireOptions
	fg      *foreground // on pastes; phases idle, naive, pipeline, blobs, s3
	sweepFg *foreground // on lineage_event_idempotency; phases idle, during
}

func newExpireLoad(pool *pgxpool.Pool, opts ExpireOptions) *expireLoad {
	spec := foregroundSpec{URL: pool.Config().ConnString(), Workers: opts.FgWorkers, Rate: opts.FgRate}
	l := &expireLoad{opts: opts, fg: newForeground(spec), sweepFg: newForeground(spec)}
	l.fg.spec.Table, l.sweepFg.spec.Table = "pastes", "lineage_event_idempotency"
	l.setRows(opts.Rows)
	return l
}

// setRows tells the point reads the size of the next loaded run's table:
// odd ids up to it are live, even ones expired.
func (l *expireLoad) setRows(rows int) { l.fg.spec.Live = int64(max(rows/2, 1)) }

// err is the first failed foreground operation.
func (l *expireLoad) err() error {
	return cmp.Or(l.fg.failure(), l.sweepFg.failure())
}

// during is the hook of a run under the load: it starts the load, warms
// up for a second, samples an idle window of FgIdle (phase "idle"), then
// labels the samples phase until the run ends.
func (l *expireLoad) during(phase string) expireHook {
	return func(ctx context.Context) (func(), error) { return l.start(ctx, l.fg, phase) }
}

func (l *expireLoad) start(ctx context.Context, fg *foreground, phase string) (func(), error) {
	stop, err := fg.start()
	if err != nil {
		return nil, err
	}
	for _, step := range []struct {
		phase string
		wait  time.Duration
	}{{"", time.Second}, {"idle", l.opts.FgIdle}} {
		fg.mark(step.phase)
		select {
		case <-ctx.Done():
			stop()
			return nil, ctx.Err()
		case <-time.After(step.wait):
		}
	}
	fg.mark(phase)
	return stop, nil
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
		hook = func(ctx context.Context) (func(), error) { return load.start(ctx, load.sweepFg, "during") }
	}
	err := expireTimed(ctx, b.pool, hook, &run, func() (int64, error) {
		t, err := b.letheSweep(ctx, setting)
		run.pace = t.pace
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
