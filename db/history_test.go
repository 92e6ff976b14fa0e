package db

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"github.com/lethehq/lethe/internal/testenv"
)

// seedAudit inserts n audit entries of policy, the i-th (from 0) finished
// age + i minutes ago: the last one inserted is the oldest.
func seedAudit(ctx context.Context, t *testing.T, pool *pgxpool.Pool, policy string, n int, age time.Duration) {
	t.Helper()
	_, err := pool.Exec(ctx, `
		INSERT INTO lethe_deletion_audit (policy, action, rows_deleted, started_at, finished_at, outcome)
		SELECT $1, 'sweep', 1, f - interval '1 second', f, 'ok'
		FROM (SELECT now() - make_interval(secs => $3) - g * interval '1 minute' AS f FROM generate_series(0, $2 - 1) g) s`,
		policy, n, age.Seconds())
	require.NoError(t, err)
}

// auditFinished returns the finish times of policy's entries, oldest first.
func auditFinished(ctx context.Context, t *testing.T, pool *pgxpool.Pool, policy string) []time.Time {
	t.Helper()
	rows, err := pool.Query(ctx, `SELECT finished_at FROM lethe_deletion_audit WHERE policy = $1 ORDER BY finished_at`, policy)
	require.NoError(t, err)
	var out []time.Time
	for rows.Next() {
		var at time.Time
		require.NoError(t, rows.Scan(&at))
		out = append(out, at)
	}
	require.NoError(t, rows.Err())
	return out
}

