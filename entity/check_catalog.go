package entity

import (
	"context"
	"fmt"
	"github.com/lethehq/lethe/config"
	"slices"
	"strings"

	"github.com/lethehq/lethe/internal/sqlident"
)

// catalog is what Check reads of the declared tables and of every table
// whose foreign keys lead into them, directly or through other such tables.
type catalog struct {
	// tables are the declared tables, by the name the configuration gives.
	tables map[string]*catalogTable
	// relations names every table read: the declared ones and those that
	// reference them.
	relations map[uint32]relation
	// into lists the foreign keys that point at a table, by its oid.
	into map[uint32][]*foreignKey
}

type catalogTable struct {
	oid         uint32
	partitioned bool
	// columns maps a column's name to its type, without and with its
	// modifier ("character varying", "character varying(64)").
	columns map[string][2]string
	// quoted is each column's name as pg_get_expr writes it.
	quoted map[string]string
	// indexes are the valid indexes, each by its first column.
	indexes []catalogIndex
	// leaves are a partitioned table's leaf partitions with their own
	// indexes: a deletion that no index of the table serves is still
	// served on each partition that has one.
	leaves []catalogLeaf
}

type catalogLeaf struct {
	name    string
	quoted  map[string]string
	indexes []catalogIndex
}

type catalogIndex struct {
	column string
	// predicate is a partial index's WHERE, as pg_get_expr renders it;
	// empty for a full index.
	predicate string
}

// relation is a table some foreign key leads from or to. A partition
// stands for its partitioned root, through which an edge names it.
type relation struct {
	name, schema string
	// visible says the search_path (through which edges name tables)
	// finds it.
	visible bool
}

// foreignKey is one foreign key, or the same key declared on several
// partitions of one partitioned table, as seen from the table's root.
type foreignKey struct {
	// names are the constraints' names, one per partition when the key is
	// declared on partitions rather than on their root.
	names []string
	// table is the referencing table's root, ref the referenced table.
	table, ref          uint32
	columns, refColumns []string
	// onDelete is pg_constraint.confdeltype: a (no action), r (restrict),
	// c (cascade), n (set null), d (set default).
	onDelete string
	// partitions are the partitions that hold the key when their root does
	// not; uncovered the partitions (leaves) that lack it then.
	partitions, uncovered []string
	// onRoot says the referencing table (or its root) holds the key itself.
	onRoot bool
}

// name is how a finding names the key: its constraint, or its
// constraints on partitions.
func (fk *foreignKey) name() string {
	if len(fk.partitions) == 0 {
		return fk.names[0]
	}
	return fmt.Sprintf("%s (declared on partition%s %s, not on the partitioned table)", strings.Join(fk.names, ", "), plural(len(fk.partitions)), strings.Join(fk.partitions, ", "))
}

