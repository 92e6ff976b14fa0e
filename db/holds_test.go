package db

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/stretchr/testify/require"

	"github.com/lethehq/lethe/internal/testenv"
	"github.com/lethehq/lethe/jobs"
)

func TestHolds(t *testing.T) {
	t.Parallel()
	ctx := context.Background()

	t.Run("PlaceGetListRelease", func(t *testing.T) {
		t.Parallel()
		pool := testenv.MigratedPool(t)
		place := func(h Hold) (*Hold, bool) {
			t.Helper()
			var (
				got    *Hold
				placed bool
			)
			require.NoError(t, pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) (err error) {
				got, placed, err = PlaceHold(ctx, tx, h)
				return err
			}))
			return got, placed
		}
		h, placed := place(Hold{Entity: "account", Key: "42", Reason: "litigation 7", HeldBy: "alice"})
		require.True(t, placed)
		require.Equal(t, "litigation 7", h.Reason)
		require.WithinDuration(t, time.Now(), h.HeldAt, time.Minute)

		// Holding again keeps the first hold.
		again, placed := place(Hold{Entity: "account", Key: "42", Reason: "other", HeldBy: "bob"})
		require.False(t, placed)
		require.Equal(t, "alice", again.HeldBy)
		require.Equal(t, "litigation 7", again.Reason)

		place(Hold{Entity: "run", Key: "abc", Reason: "audit", HeldBy: "cli:root"})
		all, err := ListHolds(ctx, pool, HoldFilter{}, 10)
		require.NoError(t, err)
		require.Len(t, all, 2)
		require.Equal(t, "account", all[0].Entity)
		page, err := ListHolds(ctx, pool, HoldFilter{AfterEntity: "account", AfterKey: "42"}, 10)
		require.NoError(t, err)
		require.Len(t, page, 1)
		require.Equal(t, "run", page[0].Entity)
		runs, err := ListHolds(ctx, pool, HoldFilter{Entity: "run"}, 10)
		require.NoError(t, err)
		require.Len(t, runs, 1)

		held, err := HeldKeys(ctx, pool, "account", []string{"41", "42"})
		require.NoError(t, err)
		require.Len(t, held, 1)
		require.Equal(t, "alice", held["42"].HeldBy)

		var released *Hold
		require.NoError(t, pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) (err error) {
			released, err = ReleaseHold(ctx, tx, "lethe", "account", "42")
			return err
		}))
		require.NotNil(t, released)
		got, err := GetHold(ctx, pool, "account", "42")
		require.NoError(t, err)
		require.Nil(t, got)
		require.NoError(t, pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) (err error) {
			released, err = ReleaseHold(ctx, tx, "lethe", "account", "42")
			return err
		}))
		require.Nil(t, released, "a second release finds no hold")
	})

	t.Run("Reason", func(t *testing.T) {
		t.Parallel()
		require.ErrorContains(t, CheckHoldReason("  "), "reason is required")
		err := CheckHoldReason(strings.Repeat("x", MaxHoldReason+1))
		require.ErrorContains(t, err, "reason is 501 bytes, at most 500")
		require.NotContains(t, err.Error(), "xxx")
		require.NoError(t, CheckHoldReason(strings.Repeat("x", MaxHoldReason)))
	})

	t.Run("HoldWaitsForTheDeletionsLock", func(t *testing.T) {
		t.Parallel()
		pool := testenv.MigratedPool(t)
		tx, err := pool.Begin(ctx)
		require.NoError(t, err)
		defer tx.Rollback(ctx)
		require.NoError(t, LockExclusive(ctx, tx, "account", "7"))
		done := make(chan error, 1)
		go func() {
			done <- pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
				_, _, err := PlaceHold(ctx, tx, Hold{Entity: "account", Key: "7", Reason: "r", HeldBy: "x"})
				return err
			})
		}()
		select {
		case err := <-done:
			t.Fatalf("the hold did not wait for the deletion's lock: %v", err)
		case <-time.After(300 * time.Millisecond):
		}
		require.NoError(t, tx.Rollback(ctx))
		require.NoError(t, <-done)
	})

	t.Run("ReleaseWakesSnoozedDeletes", func(t *testing.T) {
		t.Parallel()
		pool := testenv.MigratedPool(t)
		client, err := river.NewClient(riverpgxv5.New(pool), &river.Config{Schema: "lethe"})
		require.NoError(t, err)
		res, err := client.Insert(ctx, jobs.DeleteEntity{Entity: "account", Key: "9"}, &river.InsertOpts{ScheduledAt: time.Now().Add(time.Hour)})
		require.NoError(t, err)
		require.NoError(t, pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
			_, _, err := PlaceHold(ctx, tx, Hold{Entity: "account", Key: "9", Reason: "r", HeldBy: "x"})
			return err
		}))
		require.NoError(t, pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
			_, err := ReleaseHold(ctx, tx, "lethe", "account", "9")
			return err
		}))
		job, err := client.JobGet(ctx, res.Job.ID)
		require.NoError(t, err)
		require.Equal(t, "available", string(job.State))
	})
}

// TestHoldColumnChecks: a policy's hold_column must exist and be boolean;
// the policy's lookup refuses it otherwise, and check-config's table checks
// say so naming the field.
func TestHoldColumnChecks(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := testenv.MigratedPool(t)
	_, err := pool.Exec(ctx, `ALTER TABLE pastes ADD COLUMN held_text text, ADD COLUMN legal_hold boolean`)
	require.NoError(t, err)
	cols := ExpireColumns{Policy: "pastes", Table: "pastes", Key: "id", ExpiresAt: "expires_at", Status: "deletion_status", InitiatedAt: "deletion_initiated_at"}

	for column, want := range map[string]string{
		"nope":      `hold_column: table "pastes" has no column "nope"`,
		"held_text": `hold_column: column "held_text" of table "pastes" is text, want boolean`,
	} {
		c := cols
		c.Hold = column
		_, err := LookupExpireTable(ctx, pool, c)
		require.ErrorContains(t, err, want)
		findings, err := CheckExpireTable(ctx, Timeouts{}.Pool(pool), c)
		require.NoError(t, err)
		require.NotEmpty(t, findings)
		require.Contains(t, findings[0].Problem, "hold_column")
		require.False(t, findings[0].Warning)

		findings, err = CheckSweepTable(ctx, Timeouts{}.Pool(pool), "sweep", SweepTable{Table: "pastes", KeyColumn: "id", ExpiresAtColumn: "expires_at", HoldColumn: column}, false)
		require.NoError(t, err)
		require.NotEmpty(t, findings)
		require.Contains(t, findings[0].Problem, "hold_column")
	}
	c := cols
	c.Hold = "legal_hold"
	_, err = LookupExpireTable(ctx, pool, c)
	require.NoError(t, err)
	findings, err := CheckSweepTable(ctx, Timeouts{}.Pool(pool), "sweep", SweepTable{Table: "pastes", KeyColumn: "id", ExpiresAtColumn: "expires_at", HoldColumn: "legal_hold"}, false)
	require.NoError(t, err)
	for _, f := range findings {
		require.True(t, f.Warning, "finding %+v", f)
	}
}
