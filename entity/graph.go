package entity

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/lethehq/lethe/config"
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

// SchemaOwned reports whether the schema's foreign key, not Lethe, deletes
// or detaches the edge's rows.
func (e EdgeSpec) SchemaOwned() bool { return e.OnDelete != "" }

// SelfReference reports whether the edge leads from a table to itself.
func (e EdgeSpec) SelfReference() bool { return e.Table == e.RefTable }

// nulls reports whether the edge's rows stay when their parent goes, their
// column set to NULL by the schema's foreign key.
func (e EdgeSpec) nulls() bool { return e.OnDelete == config.OnDeleteSetNull }

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
// a table that does not lead back to the root. A self-reference (a comment's
// parent comment) is the schema's own and orders nothing: its table is
// placed by its other edges.
func entityOrder(spec EntitySpec) ([]string, error) {
	order := []string{spec.Table}
	remaining := slices.DeleteFunc(slices.Clone(spec.Edges), EdgeSpec.SelfReference)
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

// edgesInto returns the edges that tie rows of table to the entity through
// a parent of another table: every edge whose rows live in table but
// self-references. What a self-reference reaches (a reply to a comment) is
// the schema's cascade's, beyond the entity's own rows, so a row's keys,
// its guard and its parents are found without it, and following it cannot
// loop.
func (g *EntityGraph) edgesInto(table string) []EdgeSpec {
	return slices.DeleteFunc(g.edgesOf(table), EdgeSpec.SelfReference)
}

// edgesOf returns every edge whose rows live in table, self-references
// included.
func (g *EntityGraph) edgesOf(table string) []EdgeSpec {
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

// Which rows of a table a term finds.
type termKind int

const (
	// gone: the rows that go with the entity, whoever deletes them: the
	// root row and the rows of every edge but set_null ones. A
	// self-reference is not followed: what the schema's cascade removes
	// through it is beyond the entity's own rows (counted by a trial).
	gone termKind = iota
	// lethes: the rows Lethe deletes itself, through edges the schema does
	// not own.
	lethes
	// nulled: the rows whose column a set_null edge's foreign key clears.
	nulled
)

// follows reports whether a term of kind follows edge e.
func (k termKind) follows(e EdgeSpec) bool {
	switch k {
	case gone:
		return !e.nulls() && !e.SelfReference()
	case lethes:
		return !e.SchemaOwned() && !e.SelfReference()
	default:
		return e.nulls()
	}
}

// terms are the conditions under which a row of table, aliased alias, goes
// with the entity whose key is $1 (termsOf, gone).
func (g *EntityGraph) terms(table, alias string) []string { return g.termsOf(table, alias, gone) }

// termsOf are the conditions under which a row of table, aliased alias,
// belongs to the entity whose key is $1 in the way kind says: one per edge
// into the table (a row belongs when any holds), each simple enough for an
// index on its column. Edges that hold the key directly compare with it, so
// their rows are found even once the root row is gone; deeper ones go
// through their parents' rows that go with the entity, a UNION ALL of the
// parent's own terms.
func (g *EntityGraph) termsOf(table, alias string, kind termKind) []string {
	var terms []string
	if table == g.Table && kind != nulled {
		terms = append(terms, newIdentTemplate(map[string]string{"a": alias, "key": g.KeyColumn}).Fill(`{a}.{key} = `+g.keyParam()))
	}
	for _, e := range g.edgesOf(table) {
		if !kind.follows(e) {
			continue
		}
		if term := g.edgeTerm(e, alias); term != "" {
			terms = append(terms, term)
		}
	}
	return terms
}

// edgeTerm is the condition under which a row of e.Table, aliased alias,
// references the entity whose key is $1 through e alone ("" when e's
// parent table has no rows that go with the entity).
func (g *EntityGraph) edgeTerm(e EdgeSpec, alias string) string {
	t := newIdentTemplate(map[string]string{"a": alias, "col": e.Column, "ref": e.RefTable, "refcol": e.RefColumn, "p": alias + "_"})
	if g.direct(e) {
		return t.Fill(`{a}.{col} = ` + g.keyParam())
	}
	var parents []string
	for _, pt := range g.terms(e.RefTable, alias+"_") {
		parents = append(parents, t.Fill(`SELECT {p}.{refcol} FROM {ref} {p} WHERE `)+pt)
	}
	if len(parents) == 0 {
		return ""
	}
	return t.Fill(`{a}.{col} IN (`) + strings.Join(parents, " UNION ALL ") + `)`
}

// nullTables are the tables of set_null edges, each once.
func (g *EntityGraph) nullTables() []string {
	var tables []string
	for _, e := range g.Edges {
		if e.nulls() && !slices.Contains(tables, e.Table) {
			tables = append(tables, e.Table)
		}
	}
	return tables
}

// CanonicalKey returns key as the database spells it for the key's type
// (a uuid in lowercase, an integer without leading zeros), so one entity has
// one tombstone and one lock whatever form a request used. A key the type
// refuses is an *KeyError.
func (g *EntityGraph) CanonicalKey(ctx context.Context, exec Executor, key string) (string, error) {
	if spelledCanonically(g.KeyType, key) {
		return key, nil // no round trip for the spelling every request uses
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

// spelledCanonically reports whether key is already how the database
// spells a value of keyType: any text; a uuid in lowercase with its four
// hyphens; an integer in range without a sign, leading zeros or spaces
// (but a minus). Other spellings, valid or not, are for the database to
// judge.
func spelledCanonically(keyType, key string) bool {
	switch keyType {
	case "text":
		return true
	case "uuid":
		if len(key) != 36 {
			return false
		}
		for i, c := range []byte(key) {
			if i == 8 || i == 13 || i == 18 || i == 23 {
				if c != '-' {
					return false
				}
			} else if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
				return false
			}
		}
		return true
	case "smallint", "integer", "bigint":
		bits := map[string]int{"smallint": 16, "integer": 32, "bigint": 64}[keyType]
		n, err := strconv.ParseInt(key, 10, bits)
		return err == nil && strconv.FormatInt(n, 10) == key
	}
	return false
}

// KeyError is a key that is not a value of its entity's key type.
type KeyError struct {
	Entity, Key, Type string
}

func (e *KeyError) Error() string {
	return fmt.Sprintf("key %s is not a valid %s key of entity %s", quote.Value(e.Key), e.Type, e.Entity)
}

// CountRows returns, per table, how many rows of the entity key exist and go
// with it, whether Lethe or the schema's cascade deletes them: what a
// deletion would remove, or, after one, what was left behind.
func (g *EntityGraph) CountRows(ctx context.Context, exec Bounded, key string) (map[string]int64, error) {
	return g.count(ctx, exec, key, g.order, gone)
}

// CountNulled returns, per table of a set_null edge, how many rows
// reference the entity key: what its deletion would detach (the schema's
// foreign key sets their column to NULL), or, after one, what still names
// it.
func (g *EntityGraph) CountNulled(ctx context.Context, exec Bounded, key string) (map[string]int64, error) {
	return g.count(ctx, exec, key, g.nullTables(), nulled)
}

// count counts, per table, the rows terms of kind find, in one statement.
func (g *EntityGraph) count(ctx context.Context, exec Executor, key string, tables []string, kind termKind) (map[string]int64, error) {
	out := make(map[string]int64, len(tables))
	var parts []string
	var counted []string
	for _, table := range tables {
		// A row reached through two edges counts once.
		var sets []string
		for _, term := range g.termsOf(table, "t", kind) {
			sets = append(sets, `SELECT t.tableoid, t.ctid FROM `+ident(table)+` t WHERE `+term)
		}
		out[table] = 0
		if len(sets) == 0 {
			continue
		}
		parts = append(parts, fmt.Sprintf(`(SELECT count(*) FROM (%s) u) AS c%d`, strings.Join(sets, " UNION "), len(parts)))
		counted = append(counted, table)
	}
	if len(parts) == 0 {
		return out, nil
	}
	counts := make([]int64, len(parts))
	dest := make([]any, len(counts))
	for i := range counts {
		dest[i] = &counts[i]
	}
	if err := exec.QueryRow(ctx, `SELECT `+strings.Join(parts, ", "), key).Scan(dest...); err != nil {
		return nil, fmt.Errorf("count rows of %s %s: %w", g.Name, key, err)
	}
	for i, table := range counted {
		out[table] = counts[i]
	}
	return out, nil
}
