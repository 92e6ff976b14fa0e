package db

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"github.com/lethehq/lethe/config"
	"log/slog"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/prometheus/client_golang/prometheus"
)

// Timeouts bound how long one of Lethe's statements on an application's
// table may wait for a lock (Lock, lock_timeout) and run (Statement,
// statement_timeout). Lethe shares the database with the applications whose
// data it deletes: a statement queued behind an application's lock also
// queues every later request for a conflicting lock (an ALTER TABLE, then
// every query) behind it, so Lethe gives up early and tries again later
// instead of waiting.
type Timeouts struct {
	Lock      time.Duration
	Statement time.Duration
}

// SetLocal sets lock_timeout and statement_timeout for the rest of tx only
// (set_config(..., true), as SET LOCAL does): they end with the
// transaction, so a pooled connection never keeps them. A zero timeout is
// left as the session has it.
func (t Timeouts) SetLocal(ctx context.Context, tx pgx.Tx) error {
	if t.Lock <= 0 && t.Statement <= 0 {
		return nil
	}
	if _, err := tx.Exec(ctx, setLocalSQL, t.localArgs()...); err != nil {
		return fmt.Errorf("set lock_timeout and statement_timeout: %w", err)
	}
	return nil
}

// setLocalSQL sets lock_timeout ($2, when $1) and statement_timeout ($4,
// when $3) for the current transaction.
const setLocalSQL = `
	SELECT CASE WHEN $1 THEN set_config('lock_timeout', $2, true) END,
	       CASE WHEN $3 THEN set_config('statement_timeout', $4, true) END`

func (t Timeouts) localArgs() []any {
	return []any{t.Lock > 0, durationSetting(t.Lock), t.Statement > 0, durationSetting(t.Statement)}
}

// queueLocal queues SetLocal's statement on batch, unless t leaves both
// settings alone, and reports whether it did: the statements queued after
// it run under t. Those new to
// the connection are prepared before the batch runs, under the session's
// timeouts, so queue after it only statements on Lethe's own tables; a
// statement on an application's table goes in a transaction that set t
// first (Timeouts.Tx, Bounded.SendBatch).
func (t Timeouts) queueLocal(batch *pgx.Batch) bool {
	if t.Lock <= 0 && t.Statement <= 0 {
		return false
	}
	batch.Queue(setLocalSQL, t.localArgs()...)
	return true
}

// setSessionSQL sets lock_timeout ($1) and statement_timeout ($2) for the
// session, for work that spans transactions on one connection (Session);
// ResetSession restores them before the connection goes back to its pool.
const setSessionSQL = `SELECT set_config('lock_timeout', $1, false), set_config('statement_timeout', $2, false)`

// ResetSession undoes setSessionSQL (a Session's settings), in one round
// trip: both settings go back to their values at the session's start. (Two RESETs in one simple
// query; a statement without arguments is sent as one.)
func ResetSession(ctx context.Context, conn Executor) error {
	_, err := conn.Exec(ctx, `RESET lock_timeout; RESET statement_timeout`)
	if err != nil {
		return fmt.Errorf("reset lock_timeout and statement_timeout: %w", err)
	}
	return nil
}

// SQLStateLockTimeout is lock_not_available: a lock not granted within
// lock_timeout (or refused by NOWAIT).
const SQLStateLockTimeout = "55P03"

// IsLockTimeout reports whether err is a lock that was not granted within
// lock_timeout: the work should be tried again later, it did not fail.
func IsLockTimeout(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == SQLStateLockTimeout
}

// LockHolder is a session that holds a lock on one of the tables a
// statement of Lethe's gave up on: the likely blocker.
type LockHolder struct {
	PID         int32
	Application string
	State       string        // pg_stat_activity.state: active, idle in transaction, ...
	For         time.Duration // since its transaction (or statement) began
	Table       string
	Mode        string // pg_locks.mode, e.g. AccessExclusiveLock, RowShareLock
}

// String describes the holder as a wait is reported: `row lock on runs
// held by pid 1234 (app "billing", idle in transaction for 42s)`.
func (h LockHolder) String() string {
	what := "row lock"
	switch h.Mode {
	case "RowShareLock", "RowExclusiveLock":
	default:
		what = lockModeNames[h.Mode] + " lock"
	}
	return fmt.Sprintf("%s on %s held by pid %d (app %q, %s for %s)",
		what, h.Table, h.PID, h.Application, cmp.Or(h.State, "unknown state"), h.For.Round(time.Second))
}

