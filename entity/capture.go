package entity

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"
)

// Rows are an entity's rows as the database holds them, per table: each row
// is PostgreSQL's to_jsonb of it, put back with jsonb_populate_recordset, so
// every column round-trips without Lethe naming them.
type Rows map[string][]json.RawMessage

// Count is how many rows rows holds in all.
func (r Rows) Count() int64 {
	var n int64
	for _, rows := range r {
		n += int64(len(rows))
	}
	return n
}

// ownTables are the tables holding rows that go with the entity (those its
// terms find): the rows of a set_null edge stay when the entity goes (only
// their column is cleared), so a table reached through such edges alone is
// neither read nor written.
func (g *EntityGraph) ownTables() []string {
	return slices.DeleteFunc(slices.Clone(g.order), func(table string) bool { return len(g.terms(table, "t")) == 0 })
}

// ReadRows reads every row of the entity key that goes with it, per table,
// in exec (a transaction with one snapshot for all tables, for a consistent
// copy). A table without rows of key has an empty list.
func (g *EntityGraph) ReadRows(ctx context.Context, exec Bounded, key string) (Rows, error) {
	out := Rows{}
	for _, table := range g.ownTables() {
		// A row reached through two edges is read once.
		var sets []string
		for _, term := range g.terms(table, "t") {
			sets = append(sets, `SELECT t.* FROM `+ident(table)+` t WHERE `+term)
		}
		rows, err := exec.Query(ctx, `SELECT to_jsonb(u) FROM (`+strings.Join(sets, " UNION ")+`) u`, key)
		if err != nil {
			return nil, fmt.Errorf("read %s of %s %s: %w", table, g.Name, key, err)
		}
		list, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (json.RawMessage, error) {
			var raw []byte
			err := row.Scan(&raw)
			return json.RawMessage(raw), err
		})
		if err != nil {
			return nil, fmt.Errorf("read %s of %s %s: %w", table, g.Name, key, err)
		}
		out[table] = append([]json.RawMessage{}, list...)
	}
	return out, nil
}

// WriteRows puts rows (ReadRows of key) back in tx, which holds the entity's
// exclusive lock: whatever rows of key exist are deleted first, then every
// table's rows are inserted parents first, one statement per table. Then
// the entity's rows are counted: a table holding other than the rows given
// (a row that does not belong to key, a trigger that dropped or added rows)
// is an error naming it, and tx must be rolled back. It returns the rows
// written.
func (g *EntityGraph) WriteRows(ctx context.Context, tx Bounded, key string, rows Rows) (int64, error) {
	tables := g.ownTables()
	for table := range rows {
		if !slices.Contains(tables, table) {
			return 0, fmt.Errorf("rows of %s %s name table %s, which is not one of its tables (%s)", g.Name, key, table, strings.Join(tables, ", "))
		}
	}
	if _, err := g.DeleteRows(ctx, tx, key); err != nil {
		return 0, err
	}
	var written int64
	for _, table := range tables {
		list := rows[table]
		if len(list) == 0 {
			continue
		}
		t := ident(table)
		tag, err := tx.Exec(ctx, `INSERT INTO `+t+` SELECT r.* FROM jsonb_populate_recordset(NULL::`+t+`, $1::jsonb) r`, list)
		if err != nil {
			return 0, fmt.Errorf("write %d rows of %s %s into %s: %w", len(list), g.Name, key, table, err)
		}
		written += tag.RowsAffected()
	}
	counts, err := g.CountRows(ctx, tx, key)
	if err != nil {
		return 0, err
	}
	for _, table := range slices.Sorted(maps.Keys(counts)) {
		if want := int64(len(rows[table])); counts[table] != want {
			return 0, fmt.Errorf("%s %s: %s holds %d of its rows after writing %d: some rows given do not belong to %s %s", g.Name, key, table, counts[table], want, g.Name, key)
		}
	}
	return written, nil
}
