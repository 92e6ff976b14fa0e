package db

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// The dashboard's and /metrics' reads. They only read, each with the
// caller's deadline; counts over policy tables stop at a cap so a huge
// backlog costs a bounded scan (the dashboard then shows "1,000,000+").

// StatusTable names an expire policy's table and the columns the dashboard
// counts by.
type StatusTable struct {
	Table             string
	ExpiresAtColumn   string
	StatusColumn      string
	InitiatedAtColumn string
	StuckAfter        time.Duration
}

// StatusCounts are the rows of an expire policy by lifecycle stage.
type StatusCounts struct {
	// Backlog is rows past their expiry not yet claimed (NOT_EXPIRED).
	Backlog int64 `json:"backlog"`
	// InProgress is rows claimed by a planner (DELETION_IN_PROGRESS).
	InProgress int64 `json:"in_progress"`
	// Stuck is in-progress rows claimed longer than stuck_after ago: the
	// watchdog will reset them.
	Stuck int64 `json:"stuck"`
	// OldestExpiredAt is the expiry of the oldest row in the backlog: how
	// late deletion runs.
	OldestExpiredAt *time.Time `json:"oldest_expired_at"`
	// Capped is set when a count reached the cap and is a lower bound.
	Capped bool `json:"capped,omitempty"`
}

// CountStatus counts an expire policy's rows by stage, each count stopping
// at limit.
func CountStatus(ctx context.Context, exec Executor, t StatusTable, limit int64) (StatusCounts, error) {
	var c StatusCounts
	table, expires, status, initiated := Ident(t.Table), Ident(t.ExpiresAtColumn), Ident(t.StatusColumn), Ident(t.InitiatedAtColumn)
	// Each subquery matches one of the partial indexes the claim and the
	// watchdog use, so counting reads the same small index they do.
	sql := fmt.Sprintf(`
		SELECT
			(SELECT count(*) FROM (SELECT 1 FROM %[1]s WHERE %[3]s = 'NOT_EXPIRED' AND %[2]s < now() LIMIT $1) b),
			(SELECT count(*) FROM (SELECT 1 FROM %[1]s WHERE %[3]s = 'DELETION_IN_PROGRESS' LIMIT $1) p),
			(SELECT count(*) FROM (SELECT 1 FROM %[1]s WHERE %[3]s = 'DELETION_IN_PROGRESS'
				AND %[4]s < now() - make_interval(secs => $2) LIMIT $1) s),
			(SELECT min(%[2]s) FROM %[1]s WHERE %[3]s = 'NOT_EXPIRED' AND %[2]s < now())`,
		table, expires, status, initiated)
	err := exec.QueryRow(ctx, sql, limit, t.StuckAfter.Seconds()).Scan(&c.Backlog, &c.InProgress, &c.Stuck, &c.OldestExpiredAt)
	if err != nil {
		return c, fmt.Errorf("count rows of %s by deletion status: %w", t.Table, err)
	}
	c.Capped = c.Backlog >= limit || c.InProgress >= limit || c.Stuck >= limit
	return c, nil
}

// ExpiredCount is the backlog of a sweep policy: keys past their expiry.
type ExpiredCount struct {
	Backlog         int64      `json:"backlog"`
	OldestExpiredAt *time.Time `json:"oldest_expired_at"`
	Capped          bool       `json:"capped,omitempty"`
}

// CountExpired counts rows of table whose expiresAt column is in the past,
// stopping at limit.
func CountExpired(ctx context.Context, exec Executor, table, expiresAt string, limit int64) (ExpiredCount, error) {
	var c ExpiredCount
	sql := fmt.Sprintf(`
		SELECT (SELECT count(*) FROM (SELECT 1 FROM %[1]s WHERE %[2]s < now() LIMIT $1) e),
		       (SELECT min(%[2]s) FROM %[1]s WHERE %[2]s < now())`, Ident(table), Ident(expiresAt))
	if err := exec.QueryRow(ctx, sql, limit).Scan(&c.Backlog, &c.OldestExpiredAt); err != nil {
		return c, fmt.Errorf("count expired rows of %s: %w", table, err)
	}
	c.Capped = c.Backlog >= limit
	return c, nil
}

