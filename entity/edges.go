package entity

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/lethehq/lethe/config"
)

// UnbackedEdges returns the edges of decl that no foreign key backs: no
// key from the edge's table (or, for a partitioned table, from one of its
// partitions) ties its column to the referenced column. Nothing in the
// database then says the edge is right, so the rows a deletion reaches
// through it are the declaration's word alone; a dry run can mark the
// tables reached so. Schema-owned edges (on_delete set) are not returned:
// without a key they reach nothing (Check reports them). Edges whose
// tables or columns do not exist are returned too.
func UnbackedEdges(ctx context.Context, exec Executor, decl *config.Entity) ([]config.Edge, error) {
	cat, err := readCatalog(ctx, exec, decl.Tables())
	if err != nil {
		return nil, fmt.Errorf("entity %s: %w", decl.Name, err)
	}
	var out []config.Edge
	for _, e := range decl.Edges {
		refTable, refColumn := e.Ref()
		if !e.SchemaOwned() && len(cat.keysFor(e.Table, e.Column, refTable, refColumn)) == 0 {
			out = append(out, e)
		}
	}
	return out, nil
}

// edgeSample is how many of an unbacked edge's values Check looks up in
// the referenced column, and edgeSampleTimeout the longest it looks.
const (
	edgeSample        = 1000
	edgeSampleTimeout = 5 * time.Second
)

// checkEdgeKeys compares each edge with the foreign keys behind it:
//
//   - a schema-owned edge (on_delete) needs a key with that ON DELETE
//     action, on every partition (errors: otherwise nothing removes its
//     rows, or the deletion fails);
//   - a schema-owned edge that takes rows other entities hold (a cascade
//     from a table to itself, a SET NULL on rows that stay) is a warning
//     naming what it takes from whom;
//   - an edge of Lethe's own without a key is a warning, with how many of
//     a sample of its values match no referenced row; one whose key is on
//     some partitions only is a warning naming the others.
//
// Edges whose tables or columns are missing, or whose types differ, are
// left to checkExists and checkTypes. timeout bounds each sample.
func checkEdgeKeys(ctx context.Context, exec Executor, decl *config.Entity, cat *catalog, timeout time.Duration) ([]Finding, error) {
	var findings []Finding
	for _, e := range decl.Edges {
		refTable, refColumn := e.Ref()
		typ, refType, ok := cat.edgeTypes(e)
		if !ok || !sameType(typ[0], refType[0]) {
			continue
		}
		t := cat.tables[e.Table]
		keys := cat.keysFor(e.Table, e.Column, refTable, refColumn)
		edge := fmt.Sprintf("{table: %s, column: %s, references: %s", e.Table, e.Column, e.References)
		base := Finding{Entity: decl.Name, Table: e.Table, Column: e.Column, Kind: FindingEdgeKey}
		if e.SchemaOwned() {
			findings = append(findings, checkSchemaOwned(decl, e, keys, edge, base)...)
			continue
		}
		if len(keys) == 0 {
			f := base
			f.Kind, f.Severity = FindingUnbackedEdge, SeverityWarning
			sample, err := sampleEdge(ctx, exec, e, t.partitioned, timeout)
			if err != nil {
				return nil, fmt.Errorf("check entity %s: %w", decl.Name, err)
			}
			f.Problem = fmt.Sprintf("edge %s.%s -> %s has no foreign key behind it: %s", e.Table, e.Column, e.References, sample.describe(e))
			f.Fix = unbackedFix(decl, cat, e, t.partitioned, sample)
			findings = append(findings, f)
			continue
		}
		if slices.ContainsFunc(keys, func(fk *foreignKey) bool { return len(fk.uncovered) == 0 }) {
			continue
		}
		fk := keys[0]
		f := base
		f.Severity = SeverityWarning
		f.Problem = fmt.Sprintf("edge %s.%s -> %s is backed by foreign key %s, but partition%s %s of %s lack%s it: nothing keeps their %s values to existing %s rows",
			e.Table, e.Column, e.References, fk.name(), plural(len(fk.uncovered)), strings.Join(fk.uncovered, ", "), e.Table, verbS(len(fk.uncovered)), e.Column, refTable)
		f.Fix = fmt.Sprintf("nothing for the deletion, which reaches every partition through the edge; to have the database keep them, add the key to %s in your migrations: %s",
			strings.Join(fk.uncovered, ", "), addForeignKey(fk.uncovered[0], e.Column, refTable, refColumn, false))
		if len(fk.uncovered) > 1 {
			f.Fix += " (and so for each)"
		}
		findings = append(findings, f)
	}
	return findings, nil
}