// lockModeNames are the table lock modes as the LOCK statement spells
// them; strength orders them, strongest first.
var (
	lockModeNames = map[string]string{
		"AccessShareLock": "ACCESS SHARE", "RowShareLock": "ROW SHARE", "RowExclusiveLock": "ROW EXCLUSIVE",
		"ShareUpdateExclusiveLock": "SHARE UPDATE EXCLUSIVE", "ShareLock": "SHARE",
		"ShareRowExclusiveLock": "SHARE ROW EXCLUSIVE", "ExclusiveLock": "EXCLUSIVE",
		"AccessExclusiveLock": "ACCESS EXCLUSIVE",
	}
	lockStrength = []string{"AccessExclusiveLock", "ExclusiveLock", "ShareRowExclusiveLock", "ShareLock",
		"ShareUpdateExclusiveLock", "RowExclusiveLock", "RowShareLock", "AccessShareLock"}
)

// whereTuple reads the tuple a lock wait was for from a lock timeout's
// CONTEXT: `while updating tuple (0,3) in relation "runs"`.
var whereTuple = regexp.MustCompile(`tuple (\(\d+,\d+\)) in relation "((?:[^"]|"")+)"`)

// Blockers names who kept a statement of Lethe's on tables from its lock
// until err, its lock timeout. PostgreSQL says which row the statement
// waited for; the transaction that holds it (the row's xmax, as
// pg_locks shows it held) is the blocker, however many other sessions
// hold locks on the table or wait themselves. Without a row (a table
// lock) it is the sessions holding a table lock strong enough to block
// Lethe's statements (SHARE or stronger), not waiting themselves first,
// strongest and oldest first (LockHolders). Call it right after the
// timeout, on another connection than the one that waited.
func Blockers(ctx context.Context, exec Executor, err error, tables []string) ([]LockHolder, error) {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		if m := whereTuple.FindStringSubmatch(pgErr.Where); m != nil {
			holders, err := rowBlocker(ctx, exec, strings.ReplaceAll(m[2], `""`, `"`), m[1])
			if err != nil || len(holders) > 0 {
				return holders, err
			}
		}
	}
	// A second waiter for a row waits for the first one's lock on the row
	// (a tuple lock), and PostgreSQL then names no row: the blocker is
	// whoever the sessions queued on the tables' rows wait for, in turn.
	queued, err := queuedRowBlockers(ctx, exec, tables)
	if err != nil || len(queued) > 0 {
		return queued, err
	}
	holders, err := LockHolders(ctx, exec, tables)
	if err != nil {
		return nil, err
	}
	return slices.DeleteFunc(holders, func(h LockHolder) bool {
		return slices.Index(lockStrength, h.Mode) > slices.Index(lockStrength, "ShareLock")
	}), nil
}

// rowBlocker returns the session whose transaction holds the row tid of
// relation (a name as PostgreSQL's CONTEXT gives it: a table or partition
// name, without its schema), or none when the row is no longer locked.
func rowBlocker(ctx context.Context, exec Executor, relation, tid string) ([]LockHolder, error) {
	var xmax string
	err := exec.QueryRow(ctx, `SELECT xmax::text FROM `+Ident(relation)+` WHERE ctid = $1::tid`, tid).Scan(&xmax)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("look up the holder of row %s of %s: %w", tid, relation, err)
	}
	rows, err := exec.Query(ctx, `
		SELECT l.pid, coalesce(a.application_name, ''), coalesce(a.state, ''),
		       coalesce(extract(epoch FROM clock_timestamp() - coalesce(a.xact_start, a.query_start)), 0)::float8
		FROM pg_locks l
		LEFT JOIN pg_stat_activity a ON a.pid = l.pid
		WHERE l.locktype = 'transactionid' AND l.granted AND l.transactionid::text = $1 AND l.pid <> pg_backend_pid()`, xmax)
	if err != nil {
		return nil, fmt.Errorf("look up the holder of row %s of %s: %w", tid, relation, err)
	}
	holders, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (LockHolder, error) {
		h := LockHolder{Table: relation, Mode: "RowExclusiveLock"}
		var secs float64
		err := row.Scan(&h.PID, &h.Application, &h.State, &secs)
		h.For = time.Duration(secs * float64(time.Second))
		return h, err
	})
	if err != nil {
		return nil, fmt.Errorf("look up the holder of row %s of %s: %w", tid, relation, err)
	}
	return holders, nil
}

