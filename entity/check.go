package entity

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/lethehq/lethe/config"
)

// Severity says what a Finding costs if it is left as it is.
type Severity string

const (
	// SeverityError is a finding that loses data or breaks deletion: rows
	// left behind, a deletion that fails, a table or column that is not
	// there, a late write let through.
	SeverityError Severity = "error"
	// SeverityWarning is a finding that deletion survives: a slow
	// deletion, or something worth knowing.
	SeverityWarning Severity = "warning"
)

// FindingKind names what Check found.
type FindingKind string

const (
	// FindingUnresolved: a declared table or column does not exist, or the
	// declaration does not resolve for another reason.
	FindingUnresolved FindingKind = "unresolved"
	// FindingUndeclaredReference: a foreign key points at one of the
	// entity's tables from a column no edge declares.
	FindingUndeclaredReference FindingKind = "undeclared_reference"
	// FindingTypeMismatch: an edge's column is not of its referenced
	// column's type.
	FindingTypeMismatch FindingKind = "type_mismatch"
	// FindingMissingIndex: no index starts with an edge's column.
	FindingMissingIndex FindingKind = "missing_index"
	// FindingSharedTable: a table belongs to more than one entity.
	FindingSharedTable FindingKind = "shared_table"
	// FindingDuplicateEdge: one edge is declared by more than one entity.
	FindingDuplicateEdge FindingKind = "duplicate_edge"
	// FindingGuard: a late-write guard is missing, stale or undeclared.
	FindingGuard FindingKind = "guard"
)

// Finding is one thing Check found wrong, or worth knowing, about an
// entity's declaration in the database.
type Finding struct {
	Entity string
	// Table and Column are where the finding is; Column is empty for a
	// whole table, and lists the columns of a multi-column foreign key
	// ("a, b").
	Table  string
	Column string
	// Problem says what is wrong and what it costs; Fix what to do about
	// it: the edge to declare, the statement to run or the command.
	Problem string
	Fix     string

	Kind     FindingKind
	Severity Severity
}

func (f Finding) String() string {
	return fmt.Sprintf("%s: entity %s: %s (fix: %s)", f.Severity, f.Entity, f.Problem, f.Fix)
}

// Check compares every entity of cfg with the database and reports, per
// entity:
//
//   - foreign keys pointing at one of its tables from a column no edge
//     declares: deleting the entity would fail on them, or leave their rows
//     behind (errors, fixed by the edge to add);
//   - edge columns whose type differs from the referenced column's (errors:
//     the deletion's comparisons fail);
//   - declared tables or columns that do not exist (errors);
//   - late-write guards missing or stale (errors) or left over from an
//     undeclared entity or table (warnings), fixed by `lethe guards install`;
//   - edge columns no index starts with (warnings: each deletion scans the
//     table), with the CREATE INDEX that fixes them;
//   - tables shared with another entity and edges declared by two
//     (warnings: deleting either entity removes those rows).
//
// A foreign key from a table to itself is not reported: an edge cannot
// lead from a table back to itself, and one deletion removes both rows.
// A foreign key over several columns counts as declared when an edge
// declares one of its column pairs. The error is for failing to read the
// catalog only.
func Check(ctx context.Context, exec Executor, cfg *config.Config) ([]Finding, error) {
	var decls []*config.Entity
	var tables []string
	for _, name := range cfg.EntityNames() {
		decl := cfg.Entity(name)
		decls = append(decls, decl)
		for _, t := range decl.Tables() {
			if !slices.Contains(tables, t) {
				tables = append(tables, t)
			}
		}
	}
	cat, err := readCatalog(ctx, exec, tables)
	if err != nil {
		return nil, err
	}
	var (
		findings   []Finding
		graphs     []*EntityGraph
		unresolved []string
	)
	for _, decl := range decls {
		missing := checkExists(decl, cat)
		findings = append(findings, missing...)
		if len(missing) > 0 {
			unresolved = append(unresolved, decl.Name)
		} else {
			// Whatever else keeps the declaration from resolving (an
			// unsupported key type, say): its own message.
			if g, err := ResolveEntity(ctx, exec, Spec(decl)); err == nil {
				graphs = append(graphs, g)
			} else {
				unresolved = append(unresolved, decl.Name)
				findings = append(findings, Finding{
					Entity: decl.Name, Table: decl.Table, Column: decl.KeyColumn, Kind: FindingUnresolved, Severity: SeverityError,
					Problem: err.Error(), Fix: "correct entity " + decl.Name + "'s declaration",
				})
			}
		}
		findings = append(findings, checkReferences(decl, cat)...)
		findings = append(findings, checkTypes(decl, cat)...)
		findings = append(findings, checkIndexes(decl, cat)...)
		findings = append(findings, checkShared(decl, decls)...)
	}
	guards, err := checkGuardFindings(ctx, exec, graphs, unresolved)
	if err != nil {
		return nil, err
	}
	findings = append(findings, guards...)
	return findings, nil
}

