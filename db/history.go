package db

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/db/internal/dbsqlc"
)

// Lethe's own history is the deletion audit, the one lethe_* table that
// grows with the work done. The prune deletes it in batches, oldest first,
// each batch its own transaction under the caller's timeouts, so it never
// holds a lock for long and gives up on one it cannot get (IsLockTimeout).

// AuditTable is the table the history prune deletes from.
const AuditTable = "lethe_deletion_audit"

// PruneAuditBefore deletes up to limit audit entries that finished before
// before, oldest first, in one transaction under t, and returns how many it
// deleted.
func PruneAuditBefore(ctx context.Context, pool *pgxpool.Pool, t Timeouts, before time.Time, limit int) (int64, error) {
	var n int64
	err := t.InTx(ctx, pool, func(b Bounded) error {
		var err error
		n, err = dbsqlc.New().AuditPruneBefore(ctx, b.Tx(), &dbsqlc.AuditPruneBeforeParams{Before: before, Max: limit32(limit)})
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("prune %d audit entries finished before %s: %w", limit, before.UTC().Format(time.RFC3339), err)
	}
	return n, nil
}

// PruneAuditOldest deletes the limit oldest audit entries in one
// transaction under t and returns how many it deleted.
func PruneAuditOldest(ctx context.Context, pool *pgxpool.Pool, t Timeouts, limit int) (int64, error) {
	var n int64
	err := t.InTx(ctx, pool, func(b Bounded) error {
		var err error
		n, err = dbsqlc.New().AuditPruneOldest(ctx, b.Tx(), limit32(limit))
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("prune the %d oldest audit entries: %w", limit, err)
	}
	return n, nil
}

// AuditRows returns how many entries the audit holds: the planner's
// estimate (pg_class.reltuples) when it is known and below 90% of
// atLeast, the estimate's margin for a table autovacuum last analyzed up to
// 10% ago; else an exact count under t, or the estimate again when the
// count outlasts t's statement timeout. exact says which. A prune that
// only needs to know whether the table holds more than atLeast entries
// then costs no scan while it holds clearly fewer.
func AuditRows(ctx context.Context, pool *pgxpool.Pool, t Timeouts, atLeast int64) (rows int64, exact bool, err error) {
	var estimate float64
	if err := pool.QueryRow(ctx, `SELECT reltuples FROM pg_class WHERE oid = $1::regclass`, AuditTable).Scan(&estimate); err != nil {
		return 0, false, fmt.Errorf("estimate audit entries: %w", err)
	}
	if estimate >= 0 && estimate < 0.9*float64(atLeast) {
		return int64(estimate), false, nil
	}
	err = t.InTx(ctx, pool, func(b Bounded) error {
		var err error
		rows, err = dbsqlc.New().AuditCount(ctx, b.Tx())
		return err
	})
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == sqlStateQueryCanceled && estimate >= 0 {
		// Too many to count within statement_timeout: the estimate is
		// what there is.
		return int64(estimate), false, nil
	}
	if err != nil {
		return 0, false, fmt.Errorf("count audit entries: %w", err)
	}
	return rows, true, nil
}

// sqlStateQueryCanceled is query_canceled: a statement_timeout (or a
// cancel request).
const sqlStateQueryCanceled = "57014"

// OwnTable is the size of one of Lethe's own tables (lethe_*), as the
// dashboard and /metrics show it.
type OwnTable struct {
	Table string `json:"table"`
	// Rows is exact when the table is small (below OwnTableExactRows
	// entries), else the planner's estimate (pg_class.reltuples):
	// RowsEstimated says which.
	Rows          int64 `json:"rows"`
	RowsEstimated bool  `json:"rows_estimated"`
	// Bytes is the table's size on disk with its indexes and TOAST
	// (pg_total_relation_size).
	Bytes int64 `json:"bytes"`
}

// OwnTableExactRows is the size below which OwnTables counts a table's
// rows instead of taking the planner's estimate.
const OwnTableExactRows = 100_000

// OwnTables returns the size of every lethe_* table in the connection's
// schema (where Lethe's migrations create them; River's tables live in
// river.schema and are not Lethe's), by name. A table the planner has no
// estimate for, or estimates below OwnTableExactRows, is counted, the count
// stopping at OwnTableExactRows (then an estimate, at least that); one the
// role may not read keeps the estimate.
func OwnTables(ctx context.Context, exec Executor) ([]OwnTable, error) {
	rows, err := exec.Query(ctx, `
		SELECT c.relname::text, c.reltuples, pg_total_relation_size(c.oid), has_table_privilege(c.oid, 'SELECT')
		FROM pg_class c
		WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p')
		  AND c.relname LIKE 'lethe\_%'
		ORDER BY c.relname`)
	if err != nil {
		return nil, fmt.Errorf("list Lethe's tables: %w", err)
	}
	type sized struct {
		OwnTable
		estimate float64
		readable bool
	}
	list, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (sized, error) {
		var s sized
		err := row.Scan(&s.Table, &s.estimate, &s.Bytes, &s.readable)
		return s, err
	})
	if err != nil {
		return nil, fmt.Errorf("list Lethe's tables: %w", err)
	}
	out := make([]OwnTable, len(list))
	for i, s := range list {
		t := s.OwnTable
		t.Rows, t.RowsEstimated = int64(max(s.estimate, 0)), true
		if s.estimate < OwnTableExactRows && s.readable {
			var n int64
			err := exec.QueryRow(ctx, `SELECT count(*) FROM (SELECT 1 FROM `+Ident(t.Table)+` LIMIT $1) t`, OwnTableExactRows).Scan(&n)
			if err != nil {
				return nil, fmt.Errorf("count rows of %s: %w", t.Table, err)
			}
			if n < OwnTableExactRows {
				t.Rows, t.RowsEstimated = n, false
			} else {
				t.Rows = max(n, t.Rows)
			}
		}
		out[i] = t
	}
	return out, nil
}
