package db

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/stretchr/testify/require"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/internal/testenv"
)

// policyJobArgs are River job args naming a policy, as Lethe's jobs do.
type policyJobArgs struct {
	Policy string `json:"policy"`
	kind   string
}

func (a policyJobArgs) Kind() string { return a.kind }

func TestDashboard(t *testing.T) {
	t.Parallel()

	ctx := context.Background()

	setup := func(t *testing.T) *pgxpool.Pool {
		t.Helper()
		return testenv.MigratedPool(t)
	}

	t.Run("CountStatus", func(t *testing.T) {
		t.Parallel()
		pool := setup(t)
		insertPaste(ctx, t, pool, -3*time.Hour, StatusNotExpired, "")
		insertPaste(ctx, t, pool, -time.Hour, StatusNotExpired, "")
		insertPaste(ctx, t, pool, time.Hour, StatusNotExpired, "")
		stuck := insertPaste(ctx, t, pool, -time.Hour, StatusDeletionInProgress, "")
		insertPaste(ctx, t, pool, -time.Hour, StatusDeletionInProgress, "")
		insertPaste(ctx, t, pool, -time.Hour, StatusDeleted, "")
		_, err := pool.Exec(ctx, `UPDATE pastes SET deletion_initiated_at = now() - interval '3 hours' WHERE id = $1`, stuck)
		require.NoError(t, err)

		table := StatusTable{
			Table: "pastes", ExpiresAtColumn: "expires_at", StatusColumn: "deletion_status",
			InitiatedAtColumn: "deletion_initiated_at", StuckAfter: 2 * time.Hour,
		}
		c, err := CountStatus(ctx, Timeouts{}.Pool(pool), table, 100)
		require.NoError(t, err)
		require.Equal(t, int64(2), c.Backlog)
		require.Equal(t, int64(2), c.InProgress)
		require.Equal(t, int64(1), c.Stuck)
		require.NotNil(t, c.OldestExpiredAt)
		require.WithinDuration(t, time.Now().Add(-3*time.Hour), *c.OldestExpiredAt, time.Minute)
		require.False(t, c.Capped)

		c, err = CountStatus(ctx, Timeouts{}.Pool(pool), table, 2)
		require.NoError(t, err)
		require.True(t, c.Capped)

		table.Table = "no_such_table"
		_, err = CountStatus(ctx, Timeouts{}.Pool(pool), table, 2)
		require.ErrorContains(t, err, "count rows of no_such_table by deletion status")
	})

	t.Run("RecentJobsAndKinds", func(t *testing.T) {
		t.Parallel()
		pool := setup(t)
		client, err := river.NewClient(riverpgxv5.New(pool), &river.Config{Schema: config.DefaultRiverSchema})
		require.NoError(t, err)

		var params []river.InsertManyParams
		for _, args := range []policyJobArgs{
			{Policy: "pastes", kind: "expire_planner"},
			{Policy: "pastes", kind: "expire_batch"},
			{Policy: "pastes", kind: "expire_batch"},
			{Policy: "other", kind: "sweep"},
		} {
			params = append(params, river.InsertManyParams{Args: args})
		}
		_, err = client.InsertMany(ctx, params)
		require.NoError(t, err)

		jobs, err := RecentJobs(ctx, client, "pastes", 2)
		require.NoError(t, err)
		require.Len(t, jobs, 2)
		require.Greater(t, jobs[0].ID, jobs[1].ID, "newest first")
		require.Equal(t, "expire_batch", jobs[0].Kind)
		require.Equal(t, "available", jobs[0].State)
		require.Nil(t, jobs[0].FinalizedAt)
		require.False(t, jobs[0].CreatedAt.IsZero())

		jobs, err = RecentJobs(ctx, client, "quiet", 5)
		require.NoError(t, err)
		require.NotNil(t, jobs)
		require.Empty(t, jobs)

		kinds, err := JobKinds(ctx, pool, config.DefaultRiverSchema, "pastes")
		require.NoError(t, err)
		require.Equal(t, []string{"expire_batch", "expire_planner"}, kinds)
	})
}
