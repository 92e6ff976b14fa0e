package db

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/stretchr/testify/require"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/internal/testenv"
	"github.com/lethehq/lethe/jobs"
)

func TestLookup(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	schema := config.DefaultRiverSchema

	type testBundle struct {
		pool   *pgxpool.Pool
		client *river.Client[pgx.Tx]
	}
	setup := func(t *testing.T) testBundle {
		t.Helper()
		pool := testenv.MigratedPool(t)
		client, err := river.NewClient(riverpgxv5.New(pool), &river.Config{Schema: schema})
		require.NoError(t, err)
		return testBundle{pool: pool, client: client}
	}

	t.Run("LatestDeleteJobWithItsWait", func(t *testing.T) {
		t.Parallel()
		b := setup(t)
		job, err := LatestDeleteJob(ctx, b.pool, schema, jobs.KindDeleteEntity, "account", "42")
		require.NoError(t, err)
		require.Nil(t, job, "no job yet")

		_, err = b.client.Insert(ctx, jobs.DeleteEntity{Entity: "account", Key: "42"}, nil)
		require.NoError(t, err)
		newer, err := b.client.Insert(ctx, jobs.DeleteEntity{Entity: "account", Key: "42"}, &river.InsertOpts{Tags: []string{"lethe-cli"}})
		require.NoError(t, err)
		_, err = b.client.Insert(ctx, jobs.DeleteEntity{Entity: "account", Key: "420"}, nil)
		require.NoError(t, err)
		_, err = b.pool.Exec(ctx, `UPDATE lethe.river_job SET metadata = jsonb_build_object('output', jsonb_build_object('waiting_on', 'row lock on accounts held by pid 7', 'since', now())),
			errors = ARRAY[jsonb_build_object('at', now(), 'attempt', 1, 'error', 'boom', 'trace', 'long')] WHERE id = $1`, newer.Job.ID)
		require.NoError(t, err)

		job, err = LatestDeleteJob(ctx, b.pool, schema, jobs.KindDeleteEntity, "account", "42")
		require.NoError(t, err)
		require.NotNil(t, job)
		require.Equal(t, newer.Job.ID, job.ID, "the newest job of the key, not of a key sharing its prefix")
		require.Equal(t, "available", job.State)
		require.Equal(t, "row lock on accounts held by pid 7", job.WaitingOn)
		require.NotNil(t, job.WaitingSince)
		require.Equal(t, []string{"lethe-cli"}, job.Tags)
		require.Len(t, job.Errors, 1)
		require.Equal(t, "boom", job.Errors[0].Error)

		byID, err := DeleteJobByID(ctx, b.pool, schema, job.ID)
		require.NoError(t, err)
		require.Equal(t, job.ID, byID.ID)
		gone, err := DeleteJobByID(ctx, b.pool, schema, job.ID+1000)
		require.NoError(t, err)
		require.Nil(t, gone)
	})

	t.Run("EntityAuditAndRequest", func(t *testing.T) {
		t.Parallel()
		b := setup(t)
		jobID, otherJob := int64(7), int64(8)
		recordAudit(ctx, t, b.pool, AuditEntry{Policy: "accounts", Action: ActionRequestDelete, JobID: nil,
			Detail: map[string]any{"entity": "account", "keys": []string{"41", "42"}, "job_ids": []int64{otherJob, jobID}, "by": "alice"}})
		recordAudit(ctx, t, b.pool, AuditEntry{Policy: "accounts", Action: ActionDeleteEntity, JobID: &jobID, RowsDeleted: 3,
			Detail: map[string]any{"entity": "account", "key": "42", "rows": map[string]int64{"accounts": 1, "orders": 2}}})
		recordAudit(ctx, t, b.pool, AuditEntry{Policy: "accounts", Action: ActionPurgeBlobs, JobID: &jobID, BlobsDeleted: 2,
			Detail: map[string]any{"entity": "account", "key": "42"}})
		recordAudit(ctx, t, b.pool, AuditEntry{Policy: "accounts", Action: ActionDeleteEntity, JobID: &otherJob,
			Detail: map[string]any{"entity": "account", "key": "41"}})

		trail, err := EntityAudit(ctx, b.pool, "account", "42", 10)
		require.NoError(t, err)
		require.Len(t, trail, 2)
		require.Equal(t, ActionPurgeBlobs, trail[0].Action, "newest first")
		require.Equal(t, ActionDeleteEntity, trail[1].Action)

		req, err := DeleteRequest(ctx, b.pool, "account", jobID)
		require.NoError(t, err)
		require.NotNil(t, req)
		require.Equal(t, "alice", req.Detail["by"])
		none, err := DeleteRequest(ctx, b.pool, "other", jobID)
		require.NoError(t, err)
		require.Nil(t, none, "a request of another entity's job")

		found, err := SearchAudit(ctx, b.pool, AuditFilter{Entity: "account", Key: "42"}, 10)
		require.NoError(t, err)
		require.Len(t, found, 3, "the key's own entries and the request naming it among its keys")
		found, err = SearchAudit(ctx, b.pool, AuditFilter{Entity: "account"}, 10)
		require.NoError(t, err)
		require.Len(t, found, 4)
		found, err = SearchAudit(ctx, b.pool, AuditFilter{Entity: "other", Key: "42"}, 10)
		require.NoError(t, err)
		require.Empty(t, found)
	})
}