// catalog is what Check reads of the declared tables.
type catalog struct {
	tables map[string]*catalogTable
	// references are the foreign keys that point at a declared table.
	references []foreignKey
}

type catalogTable struct {
	oid         uint32
	partitioned bool
	// columns maps a column's name to its type, without and with its
	// modifier ("character varying", "character varying(64)").
	columns map[string][2]string
	// indexed are the columns some valid, non-partial index starts with.
	indexed map[string]bool
}

type foreignKey struct {
	name string
	// table is the referencing table: its name, schema, and whether the
	// search_path (through which edges name tables) finds it.
	table, schema string
	visible       bool
	columns       []string
	// refTable is the declared table referenced.
	refTable   string
	refColumns []string
	// onDelete is pg_constraint.confdeltype.
	onDelete string
}

func readCatalog(ctx context.Context, exec Executor, tables []string) (*catalog, error) {
	cat := &catalog{tables: map[string]*catalogTable{}}
	rows, err := exec.Query(ctx, `
		SELECT t.name, c.oid, c.relkind = 'p', a.attname,
		       format_type(a.atttypid, NULL), format_type(a.atttypid, a.atttypmod),
		       EXISTS (SELECT 1 FROM pg_index i
		               WHERE i.indrelid = c.oid AND i.indkey[0] = a.attnum AND i.indpred IS NULL AND i.indisvalid)
		FROM unnest($1::text[]) AS t (name)
		JOIN pg_class c ON c.oid = to_regclass(quote_ident(t.name))
		JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped`, tables)
	if err != nil {
		return nil, fmt.Errorf("check entities: read their tables: %w", err)
	}
	var oids []uint32
	names := map[uint32]string{}
	for rows.Next() {
		var (
			table, column, typ, fullType string
			oid                          uint32
			partitioned, indexed         bool
		)
		if err := rows.Scan(&table, &oid, &partitioned, &column, &typ, &fullType, &indexed); err != nil {
			return nil, fmt.Errorf("check entities: read their tables: %w", err)
		}
		t := cat.tables[table]
		if t == nil {
			t = &catalogTable{oid: oid, partitioned: partitioned, columns: map[string][2]string{}, indexed: map[string]bool{}}
			cat.tables[table] = t
			oids = append(oids, oid)
			names[oid] = table
		}
		t.columns[column] = [2]string{typ, fullType}
		t.indexed[column] = indexed
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("check entities: read their tables: %w", err)
	}

	// Constraints a partition inherits from its partitioned table, or
	// that PostgreSQL adds for each partition of a referenced partitioned
	// table, have a parent: the parent's constraint stands for them.
	rows, err = exec.Query(ctx, `
		SELECT con.conname, src.relname, n.nspname, pg_table_is_visible(src.oid), con.confrelid, con.confdeltype::text,
		       ARRAY(SELECT a.attname::text FROM unnest(con.conkey) WITH ORDINALITY AS k (attnum, n)
		             JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum ORDER BY k.n),
		       ARRAY(SELECT a.attname::text FROM unnest(con.confkey) WITH ORDINALITY AS k (attnum, n)
		             JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.attnum ORDER BY k.n)
		FROM pg_constraint con
		JOIN pg_class src ON src.oid = con.conrelid
		JOIN pg_namespace n ON n.oid = src.relnamespace
		WHERE con.contype = 'f' AND con.conparentid = 0 AND con.confrelid = ANY ($1::oid[])
		ORDER BY src.relname, con.conname`, oids)
	if err != nil {
		return nil, fmt.Errorf("check entities: read the foreign keys to their tables: %w", err)
	}
	for rows.Next() {
		var fk foreignKey
		var ref uint32
		if err := rows.Scan(&fk.name, &fk.table, &fk.schema, &fk.visible, &ref, &fk.onDelete, &fk.columns, &fk.refColumns); err != nil {
			return nil, fmt.Errorf("check entities: read the foreign keys to their tables: %w", err)
		}
		fk.refTable = names[ref]
		cat.references = append(cat.references, fk)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("check entities: read the foreign keys to their tables: %w", err)
	}
	return cat, nil
}

