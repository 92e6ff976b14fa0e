package db

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// ForegroundLoad is what Lethe can see of the other sessions of its
// database: the load that pacing gives way to.
type ForegroundLoad struct {
	// Busy is the client sessions, Lethe's own left out (by their
	// application_name), that ran a statement within the last second.
	Busy int
	// Waiting is those of them waiting now on a lock, an LWLock or I/O.
	Waiting int
	// Blocked is those of them waiting on a lock a Lethe session holds.
	Blocked int
}

// ReadForegroundLoad reads the foreground's load from pg_stat_activity.
func ReadForegroundLoad(ctx context.Context, exec Executor) (ForegroundLoad, error) {
	var l ForegroundLoad
	err := exec.QueryRow(ctx, `
		SELECT count(*) FILTER (WHERE a.state = 'active' OR a.state_change > clock_timestamp() - interval '1 second'),
		       count(*) FILTER (WHERE a.state = 'active' AND a.wait_event_type IN ('Lock', 'LWLock', 'IO')),
		       count(*) FILTER (WHERE CASE WHEN a.wait_event_type = 'Lock' THEN EXISTS (
		           SELECT 1 FROM pg_stat_activity l
		           WHERE l.pid = ANY (pg_blocking_pids(a.pid))
		             AND l.application_name = current_setting('application_name')) END)
		FROM pg_stat_activity a
		WHERE a.datname = current_database()
		  AND a.backend_type = 'client backend'
		  AND a.pid <> pg_backend_pid()
		  AND a.application_name <> current_setting('application_name')`).Scan(&l.Busy, &l.Waiting, &l.Blocked)
	if err != nil {
		return l, fmt.Errorf("read foreground load: %w", err)
	}
	return l, nil
}

// Session is one of the foreground's sessions as pg_stat_activity shows
// it at a reading.
type Session struct {
	PID int32
	// Active is set while it runs a statement; otherwise it is between
	// two, and StateChange is when its last one ended.
	Active      bool
	QueryStart  time.Time // when its current or last statement began
	StateChange time.Time
}

// ReadSessions reads the database's other client sessions, Lethe's own
// left out (by their application_name), that have run a statement, and
// the server's time of the reading. Sessions of other roles show their
// statements only to a role with pg_read_all_stats (or pg_monitor);
// without it they are left out.
func ReadSessions(ctx context.Context, exec Executor) (at time.Time, sessions []Session, err error) {
	var (
		pids          []int32
		active        []bool
		starts, lasts []time.Time
	)
	err = exec.QueryRow(ctx, `
		SELECT now(), coalesce(array_agg(pid), '{}'), coalesce(array_agg(state = 'active'), '{}'),
		       coalesce(array_agg(query_start), '{}'), coalesce(array_agg(state_change), '{}')
		FROM pg_stat_activity
		WHERE datname = current_database()
		  AND backend_type = 'client backend'
		  AND pid <> pg_backend_pid()
		  AND application_name <> current_setting('application_name')
		  AND state IN ('active', 'idle', 'idle in transaction', 'idle in transaction (aborted)')
		  AND query_start IS NOT NULL AND state_change IS NOT NULL`).Scan(&at, &pids, &active, &starts, &lasts)
	if err != nil {
		return at, nil, fmt.Errorf("read the foreground's sessions: %w", err)
	}
	sessions = make([]Session, len(pids))
	for i := range pids {
		sessions[i] = Session{PID: pids[i], Active: active[i], QueryStart: starts[i], StateChange: lasts[i]}
	}
	return at, sessions, nil
}

// commitProbeSQL commits a transaction that has an xid with
// synchronous_commit on, in one round trip: its commit waits for the WAL
// flush as a foreground write's does, behind whatever WAL Lethe's last
// batch left unflushed.
const commitProbeSQL = `BEGIN; SET LOCAL synchronous_commit = on; SELECT txid_current(); COMMIT`

// CommitProbe measures how long a tiny durable commit takes now.
func CommitProbe(ctx context.Context, pool *pgxpool.Pool) (time.Duration, error) {
	return probe(ctx, pool, "commit probe", commitProbeSQL)
}

