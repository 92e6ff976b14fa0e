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
	// FindingUnbackedEdge: no foreign key backs an edge of Lethe's own.
	FindingUnbackedEdge FindingKind = "unbacked_edge"
	// FindingEdgeKey: the foreign key behind an edge is missing, does
	// another ON DELETE than the edge says, or lacks some partitions.
	FindingEdgeKey FindingKind = "edge_key"
	// FindingSchemaReach: a schema-owned edge deletes or changes rows that
	// other entities hold.
	FindingSchemaReach FindingKind = "schema_reach"
	// FindingNotMigrated: Lethe's own tables are missing.
	FindingNotMigrated FindingKind = "not_migrated"
)

// Finding is one thing Check found wrong, or worth knowing, about an
// entity's declaration in the database.
type Finding struct {
	// Entity is empty for a finding about Lethe's own tables.
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
	if f.Entity == "" {
		return fmt.Sprintf("%s: %s (fix: %s)", f.Severity, f.Problem, f.Fix)
	}
	return fmt.Sprintf("%s: entity %s: %s (fix: %s)", f.Severity, f.Entity, f.Problem, f.Fix)
}

// Check compares every entity of cfg with the database and reports, per
// entity:
//
//   - foreign keys pointing at one of its tables from a column no edge
//     declares, and those pointing at the tables such keys lead from, all in
//     one run: errors when deleting the entity would fail on them or leave
//     their rows behind, warnings when the database cascades to rows Lethe
//     does not know of; each fixed by the edge to add;
//   - edge columns whose type differs from the referenced column's (errors:
//     the deletion's comparisons fail), fixed in the declaration;
//   - declared tables or columns that do not exist (errors);
//   - schema-owned edges (on_delete) without a foreign key doing that
//     action on every partition (errors), and those whose key takes rows
//     other entities hold (warnings);
//   - edges of Lethe's own no foreign key backs (warnings, with how many of
//     a sample of their values match no referenced row);
//   - late-write guards missing or stale (errors) or left over from an
//     undeclared entity or table (warnings), fixed by `lethe guards install`;
//     before `lethe migrate up` one finding says Lethe's tables are missing
//     instead;
//   - edge columns no index serves (warnings: each deletion scans the
//     table), with the CREATE INDEX that fixes them;
//   - tables shared with another entity and edges declared by two
//     (warnings: deleting either entity removes those rows).
//
// Foreign keys declared on partitions rather than on their partitioned
// table count for the partitioned table, which edges name. A foreign key
// over several columns counts as declared when an edge declares one of its
// column pairs. The error is for failing to read the catalog only.
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
		_, statement := cfg.EntityTimeouts(decl.Name)
		keys, err := checkEdgeKeys(ctx, exec, decl, cat, min(statement.D(), edgeSampleTimeout))
		if err != nil {
			return nil, err
		}
		findings = append(findings, keys...)
		findings = append(findings, checkIndexes(decl, cat)...)
		findings = append(findings, checkShared(decl, decls)...)
	}
	notMigrated, err := CheckMigrated(ctx, exec)
	if err != nil {
		return nil, err
	}
	if notMigrated != nil {
		// The guards' checks need lethe_tombstones: one finding for all.
		return append(findings, notMigrated...), nil
	}
	guards, err := checkGuardFindings(ctx, exec, graphs, unresolved)
	if err != nil {
		return nil, err
	}
	findings = append(findings, guards...)
	return findings, nil
}

