package db

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/jackc/pgx/v5"

	"github.com/lethehq/lethe/internal/sqlident"
)

// TableFinding is one thing CheckExpireTable or CheckSweepTable found
// about a policy's table: an error the policy fails on, or a warning it
// runs despite (slowly, say). Fix is what to do; it never changes a
// column's type or drops anything.
type TableFinding struct {
	Column  string
	Problem string
	Fix     string
	Warning bool
}

// policyTable is what the policy checks read of a table.
type policyTable struct {
	name        string
	partitioned bool
	// partKey is a partitioned table's key (pg_get_partkeydef: "RANGE
	// (expires_at)"), hasDefault whether it has a default partition.
	partKey    string
	hasDefault bool
	// columns maps each column to its type (format_type without
	// modifier), quoted to its name as pg_get_expr writes it.
	columns, quoted map[string]string
	// enums are the columns of an enum type.
	enums   map[string]bool
	indexes []policyIndex
}

type policyIndex struct {
	column, predicate string
}

// readPolicyTable reads table, or returns nil when it does not exist.
func readPolicyTable(ctx context.Context, exec Bounded, table string) (*policyTable, error) {
	t := &policyTable{name: table, columns: map[string]string{}, quoted: map[string]string{}, enums: map[string]bool{}}
	var (
		exists  bool
		partKey *string
	)
	err := exec.QueryRow(ctx, `
		SELECT true, c.relkind = 'p', pg_get_partkeydef(c.oid),
		       EXISTS (SELECT 1 FROM pg_partitioned_table p WHERE p.partrelid = c.oid AND p.partdefid <> 0)
		FROM pg_class c WHERE c.oid = to_regclass($1)`, Ident(table)).Scan(&exists, &t.partitioned, &partKey, &t.hasDefault)
	if errors.Is(err, pgx.ErrNoRows) || (err == nil && !exists) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("look up table %s: %w", table, err)
	}
	if partKey != nil {
		t.partKey = *partKey
	}
	rows, err := exec.Query(ctx, `
		SELECT a.attname, quote_ident(a.attname), format_type(a.atttypid, NULL), ty.typtype = 'e'
		FROM pg_attribute a
		JOIN pg_type ty ON ty.oid = a.atttypid
		WHERE a.attrelid = to_regclass($1) AND a.attnum > 0 AND NOT a.attisdropped`, Ident(table))
	if err != nil {
		return nil, fmt.Errorf("look up columns of %s: %w", table, err)
	}
	for rows.Next() {
		var (
			name, quoted, typ string
			enum              bool
		)
		if err := rows.Scan(&name, &quoted, &typ, &enum); err != nil {
			return nil, fmt.Errorf("look up columns of %s: %w", table, err)
		}
		t.columns[name], t.quoted[name], t.enums[name] = typ, quoted, enum
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("look up columns of %s: %w", table, err)
	}
	// The indexes on the table itself: on a partitioned table those on the
	// parent, which every partition, present and future, gets.
	rows, err = exec.Query(ctx, `
		SELECT a.attname, coalesce(pg_get_expr(i.indpred, i.indrelid), '')
		FROM pg_index i
		JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0]
		WHERE i.indrelid = to_regclass($1) AND i.indisvalid`, Ident(table))
	if err != nil {
		return nil, fmt.Errorf("look up indexes of %s: %w", table, err)
	}
	for rows.Next() {
		var ix policyIndex
		if err := rows.Scan(&ix.column, &ix.predicate); err != nil {
			return nil, fmt.Errorf("look up indexes of %s: %w", table, err)
		}
		t.indexes = append(t.indexes, ix)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("look up indexes of %s: %w", table, err)
	}
	return t, nil
}

// indexed reports whether a valid index starts with column and its
// predicate, if any, holds for every row of a statement that guarantees
// holds (conditions as pg_get_expr writes them).
func (t *policyTable) indexed(column string, holds ...string) bool {
	holds = append(holds, t.quoted[column]+" IS NOT NULL")
	return slices.ContainsFunc(t.indexes, func(ix policyIndex) bool {
		return ix.column == column && sqlident.PredicateHolds(ix.predicate, holds)
	})
}