func verbS(n int) string {
	if n == 1 {
		return "s"
	}
	return ""
}

// checkSchemaOwned checks a schema-owned edge against the keys behind it.
func checkSchemaOwned(decl *config.Entity, e config.Edge, keys []*foreignKey, edge string, base Finding) []Finding {
	refTable, refColumn := e.Ref()
	want, action := "c", "ON DELETE CASCADE"
	if e.OnDelete == config.OnDeleteSetNull {
		want, action = "n", "ON DELETE SET NULL"
	}
	var match *foreignKey
	for _, fk := range keys {
		if fk.onDelete == want {
			match = fk
		}
	}
	f := base
	f.Severity = SeverityError
	switch {
	case match == nil && len(keys) == 0:
		f.Problem = fmt.Sprintf("edge %s.%s -> %s says the schema's foreign key does %s (on_delete: %s), but no foreign key ties %s.%s to %s: Lethe never deletes from %s, so its rows stay behind",
			e.Table, e.Column, e.References, action, e.OnDelete, e.Table, e.Column, e.References, e.Table)
		f.Fix = fmt.Sprintf("remove on_delete from the edge so Lethe deletes the rows itself: %s}", edge)
		if e.SelfReference() {
			f.Fix = fmt.Sprintf("add the key in your migrations (%s %s), since Lethe cannot follow a table to itself", addForeignKey(e.Table, e.Column, refTable, refColumn, false), action)
		} else {
			f.Fix += fmt.Sprintf(", or add the key in your migrations: %s %s", addForeignKey(e.Table, e.Column, refTable, refColumn, false), action)
		}
		return []Finding{f}
	case match == nil:
		fk := keys[0]
		f.Problem = fmt.Sprintf("edge %s.%s -> %s says the schema's foreign key does %s (on_delete: %s), but foreign key %s does %s: the declaration and the database disagree, and Lethe never deletes from %s",
			e.Table, e.Column, e.References, action, e.OnDelete, fk.name(), onDeleteAction(fk.onDelete), e.Table)
		switch {
		case fk.onDelete == "c" || fk.onDelete == "n":
			// The schema is what runs: the declaration follows it.
			other := config.OnDeleteCascade
			if fk.onDelete == "n" {
				other = config.OnDeleteSetNull
			}
			f.Fix = fmt.Sprintf("change the declaration, which is what is wrong (the database does what its key says): %s, on_delete: %s}", edge, other)
		case e.SelfReference():
			f.Fix = fmt.Sprintf("make the key %s in your migrations, since Lethe cannot follow a table to itself; until then deletion fails on it", action)
		default:
			f.Fix = fmt.Sprintf("change the declaration, which is what is wrong (the database does what its key says): remove on_delete, %s}, so Lethe deletes the rows before their parents", edge)
		}
		return []Finding{f}
	}
	if len(match.uncovered) > 0 {
		f.Problem = fmt.Sprintf("edge %s.%s -> %s relies on foreign key %s, which partition%s %s lack%s: their rows stay behind (Lethe never deletes from %s)",
			e.Table, e.Column, e.References, match.name(), plural(len(match.uncovered)), strings.Join(match.uncovered, ", "), verbS(len(match.uncovered)), e.Table)
		f.Fix = fmt.Sprintf("add the key to %s in your migrations (%s %s, and so for each), or remove on_delete from the edge so Lethe deletes the rows itself",
			strings.Join(match.uncovered, ", "), addForeignKey(match.uncovered[0], e.Column, refTable, refColumn, false), action)
		return []Finding{f}
	}

	// The key is there: say what it takes from other entities.
	f.Severity = SeverityWarning
	f.Kind = FindingSchemaReach
	ownedElsewhere := e.Table == decl.Table
	for _, other := range decl.Edges {
		if other.Table == e.Table && other != e && !other.SelfReference() {
			ownedElsewhere = true
		}
	}
	switch {
	case e.OnDelete == config.OnDeleteCascade && e.SelfReference():
		f.Problem = fmt.Sprintf("edge %s.%s -> %s cascades within %s: deleting one of entity %s's %s rows also deletes every row that references it, down the chain, whoever they belong to (rows other %ss wrote)",
			e.Table, e.Column, e.References, e.Table, decl.Name, e.Table, decl.Name)
		f.Fix = fmt.Sprintf("nothing, if deleting those replies is meant; otherwise your schema decides (ON DELETE SET NULL keeps them: then declare %s, on_delete: %s})", edge, config.OnDeleteSetNull)
	case e.OnDelete == config.OnDeleteSetNull && ownedElsewhere:
		whose := fmt.Sprintf("the %s rows of other %ss", e.Table, decl.Name)
		if e.Table == decl.Table {
			whose = fmt.Sprintf("other %ss", decl.Name)
		}
		f.Problem = fmt.Sprintf("edge %s.%s -> %s sets %s to NULL on rows that stay: a deletion of entity %s changes %s that reference it",
			e.Table, e.Column, e.References, e.Column, decl.Name, whose)
		f.Fix = "nothing, if clearing that reference is meant; it is what the schema's key does whether Lethe deletes or not"
	case e.OnDelete == config.OnDeleteSetNull:
		f.Problem = fmt.Sprintf("edge %s.%s -> %s sets %s to NULL and keeps the rows: a deletion of entity %s leaves those %s rows in place, changed",
			e.Table, e.Column, e.References, e.Column, decl.Name, e.Table)
		f.Fix = fmt.Sprintf("nothing, if those rows are not entity %s's data; otherwise declare %s} without on_delete so Lethe deletes them", decl.Name, edge)
	default:
		return nil
	}
	return []Finding{f}
}