// checkExists reports the declared tables and columns that do not exist.
func checkExists(decl *config.Entity, cat *catalog) []Finding {
	var findings []Finding
	reported := map[[2]string]bool{}
	need := func(table, column string) {
		t := cat.tables[table]
		if t == nil {
			column = ""
		} else if _, ok := t.columns[column]; ok {
			return
		}
		if reported[[2]string{table, column}] {
			return
		}
		reported[[2]string{table, column}] = true
		f := Finding{
			Entity: decl.Name, Table: table, Column: column, Kind: FindingUnresolved, Severity: SeverityError,
			Problem: fmt.Sprintf("table %s has no column %s: entity %s cannot be deleted", table, column, decl.Name),
			Fix:     fmt.Sprintf("add column %s to %s, or correct entity %s's declaration", column, table, decl.Name),
		}
		if t == nil {
			f.Problem = fmt.Sprintf("table %s does not exist (on the search_path): entity %s cannot be deleted", table, decl.Name)
			f.Fix = fmt.Sprintf("create table %s, or correct entity %s's declaration", table, decl.Name)
		}
		findings = append(findings, f)
	}
	need(decl.Table, decl.KeyColumn)
	for _, e := range decl.Edges {
		refTable, refColumn := e.Ref()
		need(e.Table, e.Column)
		need(refTable, refColumn)
	}
	return findings
}

