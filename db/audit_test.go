package db

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"github.com/lethehq/lethe/internal/testenv"
)

// recordAudit is the fixture factory of audit entries: entry with its
// defaults filled (started a second ago, outcome ok), finished now.
func recordAudit(ctx context.Context, t *testing.T, pool *pgxpool.Pool, entry AuditEntry) {
	t.Helper()
	if entry.StartedAt.IsZero() {
		entry.StartedAt = time.Now().Add(-time.Second)
	}
	if entry.Outcome == "" {
		entry.Outcome = OutcomeOK
	}
	require.NoError(t, RecordAudit(ctx, pool, entry))
}

// backdateAudit moves every audit entry of policy back by age.
func backdateAudit(ctx context.Context, t *testing.T, pool *pgxpool.Pool, policy string, age time.Duration) {
	t.Helper()
	_, err := pool.Exec(ctx, `
		UPDATE lethe_deletion_audit
		SET started_at = started_at - make_interval(secs => $2), finished_at = finished_at - make_interval(secs => $2)
		WHERE policy = $1`, policy, age.Seconds())
	require.NoError(t, err)
}

// TestAuditActions pins the stored action names: dashboards, alerts and
// queries on lethe_deletion_audit and the batch duration metric use them.
func TestAuditActions(t *testing.T) {
	t.Parallel()
	for action, want := range map[AuditAction]string{
		ActionExpireBatch:    "expire_batch",
		ActionExpireSetAside: "expire_set_aside",
		ActionWatchdog:       "watchdog",
		ActionSweep:          "sweep",
		ActionSweepPartition: "sweep_partition",
		ActionDeleteEntity:   "delete_entity",
		ActionPurgeBlobs:     "purge_blobs",
		ActionOrphanSweep:    "orphan_sweep",
		ActionTombstoneGC:    "tombstone_gc",
		ActionRun:            "run",
		ActionPausePolicy:    "pause_policy",
		ActionResumePolicy:   "resume_policy",
		ActionRunNow:         "run_now",
		ActionClearTombstone: "clear_tombstone",
		ActionRequestDelete:  "request_delete",
		ActionRiverUI:        "riverui_action",
		ActionRemoveGuards:   "remove_guards",
		ActionPlaceHold:      "place_hold",
		ActionReleaseHold:    "release_hold",
	} {
		require.Equal(t, want, string(action))
	}
}

