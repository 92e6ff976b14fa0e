package workers

import (
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/jobs"
)

func TestExpireWithoutBlobs(t *testing.T) {
	t.Parallel()

	// noBlobs turns the pastes policy into one without a blob column.
	noBlobs := func(p *config.Expire) { p.BlobKeyColumn, p.BlobPrefix = "", "" }

	t.Run("BatchesDeleteDueRowsWithoutClaims", func(t *testing.T) {
		t.Parallel()
		b := expireSetup(t, "", noBlobs)
		expired := expireInsertPastes(t, b.pool, nil, 250, time.Now().Add(-time.Hour))
		fresh := expireInsertPastes(t, b.pool, nil, 30, time.Now().Add(time.Hour))
		// No row may ever be seen claimed: the batches lock and delete in
		// one transaction.
		if _, err := b.pool.Exec(t.Context(), `
			CREATE TABLE claims_seen (n int);
			CREATE FUNCTION note_claim() RETURNS trigger LANGUAGE plpgsql AS $$
			BEGIN INSERT INTO claims_seen VALUES (1); RETURN NEW; END $$;
			CREATE TRIGGER note_claim AFTER UPDATE ON pastes FOR EACH ROW
			WHEN (NEW.deletion_status = 'DELETION_IN_PROGRESS') EXECUTE FUNCTION note_claim()`); err != nil {
			t.Fatal(err)
		}
		// Two planners at once queue the due rows once (100 a batch).
		for range 2 {
			if _, err := b.client.Insert(t.Context(), jobs.ExpirePlan{Policy: "pastes"}, nil); err != nil {
				t.Fatal(err)
			}
		}
		b.waitIdle(t)
		if got := b.status(t, expired); got[""] != 250 {
			t.Errorf("expired pastes by status = %v, want all gone", got)
		}
		if got := b.status(t, fresh); got[db.StatusNotExpired] != 30 {
			t.Errorf("fresh pastes by status = %v, want untouched", got)
		}
		var claims, deleteJobs int
		if err := b.pool.QueryRow(t.Context(), `SELECT (SELECT count(*) FROM claims_seen),
			(SELECT count(*) FROM lethe.river_job WHERE kind = 'lethe.expire_delete')`).Scan(&claims, &deleteJobs); err != nil {
			t.Fatal(err)
		}
		if claims != 0 {
			t.Errorf("%d rows were claimed, want none", claims)
		}
		if deleteJobs > 3 {
			t.Errorf("%d expire_delete jobs for 250 rows at batch_size 100, want 3 (the second planner queues nothing)", deleteJobs)
		}
		audit, err := db.ListAudit(t.Context(), b.pool, "pastes", 100)
		if err != nil {
			t.Fatal(err)
		}
		var rows int64
		for _, e := range audit {
			if e.Action != db.ActionExpireBatch || (e.Outcome != db.OutcomeOK && e.Outcome != db.OutcomeSkipped) {
				t.Errorf("audit entry %+v, want expire_batch ok", e)
			}
			rows += e.RowsDeleted
		}
		if rows != 250 {
			t.Errorf("audit counts %d rows deleted, want 250", rows)
		}
	})

	t.Run("MarkSetsDeleted", func(t *testing.T) {
		t.Parallel()
		b := expireSetup(t, "", noBlobs, func(p *config.Expire) { p.OnDelete = "mark" })
		expired := expireInsertPastes(t, b.pool, nil, 120, time.Now().Add(-time.Hour))
		b.runJob(t, jobs.ExpirePlan{Policy: "pastes"})
		b.waitIdle(t)
		if got := b.status(t, expired); got[db.StatusDeleted] != 120 {
			t.Errorf("expired pastes by status = %v, want all DELETED", got)
		}
		// DELETED is terminal: the next run queues nothing.
		b.runJob(t, jobs.ExpirePlan{Policy: "pastes"})
		b.waitIdle(t)
		if n := b.jobCount(t, jobs.KindExpireDelete); n != 2 {
			t.Errorf("%d expire_delete jobs, want 2 (the second planner run queues nothing)", n)
		}
	})

	t.Run("PausedPolicyKeepsItsRows", func(t *testing.T) {
		t.Parallel()
		b := expireSetup(t, "", noBlobs)
		expired := expireInsertPastes(t, b.pool, nil, 20, time.Now().Add(-time.Hour))
		if err := db.SetPolicyPaused(t.Context(), b.pool, "pastes", true); err != nil {
			t.Fatal(err)
		}
		// A batch queued before the pause does nothing while it lasts.
		b.runJob(t, jobs.ExpireDelete{Policy: "pastes", Rows: 100})
		if got := b.status(t, expired); got[db.StatusNotExpired] != 20 {
			t.Errorf("paused: expired pastes by status = %v, want untouched", got)
		}
		if err := db.SetPolicyPaused(t.Context(), b.pool, "pastes", false); err != nil {
			t.Fatal(err)
		}
		b.runJob(t, jobs.ExpirePlan{Policy: "pastes"})
		b.waitIdle(t)
		if got := b.status(t, expired); got[""] != 20 {
			t.Errorf("resumed: expired pastes by status = %v, want all gone", got)
		}
	})

	t.Run("RowsWithBlobsAreNeverDeletedInPlace", func(t *testing.T) {
		t.Parallel()
		b := expireSetup(t, "")
		expired := expireInsertPastes(t, b.pool, b.store, 10, time.Now().Add(-time.Hour))
		// A job queued while the policy had no blob column.
		b.runJob(t, jobs.ExpireDelete{Policy: "pastes", Rows: 100})
		if got := b.status(t, expired); got[db.StatusNotExpired] != 10 {
			t.Errorf("expired pastes with blobs by status = %v, want untouched", got)
		}
		var state string
		if err := b.pool.QueryRow(t.Context(), `SELECT state FROM lethe.river_job WHERE kind = 'lethe.expire_delete'`).Scan(&state); err != nil && err != pgx.ErrNoRows {
			t.Fatal(err)
		}
		if state != "cancelled" {
			t.Errorf("expire_delete job on a policy with blobs ended %q, want cancelled", state)
		}
	})
}
