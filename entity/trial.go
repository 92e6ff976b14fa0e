package entity

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
)

// Trial is what the deletion's own statements did in a transaction that
// was rolled back: what the database deletes and sets to NULL, its
// cascades and application triggers included, and whether it refuses any
// of it, before a real attempt. It runs under the entity's lock_timeout and
// statement_timeout, and deletes the rows of a large entity in one
// statement per table where the deletion would chunk them.
type Trial struct {
	// OK is false when a statement failed; Failure says which and why, and
	// the counts are then missing.
	OK      bool          `json:"ok"`
	Failure *TrialFailure `json:"failure,omitempty"`
	// Tables counts, per table, what the trial changed (see TrialTable),
	// tables outside the entity included.
	Tables map[string]TrialTable `json:"tables"`
	// Statements are the statements Lethe runs, with their plans'
	// estimates and how long each took in the trial.
	Statements []TrialStatement `json:"statements"`
	// UnindexedForeignKeys are the foreign keys into a table that loses
	// rows whose referencing column no index starts with.
	UnindexedForeignKeys []UnindexedForeignKey `json:"unindexed_foreign_keys"`
	// Warnings name what may fail or slow the deletion, or reaches beyond
	// the entity.
	Warnings []string `json:"warnings"`
	// LockTimeout and StatementTimeout are those the trial ran under, the
	// deletion's.
	LockTimeout      string `json:"lock_timeout"`
	StatementTimeout string `json:"statement_timeout"`
}

// TrialFailure is a statement of the trial that the database refused.
type TrialFailure struct {
	// Table is the table the statement deleted from; Message the
	// database's message, SQLState its code, and ErrorTable the table the
	// message names when another (a cascade's).
	Table      string `json:"table"`
	Message    string `json:"message"`
	SQLState   string `json:"sqlstate,omitempty"`
	ErrorTable string `json:"error_table,omitempty"`
	Constraint string `json:"constraint,omitempty"`
}

// TrialTable is what the trial changed in one table.
type TrialTable struct {
	// Deleted and Nulled are the rows the database deleted and updated
	// (SET NULL), as it counted them.
	Deleted int64 `json:"deleted"`
	Nulled  int64 `json:"nulled"`
	// Beyond and NulledBeyond are those of them beyond the entity's own
	// rows (the preview's rows and nulled): rows of other entities that a
	// cascade, a SET NULL or an application's trigger takes along.
	Beyond       int64 `json:"beyond"`
	NulledBeyond int64 `json:"nulled_beyond"`
	// SchemaOwned is set when Lethe never deletes from the table: every
	// edge into it is the schema's own.
	SchemaOwned bool `json:"schema_owned"`
}

// TrialStatement is one statement of the deletion.
type TrialStatement struct {
	Table string `json:"table"`
	// EstimatedRows and EstimatedCost are the planner's (EXPLAIN), in its
	// own cost units; DurationMS how long the trial took. Ran is false for
	// the statements after one that failed.
	EstimatedRows float64 `json:"estimated_rows"`
	EstimatedCost float64 `json:"estimated_cost"`
	DurationMS    float64 `json:"duration_ms"`
	Ran           bool    `json:"ran"`
	// ForeignKeyReads estimates the rows the checks of unindexed foreign
	// keys into the table read: EstimatedRows times each referencing
	// table's rows.
	ForeignKeyReads float64 `json:"foreign_key_reads"`
}

// heavyForeignKeyReads is how many rows the foreign key checks of one
// statement may be estimated to read before the trial warns that it is
// likely to approach statement_timeout: tens of seconds of sequential
// reads on a busy server.
const heavyForeignKeyReads = 50_000_000

// UnindexedForeignKey is a foreign key whose check scans its referencing
// table once per row deleted from the referenced one.
type UnindexedForeignKey struct {
	Constraint string `json:"constraint"`
	Table      string `json:"table"`
	Column     string `json:"column"`
	References string `json:"references"`
	// TableRows is the planner's estimate of the referencing table's rows,
	// each read for every row deleted from References. A table never
	// analyzed has none: its size in 8 KiB pages times 60, what a page of
	// narrow rows holds, stands in.
	TableRows int64 `json:"table_rows"`
}

// slowFraction is the share of statement_timeout past which a statement of
// the trial is reported as likely to approach it, and past which a chunk
// halves the next (Chunking).
const slowFraction = 4

