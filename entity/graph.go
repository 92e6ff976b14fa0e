package entity

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/lethehq/lethe/internal/quote"
	"github.com/lethehq/lethe/internal/sqlident"
)

// Executor is what both a pool and a transaction offer.
type Executor interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// ident quotes a table or column name from configuration.
func ident(name string) string { return sqlident.Quote(name) }

// newIdentTemplate fills SQL templates with quoted names (package
// sqlident), as package db's statements do.
func newIdentTemplate(names map[string]string) sqlident.Template { return sqlident.New(names) }

// EntitySpec is an entity as configured: a root table keyed by KeyColumn and
// the edges that lead from it to the rows hanging off it.
type EntitySpec struct {
	Name      string
	Table     string
	KeyColumn string
	Edges     []EdgeSpec
}

// EdgeSpec says that rows of Table whose Column equals RefColumn of a row of
// RefTable belong to the same entity.
type EdgeSpec struct {
	Table, Column, RefTable, RefColumn string
	// OnDelete is config.Edge.OnDelete: what the schema's own foreign key
	// does to these rows, or "" when Lethe deletes them.
	OnDelete string
}

// EntityGraph is an entity resolved against the database: its key's type is
// known and its tables are in dependency order. Its statements find the rows
// of one entity in every table through nested IN subqueries, each level with
// its own alias, so a column can never resolve to an outer table.
type EntityGraph struct {
	EntitySpec

	// KeyType is the SQL type a key is cast to (text, bigint, integer,
	// smallint or uuid).
	KeyType string

	// order lists the tables parents first: the root, then each table after
	// every table its edges reference. Deletion walks it backwards.
	order []string
	// partitioned marks partitioned tables, whose ctids are not unique.
	partitioned map[string]bool
	// schemas is where each table lives, for statements that run under
	// another session's search_path (the guards).
	schemas map[string]string
	// columnTypes are the types of the tables' columns, by table.
	columnTypes map[string]map[string]string
}

// keyTypes maps the key column types Lethe supports to the type a key
// parameter is cast to.
var keyTypes = map[string]string{
	"text": "text", "character varying": "text", "bpchar": "text", "character": "text",
	"bigint": "bigint", "integer": "integer", "smallint": "smallint", "uuid": "uuid",
}

// ResolveEntity checks spec against the database (every table and column
// exists, the key column's type is supported) and returns its graph.
func ResolveEntity(ctx context.Context, exec Executor, spec EntitySpec) (*EntityGraph, error) {
	g := &EntityGraph{EntitySpec: spec, partitioned: map[string]bool{}, schemas: map[string]string{}}
	order, err := entityOrder(spec)
	if err != nil {
		return nil, err
	}
	g.order = order
	rows, err := exec.Query(ctx, `
		SELECT n.nspname, c.relname, c.relkind = 'p', a.attname, format_type(a.atttypid, NULL)
		FROM pg_class c
		JOIN pg_namespace n ON n.oid = c.relnamespace
		JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
		WHERE c.oid = ANY (SELECT to_regclass(quote_ident(t))::oid FROM unnest($1::text[]) AS t)`, order)
	if err != nil {
		return nil, fmt.Errorf("entity %s: read its tables: %w", spec.Name, err)
	}
	columns := map[string]map[string]string{}
	for rows.Next() {
		var schema, table, column, typ string
		var partitioned bool
		if err := rows.Scan(&schema, &table, &partitioned, &column, &typ); err != nil {
			return nil, fmt.Errorf("entity %s: read its tables: %w", spec.Name, err)
		}
		if columns[table] == nil {
			columns[table] = map[string]string{}
		}
		columns[table][column] = typ
		g.partitioned[table] = partitioned
		g.schemas[table] = schema
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("entity %s: read its tables: %w", spec.Name, err)
	}
	need := func(table, column string) error {
		if columns[table] == nil {
			return fmt.Errorf("entity %s: table %s does not exist", spec.Name, table)
		}
		if _, ok := columns[table][column]; !ok {
			return fmt.Errorf("entity %s: table %s has no column %s", spec.Name, table, column)
		}
		return nil
	}
	var (
		problems []error
		seen     = map[string]bool{}
	)
	check := func(table, column string) {
		if err := need(table, column); err != nil && !seen[err.Error()] {
			seen[err.Error()] = true
			problems = append(problems, err)
		}
	}
	check(spec.Table, spec.KeyColumn)
	for _, e := range spec.Edges {
		check(e.Table, e.Column)
		check(e.RefTable, e.RefColumn)
	}
	if err := errors.Join(problems...); err != nil {
		return nil, err
	}
	g.columnTypes = columns
	keyType := columns[spec.Table][spec.KeyColumn]
	if g.KeyType = keyTypes[strings.TrimSuffix(keyType, "[]")]; g.KeyType == "" || strings.HasSuffix(keyType, "[]") {
		return nil, fmt.Errorf("entity %s: key column %s.%s is %s; supported are text, integer and uuid columns", spec.Name, spec.Table, spec.KeyColumn, keyType)
	}
	return g, nil
}