// queuedRowBlockers follows the sessions holding a row's place in the
// queue (a granted tuple lock) on any of tables to the sessions they wait
// for, and those to theirs, and returns the ones at the head: holding
// what the others wait for, waiting for nothing themselves.
func queuedRowBlockers(ctx context.Context, exec Executor, tables []string) ([]LockHolder, error) {
	quoted := make([]string, len(tables))
	for i, t := range tables {
		quoted[i] = Ident(t)
	}
	rows, err := exec.Query(ctx, `
		WITH RECURSIVE tree (relid) AS (
			-- the tables and their partitions, read from pg_inherits:
			-- pg_partition_tree would lock the partitions, and wait
			-- behind the very lock being looked up
			SELECT to_regclass(t)::oid FROM unnest($1::text[]) AS t
			UNION
			SELECT i.inhrelid FROM pg_inherits i JOIN tree ON i.inhparent = tree.relid
		), chain (pid, relation, depth) AS (
			SELECT l.pid, l.relation, 0 FROM pg_locks l
			WHERE l.locktype = 'tuple' AND l.granted AND l.pid <> pg_backend_pid()
			  AND l.relation IN (SELECT relid FROM tree)
			UNION
			SELECT b.pid, c.relation, c.depth + 1 FROM chain c, LATERAL unnest(pg_blocking_pids(c.pid)) AS b (pid)
			WHERE c.depth < 8
		)
		SELECT DISTINCT ON (c.pid) c.pid, coalesce(a.application_name, ''), coalesce(a.state, ''),
		       coalesce(extract(epoch FROM clock_timestamp() - coalesce(a.xact_start, a.query_start)), 0)::float8,
		       rel.relname::text
		FROM chain c
		JOIN pg_class rel ON rel.oid = c.relation
		LEFT JOIN pg_stat_activity a ON a.pid = c.pid
		WHERE c.pid <> pg_backend_pid() AND NOT EXISTS (SELECT 1 FROM pg_locks w WHERE w.pid = c.pid AND NOT w.granted)
		ORDER BY c.pid, c.depth DESC`, quoted)
	if err != nil {
		return nil, fmt.Errorf("look up who the rows of %v wait for: %w", tables, err)
	}
	holders, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (LockHolder, error) {
		h := LockHolder{Mode: "RowExclusiveLock"}
		var secs float64
		err := row.Scan(&h.PID, &h.Application, &h.State, &secs, &h.Table)
		h.For = time.Duration(secs * float64(time.Second))
		return h, err
	})
	if err != nil {
		return nil, fmt.Errorf("look up who the rows of %v wait for: %w", tables, err)
	}
	slices.SortFunc(holders, func(a, b LockHolder) int { return cmp.Compare(b.For, a.For) })
	return holders, nil
}

// LockHolders lists the other sessions holding a lock on any of tables
// or their partitions (read from pg_inherits, which locks nothing),
// most likely blocker first: the strongest table lock, then the oldest
// transaction. A row lock shows up as the ROW SHARE (SELECT ... FOR UPDATE)
// or ROW EXCLUSIVE (UPDATE, DELETE) lock its holder keeps on the table.
// Lethe's own sessions (this session's application_name) come after the
// others, and so do sessions waiting for a lock themselves. Call it right
// after a lock timeout: the waiter is gone by then, so the answer is the
// holders, not who exactly blocked (Blockers narrows it down).
func LockHolders(ctx context.Context, exec Executor, tables []string) ([]LockHolder, error) {
	quoted := make([]string, len(tables))
	for i, t := range tables {
		quoted[i] = Ident(t)
	}
	rows, err := exec.Query(ctx, `
		WITH RECURSIVE tree (relid) AS (
			SELECT to_regclass(t)::oid FROM unnest($1::text[]) AS t
			UNION
			SELECT i.inhrelid FROM pg_inherits i JOIN tree ON i.inhparent = tree.relid
		)
		SELECT l.pid, coalesce(a.application_name, ''), coalesce(a.state, ''),
		       coalesce(extract(epoch FROM clock_timestamp() - coalesce(a.xact_start, a.query_start)), 0)::float8,
		       c.relname::text, l.mode,
		       coalesce(a.application_name, '') = current_setting('application_name')
		       OR EXISTS (SELECT 1 FROM pg_locks w WHERE w.pid = l.pid AND NOT w.granted)
		FROM pg_locks l
		JOIN pg_class c ON c.oid = l.relation
		LEFT JOIN pg_stat_activity a ON a.pid = l.pid
		WHERE l.locktype = 'relation' AND l.granted AND l.pid <> pg_backend_pid()
		  AND l.relation IN (SELECT relid FROM tree)`, quoted)
	if err != nil {
		return nil, fmt.Errorf("look up lock holders on %v: %w", tables, err)
	}
	type ranked struct {
		LockHolder
		own bool
	}
	var found []ranked
	for rows.Next() {
		var (
			h    ranked
			secs float64
		)
		if err := rows.Scan(&h.PID, &h.Application, &h.State, &secs, &h.Table, &h.Mode, &h.own); err != nil {
			rows.Close()
			return nil, fmt.Errorf("look up lock holders on %v: %w", tables, err)
		}
		h.For = time.Duration(secs * float64(time.Second))
		found = append(found, h)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("look up lock holders on %v: %w", tables, err)
	}
	slices.SortStableFunc(found, func(a, b ranked) int {
		if a.own != b.own {
			if a.own {
				return 1
			}
			return -1
		}
		if c := cmp.Compare(strength(a.Mode), strength(b.Mode)); c != 0 {
			return c
		}
		return cmp.Compare(b.For, a.For)
	})
	out := make([]LockHolder, 0, len(found))
	seen := map[int32]bool{}
	for _, h := range found {
		if !seen[h.PID] { // a session's strongest lock only
			seen[h.PID] = true
			out = append(out, h.LockHolder)
		}
	}
	return out, nil
}

