package db

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"github.com/lethehq/lethe/internal/testenv"
)

var (
	idempotencyTable = SweepTable{Table: "lineage_event_idempotency", KeyColumn: "idempotency_key", ExpiresAtColumn: "expires_at"}
	partitionedTable = SweepTable{Table: "lineage_event_idempotency_partitioned", KeyColumn: "idempotency_key", ExpiresAtColumn: "expires_at"}
)

// insertKeys is the fixture factory of sweep tables: n keys named
// prefix-<i> in table, key i expiring at now()+expiresIn+i seconds (so in
// key order).
func insertKeys(ctx context.Context, t *testing.T, pool *pgxpool.Pool, table, prefix string, n int, expiresIn time.Duration) {
	t.Helper()
	_, err := pool.Exec(ctx, newIdentTemplate(map[string]string{"table": table}).Fill(`
		INSERT INTO {table} (idempotency_key, expires_at)
		SELECT $1 || '-' || i, now() + make_interval(secs => $2 + i)
		FROM generate_series(1, $3::int) i`), prefix, expiresIn.Seconds(), n)
	require.NoError(t, err)
}

// keysOf returns the keys left in table, in key order.
func keysOf(ctx context.Context, t *testing.T, pool *pgxpool.Pool, table string) []string {
	t.Helper()
	var keys []string
	err := pool.QueryRow(ctx, newIdentTemplate(map[string]string{"table": table}).Fill(
		`SELECT coalesce(array_agg(idempotency_key ORDER BY idempotency_key), '{}') FROM {table}`)).Scan(&keys)
	require.NoError(t, err)
	return keys
}

