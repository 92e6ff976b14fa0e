package db

import (
	"context"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertype"
	"github.com/stretchr/testify/require"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/internal/testenv"
)

// entityJobArgs are River job args naming an entity, as delete_entity and
// purge_blobs jobs do.
type entityJobArgs struct {
	Entity string `json:"entity"`
	Key    string `json:"key"`
	kind   string
}

func (a entityJobArgs) Kind() string { return a.kind }

// failJob sets job id to state with one recorded error, as River leaves a
// job whose attempt failed.
func failJob(ctx context.Context, t *testing.T, exec Executor, id int64, state rivertype.JobState, msg string) {
	t.Helper()
	finalized := "NULL"
	if state == rivertype.JobStateDiscarded {
		finalized = "now()"
	}
	_, err := exec.Exec(ctx, `UPDATE `+pgx.Identifier{config.DefaultRiverSchema, "river_job"}.Sanitize()+`
		SET state = $2, attempt = 1, attempted_at = now(), finalized_at = `+finalized+`,
			errors = ARRAY[jsonb_build_object('at', now(), 'attempt', 1, 'error', $3::text, 'trace', '')]
		WHERE id = $1`, id, string(state), msg)
	require.NoError(t, err)
}

// TestFailedJobs: a policy's retryable and discarded jobs are counted
// (each count bounded), listed newest first with their error cut, and their
// IDs listed by state; jobs of other policies, running jobs and a tombstone
// policy's entity jobs are told apart.
func TestFailedJobs(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := testenv.MigratedPool(t)
	client, err := river.NewClient(riverpgxv5.New(pool), &river.Config{Schema: config.DefaultRiverSchema})
	require.NoError(t, err)
	schema := config.DefaultRiverSchema

	insert := func(args river.JobArgs) int64 {
		res, err := client.Insert(ctx, args, nil)
		require.NoError(t, err)
		return res.Job.ID
	}
	retry1 := insert(policyJobArgs{Policy: "pastes", kind: "lethe.expire_batch"})
	retry2 := insert(policyJobArgs{Policy: "pastes", kind: "lethe.expire_plan"})
	gone := insert(policyJobArgs{Policy: "pastes", kind: "lethe.expire_batch"})
	insert(policyJobArgs{Policy: "pastes", kind: "lethe.expire_batch"}) // available: not failed
	other := insert(policyJobArgs{Policy: "other", kind: "lethe.expire_batch"})
	del := insert(entityJobArgs{Entity: "run", Key: "abc", kind: "lethe.delete_entity"})
	foreign := insert(entityJobArgs{Entity: "run", Key: "abc", kind: "someone.else"})
	long := strings.Repeat("é", 1000)
	failJob(ctx, t, pool, retry1, rivertype.JobStateRetryable, "boom 1")
	failJob(ctx, t, pool, retry2, rivertype.JobStateRetryable, long)
	failJob(ctx, t, pool, gone, rivertype.JobStateDiscarded, "boom 3")
	failJob(ctx, t, pool, other, rivertype.JobStateDiscarded, "other")
	failJob(ctx, t, pool, del, rivertype.JobStateDiscarded, "delete failed")
	failJob(ctx, t, pool, foreign, rivertype.JobStateDiscarded, "not ours")

	pastes := PolicyJobs{Policy: "pastes"}
	counts, err := CountFailedJobs(ctx, pool, schema, pastes, 100)
	require.NoError(t, err)
	require.Equal(t, FailedJobCounts{Retryable: 2, Discarded: 1}, counts)
	counts, err = CountFailedJobs(ctx, pool, schema, pastes, 1)
	require.NoError(t, err)
	require.Equal(t, FailedJobCounts{Retryable: 1, Discarded: 1, Capped: true}, counts, "a count stops at its limit")

	runs := PolicyJobs{Policy: "runs", Entity: "run"}
	counts, err = CountFailedJobs(ctx, pool, schema, runs, 100)
	require.NoError(t, err)
	require.Equal(t, FailedJobCounts{Discarded: 1}, counts, "a tombstone policy counts its entity's delete job, not another kind naming the entity")

	list, err := FailedJobs(ctx, pool, schema, pastes, 10)
	require.NoError(t, err)
	require.Len(t, list, 3)
	ids := []int64{list[0].ID, list[1].ID, list[2].ID}
	require.ElementsMatch(t, []int64{retry1, retry2, gone}, ids)
	for _, j := range list {
		require.LessOrEqual(t, len(j.Error), MaxFailedErrorBytes)
		require.True(t, utf8.ValidString(j.Error), "error cut inside a character: %q", j.Error)
		require.NotNil(t, j.ErrorAt)
		require.Equal(t, 1, j.Attempt)
		if j.ID == retry2 {
			require.True(t, strings.HasSuffix(j.Error, "é…"), j.Error)
		}
		if j.State == string(rivertype.JobStateRetryable) {
			require.NotNil(t, j.NextAttemptAt)
		} else {
			require.Nil(t, j.NextAttemptAt)
			require.Equal(t, "boom 3", j.Error)
		}
	}
	list, err = FailedJobs(ctx, pool, schema, pastes, 1)
	require.NoError(t, err)
	require.Len(t, list, 1)

	got, err := FailedJobIDs(ctx, pool, schema, pastes, FailedStates, 100)
	require.NoError(t, err)
	require.Equal(t, []int64{retry1, retry2, gone}, got, "oldest first")
	got, err = FailedJobIDs(ctx, pool, schema, pastes, []rivertype.JobState{rivertype.JobStateRetryable}, 1)
	require.NoError(t, err)
	require.Equal(t, []int64{retry1}, got)

	tx, err := pool.Begin(ctx)
	require.NoError(t, err)
	defer func() { _ = tx.Rollback(ctx) }()
	got, err = LockFailedJobIDs(ctx, tx, schema, runs, FailedStates, 100)
	require.NoError(t, err)
	require.Equal(t, []int64{del}, got)
}