// checkReferences reports the foreign keys into the entity's tables that
// no edge declares.
func checkReferences(decl *config.Entity, cat *catalog) []Finding {
	tables := decl.Tables()
	var findings []Finding
	for _, fk := range cat.references {
		if !slices.Contains(tables, fk.refTable) || (fk.table == fk.refTable && fk.visible) {
			continue
		}
		declared := slices.ContainsFunc(decl.Edges, func(e config.Edge) bool {
			refTable, refColumn := e.Ref()
			if !fk.visible || e.Table != fk.table || refTable != fk.refTable {
				return false
			}
			for i, column := range fk.columns {
				if e.Column == column && refColumn == fk.refColumns[i] {
					return true
				}
			}
			return false
		})
		if declared {
			continue
		}
		from := fmt.Sprintf("%s(%s)", fk.table, strings.Join(fk.columns, ", "))
		if !fk.visible {
			from = fk.schema + "." + from
		}
		var cost string
		switch fk.onDelete {
		case "c":
			cost = fmt.Sprintf("the database cascades a deletion of entity %s to %s, but Lethe neither guards those rows against late writes nor checks what references them", decl.Name, fk.table)
		case "n", "d":
			cost = fmt.Sprintf("a deletion of entity %s leaves the %s rows that reference it behind, with %s set to NULL or a default", decl.Name, fk.table, strings.Join(fk.columns, ", "))
		default:
			cost = fmt.Sprintf("a deletion of entity %s fails on this key while %s rows reference it (and without the key would leave them behind)", decl.Name, fk.table)
		}
		f := Finding{
			Entity: decl.Name, Table: fk.table, Column: strings.Join(fk.columns, ", "), Kind: FindingUndeclaredReference, Severity: SeverityError,
			Problem: fmt.Sprintf("foreign key %s: %s references %s(%s), a table of entity %s, and no edge declares it: %s",
				fk.name, from, fk.refTable, strings.Join(fk.refColumns, ", "), decl.Name, cost),
			Fix: fmt.Sprintf("add to entity %s's edges: {table: %s, column: %s, references: %s.%s}",
				decl.Name, fk.table, fk.columns[0], fk.refTable, fk.refColumns[0]),
		}
		if len(fk.columns) > 1 {
			f.Fix += " (an edge matches one column pair of the key)"
		}
		if !fk.visible {
			f.Fix = fmt.Sprintf("put schema %s on the search_path, then %s", fk.schema, f.Fix)
		}
		findings = append(findings, f)
	}
	return findings
}

// sameType reports whether a and b (format_type without modifier) compare
// as one type. text and character varying are one: their comparisons and
// indexes are the same.
func sameType(a, b string) bool {
	norm := func(t string) string {
		if t == "character varying" {
			return "text"
		}
		return t
	}
	return norm(a) == norm(b)
}

// checkTypes reports edges whose column's type differs from the
// referenced column's.
func checkTypes(decl *config.Entity, cat *catalog) []Finding {
	var findings []Finding
	for _, e := range decl.Edges {
		refTable, refColumn := e.Ref()
		t, ref := cat.tables[e.Table], cat.tables[refTable]
		if t == nil || ref == nil {
			continue
		}
		typ, ok1 := t.columns[e.Column]
		refType, ok2 := ref.columns[refColumn]
		if !ok1 || !ok2 || sameType(typ[0], refType[0]) {
			continue
		}
		// The guard's trigger names the column, which keeps its type from
		// changing: drop it first, and install the guards again after.
		tpl := newIdentTemplate(map[string]string{"table": e.Table, "col": e.Column, "trigger": guardPrefix + decl.Name})
		findings = append(findings, Finding{
			Entity: decl.Name, Table: e.Table, Column: e.Column, Kind: FindingTypeMismatch, Severity: SeverityError,
			Problem: fmt.Sprintf("edge %s.%s is %s but references %s, which is %s: a deletion of entity %s fails comparing them",
				e.Table, e.Column, typ[1], e.References, refType[1], decl.Name),
			Fix: tpl.Fill(`DROP TRIGGER IF EXISTS {trigger} ON {table}; ALTER TABLE {table} ALTER COLUMN {col} TYPE `) + refType[1] +
				tpl.Fill(` USING {col}::`) + refType[1] + "; then " + GuardsInstallCommand,
		})
	}
	return findings
}

