package db

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// ChartMinute is one minute of the dashboard's charts.
type ChartMinute struct {
	// At is the start of the minute.
	At time.Time `json:"at"`
	// DeletedRows is what the audit recorded deleted in the minute, by
	// every policy; AuditErrors the audit entries that failed.
	DeletedRows int64 `json:"deleted_rows"`
	AuditErrors int64 `json:"audit_errors"`
	// FailedJobs is how many attempts of River jobs failed in the minute.
	FailedJobs int64 `json:"failed_jobs"`
	// QueueWaitP50 and QueueWaitP95 are percentiles, in seconds, of how
	// long the jobs started in the minute waited after they were due
	// (attempted_at − scheduled_at); nil when none started.
	QueueWaitP50 *float64 `json:"queue_wait_p50_seconds"`
	QueueWaitP95 *float64 `json:"queue_wait_p95_seconds"`
	JobsStarted  int64    `json:"jobs_started"`
	// ThrottledSeconds is the time deletions were held back in the minute,
	// summed over processes (several policies held back at once count
	// each); nil when no process recorded the minute.
	ThrottledSeconds *float64 `json:"throttled_seconds"`
	// ReplicaLag is the largest replay lag of a standby any process
	// measured in the minute; nil without a measure.
	ReplicaLag *float64 `json:"replica_lag_seconds"`
}

// chartsSQL buckets the last $1 minutes (the current one included) of the
// audit, River's jobs in the River schema and the minute samples. River's
// jobs are read through attempted_at and their errors; River's job cleaner
// keeps that table to a day or so of finished jobs.
const chartsSQL = `
	WITH bounds AS (
		SELECT date_bin('1 minute', now(), 'epoch') - make_interval(mins => $1 - 1) AS start
	),
	minutes AS (
		SELECT generate_series(start, start + make_interval(mins => $1 - 1), '1 minute') AS at FROM bounds
	),
	audit AS (
		SELECT date_bin('1 minute', finished_at, 'epoch') AS at, sum(rows_deleted) AS rows,
		       count(*) FILTER (WHERE outcome = 'error') AS errors
		FROM lethe_deletion_audit, bounds WHERE finished_at >= start GROUP BY 1
	),
	failed AS (
		SELECT date_bin('1 minute', (e->>'at')::timestamptz, 'epoch') AS at, count(*) AS n
		FROM {river_job} j, bounds, unnest(j.errors) AS e
		WHERE j.errors IS NOT NULL AND (e->>'at')::timestamptz >= start
		GROUP BY 1
	),
	waits AS (
		SELECT date_bin('1 minute', attempted_at, 'epoch') AS at, count(*) AS n,
		       percentile_cont(0.5) WITHIN GROUP (ORDER BY greatest(extract(epoch FROM attempted_at - scheduled_at), 0)) AS p50,
		       percentile_cont(0.95) WITHIN GROUP (ORDER BY greatest(extract(epoch FROM attempted_at - scheduled_at), 0)) AS p95
		FROM {river_job}, bounds WHERE attempted_at >= start
		GROUP BY 1
	),
	samples AS (
		SELECT minute AS at, sum(throttled_seconds) AS throttled, max(replica_lag_seconds) AS lag
		FROM lethe_minute_samples, bounds WHERE minute >= start GROUP BY 1
	)
	SELECT m.at, coalesce(a.rows, 0)::bigint, coalesce(a.errors, 0)::bigint, coalesce(f.n, 0)::bigint,
	       w.p50::float8, w.p95::float8, coalesce(w.n, 0)::bigint, s.throttled, s.lag
	FROM minutes m
	LEFT JOIN audit a USING (at) LEFT JOIN failed f USING (at) LEFT JOIN waits w USING (at) LEFT JOIN samples s USING (at)
	ORDER BY m.at`

// Charts returns the last minutes minutes (the current one last), every
// minute present, from the audit, River's jobs in riverSchema and the
// minute samples.
func Charts(ctx context.Context, exec Executor, riverSchema string, minutes int) ([]ChartMinute, error) {
	if minutes < 1 {
		return nil, fmt.Errorf("charts: want at least one minute, got %d", minutes)
	}
	sql := strings.ReplaceAll(chartsSQL, "{river_job}", pgx.Identifier{riverSchema, "river_job"}.Sanitize())
	rows, err := exec.Query(ctx, sql, minutes)
	if err != nil {
		return nil, fmt.Errorf("read the charts of the last %d minutes: %w", minutes, err)
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (ChartMinute, error) {
		var m ChartMinute
		err := row.Scan(&m.At, &m.DeletedRows, &m.AuditErrors, &m.FailedJobs, &m.QueueWaitP50, &m.QueueWaitP95,
			&m.JobsStarted, &m.ThrottledSeconds, &m.ReplicaLag)
		return m, err
	})
	if err != nil {
		return nil, fmt.Errorf("read the charts of the last %d minutes: %w", minutes, err)
	}
	return out, nil
}
