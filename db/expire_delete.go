package db

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
)

// buildDeleteDue writes the statements of a policy without a blob column:
// its batches lock and delete due rows in one transaction, with no claim.
func (t *ExpireTable) buildDeleteDue() {
	c := t.Columns
	r := newIdentTemplate(map[string]string{
		"table":      c.Table,
		"expires_at": c.ExpiresAt,
		"status":     c.Status,
		"hold":       c.Hold,
	})
	due := claimableSQL + notHeldSQL(c.Hold)
	// Batches of $3 rows, in expiry order, of the first $1 due rows after
	// skipping $2: where each starts and how many rows it has.
	t.planDueSQL = r.Fill(`
		SELECT min(e), count(*)
		FROM (SELECT {expires_at} AS e, row_number() OVER (ORDER BY {expires_at}) AS n
		      FROM {table} WHERE ` + due + `
		      ORDER BY {expires_at} LIMIT $1) due
		WHERE n > $2
		GROUP BY (n - $2 - 1) / $3
		ORDER BY 1`)
	from := due + ` AND {expires_at} >= $2`
	t.deleteDueSQL = r.Fill(t.lockThenWrite(from, `{expires_at}`, `DELETE FROM {table}`) + `
		SELECT count(*) FROM changed`)
	t.markDueSQL = r.Fill(t.lockThenWrite(from, `{expires_at}`, `UPDATE {table} SET {status} = 'DELETED'`) + `
		SELECT count(*) FROM changed`)
}

// DueBatch is a batch of due rows as the planner of a policy without a
// blob column plans it: the expiry of its first row and its size.
type DueBatch struct {
	From time.Time
	Rows int
}

// PlanDue splits the due rows (NOT_EXPIRED and expired), in expiry order,
// into batches of size rows, after skipping the first skip rows (those the
// queued batches already cover), up to batches batches.
func (t *ExpireTable) PlanDue(ctx context.Context, exec Bounded, skip, size, batches int) ([]DueBatch, error) {
	rows, err := exec.Query(ctx, t.planDueSQL, int64(skip)+int64(size)*int64(batches), skip, size)
	if err != nil {
		return nil, fmt.Errorf("plan batches of due rows of %s: %w", t.Columns.Table, err)
	}
	plan, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (DueBatch, error) {
		var b DueBatch
		err := row.Scan(&b.From, &b.Rows)
		return b, err
	})
	if err != nil {
		return nil, fmt.Errorf("plan batches of due rows of %s: %w", t.Columns.Table, err)
	}
	return plan, nil
}

// DeleteDue deletes up to limit due rows (NOT_EXPIRED and expired), in
// expiry order from the expiry from on (zero: from the oldest), skipping rows
// another transaction holds, or marks them DELETED when mark is set, and
// returns how many it changed.
//
// It is the whole batch of a policy without a blob column: the rows are
// locked and deleted by the same statement, so there is no step outside a
// transaction for a status claim to cover, and the rows are written once
// (the delete) instead of twice (the claim's update, then the delete). A
// crash before the commit leaves the rows as they were.
func (t *ExpireTable) DeleteDue(ctx context.Context, exec Bounded, limit int, from time.Time, mark bool) (int64, error) {
	sql := t.deleteDueSQL
	if mark {
		sql = t.markDueSQL
	}
	start := pgtype.Timestamptz{Time: from, Valid: true}
	if from.IsZero() {
		start.InfinityModifier = pgtype.NegativeInfinity
	}
	var n int64
	if err := exec.QueryRow(ctx, sql, limit32(limit), start).Scan(&n); err != nil {
		return 0, fmt.Errorf("delete due rows of %s: %w", t.Columns.Table, err)
	}
	return n, nil
}

// lockThenWrite writes the CTEs that lock up to $1 rows matching where, in
// order, skipping rows others hold, and then write them with head (a
// DELETE FROM or an UPDATE … SET): changed returns each written row's
// expiry column.
//
// The write finds the locked rows by ctid through an array (a TID scan: no
// index descent per row) rather than joining the locking query, which the
// planner likes to answer with a merge join over a whole index. A locked
// row keeps its ctid until this transaction changes it. A ctid names a row
// only within one heap: on a table with partitions or inheritance children
// the write also pairs each row's tableoid with the one locked, through a
// hash of the locked rows (a key need not be unique across partitions).
func (t *ExpireTable) lockThenWrite(where, order, head string) string {
	sameHeap := ""
	if !t.singleHeap {
		sameHeap = ` AND (tableoid, ctid) IN (SELECT rel, tid FROM locked)`
	}
	return `
		WITH locked AS MATERIALIZED (
			SELECT tableoid AS rel, ctid AS tid
			FROM {table}
			WHERE ` + where + `
			ORDER BY ` + order + `
			LIMIT $1
			FOR UPDATE SKIP LOCKED
		), changed AS (
			` + head + `
			WHERE ctid = ANY (ARRAY (SELECT tid FROM locked))` + sameHeap + `
			RETURNING {expires_at}
		)`
}

// QueuedExpireDeleteRows sums the rows of the lethe.expire_delete jobs of
// policy that are still to run, so a planner queues only what they do not
// already cover.
func QueuedExpireDeleteRows(ctx context.Context, exec Executor, riverSchema, policy string) (int64, error) {
	var n int64
	err := exec.QueryRow(ctx, `
		SELECT coalesce(sum((args->>'rows')::bigint), 0)
		FROM `+pgx.Identifier{riverSchema, "river_job"}.Sanitize()+`
		WHERE kind = 'lethe.expire_delete' AND args @> jsonb_build_object('policy', $1::text)
		  AND state IN ('available', 'pending', 'retryable', 'running', 'scheduled')`, policy).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("policy %s: count queued expire_delete jobs: %w", policy, err)
	}
	return n, nil
}
