package db

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/lethehq/lethe/db/internal/dbsqlc"
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
	// SetAside is in-progress rows set aside because their blob key was
	// refused: they wait for an operator (lethe release).
	SetAside int64 `json:"set_aside"`
	// OldestExpiredAt is the expiry of the oldest row in the backlog: how
	// late deletion runs.
	OldestExpiredAt *time.Time `json:"oldest_expired_at"`
	// Capped is set when a count reached the cap and is a lower bound.
	Capped bool `json:"capped,omitempty"`
}

// countStatusSQL counts an expire policy's rows by stage. Each subquery
// matches one of the partial indexes the claim and the watchdog use, so
// counting reads the same small index they do.
const countStatusSQL = `
	SELECT
		(SELECT count(*) FROM (SELECT 1 FROM {table} WHERE {status} = 'NOT_EXPIRED' AND {expires_at} < now() LIMIT $1) b),
		(SELECT count(*) FROM (SELECT 1 FROM {table} WHERE {status} = 'DELETION_IN_PROGRESS' LIMIT $1) p),
		(SELECT count(*) FROM (SELECT 1 FROM {table} WHERE {status} = 'DELETION_IN_PROGRESS'
			AND {initiated_at} < now() - make_interval(secs => $2) AND {initiated_at} > '-infinity' LIMIT $1) s),
		(SELECT count(*) FROM (SELECT 1 FROM {table} WHERE {status} = 'DELETION_IN_PROGRESS'
			AND {initiated_at} = '-infinity' LIMIT $1) a),
		(SELECT min({expires_at}) FROM {table} WHERE {status} = 'NOT_EXPIRED' AND {expires_at} < now())`

