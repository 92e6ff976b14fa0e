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

// chartsSQL sums, by minute from $1, the audit, River's jobs in the River
// schema and the minute samples, one row per series and minute that has
// something. River's jobs are read through attempted_at and their errors;
// River's job cleaner keeps that table to a day or so of finished jobs.
// Each part is a small aggregate the planner estimates well: joined to a
// series of every minute, its estimates multiplied into JIT compiling that
// cost more than the query.
const chartsSQL = `
	SELECT 'audit', date_bin('1 minute', finished_at, 'epoch'), sum(rows_deleted)::float8,
	       (count(*) FILTER (WHERE outcome = 'error'))::float8, NULL::float8
	FROM lethe_deletion_audit WHERE finished_at >= $1 GROUP BY 2
	UNION ALL
	SELECT 'failed', date_bin('1 minute', (e->>'at')::timestamptz, 'epoch'), count(*)::float8, NULL, NULL
	FROM {river_job} j, unnest(j.errors) AS e
	WHERE j.errors IS NOT NULL AND (e->>'at')::timestamptz >= $1 GROUP BY 2
	UNION ALL
	SELECT 'waits', date_bin('1 minute', attempted_at, 'epoch'), count(*)::float8,
	       percentile_cont(0.5) WITHIN GROUP (ORDER BY greatest(extract(epoch FROM attempted_at - scheduled_at), 0)),
	       percentile_cont(0.95) WITHIN GROUP (ORDER BY greatest(extract(epoch FROM attempted_at - scheduled_at), 0))
	FROM {river_job} WHERE attempted_at >= $1 GROUP BY 2
	UNION ALL
	SELECT 'samples', minute, sum(throttled_seconds), max(replica_lag_seconds), NULL
	FROM lethe_minute_samples WHERE minute >= $1 GROUP BY 2`

// Charts returns the last minutes minutes (the current one last), every
// minute present, from the audit, River's jobs in riverSchema and the
// minute samples.
func Charts(ctx context.Context, exec Executor, riverSchema string, minutes int) ([]ChartMinute, error) {
	if minutes < 1 {
		return nil, fmt.Errorf("charts: want at least one minute, got %d", minutes)
	}
	var start time.Time
	if err := exec.QueryRow(ctx, `SELECT date_bin('1 minute', now(), 'epoch') - make_interval(mins => $1 - 1)`, minutes).Scan(&start); err != nil {
		return nil, fmt.Errorf("read the charts of the last %d minutes: %w", minutes, err)
	}
	out := make([]ChartMinute, minutes)
	for i := range out {
		out[i].At = start.Add(time.Duration(i) * time.Minute).UTC()
	}
	sql := strings.ReplaceAll(chartsSQL, "{river_job}", pgx.Identifier{riverSchema, "river_job"}.Sanitize())
	rows, err := exec.Query(ctx, sql, start)
	if err != nil {
		return nil, fmt.Errorf("read the charts of the last %d minutes: %w", minutes, err)
	}
	defer rows.Close()
	for rows.Next() {
		var (
			series  string
			at      time.Time
			a, b, c *float64
		)
		if err := rows.Scan(&series, &at, &a, &b, &c); err != nil {
			return nil, fmt.Errorf("read the charts of the last %d minutes: %w", minutes, err)
		}
		i := int(at.Sub(start) / time.Minute)
		if i < 0 || i >= minutes { // a row of a minute begun since start was read
			continue
		}
		m := &out[i]
		switch series {
		case "audit":
			m.DeletedRows, m.AuditErrors = int64(deref(a)), int64(deref(b))
		case "failed":
			m.FailedJobs = int64(deref(a))
		case "waits":
			m.JobsStarted, m.QueueWaitP50, m.QueueWaitP95 = int64(deref(a)), b, c
		case "samples":
			m.ThrottledSeconds, m.ReplicaLag = a, b
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read the charts of the last %d minutes: %w", minutes, err)
	}
	return out, nil
}

func deref(v *float64) float64 {
	if v == nil {
		return 0
	}
	return *v
}