// entityOrder returns the tables of spec parents first, or an error naming
// a table that does not lead back to the root.
func entityOrder(spec EntitySpec) ([]string, error) {
	order := []string{spec.Table}
	remaining := slices.Clone(spec.Edges)
	for len(remaining) > 0 {
		progressed := false
		for _, table := range edgeTables(remaining) {
			if slices.Contains(order, table) {
				continue
			}
			ready := true
			for _, e := range remaining {
				if e.Table == table && !slices.Contains(order, e.RefTable) {
					ready = false
				}
			}
			if ready {
				order = append(order, table)
				progressed = true
			}
		}
		remaining = slices.DeleteFunc(remaining, func(e EdgeSpec) bool { return slices.Contains(order, e.Table) })
		if !progressed && len(remaining) > 0 {
			return nil, fmt.Errorf("entity %s: table %s does not lead back to the root %s without a cycle", spec.Name, remaining[0].Table, spec.Table)
		}
	}
	return order, nil
}

func edgeTables(edges []EdgeSpec) []string {
	var tables []string
	for _, e := range edges {
		if !slices.Contains(tables, e.Table) {
			tables = append(tables, e.Table)
		}
	}
	return tables
}

// Tables returns the entity's tables, parents first.
func (g *EntityGraph) Tables() []string { return slices.Clone(g.order) }

// keyParam is $1 cast to the key's type.
func (g *EntityGraph) keyParam() string { return "$1::text::" + g.KeyType }

// edgesInto returns the edges whose rows live in table.
func (g *EntityGraph) edgesInto(table string) []EdgeSpec {
	var edges []EdgeSpec
	for _, e := range g.Edges {
		if e.Table == table {
			edges = append(edges, e)
		}
	}
	return edges
}

// direct reports whether e references the root's key column, so its column
// holds the key itself.
func (g *EntityGraph) direct(e EdgeSpec) bool {
	return e.RefTable == g.Table && e.RefColumn == g.KeyColumn
}

// terms are the conditions under which a row of table, aliased alias,
// belongs to the entity whose key is $1: one per edge into the table (a row
// belongs when any holds), each simple enough for an index on its column.
// Edges that hold the key directly compare with it, so their rows are found
// even once the root row is gone; deeper ones go through their parents'
// rows, a UNION ALL of the parent's own terms.
func (g *EntityGraph) terms(table, alias string) []string {
	if table == g.Table {
		return []string{newIdentTemplate(map[string]string{"a": alias, "key": g.KeyColumn}).Fill(`{a}.{key} = ` + g.keyParam())}
	}
	var terms []string
	for _, e := range g.edgesInto(table) {
		t := newIdentTemplate(map[string]string{"a": alias, "col": e.Column, "ref": e.RefTable, "refcol": e.RefColumn, "p": alias + "_"})
		if g.direct(e) {
			terms = append(terms, t.Fill(`{a}.{col} = `+g.keyParam()))
			continue
		}
		var parents []string
		for _, pt := range g.terms(e.RefTable, alias+"_") {
			parents = append(parents, t.Fill(`SELECT {p}.{refcol} FROM {ref} {p} WHERE `)+pt)
		}
		terms = append(terms, t.Fill(`{a}.{col} IN (`)+strings.Join(parents, " UNION ALL ")+`)`)
	}
	return terms
}

// CanonicalKey returns key as the database spells it for the key's type
// (a uuid in lowercase, an integer without leading zeros), so one entity has
// one tombstone and one lock whatever form a request used. A key the type
// refuses is an *KeyError.
func (g *EntityGraph) CanonicalKey(ctx context.Context, exec Executor, key string) (string, error) {
	if g.KeyType == "text" {
		return key, nil // a text key is its own spelling: no round trip
	}
	var canonical string
	err := exec.QueryRow(ctx, `SELECT (`+g.keyParam()+`)::text`, key).Scan(&canonical)
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && (pgErr.Code == "22P02" || pgErr.Code == "22003") {
		return "", &KeyError{Entity: g.Name, Key: key, Type: g.KeyType}
	}
	if err != nil {
		return "", fmt.Errorf("entity %s: read key: %w", g.Name, err)
	}
	return canonical, nil
}

// KeyError is a key that is not a value of its entity's key type.
type KeyError struct {
	Entity, Key, Type string
}

func (e *KeyError) Error() string {
	return fmt.Sprintf("key %s is not a valid %s key of entity %s", quote.Value(e.Key), e.Type, e.Entity)
}

// CountRows returns, per table, how many rows of the entity key exist: what
// a deletion would remove, or, after one, what was left behind.
func (g *EntityGraph) CountRows(ctx context.Context, exec Executor, key string) (map[string]int64, error) {
	var parts []string
	for i, table := range g.order {
		// A row reached through two edges counts once.
		var sets []string
		for _, term := range g.terms(table, "t") {
			sets = append(sets, `SELECT t.tableoid, t.ctid FROM `+ident(table)+` t WHERE `+term)
		}
		parts = append(parts, fmt.Sprintf(`(SELECT count(*) FROM (%s) u) AS c%d`, strings.Join(sets, " UNION "), i))
	}
	counts := make([]int64, len(g.order))
	dest := make([]any, len(counts))
	for i := range counts {
		dest[i] = &counts[i]
	}
	if err := exec.QueryRow(ctx, `SELECT `+strings.Join(parts, ", "), key).Scan(dest...); err != nil {
		return nil, fmt.Errorf("count rows of %s %s: %w", g.Name, key, err)
	}
	out := make(map[string]int64, len(counts))
	for i, table := range g.order {
		out[table] = counts[i]
	}
	return out, nil
}

