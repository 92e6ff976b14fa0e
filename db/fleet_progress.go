package db

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// PolicyRate is what a policy deleted over a recent window, from the audit.
type PolicyRate struct {
	Rows int64
	// First is when the oldest audit entry of the window started.
	First time.Time
}

// PolicyRates sums the rows each policy deleted in the audit entries that
// finished in the last window.
func PolicyRates(ctx context.Context, exec Executor, window time.Duration) (map[string]PolicyRate, error) {
	rows, err := exec.Query(ctx, `
		SELECT policy, coalesce(sum(rows_deleted), 0)::bigint, min(started_at)
		FROM lethe_deletion_audit
		WHERE finished_at > now() - make_interval(secs => $1)
		GROUP BY policy`, window.Seconds())
	if err != nil {
		return nil, fmt.Errorf("sum deletions of the last %s: %w", window, err)
	}
	out := map[string]PolicyRate{}
	for rows.Next() {
		var (
			policy string
			r      PolicyRate
		)
		if err := rows.Scan(&policy, &r.Rows, &r.First); err != nil {
			return nil, fmt.Errorf("sum deletions of the last %s: %w", window, err)
		}
		out[policy] = r
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sum deletions of the last %s: %w", window, err)
	}
	return out, nil
}

// DeletionInFlight is a large entity deletion whose chunks have begun and
// whose final transaction has not committed (its tombstone is deleting).
type DeletionInFlight struct {
	Entity string
	Key    string
	// Since is when its tombstone was written, before the first chunk.
	Since time.Time
	// FailedRows is what the chunks of its failed attempts deleted, and
	// FailedAttempts how many failed; LastFailedAt when the newest did.
	FailedRows     int64
	FailedAttempts int64
	LastFailedAt   *time.Time
}

// DeletionsInFlight returns the oldest limit deletions in flight, oldest
// first, with what the audit recorded of their failed attempts.
func DeletionsInFlight(ctx context.Context, exec Executor, limit int) ([]DeletionInFlight, error) {
	rows, err := exec.Query(ctx, `
		SELECT t.entity, t.key, t.deleted_at, coalesce(f.rows, 0)::bigint, coalesce(f.n, 0)::bigint, f.last
		FROM (SELECT entity, key, deleted_at FROM lethe_tombstones WHERE state = 'deleting'
		      ORDER BY deleted_at LIMIT $1) t
		LEFT JOIN LATERAL (
			SELECT sum(a.rows_deleted) AS rows, count(*) AS n, max(a.finished_at) AS last
			FROM lethe_deletion_audit a
			WHERE a.detail->>'entity' = t.entity AND a.detail->>'key' = t.key
			  AND a.action = $2 AND a.outcome <> $3 AND a.finished_at >= t.deleted_at
		) f ON true
		ORDER BY t.deleted_at`, limit32(limit), string(ActionDeleteEntity), OutcomeOK)
	if err != nil {
		return nil, fmt.Errorf("list deletions in flight: %w", err)
	}
	list, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (DeletionInFlight, error) {
		var d DeletionInFlight
		err := row.Scan(&d.Entity, &d.Key, &d.Since, &d.FailedRows, &d.FailedAttempts, &d.LastFailedAt)
		return d, err
	})
	if err != nil {
		return nil, fmt.Errorf("list deletions in flight: %w", err)
	}
	return list, nil
}
