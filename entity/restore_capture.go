package entity

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// ConflictError is an undelete that the database as it is now cannot take:
// a column dropped or added NOT NULL without a default since the deletion,
// a unique value taken, a row changed. Table and Column name where; the
// transaction must be rolled back, so nothing changes.
type ConflictError struct {
	Entity, Key, Table, Column string
	Reason                     string
}

func (e *ConflictError) Error() string {
	where := "table " + e.Table
	if e.Column != "" {
		where += ", column " + e.Column
	}
	return fmt.Sprintf("cannot undelete %s %s: %s: %s; nothing was changed", e.Entity, e.Key, where, e.Reason)
}

// Restored is what RestoreCapture wrote, per table: rows inserted and rows
// whose set_null column it set back.
type Restored struct {
	Rows   map[string]int64 `json:"rows"`
	Nulled map[string]int64 `json:"nulled,omitempty"`
}

// Total is how many rows were inserted.
func (r Restored) Total() int64 {
	var n int64
	for _, v := range r.Rows {
		n += v
	}
	return n
}

// column is a column of a table as the database has it now.
type column struct {
	Type                string
	NotNull, HasDefault bool
	Generated           bool
}

// RestoreCapture puts the rows of c back in tx, which holds the entity's
// exclusive lock: first it checks that the tables still take them (no
// captured column dropped or retyped, no column added NOT NULL without a
// default, no row of the key written since), then inserts every table's
// rows parents first, one statement per table, counts the entity's rows
// against the capture, and sets every set_null column back to its
// captured value. A table or column that refuses is a *ConflictError
// naming it; tx must then be rolled back.
func (g *EntityGraph) RestoreCapture(ctx context.Context, tx Bounded, c *Capture) (Restored, error) {
	res := Restored{Rows: map[string]int64{}, Nulled: map[string]int64{}}
	key := c.Key
	conflict := func(table, col, format string, args ...any) error {
		return &ConflictError{Entity: g.Name, Key: key, Table: table, Column: col, Reason: fmt.Sprintf(format, args...)}
	}
	var tables []string
	for _, t := range append(slices.Clone(c.Tables), c.Nulled...) {
		if !slices.Contains(tables, t.Table) {
			tables = append(tables, t.Table)
		}
	}
	now, err := currentColumns(ctx, tx, tables)
	if err != nil {
		return res, err
	}
	for _, t := range c.Tables {
		if len(t.Rows)+len(t.Cascaded) == 0 {
			continue
		}
		cols := now[t.Table]
		if cols == nil {
			return res, conflict(t.Table, "", "the table no longer exists")
		}
		for _, name := range slices.Sorted(maps.Keys(t.Columns)) {
			col, ok := cols[name]
			switch {
			case !ok:
				return res, conflict(t.Table, name, "the column was dropped since the deletion; its captured values have nowhere to go")
			case col.Type != t.Columns[name]:
				return res, conflict(t.Table, name, "the column was %s when deleted and is %s now", t.Columns[name], col.Type)
			}
		}
		for _, name := range slices.Sorted(maps.Keys(cols)) {
			col := cols[name]
			if _, captured := t.Columns[name]; !captured && col.NotNull && !col.HasDefault && !col.Generated {
				return res, conflict(t.Table, name, "the column was added NOT NULL without a default since the deletion; the captured rows have no value for it")
			}
		}
	}
	for _, t := range c.Nulled {
		if len(t.Rows) == 0 {
			continue
		}
		if now[t.Table] == nil {
			return res, conflict(t.Table, "", "the table no longer exists")
		}
		if _, ok := now[t.Table][t.Column]; !ok {
			return res, conflict(t.Table, t.Column, "the column was dropped since the deletion; its captured references have nowhere to go")
		}
	}
	existing, err := g.CountRows(ctx, tx, key)
	if err != nil {
		return res, err
	}
	for _, table := range slices.Sorted(maps.Keys(existing)) {
		if n := existing[table]; n > 0 {
			return res, conflict(table, "", "it holds %d rows of %s %s written since the deletion", n, g.Name, key)
		}
	}
	for _, t := range c.Tables {
		rows := append(slices.Clip(t.Rows), t.Cascaded...)
		if len(rows) == 0 {
			continue
		}
		var names []string
		for _, name := range slices.Sorted(maps.Keys(t.Columns)) {
			if !now[t.Table][name].Generated {
				names = append(names, ident(name))
			}
		}
		list := strings.Join(names, ", ")
		sql := `INSERT INTO ` + ident(t.Table) + ` (` + list + `) OVERRIDING SYSTEM VALUE SELECT ` + list +
			` FROM jsonb_populate_recordset(NULL::` + ident(t.Table) + `, $1::jsonb)`
		n, err := g.restoreStatement(ctx, tx, key, t.Table, sql, rows)
		if err != nil {
			return res, err
		}
		if n != int64(len(rows)) {
			return res, fmt.Errorf("undelete %s %s: %s took %d of the %d captured rows (a trigger of the application's?)", g.Name, key, t.Table, n, len(rows))
		}
		res.Rows[t.Table] = n
	}
	counts, err := g.CountRows(ctx, tx, key)
	if err != nil {
		return res, err
	}
	for _, t := range c.Tables {
		if counts[t.Table] != int64(len(t.Rows)) {
			return res, fmt.Errorf("undelete %s %s: %s holds %d of its rows after writing the %d captured", g.Name, key, t.Table, counts[t.Table], len(t.Rows))
		}
	}
	for _, t := range c.Nulled {
		if len(t.Rows) == 0 {
			continue
		}
		n, err := g.restoreNulled(ctx, tx, t, c.Nulled)
		if err != nil {
			return res, err
		}
		if n != int64(len(t.Rows)) {
			return res, conflict(t.Table, t.Column, "%d of the %d rows whose column referenced %s %s are gone, or were changed to reference something else, since the deletion", int64(len(t.Rows))-n, len(t.Rows), g.Name, key)
		}
		res.Nulled[t.Table] += n
	}
	return res, nil
}