// DeleteRows removes every row of the entity key, children first, and
// returns the rows deleted per table. Call it in the transaction that holds
// the entity's exclusive lock (LockExclusive) and writes its tombstone.
func (g *EntityGraph) DeleteRows(ctx context.Context, exec Executor, key string) (map[string]int64, error) {
	deleted := make(map[string]int64, len(g.order))
	for _, table := range slices.Backward(g.order) {
		deleted[table] = 0
		for _, term := range g.terms(table, "t") {
			tag, err := exec.Exec(ctx, `DELETE FROM `+ident(table)+` t WHERE `+term, key)
			if err != nil {
				return deleted, fmt.Errorf("delete %s %s from %s: %w", g.Name, key, table, err)
			}
			deleted[table] += tag.RowsAffected()
		}
	}
	return deleted, nil
}

// DeleteChunks deletes a large entity's rows ahead of its final
// transaction: when some table holds more than chunk rows of the entity,
// every table but the root is emptied of the entity's rows, children first,
// chunk rows per statement, each statement its own transaction. The root
// row stays for the final transaction, which deletes whatever was written
// meanwhile with the root, under the exclusive lock, and writes the
// tombstone. An entity with at most chunk rows in every table is left alone,
// so a small deletion stays one transaction.
//
// A foreign key refusing a chunk (a writer added a child under a parent that
// was about to go) ends the chunks early: the final transaction deletes
// children first under the exclusive lock, which writers wait for. It
// returns the rows deleted per table.
func (g *EntityGraph) DeleteChunks(ctx context.Context, exec Executor, key string, chunk int) (map[string]int64, error) {
	deleted := map[string]int64{}
	large, err := g.Large(ctx, exec, key, chunk)
	if err != nil || !large {
		return deleted, err
	}
	for _, table := range slices.Backward(g.order[1:]) {
		for _, term := range g.terms(table, "t") {
			n, err := g.deleteChunks(ctx, exec, table, term, key, chunk)
			deleted[table] += n
			var pgErr *pgconn.PgError
			if errors.As(err, &pgErr) && pgErr.Code == "23503" {
				return deleted, nil
			}
			if err != nil {
				return deleted, err
			}
		}
	}
	return deleted, nil
}

// Large reports whether some table but the root holds more than chunk rows
// of the entity key, so its deletion runs in chunks (DeleteChunks). It asks
// in one statement whose every part stops at chunk+1 rows.
func (g *EntityGraph) Large(ctx context.Context, exec Executor, key string, chunk int) (bool, error) {
	var parts []string
	for _, table := range g.order[1:] {
		for _, term := range g.terms(table, "t") {
			parts = append(parts, newIdentTemplate(map[string]string{"table": table}).Fill(
				`(SELECT count(*) > $2 FROM (SELECT 1 FROM {table} t WHERE `+term+` LIMIT $2 + 1) m)`))
		}
	}
	if len(parts) == 0 {
		return false, nil
	}
	var large bool
	if err := exec.QueryRow(ctx, `SELECT `+strings.Join(parts, " OR "), key, chunk).Scan(&large); err != nil {
		return false, fmt.Errorf("count the rows of %s %s: %w", g.Name, key, err)
	}
	return large, nil
}

// deleteChunks deletes the rows of table that match term, chunk rows per
// statement, until a statement finds fewer.
func (g *EntityGraph) deleteChunks(ctx context.Context, exec Executor, table, term, key string, chunk int) (int64, error) {
	tpl := newIdentTemplate(map[string]string{"table": table})
	// A tid scan takes the chunk's rows; on a partitioned table a ctid
	// names a row only together with its partition.
	del := tpl.Fill(`DELETE FROM {table} WHERE ctid = ANY (ARRAY(SELECT t.ctid FROM {table} t WHERE ` + term + ` LIMIT $2))`)
	if g.partitioned[table] {
		del = tpl.Fill(`DELETE FROM {table} WHERE (tableoid, ctid) IN (SELECT t.tableoid, t.ctid FROM {table} t WHERE ` + term + ` LIMIT $2)`)
	}
	var deleted int64
	for {
		if err := ctx.Err(); err != nil {
			return deleted, err
		}
		tag, err := exec.Exec(ctx, del, key, chunk)
		if err != nil {
			return deleted, fmt.Errorf("delete a chunk of %s %s from %s: %w", g.Name, key, table, err)
		}
		deleted += tag.RowsAffected()
		if tag.RowsAffected() < int64(chunk) {
			return deleted, nil
		}
	}
}