func strength(mode string) int {
	if i := slices.Index(lockStrength, mode); i >= 0 {
		return i
	}
	return len(lockStrength)
}

// LockTimeout is a statement of Lethe's that gave up on a lock
// (IsLockTimeout): what ReportLockTimeout counts and logs.
type LockTimeout struct {
	Policy, Step string // the lethe_lock_timeouts_total labels
	Tables       []string
	LockTimeout  time.Duration
	Err          error
	// DDL says the statement changed a table's definition (a trigger, a
	// partition): its lock conflicts with every write, so any session
	// holding a lock on Tables may be the blocker, not only those holding
	// SHARE or stronger.
	DDL bool
}

// Blocker looks up who held lt's lock, right after lt, on exec (Blockers,
// or for DDL every holder, strongest and oldest first): the holder, nil
// when none is found, and how a report names the wait (`row lock on runs
// held by pid 1234 (app "billing", idle in transaction for 42s)`, or a lock
// on the tables, released since or its holder unknown).
func Blocker(ctx context.Context, exec Executor, lt LockTimeout) (*LockHolder, string, error) {
	ctx = context.WithoutCancel(ctx)
	on := "a lock on " + strings.Join(lt.Tables, ", ")
	holders, err := Blockers(ctx, exec, lt.Err, lt.Tables)
	if lt.DDL && err == nil && len(holders) == 0 {
		holders, err = LockHolders(ctx, exec, lt.Tables)
	}
	switch {
	case err != nil:
		return nil, on + " (holder unknown)", err
	case len(holders) == 0:
		return nil, on + ", released since", nil
	}
	return &holders[0], holders[0].String(), nil
}

// LockTimeoutMessage is the WARN a lock timeout is logged with.
const LockTimeoutMessage = "Gave up waiting for a lock; will try again later"

// ReportLockTimeout counts lt in counter (lethe_lock_timeouts_total, by
// policy and step) and logs it once at WARN with its blocker (Blockers,
// looked up on exec), which it returns described. Every path that reaches
// an application's table reports its lock timeouts through it, so they all
// look the same in the logs and the metrics.
func ReportLockTimeout(ctx context.Context, exec Executor, logger *slog.Logger, counter *prometheus.CounterVec, lt LockTimeout) string {
	// The count moves after the blocker is looked up: whoever watches it
	// (an operator, a test) and then lets go of the lock cannot make the
	// lookup miss the session that held it.
	defer counter.WithLabelValues(lt.Policy, lt.Step).Inc()
	ctx = context.WithoutCancel(ctx)
	attrs := []any{
		slog.String("policy", lt.Policy), slog.String("step", lt.Step),
		slog.String("table", strings.Join(lt.Tables, ",")), slog.Float64("lock_timeout_seconds", lt.LockTimeout.Seconds()),
		slog.String("error", lt.Err.Error()),
	}
	h, blocker, lookupErr := Blocker(ctx, exec, lt)
	if lookupErr != nil {
		attrs = append(attrs, slog.String("lookup_error", lookupErr.Error()))
	}
	if h != nil {
		attrs = append(attrs, slog.Int("blocking_pid", int(h.PID)), slog.String("blocking_application", h.Application),
			slog.String("blocking_state", h.State), slog.Float64("blocking_for", h.For.Round(time.Second).Seconds()),
			slog.String("blocking_lock", h.Mode))
	}
	attrs = append(attrs, slog.String("waiting_on", blocker))
	logger.WarnContext(ctx, LockTimeoutMessage, attrs...)
	return blocker
}

// EntityTimeouts are the timeouts of the statements on entity's tables and
// tombstones, as cfg sets them (config.Config.EntityTimeouts): every path
// to an entity's tables, the workers', the API's and the commands', takes
// them from here.
func EntityTimeouts(cfg *config.Config, entity string) Timeouts {
	lock, statement := cfg.EntityTimeouts(entity)
	return Timeouts{Lock: lock.D(), Statement: statement.D()}
}
