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
)

// Conn is what both a pool and a connection offer: statements, and
// transactions of their own.
type Conn interface {
	Executor
	Beginner
}

// Bounded is a Conn whose every statement carries a lock_timeout and a
// statement_timeout (Bounds): db.Bounded, built by db.Timeouts' Pool, Tx
// or Conn. The functions that delete, try, preview or verify an entity
// take it rather than a bare Conn, so no path reaches the entity's tables
// without them. (Package db is out of this package's reach: it imports
// what imports entity in its tests.)
type Bounded interface {
	Conn
	Bounds() (lock, statement time.Duration)
	// SendBatch sends batch's statements in one round trip, with the
	// bounds, in the transaction or session of the Bounded (on a pool, in
	// one implicit transaction). The caller closes the results.
	SendBatch(ctx context.Context, batch *pgx.Batch) pgx.BatchResults
}

// Changes counts, per table, the rows a transaction deleted and the rows it
// updated, as the database counted them (pg_stat_xact_all_tables): Lethe's
// statements, the schema's cascades and SET NULLs and the application's
// triggers alike, rows of other entities included. A partition's rows count
// for its partitioned table. Nulled counts updated rows: the SET NULLs of
// set_null edges, and whatever an application's trigger updated.
type Changes struct {
	Deleted map[string]int64 `json:"deleted"`
	Nulled  map[string]int64 `json:"nulled"`
}

func newChanges() Changes {
	return Changes{Deleted: map[string]int64{}, Nulled: map[string]int64{}}
}

// Add adds o's counts to c's.
func (c Changes) Add(o Changes) {
	for table, n := range o.Deleted {
		c.Deleted[table] += n
	}
	for table, n := range o.Nulled {
		c.Nulled[table] += n
	}
}

// TotalDeleted sums the deleted rows of every table.
func (c Changes) TotalDeleted() int64 {
	var n int64
	for _, v := range c.Deleted {
		n += v
	}
	return n
}

// TotalNulled sums the updated rows of every table.
func (c Changes) TotalNulled() int64 {
	var n int64
	for _, v := range c.Nulled {
		n += v
	}
	return n
}

// StatementError is a statement of a deletion that the database refused:
// an application's trigger, a foreign key, a timeout. Table is the table
// the statement deleted from; the database's own message is in Err (a
// *pgconn.PgError, whose TableName may name another table a cascade
// reached).
type StatementError struct {
	Entity, Key, Table string
	// Chunk is set for a chunk of a large deletion, committed on its own.
	Chunk bool
	Err   error
}

func (e *StatementError) Error() string {
	what := "delete"
	if e.Chunk {
		what = "delete a chunk of"
	}
	return fmt.Sprintf("%s %s %s from %s: %v", what, e.Entity, e.Key, e.Table, e.Err)
}

func (e *StatementError) Unwrap() error { return e.Err }

// Message is the database's message, with its SQLSTATE and the table it
// names when that is another (a cascade's), or the error's text.
func (e *StatementError) Message() string {
	var pgErr *pgconn.PgError
	if !errors.As(e.Err, &pgErr) {
		return e.Err.Error()
	}
	msg := fmt.Sprintf("%s (SQLSTATE %s)", pgErr.Message, pgErr.Code)
	if pgErr.TableName != "" && pgErr.TableName != e.Table {
		msg += " on table " + pgErr.TableName
	}
	return msg
}

// DeleteRows removes every row of the entity key that Lethe deletes,
// children first, and returns what the transaction changed, cascades and
// SET NULLs of schema-owned edges included: it never deletes from a
// schema-owned edge itself, whose rows go (or are detached) with their
// parents. Call it in the transaction that holds the entity's exclusive lock
// (LockExclusive) and writes its tombstone, before anything else in it
// writes: the counts are the transaction's. A refused statement is a
// *StatementError.
func (g *EntityGraph) DeleteRows(ctx context.Context, exec Bounded, key string) (Changes, error) {
	// One round trip: the counters, the statements, the counters again,
	// run in that order in the caller's transaction.
	stmts := g.deleteStatements()
	tables := g.allTables()
	batch := &pgx.Batch{}
	batch.Queue(xactStatsSQL, tables)
	for _, stmt := range stmts {
		batch.Queue(stmt.SQL, key)
	}
	batch.Queue(xactStatsSQL, tables)
	br := exec.SendBatch(ctx, batch)
	changes, err := g.deleteBatch(br, stmts, key)
	if closeErr := br.Close(); err == nil && closeErr != nil {
		err = fmt.Errorf("delete %s %s: %w", g.Name, key, closeErr)
	}
	if err != nil {
		return Changes{}, err
	}
	for _, table := range g.order {
		changes.Deleted[table] += 0
	}
	return changes, nil
}

// deleteBatch reads the results of DeleteRows' batch.
func (g *EntityGraph) deleteBatch(br pgx.BatchResults, stmts []statement, key string) (Changes, error) {
	before, err := g.scanStats(br.Query())
	if err != nil {
		return Changes{}, err
	}
	for _, stmt := range stmts {
		if _, err := br.Exec(); err != nil {
			return Changes{}, &StatementError{Entity: g.Name, Key: key, Table: stmt.Table, Err: err}
		}
	}
	after, err := g.scanStats(br.Query())
	if err != nil {
		return Changes{}, err
	}
	return after.since(before), nil
}

