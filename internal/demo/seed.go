// Package demo seeds the example schemas with data worth watching: pastes
// expiring over the next minutes with their blobs, idempotency keys past
// and within their TTL, and runs with metrics, tags and blobs.
package demo

import (
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/blob"
	"github.com/lethehq/lethe/config"
)

// Seed inserts the demo data. It is safe to run on every start: it only adds.
func Seed(ctx context.Context, pool *pgxpool.Pool, blobs blob.Store, logger *slog.Logger) error {
	now := time.Now()
	// Pastes: a third already expired, the rest expiring over ten minutes.
	if err := addPastes(ctx, pool, blobs, 600, func(i int) time.Time {
		if i%3 == 0 {
			return now.Add(-time.Duration(1+i) * time.Minute)
		}
		return now.Add(time.Duration(rand.IntN(600)) * time.Second)
	}); err != nil {
		return err
	}

	// Idempotency keys: half past their 24h TTL.
	if _, err := pool.Exec(ctx, `
		INSERT INTO lineage_event_idempotency (idempotency_key, event_hash, created_at, expires_at)
		SELECT 'demo-' || gen_random_uuid(), md5(g::text),
		       now() - make_interval(hours => (g % 48)),
		       now() - make_interval(hours => (g % 48)) + interval '24 hours'
		FROM generate_series(1, 20000) g`); err != nil {
		return fmt.Errorf("seed idempotency keys: %w", err)
	}

	// Runs with metrics, tags, an experiment and blobs under {run_hash}/.
	if _, err := pool.Exec(ctx, `INSERT INTO experiments (name) VALUES ('demo-baseline'), ('demo-sweep') ON CONFLICT DO NOTHING`); err != nil {
		return fmt.Errorf("seed experiments: %w", err)
	}
	for i := range 12 {
		hash := fmt.Sprintf("demo%08x", rand.Uint32())
		err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, `INSERT INTO runs (run_hash, name) VALUES ($1, $2)`, hash, fmt.Sprintf("demo run %d", i)); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `INSERT INTO run_metrics (run_hash, name, step, value)
				SELECT $1, 'loss', s, 1.0 / (s + 1) FROM generate_series(0, 199) s`, hash); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `INSERT INTO run_tags (run_hash, tag) VALUES ($1, 'demo'), ($1, $2)`, hash, fmt.Sprintf("seed-%d", i%3)); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `INSERT INTO run_attributes (run_hash, key, value) VALUES ($1, 'lr', to_jsonb($2::float8))`, hash, 0.001*float64(i+1)); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `INSERT INTO run_experiments (run_hash, experiment) VALUES ($1, $2)`, hash, []string{"demo-baseline", "demo-sweep"}[i%2]); err != nil {
				return err
			}
			for _, name := range []string{"model.bin", "artifacts/plot.png"} {
				key := config.EntityBlobPrefix(config.DefaultRunBlobPrefix, hash) + name
				if err := blobs.Put(ctx, key, []byte("demo blob "+key)); err != nil {
					return err
				}
				if _, err := tx.Exec(ctx, `INSERT INTO run_blobs (run_hash, blob_key) VALUES ($1, $2)`, hash, key); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return fmt.Errorf("seed run %s: %w", hash, err)
		}
	}
	logger.InfoContext(ctx, "Seeded demo data", slog.Int("pastes", 600), slog.Int("idempotency_keys", 20000), slog.Int("runs", 12))
	return nil
}

// Trickle adds a few short-lived pastes every second until ctx ends, so the
// dashboard always has something expiring.
func Trickle(ctx context.Context, pool *pgxpool.Pool, blobs blob.Store, logger *slog.Logger) {
	ticker := time.NewTicker(time.Second)
	defer ticker.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-ticker.C:
			now := time.Now()
			err := addPastes(ctx, pool, blobs, 5, func(int) time.Time {
				return now.Add(time.Duration(20+rand.IntN(100)) * time.Second)
			})
			if err != nil && ctx.Err() == nil {
				logger.WarnContext(ctx, "Demo trickle failed", slog.String("error", err.Error()))
			}
		}
	}
}

func addPastes(ctx context.Context, pool *pgxpool.Pool, blobs blob.Store, n int, expiresAt func(i int) time.Time) error {
	rows := make([][]any, 0, n)
	for i := range n {
		key := fmt.Sprintf("pastes/%d-%08x", time.Now().UnixNano(), rand.Uint32())
		if err := blobs.Put(ctx, key, []byte(fmt.Sprintf("paste body %d", i))); err != nil {
			return fmt.Errorf("seed paste blob: %w", err)
		}
		rows = append(rows, []any{fmt.Sprintf("paste %d", i), key, expiresAt(i)})
	}
	_, err := pool.CopyFrom(ctx, pgx.Identifier{"pastes"}, []string{"title", "blob_key", "expires_at"}, pgx.CopyFromRows(rows))
	if err != nil {
		return fmt.Errorf("seed pastes: %w", err)
	}
	return nil
}