func onDeleteAction(code string) string {
	switch code {
	case "c":
		return "ON DELETE CASCADE"
	case "n":
		return "ON DELETE SET NULL"
	case "d":
		return "ON DELETE SET DEFAULT"
	case "r":
		return "ON DELETE RESTRICT"
	default:
		return "ON DELETE NO ACTION"
	}
}

// addForeignKey is the statement that adds a foreign key. notValid adds
// it NOT VALID and then validates it, so the table's writes are not
// blocked while existing rows are checked (a partitioned table does not
// allow NOT VALID keys).
func addForeignKey(table, column, refTable, refColumn string, notValid bool) string {
	name := table + "_" + column
	if len(name) > 58 {
		name = name[:58]
	}
	tpl := newIdentTemplate(map[string]string{"table": table, "col": column, "ref": refTable, "refcol": refColumn, "name": name + "_fkey"})
	if notValid {
		return tpl.Fill(`ALTER TABLE {table} ADD CONSTRAINT {name} FOREIGN KEY ({col}) REFERENCES {ref} ({refcol}) NOT VALID; ALTER TABLE {table} VALIDATE CONSTRAINT {name}`)
	}
	return tpl.Fill(`ALTER TABLE {table} ADD FOREIGN KEY ({col}) REFERENCES {ref} ({refcol})`)
}

// edgeSampleResult is what sampling an unbacked edge's values found.
type edgeSampleResult struct {
	sampled, orphans int
	// timedOut says the sample did not finish in time; failed why it
	// could not be taken (no SELECT privilege, say).
	timedOut time.Duration
	failed   string
}

func (s edgeSampleResult) describe(e config.Edge) string {
	refTable, refColumn := e.Ref()
	switch {
	case s.failed != "":
		return fmt.Sprintf("its values could not be sampled (%s), so whether they match %s is not known", s.failed, e.References)
	case s.timedOut > 0:
		return fmt.Sprintf("sampling %s values of %s.%s did not finish within %s, so whether they match %s is not known", number(edgeSample), e.Table, e.Column, s.timedOut, e.References)
	case s.sampled == 0:
		return fmt.Sprintf("%s.%s holds no values yet, so nothing shows whether it matches %s", e.Table, e.Column, e.References)
	case s.orphans == 0:
		return fmt.Sprintf("all %s sampled values of %s.%s match a %s.%s, but nothing in the database keeps them so", number(s.sampled), e.Table, e.Column, refTable, refColumn)
	case s.orphans*2 > s.sampled:
		return fmt.Sprintf("%s of %s sampled values of %s.%s match no %s.%s: the edge is probably wrong", number(s.orphans), number(s.sampled), e.Table, e.Column, refTable, refColumn)
	default:
		return fmt.Sprintf("%s of %s sampled values of %s.%s match no %s.%s: orphaned rows, or the edge is wrong", number(s.orphans), number(s.sampled), e.Table, e.Column, refTable, refColumn)
	}
}