// Trial runs the deletion's statements for key in a transaction of conn
// that it rolls back, under the entity's timeouts. own and ownNulled are the
// entity's rows and nulled rows per table (CountRows, CountNulled), to tell
// the rows beyond them. A statement the database refuses is reported in the
// result, not as an error.
func (e *Entity) Trial(ctx context.Context, conn Bounded, key string, own, ownNulled map[string]int64) (*Trial, error) {
	lock, statement := e.cfg.EntityTimeouts(e.Name)
	timeouts := struct{ Lock, Statement time.Duration }{lock.D(), statement.D()}
	t := &Trial{
		Tables: map[string]TrialTable{}, Statements: []TrialStatement{}, UnindexedForeignKeys: []UnindexedForeignKey{}, Warnings: []string{},
		LockTimeout: timeouts.Lock.String(), StatementTimeout: timeouts.Statement.String(),
	}
	tx, err := conn.Begin(ctx)
	if err != nil {
		return nil, fmt.Errorf("trial of %s %s: begin: %w", e.Name, key, err)
	}
	defer tx.Rollback(context.WithoutCancel(ctx)) //nolint:errcheck // the trial is always undone
	// As db.Timeouts.SetLocal does for the deletion (package db is out of
	// this package's reach: it imports what imports entity in its tests).
	_, err = tx.Exec(ctx, `SELECT set_config('lock_timeout', $1, true), set_config('statement_timeout', $2, true)`,
		fmt.Sprintf("%dms", timeouts.Lock.Milliseconds()), fmt.Sprintf("%dms", timeouts.Statement.Milliseconds()))
	if err != nil {
		return nil, fmt.Errorf("trial of %s %s: set lock_timeout and statement_timeout: %w", e.Name, key, err)
	}
	stmts := e.deleteStatements()
	for _, stmt := range stmts {
		ts := TrialStatement{Table: stmt.Table}
		if ts.EstimatedRows, ts.EstimatedCost, err = explain(ctx, tx, stmt.SQL, key); err != nil {
			return nil, fmt.Errorf("trial of %s %s: explain the delete from %s: %w", e.Name, key, stmt.Table, err)
		}
		t.Statements = append(t.Statements, ts)
	}
	if t.UnindexedForeignKeys, err = e.unindexedForeignKeys(ctx, tx); err != nil {
		return nil, fmt.Errorf("trial of %s %s: %w", e.Name, key, err)
	}
	for i, s := range t.Statements {
		for _, fk := range t.UnindexedForeignKeys {
			if fk.References == s.Table {
				t.Statements[i].ForeignKeyReads += s.EstimatedRows * float64(fk.TableRows)
			}
		}
		if reads := t.Statements[i].ForeignKeyReads; reads > heavyForeignKeyReads {
			t.Warnings = append(t.Warnings, fmt.Sprintf("the delete from %s is likely to approach statement_timeout %s: the checks of unindexed foreign keys into it read about %.0f rows%s",
				s.Table, timeouts.Statement, reads, chunkNote(s.Table, e.Table)))
		}
	}
	before, err := e.xactStats(ctx, tx)
	if err != nil {
		return nil, err
	}
	for i, stmt := range stmts {
		started := time.Now()
		_, err := tx.Exec(ctx, stmt.SQL, key)
		took := time.Since(started)
		t.Statements[i].DurationMS, t.Statements[i].Ran = float64(took.Microseconds())/1000, true
		if err != nil {
			if ctx.Err() != nil {
				return nil, fmt.Errorf("trial of %s %s: %w", e.Name, key, err)
			}
			t.Failure = trialFailure(stmt.Table, err)
			t.Warnings = append(t.Warnings, fmt.Sprintf("the delete from %s fails: %s", stmt.Table, (&StatementError{Entity: e.Name, Key: key, Table: stmt.Table, Err: err}).Message()))
			break
		}
		if timeouts.Statement > 0 && took > timeouts.Statement/slowFraction {
			t.Warnings = append(t.Warnings, fmt.Sprintf("the delete from %s took %s, more than a quarter of statement_timeout %s: it may time out under load%s",
				stmt.Table, took.Round(time.Millisecond), timeouts.Statement, chunkNote(stmt.Table, e.Table)))
		}
	}
	if t.Failure == nil {
		changes, err := e.xactChanges(ctx, tx, before)
		if err != nil {
			return nil, err
		}
		t.OK = true
		e.trialTables(t, changes, own, ownNulled)
	}
	for _, fk := range t.UnindexedForeignKeys {
		if t.OK && t.Tables[fk.References].Deleted == 0 {
			continue
		}
		t.Warnings = append(t.Warnings, fmt.Sprintf("foreign key %s: no index starts with %s.%s, so each row deleted from %s reads about %d rows of %s",
			fk.Constraint, fk.Table, fk.Column, fk.References, fk.TableRows, fk.Table))
	}
	return t, nil
}

// chunkNote says, for a table other than the root, that the deletion of a
// large entity cuts its statement in chunks.
func chunkNote(table, root string) string {
	if table == root {
		return ""
	}
	return " (a large entity's deletion cuts it in chunks that shrink when slow)"
}