// CountStatus counts an expire policy's rows by stage, each count stopping
// at limit.
func CountStatus(ctx context.Context, exec Bounded, t StatusTable, limit int64) (StatusCounts, error) {
	var c StatusCounts
	sql := newIdentTemplate(map[string]string{
		"table":        t.Table,
		"expires_at":   t.ExpiresAtColumn,
		"status":       t.StatusColumn,
		"initiated_at": t.InitiatedAtColumn,
	}).Fill(countStatusSQL)
	err := exec.QueryRow(ctx, sql, limit, t.StuckAfter.Seconds()).Scan(&c.Backlog, &c.InProgress, &c.Stuck, &c.SetAside, &c.OldestExpiredAt)
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
func CountExpired(ctx context.Context, exec Bounded, table, expiresAt string, limit int64) (ExpiredCount, error) {
	var c ExpiredCount
	sql := newIdentTemplate(map[string]string{"table": table, "expires_at": expiresAt}).Fill(`
		SELECT (SELECT count(*) FROM (SELECT 1 FROM {table} WHERE {expires_at} < now() LIMIT $1) e),
		       (SELECT min({expires_at}) FROM {table} WHERE {expires_at} < now())`)
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
	// VerifyFailuresLastDay counts, among those errors, the checks after a
	// purge that found something of a deleted entity left (or could not
	// run): each needs an operator to look into it.
	VerifyFailuresLastDay int64 `json:"verify_failures_last_day"`
	// LastActivityAt is when the newest audit entry finished.
	LastActivityAt *time.Time `json:"last_activity_at"`
}

// AuditTotals sums the audit of every policy over the last hour and day.
func AuditTotals(ctx context.Context, exec Executor) (map[string]DeletedTotals, error) {
	rows, err := dbsqlc.New().AuditTotals(ctx, exec, string(ActionVerifyEntity))
	if err != nil {
		return nil, fmt.Errorf("sum deletion audit: %w", err)
	}
	out := make(map[string]DeletedTotals, len(rows))
	for _, r := range rows {
		out[r.Policy] = DeletedTotals{
			RowsLastHour:          r.RowsLastHour,
			BlobsLastHour:         r.BlobsLastHour,
			RowsLastDay:           r.RowsLastDay,
			BlobsLastDay:          r.BlobsLastDay,
			ErrorsLastDay:         r.ErrorsLastDay,
			VerifyFailuresLastDay: r.VerifyFailuresLastDay,
			LastActivityAt:        &r.LastActivityAt,
		}
	}
	return out, nil
}

// PolicyError is one failure a policy met: an audit entry with outcome
// error, or the last error of a periodic run.
type PolicyError struct {
	At     time.Time   `json:"at"`
	Action AuditAction `json:"action"`
	JobID  *int64      `json:"job_id,omitempty"`
	// JobState is the River job's state, or JobStateGone, when JobID is
	// set and the caller looked it up (RiverJobStates).
	JobState string `json:"job_state,omitempty"`
	Message  string `json:"message"`
}

// RecentErrors returns policy's newest failures from the audit (newest
// first) and its last run error, at most limit in all.
func RecentErrors(ctx context.Context, exec Executor, policy string, limit int) ([]PolicyError, error) {
	rows, err := dbsqlc.New().AuditRecentErrors(ctx, exec, &dbsqlc.AuditRecentErrorsParams{Policy: policy, Max: limit32(limit)})
	if err != nil {
		return nil, fmt.Errorf("list errors of policy %s: %w", policy, err)
	}
	out := make([]PolicyError, len(rows))
	for i, r := range rows {
		out[i] = PolicyError{At: r.At, Action: AuditAction(r.Action), JobID: r.JobID, Message: r.Message}
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
// ({"policy": "<name>"}), newest first, through River's job list.
func RecentJobs(ctx context.Context, client *river.Client[pgx.Tx], policy string, limit int) ([]JobSummary, error) {
	if limit <= 0 {
		return []JobSummary{}, nil
	}
	// @> uses River's GIN index on args; JobList takes at most 10,000.
	res, err := client.JobList(ctx, river.NewJobListParams().
		Where("args @> jsonb_build_object('policy', @policy::text)", river.NamedArgs{"policy": policy}).
		OrderBy(river.JobListOrderByID, river.SortOrderDesc).
		First(min(limit, 10_000)))
	if err != nil {
		return nil, fmt.Errorf("list jobs of policy %s: %w", policy, err)
	}
	out := make([]JobSummary, len(res.Jobs))
	for i, job := range res.Jobs {
		out[i] = JobSummary{
			ID: job.ID, Kind: job.Kind, State: string(job.State), Attempt: job.Attempt,
			CreatedAt: job.CreatedAt, FinalizedAt: job.FinalizedAt,
		}
	}
	return out, nil
}

// JobKinds returns the distinct kinds of River jobs whose args name policy,
// from River's tables in riverSchema (river.schema).
//
// River's API has no distinct list: JobList would page through every job
// of the policy (thousands of batches a day) to find a handful of kinds, so
// this reads river_job directly, one bounded query on the args index.
func JobKinds(ctx context.Context, exec Executor, riverSchema, policy string) ([]string, error) {
	rows, err := exec.Query(ctx, `
		SELECT DISTINCT kind FROM `+pgx.Identifier{riverSchema, "river_job"}.Sanitize()+`
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
	Unpurged int64 `json:"unpurged"`
	// Deleting is tombstones whose deletion began and has not finished:
	// its chunks run, or it failed part way and waits for a retry.
	Deleting int64      `json:"deleting"`
	OldestAt *time.Time `json:"oldest_at"`
	NewestAt *time.Time `json:"newest_at"`
}

// TombstoneSummary returns the tombstone stats of every entity that has
// tombstones.
func TombstoneSummary(ctx context.Context, exec Executor) ([]TombstoneStats, error) {
	rows, err := dbsqlc.New().TombstoneSummary(ctx, exec)
	if err != nil {
		return nil, fmt.Errorf("summarise tombstones: %w", err)
	}
	out := make([]TombstoneStats, len(rows))
	for i, r := range rows {
		out[i] = TombstoneStats{Entity: r.Entity, Count: r.Count, Unpurged: r.Unpurged, Deleting: r.Deleting, OldestAt: &r.OldestAt, NewestAt: &r.NewestAt}
	}
	return out, nil
}

// RecentTombstones returns the newest tombstones of every entity.
func RecentTombstones(ctx context.Context, exec Executor, limit int) ([]Tombstone, error) {
	rows, err := dbsqlc.New().TombstoneListRecent(ctx, exec, limit32(limit))
	if err != nil {
		return nil, fmt.Errorf("list tombstones: %w", err)
	}
	return tombstonesFromRows(rows), nil
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
	rows, err := dbsqlc.New().AuditThroughput(ctx, exec, &dbsqlc.AuditThroughputParams{
		WindowSeconds: window.Seconds(), BucketSeconds: bucket.Seconds(), Policy: policy,
	})
	if err != nil {
		return nil, fmt.Errorf("bucket deletion audit: %w", err)
	}
	out := make([]ThroughputPoint, len(rows))
	for i, r := range rows {
		out[i] = ThroughputPoint{At: r.At, Rows: r.Rows, Blobs: r.Blobs, Errors: r.Errors}
	}
	return out, nil
}
