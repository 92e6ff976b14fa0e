package db

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// Partition is one partition of a table range-partitioned by a timestamptz
// column. From is nil for MINVALUE, To nil for MAXVALUE; a default partition
// has Default set and no bounds.
type Partition struct {
	Name    string
	From    *time.Time
	To      *time.Time
	Default bool
}

// Overlaps reports whether the partition's range meets [from, to).
func (p Partition) Overlaps(from, to time.Time) bool {
	if p.Default {
		return false
	}
	return (p.From == nil || p.From.Before(to)) && (p.To == nil || p.To.After(from))
}

// ListPartitions returns the partitions of table, which must be partitioned
// by RANGE on column, ordered by upper bound (MAXVALUE and default last).
func ListPartitions(ctx context.Context, exec Executor, table, column string) ([]Partition, error) {
	var keyDef *string
	err := exec.QueryRow(ctx, `
		SELECT pg_get_partkeydef(oid) FROM pg_class WHERE oid = to_regclass($1) AND relkind = 'p'`,
		Ident(table)).Scan(&keyDef)
	if errors.Is(err, pgx.ErrNoRows) || (err == nil && keyDef == nil) {
		return nil, fmt.Errorf("partitions of %s: not a partitioned table", table)
	}
	if err != nil {
		return nil, fmt.Errorf("partitions of %s: %w", table, err)
	}
	if want := "RANGE (" + Ident(column) + ")"; *keyDef != want && *keyDef != "RANGE ("+column+")" {
		return nil, fmt.Errorf("partitions of %s: partitioned by %s, want %s", table, *keyDef, want)
	}

	// pg_get_expr renders bounds as FOR VALUES FROM ('…') TO ('…') in the
	// session's time zone; casting them back in the same session is exact.
	rows, err := exec.Query(ctx, `
		SELECT c.relname::text,
		       b = 'DEFAULT',
		       (regexp_match(b, 'FROM \(''([^'']*)''\)'))[1]::timestamptz,
		       (regexp_match(b, 'TO \(''([^'']*)''\)'))[1]::timestamptz AS upper
		FROM pg_inherits i
		JOIN pg_class c ON c.oid = i.inhrelid,
		LATERAL pg_get_expr(c.relpartbound, c.oid) AS b
		WHERE i.inhparent = to_regclass($1)
		ORDER BY upper NULLS LAST, c.relname`, Ident(table))
	if err != nil {
		return nil, fmt.Errorf("partitions of %s: %w", table, err)
	}
	defer rows.Close()
	var out []Partition
	for rows.Next() {
		var p Partition
		if err := rows.Scan(&p.Name, &p.Default, &p.From, &p.To); err != nil {
			return nil, fmt.Errorf("partitions of %s: %w", table, err)
		}
		out = append(out, p)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("partitions of %s: %w", table, err)
	}
	return out, nil
}

// DropPartition drops partition part of table and returns how many rows it
// held. It counts the rows, detaches the partition with DETACH PARTITION …
// CONCURRENTLY (which takes only a SHARE UPDATE EXCLUSIVE lock on the
// parent, so inserts and reads of the table go on), finishing a detach a
// previous run left pending, and then drops the detached table. Where a
// concurrent detach is impossible (the table has a default partition) it
// falls back to DROP TABLE, which locks the parent exclusively for the drop
// and commit. Lock waits are capped at b's lock timeout, so a busy table makes it
// fail fast with a *SweepTimeoutError instead of queueing queries behind it.
func DropPartition(ctx context.Context, b Bounded, table, part string) (int64, error) {
	pool, timeout, lockTimeout := b.pool, b.t.Statement, b.t.Lock
	if pool == nil {
		return 0, errUnbounded
	}
	what := fmt.Sprintf("drop partition %s of %s", part, table)
	names := newIdentTemplate(map[string]string{"table": table, "part": part})
	var rows int64
	err := withStatementTimeout(ctx, b, false, func(ctx context.Context, tx pgx.Tx) error {
		return tx.QueryRow(ctx, names.Fill(`SELECT count(*) FROM {part}`)).Scan(&rows)
	})
	if err != nil {
		return 0, sweepError(ctx, what, timeout, err)
	}

	var hasDefault, pending bool
	err = pool.QueryRow(ctx, `
		SELECT EXISTS (SELECT 1 FROM pg_partitioned_table WHERE partrelid = to_regclass($1) AND partdefid <> 0),
		       coalesce((SELECT inhdetachpending FROM pg_inherits WHERE inhrelid = to_regclass($2)), false)`,
		Ident(table), Ident(part)).Scan(&hasDefault, &pending)
	if err != nil {
		return 0, fmt.Errorf("%s: %w", what, err)
	}
	if hasDefault {
		err = withStatementTimeout(ctx, b, false, func(ctx context.Context, tx pgx.Tx) error {
			_, err := tx.Exec(ctx, names.Fill(`DROP TABLE {part}`))
			return err
		})
		if err != nil {
			return 0, sweepError(ctx, what, timeout, err)
		}
		return rows, nil
	}

	// DETACH … CONCURRENTLY cannot run in a transaction block: set the
	// timeouts for the session (is_local false) on a connection of its own,
	// and close it afterwards rather than return it to the pool with them.
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return 0, fmt.Errorf("%s: %w", what, err)
	}
	defer conn.Release()
	defer func() { _ = conn.Conn().Close(context.WithoutCancel(ctx)) }()
	detach := `ALTER TABLE {table} DETACH PARTITION {part} CONCURRENTLY`
	if pending {
		detach = `ALTER TABLE {table} DETACH PARTITION {part} FINALIZE`
	}
	runCtx, cancel := context.WithTimeout(ctx, 2*timeout+sweepClientSlack)
	defer cancel()
	if _, err := conn.Exec(runCtx, `
		SELECT set_config('statement_timeout', $1, false),
		       set_config('lock_timeout', $2, false)`,
		durationSetting(timeout), durationSetting(lockTimeout)); err != nil {
		return 0, sweepError(ctx, what, timeout, err)
	}
	for _, sql := range []string{detach, `DROP TABLE {part}`} {
		if _, err := conn.Exec(runCtx, names.Fill(sql)); err != nil {
			return 0, sweepError(ctx, what, timeout, err)
		}
	}
	return rows, nil
}

// CreatePartition creates partition part of table for [from, to), unless a
// table of that name exists.
func CreatePartition(ctx context.Context, b Bounded, table, part string, from, to time.Time) error {
	sql := newIdentTemplate(map[string]string{"table": table, "part": part}).
		Fill(`CREATE TABLE IF NOT EXISTS {part} PARTITION OF {table} FOR VALUES FROM (` + partitionBound(from) + `) TO (` + partitionBound(to) + `)`)
	err := withStatementTimeout(ctx, b, false, func(ctx context.Context, tx pgx.Tx) error {
		_, err := tx.Exec(ctx, sql)
		return err
	})
	if err != nil {
		return sweepError(ctx, fmt.Sprintf("create partition %s of %s", part, table), b.t.Statement, err)
	}
	return nil
}

// partitionBound renders t as a quoted timestamptz literal for a partition
// bound. DDL takes no $n parameters, so CREATE TABLE … PARTITION OF … FOR
// VALUES FROM (…) TO (…) is the one statement in package db with a value
// spliced into its text. This function is the only way one gets there, and
// it takes only a time.Time, which Go formats (in UTC) into digits and
// '-', ':', '.', ' ', 'Z': no text from input or configuration can reach
// the SQL.
func partitionBound(t time.Time) string {
	return "'" + t.UTC().Format("2006-01-02 15:04:05.999999Z07:00") + "'"
}