// checkIndexes reports the root key column and the edge columns that no
// index starts with: each deletion (and each guarded write below them)
// would scan the table.
func checkIndexes(decl *config.Entity, cat *catalog) []Finding {
	var findings []Finding
	seen := map[[2]string]bool{}
	check := func(table, column string) {
		t := cat.tables[table]
		if t == nil || seen[[2]string{table, column}] {
			return
		}
		seen[[2]string{table, column}] = true
		if _, ok := t.columns[column]; !ok || t.indexed[column] {
			return
		}
		name := indexName(table, column)
		tpl := newIdentTemplate(map[string]string{"name": name, "table": table, "col": column})
		f := Finding{
			Entity: decl.Name, Table: table, Column: column, Kind: FindingMissingIndex, Severity: SeverityWarning,
			Problem: fmt.Sprintf("no index starts with %s.%s: every deletion of %s scans %s", table, column, decl.Name, table),
			Fix:     tpl.Fill(`CREATE INDEX CONCURRENTLY IF NOT EXISTS {name} ON {table} ({col})`),
		}
		if t.partitioned {
			// A partitioned table cannot be indexed concurrently.
			f.Fix = tpl.Fill(`CREATE INDEX IF NOT EXISTS {name} ON {table} ({col})`) + " (a partitioned table cannot be indexed concurrently: this blocks its writes while it builds)"
		}
		findings = append(findings, f)
	}
	check(decl.Table, decl.KeyColumn)
	for _, e := range decl.Edges {
		check(e.Table, e.Column)
	}
	return findings
}

// indexName is <table>_<column>_idx, within the 63 bytes of an identifier.
func indexName(table, column string) string {
	name := table + "_" + column
	if len(name) > 59 {
		name = name[:59]
	}
	return name + "_idx"
}

// checkShared reports the tables decl shares with other entities, and the
// edges it declares that another entity declares too.
func checkShared(decl *config.Entity, decls []*config.Entity) []Finding {
	var findings []Finding
	for _, table := range decl.Tables() {
		for _, other := range decls {
			if other.Name == decl.Name || !slices.Contains(other.Tables(), table) {
				continue
			}
			findings = append(findings, Finding{
				Entity: decl.Name, Table: table, Kind: FindingSharedTable, Severity: SeverityWarning,
				Problem: fmt.Sprintf("table %s also belongs to entity %s: deleting either removes the rows of %s that belong to it", table, other.Name, table),
				Fix:     "nothing, if that is meant; otherwise declare the table in one entity",
			})
		}
	}
	for _, e := range decl.Edges {
		for _, other := range decls {
			if other.Name != decl.Name && slices.Contains(other.Edges, e) {
				findings = append(findings, Finding{
					Entity: decl.Name, Table: e.Table, Column: e.Column, Kind: FindingDuplicateEdge, Severity: SeverityWarning,
					Problem: fmt.Sprintf("edge {table: %s, column: %s, references: %s} is declared by entity %s too: deleting either removes the rows it reaches", e.Table, e.Column, e.References, other.Name),
					Fix:     "nothing, if that is meant; otherwise declare the edge in one entity",
				})
			}
		}
	}
	return findings
}

// GuardsInstallCommand is the command that brings the guards up to date.
const GuardsInstallCommand = "lethe guards install"

// checkGuardFindings reports the guards that are missing or stale
// (errors: late writes to a deleted entity get through) and those left
// from undeclared entities or tables (warnings: they refuse writes no
// declaration asks to refuse). Entities that do not resolve are reported
// by checkExists.
func checkGuardFindings(ctx context.Context, exec Executor, graphs []*EntityGraph, unresolved []string) ([]Finding, error) {
	changes, err := checkGuards(ctx, exec, graphs, unresolved)
	if err != nil {
		return nil, err
	}
	var findings []Finding
	for _, ch := range changes {
		f := Finding{Entity: ch.Entity, Table: ch.Table, Kind: FindingGuard, Severity: SeverityError, Fix: GuardsInstallCommand}
		switch ch.Action {
		case "missing":
			f.Problem = fmt.Sprintf("table %s has no late-write guard: a write racing the deletion of %s can bring its rows back", ch.Table, ch.Entity)
		case "stale":
			f.Problem = fmt.Sprintf("the late-write guard on %s is of an older declaration of %s: it may let late writes through", ch.Table, ch.Entity)
		default:
			f.Severity = SeverityWarning
			f.Problem = fmt.Sprintf("table %s has a late-write guard of entity %s, which no longer declares it: it refuses writes for that entity's tombstones", ch.Table, ch.Entity)
		}
		findings = append(findings, f)
	}
	return findings, nil
}
