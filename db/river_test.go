package db

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertype"
	"github.com/stretchr/testify/require"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/internal/testenv"
)

// TestRiverQueueReads: RiverJobCounts counts waiting jobs by queue and
// state, each state up to its limit; RiverHasLeader sees no leader while no
// River client runs or its lease has expired, and one while its lease holds.
func TestRiverQueueReads(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := testenv.MigratedPool(t)
	client, err := river.NewClient(riverpgxv5.New(pool), &river.Config{Schema: config.DefaultRiverSchema})
	require.NoError(t, err)

	later := time.Now().Add(time.Hour)
	for _, p := range []river.InsertManyParams{
		{Args: policyJobArgs{Policy: "a", kind: "test.a"}},
		{Args: policyJobArgs{Policy: "b", kind: "test.a"}, InsertOpts: &river.InsertOpts{ScheduledAt: later}},
		{Args: policyJobArgs{Policy: "c", kind: "test.a"}, InsertOpts: &river.InsertOpts{ScheduledAt: later}},
		{Args: policyJobArgs{Policy: "d", kind: "test.a"}, InsertOpts: &river.InsertOpts{Queue: "elsewhere"}},
	} {
		_, err := client.InsertMany(ctx, []river.InsertManyParams{p})
		require.NoError(t, err)
	}

	count := func(counts []RiverJobCount) map[string]int64 {
		out := map[string]int64{}
		for _, c := range counts {
			out[c.Queue+"/"+string(c.State)] = c.Count
		}
		return out
	}
	counts, err := RiverJobCounts(ctx, pool, config.DefaultRiverSchema, 100)
	require.NoError(t, err)
	require.Equal(t, map[string]int64{
		river.QueueDefault + "/" + string(rivertype.JobStateAvailable): 1,
		river.QueueDefault + "/" + string(rivertype.JobStateScheduled): 2,
		"elsewhere/" + string(rivertype.JobStateAvailable):             1,
	}, count(counts))

	counts, err = RiverJobCounts(ctx, pool, config.DefaultRiverSchema, 1)
	require.NoError(t, err)
	require.Equal(t, int64(1), count(counts)[river.QueueDefault+"/"+string(rivertype.JobStateScheduled)], "a count stops at the limit")

	leader, err := RiverHasLeader(ctx, pool, config.DefaultRiverSchema)
	require.NoError(t, err)
	require.False(t, leader, "a leader while no River client runs")

	// A leader is one whose lease has not expired.
	leaderTable := pgx.Identifier{config.DefaultRiverSchema, "river_leader"}.Sanitize()
	_, err = pool.Exec(ctx, `INSERT INTO `+leaderTable+` (elected_at, expires_at, leader_id) VALUES (now() - interval '1 minute', now() - interval '1 second', 'gone')`)
	require.NoError(t, err)
	leader, err = RiverHasLeader(ctx, pool, config.DefaultRiverSchema)
	require.NoError(t, err)
	require.False(t, leader, "a leader whose lease expired")
	_, err = pool.Exec(ctx, `UPDATE `+leaderTable+` SET expires_at = now() + interval '1 minute'`)
	require.NoError(t, err)
	leader, err = RiverHasLeader(ctx, pool, config.DefaultRiverSchema)
	require.NoError(t, err)
	require.True(t, leader, "no leader while one holds an unexpired lease")
}

// TestRiverJobStates: a job River has is reported with its state, one it
// does not have as gone, so the dashboard links only to jobs River UI can
// show.
func TestRiverJobStates(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := testenv.MigratedPool(t)
	client, err := river.NewClient(riverpgxv5.New(pool), &river.Config{Schema: config.DefaultRiverSchema})
	require.NoError(t, err)
	res, err := client.Insert(ctx, policyJobArgs{Policy: "a", kind: "test.a"}, nil)
	require.NoError(t, err)

	states, err := RiverJobStates(ctx, pool, config.DefaultRiverSchema, []int64{res.Job.ID, res.Job.ID + 1000})
	require.NoError(t, err)
	require.Equal(t, map[int64]string{res.Job.ID: string(rivertype.JobStateAvailable), res.Job.ID + 1000: JobStateGone}, states)

	none, err := RiverJobStates(ctx, pool, config.DefaultRiverSchema, nil)
	require.NoError(t, err)
	require.Empty(t, none)
}