// pair reports whether the key ties column to refColumn.
func (fk *foreignKey) pair(column, refColumn string) bool {
	for i, c := range fk.columns {
		if c == column && fk.refColumns[i] == refColumn {
			return true
		}
	}
	return false
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// maxReferenceDepth bounds how far Check follows foreign keys from the
// declared tables into undeclared ones.
const maxReferenceDepth = 16

func readCatalog(ctx context.Context, exec Executor, tables []string) (*catalog, error) {
	cat := &catalog{tables: map[string]*catalogTable{}, relations: map[uint32]relation{}, into: map[uint32][]*foreignKey{}}
	rows, err := exec.Query(ctx, `
		SELECT t.name, c.oid, c.relkind = 'p', a.attname, quote_ident(a.attname),
		       format_type(a.atttypid, NULL), format_type(a.atttypid, a.atttypmod)
		FROM unnest($1::text[]) AS t (name)
		JOIN pg_class c ON c.oid = to_regclass(quote_ident(t.name))
		JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped`, tables)
	if err != nil {
		return nil, fmt.Errorf("check entities: read their tables: %w", err)
	}
	var oids []uint32
	byOID := map[uint32]*catalogTable{}
	for rows.Next() {
		var (
			table, column, quoted, typ, fullType string
			oid                                  uint32
			partitioned                          bool
		)
		if err := rows.Scan(&table, &oid, &partitioned, &column, &quoted, &typ, &fullType); err != nil {
			return nil, fmt.Errorf("check entities: read their tables: %w", err)
		}
		t := cat.tables[table]
		if t == nil {
			t = &catalogTable{oid: oid, partitioned: partitioned, columns: map[string][2]string{}, quoted: map[string]string{}}
			cat.tables[table] = t
			byOID[oid] = t
			oids = append(oids, oid)
		}
		t.columns[column] = [2]string{typ, fullType}
		t.quoted[column] = quoted
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("check entities: read their tables: %w", err)
	}

	// Every valid index, partial ones with their predicate: a partial
	// index serves a statement whose WHERE implies its predicate.
	rows, err = exec.Query(ctx, `
		SELECT i.indrelid, a.attname, coalesce(pg_get_expr(i.indpred, i.indrelid), '')
		FROM pg_index i
		JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0]
		WHERE i.indrelid = ANY ($1::oid[]) AND i.indisvalid`, oids)
	if err != nil {
		return nil, fmt.Errorf("check entities: read their indexes: %w", err)
	}
	for rows.Next() {
		var (
			oid uint32
			ix  catalogIndex
		)
		if err := rows.Scan(&oid, &ix.column, &ix.predicate); err != nil {
			return nil, fmt.Errorf("check entities: read their indexes: %w", err)
		}
		byOID[oid].indexes = append(byOID[oid].indexes, ix)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("check entities: read their indexes: %w", err)
	}
	if err := cat.readLeafIndexes(ctx, exec, byOID); err != nil {
		return nil, err
	}

	// The foreign keys into the declared tables, then into the tables
	// that reference those, and so on: an undeclared table's own
	// references are reported in the same run.
	seen := map[uint32]bool{}
	for _, oid := range oids {
		seen[oid] = true
	}
	frontier := oids
	for depth := 0; len(frontier) > 0 && depth < maxReferenceDepth; depth++ {
		next, err := cat.readReferences(ctx, exec, frontier)
		if err != nil {
			return nil, err
		}
		frontier = nil
		for _, oid := range next {
			if !seen[oid] {
				seen[oid] = true
				frontier = append(frontier, oid)
			}
		}
	}
	return cat, nil
}

// readReferences reads the foreign keys into the tables refs, each seen
// from its referencing table's partitioned root, and returns those roots.
//
// Constraints a partition inherits from its partitioned table, or that
// PostgreSQL adds for each partition of a referenced partitioned table,
// have a parent: the parent's constraint stands for them. A key declared
// on partitions only (conparentid 0 on a partition) counts for the
// partitioned table, through which an edge names them.
func (cat *catalog) readReferences(ctx context.Context, exec Executor, refs []uint32) ([]uint32, error) {
	rows, err := exec.Query(ctx, `
		WITH fk AS (
			SELECT con.*, coalesce(pg_partition_root(con.conrelid)::oid, con.conrelid) AS root
			FROM pg_constraint con
			WHERE con.contype = 'f' AND con.conparentid = 0 AND con.confrelid = ANY ($1::oid[])
		)
		SELECT fk.conname, fk.root, r.relname, n.nspname, pg_table_is_visible(fk.root),
		       fk.root <> fk.conrelid, src.relname,
		       ARRAY(SELECT p.relid::regclass::text FROM pg_partition_tree(fk.conrelid) p WHERE p.isleaf AND fk.root <> fk.conrelid),
		       ARRAY(SELECT p.relid::regclass::text FROM pg_partition_tree(fk.root) p WHERE p.isleaf AND fk.root <> fk.conrelid),
		       fk.confrelid, rr.relname, rn.nspname, pg_table_is_visible(fk.confrelid), fk.confdeltype::text,
		       ARRAY(SELECT a.attname::text FROM unnest(fk.conkey) WITH ORDINALITY AS k (attnum, n)
		             JOIN pg_attribute a ON a.attrelid = fk.conrelid AND a.attnum = k.attnum ORDER BY k.n),
		       ARRAY(SELECT a.attname::text FROM unnest(fk.confkey) WITH ORDINALITY AS k (attnum, n)
		             JOIN pg_attribute a ON a.attrelid = fk.confrelid AND a.attnum = k.attnum ORDER BY k.n)
		FROM fk
		JOIN pg_class src ON src.oid = fk.conrelid
		JOIN pg_class r ON r.oid = fk.root
		JOIN pg_namespace n ON n.oid = r.relnamespace
		JOIN pg_class rr ON rr.oid = fk.confrelid
		JOIN pg_namespace rn ON rn.oid = rr.relnamespace
		ORDER BY r.relname, fk.conname`, refs)
	if err != nil {
		return nil, fmt.Errorf("check entities: read the foreign keys to their tables: %w", err)
	}
	defer rows.Close()
	type keyOf struct {
		table, ref          uint32
		columns, refColumns string
		onDelete            string
	}
	merged := map[keyOf]*foreignKey{}
	covered := map[*foreignKey][]string{}
	var roots []uint32
	for rows.Next() {
		var (
			fk                     foreignKey
			conname, part          string
			src, ref               relation
			onPartition            bool
			partLeaves, rootLeaves []string
		)
		if err := rows.Scan(&conname, &fk.table, &src.name, &src.schema, &src.visible, &onPartition, &part, &partLeaves, &rootLeaves,
			&fk.ref, &ref.name, &ref.schema, &ref.visible, &fk.onDelete, &fk.columns, &fk.refColumns); err != nil {
			return nil, fmt.Errorf("check entities: read the foreign keys to their tables: %w", err)
		}
		cat.relations[fk.table], cat.relations[fk.ref] = src, ref
		if !slices.Contains(roots, fk.table) {
			roots = append(roots, fk.table)
		}
		k := keyOf{fk.table, fk.ref, strings.Join(fk.columns, ","), strings.Join(fk.refColumns, ","), fk.onDelete}
		have := merged[k]
		if have == nil {
			have = &fk
			merged[k] = have
			cat.into[fk.ref] = append(cat.into[fk.ref], have)
			have.uncovered = rootLeaves
		}
		if !onPartition {
			// The root holds the key: it covers every partition.
			have.names, have.partitions, have.uncovered, have.onRoot = []string{conname}, nil, nil, true
			delete(covered, have)
			continue
		}
		if have.onRoot {
			continue // the root's own key covers this partition's
		}
		have.names = append(have.names, conname)
		have.partitions = append(have.partitions, part)
		covered[have] = append(covered[have], partLeaves...)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("check entities: read the foreign keys to their tables: %w", err)
	}
	for fk, leaves := range covered {
		fk.uncovered = slices.DeleteFunc(fk.uncovered, func(leaf string) bool { return slices.Contains(leaves, leaf) })
		if len(fk.uncovered) == 0 {
			fk.uncovered = nil
		}
	}
	return roots, nil
}

// indexed reports whether a valid index starting with column serves the
// deletion's statements on it (column = …, column IN (…)): a full index,
// or a partial one whose predicate those statements imply, such as
// (column) WHERE column IS NOT NULL.
func (t *catalogTable) indexed(column string) bool {
	holds := []string{t.quoted[column] + " IS NOT NULL"}
	return slices.ContainsFunc(t.indexes, func(ix catalogIndex) bool {
		return ix.column == column && sqlident.PredicateHolds(ix.predicate, holds)
	})
}

// readLeafIndexes reads the leaf partitions of the partitioned tables in
// byOID, with the valid indexes of each.
func (cat *catalog) readLeafIndexes(ctx context.Context, exec Executor, byOID map[uint32]*catalogTable) error {
	var parents []uint32
	for oid, t := range byOID {
		if t.partitioned {
			parents = append(parents, oid)
		}
	}
	if len(parents) == 0 {
		return nil
	}
	rows, err := exec.Query(ctx, `
		SELECT p.parent, leaf.relname, coalesce(a.attname, ''), coalesce(quote_ident(a.attname), ''),
		       coalesce(pg_get_expr(i.indpred, i.indrelid), '')
		FROM unnest($1::oid[]) AS p (parent)
		CROSS JOIN LATERAL pg_partition_tree(p.parent) AS tree
		JOIN pg_class leaf ON leaf.oid = tree.relid
		LEFT JOIN pg_index i ON i.indrelid = tree.relid AND i.indisvalid
		LEFT JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0]
		WHERE tree.isleaf
		ORDER BY p.parent, leaf.relname`, parents)
	if err != nil {
		return fmt.Errorf("check entities: read their partitions' indexes: %w", err)
	}
	for rows.Next() {
		var (
			parent                          uint32
			leaf, column, quoted, predicate string
		)
		if err := rows.Scan(&parent, &leaf, &column, &quoted, &predicate); err != nil {
			return fmt.Errorf("check entities: read their partitions' indexes: %w", err)
		}
		t := byOID[parent]
		if n := len(t.leaves); n == 0 || t.leaves[n-1].name != leaf {
			t.leaves = append(t.leaves, catalogLeaf{name: leaf, quoted: map[string]string{}})
		}
		if column != "" {
			l := &t.leaves[len(t.leaves)-1]
			l.quoted[column] = quoted
			l.indexes = append(l.indexes, catalogIndex{column: column, predicate: predicate})
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("check entities: read their partitions' indexes: %w", err)
	}
	return nil
}

// unindexedLeaves returns the leaf partitions of a partitioned table that
// no index of their own serves a lookup of column with, and how many leaves
// it has.
func (t *catalogTable) unindexedLeaves(column string) (missing []string, leaves int) {
	for _, l := range t.leaves {
		holds := []string{t.quoted[column] + " IS NOT NULL"}
		if !slices.ContainsFunc(l.indexes, func(ix catalogIndex) bool {
			return ix.column == column && sqlident.PredicateHolds(ix.predicate, holds)
		}) {
			missing = append(missing, l.name)
		}
	}
	return missing, len(t.leaves)
}

// edgeTypes returns the types of e's column and of the column it
// references (each without and with its modifier), ok false when either is
// missing.
func (cat *catalog) edgeTypes(e config.Edge) (typ, refType [2]string, ok bool) {
	refTable, refColumn := e.Ref()
	t, ref := cat.tables[e.Table], cat.tables[refTable]
	if t == nil || ref == nil {
		return typ, refType, false
	}
	typ, ok1 := t.columns[e.Column]
	refType, ok2 := ref.columns[refColumn]
	return typ, refType, ok1 && ok2
}

// declaredOID returns the oid of the declared table name, or 0.
func (cat *catalog) declaredOID(name string) uint32 {
	if t := cat.tables[name]; t != nil {
		return t.oid
	}
	return 0
}

// keysFor returns the foreign keys behind an edge: those from its table
// (or partitions of it) to its referenced table that tie its column to
// the referenced one.
func (cat *catalog) keysFor(table, column, refTable, refColumn string) []*foreignKey {
	from, to := cat.declaredOID(table), cat.declaredOID(refTable)
	if from == 0 || to == 0 {
		return nil
	}
	var out []*foreignKey
	for _, fk := range cat.into[to] {
		if fk.table == from && fk.pair(column, refColumn) {
			out = append(out, fk)
		}
	}
	return out
}
