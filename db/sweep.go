package db

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// SweepTable names a table of short-lived keys swept by its expiry column.
type SweepTable struct {
	Table           string
	KeyColumn       string
	ExpiresAtColumn string
	// HoldColumn is optional: rows where it is true (a legal hold) are
	// never deleted (rows mode only).
	HoldColumn string
}

// Relation kinds SweepTableKind reports.
const (
	RelKindTable       = "r" // an ordinary table
	RelKindPartitioned = "p" // a partitioned table (the parent)
)

// SweepTableKind returns the relation kind of t's table (RelKindTable or
// RelKindPartitioned), or an error naming the table when it does not exist.
func SweepTableKind(ctx context.Context, exec Executor, t SweepTable) (string, error) {
	var kind *string
	err := exec.QueryRow(ctx, `SELECT relkind::text FROM pg_class WHERE oid = to_regclass($1)`, Ident(t.Table)).Scan(&kind)
	if errors.Is(err, pgx.ErrNoRows) || (err == nil && kind == nil) {
		return "", fmt.Errorf("sweep table %s: does not exist", t.Table)
	}
	if err != nil {
		return "", fmt.Errorf("sweep table %s: look up: %w", t.Table, err)
	}
	return *kind, nil
}

// SweepTimeoutError is a sweep statement that ran past its statement timeout
// (or a lock that was not granted within its lock timeout). It matches
// context.DeadlineExceeded with errors.Is, and its text says "context
// deadline exceeded", as the runbook's error log does.
type SweepTimeoutError struct {
	What    string        // what was being done, e.g. "delete batch of 10000 expired rows from t"
	Timeout time.Duration // the statement timeout in force
	Err     error         // the driver's error
}

func (e *SweepTimeoutError) Error() string {
	if IsLockTimeout(e.Err) {
		return fmt.Sprintf("%s: gave up waiting for a lock (lock_timeout): %v", e.What, e.Err)
	}
	return fmt.Sprintf("%s: exceeded statement timeout %s: %v (%v)", e.What, e.Timeout, context.DeadlineExceeded, e.Err)
}

// Unwrap lets errors.Is match both context.DeadlineExceeded and the driver's error.
func (e *SweepTimeoutError) Unwrap() []error { return []error{context.DeadlineExceeded, e.Err} }

// IsSweepTimeout reports whether err is a sweep statement or lock timeout.
func IsSweepTimeout(err error) bool {
	var te *SweepTimeoutError
	return errors.As(err, &te)
}

// sweepClientSlack is how long past the server-side statement timeout the
// client waits before cancelling the query itself, in case the server (or
// the network) never answers.
const sweepClientSlack = 5 * time.Second

// sweepDueSQL is the condition under which a swept row is due: what a sweep
// deletes and what a preview counts.
const sweepDueSQL = `{expires_at} < now()`

// sweepDeleteSQL is the runbook's batch delete, by ctid on an ordinary
// table and by key (by the {by} column) on a partitioned one (see
// SweepBatch), of the rows due and not held (notHeldSQL). The batch's rows
// are locked as they are chosen, skipping rows another transaction holds
// (an application updating a key, or holding it FOR UPDATE): the sweep
// never waits on an application's row locks while holding its own, and
// the skipped rows are the next run's.
func sweepDeleteSQL(by, holdColumn string) string {
	due := sweepDueSQL + notHeldSQL(holdColumn)
	return `
		DELETE FROM {table}
		WHERE ` + by + ` = ANY (ARRAY(
			SELECT ` + by + ` FROM {table}
			WHERE ` + due + `
			ORDER BY {expires_at}
			LIMIT $1
			FOR UPDATE SKIP LOCKED))
		  AND ` + due
}

// SweepBatch deletes at most limit of t's expired rows, oldest first, in a
// transaction of its own with b's timeouts (b is a pool's: Timeouts.Pool),
// and returns how many it deleted. Rows another
// transaction holds are skipped, so a short count does not mean none are
// left. A timeout returns a *SweepTimeoutError (IsLockTimeout tells a lock
// timeout apart) and deletes nothing (the transaction rolls back).
//
// The rows chosen are the runbook's (`WHERE expires_at < now() ORDER BY
// expires_at LIMIT n`, an index range scan), but an ordinary table
// (kind RelKindTable) deletes them by ctid: PostgreSQL plans the runbook's
// `key IN (subquery)` as a hash semi-join over a sequential scan of the whole
// table, so each batch would cost O(table) instead of O(batch). A
// partitioned table, where a ctid names a row only within one partition,
// deletes them by key through the key's index. Either way the outer
// `expires_at < now()` is rechecked on each row at delete time, so a key
// whose expiry was pushed back concurrently is not deleted.
func SweepBatch(ctx context.Context, b Bounded, t SweepTable, kind string, limit int) (int64, error) {
	sql := sweepDeleteSQL("ctid", t.HoldColumn)
	if kind != RelKindTable {
		if t.KeyColumn == "" {
			return 0, fmt.Errorf("sweep table %s: key_column is required to delete rows of a partitioned table", t.Table)
		}
		sql = sweepDeleteSQL("{key}", t.HoldColumn)
	}
	sql = newIdentTemplate(map[string]string{"table": t.Table, "key": t.KeyColumn, "expires_at": t.ExpiresAtColumn, "hold": t.HoldColumn}).Fill(sql)

	var deleted int64
	err := withStatementTimeout(ctx, b, true, func(ctx context.Context, tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, sql, limit)
		deleted = tag.RowsAffected()
		return err
	})
	if err != nil {
		return 0, sweepError(ctx, fmt.Sprintf("delete batch of %d expired rows from %s", limit, t.Table), b.t.Statement, err)
	}
	return deleted, nil
}