// statement is one of a deletion's statements, on Table; its $1 is the key.
type statement struct {
	Table, SQL string
}

// deleteStatements are the statements DeleteRows runs, in order: children
// first, none on a schema-owned edge.
func (g *EntityGraph) deleteStatements() []statement {
	var out []statement
	for _, table := range slices.Backward(g.order) {
		for _, term := range g.termsOf(table, "t", lethes) {
			out = append(out, statement{Table: table, SQL: `DELETE FROM ` + ident(table) + ` t WHERE ` + term})
		}
	}
	return out
}

// xactChanges returns what the current transaction deleted and updated
// since before was read (xactStats) in it.
func (g *EntityGraph) xactChanges(ctx context.Context, exec Executor, before Changes) (Changes, error) {
	after, err := g.xactStats(ctx, exec)
	if err != nil {
		return Changes{}, err
	}
	return after.since(before), nil
}

// since is what was counted from before to c.
func (c Changes) since(before Changes) Changes {
	changes := newChanges()
	for table, n := range c.Deleted {
		if n -= before.Deleted[table]; n > 0 {
			changes.Deleted[table] = n
		}
	}
	for table, n := range c.Nulled {
		if n -= before.Nulled[table]; n > 0 {
			changes.Nulled[table] = n
		}
	}
	return changes
}

// xactStats reads the rows this backend counted deleted and updated, per
// table (see Changes); a table of the entity goes by its configured name,
// any other by its regclass name. The counts include those of earlier
// transactions not yet flushed to the shared statistics, which happens only
// between transactions: a transaction reads them at its start and again
// before it ends (xactChanges) to know its own.
func (g *EntityGraph) xactStats(ctx context.Context, exec Executor) (Changes, error) {
	return g.scanStats(exec.Query(ctx, xactStatsSQL, g.allTables()))
}

// xactStatsSQL reads the counters xactStats reports, $1 naming the
// entity's tables. It calls the two counters it needs rather than reading
// pg_stat_xact_all_tables, which computes every counter of every table
// and groups them by index: a deletion reads them twice.
const xactStatsSQL = `
	WITH ent AS (
	    SELECT t AS name, to_regclass(quote_ident(t))::oid AS oid FROM unnest($1::text[]) AS t
	), x AS (
	    SELECT c.oid AS relid, pg_stat_get_xact_tuples_deleted(c.oid) AS n_tup_del,
	           pg_stat_get_xact_tuples_updated(c.oid) AS n_tup_upd
	    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
	    WHERE c.relkind IN ('r', 'm', 'p')
	      AND n.nspname <> 'information_schema' AND n.nspname NOT LIKE 'pg\_%'
	), s AS (
	    SELECT coalesce(pg_partition_root(x.relid), x.relid) AS root,
	           sum(x.n_tup_del)::bigint AS deleted, sum(x.n_tup_upd)::bigint AS updated
	    FROM x
	    WHERE x.n_tup_del > 0 OR x.n_tup_upd > 0
	    GROUP BY 1
	)
	SELECT coalesce(ent.name, s.root::regclass::text), s.deleted, s.updated
	FROM s LEFT JOIN ent ON ent.oid = s.root`

// scanStats reads the rows of xactStatsSQL.
func (g *EntityGraph) scanStats(rows pgx.Rows, err error) (Changes, error) {
	if err != nil {
		return Changes{}, fmt.Errorf("read what deleting %s changed: %w", g.Name, err)
	}
	defer rows.Close()
	changes := newChanges()
	for rows.Next() {
		var (
			table            string
			deleted, updated int64
		)
		if err := rows.Scan(&table, &deleted, &updated); err != nil {
			return Changes{}, fmt.Errorf("read what deleting %s changed: %w", g.Name, err)
		}
		if deleted > 0 {
			changes.Deleted[table] += deleted
		}
		if updated > 0 {
			changes.Nulled[table] += updated
		}
	}
	if err := rows.Err(); err != nil {
		return Changes{}, fmt.Errorf("read what deleting %s changed: %w", g.Name, err)
	}
	return changes, nil
}

// allTables is every table the declaration names, each once.
func (g *EntityGraph) allTables() []string {
	tables := slices.Clone(g.order)
	for _, e := range g.Edges {
		if !slices.Contains(tables, e.Table) {
			tables = append(tables, e.Table)
		}
	}
	return tables
}

// Chunking is how a large deletion cuts its statements.
type Chunking struct {
	// Size is the most rows one chunk deletes (delete_chunk_size).
	Size int
	// StatementTimeout is the statement_timeout the chunks run under. A
	// chunk that takes more than a quarter of it halves the next one; one
	// that takes less than a sixteenth grows the next by a quarter, back up
	// to Size. Zero: every chunk is Size rows.
	StatementTimeout time.Duration
}