// equals is how pg_get_expr writes column = 'value' for a text, varchar,
// char or enum column: each spelling, for holds.
func (t *policyTable) equals(column, value string) []string {
	q, lit := t.quoted[column], "'"+value+"'"
	return []string{
		q + " = " + lit + "::text", "(" + q + ")::text = " + lit + "::text", q + " = " + lit + "::bpchar",
		q + " = " + lit + "::" + t.columns[column],
	}
}

// createIndex is the statement that adds an index on table (column) with
// where (already quoted), CONCURRENTLY unless the table is partitioned.
func (t *policyTable) createIndex(name, column, where string) string {
	tpl := newIdentTemplate(map[string]string{"name": truncateIdent(name), "table": t.name, "col": column})
	sql := `CREATE INDEX CONCURRENTLY IF NOT EXISTS {name} ON {table} ({col})`
	if t.partitioned {
		sql = `CREATE INDEX IF NOT EXISTS {name} ON {table} ({col})`
	}
	sql = tpl.Fill(sql)
	if where != "" {
		sql += " WHERE " + where
	}
	if t.partitioned {
		sql += fmt.Sprintf(" (on the partitioned table, which indexes every partition and each one created later; it cannot be built CONCURRENTLY and blocks writes while it builds: to avoid that, create it ON ONLY %s, build one CONCURRENTLY on each partition and ALTER INDEX … ATTACH PARTITION each)", Ident(t.name))
	}
	return sql
}

var (
	timeTypes = []string{"timestamp with time zone", "timestamp without time zone", "date"}
	textTypes = []string{"text", "character varying", "character"}
)

// CheckExpireTable checks an expire policy's table as its runs use it:
// the table and every configured column exist, each of a type the
// statements work with, and the indexes the claim (status 'NOT_EXPIRED'
// by expires_at) and the batches and watchdog (status
// 'DELETION_IN_PROGRESS' by initiated_at) walk exist, on the parent of a
// partitioned table. A partial index counts when the statement implies its
// predicate. The error is for failing to read the catalog. Reading an
// index's predicate (pg_get_expr) or a partition key locks the table like a
// read does, hence exec's timeouts.
func CheckExpireTable(ctx context.Context, exec Bounded, cols ExpireColumns) ([]TableFinding, error) {
	t, err := readPolicyTable(ctx, exec, cols.Table)
	if err != nil {
		return nil, fmt.Errorf("policy %s: %w", cols.Policy, err)
	}
	if t == nil {
		return []TableFinding{{
			Problem: fmt.Sprintf("policy %s: table %q does not exist (on the search_path)", cols.Policy, cols.Table),
			Fix:     "create the table, or correct the policy's table (a table in another schema needs that schema on the database user's search_path)",
		}}, nil
	}
	var findings []TableFinding
	prepare := "add it with the statements below, in your migrations"
	for _, c := range []struct {
		field, name string
		types       []string
		want        string
		missingFix  string
	}{
		{"key_column", cols.Key, nil, "", "correct key_column to a column of " + cols.Table + " that identifies a row"},
		{"expires_at_column", cols.ExpiresAt, timeTypes, "a timestamp or date", "correct expires_at_column to the column that holds each row's expiry"},
		{"status_column", cols.Status, textTypes, "text (or an enum with its three states)", prepare},
		{"initiated_at_column", cols.InitiatedAt, timeTypes[:1], "timestamp with time zone", prepare},
		{"blob_key_column", cols.BlobKey, nil, "", "correct blob_key_column to the column that holds each row's blob key, or remove it"},
		{"hold_column", cols.Hold, []string{"boolean"}, "boolean", "correct hold_column to the boolean column that is true for rows under a legal hold, or remove it"},
	} {
		if c.name == "" {
			continue
		}
		typ, ok := t.columns[c.name]
		switch {
		case !ok:
			findings = append(findings, TableFinding{
				Column:  c.name,
				Problem: fmt.Sprintf("policy %s: %s: table %q has no column %q", cols.Policy, c.field, cols.Table, c.name),
				Fix:     c.missingFix,
			})
		case c.types != nil && !slices.Contains(c.types, typ) && !(c.field == "status_column" && t.enums[c.name]):
			findings = append(findings, TableFinding{
				Column: c.name,
				Problem: fmt.Sprintf("policy %s: %s: column %q of table %q is %s, want %s: the policy's statements cannot use it",
					cols.Policy, c.field, c.name, cols.Table, typ, c.want),
				Fix: fmt.Sprintf("point %s at a column of %s of type %s (the policy's column, which the statements below add, if it is to be a new one)", c.field, c.want, cols.Table),
			})
		}
	}
	if len(findings) > 0 {
		return findings, nil
	}
	for _, want := range []struct {
		column, status, scans, name string
	}{
		{cols.ExpiresAt, StatusNotExpired, "every claim scans the table", cols.Table + "_" + cols.ExpiresAt + "_not_expired_idx"},
		{cols.InitiatedAt, StatusDeletionInProgress, "every batch and watchdog run scans the table", cols.Table + "_" + cols.InitiatedAt + "_in_progress_idx"},
	} {
		if t.indexed(want.column, t.equals(cols.Status, want.status)...) {
			continue
		}
		where := Ident(cols.Status) + " = '" + want.status + "'"
		f := TableFinding{
			Column:  want.column,
			Warning: true,
			Problem: fmt.Sprintf("policy %s: table %s has no index on %s (whole, or partial with WHERE %s), so %s", cols.Policy, cols.Table, want.column, where, want.scans),
			Fix:     t.createIndex(want.name, want.column, where),
		}
		if t.partitioned {
			f.Problem = fmt.Sprintf("policy %s: partitioned table %s has no index on %s (whole, or partial with WHERE %s) on the partitioned table itself, so %s (every partition without one of its own, and every partition created later)",
				cols.Policy, cols.Table, want.column, where, want.scans)
		}
		findings = append(findings, f)
	}
	return findings, nil
}