func TestSweep(t *testing.T) {
	t.Parallel()

	ctx := context.Background()

	type testBundle struct {
		pool *pgxpool.Pool
	}

	setup := func(t *testing.T) *testBundle {
		t.Helper()
		return &testBundle{pool: testenv.MigratedPool(t)}
	}

	t.Run("TableKind", func(t *testing.T) {
		t.Parallel()
		bundle := setup(t)
		kind, err := SweepTableKind(ctx, bundle.pool, idempotencyTable)
		require.NoError(t, err)
		require.Equal(t, RelKindTable, kind)
		kind, err = SweepTableKind(ctx, bundle.pool, partitionedTable)
		require.NoError(t, err)
		require.Equal(t, RelKindPartitioned, kind)
		_, err = SweepTableKind(ctx, bundle.pool, SweepTable{Table: "no_such_table"})
		require.ErrorContains(t, err, "sweep table no_such_table: does not exist")
	})

	t.Run("BatchDeletesOnlyExpiredRowsOldestFirst", func(t *testing.T) {
		t.Parallel()
		bundle := setup(t)
		insertKeys(ctx, t, bundle.pool, idempotencyTable.Table, "expired", 5, -time.Hour)
		insertKeys(ctx, t, bundle.pool, idempotencyTable.Table, "live", 2, time.Hour)

		n, err := SweepBatch(ctx, Timeouts{Lock: time.Second, Statement: 10 * time.Second}.Pool(bundle.pool), idempotencyTable, RelKindTable, 3)
		require.NoError(t, err)
		require.Equal(t, int64(3), n, "limit respected")
		require.Equal(t, []string{"expired-4", "expired-5", "live-1", "live-2"}, keysOf(ctx, t, bundle.pool, idempotencyTable.Table))

		n, err = SweepBatch(ctx, Timeouts{Lock: time.Second, Statement: 10 * time.Second}.Pool(bundle.pool), idempotencyTable, RelKindTable, 3)
		require.NoError(t, err)
		require.Equal(t, int64(2), n)
		n, err = SweepBatch(ctx, Timeouts{Lock: time.Second, Statement: 10 * time.Second}.Pool(bundle.pool), idempotencyTable, RelKindTable, 3)
		require.NoError(t, err)
		require.Zero(t, n)
		require.Equal(t, []string{"live-1", "live-2"}, keysOf(ctx, t, bundle.pool, idempotencyTable.Table))
	})

	t.Run("BatchOnPartitionedTableDeletesByKey", func(t *testing.T) {
		t.Parallel()
		bundle := setup(t)
		day := time.Now().UTC().Truncate(24 * time.Hour)
		// Yesterday's partition holds keys expired a day ago.
		require.NoError(t, CreatePartition(ctx, Timeouts{Lock: time.Second, Statement: 10 * time.Second}.Pool(bundle.pool), partitionedTable.Table,
			"lineage_event_idempotency_partitioned_pyesterday", day.Add(-24*time.Hour), day))
		insertKeys(ctx, t, bundle.pool, partitionedTable.Table, "expired", 4, -24*time.Hour)
		insertKeys(ctx, t, bundle.pool, partitionedTable.Table, "live", 2, time.Hour)

		noKey := partitionedTable
		noKey.KeyColumn = ""
		_, err := SweepBatch(ctx, Timeouts{Lock: time.Second, Statement: 10 * time.Second}.Pool(bundle.pool), noKey, RelKindPartitioned, 3)
		require.ErrorContains(t, err, "key_column is required")

		n, err := SweepBatch(ctx, Timeouts{Lock: time.Second, Statement: 10 * time.Second}.Pool(bundle.pool), partitionedTable, RelKindPartitioned, 3)
		require.NoError(t, err)
		require.Equal(t, int64(3), n)
		require.Equal(t, []string{"expired-4", "live-1", "live-2"}, keysOf(ctx, t, bundle.pool, partitionedTable.Table))
	})

	t.Run("BatchTimeoutIsASweepTimeoutError", func(t *testing.T) {
		t.Parallel()
		bundle := setup(t)
		insertKeys(ctx, t, bundle.pool, idempotencyTable.Table, "expired", 3, -time.Hour)

		tx, err := bundle.pool.Begin(ctx)
		require.NoError(t, err)
		defer tx.Rollback(ctx) //nolint:errcheck
		_, err = tx.Exec(ctx, `LOCK TABLE lineage_event_idempotency IN ACCESS EXCLUSIVE MODE`)
		require.NoError(t, err)

		_, err = SweepBatch(ctx, Timeouts{Lock: 0, Statement: 200 * time.Millisecond}.Pool(bundle.pool), idempotencyTable, RelKindTable, 10)
		var timeoutErr *SweepTimeoutError
		require.ErrorAs(t, err, &timeoutErr)
		require.True(t, IsSweepTimeout(err))
		require.ErrorIs(t, err, context.DeadlineExceeded)
		require.Equal(t, 200*time.Millisecond, timeoutErr.Timeout)
		require.Contains(t, err.Error(), "delete batch of 10 expired rows from lineage_event_idempotency")
		require.Contains(t, err.Error(), "context deadline exceeded")

		require.NoError(t, tx.Rollback(ctx))
		require.Len(t, keysOf(ctx, t, bundle.pool, idempotencyTable.Table), 3, "a timed out batch deletes nothing")
	})

	t.Run("Status", func(t *testing.T) {
		t.Parallel()
		bundle := setup(t)
		insertKeys(ctx, t, bundle.pool, idempotencyTable.Table, "expired", 3, -time.Hour)
		insertKeys(ctx, t, bundle.pool, idempotencyTable.Table, "live", 2, time.Hour)

		s, err := GetSweepStatus(ctx, Timeouts{}.Pool(bundle.pool), idempotencyTable)
		require.NoError(t, err)
		require.Equal(t, int64(5), s.TotalKeys)
		require.Equal(t, int64(3), s.ExpiredKeys)
		require.Positive(t, s.TableBytes)
		require.NotEmpty(t, s.TableSize)
		require.NotNil(t, s.OldestExpiration)
		require.NotNil(t, s.NewestExpiration)
		require.True(t, s.OldestExpiration.Before(*s.NewestExpiration))

		c, err := CountExpired(ctx, Timeouts{}.Pool(bundle.pool), idempotencyTable.Table, idempotencyTable.ExpiresAtColumn, 2)
		require.NoError(t, err)
		require.Equal(t, ExpiredCount{Backlog: 2, OldestExpiredAt: s.OldestExpiration, Capped: true}, c)
	})
}