// restoreStatement runs one insert of RestoreCapture in a savepoint, so a
// refused insert can still be explained: a unique value taken names the
// constraint's columns.
func (g *EntityGraph) restoreStatement(ctx context.Context, tx Bounded, key, table, sql string, rows []json.RawMessage) (int64, error) {
	sp, err := tx.Begin(ctx)
	if err != nil {
		return 0, err
	}
	tag, err := sp.Exec(ctx, sql, rows)
	if err == nil {
		return tag.RowsAffected(), sp.Commit(ctx)
	}
	if rbErr := sp.Rollback(ctx); rbErr != nil {
		return 0, errors.Join(err, rbErr)
	}
	var pgErr *pgconn.PgError
	if !errors.As(err, &pgErr) {
		return 0, fmt.Errorf("undelete %s: write %d rows into %s: %w", g.Name, len(rows), table, err)
	}
	conflict := &ConflictError{Entity: g.Name, Key: key, Table: cmpOr(pgErr.TableName, table), Column: pgErr.ColumnName}
	switch pgErr.Code {
	case "23505":
		conflict.Column = constraintColumns(ctx, tx, pgErr.ConstraintName)
		conflict.Reason = fmt.Sprintf("a captured value is taken since the deletion (unique constraint %s)", pgErr.ConstraintName)
	case "23502":
		conflict.Reason = "the column is NOT NULL now, and a captured row holds NULL in it"
	case "23503":
		conflict.Column = constraintColumns(ctx, tx, pgErr.ConstraintName)
		conflict.Reason = fmt.Sprintf("a captured row references a row that is gone since the deletion (foreign key %s)", pgErr.ConstraintName)
	case "23514":
		conflict.Reason = fmt.Sprintf("a captured row fails check constraint %s added since the deletion", pgErr.ConstraintName)
	default:
		return 0, fmt.Errorf("undelete %s: write %d rows into %s: %w", g.Name, len(rows), table, err)
	}
	return 0, conflict
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// constraintColumns names the columns of the constraint or unique index
// name ("" when it cannot be read).
func constraintColumns(ctx context.Context, exec Executor, name string) string {
	var cols *string
	err := exec.QueryRow(ctx, `
		SELECT coalesce(
		    (SELECT string_agg(a.attname, ', ' ORDER BY k.i)
		     FROM pg_constraint c
		     CROSS JOIN LATERAL unnest(c.conkey) WITH ORDINALITY AS k(attnum, i)
		     JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum
		     WHERE c.conname = $1 AND pg_table_is_visible(c.conrelid) AND c.contype <> 'u'),
		    (SELECT string_agg(a.attname, ', ' ORDER BY k.i)
		     FROM pg_class x
		     JOIN pg_index i ON i.indexrelid = x.oid
		     CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, i)
		     JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
		     WHERE x.relname = $1 AND pg_table_is_visible(x.oid)))`, name).Scan(&cols)
	if err != nil || cols == nil {
		return ""
	}
	return *cols
}

// restoreNulled sets t.Column back on the rows of t, found by their
// primary key, or, in a table without one, by every column but the
// set_null columns of the capture; a row whose column is no longer NULL
// is left alone (and counted missing).
func (g *EntityGraph) restoreNulled(ctx context.Context, tx Bounded, t CapturedTable, all []CapturedTable) (int64, error) {
	pk, err := primaryKey(ctx, tx, t.Table)
	if err != nil {
		return 0, err
	}
	tpl := newIdentTemplate(map[string]string{"t": t.Table, "col": t.Column})
	match := `to_jsonb(t) - $2::text[] = r.j - $2::text[]`
	var skip []string
	if len(pk) > 0 {
		var parts []string
		for _, c := range pk {
			parts = append(parts, `to_jsonb(t) -> `+quoteLiteral(c)+` = r.j -> `+quoteLiteral(c))
		}
		match = strings.Join(parts, " AND ")
	} else {
		for _, o := range all {
			if o.Table == t.Table && !slices.Contains(skip, o.Column) {
				skip = append(skip, o.Column)
			}
		}
	}
	sql := tpl.Fill(`UPDATE {t} t SET {col} = (jsonb_populate_record(NULL::{t}, r.j)).{col}
		FROM jsonb_array_elements($1::jsonb) AS r(j)
		WHERE t.{col} IS NULL AND `) + match
	args := []any{t.Rows}
	if len(pk) == 0 {
		args = append(args, skip)
	}
	tag, err := tx.Exec(ctx, sql, args...)
	if err != nil {
		return 0, fmt.Errorf("undelete %s: set %s.%s back: %w", g.Name, t.Table, t.Column, err)
	}
	return tag.RowsAffected(), nil
}

// primaryKey returns the columns of table's primary key, or none.
func primaryKey(ctx context.Context, exec Executor, table string) ([]string, error) {
	rows, err := exec.Query(ctx, `
		SELECT a.attname
		FROM pg_index i
		CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, n)
		JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
		WHERE i.indrelid = to_regclass(quote_ident($1)) AND i.indisprimary
		ORDER BY k.n`, table)
	if err != nil {
		return nil, fmt.Errorf("read the primary key of %s: %w", table, err)
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

// currentColumns reads the columns of tables as the database has them now.
func currentColumns(ctx context.Context, exec Executor, tables []string) (map[string]map[string]column, error) {
	rows, err := exec.Query(ctx, `
		SELECT t, a.attname, format_type(a.atttypid, NULL), a.attnotnull,
		       a.atthasdef OR a.attidentity <> '', a.attgenerated <> ''
		FROM unnest($1::text[]) AS t
		JOIN pg_attribute a ON a.attrelid = to_regclass(quote_ident(t)) AND a.attnum > 0 AND NOT a.attisdropped`, tables)
	if err != nil {
		return nil, fmt.Errorf("read the columns of %s: %w", strings.Join(tables, ", "), err)
	}
	defer rows.Close()
	out := map[string]map[string]column{}
	for rows.Next() {
		var table, name string
		var c column
		if err := rows.Scan(&table, &name, &c.Type, &c.NotNull, &c.HasDefault, &c.Generated); err != nil {
			return nil, fmt.Errorf("read the columns of %s: %w", strings.Join(tables, ", "), err)
		}
		if out[table] == nil {
			out[table] = map[string]column{}
		}
		out[table][name] = c
	}
	return out, rows.Err()
}

// RestoreEncoded decodes a stored capture (Encode) of the entity key and
// puts it back in tx (RestoreCapture).
func (g *EntityGraph) RestoreEncoded(ctx context.Context, tx Bounded, key string, data []byte) (Restored, error) {
	c, err := DecodeCapture(data)
	if err != nil {
		return Restored{}, err
	}
	if c.Entity != g.Name || c.Key != key {
		return Restored{}, fmt.Errorf("the capture stored for %s %s holds %s %s", g.Name, key, c.Entity, c.Key)
	}
	return g.RestoreCapture(ctx, tx, c)
}
