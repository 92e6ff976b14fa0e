package db

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// The fleet: every `lethe serve` process registers itself in
// lethe_processes, moves its heartbeat every few seconds and deletes its row
// when it stops cleanly. Whether a process leads and how many jobs it runs
// are read live from River's tables, by the process's River client ID.

// How often a process moves its heartbeat, after how long without one it
// reads as gone, and after how long its row is deleted.
const (
	HeartbeatInterval = 5 * time.Second
	ProcessGoneAfter  = 4 * HeartbeatInterval
	ProcessPruneAfter = 15 * time.Minute
)

// MinuteSamplesKept is how long minute samples are kept.
const MinuteSamplesKept = 24 * time.Hour

// Process is one `lethe serve` process as it registers itself.
type Process struct {
	// ClientID is the process's River client ID.
	ClientID   string `json:"client_id"`
	Host       string `json:"host"`
	PID        int    `json:"pid"`
	Version    string `json:"version"`
	MaxWorkers int    `json:"max_workers"`
}

// ProcessStatus is a registered process with what River knows of it.
type ProcessStatus struct {
	Process
	StartedAt   time.Time `json:"started_at"`
	HeartbeatAt time.Time `json:"heartbeat_at"`
	// Leader is set when River's leader is this process's client and its
	// leadership has not expired.
	Leader bool `json:"leader"`
	// BusyWorkers is how many River jobs run in this process now.
	BusyWorkers int64 `json:"busy_workers"`
	// SecondsSinceHeartbeat is the database's now less HeartbeatAt.
	SecondsSinceHeartbeat float64 `json:"seconds_since_heartbeat"`
}

// RegisterProcess inserts p's row, or refreshes it when one with its client
// ID is left from an earlier start (started_at then moves too).
func RegisterProcess(ctx context.Context, exec Executor, p Process) error {
	_, err := exec.Exec(ctx, `
		INSERT INTO lethe_processes (client_id, host, pid, version, max_workers)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (client_id) DO UPDATE SET host = excluded.host, pid = excluded.pid, version = excluded.version,
			max_workers = excluded.max_workers, started_at = now(), heartbeat_at = now()`,
		p.ClientID, p.Host, p.PID, p.Version, p.MaxWorkers)
	if err != nil {
		return fmt.Errorf("register process %s: %w", p.ClientID, err)
	}
	return nil
}

// Heartbeat moves the heartbeat of process clientID to now. It reports
// false when the row is gone (pruned while the process could not reach the
// database): the caller registers again.
func Heartbeat(ctx context.Context, exec Executor, clientID string) (bool, error) {
	tag, err := exec.Exec(ctx, `UPDATE lethe_processes SET heartbeat_at = now() WHERE client_id = $1`, clientID)
	if err != nil {
		return false, fmt.Errorf("heartbeat of process %s: %w", clientID, err)
	}
	return tag.RowsAffected() == 1, nil
}

// DeregisterProcess deletes the row of process clientID: it stopped.
func DeregisterProcess(ctx context.Context, exec Executor, clientID string) error {
	if _, err := exec.Exec(ctx, `DELETE FROM lethe_processes WHERE client_id = $1`, clientID); err != nil {
		return fmt.Errorf("deregister process %s: %w", clientID, err)
	}
	return nil
}

// PruneProcesses deletes the rows of processes whose last heartbeat is
// older than after (at most 100 a call) and returns how many it deleted.
func PruneProcesses(ctx context.Context, exec Executor, after time.Duration) (int64, error) {
	tag, err := exec.Exec(ctx, `
		DELETE FROM lethe_processes WHERE client_id IN (
			SELECT client_id FROM lethe_processes WHERE heartbeat_at < now() - make_interval(secs => $1) LIMIT 100)`,
		after.Seconds())
	if err != nil {
		return 0, fmt.Errorf("prune gone processes: %w", err)
	}
	return tag.RowsAffected(), nil
}

// ListProcesses returns every registered process, oldest start first, with
// its leadership from riverSchema's river_leader and its running jobs from
// river_job (the last client in a running job's attempted_by runs it). At
// most 1,000 processes are listed.
func ListProcesses(ctx context.Context, exec Executor, riverSchema string) ([]ProcessStatus, error) {
	rows, err := exec.Query(ctx, `
		WITH busy AS (
			SELECT attempted_by[cardinality(attempted_by)] AS client_id, count(*) AS n
			FROM `+pgx.Identifier{riverSchema, "river_job"}.Sanitize()+`
			WHERE state = 'running' AND cardinality(attempted_by) > 0
			GROUP BY 1
		)
		SELECT p.client_id, p.host, p.pid, p.version, p.max_workers, p.started_at, p.heartbeat_at,
		       EXISTS (SELECT 1 FROM `+pgx.Identifier{riverSchema, "river_leader"}.Sanitize()+` l
		               WHERE l.leader_id = p.client_id AND l.expires_at > now()),
		       coalesce(b.n, 0),
		       extract(epoch FROM now() - p.heartbeat_at)::float8
		FROM lethe_processes p LEFT JOIN busy b ON b.client_id = p.client_id
		ORDER BY p.started_at, p.client_id
		LIMIT 1000`)
	if err != nil {
		return nil, fmt.Errorf("list processes: %w", err)
	}
	list, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (ProcessStatus, error) {
		var p ProcessStatus
		err := row.Scan(&p.ClientID, &p.Host, &p.PID, &p.Version, &p.MaxWorkers, &p.StartedAt, &p.HeartbeatAt,
			&p.Leader, &p.BusyWorkers, &p.SecondsSinceHeartbeat)
		return p, err
	})
	if err != nil {
		return nil, fmt.Errorf("list processes: %w", err)
	}
	return list, nil
}

// MinuteSample is what one process measured in one minute.
type MinuteSample struct {
	// Minute is the start of the minute (truncated by the database).
	Minute   time.Time
	ClientID string
	// ThrottledSeconds is the time its deletions were held back in the
	// minute; ReplicaLag the most lagging standby's replay lag, nil when
	// no standby streams.
	ThrottledSeconds float64
	ReplicaLag       *float64
}

// RecordMinuteSample stores s, adding to a sample of the same minute and
// process (a minute recorded in two parts keeps the sum of its throttled
// seconds and the last lag), and deletes up to 1,000 samples older than
// keep.
func RecordMinuteSample(ctx context.Context, exec Executor, s MinuteSample, keep time.Duration) error {
	_, err := exec.Exec(ctx, `
		WITH pruned AS (
			DELETE FROM lethe_minute_samples WHERE (minute, client_id) IN (
				SELECT minute, client_id FROM lethe_minute_samples
				WHERE minute < now() - make_interval(secs => $5) LIMIT 1000)
		)
		INSERT INTO lethe_minute_samples (minute, client_id, throttled_seconds, replica_lag_seconds)
		VALUES (date_trunc('minute', $1::timestamptz), $2, $3, $4)
		ON CONFLICT (minute, client_id) DO UPDATE SET
			throttled_seconds = lethe_minute_samples.throttled_seconds + excluded.throttled_seconds,
			replica_lag_seconds = coalesce(excluded.replica_lag_seconds, lethe_minute_samples.replica_lag_seconds)`,
		s.Minute, s.ClientID, s.ThrottledSeconds, s.ReplicaLag, keep.Seconds())
	if err != nil {
		return fmt.Errorf("record the minute sample of process %s: %w", s.ClientID, err)
	}
	return nil
}