// withStatementTimeout runs fn in a transaction of b's pool with b's
// timeouts set locally (SetLocal: a zero one keeps the connection's), under
// a context that gives up a little after the server should have. With
// asyncCommit the commit does not
// wait for the WAL flush: fine for work that is safe to redo, such as
// deleting expired keys (a crash can only lose deletions the next run
// repeats), and it keeps the sweep from adding fsync waits of its own.
func withStatementTimeout(ctx context.Context, b Bounded, asyncCommit bool, fn func(ctx context.Context, tx pgx.Tx) error) error {
	if b.pool == nil {
		return errUnbounded
	}
	if b.t.Statement > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, b.t.Statement+sweepClientSlack)
		defer cancel()
	}
	return b.t.inTx(ctx, b.pool, func(tx pgx.Tx) error {
		if asyncCommit {
			if err := AsyncCommit(ctx, tx); err != nil {
				return err
			}
		}
		return fn(ctx, tx)
	})
}

// durationSetting renders d as a value for a time setting such as
// statement_timeout, in milliseconds ("0ms", disabled, for d <= 0).
func durationSetting(d time.Duration) string {
	return strconv.FormatInt(max(d, 0).Milliseconds(), 10) + "ms"
}

// sweepError turns a statement, lock or client timeout into a
// *SweepTimeoutError and wraps anything else with what was being done. The
// caller's own cancellation stays what it is.
func sweepError(ctx context.Context, what string, timeout time.Duration, err error) error {
	var pgErr *pgconn.PgError
	switch {
	case ctx.Err() != nil:
		return fmt.Errorf("%s: %w", what, ctx.Err())
	case errors.As(err, &pgErr) && pgErr.Code == "57014" && strings.Contains(pgErr.Message, "statement timeout"),
		errors.As(err, &pgErr) && pgErr.Code == "55P03",
		errors.Is(err, context.DeadlineExceeded):
		return &SweepTimeoutError{What: what, Timeout: timeout, Err: err}
	default:
		return fmt.Errorf("%s: %w", what, err)
	}
}

// SweepStatus is the runbook's diagnosis of a swept table.
type SweepStatus struct {
	TableBytes       int64      `json:"table_bytes"`
	TableSize        string     `json:"table_size"` // pg_size_pretty
	TotalKeys        int64      `json:"total_keys"`
	ExpiredKeys      int64      `json:"expired_keys"`
	OldestExpiration *time.Time `json:"oldest_expiration"`
	NewestExpiration *time.Time `json:"newest_expiration"`
}

// GetSweepStatus runs the runbook's diagnosis query on t: table size (with
// indexes and, for a partitioned table, its partitions), total and expired
// keys, oldest and newest expiration. It scans the table. (pg_partition_tree
// lists nothing for an ordinary table, whose size is its own.)
func GetSweepStatus(ctx context.Context, exec Bounded, t SweepTable) (SweepStatus, error) {
	var s SweepStatus
	sql := newIdentTemplate(map[string]string{"table": t.Table, "expires_at": t.ExpiresAtColumn}).Fill(`
		SELECT bytes, pg_size_pretty(bytes), total, expired, oldest, newest
		FROM (SELECT (SELECT coalesce(sum(pg_total_relation_size(relid)), pg_total_relation_size(to_regclass($1)))::bigint
		              FROM pg_partition_tree(to_regclass($1))) AS bytes,
		             count(*) AS total,
		             count(*) FILTER (WHERE {expires_at} < now()) AS expired,
		             min({expires_at}) AS oldest, max({expires_at}) AS newest
		      FROM {table}) status`)
	err := exec.QueryRow(ctx, sql, Ident(t.Table)).
		Scan(&s.TableBytes, &s.TableSize, &s.TotalKeys, &s.ExpiredKeys, &s.OldestExpiration, &s.NewestExpiration)
	if err != nil {
		return s, fmt.Errorf("status of sweep table %s: %w", t.Table, err)
	}
	return s, nil
}
