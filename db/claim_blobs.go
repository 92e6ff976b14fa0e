package db

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// A claim whose blobs may be gone.
//
// A batch deletes its blobs outside any transaction, then its rows. Should
// it stop in between — its attempt fails, an operator cancels its job, River
// discards it, its process freezes past its timeout — its rows hold the
// claim while some or all of their blobs are gone. Such rows must never go
// back to NOT_EXPIRED: the planner would leave them in place until it
// claimed them again, rows without blobs for the application to read.
//
// So before its first call to the blob store a batch commits a row of
// lethe_expire_blob_deletes naming its claim (BeginBlobDeletes), and removes
// it in the statement that deletes the claim's rows (Finish). A claim listed
// there is finished, never reset: ResetClaim reports it as Begun instead of
// resetting it, and the watchdog runs its batch job again. Deleting its blobs
// again is safe (a missing key counts as deleted), and the rows go after.
// The table is Lethe's own, so the application's status column keeps the
// three states its CHECK constraint allows.

// BeginBlobDeletes records, durably, that the batch job jobID of the claim
// made at claimedAt is about to delete blobs. Run it in a transaction of its
// own that commits before the first blob store call, on the connection that
// holds the claim's lock.
func (t *ExpireTable) BeginBlobDeletes(ctx context.Context, tx pgx.Tx, claimedAt time.Time, jobID int64) error {
	// The record is what keeps the watchdog from giving back rows whose
	// blobs are gone: it must survive a crash of the server, whatever the
	// session's synchronous_commit.
	if _, err := tx.Exec(ctx, `SET LOCAL synchronous_commit = on`); err != nil {
		return fmt.Errorf("begin blob deletes of claim %s of %s: %w", claimedAt.Format(time.RFC3339Nano), t.Columns.Table, err)
	}
	if _, err := tx.Exec(ctx, `
		INSERT INTO lethe_expire_blob_deletes (policy, claimed_at, job_id) VALUES ($1, $2, $3)
		ON CONFLICT (policy, claimed_at) DO UPDATE SET job_id = excluded.job_id`,
		t.Columns.Policy, claimedAt, jobID); err != nil {
		return fmt.Errorf("begin blob deletes of claim %s of %s: %w", claimedAt.Format(time.RFC3339Nano), t.Columns.Table, err)
	}
	return nil
}

// CountBlobsGone takes gone, how many of the claim's blobs an attempt of its
// batch knows gone, and returns how many of them no audit entry counted
// yet, counting them now: run it in the transaction that writes the audit
// entry with that number. The store counts a missing key as deleted, so a
// retry knows gone the keys an earlier attempt deleted too; each key is
// counted once as long as every attempt's gone is a lower bound of the
// claim's keys gone (the claim's keys only ever leave it). The record's row
// lock makes two attempts' counts add up even when they overlap (a
// connection lost mid-audit releases the claim's lock).
func (t *ExpireTable) CountBlobsGone(ctx context.Context, tx pgx.Tx, claimedAt time.Time, gone int64) (int64, error) {
	if gone <= 0 {
		return 0, nil
	}
	var audited int64
	err := tx.QueryRow(ctx, `
		SELECT blobs_audited FROM lethe_expire_blob_deletes
		WHERE policy = $1 AND claimed_at = $2 FOR UPDATE`, t.Columns.Policy, claimedAt).Scan(&audited)
	if err == pgx.ErrNoRows {
		return 0, nil // finished meanwhile: its audit counted them
	}
	if err != nil {
		return 0, fmt.Errorf("count deleted blobs of claim %s of %s: %w", claimedAt.Format(time.RFC3339Nano), t.Columns.Table, err)
	}
	if gone <= audited {
		return 0, nil
	}
	if _, err := tx.Exec(ctx, `
		UPDATE lethe_expire_blob_deletes SET blobs_audited = $3
		WHERE policy = $1 AND claimed_at = $2`, t.Columns.Policy, claimedAt, gone); err != nil {
		return 0, fmt.Errorf("count deleted blobs of claim %s of %s: %w", claimedAt.Format(time.RFC3339Nano), t.Columns.Table, err)
	}
	return gone - audited, nil
}

// BegunClaims returns up to limit claims of the policy whose batch began
// deleting blobs and has not deleted its rows, oldest first, whatever their
// age.
func (t *ExpireTable) BegunClaims(ctx context.Context, exec Executor, limit int) ([]time.Time, error) {
	rows, err := exec.Query(ctx, `
		SELECT claimed_at FROM lethe_expire_blob_deletes
		WHERE policy = $1 ORDER BY claimed_at LIMIT $2`, t.Columns.Policy, limit)
	if err != nil {
		return nil, fmt.Errorf("list claims of %s whose blob deletes began: %w", t.Columns.Table, err)
	}
	claims, err := pgx.CollectRows(rows, pgx.RowTo[time.Time])
	if err != nil {
		return nil, fmt.Errorf("list claims of %s whose blob deletes began: %w", t.Columns.Table, err)
	}
	return claims, nil
}

// blobDeletesBegun returns the batch job recorded by BeginBlobDeletes for
// the claim made at claimedAt (0 when none is recorded), and whether the
// claim's blob deletes began at all.
func (t *ExpireTable) blobDeletesBegun(ctx context.Context, exec Executor, claimedAt time.Time) (jobID int64, begun bool, err error) {
	var id *int64
	err = exec.QueryRow(ctx, `
		SELECT job_id FROM lethe_expire_blob_deletes WHERE policy = $1 AND claimed_at = $2`,
		t.Columns.Policy, claimedAt).Scan(&id)
	if err == pgx.ErrNoRows {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, fmt.Errorf("look up blob deletes of claim %s of %s: %w", claimedAt.Format(time.RFC3339Nano), t.Columns.Table, err)
	}
	if id != nil {
		jobID = *id
	}
	return jobID, true, nil
}

// ClaimRows counts the rows that hold the claim made at claimedAt.
func (t *ExpireTable) ClaimRows(ctx context.Context, exec Bounded, claimedAt time.Time) (int64, error) {
	var n int64
	if err := exec.QueryRow(ctx, t.claimRowsSQL, claimedAt).Scan(&n); err != nil {
		return 0, fmt.Errorf("count rows of claim %s of %s: %w", claimedAt.Format(time.RFC3339Nano), t.Columns.Table, err)
	}
	return n, nil
}
