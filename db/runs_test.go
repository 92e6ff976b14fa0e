package db

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"github.com/lethehq/lethe/internal/testenv"
)

func TestRuns(t *testing.T) {
	t.Parallel()

	ctx := context.Background()

	t.Run("IngestReadDelete", func(t *testing.T) {
		t.Parallel()
		pool := testenv.MigratedPool(t)

		run, err := GetRun(ctx, pool, "r1")
		require.NoError(t, err)
		require.Nil(t, run)

		// Out of order: child rows before the run is named.
		require.NoError(t, LogMetric(ctx, Timeouts{}.Pool(pool), "r1", "loss", "train", 1, 0.5))
		require.NoError(t, LogMetric(ctx, Timeouts{}.Pool(pool), "r1", "loss", "train", 1, 0.25))
		require.NoError(t, LogMetric(ctx, Timeouts{}.Pool(pool), "r1", "loss", "train", 2, 0.125))
		require.NoError(t, SetTag(ctx, Timeouts{}.Pool(pool), "r1", "b"))
		require.NoError(t, SetTag(ctx, Timeouts{}.Pool(pool), "r1", "a"))
		require.NoError(t, SetTag(ctx, Timeouts{}.Pool(pool), "r1", "a"))
		require.NoError(t, LinkExperiment(ctx, Timeouts{}.Pool(pool), "r1", "exp"))
		require.NoError(t, SetAttribute(ctx, Timeouts{}.Pool(pool), "r1", "lr", 0.1))
		require.NoError(t, SetAttribute(ctx, Timeouts{}.Pool(pool), "r1", "none", nil))
		require.NoError(t, SetAttribute(ctx, Timeouts{}.Pool(pool), "r1", "name", "text"))
		require.NoError(t, RecordRunBlob(ctx, Timeouts{}.Pool(pool), "r1", "r1/model.bin"))
		require.NoError(t, UpsertRun(ctx, Timeouts{}.Pool(pool), "r1", "first run"))

		run, err = GetRun(ctx, pool, "r1")
		require.NoError(t, err)
		require.Equal(t, "r1", run.Hash)
		require.Equal(t, "first run", run.Name)
		require.Equal(t, int64(2), run.Metrics)
		require.Equal(t, []string{"a", "b"}, run.Tags)
		require.Equal(t, []string{"exp"}, run.Experiments)
		require.Equal(t, int64(3), run.Attributes)
		require.Equal(t, int64(1), run.Blobs)

		var value float64
		require.NoError(t, pool.QueryRow(ctx, `SELECT value FROM run_metrics WHERE run_hash = 'r1' AND step = 1`).Scan(&value))
		require.Equal(t, 0.25, value)
		var attrs map[string]any
		require.NoError(t, pool.QueryRow(ctx, `SELECT jsonb_object_agg(key, value) FROM run_attributes WHERE run_hash = 'r1'`).Scan(&attrs))
		require.Equal(t, map[string]any{"lr": 0.1, "none": nil, "name": "text"}, attrs)

		require.NoError(t, UpsertRun(ctx, Timeouts{}.Pool(pool), "r2", ""))
		run, err = GetRun(ctx, pool, "r2")
		require.NoError(t, err)
		require.Equal(t, []string{}, run.Tags)
		exists, err := RunExists(ctx, pool, "r2")
		require.NoError(t, err)
		require.True(t, exists)

		var deleted map[string]int64
		require.NoError(t, pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
			if err := LockExclusive(ctx, tx, "run", "r1"); err != nil {
				return err
			}
			if deleted, err = DeleteRun(ctx, tx, "r1"); err != nil {
				return err
			}
			_, err := PutTombstone(ctx, tx, "run", "r1")
			return err
		}))
		require.Equal(t, map[string]int64{
			"run_experiments": 1, "run_tags": 2, "run_attributes": 3, "run_metrics": 2, "run_blobs": 1, "runs": 1,
		}, deleted)
		exists, err = RunExists(ctx, pool, "r1")
		require.NoError(t, err)
		require.False(t, exists)

		known, err := KnownRuns(ctx, pool, []string{"r1", "r2", "r3"})
		require.NoError(t, err)
		require.Equal(t, map[string]bool{"r1": true, "r2": true}, known, "a tombstoned run is known")
	})
}
