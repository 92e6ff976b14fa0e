package db

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/stretchr/testify/require"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/internal/testenv"
	"github.com/lethehq/lethe/jobs"
)

// pastesColumns is the expire policy of the example pastes table.
var pastesColumns = ExpireColumns{
	Policy:      "pastes",
	Table:       "pastes",
	Key:         "id",
	ExpiresAt:   "expires_at",
	Status:      "deletion_status",
	InitiatedAt: "deletion_initiated_at",
	BlobKey:     "blob_key",
}

// pasteRow is a paste as the expire statements leave it.
type pasteRow struct {
	Status      string
	InitiatedAt *time.Time
}

// insertPaste is the fixture factory: a paste expiring at now()+expiresIn in
// status, with blobKey (NULL when empty), returning its id.
func insertPaste(ctx context.Context, t *testing.T, pool *pgxpool.Pool, expiresIn time.Duration, status, blobKey string) int64 {
	t.Helper()
	var key *string
	if blobKey != "" {
		key = &blobKey
	}
	var id int64
	err := pool.QueryRow(ctx, `
		INSERT INTO pastes (expires_at, deletion_status, blob_key, deletion_initiated_at)
		VALUES (now() + make_interval(secs => $1), $2::text, $3, CASE WHEN $2::text = 'DELETION_IN_PROGRESS' THEN now() END)
		RETURNING id`, expiresIn.Seconds(), status, key).Scan(&id)
	require.NoError(t, err)
	return id
}

func getPaste(ctx context.Context, t *testing.T, pool *pgxpool.Pool, id int64) *pasteRow {
	t.Helper()
	var p pasteRow
	err := pool.QueryRow(ctx, `SELECT deletion_status, deletion_initiated_at FROM pastes WHERE id = $1`, id).Scan(&p.Status, &p.InitiatedAt)
	if err == pgx.ErrNoRows {
		return nil
	}
	require.NoError(t, err)
	return &p
}

// claim runs one claim in a transaction of its own, as the planner does.
func claim(ctx context.Context, t *testing.T, pool *pgxpool.Pool, table *ExpireTable, limit int, cursor ClaimCursor) ClaimedBatch {
	t.Helper()
	var c ClaimedBatch
	require.NoError(t, Timeouts{}.InTx(ctx, pool, func(tx Bounded) error {
		var err error
		c, err = table.Claim(ctx, tx, limit, cursor)
		return err
	}))
	return c
}