// DeletedTotals are rows and blobs a policy deleted, from the audit.
type DeletedTotals struct {
	RowsLastHour  int64 `json:"rows_last_hour"`
	BlobsLastHour int64 `json:"blobs_last_hour"`
	RowsLastDay   int64 `json:"rows_last_day"`
	BlobsLastDay  int64 `json:"blobs_last_day"`
	ErrorsLastDay int64 `json:"errors_last_day"`
	// LastActivityAt is when the newest audit entry finished.
	LastActivityAt *time.Time `json:"last_activity_at"`
}

// AuditTotals sums the audit of every policy over the last hour and day.
func AuditTotals(ctx context.Context, exec Executor) (map[string]DeletedTotals, error) {
	rows, err := exec.Query(ctx, `
		SELECT policy,
		       coalesce(sum(rows_deleted) FILTER (WHERE finished_at > now() - interval '1 hour'), 0),
		       coalesce(sum(blobs_deleted) FILTER (WHERE finished_at > now() - interval '1 hour'), 0),
		       coalesce(sum(rows_deleted), 0),
		       coalesce(sum(blobs_deleted), 0),
		       count(*) FILTER (WHERE outcome = 'error'),
		       max(finished_at)
		FROM lethe_deletion_audit
		WHERE finished_at > now() - interval '1 day'
		GROUP BY policy`)
	if err != nil {
		return nil, fmt.Errorf("sum deletion audit: %w", err)
	}
	defer rows.Close()
	out := map[string]DeletedTotals{}
	for rows.Next() {
		var (
			policy string
			t      DeletedTotals
		)
		if err := rows.Scan(&policy, &t.RowsLastHour, &t.BlobsLastHour, &t.RowsLastDay, &t.BlobsLastDay, &t.ErrorsLastDay, &t.LastActivityAt); err != nil {
			return nil, fmt.Errorf("sum deletion audit: %w", err)
		}
		out[policy] = t
	}
	return out, rows.Err()
}

// PolicyError is one failure a policy met: an audit entry with outcome
// error, or the last error of a periodic run.
type PolicyError struct {
	At      time.Time `json:"at"`
	Action  string    `json:"action"`
	JobID   *int64    `json:"job_id,omitempty"`
	Message string    `json:"message"`
}