// CheckSweepTable checks a sweep policy's table as its runs use it. In rows
// mode: the table, the key column (which a partitioned table's batches
// delete by) and the expiry column exist, the expiry column is a timestamp
// or date, and an index on the expiry column serves the batch's WHERE and
// ORDER BY (on a partitioned table, one on the key too). In partitions mode:
// the table is partitioned BY RANGE on a timestamptz expiry column, and a
// default partition (which makes each drop lock the table) is a warning.
// The error is for failing to read the catalog.
func CheckSweepTable(ctx context.Context, exec Bounded, policy string, st SweepTable, partitions bool) ([]TableFinding, error) {
	t, err := readPolicyTable(ctx, exec, st.Table)
	if err != nil {
		return nil, fmt.Errorf("policy %s: %w", policy, err)
	}
	if t == nil {
		return []TableFinding{{
			Problem: fmt.Sprintf("policy %s: table %q does not exist (on the search_path)", policy, st.Table),
			Fix:     "create the table, or correct the policy's table (a table in another schema needs that schema on the database user's search_path)",
		}}, nil
	}
	var findings []TableFinding
	fail := func(column, problem, fix string) {
		findings = append(findings, TableFinding{Column: column, Problem: fmt.Sprintf("policy %s: %s", policy, problem), Fix: fix})
	}
	warn := func(column, problem, fix string) {
		findings = append(findings, TableFinding{Column: column, Problem: fmt.Sprintf("policy %s: %s", policy, problem), Fix: fix, Warning: true})
	}
	expiresType, hasExpires := t.columns[st.ExpiresAtColumn]
	if !hasExpires {
		fail(st.ExpiresAtColumn, fmt.Sprintf("expires_at_column: table %q has no column %q", st.Table, st.ExpiresAtColumn),
			"correct expires_at_column to the column that holds each row's expiry")
	}
	if typ, ok := t.columns[st.HoldColumn]; st.HoldColumn != "" && !ok {
		fail(st.HoldColumn, fmt.Sprintf("hold_column: table %q has no column %q", st.Table, st.HoldColumn),
			"correct hold_column to the boolean column that is true for rows under a legal hold, or remove it")
	} else if st.HoldColumn != "" && typ != "boolean" {
		fail(st.HoldColumn, fmt.Sprintf("hold_column: column %q of table %q is %s, want boolean", st.HoldColumn, st.Table, typ),
			"point hold_column at a boolean column that is true for rows under a legal hold")
	}
	if _, ok := t.columns[st.KeyColumn]; st.KeyColumn != "" && !ok {
		fail(st.KeyColumn, fmt.Sprintf("key_column: table %q has no column %q", st.Table, st.KeyColumn),
			"correct key_column to a column of "+st.Table+" that identifies a row")
	}
	if !hasExpires {
		return findings, nil
	}

	if partitions {
		if expiresType != "timestamp with time zone" {
			fail(st.ExpiresAtColumn, fmt.Sprintf("expires_at_column: column %q of table %q is %s; mode partitions needs timestamp with time zone, which its partition bounds are", st.ExpiresAtColumn, st.Table, expiresType),
				"point expires_at_column at a timestamptz column, or use mode: rows")
		}
		want := "RANGE (" + t.quoted[st.ExpiresAtColumn] + ")"
		switch {
		case !t.partitioned:
			fail("", fmt.Sprintf("mode partitions drops whole partitions, but %s is not a partitioned table", st.Table),
				fmt.Sprintf("use mode: rows, or create %s in your migrations as a table PARTITION BY %s and move its rows there", st.Table, want))
		case t.partKey != want:
			fail("", fmt.Sprintf("mode partitions needs %s partitioned BY %s, but it is partitioned BY %s: a partition's bounds would not be its rows' expiry", st.Table, want, t.partKey),
				"use mode: rows, or set expires_at_column to the column the table is partitioned by range on")
		case t.hasDefault:
			warn("", fmt.Sprintf("%s has a default partition: a partition cannot be detached CONCURRENTLY then, so each drop locks the whole table while it runs", st.Table),
				"move the default partition's rows into range partitions and detach it in your migrations, if those locks matter")
		}
		return findings, nil
	}

	if !slices.Contains(timeTypes, expiresType) {
		fail(st.ExpiresAtColumn, fmt.Sprintf("expires_at_column: column %q of table %q is %s, want a timestamp or date: the sweep compares it with now()", st.ExpiresAtColumn, st.Table, expiresType),
			"point expires_at_column at the column of "+st.Table+" that holds each row's expiry as a timestamp")
	}
	if t.partitioned && st.KeyColumn == "" {
		fail("", fmt.Sprintf("%s is partitioned: mode rows deletes its rows by key, and key_column is not set", st.Table),
			"set key_column to a column that identifies a row, or use mode: partitions if the table is partitioned by range on "+st.ExpiresAtColumn)
	}
	if len(findings) > 0 {
		return findings, nil
	}
	if !t.indexed(st.ExpiresAtColumn) {
		warn(st.ExpiresAtColumn, fmt.Sprintf("table %s has no index on %s: every batch scans the table to find the expired rows", st.Table, st.ExpiresAtColumn),
			t.createIndex(st.Table+"_"+st.ExpiresAtColumn+"_idx", st.ExpiresAtColumn, ""))
	}
	if t.partitioned {
		if !t.indexed(st.KeyColumn) {
			warn(st.KeyColumn, fmt.Sprintf("partitioned table %s has no index on its key %s: every batch, which deletes by key, scans the table", st.Table, st.KeyColumn),
				t.createIndex(st.Table+"_"+st.KeyColumn+"_idx", st.KeyColumn, ""))
		}
		if t.partKey == "RANGE ("+t.quoted[st.ExpiresAtColumn]+")" {
			warn("", fmt.Sprintf("%s is partitioned by range on %s, yet swept row by row", st.Table, st.ExpiresAtColumn),
				"set mode: partitions, which removes each expired partition whole instead of its rows one by one, if each partition's rows expire together")
		}
	}
	return findings, nil
}