func TestExpireTable(t *testing.T) {
	t.Parallel()

	ctx := context.Background()

	type testBundle struct {
		pool *pgxpool.Pool
	}

	setup := func(t *testing.T) (*ExpireTable, *testBundle) {
		t.Helper()
		pool := testenv.MigratedPool(t)
		table, err := LookupExpireTable(ctx, pool, pastesColumns)
		require.NoError(t, err)
		return table, &testBundle{pool: pool}
	}

	t.Run("LookupChecksTableAndColumns", func(t *testing.T) {
		t.Parallel()
		table, bundle := setup(t)
		require.Empty(t, table.Warnings, "pastes has both partial indexes")

		cols := pastesColumns
		cols.Table = "no_such_table"
		_, err := LookupExpireTable(ctx, bundle.pool, cols)
		require.ErrorContains(t, err, `table "no_such_table" does not exist`)

		cols = pastesColumns
		cols.Status = "no_such_column"
		_, err = LookupExpireTable(ctx, bundle.pool, cols)
		require.ErrorContains(t, err, `status_column: table "pastes" has no column "no_such_column"`)

		cols = pastesColumns
		cols.InitiatedAt = "title"
		_, err = LookupExpireTable(ctx, bundle.pool, cols)
		require.ErrorContains(t, err, "want timestamp with time zone")
	})

	t.Run("LookupWarnsOfMissingIndexes", func(t *testing.T) {
		t.Parallel()
		_, bundle := setup(t)
		_, err := bundle.pool.Exec(ctx, `DROP INDEX pastes_claimable_idx, pastes_in_progress_idx`)
		require.NoError(t, err)

		table, err := LookupExpireTable(ctx, bundle.pool, pastesColumns)
		require.NoError(t, err)
		require.Len(t, table.Warnings, 2)
		require.Contains(t, table.Warnings[0], `CREATE INDEX ON "pastes" ("expires_at") WHERE "deletion_status" = 'NOT_EXPIRED'`)
		require.Contains(t, table.Warnings[1], `CREATE INDEX ON "pastes" ("deletion_initiated_at") WHERE "deletion_status" = 'DELETION_IN_PROGRESS'`)
	})

	t.Run("ClaimTakesOnlyExpiredNotExpiredRows", func(t *testing.T) {
		t.Parallel()
		table, bundle := setup(t)
		expired1 := insertPaste(ctx, t, bundle.pool, -2*time.Hour, StatusNotExpired, "")
		expired2 := insertPaste(ctx, t, bundle.pool, -time.Hour, StatusNotExpired, "")
		future := insertPaste(ctx, t, bundle.pool, time.Hour, StatusNotExpired, "")
		deleted := insertPaste(ctx, t, bundle.pool, -time.Hour, StatusDeleted, "")
		inProgress := insertPaste(ctx, t, bundle.pool, -time.Hour, StatusDeletionInProgress, "")
		before := getPaste(ctx, t, bundle.pool, inProgress)

		var (
			c   ClaimedBatch
			now time.Time
		)
		require.NoError(t, Timeouts{}.InTx(ctx, bundle.pool, func(tx Bounded) error {
			var err error
			if c, err = table.Claim(ctx, tx, 100, ClaimCursor{}); err != nil {
				return err
			}
			return tx.QueryRow(ctx, `SELECT now()`).Scan(&now)
		}))
		require.Equal(t, 2, c.Rows)
		require.True(t, c.At.Equal(now), "the claim's timestamp is its transaction's now(): %s, want %s", c.At, now)

		for _, id := range []int64{expired1, expired2} {
			p := getPaste(ctx, t, bundle.pool, id)
			require.Equal(t, StatusDeletionInProgress, p.Status)
			require.NotNil(t, p.InitiatedAt)
			require.True(t, p.InitiatedAt.Equal(c.At))
		}
		require.Equal(t, StatusNotExpired, getPaste(ctx, t, bundle.pool, future).Status)
		require.Equal(t, StatusDeleted, getPaste(ctx, t, bundle.pool, deleted).Status)
		require.Equal(t, before, getPaste(ctx, t, bundle.pool, inProgress), "a row claimed before is left alone")
	})

	t.Run("ClaimRespectsLimitInExpiryOrder", func(t *testing.T) {
		t.Parallel()
		table, bundle := setup(t)
		var ids []int64
		for i := 5; i >= 1; i-- {
			ids = append(ids, insertPaste(ctx, t, bundle.pool, -time.Duration(i)*time.Hour, StatusNotExpired, ""))
		}

		c := claim(ctx, t, bundle.pool, table, 2, ClaimCursor{})
		require.Equal(t, 2, c.Rows)
		for i, id := range ids {
			want := StatusNotExpired
			if i < 2 {
				want = StatusDeletionInProgress
			}
			require.Equal(t, want, getPaste(ctx, t, bundle.pool, id).Status, "paste %d (expired %dh ago)", i, 5-i)
		}

		empty := claim(ctx, t, bundle.pool, table, 0, ClaimCursor{})
		require.Zero(t, empty.Rows)
	})

	t.Run("ClaimCursorStartsWhereTheLastClaimStopped", func(t *testing.T) {
		t.Parallel()
		table, bundle := setup(t)
		oldest := insertPaste(ctx, t, bundle.pool, -3*time.Hour, StatusNotExpired, "")
		middle := insertPaste(ctx, t, bundle.pool, -2*time.Hour, StatusNotExpired, "")
		newest := insertPaste(ctx, t, bundle.pool, -time.Hour, StatusNotExpired, "")

		first := claim(ctx, t, bundle.pool, table, 2, ClaimCursor{})
		require.Equal(t, 2, first.Rows)
		// The oldest row is back in the backlog (as after a watchdog
		// reset): the run's next claim, from the cursor, passes it by.
		_, err := bundle.pool.Exec(ctx, `UPDATE pastes SET deletion_status = 'NOT_EXPIRED', deletion_initiated_at = NULL WHERE id = $1`, oldest)
		require.NoError(t, err)

		second := claim(ctx, t, bundle.pool, table, 10, first.Cursor)
		require.Equal(t, 1, second.Rows)
		require.Equal(t, StatusDeletionInProgress, getPaste(ctx, t, bundle.pool, newest).Status)
		require.Equal(t, StatusNotExpired, getPaste(ctx, t, bundle.pool, oldest).Status)
		require.Equal(t, StatusDeletionInProgress, getPaste(ctx, t, bundle.pool, middle).Status)

		// Past the last row the cursor claims nothing; the next run, from
		// the zero cursor, takes the row passed by.
		require.Zero(t, claim(ctx, t, bundle.pool, table, 10, second.Cursor).Rows)
		require.Equal(t, 1, claim(ctx, t, bundle.pool, table, 10, ClaimCursor{}).Rows)
		require.Equal(t, StatusDeletionInProgress, getPaste(ctx, t, bundle.pool, oldest).Status)
	})

	t.Run("ClaimSkipsRowsAnotherTransactionHolds", func(t *testing.T) {
		t.Parallel()
		table, bundle := setup(t)
		held := insertPaste(ctx, t, bundle.pool, -2*time.Hour, StatusNotExpired, "")
		free := insertPaste(ctx, t, bundle.pool, -time.Hour, StatusNotExpired, "")

		tx, err := bundle.pool.Begin(ctx)
		require.NoError(t, err)
		defer tx.Rollback(ctx) //nolint:errcheck
		_, err = tx.Exec(ctx, `SELECT 1 FROM pastes WHERE id = $1 FOR UPDATE`, held)
		require.NoError(t, err)

		require.Equal(t, 1, claim(ctx, t, bundle.pool, table, 10, ClaimCursor{}).Rows)
		require.Equal(t, StatusDeletionInProgress, getPaste(ctx, t, bundle.pool, free).Status)
		require.Equal(t, StatusNotExpired, getPaste(ctx, t, bundle.pool, held).Status)
	})

	t.Run("BlobKeysOfOneClaim", func(t *testing.T) {
		t.Parallel()
		table, bundle := setup(t)
		insertPaste(ctx, t, bundle.pool, -time.Hour, StatusNotExpired, "a/1")
		insertPaste(ctx, t, bundle.pool, -time.Hour, StatusNotExpired, "a/1")
		insertPaste(ctx, t, bundle.pool, -time.Hour, StatusNotExpired, "a/2")
		insertPaste(ctx, t, bundle.pool, -time.Hour, StatusNotExpired, "")
		emptyKey := insertPaste(ctx, t, bundle.pool, -time.Hour, StatusNotExpired, "")
		_, err := bundle.pool.Exec(ctx, `UPDATE pastes SET blob_key = '' WHERE id = $1`, emptyKey)
		require.NoError(t, err)
		first := claim(ctx, t, bundle.pool, table, 100, ClaimCursor{})
		require.Equal(t, 5, first.Rows)
		insertPaste(ctx, t, bundle.pool, -time.Hour, StatusNotExpired, "b/1")
		second := claim(ctx, t, bundle.pool, table, 100, ClaimCursor{})
		require.Equal(t, 1, second.Rows)

		keys, err := table.BlobKeys(ctx, Timeouts{}.Pool(bundle.pool), first.At)
		require.NoError(t, err)
		require.ElementsMatch(t, []string{"a/1", "a/2"}, keys)
		keys, err = table.BlobKeys(ctx, Timeouts{}.Pool(bundle.pool), second.At)
		require.NoError(t, err)
		require.Equal(t, []string{"b/1"}, keys)

		cols := pastesColumns
		cols.BlobKey = ""
		noBlobs, err := LookupExpireTable(ctx, bundle.pool, cols)
		require.NoError(t, err)
		keys, err = noBlobs.BlobKeys(ctx, Timeouts{}.Pool(bundle.pool), first.At)
		require.NoError(t, err)
		require.Empty(t, keys)
	})

	t.Run("FinishDeletesOnlyRowsHoldingTheClaim", func(t *testing.T) {
		t.Parallel()
		table, bundle := setup(t)
		a1 := insertPaste(ctx, t, bundle.pool, -2*time.Hour, StatusNotExpired, "")
		a2 := insertPaste(ctx, t, bundle.pool, -2*time.Hour, StatusNotExpired, "")
		first := claim(ctx, t, bundle.pool, table, 100, ClaimCursor{})
		b1 := insertPaste(ctx, t, bundle.pool, -time.Hour, StatusNotExpired, "")
		second := claim(ctx, t, bundle.pool, table, 100, ClaimCursor{})
		// Reset by the watchdog since its claim: not the batch's any more.
		_, err := bundle.pool.Exec(ctx, `UPDATE pastes SET deletion_status = 'NOT_EXPIRED', deletion_initiated_at = NULL WHERE id = $1`, a2)
		require.NoError(t, err)

		n, err := table.Finish(ctx, Timeouts{}.Pool(bundle.pool), first.At, false)
		require.NoError(t, err)
		require.Equal(t, int64(1), n)
		require.Nil(t, getPaste(ctx, t, bundle.pool, a1))
		require.Equal(t, StatusNotExpired, getPaste(ctx, t, bundle.pool, a2).Status)
		require.Equal(t, StatusDeletionInProgress, getPaste(ctx, t, bundle.pool, b1).Status)

		n, err = table.Finish(ctx, Timeouts{}.Pool(bundle.pool), first.At, false)
		require.NoError(t, err)
		require.Zero(t, n, "finishing a batch again changes nothing")

		n, err = table.Finish(ctx, Timeouts{}.Pool(bundle.pool), second.At, true)
		require.NoError(t, err)
		require.Equal(t, int64(1), n)
		require.Equal(t, StatusDeleted, getPaste(ctx, t, bundle.pool, b1).Status, "mark mode keeps the row, DELETED")
	})

	t.Run("StuckClaimsListsEachOldClaimOnceOldestFirst", func(t *testing.T) {
		t.Parallel()
		table, bundle := setup(t)
		// Claims made 3 h, 2 h (two rows) and 1 minute ago, and a set-aside row.
		ids := map[string][]int64{}
		for name, n := range map[string]int{"3h": 1, "2h": 2, "1m": 1, "aside": 1} {
			for range n {
				ids[name] = append(ids[name], insertPaste(ctx, t, bundle.pool, -4*time.Hour, StatusDeletionInProgress, ""))
			}
		}
		at := map[string]time.Time{}
		for name, ago := range map[string]string{"3h": "3 hours", "2h": "2 hours", "1m": "1 minute"} {
			var got time.Time
			require.NoError(t, bundle.pool.QueryRow(ctx, `
				UPDATE pastes SET deletion_initiated_at = date_trunc('second', now()) - $2::interval WHERE id = ANY($1)
				RETURNING deletion_initiated_at`, ids[name], ago).Scan(&got))
			at[name] = got
		}
		_, err := bundle.pool.Exec(ctx, `UPDATE pastes SET deletion_initiated_at = '-infinity' WHERE id = ANY($1)`, ids["aside"])
		require.NoError(t, err)

		_, err = table.StuckClaims(ctx, Timeouts{}.Pool(bundle.pool), 0, time.Time{}, 10)
		require.ErrorContains(t, err, "stuck_after must be positive")

		claims, err := table.StuckClaims(ctx, Timeouts{}.Pool(bundle.pool), time.Hour, time.Time{}, 10)
		require.NoError(t, err)
		require.Len(t, claims, 2, "two claims older than an hour; the set-aside row is none")
		require.True(t, claims[0].Equal(at["3h"]) && claims[1].Equal(at["2h"]), "oldest first: %v", claims)

		claims, err = table.StuckClaims(ctx, Timeouts{}.Pool(bundle.pool), time.Hour, time.Time{}, 1)
		require.NoError(t, err)
		require.Len(t, claims, 1, "limit respected")
		claims, err = table.StuckClaims(ctx, Timeouts{}.Pool(bundle.pool), time.Hour, claims[0], 10)
		require.NoError(t, err)
		require.Len(t, claims, 1, "from after the cursor")
		require.True(t, claims[0].Equal(at["2h"]))
	})

	t.Run("ResetClaimLeavesLockedAndAliveClaims", func(t *testing.T) {
		t.Parallel()
		table, bundle := setup(t)
		client, err := river.NewClient(riverpgxv5.New(bundle.pool), &river.Config{Schema: config.DefaultRiverSchema})
		require.NoError(t, err)
		batches := BatchJobs{Schema: config.DefaultRiverSchema, Kind: jobs.KindExpireBatch}

		// Three claims of two rows each: one whose job River holds alive
		// (named in another time zone than the database's), one whose
		// job was cancelled, one without a job.
		var claims []time.Time
		for range 3 {
			for range 2 {
				insertPaste(ctx, t, bundle.pool, -time.Hour, StatusNotExpired, "")
			}
			claims = append(claims, claim(ctx, t, bundle.pool, table, 2, ClaimCursor{}).At)
		}
		alive, cancelled, jobless := claims[0], claims[1], claims[2]
		later := &river.InsertOpts{ScheduledAt: time.Now().Add(time.Hour)}
		_, err = client.Insert(ctx, jobs.ExpireBatch{Policy: "pastes", ClaimedAt: alive.In(time.FixedZone("UTC+5", 5*3600)), Rows: 2}, later)
		require.NoError(t, err)
		res, err := client.Insert(ctx, jobs.ExpireBatch{Policy: "pastes", ClaimedAt: cancelled, Rows: 2}, later)
		require.NoError(t, err)
		_, err = client.JobCancel(ctx, res.Job.ID)
		require.NoError(t, err)
		_, err = client.Insert(ctx, jobs.ExpireBatch{Policy: "other", ClaimedAt: jobless, Rows: 2}, later)
		require.NoError(t, err, "another policy's job at the same timestamp does not count")

		set, err := table.AliveClaims(ctx, bundle.pool, batches)
		require.NoError(t, err)
		require.True(t, set.Has(alive))
		require.False(t, set.Has(cancelled) || set.Has(jobless))

		reset := func(at time.Time) ClaimReset {
			var r ClaimReset
			require.NoError(t, Timeouts{}.InTx(ctx, bundle.pool, func(tx Bounded) error {
				var err error
				r, err = table.ResetClaim(ctx, tx, at, batches)
				return err
			}))
			return r
		}
		require.Equal(t, ClaimReset{Alive: true}, reset(alive))

		// A batch holding the claim's lock on its own connection.
		conn, err := bundle.pool.Acquire(ctx)
		require.NoError(t, err)
		require.NoError(t, table.LockClaim(ctx, conn, cancelled))
		require.Equal(t, ClaimReset{Locked: true}, reset(cancelled))
		require.NoError(t, table.UnlockClaim(ctx, conn, cancelled))
		require.ErrorContains(t, table.UnlockClaim(ctx, conn, cancelled), "did not hold its lock")
		conn.Release()

		require.Equal(t, ClaimReset{Rows: 2}, reset(cancelled))
		require.Equal(t, ClaimReset{Rows: 2}, reset(jobless))
		var left int
		require.NoError(t, bundle.pool.QueryRow(ctx, `SELECT count(*) FROM pastes WHERE deletion_status = 'DELETION_IN_PROGRESS'`).Scan(&left))
		require.Equal(t, 2, left, "only the alive claim's rows stay claimed")
	})

	t.Run("ClaimWhoseBlobDeletesBeganIsFinishedNotReset", func(t *testing.T) {
		t.Parallel()
		table, bundle := setup(t)
		batches := BatchJobs{Schema: config.DefaultRiverSchema, Kind: jobs.KindExpireBatch}
		for range 3 {
			insertPaste(ctx, t, bundle.pool, -time.Hour, StatusNotExpired, "pastes/k")
		}
		at := claim(ctx, t, bundle.pool, table, 3, ClaimCursor{}).At
		inTx := func(fn func(tx pgx.Tx) error) { require.NoError(t, pgx.BeginFunc(ctx, bundle.pool, fn)) }
		settle := func(fn func(context.Context, Bounded, time.Time, BatchJobs) (ClaimReset, error)) ClaimReset {
			var r ClaimReset
			inTx(func(tx pgx.Tx) error {
				b, err := Timeouts{}.Tx(ctx, tx)
				if err != nil {
					return err
				}
				r, err = fn(ctx, b, at, batches)
				return err
			})
			return r
		}
		require.Equal(t, ClaimReset{}, settle(table.CheckBegunClaim), "nothing begun: the check never resets")

		inTx(func(tx pgx.Tx) error { return table.BeginBlobDeletes(ctx, tx, at, 41) })
		inTx(func(tx pgx.Tx) error { return table.BeginBlobDeletes(ctx, tx, at, 42) }) // a retry
		begun, err := table.BegunClaims(ctx, bundle.pool, 10)
		require.NoError(t, err)
		require.Len(t, begun, 1)
		require.True(t, begun[0].Equal(at))

		// Begun, the claim is never reset, whatever asks.
		require.Equal(t, ClaimReset{Begun: true, JobID: 42}, settle(table.ResetClaim))
		require.Equal(t, ClaimReset{Begun: true, JobID: 42}, settle(table.CheckBegunClaim))
		n, err := table.ClaimRows(ctx, Timeouts{}.Pool(bundle.pool), at)
		require.NoError(t, err)
		require.Equal(t, int64(3), n, "rows still claimed")

		// Each blob counts once over the attempts that know it gone.
		count := func(gone int64) int64 {
			var c int64
			inTx(func(tx pgx.Tx) error {
				var err error
				c, err = table.CountBlobsGone(ctx, tx, at, gone)
				return err
			})
			return c
		}
		require.Equal(t, int64(2), count(2))
		require.Equal(t, int64(0), count(1), "a lower bound below what was counted adds nothing")
		require.Equal(t, int64(1), count(3))
		require.Equal(t, int64(0), count(3))

		// Finish takes the record with the rows; then nothing is left to
		// reset.
		rows, err := table.Finish(ctx, Timeouts{}.Pool(bundle.pool), at, false)
		require.NoError(t, err)
		require.Equal(t, int64(3), rows)
		begun, err = table.BegunClaims(ctx, bundle.pool, 10)
		require.NoError(t, err)
		require.Empty(t, begun)
		require.Equal(t, ClaimReset{}, settle(table.ResetClaim))
		require.Equal(t, int64(0), count(3), "finished: nothing more to count")
	})

	t.Run("PartitionedTable", func(t *testing.T) {
		t.Parallel()
		_, bundle := setup(t)
		// The same statements on a table with partitions pair ctids with
		// their partition.
		_, err := bundle.pool.Exec(ctx, `
			CREATE TABLE parted_pastes (
				id bigint NOT NULL, expires_at timestamptz NOT NULL,
				deletion_status text NOT NULL DEFAULT 'NOT_EXPIRED', deletion_initiated_at timestamptz
			) PARTITION BY HASH (id);
			CREATE TABLE parted_pastes_0 PARTITION OF parted_pastes FOR VALUES WITH (MODULUS 2, REMAINDER 0);
			CREATE TABLE parted_pastes_1 PARTITION OF parted_pastes FOR VALUES WITH (MODULUS 2, REMAINDER 1);
			INSERT INTO parted_pastes (id, expires_at) SELECT i, now() - interval '1 hour' FROM generate_series(1, 10) i;
			INSERT INTO parted_pastes (id, expires_at) SELECT i, now() + interval '1 hour' FROM generate_series(11, 12) i`)
		require.NoError(t, err)
		cols := pastesColumns
		cols.Table, cols.BlobKey = "parted_pastes", ""
		table, err := LookupExpireTable(ctx, bundle.pool, cols)
		require.NoError(t, err)
		require.Len(t, table.Warnings, 2)

		c := claim(ctx, t, bundle.pool, table, 6, ClaimCursor{})
		require.Equal(t, 6, c.Rows)
		c2 := claim(ctx, t, bundle.pool, table, 6, c.Cursor)
		require.Equal(t, 4, c2.Rows)
		n, err := table.Finish(ctx, Timeouts{}.Pool(bundle.pool), c.At, false)
		require.NoError(t, err)
		require.Equal(t, int64(6), n)
		var left int
		require.NoError(t, bundle.pool.QueryRow(ctx, `SELECT count(*) FROM parted_pastes`).Scan(&left))
		require.Equal(t, 6, left)
	})

	t.Run("QuotesConfiguredNames", func(t *testing.T) {
		t.Parallel()
		_, bundle := setup(t)
		_, err := bundle.pool.Exec(ctx, `
			CREATE TABLE "odd ""table""" (
				"the key" bigint PRIMARY KEY, "Expires" timestamptz NOT NULL,
				"st;atus" text NOT NULL DEFAULT 'NOT_EXPIRED', "init" timestamptz
			);
			INSERT INTO "odd ""table""" VALUES (1, now() - interval '1 hour')`)
		require.NoError(t, err)
		table, err := LookupExpireTable(ctx, bundle.pool, ExpireColumns{
			Policy: "odd", Table: `odd "table"`, Key: "the key", ExpiresAt: "Expires", Status: "st;atus", InitiatedAt: "init",
		})
		require.NoError(t, err)
		c := claim(ctx, t, bundle.pool, table, 10, ClaimCursor{})
		require.Equal(t, 1, c.Rows)
		n, err := table.Finish(ctx, Timeouts{}.Pool(bundle.pool), c.At, false)
		require.NoError(t, err)
		require.Equal(t, int64(1), n)
		require.True(t, strings.Contains(table.Warnings[0], `"odd ""table"""`))
	})
}
