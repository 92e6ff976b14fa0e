package db

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"github.com/lethehq/lethe/internal/testenv"
)

// ageTombstone moves the tombstone of (entity, key) back in time: deleted
// age ago, and purged purgedAfter its deletion (not purged when nil).
func ageTombstone(ctx context.Context, t *testing.T, pool *pgxpool.Pool, entity, key string, age time.Duration, purgedAfter *time.Duration) {
	t.Helper()
	var purged *float64
	if purgedAfter != nil {
		s := purgedAfter.Seconds()
		purged = &s
	}
	_, err := pool.Exec(ctx, `
		UPDATE lethe_tombstones
		SET deleted_at = now() - make_interval(secs => $3),
		    purged_at = now() - make_interval(secs => $3) + make_interval(secs => $4)
		WHERE entity = $1 AND key = $2`, entity, key, age.Seconds(), purged)
	require.NoError(t, err)
}

func TestTombstones(t *testing.T) {
	t.Parallel()

	ctx := context.Background()

	setup := func(t *testing.T) *pgxpool.Pool {
		t.Helper()
		return testenv.MigratedPool(t)
	}

	t.Run("PutGetClear", func(t *testing.T) {
		t.Parallel()
		pool := setup(t)

		got, err := GetTombstone(ctx, pool, "run", "r1")
		require.NoError(t, err)
		require.Nil(t, got)

		isNew, err := PutTombstone(ctx, pool, "run", "r1")
		require.NoError(t, err)
		require.True(t, isNew)
		first, err := GetTombstone(ctx, pool, "run", "r1")
		require.NoError(t, err)
		require.NotNil(t, first)
		require.Equal(t, "run", first.Entity)
		require.Equal(t, "r1", first.Key)
		require.Nil(t, first.PurgedAt)

		require.Equal(t, TombstoneDeleted, first.State)

		// A deletion's chunks write it deleting; its final transaction
		// sets it deleted, and that counts as the new tombstone.
		isNew, err = PutTombstoneDeleting(ctx, pool, "run", "r2")
		require.NoError(t, err)
		require.True(t, isNew)
		deleting, err := GetTombstone(ctx, pool, "run", "r2")
		require.NoError(t, err)
		require.Equal(t, TombstoneDeleting, deleting.State)
		isNew, err = PutTombstone(ctx, pool, "run", "r2")
		require.NoError(t, err)
		require.True(t, isNew)
		done, err := GetTombstone(ctx, pool, "run", "r2")
		require.NoError(t, err)
		require.Equal(t, TombstoneDeleted, done.State)
		require.Equal(t, deleting.DeletedAt, done.DeletedAt)
		isNew, err = PutTombstoneDeleting(ctx, pool, "run", "r2")
		require.NoError(t, err)
		require.False(t, isNew, "a deleted tombstone stays deleted")

		isNew, err = PutTombstone(ctx, pool, "run", "r1")
		require.NoError(t, err)
		require.False(t, isNew)
		again, err := GetTombstone(ctx, pool, "run", "r1")
		require.NoError(t, err)
		require.True(t, again.DeletedAt.Equal(first.DeletedAt), "a repeated delete keeps the first deletion time")

		exists, err := IsTombstoned(ctx, pool, "run", "r1")
		require.NoError(t, err)
		require.True(t, exists)
		exists, err = IsTombstoned(ctx, pool, "user", "r1")
		require.NoError(t, err)
		require.False(t, exists, "tombstones are per entity")

		cleared, err := ClearTombstone(ctx, pool, "run", "r1")
		require.NoError(t, err)
		require.True(t, cleared)
		cleared, err = ClearTombstone(ctx, pool, "run", "r1")
		require.NoError(t, err)
		require.False(t, cleared)
		exists, err = IsTombstoned(ctx, pool, "run", "r1")
		require.NoError(t, err)
		require.False(t, exists)
	})

	t.Run("ListPagesInKeyOrder", func(t *testing.T) {
		t.Parallel()
		pool := setup(t)
		for _, key := range []string{"c", "a", "b"} {
			_, err := PutTombstone(ctx, pool, "run", key)
			require.NoError(t, err)
		}
		_, err := PutTombstone(ctx, pool, "user", "a0")
		require.NoError(t, err)

		keys := func(ts []Tombstone) []string {
			out := []string{}
			for _, t := range ts {
				out = append(out, t.Key)
			}
			return out
		}
		page, err := ListTombstones(ctx, pool, "run", "", 2)
		require.NoError(t, err)
		require.Equal(t, []string{"a", "b"}, keys(page))
		page, err = ListTombstones(ctx, pool, "run", "b", 2)
		require.NoError(t, err)
		require.Equal(t, []string{"c"}, keys(page))
		page, err = ListTombstones(ctx, pool, "run", "c", 2)
		require.NoError(t, err)
		require.NotNil(t, page, "an empty page is empty, not null, in JSON")
		require.Empty(t, page)

		recent, err := RecentTombstones(ctx, pool, 3)
		require.NoError(t, err)
		require.Len(t, recent, 3)

		summary, err := TombstoneSummary(ctx, pool)
		require.NoError(t, err)
		require.Len(t, summary, 2)
		require.Equal(t, "run", summary[0].Entity)
		require.Equal(t, int64(3), summary[0].Count)
		require.Equal(t, int64(3), summary[0].Unpurged)
		require.NotNil(t, summary[0].OldestAt)
		require.NotNil(t, summary[0].NewestAt)
		require.Equal(t, "user", summary[1].Entity)
	})

	t.Run("MarkPurgedOnlyMovesForward", func(t *testing.T) {
		t.Parallel()
		pool := setup(t)
		ok, err := MarkPurged(ctx, pool, "run", "gone", time.Now())
		require.NoError(t, err)
		require.False(t, ok, "no tombstone to mark")

		_, err = PutTombstone(ctx, pool, "run", "r1")
		require.NoError(t, err)
		later := time.Now().Add(time.Hour).Truncate(time.Microsecond)
		ok, err = MarkPurged(ctx, pool, "run", "r1", later)
		require.NoError(t, err)
		require.True(t, ok)
		ok, err = MarkPurged(ctx, pool, "run", "r1", later.Add(-time.Minute))
		require.NoError(t, err)
		require.True(t, ok)
		got, err := GetTombstone(ctx, pool, "run", "r1")
		require.NoError(t, err)
		require.True(t, got.PurgedAt.Equal(later), "purged_at %s, want %s", got.PurgedAt, later)
	})

	t.Run("GCRemovesOnlyOldPurgedTombstones", func(t *testing.T) {
		t.Parallel()
		pool := setup(t)
		purgedAfter := time.Minute
		purgedBefore := -time.Minute
		for key, age := range map[string]struct {
			age    time.Duration
			purged *time.Duration
		}{
			"old-purged-1":      {48 * time.Hour, &purgedAfter},
			"old-purged-2":      {48 * time.Hour, &purgedAfter},
			"old-purged-3":      {48 * time.Hour, &purgedAfter},
			"old-unpurged":      {48 * time.Hour, nil},
			"old-purged-before": {48 * time.Hour, &purgedBefore},
			"new-purged":        {time.Hour, &purgedAfter},
		} {
			_, err := PutTombstone(ctx, pool, "run", key)
			require.NoError(t, err)
			ageTombstone(ctx, t, pool, "run", key, age.age, age.purged)
		}
		_, err := PutTombstone(ctx, pool, "user", "old-purged")
		require.NoError(t, err)
		ageTombstone(ctx, t, pool, "user", "old-purged", 48*time.Hour, &purgedAfter)
		// A deletion that began long ago and has not finished: never
		// collected, however old and purged.
		_, err = PutTombstoneDeleting(ctx, pool, "run", "old-purged-deleting")
		require.NoError(t, err)
		ageTombstone(ctx, t, pool, "run", "old-purged-deleting", 48*time.Hour, &purgedAfter)

		now, err := Now(ctx, pool)
		require.NoError(t, err)
		res, err := GCTombstones(ctx, pool, "run", now.Add(-24*time.Hour), 2)
		require.NoError(t, err)
		require.Equal(t, GCResult{Removed: 3, KeptUnpurged: 2, KeptDeleting: 1}, res)

		left, err := ListTombstones(ctx, pool, "run", "", 100)
		require.NoError(t, err)
		var keys []string
		for _, ts := range left {
			keys = append(keys, ts.Key)
		}
		require.Equal(t, []string{"new-purged", "old-purged-before", "old-purged-deleting", "old-unpurged"}, keys)
		exists, err := IsTombstoned(ctx, pool, "user", "old-purged")
		require.NoError(t, err)
		require.True(t, exists, "GC of one entity leaves the others alone")
	})

	t.Run("LocksAndGuard", func(t *testing.T) {
		t.Parallel()
		pool := setup(t)
		require.NoError(t, UpsertRun(ctx, Timeouts{}.Pool(pool), "r1", "first"))
		_, err := PutTombstone(ctx, pool, "run", "r1")
		require.NoError(t, err)

		require.NoError(t, pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
			tombstoned, err := LockShared(ctx, tx, "run", "r1")
			require.True(t, tombstoned)
			return err
		}))
		require.NoError(t, pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
			tombstoned, err := LockShared(ctx, tx, "run", "r2")
			require.False(t, tombstoned)
			return err
		}))

		err = SetTag(ctx, Timeouts{}.Pool(pool), "r1", "late")
		require.True(t, IsTombstonedError(err), "the guard refuses writes for a tombstoned run: %v", err)
		require.False(t, IsTombstonedError(nil))

		// The exclusive lock makes a writer's shared lock wait.
		tx, err := pool.Begin(ctx)
		require.NoError(t, err)
		defer tx.Rollback(ctx) //nolint:errcheck
		require.NoError(t, LockExclusive(ctx, tx, "run", "r2"))
		waitCtx, cancel := context.WithTimeout(ctx, 200*time.Millisecond)
		defer cancel()
		err = pgx.BeginFunc(waitCtx, pool, func(other pgx.Tx) error {
			_, err := LockShared(waitCtx, other, "run", "r2")
			return err
		})
		require.Error(t, err, "the shared lock waits for the exclusive one")
	})
}