// nextChunk is the size of the chunk after one of size rows that took
// took, under c (see Chunking).
func (c Chunking) nextChunk(size int, took time.Duration) int {
	switch {
	case c.StatementTimeout <= 0:
		return c.Size
	case took > c.StatementTimeout/slowFraction:
		return max(size/2, 1)
	case took < c.StatementTimeout/16 && size < c.Size:
		return min(c.Size, size+max(size/4, 1))
	}
	return size
}

// Chunk is one committed chunk of a large deletion.
type Chunk struct {
	Table string `json:"table"`
	// Limit is the most rows the chunk's statement could delete; Deleted
	// what it did, cascades not included.
	Limit    int           `json:"limit"`
	Deleted  int64         `json:"deleted"`
	Duration time.Duration `json:"duration"`
}

// ChunkResult is what the chunks of a large deletion did.
type ChunkResult struct {
	// Changes sums the chunks' transactions (see Changes).
	Changes Changes
	Chunks  []Chunk
}

// DeleteChunks deletes a large entity's rows ahead of its final
// transaction: when some table holds more than c.Size rows of the entity
// that Lethe deletes, every such table but the root is emptied of them,
// children first, a chunk per statement, each statement its own
// transaction, whose changes (cascades included) it counts. The chunk
// shrinks when a chunk is slow (see Chunking). The root row stays for the
// final transaction, which deletes whatever was written meanwhile with the
// root, under the exclusive lock. An entity with at most c.Size rows in
// every table is left alone, so a small deletion stays one transaction.
//
// A foreign key refusing a chunk (a writer added a child under a parent that
// was about to go) ends the chunks early: the final transaction deletes
// children first under the exclusive lock, which writers wait for. Any
// other refused chunk is a *StatementError, with the chunks committed
// before it in the result.
func (g *EntityGraph) DeleteChunks(ctx context.Context, conn Bounded, key string, c Chunking) (ChunkResult, error) {
	res := ChunkResult{Changes: newChanges()}
	large, err := g.Large(ctx, conn, key, c.Size)
	if err != nil || !large {
		return res, err
	}
	size := c.Size
	for _, table := range slices.Backward(g.order[1:]) {
		for _, term := range g.termsOf(table, "t", lethes) {
			size, err = g.deleteChunks(ctx, conn, &res, table, term, key, c, size)
			var pgErr *pgconn.PgError
			if errors.As(err, &pgErr) && pgErr.Code == "23503" {
				return res, nil
			}
			if err != nil {
				return res, err
			}
		}
	}
	return res, nil
}

// Large reports whether some table but the root holds more than chunk rows
// of the entity key that Lethe deletes, so its deletion runs in chunks
// (DeleteChunks). It asks in one statement whose every part stops at
// chunk+1 rows.
func (g *EntityGraph) Large(ctx context.Context, exec Bounded, key string, chunk int) (bool, error) {
	var parts []string
	for _, table := range g.order[1:] {
		for _, term := range g.termsOf(table, "t", lethes) {
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

// chunkStatement deletes at most $2 rows of table that match term.
func (g *EntityGraph) chunkStatement(table, term string) string {
	tpl := newIdentTemplate(map[string]string{"table": table})
	// A tid scan takes the chunk's rows; on a partitioned table a ctid
	// names a row only together with its partition.
	if g.partitioned[table] {
		return tpl.Fill(`DELETE FROM {table} WHERE (tableoid, ctid) IN (SELECT t.tableoid, t.ctid FROM {table} t WHERE ` + term + ` LIMIT $2)`)
	}
	return tpl.Fill(`DELETE FROM {table} WHERE ctid = ANY (ARRAY(SELECT t.ctid FROM {table} t WHERE ` + term + ` LIMIT $2))`)
}

// deleteChunks deletes the rows of table that match term, a chunk per
// transaction, until a chunk finds fewer rows than its limit. It starts at
// size rows and returns the size the next chunk would have.
func (g *EntityGraph) deleteChunks(ctx context.Context, conn Conn, res *ChunkResult, table, term, key string, c Chunking, size int) (int, error) {
	del := g.chunkStatement(table, term)
	for {
		if err := ctx.Err(); err != nil {
			return size, err
		}
		var (
			deleted int64
			changes Changes
			took    time.Duration
		)
		err := pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
			before, err := g.xactStats(ctx, tx)
			if err != nil {
				return err
			}
			started := time.Now()
			tag, err := tx.Exec(ctx, del, key, size)
			took = time.Since(started)
			if err != nil {
				return &StatementError{Entity: g.Name, Key: key, Table: table, Chunk: true, Err: err}
			}
			deleted = tag.RowsAffected()
			changes, err = g.xactChanges(ctx, tx, before)
			return err
		})
		if err != nil {
			return size, err
		}
		res.Changes.Add(changes)
		res.Chunks = append(res.Chunks, Chunk{Table: table, Limit: size, Deleted: deleted, Duration: took})
		limit := size
		size = c.nextChunk(size, took)
		if deleted < int64(limit) {
			return size, nil
		}
	}
}