// CheckMigrated returns the one finding that Lethe's own tables are
// missing (lethe_tombstones is not on the search_path), or none. Check
// includes it, in place of the guard findings, which need that table.
func CheckMigrated(ctx context.Context, exec Executor) ([]Finding, error) {
	var ok bool
	if err := exec.QueryRow(ctx, `SELECT to_regclass('lethe_tombstones') IS NOT NULL`).Scan(&ok); err != nil {
		return nil, fmt.Errorf("check entities: look for lethe_tombstones: %w", err)
	}
	if ok {
		return nil, nil
	}
	return []Finding{{
		Kind: FindingNotMigrated, Severity: SeverityError, Table: "lethe_tombstones",
		Problem: "Lethe's own tables are missing (run lethe migrate up): the late-write guards, which read lethe_tombstones, were not checked",
		Fix:     "lethe migrate up",
	}}, nil
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
// referenced column's. The declaration and the database disagree; the fix
// is the declaration's, never a change to the user's column: most likely
// the edge names the wrong column, and a foreign key from its table to the
// referenced one names the right one.
func checkTypes(decl *config.Entity, cat *catalog) []Finding {
	var findings []Finding
	for _, e := range decl.Edges {
		typ, refType, ok := cat.edgeTypes(e)
		if !ok || sameType(typ[0], refType[0]) {
			continue
		}
		refTable, refColumn := e.Ref()
		t := cat.tables[e.Table]
		f := Finding{
			Entity: decl.Name, Table: e.Table, Column: e.Column, Kind: FindingTypeMismatch, Severity: SeverityError,
			Problem: fmt.Sprintf("edge %s.%s is %s but references %s, which is %s: the declaration and the database disagree, and a deletion of entity %s fails comparing them",
				e.Table, e.Column, typ[1], e.References, refType[1], decl.Name),
		}
		switch col := keyedColumn(cat, e.Table, refTable, refColumn); {
		case col != "" && col != e.Column:
			f.Fix = fmt.Sprintf("correct the edge, which is most likely what is wrong: a foreign key ties %s.%s to %s, so declare {table: %s, column: %s, references: %s} instead",
				e.Table, col, e.References, e.Table, col, e.References)
		default:
			var same []string
			for name, ct := range t.columns {
				if sameType(ct[0], refType[0]) && name != e.Column {
					same = append(same, name)
				}
			}
			slices.Sort(same)
			f.Fix = fmt.Sprintf("correct the edge, which is most likely what is wrong: name the column of %s that holds %s values (a %s column", e.Table, e.References, refType[0])
			if len(same) > 0 {
				f.Fix += ": " + strings.Join(same, ", ") + " in " + e.Table
			} else {
				f.Fix += "; " + e.Table + " has none"
			}
			f.Fix += fmt.Sprintf("). If %s.%s does hold them, the schema stores them as another type, which Lethe does not follow; keep that table out of the entity", e.Table, e.Column)
		}
		findings = append(findings, f)
	}
	return findings
}

// checkIndexes reports the root key column and the edge columns that no
// index serves: each deletion (and each guarded write below them) would
// scan the table. A partial index serves when the deletion's statements
// imply its predicate: (col) WHERE col IS NOT NULL serves col = $1.
func checkIndexes(decl *config.Entity, cat *catalog) []Finding {
	var findings []Finding
	seen := map[[2]string]bool{}
	check := func(table, column string) {
		t := cat.tables[table]
		if t == nil || seen[[2]string{table, column}] {
			return
		}
		seen[[2]string{table, column}] = true
		if _, ok := t.columns[column]; !ok || t.indexed(column) {
			return
		}
		name := indexName(table, column)
		tpl := newIdentTemplate(map[string]string{"name": name, "table": table, "col": column})
		f := Finding{
			Entity: decl.Name, Table: table, Column: column, Kind: FindingMissingIndex, Severity: SeverityWarning,
			Problem: fmt.Sprintf("no index starts with %s.%s (a partial one only if its WHERE is %s IS NOT NULL): every deletion of %s scans %s", table, column, column, decl.Name, table),
			Fix:     tpl.Fill(`CREATE INDEX CONCURRENTLY IF NOT EXISTS {name} ON {table} ({col})`),
		}
		if t.partitioned {
			missing, leaves := t.unindexedLeaves(column)
			if len(missing) == 0 && leaves > 0 {
				return // every partition has an index of its own
			}
			// A partitioned table cannot be indexed concurrently; each of
			// its partitions can.
			f.Fix = tpl.Fill(`CREATE INDEX IF NOT EXISTS {name} ON {table} ({col})`) + " (a partitioned table cannot be indexed concurrently: this blocks its writes while it builds)"
			if len(missing) < leaves {
				f.Problem = fmt.Sprintf("%s.%s is indexed on %d of the %d partitions of %s, not on %s: every deletion of %s scans %s",
					table, column, leaves-len(missing), leaves, table, strings.Join(missing, ", "), decl.Name, map[bool]string{true: "that partition", false: "those partitions"}[len(missing) == 1])
				var fixes []string
				for _, leaf := range missing {
					fixes = append(fixes, newIdentTemplate(map[string]string{"name": indexName(leaf, column), "leaf": leaf, "col": column}).
						Fill(`CREATE INDEX CONCURRENTLY IF NOT EXISTS {name} ON {leaf} ({col})`))
				}
				f.Fix = strings.Join(fixes, "; ") + " (each partition on its own, without blocking its writes)"
			}
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
		f := Finding{Entity: ch.Entity, Table: ch.Table, Kind: FindingGuard, Severity: SeverityError, Fix: ch.Fix()}
		switch {
		case ch.Action == "missing":
			f.Problem = fmt.Sprintf("table %s has no late-write guard: a write racing the deletion of %s can bring its rows back", ch.Table, ch.Entity)
		case ch.Action == "stale":
			f.Problem = fmt.Sprintf("the late-write guard on %s is of an older declaration of %s: it may let late writes through", ch.Table, ch.Entity)
		case !ch.EntityDeclared:
			f.Severity = SeverityWarning
			f.Problem = fmt.Sprintf("table %s has a late-write guard of entity %s, which the configuration does not declare: it keeps refusing writes for that entity's tombstones until lethe guards remove %s", ch.Table, ch.Entity, ch.Entity)
		default:
			f.Severity = SeverityWarning
			f.Problem = fmt.Sprintf("table %s has a late-write guard of entity %s, which no longer declares it: it refuses writes for that entity's tombstones", ch.Table, ch.Entity)
		}
		findings = append(findings, f)
	}
	return findings, nil
}