func TestAudit(t *testing.T) {
	t.Parallel()

	ctx := context.Background()

	setup := func(t *testing.T) *pgxpool.Pool {
		t.Helper()
		return testenv.MigratedPool(t)
	}

	t.Run("RecordAndList", func(t *testing.T) {
		t.Parallel()
		pool := setup(t)
		jobID := int64(42)
		started := time.Now().Add(-time.Minute).Truncate(time.Microsecond)
		require.NoError(t, RecordAudit(ctx, pool, AuditEntry{
			Policy: "pastes", Action: "expire_batch", JobID: &jobID, RowsDeleted: 10, BlobsDeleted: 4,
			StartedAt: started, Outcome: OutcomePartial, Error: "2 blobs failed",
			Detail: map[string]any{"claimed_at": "x", "rows": float64(10)},
		}))
		recordAudit(ctx, t, pool, AuditEntry{Policy: "idempotency", Action: "sweep", RowsDeleted: 7})
		recordAudit(ctx, t, pool, AuditEntry{Policy: "pastes", Action: "watchdog"})

		all, err := ListAudit(ctx, pool, "", 10)
		require.NoError(t, err)
		require.Len(t, all, 3)
		require.Equal(t, ActionWatchdog, all[0].Action, "newest first")
		require.Nil(t, all[0].JobID)
		require.Empty(t, all[0].Error)
		require.Nil(t, all[0].Detail, "no detail stays NULL")

		pastes, err := ListAudit(ctx, pool, "pastes", 10)
		require.NoError(t, err)
		require.Len(t, pastes, 2)
		e := pastes[1]
		require.Equal(t, ActionExpireBatch, e.Action)
		require.Equal(t, &jobID, e.JobID)
		require.Equal(t, int64(10), e.RowsDeleted)
		require.Equal(t, int64(4), e.BlobsDeleted)
		// Both times are the database's: finished_at the insert, started_at
		// that less the minute elapsed since started.
		require.WithinDuration(t, started, e.StartedAt, time.Second)
		require.InDelta(t, time.Minute.Seconds(), e.FinishedAt.Sub(e.StartedAt).Seconds(), 1)
		require.False(t, e.FinishedAt.Before(e.StartedAt))
		require.Equal(t, OutcomePartial, e.Outcome)
		require.Equal(t, "2 blobs failed", e.Error)
		require.Equal(t, map[string]any{"claimed_at": "x", "rows": float64(10)}, e.Detail)

		limited, err := ListAudit(ctx, pool, "", 1)
		require.NoError(t, err)
		require.Len(t, limited, 1)

		none, err := ListAudit(ctx, pool, "other", 10)
		require.NoError(t, err)
		require.Empty(t, none)

		err = RecordAudit(ctx, pool, AuditEntry{Policy: "pastes", Action: "x", StartedAt: time.Now(), Outcome: "bogus"})
		require.ErrorContains(t, err, "record audit x for pastes")
	})

	// Entries written in one transaction share finished_at: paging by
	// entry still lists each exactly once, in ID order among equals.
	t.Run("SearchPagesThroughEqualTimes", func(t *testing.T) {
		t.Parallel()
		pool := setup(t)
		tx, err := pool.Begin(ctx)
		require.NoError(t, err)
		for i := range 7 {
			outcome := OutcomeOK
			if i%3 == 0 {
				outcome = OutcomeError
			}
			require.NoError(t, RecordAudit(ctx, tx, AuditEntry{
				Policy: "pastes", Action: ActionExpireBatch, RowsDeleted: int64(i), StartedAt: time.Now(), Outcome: outcome,
			}))
		}
		require.NoError(t, tx.Commit(ctx))

		var seen []int64
		filter := AuditFilter{Policy: "pastes"}
		for {
			page, err := SearchAudit(ctx, pool, filter, 3)
			require.NoError(t, err)
			for _, e := range page {
				seen = append(seen, e.RowsDeleted)
			}
			if len(page) < 3 {
				break
			}
			filter.Before = page[len(page)-1].ID
		}
		require.Equal(t, []int64{6, 5, 4, 3, 2, 1, 0}, seen)

		errs, err := SearchAudit(ctx, pool, AuditFilter{Outcome: OutcomeError, Action: ActionExpireBatch}, 10)
		require.NoError(t, err)
		require.Len(t, errs, 3)
		none, err := SearchAudit(ctx, pool, AuditFilter{Before: 999999}, 10)
		require.NoError(t, err)
		require.Empty(t, none, "an ID no entry has")
		later, err := SearchAudit(ctx, pool, AuditFilter{Since: time.Now().Add(time.Hour)}, 10)
		require.NoError(t, err)
		require.Empty(t, later)
	})

	t.Run("Totals", func(t *testing.T) {
		t.Parallel()
		pool := setup(t)
		recordAudit(ctx, t, pool, AuditEntry{Policy: "pastes", Action: "expire_batch", RowsDeleted: 10, BlobsDeleted: 5})
		recordAudit(ctx, t, pool, AuditEntry{Policy: "old", Action: "expire_batch", RowsDeleted: 3, BlobsDeleted: 1})
		recordAudit(ctx, t, pool, AuditEntry{Policy: "old", Action: "expire_batch", Outcome: OutcomeError, Error: "boom"})
		backdateAudit(ctx, t, pool, "old", 2*time.Hour)
		recordAudit(ctx, t, pool, AuditEntry{Policy: "ancient", Action: "sweep", RowsDeleted: 99})
		backdateAudit(ctx, t, pool, "ancient", 48*time.Hour)
		recordAudit(ctx, t, pool, AuditEntry{Policy: "runs", Action: ActionVerifyEntity, Outcome: OutcomeError, Error: "deleted entity not gone"})
		recordAudit(ctx, t, pool, AuditEntry{Policy: "runs", Action: ActionVerifyEntity})
		recordAudit(ctx, t, pool, AuditEntry{Policy: "runs", Action: ActionPurgeBlobs, Outcome: OutcomeError, Error: "SlowDown"})

		totals, err := AuditTotals(ctx, pool)
		require.NoError(t, err)
		require.Len(t, totals, 3, "only the last day counts")
		p := totals["pastes"]
		require.Equal(t, int64(10), p.RowsLastHour)
		require.Equal(t, int64(5), p.BlobsLastHour)
		require.Equal(t, int64(10), p.RowsLastDay)
		require.NotNil(t, p.LastActivityAt)
		o := totals["old"]
		require.Zero(t, o.RowsLastHour)
		require.Equal(t, int64(3), o.RowsLastDay)
		require.Equal(t, int64(1), o.BlobsLastDay)
		require.Equal(t, int64(1), o.ErrorsLastDay)
		require.Zero(t, o.VerifyFailuresLastDay)
		r := totals["runs"]
		require.Equal(t, int64(2), r.ErrorsLastDay)
		require.Equal(t, int64(1), r.VerifyFailuresLastDay, "only the failed verification, not the failed purge")
	})

	t.Run("RecentErrors", func(t *testing.T) {
		t.Parallel()
		pool := setup(t)
		jobID := int64(7)
		recordAudit(ctx, t, pool, AuditEntry{Policy: "pastes", Action: "expire_batch", Outcome: OutcomeError, Error: "first", JobID: &jobID})
		backdateAudit(ctx, t, pool, "pastes", time.Hour)
		recordAudit(ctx, t, pool, AuditEntry{Policy: "pastes", Action: "expire_batch", Outcome: OutcomeError})
		recordAudit(ctx, t, pool, AuditEntry{Policy: "pastes", Action: "expire_batch"})
		recordAudit(ctx, t, pool, AuditEntry{Policy: "other", Action: "sweep", Outcome: OutcomeError, Error: "not mine"})
		require.NoError(t, RecordPolicyRun(ctx, pool, "pastes", errors.New("planner failed")))

		errs, err := RecentErrors(ctx, pool, "pastes", 10)
		require.NoError(t, err)
		require.Len(t, errs, 3)
		var messages []string
		for _, e := range errs {
			messages = append(messages, string(e.Action)+": "+e.Message)
		}
		require.ElementsMatch(t, []string{"run: planner failed", "expire_batch: failed", "expire_batch: first"}, messages)
		require.Equal(t, "expire_batch: first", messages[2], "newest first")
		require.Equal(t, &jobID, errs[2].JobID)

		errs, err = RecentErrors(ctx, pool, "pastes", 1)
		require.NoError(t, err)
		require.Len(t, errs, 1)

		errs, err = RecentErrors(ctx, pool, "quiet", 10)
		require.NoError(t, err)
		require.NotNil(t, errs)
		require.Empty(t, errs)
	})

	t.Run("Throughput", func(t *testing.T) {
		t.Parallel()
		pool := setup(t)
		recordAudit(ctx, t, pool, AuditEntry{Policy: "pastes", Action: "expire_batch", RowsDeleted: 10, BlobsDeleted: 2})
		recordAudit(ctx, t, pool, AuditEntry{Policy: "pastes", Action: "expire_batch", Outcome: OutcomeError})
		recordAudit(ctx, t, pool, AuditEntry{Policy: "idempotency", Action: "sweep", RowsDeleted: 5})
		recordAudit(ctx, t, pool, AuditEntry{Policy: "old", Action: "sweep", RowsDeleted: 1000})
		backdateAudit(ctx, t, pool, "old", 3*time.Hour)

		_, err := Throughput(ctx, pool, "", time.Minute, time.Hour)
		require.ErrorContains(t, err, "bucket must be positive")

		points, err := Throughput(ctx, pool, "", time.Hour, 10*time.Minute)
		require.NoError(t, err)
		require.GreaterOrEqual(t, len(points), 6)
		require.LessOrEqual(t, len(points), 7)
		var rows, blobs, errs int64
		for i, p := range points {
			require.Zero(t, p.At.Unix()%600, "buckets aligned to the epoch")
			if i > 0 {
				require.True(t, p.At.After(points[i-1].At), "oldest first")
			}
			rows, blobs, errs = rows+p.Rows, blobs+p.Blobs, errs+p.Errors
		}
		require.Equal(t, []int64{15, 2, 1}, []int64{rows, blobs, errs})

		points, err = Throughput(ctx, pool, "pastes", time.Hour, 10*time.Minute)
		require.NoError(t, err)
		rows = 0
		for _, p := range points {
			rows += p.Rows
		}
		require.Equal(t, int64(10), rows)
	})
}

