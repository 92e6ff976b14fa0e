package workers

import (
	"fmt"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/jobs"
	"github.com/lethehq/lethe/tombstone"
)

// BenchmarkTombstoneGuard measures what the late-write guard costs one
// ingestion write, and what a deletion costs:
//
//	go test -run '^$' -bench TombstoneGuard -benchtime 2000x ./workers/
func BenchmarkTombstoneGuard(b *testing.B) {
	b.Run("RawInsertMetric", func(b *testing.B) {
		// One INSERT in its own transaction, through the guard trigger only.
		tb := setupTomb(b)
		if err := db.UpsertRun(tb.ctx, db.Timeouts{}.Pool(tb.pool), "raw", ""); err != nil {
			b.Fatal(err)
		}
		step := int64(0)
		for b.Loop() {
			step++
			err := pgx.BeginFunc(tb.ctx, tb.pool, func(tx pgx.Tx) error {
				_, err := tx.Exec(tb.ctx, `INSERT INTO run_metrics (run_hash, name, step, value) VALUES ('raw', 'm', $1, 1)`, step)
				return err
			})
			if err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("GuardedLogMetric", func(b *testing.B) {
		// The log_metric worker's write: lock, tombstone check, ensure run,
		// upsert metric, one transaction.
		tb := setupTomb(b)
		w := logMetricWorker(tb.ent)
		step := int64(0)
		for b.Loop() {
			step++
			if _, err := w.apply(tb.ctx, jobs.LogMetric{RunHash: "guarded", Name: "m", Step: step, Value: 1}); err != nil {
				b.Fatal(err)
			}
		}
	})
	for _, skip := range []struct {
		name     string
		cacheTTL time.Duration
	}{
		{"SkipFromDatabase", time.Nanosecond}, // every skip reads the tombstone
		{"SkipFromCache", time.Hour},
	} {
		b.Run(skip.name, func(b *testing.B) {
			tb := setupTomb(b, func(c *config.Config) { c.Tombstone("runs").DeletedCacheTTL = config.Duration(skip.cacheTTL) })
			if _, err := tombstone.NewPostgres(tb.pool).Put(tb.ctx, "run", "gone"); err != nil {
				b.Fatal(err)
			}
			w := logMetricWorker(tb.ent)
			for b.Loop() {
				if skipped, err := w.apply(tb.ctx, jobs.LogMetric{RunHash: "gone", Name: "m", Step: 1, Value: 1}); err != nil || !skipped {
					b.Fatal(skipped, err)
				}
			}
		})
	}
	b.Run("DeleteRunWith100Metrics", func(b *testing.B) {
		tb := setupTomb(b)
		i := 0
		for b.Loop() {
			b.StopTimer()
			i++
			hash := fmt.Sprint("d", i)
			_, err := tb.pool.Exec(tb.ctx, `
				WITH r AS (INSERT INTO runs (run_hash) VALUES ($1) RETURNING run_hash)
				INSERT INTO run_metrics (run_hash, name, step, value) SELECT $1, 'm', g, 1 FROM generate_series(1, 100) g`, hash)
			if err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
			started := time.Now()
			err = pgx.BeginFunc(tb.ctx, tb.pool, func(tx pgx.Tx) error {
				_, err := tb.ent.deleteTx(tb.ctx, tx, tb.client, jobs.DeleteEntity{Entity: "run", Key: hash}, nil, started, nil)
				return err
			})
			if err != nil {
				b.Fatal(err)
			}
		}
	})
}