// trialTables fills t's tables from what the trial changed, and warns of
// rows beyond the entity's own.
func (e *Entity) trialTables(t *Trial, changes Changes, own, ownNulled map[string]int64) {
	var tables []string
	for table := range changes.Deleted {
		tables = append(tables, table)
	}
	for table := range changes.Nulled {
		if !slices.Contains(tables, table) {
			tables = append(tables, table)
		}
	}
	for _, table := range e.allTables() {
		if !slices.Contains(tables, table) {
			tables = append(tables, table)
		}
	}
	slices.Sort(tables)
	for _, table := range tables {
		tt := TrialTable{
			Deleted: changes.Deleted[table], Nulled: changes.Nulled[table],
			SchemaOwned: e.schemaOwned(table),
		}
		tt.Beyond = max(0, tt.Deleted-own[table])
		tt.NulledBeyond = max(0, tt.Nulled-ownNulled[table])
		t.Tables[table] = tt
		if tt.Beyond > 0 {
			t.Warnings = append(t.Warnings, fmt.Sprintf("%s: %d of the %d rows deleted are beyond the entity's own (rows of others that a cascade or trigger takes along)", table, tt.Beyond, tt.Deleted))
		}
		if tt.NulledBeyond > 0 {
			t.Warnings = append(t.Warnings, fmt.Sprintf("%s: %d of the %d rows updated are beyond the rows that reference the entity (an application's trigger, or a SET NULL that no edge declares)", table, tt.NulledBeyond, tt.Nulled))
		}
	}
}

// schemaOwned reports whether table is of the entity and Lethe never
// deletes from it.
func (e *Entity) schemaOwned(table string) bool {
	edges := e.edgesInto(table)
	if table == e.Table || len(edges) == 0 {
		return false
	}
	for _, edge := range edges {
		if !edge.SchemaOwned() {
			return false
		}
	}
	return true
}

// trialFailure describes a refused statement of the trial.
func trialFailure(table string, err error) *TrialFailure {
	f := &TrialFailure{Table: table, Message: err.Error()}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		f.Message, f.SQLState, f.Constraint = pgErr.Message, pgErr.Code, pgErr.ConstraintName
		if pgErr.TableName != table {
			f.ErrorTable = pgErr.TableName
		}
	}
	return f
}

// explain returns the planner's estimate of rows and total cost for sql.
func explain(ctx context.Context, exec Executor, sql, key string) (rows, cost float64, err error) {
	var raw []byte
	if err := exec.QueryRow(ctx, `EXPLAIN (FORMAT JSON) `+sql, key).Scan(&raw); err != nil {
		return 0, 0, err
	}
	var plans []struct {
		Plan struct {
			Rows float64 `json:"Plan Rows"`
			Cost float64 `json:"Total Cost"`
			// A DELETE's own node estimates no rows; its input does.
			Plans []struct {
				Rows float64 `json:"Plan Rows"`
			} `json:"Plans"`
		} `json:"Plan"`
	}
	if err := json.Unmarshal(raw, &plans); err != nil || len(plans) == 0 {
		return 0, 0, fmt.Errorf("read the plan: %w", errors.Join(err, errors.New("no plan")))
	}
	p := plans[0].Plan
	rows = p.Rows
	if len(p.Plans) > 0 {
		rows = p.Plans[0].Rows
	}
	return rows, p.Cost, nil
}

// unindexedForeignKeys lists the foreign keys into the entity's tables (a
// table loses rows through Lethe or a cascade) whose first referencing
// column no index starts with (a partial index on col IS NOT NULL serves a
// key's check too).
func (e *Entity) unindexedForeignKeys(ctx context.Context, exec Executor) ([]UnindexedForeignKey, error) {
	rows, err := exec.Query(ctx, `
		WITH ent AS (
		    SELECT t AS name, to_regclass(quote_ident(t))::oid AS oid FROM unnest($1::text[]) AS t
		)
		SELECT c.conname, c.conrelid::regclass::text, a.attname, coalesce(ent.name, c.confrelid::regclass::text),
		       CASE WHEN cl.reltuples >= 0 THEN cl.reltuples::bigint
		            ELSE pg_relation_size(c.conrelid) / 8192 * 60 END
		FROM pg_constraint c
		JOIN ent ON ent.oid = c.confrelid
		JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
		JOIN pg_class cl ON cl.oid = c.conrelid
		WHERE c.contype = 'f' AND c.conparentid = 0
		  AND NOT EXISTS (
		      SELECT 1 FROM pg_index i
		      WHERE i.indrelid = c.conrelid AND i.indkey[0] = c.conkey[1]
		        AND (i.indpred IS NULL
		             OR pg_get_expr(i.indpred, i.indrelid) = '(' || quote_ident(a.attname) || ' IS NOT NULL)'))
		ORDER BY 1`, e.allTables())
	if err != nil {
		return nil, fmt.Errorf("list unindexed foreign keys into %s: %w", e.Name, err)
	}
	defer rows.Close()
	out := []UnindexedForeignKey{}
	for rows.Next() {
		var fk UnindexedForeignKey
		if err := rows.Scan(&fk.Constraint, &fk.Table, &fk.Column, &fk.References, &fk.TableRows); err != nil {
			return nil, fmt.Errorf("list unindexed foreign keys into %s: %w", e.Name, err)
		}
		out = append(out, fk)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list unindexed foreign keys into %s: %w", e.Name, err)
	}
	return out, nil
}