func TestPruneHistory(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	timeouts := Timeouts{Lock: time.Second, Statement: 10 * time.Second}

	t.Run("OlderThanRetainGoInBatchesOldestFirst", func(t *testing.T) {
		t.Parallel()
		pool := testenv.MigratedPool(t)
		seedAudit(ctx, t, pool, "old", 25, 100*24*time.Hour)
		seedAudit(ctx, t, pool, "new", 5, time.Hour)
		oldBefore := auditFinished(ctx, t, pool, "old")
		cutoff := time.Now().Add(-90 * 24 * time.Hour)

		var batches []int64
		for {
			n, err := PruneAuditBefore(ctx, pool, timeouts, cutoff, 10)
			require.NoError(t, err)
			batches = append(batches, n)
			if len(batches) == 1 {
				// The first batch took the 10 oldest.
				require.Equal(t, oldBefore[10:], auditFinished(ctx, t, pool, "old"))
			}
			if n < 10 {
				break
			}
		}
		require.Equal(t, []int64{10, 10, 5}, batches)
		require.Empty(t, auditFinished(ctx, t, pool, "old"))
		require.Len(t, auditFinished(ctx, t, pool, "new"), 5)
	})

	t.Run("OldestBeyondCeilingGo", func(t *testing.T) {
		t.Parallel()
		pool := testenv.MigratedPool(t)
		seedAudit(ctx, t, pool, "p", 30, time.Hour)
		before := auditFinished(ctx, t, pool, "p")
		n, err := PruneAuditOldest(ctx, pool, timeouts, 7)
		require.NoError(t, err)
		require.EqualValues(t, 7, n)
		require.Equal(t, before[7:], auditFinished(ctx, t, pool, "p"))
	})

	t.Run("RowsCountedUnlessClearlyBelow", func(t *testing.T) {
		t.Parallel()
		pool := testenv.MigratedPool(t)
		seedAudit(ctx, t, pool, "p", 30, time.Hour)
		// Never analyzed: counted.
		rows, exact, err := AuditRows(ctx, pool, timeouts, 1000)
		require.NoError(t, err)
		require.True(t, exact)
		require.EqualValues(t, 30, rows)
		_, err = pool.Exec(ctx, `ANALYZE lethe_deletion_audit`)
		require.NoError(t, err)
		// Clearly below: the estimate serves.
		rows, exact, err = AuditRows(ctx, pool, timeouts, 1000)
		require.NoError(t, err)
		require.False(t, exact)
		require.EqualValues(t, 30, rows)
		// Near the ceiling: counted.
		seedAudit(ctx, t, pool, "q", 3, time.Hour)
		rows, exact, err = AuditRows(ctx, pool, timeouts, 32)
		require.NoError(t, err)
		require.True(t, exact)
		require.EqualValues(t, 33, rows)
		// A count that outlasts statement_timeout falls back on the
		// estimate (30, from the last ANALYZE). The count waits behind
		// an exclusive lock, then gives up on its statement timeout.
		lock, err := pool.Begin(ctx)
		require.NoError(t, err)
		defer lock.Rollback(ctx) //nolint:errcheck
		_, err = lock.Exec(ctx, `LOCK TABLE lethe_deletion_audit IN ACCESS EXCLUSIVE MODE`)
		require.NoError(t, err)
		rows, exact, err = AuditRows(ctx, pool, Timeouts{Lock: 5 * time.Second, Statement: 200 * time.Millisecond}, 32)
		require.NoError(t, err)
		require.False(t, exact)
		require.EqualValues(t, 30, rows)
	})

	t.Run("LockHeldGivesUpWithLockTimeout", func(t *testing.T) {
		t.Parallel()
		pool := testenv.MigratedPool(t)
		seedAudit(ctx, t, pool, "old", 5, 100*24*time.Hour)
		tx, err := pool.Begin(ctx)
		require.NoError(t, err)
		defer tx.Rollback(ctx) //nolint:errcheck
		_, err = tx.Exec(ctx, `LOCK TABLE lethe_deletion_audit IN SHARE MODE`)
		require.NoError(t, err)

		began := time.Now()
		_, err = PruneAuditBefore(ctx, pool, Timeouts{Lock: 100 * time.Millisecond, Statement: 10 * time.Second}, time.Now(), 10)
		require.True(t, IsLockTimeout(err), "want a lock timeout, got %v", err)
		require.Less(t, time.Since(began), 5*time.Second)
		require.NoError(t, tx.Rollback(ctx))
		require.Len(t, auditFinished(ctx, t, pool, "old"), 5)
	})

	// The prune's statements (internal/dbsqlc/audit.sql) read the oldest
	// entries through the finished_at index of migration 0001, so a batch
	// costs about its size whatever the table holds, and no index of its
	// own is needed.
	t.Run("PruneWalksTheFinishedIndex", func(t *testing.T) {
		t.Parallel()
		pool := testenv.MigratedPool(t)
		seedAudit(ctx, t, pool, "p", 20_000, time.Hour)
		_, err := pool.Exec(ctx, `ANALYZE lethe_deletion_audit`)
		require.NoError(t, err)
		for _, sql := range []string{
			`DELETE FROM lethe_deletion_audit WHERE id IN (SELECT id FROM lethe_deletion_audit
				WHERE finished_at < now() - interval '90 days' ORDER BY finished_at LIMIT 10000)`,
			`DELETE FROM lethe_deletion_audit WHERE id IN (SELECT id FROM lethe_deletion_audit ORDER BY finished_at LIMIT 100)`,
		} {
			rows, err := pool.Query(ctx, "EXPLAIN "+sql)
			require.NoError(t, err)
			var plan []string
			for rows.Next() {
				var line string
				require.NoError(t, rows.Scan(&line))
				plan = append(plan, line)
			}
			require.NoError(t, rows.Err())
			require.Contains(t, strings.Join(plan, "\n"), "Index Scan Backward using lethe_deletion_audit_finished_idx", "plan of %s", sql)
		}
	})

	t.Run("OwnTablesSized", func(t *testing.T) {
		t.Parallel()
		pool := testenv.MigratedPool(t)
		seedAudit(ctx, t, pool, "p", 30, time.Hour)
		tables, err := OwnTables(ctx, pool)
		require.NoError(t, err)
		var names []string
		for _, tb := range tables {
			names = append(names, tb.Table)
			require.Positive(t, tb.Bytes, "bytes of %s", tb.Table)
			if tb.Table == AuditTable {
				require.EqualValues(t, 30, tb.Rows)
				require.False(t, tb.RowsEstimated)
			}
		}
		for _, want := range []string{AuditTable, "lethe_tombstones", "lethe_policy_state", "lethe_migration"} {
			require.True(t, slices.Contains(names, want), "%s missing from %v", want, names)
		}
		for _, name := range names {
			require.Regexp(t, `^lethe_`, name)
		}
	})
}
