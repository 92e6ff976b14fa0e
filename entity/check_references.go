package entity

import (
	"fmt"
	"slices"
	"strings"

	"github.com/lethehq/lethe/config"
)

// checkReferences reports the foreign keys into the entity's tables that
// no edge declares, and, in the same run, those into the undeclared tables
// whose rows a deletion would reach through them (a cascade, or the edge
// the first finding asks for): fixing one finding never reveals another
// on the next run. A foreign key from a table to itself is checked like
// any other.
func checkReferences(decl *config.Entity, cat *catalog) []Finding {
	type reach struct {
		oid uint32
		// via is the undeclared key through which the table was
		// reached; nil for a declared table.
		via *foreignKey
	}
	var queue []reach
	reached := map[uint32]bool{}
	for _, table := range decl.Tables() {
		if oid := cat.declaredOID(table); oid != 0 && !reached[oid] {
			reached[oid] = true
			queue = append(queue, reach{oid: oid})
		}
	}
	var findings []Finding
	for len(queue) > 0 {
		r := queue[0]
		queue = queue[1:]
		for _, fk := range cat.into[r.oid] {
			if declaredEdge(decl, cat, fk) {
				continue
			}
			findings = append(findings, undeclaredReference(decl, cat, fk, r.via))
			// A table whose rows go with the entity's (by cascade, or by
			// the edge to declare) is checked in turn; rows only set to
			// NULL go nowhere.
			if fk.onDelete != "n" && fk.onDelete != "d" && !reached[fk.table] {
				reached[fk.table] = true
				queue = append(queue, reach{oid: fk.table, via: fk})
			}
		}
	}
	return findings
}

// declaredEdge reports whether an edge of decl declares fk: an edge from
// its table to its referenced table over one of its column pairs.
func declaredEdge(decl *config.Entity, cat *catalog, fk *foreignKey) bool {
	return slices.ContainsFunc(decl.Edges, func(e config.Edge) bool {
		refTable, refColumn := e.Ref()
		return cat.declaredOID(e.Table) == fk.table && cat.declaredOID(refTable) == fk.ref && fk.pair(e.Column, refColumn)
	})
}

// undeclaredReference is the finding for fk, which no edge of decl
// declares; via is the undeclared key through which fk's referenced
// table was reached, or nil.
func undeclaredReference(decl *config.Entity, cat *catalog, fk *foreignKey, via *foreignKey) Finding {
	src, ref := cat.relations[fk.table], cat.relations[fk.ref]
	from := fmt.Sprintf("%s(%s)", src.name, strings.Join(fk.columns, ", "))
	if !src.visible {
		from = src.schema + "." + from
	}
	f := Finding{
		Entity: decl.Name, Table: src.name, Column: strings.Join(fk.columns, ", "), Kind: FindingUndeclaredReference, Severity: SeverityError,
	}
	edge := fmt.Sprintf("{table: %s, column: %s, references: %s.%s", src.name, fk.columns[0], ref.name, fk.refColumns[0])
	self := fk.table == fk.ref
	var cost string
	switch fk.onDelete {
	case "c":
		// Nothing is left behind and nothing fails (unless the cascade
		// meets a key of its own, reported as a finding of its own).
		f.Severity = SeverityWarning
		cost = fmt.Sprintf("the database cascades a deletion of entity %s to %s, but Lethe neither counts, guards nor verifies those rows", decl.Name, src.name)
		f.Fix = fmt.Sprintf("add to entity %s's edges: %s, on_delete: %s}", decl.Name, edge, config.OnDeleteCascade)
	case "n":
		cost = fmt.Sprintf("a deletion of entity %s leaves the %s rows that reference it behind, with %s set to NULL", decl.Name, src.name, strings.Join(fk.columns, ", "))
		f.Fix = fmt.Sprintf("add to entity %s's edges: %s, on_delete: %s} if those rows are to stay with %s cleared", decl.Name, edge, config.OnDeleteSetNull, fk.columns[0])
		if !self {
			f.Fix += fmt.Sprintf(", or %s} if Lethe is to delete them", edge)
		}
	case "d":
		cost = fmt.Sprintf("a deletion of entity %s leaves the %s rows that reference it behind, with %s set to its default", decl.Name, src.name, strings.Join(fk.columns, ", "))
		f.Fix = fmt.Sprintf("add to entity %s's edges: %s}", decl.Name, edge)
	default:
		cost = fmt.Sprintf("a deletion of entity %s fails on this key while %s rows reference it (and without the key would leave them behind)", decl.Name, src.name)
		f.Fix = fmt.Sprintf("add to entity %s's edges: %s}", decl.Name, edge)
	}
	if self && fk.onDelete != "c" && fk.onDelete != "n" {
		// Lethe never follows a table to itself: only the schema's key
		// can, and this one does not.
		f.Fix = fmt.Sprintf("make the schema's foreign key %s ON DELETE CASCADE or SET NULL (your migrations decide which), then add to entity %s's edges: %s, on_delete: %s or %s}",
			fk.name(), decl.Name, edge, config.OnDeleteCascade, config.OnDeleteSetNull)
	}
	if len(fk.columns) > 1 {
		f.Fix += " (an edge matches one column pair of the key)"
	}
	if !src.visible {
		f.Fix = fmt.Sprintf("put schema %s on the search_path, then %s", src.schema, f.Fix)
	}
	what := fmt.Sprintf("a table of entity %s", decl.Name)
	if via != nil {
		what = fmt.Sprintf("whose rows go with entity %s's through the undeclared foreign key %s from %s (reported too)", decl.Name, via.name(), ref.name)
		f.Fix += fmt.Sprintf(", along with the edge for %s", ref.name)
	}
	f.Problem = fmt.Sprintf("foreign key %s: %s references %s(%s), %s, and no edge declares it: %s",
		fk.name(), from, ref.name, strings.Join(fk.refColumns, ", "), what, cost)
	return f
}