func TestPartitions(t *testing.T) {
	t.Parallel()

	ctx := context.Background()
	table := partitionedTable.Table
	day := time.Now().UTC().Truncate(24 * time.Hour)
	partName := func(d time.Time) string { return fmt.Sprintf("%s_p%s", table, d.Format("20060102")) }

	setup := func(t *testing.T) *pgxpool.Pool {
		t.Helper()
		return testenv.MigratedPool(t)
	}

	t.Run("ListCreateDrop", func(t *testing.T) {
		t.Parallel()
		pool := setup(t)

		parts, err := ListPartitions(ctx, pool, table, "expires_at")
		require.NoError(t, err)
		require.Len(t, parts, 4, "the migration creates today's and the next three days' partitions")
		for i, p := range parts {
			require.Equal(t, partName(day.AddDate(0, 0, i)), p.Name)
			require.True(t, p.From.Equal(day.AddDate(0, 0, i)), "from %s", p.From)
			require.True(t, p.To.Equal(day.AddDate(0, 0, i+1)), "to %s", p.To)
			require.False(t, p.Default)
		}
		require.True(t, parts[0].Overlaps(day.Add(time.Hour), day.Add(2*time.Hour)))
		require.False(t, parts[0].Overlaps(day.AddDate(0, 0, 1), day.AddDate(0, 0, 2)))

		next := day.AddDate(0, 0, 4)
		require.NoError(t, CreatePartition(ctx, Timeouts{Lock: time.Second, Statement: 10 * time.Second}.Pool(pool), table, partName(next), next, next.AddDate(0, 0, 1)))
		require.NoError(t, CreatePartition(ctx, Timeouts{Lock: time.Second, Statement: 10 * time.Second}.Pool(pool), table, partName(next), next, next.AddDate(0, 0, 1)),
			"creating an existing partition again is a no-op")
		insertKeys(ctx, t, pool, table, "today", 2, time.Minute)
		insertKeys(ctx, t, pool, table, "later", 3, time.Until(next.Add(12*time.Hour))) // inside next, whatever the hour

		parts, err = ListPartitions(ctx, pool, table, "expires_at")
		require.NoError(t, err)
		require.Len(t, parts, 5)
		require.Equal(t, partName(next), parts[4].Name)

		n, err := DropPartition(ctx, Timeouts{Lock: time.Second, Statement: 10 * time.Second}.Pool(pool), table, partName(next))
		require.NoError(t, err)
		require.Equal(t, int64(3), n, "rows the partition held")
		parts, err = ListPartitions(ctx, pool, table, "expires_at")
		require.NoError(t, err)
		require.Len(t, parts, 4)
		require.Equal(t, []string{"today-1", "today-2"}, keysOf(ctx, t, pool, table))
	})

	t.Run("DropWithDefaultPartition", func(t *testing.T) {
		t.Parallel()
		pool := setup(t)
		_, err := pool.Exec(ctx, `CREATE TABLE idem_default PARTITION OF lineage_event_idempotency_partitioned DEFAULT`)
		require.NoError(t, err)
		parts, err := ListPartitions(ctx, pool, table, "expires_at")
		require.NoError(t, err)
		require.Len(t, parts, 5)
		require.True(t, parts[4].Default)
		require.False(t, parts[4].Overlaps(day, day.AddDate(1, 0, 0)))

		n, err := DropPartition(ctx, Timeouts{Lock: time.Second, Statement: 10 * time.Second}.Pool(pool), table, partName(day))
		require.NoError(t, err)
		require.Zero(t, n)
		parts, err = ListPartitions(ctx, pool, table, "expires_at")
		require.NoError(t, err)
		require.Len(t, parts, 4)
	})

	t.Run("DropTimesOutOnABusyTable", func(t *testing.T) {
		t.Parallel()
		pool := setup(t)
		tx, err := pool.Begin(ctx)
		require.NoError(t, err)
		defer tx.Rollback(ctx) //nolint:errcheck
		_, err = tx.Exec(ctx, `LOCK TABLE lineage_event_idempotency_partitioned IN ACCESS EXCLUSIVE MODE`)
		require.NoError(t, err)

		_, err = DropPartition(ctx, Timeouts{Lock: 100 * time.Millisecond, Statement: 5 * time.Second}.Pool(pool), table, partName(day))
		require.True(t, IsSweepTimeout(err), "got %v", err)
		require.True(t, errors.Is(err, context.DeadlineExceeded))
	})

	t.Run("ListRefusesOtherTables", func(t *testing.T) {
		t.Parallel()
		pool := setup(t)
		_, err := ListPartitions(ctx, pool, "lineage_event_idempotency", "expires_at")
		require.ErrorContains(t, err, "not a partitioned table")
		_, err = ListPartitions(ctx, pool, table, "created_at")
		require.ErrorContains(t, err, "partitioned by RANGE (expires_at)")
	})
}

func TestPartitionBound(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 4, 5, 6, 7, 0, time.FixedZone("x", 3600))
	require.Equal(t, `'2026-03-04 04:06:07Z'`, partitionBound(at))
	require.Equal(t, `'2026-03-04 04:06:07.5Z'`, partitionBound(at.Add(500*time.Millisecond)))
}