// RecentErrors returns policy's newest failures from the audit (newest
// first) and its last run error, at most limit in all.
func RecentErrors(ctx context.Context, exec Executor, policy string, limit int) ([]PolicyError, error) {
	rows, err := exec.Query(ctx, `
		(SELECT finished_at, action, job_id, coalesce(error, 'failed')
		 FROM lethe_deletion_audit
		 WHERE policy = $1 AND outcome = 'error'
		 ORDER BY finished_at DESC LIMIT $2)
		UNION ALL
		(SELECT last_error_at, 'run', NULL, last_error
		 FROM lethe_policy_state
		 WHERE policy = $1 AND last_error IS NOT NULL AND last_error_at IS NOT NULL)
		ORDER BY 1 DESC LIMIT $2`, policy, limit)
	if err != nil {
		return nil, fmt.Errorf("list errors of policy %s: %w", policy, err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowToStructByPos[PolicyError])
	if err != nil {
		return nil, fmt.Errorf("list errors of policy %s: %w", policy, err)
	}
	return out, nil
}

// JobSummary is a River job of a policy, for links into River UI.
type JobSummary struct {
	ID          int64      `json:"id"`
	Kind        string     `json:"kind"`
	State       string     `json:"state"`
	Attempt     int        `json:"attempt"`
	CreatedAt   time.Time  `json:"created_at"`
	FinalizedAt *time.Time `json:"finalized_at"`
}

// RecentJobs returns the newest River jobs whose args name policy
// ({"policy": "<name>"}), newest first.
func RecentJobs(ctx context.Context, exec Executor, policy string, limit int) ([]JobSummary, error) {
	// @> uses River's GIN index on args.
	rows, err := exec.Query(ctx, `
		SELECT id, kind, state::text, attempt, created_at, finalized_at
		FROM river_job
		WHERE args @> jsonb_build_object('policy', $1::text)
		ORDER BY id DESC LIMIT $2`, policy, limit)
	if err != nil {
		return nil, fmt.Errorf("list jobs of policy %s: %w", policy, err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowToStructByPos[JobSummary])
	if err != nil {
		return nil, fmt.Errorf("list jobs of policy %s: %w", policy, err)
	}
	return out, nil
}

// JobKinds returns the distinct kinds of River jobs whose args name policy.
func JobKinds(ctx context.Context, exec Executor, policy string) ([]string, error) {
	rows, err := exec.Query(ctx, `
		SELECT DISTINCT kind FROM river_job
		WHERE args @> jsonb_build_object('policy', $1::text)
		ORDER BY kind LIMIT 20`, policy)
	if err != nil {
		return nil, fmt.Errorf("list job kinds of policy %s: %w", policy, err)
	}
	kinds, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("list job kinds of policy %s: %w", policy, err)
	}
	return kinds, nil
}

// TombstoneStats summarises the tombstones of one entity.
type TombstoneStats struct {
	Entity string `json:"entity"`
	Count  int64  `json:"count"`
	// Unpurged is tombstones with no blob purge completed since deletion.
	Unpurged int64      `json:"unpurged"`
	OldestAt *time.Time `json:"oldest_at"`
	NewestAt *time.Time `json:"newest_at"`
}

// TombstoneSummary returns the tombstone stats of every entity that has
// tombstones.
func TombstoneSummary(ctx context.Context, exec Executor) ([]TombstoneStats, error) {
	rows, err := exec.Query(ctx, `
		SELECT entity, count(*), count(*) FILTER (WHERE purged_at IS NULL OR purged_at < deleted_at), min(deleted_at), max(deleted_at)
		FROM lethe_tombstones GROUP BY entity ORDER BY entity`)
	if err != nil {
		return nil, fmt.Errorf("summarise tombstones: %w", err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowToStructByPos[TombstoneStats])
	if err != nil {
		return nil, fmt.Errorf("summarise tombstones: %w", err)
	}
	return out, nil
}

// RecentTombstones returns the newest tombstones of every entity.
func RecentTombstones(ctx context.Context, exec Executor, limit int) ([]Tombstone, error) {
	rows, err := exec.Query(ctx, `
		SELECT entity, key, deleted_at, purged_at FROM lethe_tombstones
		ORDER BY deleted_at DESC, key LIMIT $1`, limit)
	if err != nil {
		return nil, fmt.Errorf("list tombstones: %w", err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowToStructByPos[Tombstone])
	if err != nil {
		return nil, fmt.Errorf("list tombstones: %w", err)
	}
	return out, nil
}

// ThroughputPoint is what was deleted in one time bucket.
type ThroughputPoint struct {
	At     time.Time `json:"at"`
	Rows   int64     `json:"rows"`
	Blobs  int64     `json:"blobs"`
	Errors int64     `json:"errors"`
}

// Throughput buckets the audit of the last window into buckets of width
// bucket (every bucket present, zeros included), of one policy when policy
// is set. Buckets are aligned to the Unix epoch, oldest first.
func Throughput(ctx context.Context, exec Executor, policy string, window, bucket time.Duration) ([]ThroughputPoint, error) {
	if bucket <= 0 || window < bucket {
		return nil, errors.New("throughput: bucket must be positive and at most the window")
	}
	rows, err := exec.Query(ctx, `
		WITH bounds AS (
			SELECT date_bin(make_interval(secs => $2), now() - make_interval(secs => $1), 'epoch') AS start,
			       make_interval(secs => $2) AS width
		),
		buckets AS (
			SELECT generate_series(start, now(), width) AS at FROM bounds
		),
		sums AS (
			SELECT date_bin(width, finished_at, 'epoch') AS at,
			       sum(rows_deleted) AS rows, sum(blobs_deleted) AS blobs,
			       count(*) FILTER (WHERE outcome = 'error') AS errors
			FROM lethe_deletion_audit, bounds
			WHERE finished_at >= start AND ($3 = '' OR policy = $3)
			GROUP BY 1
		)
		SELECT b.at, coalesce(s.rows, 0)::bigint, coalesce(s.blobs, 0)::bigint, coalesce(s.errors, 0)
		FROM buckets b LEFT JOIN sums s USING (at)
		ORDER BY b.at`, window.Seconds(), bucket.Seconds(), policy)
	if err != nil {
		return nil, fmt.Errorf("bucket deletion audit: %w", err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowToStructByPos[ThroughputPoint])
	if err != nil {
		return nil, fmt.Errorf("bucket deletion audit: %w", err)
	}
	return out, nil
}