func TestPolicyState(t *testing.T) {
	t.Parallel()

	ctx := context.Background()

	setup := func(t *testing.T) *pgxpool.Pool {
		t.Helper()
		return testenv.MigratedPool(t)
	}

	t.Run("UntouchedPolicy", func(t *testing.T) {
		t.Parallel()
		pool := setup(t)
		s, err := GetPolicyState(ctx, pool, "pastes")
		require.NoError(t, err)
		require.Equal(t, PolicyState{Policy: "pastes"}, s)
		all, err := ListPolicyStates(ctx, pool)
		require.NoError(t, err)
		require.Empty(t, all)
	})

	t.Run("PauseAndResume", func(t *testing.T) {
		t.Parallel()
		pool := setup(t)
		require.NoError(t, SetPolicyPaused(ctx, pool, "pastes", true))
		s, err := GetPolicyState(ctx, pool, "pastes")
		require.NoError(t, err)
		require.True(t, s.Paused)
		require.Nil(t, s.LastRunAt)

		require.NoError(t, RecordPolicyRun(ctx, pool, "pastes", nil))
		require.NoError(t, SetPolicyPaused(ctx, pool, "pastes", false))
		s, err = GetPolicyState(ctx, pool, "pastes")
		require.NoError(t, err)
		require.False(t, s.Paused)
		require.NotNil(t, s.LastRunAt, "pausing and resuming keeps the run history")
	})

	t.Run("RecordRunKeepsTheLastError", func(t *testing.T) {
		t.Parallel()
		pool := setup(t)
		require.NoError(t, RecordPolicyRun(ctx, pool, "pastes", errors.New("boom")))
		s, err := GetPolicyState(ctx, pool, "pastes")
		require.NoError(t, err)
		require.Equal(t, "boom", s.LastError)
		require.NotNil(t, s.LastErrorAt)
		require.NotNil(t, s.LastRunAt)
		firstRun, errorAt := *s.LastRunAt, *s.LastErrorAt

		require.NoError(t, RecordPolicyRun(ctx, pool, "pastes", nil))
		s, err = GetPolicyState(ctx, pool, "pastes")
		require.NoError(t, err)
		require.Equal(t, "boom", s.LastError, "a successful run leaves the last error visible")
		require.True(t, s.LastErrorAt.Equal(errorAt))
		require.False(t, s.LastRunAt.Before(firstRun))

		require.NoError(t, RecordPolicyRun(ctx, pool, "idempotency", nil))
		all, err := ListPolicyStates(ctx, pool)
		require.NoError(t, err)
		require.Len(t, all, 2)
		require.Equal(t, "boom", all["pastes"].LastError)
		require.Empty(t, all["idempotency"].LastError)
		require.Nil(t, all["idempotency"].LastErrorAt)
	})
}