// ReadProbe measures how long the server takes to answer a trivial query:
// what a foreground point read waits for besides its own work (CPU, the
// scheduler).
func ReadProbe(ctx context.Context, pool *pgxpool.Pool) (time.Duration, error) {
	return probe(ctx, pool, "read probe", `SELECT 1`)
}

// probe times sql on a connection of pool; acquiring the connection is
// not counted, so a busy pool does not read as a slow server.
func probe(ctx context.Context, pool *pgxpool.Pool, what, sql string) (time.Duration, error) {
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return 0, fmt.Errorf("%s: %w", what, err)
	}
	defer conn.Release()
	began := time.Now()
	if _, err := conn.Exec(ctx, sql); err != nil {
		return 0, fmt.Errorf("%s: %w", what, err)
	}
	return time.Since(began), nil
}

// Standby is one streaming standby as the primary sees it in
// pg_stat_replication.
type Standby struct {
	Name string // application_name, else client address
	// BehindBytes is the WAL the primary has written that the standby has
	// not replayed; -1 when this role may not read it (pg_monitor needed).
	BehindBytes int64
	// ReplayLag is pg_stat_replication.replay_lag (0 when NULL). It is
	// stale while replay is paused: only a replay that advances updates it.
	ReplayLag time.Duration
	// ReplayLSN is the position the standby has replayed, as a WAL byte
	// offset (0 when unknown).
	ReplayLSN int64
}

// Replication is the primary's view of its standbys.
type Replication struct {
	// CurrentLSN is the primary's WAL write position as a byte offset.
	CurrentLSN int64
	Standbys   []Standby
}

// ReadReplication reads the standbys streaming from this server.
func ReadReplication(ctx context.Context, exec Executor) (Replication, error) {
	var r Replication
	rows, err := exec.Query(ctx, `
		SELECT coalesce(nullif(application_name, ''), host(client_addr), 'pid ' || pid),
		       coalesce(pg_wal_lsn_diff(pg_current_wal_lsn(), replay_lsn)::bigint, -1),
		       coalesce(extract(epoch FROM replay_lag)::float8, 0),
		       coalesce(pg_wal_lsn_diff(replay_lsn, '0/0')::bigint, 0),
		       pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::bigint
		FROM pg_stat_replication
		ORDER BY 1`)
	if err != nil {
		return r, fmt.Errorf("read pg_stat_replication: %w", err)
	}
	for rows.Next() {
		var s Standby
		var lag float64
		if err := rows.Scan(&s.Name, &s.BehindBytes, &lag, &s.ReplayLSN, &r.CurrentLSN); err != nil {
			return r, fmt.Errorf("read pg_stat_replication: %w", err)
		}
		s.ReplayLag = time.Duration(lag * float64(time.Second))
		r.Standbys = append(r.Standbys, s)
	}
	if err := rows.Err(); err != nil {
		return r, fmt.Errorf("read pg_stat_replication: %w", err)
	}
	if len(r.Standbys) == 0 {
		if err := exec.QueryRow(ctx, `SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::bigint`).Scan(&r.CurrentLSN); err != nil {
			return r, fmt.Errorf("read WAL position: %w", err)
		}
	}
	return r, nil
}

// ReadStandbyReplay reads, on a standby, the WAL position it has replayed
// as a byte offset.
func ReadStandbyReplay(ctx context.Context, exec Executor) (int64, error) {
	var lsn *int64
	if err := exec.QueryRow(ctx, `SELECT pg_wal_lsn_diff(pg_last_wal_replay_lsn(), '0/0')::bigint`).Scan(&lsn); err != nil {
		return 0, fmt.Errorf("read the standby's replay position: %w", err)
	}
	if lsn == nil {
		return 0, fmt.Errorf("read the standby's replay position: the server is not a standby")
	}
	return *lsn, nil
}

// InRecovery reports whether the server is a standby (pg_is_in_recovery()).
func InRecovery(ctx context.Context, exec Executor) (bool, error) {
	var in bool
	if err := exec.QueryRow(ctx, `SELECT pg_is_in_recovery()`).Scan(&in); err != nil {
		return false, fmt.Errorf("check whether the server is in recovery: %w", err)
	}
	return in, nil
}