// unbackedFix says what to do about an unbacked edge: declare the column
// a foreign key from its table to the referenced table does tie, when
// the sample says the edge is wrong and there is one; otherwise confirm
// it, and let the database keep it so.
func unbackedFix(decl *config.Entity, cat *catalog, e config.Edge, partitioned bool, s edgeSampleResult) string {
	refTable, refColumn := e.Ref()
	if s.orphans > 0 {
		if col := keyedColumn(cat, e.Table, refTable, refColumn); col != "" && col != e.Column {
			return fmt.Sprintf("correct entity %s's edge: a foreign key ties %s.%s to %s, so most likely the edge is {table: %s, column: %s, references: %s}",
				decl.Name, e.Table, col, e.References, e.Table, col, e.References)
		}
	}
	stmt := addForeignKey(e.Table, e.Column, refTable, refColumn, !partitioned)
	return fmt.Sprintf("confirm that %s.%s holds %s values and correct the edge if not; if it does, let the database keep it so in your migrations: %s", e.Table, e.Column, e.References, stmt)
}

// keyedColumn returns a column of table that a foreign key ties to
// refTable.refColumn, or "".
func keyedColumn(cat *catalog, table, refTable, refColumn string) string {
	from, to := cat.declaredOID(table), cat.declaredOID(refTable)
	for _, fk := range cat.into[to] {
		if fk.table != from {
			continue
		}
		for i, c := range fk.refColumns {
			if c == refColumn {
				return fk.columns[i]
			}
		}
	}
	return ""
}

// sampleEdge looks up to edgeSample non-null values of e's column in the
// referenced column, within timeout (a statement_timeout, so a large
// table never holds the check up for long).
func sampleEdge(ctx context.Context, exec Executor, e config.Edge, partitioned bool, timeout time.Duration) (edgeSampleResult, error) {
	refTable, refColumn := e.Ref()
	sql := newIdentTemplate(map[string]string{"table": e.Table, "col": e.Column, "ref": refTable, "refcol": refColumn}).Fill(`
		SELECT count(*), count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM {ref} r WHERE r.{refcol} = s.v))
		FROM (SELECT {col} AS v FROM {table} WHERE {col} IS NOT NULL LIMIT $1) AS s`)
	var res edgeSampleResult
	run := func(q Executor) error {
		if _, err := q.Exec(ctx, `SELECT set_config('statement_timeout', $1, true)`, fmt.Sprintf("%dms", timeout.Milliseconds())); err != nil {
			return err
		}
		return q.QueryRow(ctx, sql, edgeSample).Scan(&res.sampled, &res.orphans)
	}
	var err error
	if b, ok := exec.(Beginner); ok {
		// A transaction of its own (a savepoint in a caller's), so the
		// timeout ends with it.
		var tx pgx.Tx
		if tx, err = b.Begin(ctx); err == nil {
			err = run(tx)
			_ = tx.Rollback(ctx)
		}
	} else {
		qctx, cancel := context.WithTimeout(ctx, timeout)
		defer cancel()
		err = exec.QueryRow(qctx, sql, edgeSample).Scan(&res.sampled, &res.orphans)
		if errors.Is(qctx.Err(), context.DeadlineExceeded) && ctx.Err() == nil {
			return edgeSampleResult{timedOut: timeout}, nil
		}
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "57014" { // query_canceled: the statement_timeout
		return edgeSampleResult{timedOut: timeout}, nil
	}
	if err != nil {
		if ctx.Err() != nil {
			return res, fmt.Errorf("sample edge %s.%s -> %s: %w", e.Table, e.Column, e.References, err)
		}
		// The sample is a hint: a table the check may not read is said
		// so in the finding, and the rest is checked.
		return edgeSampleResult{failed: err.Error()}, nil
	}
	return res, nil
}

// number writes n with thousands separators: 1,000.
func number(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
