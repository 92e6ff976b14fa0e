package db

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"github.com/lethehq/lethe/internal/testenv"
)

// planNode is the part of an EXPLAIN (ANALYZE, FORMAT JSON) node the
// preview tests read.
type planNode struct {
	NodeType   string     `json:"Node Type"`
	IndexName  string     `json:"Index Name"`
	ActualRows float64    `json:"Actual Rows"`
	Plans      []planNode `json:"Plans"`
}

// scans returns the scan nodes of plan (every node without children).
func (n planNode) scans() []planNode {
	if len(n.Plans) == 0 {
		return []planNode{n}
	}
	var out []planNode
	for _, c := range n.Plans {
		out = append(out, c.scans()...)
	}
	return out
}

// explain runs sql with args under EXPLAIN (ANALYZE, FORMAT JSON).
func explain(ctx context.Context, t *testing.T, pool *pgxpool.Pool, sql string, args ...any) planNode {
	t.Helper()
	var raw []byte
	require.NoError(t, pool.QueryRow(ctx, "EXPLAIN (ANALYZE, FORMAT JSON) "+sql, args...).Scan(&raw))
	var plans []struct{ Plan planNode }
	require.NoError(t, json.Unmarshal(raw, &plans))
	return plans[0].Plan
}

func TestPreview(t *testing.T) {
	t.Parallel()

	ctx := context.Background()

	setup := func(t *testing.T) *pgxpool.Pool {
		t.Helper()
		return testenv.MigratedPool(t)
	}

	t.Run("Expire", func(t *testing.T) {
		t.Parallel()
		pool := setup(t)
		// 12 due (ids 1–12, oldest first), 3 not yet, 2 claimed.
		_, err := pool.Exec(ctx, `
			INSERT INTO pastes (id, expires_at) SELECT g, now() - make_interval(hours => 20 - g) FROM generate_series(1, 12) g;
			INSERT INTO pastes (id, expires_at) SELECT g, now() + interval '1 hour' FROM generate_series(13, 15) g;
			INSERT INTO pastes (id, expires_at, deletion_status, deletion_initiated_at) VALUES
				(16, now() - interval '30 hours', 'DELETION_IN_PROGRESS', now()), (17, now() - interval '30 hours', 'DELETION_IN_PROGRESS', now())`)
		require.NoError(t, err)

		p, err := PreviewExpire(ctx, Timeouts{}.Pool(pool), pastesColumns, 100, 100)
		require.NoError(t, err)
		require.EqualValues(t, 12, p.Rows)
		require.False(t, p.Capped)
		require.Equal(t, []string{"1", "2", "3", "4", "5", "6", "7", "8", "9", "10"}, p.Keys)
		require.NotNil(t, p.OldestExpiresAt)
		require.WithinDuration(t, time.Now().Add(-19*time.Hour), *p.OldestExpiresAt, time.Minute)

		capped, err := PreviewExpire(ctx, Timeouts{}.Pool(pool), pastesColumns, 5, 5)
		require.NoError(t, err)
		require.EqualValues(t, 6, capped.Rows, "counts one past the cap")
		require.True(t, capped.Capped)

		_, err = pool.Exec(ctx, `UPDATE pastes SET expires_at = now() + interval '1 day'`)
		require.NoError(t, err)
		none, err := PreviewExpire(ctx, Timeouts{}.Pool(pool), pastesColumns, 5, 5)
		require.NoError(t, err)
		require.Zero(t, none.Rows)
		require.Empty(t, none.Keys)
		require.Nil(t, none.OldestExpiresAt)
	})

	// On a table of many due rows the preview reads through the claim's
	// index and stops at its LIMIT: its cost is the cap's, not the
	// table's.
	t.Run("BoundedOnLargeTable", func(t *testing.T) {
		t.Parallel()
		pool := setup(t)
		_, err := pool.Exec(ctx, `
			INSERT INTO pastes (expires_at) SELECT now() - make_interval(secs => g) FROM generate_series(1, 50000) g;
			INSERT INTO lineage_event_idempotency (idempotency_key, expires_at)
				SELECT 'k' || g, now() - make_interval(secs => g) FROM generate_series(1, 50000) g;
			ANALYZE pastes; ANALYZE lineage_event_idempotency`)
		require.NoError(t, err)

		expireCount, expireKeys := ExpirePreviewSQL(pastesColumns)
		sweepCount, sweepKeys := SweepPreviewSQL(idempotencyTable)
		for _, tc := range []struct {
			sql, index string
			limit      int
		}{
			{expireCount, "pastes_claimable_idx", 1001},
			{expireKeys, "pastes_claimable_idx", PreviewKeys},
			{sweepCount, "idx_idempotency_expires", 1001},
			{sweepKeys, "idx_idempotency_expires", PreviewKeys},
		} {
			scans := explain(ctx, t, pool, tc.sql, tc.limit).scans()
			require.Len(t, scans, 1, tc.sql)
			require.Contains(t, []string{"Index Scan", "Index Only Scan"}, scans[0].NodeType, tc.sql)
			require.Equal(t, tc.index, scans[0].IndexName, tc.sql)
			require.LessOrEqual(t, scans[0].ActualRows, float64(tc.limit), tc.sql)
		}

		p, err := PreviewSweep(ctx, Timeouts{}.Pool(pool), idempotencyTable, 1000)
		require.NoError(t, err)
		require.EqualValues(t, 1001, p.Rows)
		require.True(t, p.Capped)
		require.Equal(t, "k50000", p.Keys[0])
	})

	t.Run("SweepPartitions", func(t *testing.T) {
		t.Parallel()
		pool := setup(t)
		day := time.Now().UTC().Truncate(24 * time.Hour)
		require.NoError(t, CreatePartition(ctx, Timeouts{Lock: time.Second, Statement: 10 * time.Second}.Pool(pool), partitionedTable.Table,
			"lineage_event_idempotency_partitioned_pyesterday", day.Add(-24*time.Hour), day))
		insertKeys(ctx, t, pool, partitionedTable.Table, "expired", 4, -24*time.Hour)
		insertKeys(ctx, t, pool, partitionedTable.Table, "live", 2, time.Hour)

		p, err := PreviewSweepPartitions(ctx, Timeouts{}.Pool(pool), partitionedTable, 100)
		require.NoError(t, err)
		require.Equal(t, []string{"lineage_event_idempotency_partitioned_pyesterday"}, p.Partitions)
		require.EqualValues(t, 4, p.Rows)
		require.ElementsMatch(t, []string{"expired-1", "expired-2", "expired-3", "expired-4"}, p.Keys)

		capped, err := PreviewSweepPartitions(ctx, Timeouts{}.Pool(pool), partitionedTable, 2)
		require.NoError(t, err)
		require.EqualValues(t, 3, capped.Rows)
		require.True(t, capped.Capped)
	})
}
