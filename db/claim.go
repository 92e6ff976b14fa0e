package db

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
)

// Deletion states of a row under an expire policy. DELETED is terminal; the
// watchdog moves DELETION_IN_PROGRESS back to NOT_EXPIRED.
const (
	StatusNotExpired         = "NOT_EXPIRED"
	StatusDeletionInProgress = "DELETION_IN_PROGRESS"
	StatusDeleted            = "DELETED"
)

// claimableSQL is the condition under which an expire policy's row is due:
// what the planner claims and what a preview counts.
const claimableSQL = `{status} = 'NOT_EXPIRED' AND {expires_at} < now()`

// notHeldSQL is the condition that excludes the rows a policy's hold
// column holds (true: a legal hold), to append to the policy's conditions;
// "" without a hold column. A NULL is not held. Its {hold} is the column.
func notHeldSQL(holdColumn string) string {
	if holdColumn == "" {
		return ""
	}
	return ` AND NOT coalesce({hold}, false)`
}

// ExpireColumns names the table and columns of an expire policy, as written
// in the configuration (unquoted).
type ExpireColumns struct {
	Policy      string
	Table       string
	Key         string
	ExpiresAt   string
	Status      string
	InitiatedAt string
	BlobKey     string // optional
	// Hold is optional: rows where it is true (a legal hold) are never
	// claimed, and a claimed row held before its batch reads its blob
	// keys is neither deleted nor its blob; the watchdog gives it back.
	Hold string
}

// ExpireTable is an expire policy's table, checked against the database, with
// its statements built once. Build it with LookupExpireTable.
//
// A claim's timestamp (the initiated-at column, the same for every row of a
// batch) names its batch: the batch job carries the timestamp, not the keys,
// and finds its rows through it. The claim filters on the status with a
// literal 'NOT_EXPIRED' and orders by the expiry column, so it can walk a
// partial index such as
//
//	CREATE INDEX ON pastes (expires_at) WHERE deletion_status = 'NOT_EXPIRED';
//
// and the batch and the watchdog find claimed rows through one such as
//
//	CREATE INDEX ON pastes (deletion_initiated_at) WHERE deletion_status = 'DELETION_IN_PROGRESS';
//
// Without them each claim and each batch scans the table.
//
// Once its claim commits, a batch's rows can only leave it (deleted, reset
// or claimed again under a later timestamp), never join it: no other claim
// of the policy commits with the same timestamp. The batch holds the claim's
// lock (LockClaim) from its key read to the commit of its delete, and the
// watchdog resets a claim only when it gets that lock (ResetClaim), so the
// rows whose blobs a batch read and deleted are exactly the rows it deletes.
type ExpireTable struct {
	Columns ExpireColumns
	// Warnings name the indexes above that the table lacks, each with the
	// statement that creates it. The policy works without them, scanning
	// the table instead.
	Warnings []string

	singleHeap bool // an ordinary table without partitions or inheritance children

	claimSQL     string
	blobKeysSQL  string
	finishSQL    string
	markSQL      string
	claimRowsSQL string
	setAsideSQL  string
	releaseSQL   string
	watchdog     watchdogSQL // claim_lock.go

	planDueSQL, deleteDueSQL, markDueSQL string // see expire_delete.go
}

// LookupExpireTable checks that cols.Table and every named column exist and
// builds the policy's statements. The error names the policy, the table and
// the missing column.
func LookupExpireTable(ctx context.Context, exec Executor, cols ExpireColumns) (*ExpireTable, error) {
	rows, err := exec.Query(ctx, `
		SELECT a.attname, format_type(a.atttypid, a.atttypmod)
		FROM pg_attribute a
		WHERE a.attrelid = to_regclass($1) AND a.attnum > 0 AND NOT a.attisdropped`, Ident(cols.Table))
	if err != nil {
		return nil, fmt.Errorf("policy %s: look up table %s: %w", cols.Policy, cols.Table, err)
	}
	types, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) ([2]string, error) {
		var nameType [2]string
		err := row.Scan(&nameType[0], &nameType[1])
		return nameType, err
	})
	if err != nil {
		return nil, fmt.Errorf("policy %s: look up table %s: %w", cols.Policy, cols.Table, err)
	}
	if len(types) == 0 {
		return nil, fmt.Errorf("policy %s: table %q does not exist (or has no columns)", cols.Policy, cols.Table)
	}
	typeOf := map[string]string{}
	for _, nt := range types {
		typeOf[nt[0]] = nt[1]
	}
	for _, c := range []struct{ field, name string }{
		{"key_column", cols.Key},
		{"expires_at_column", cols.ExpiresAt},
		{"status_column", cols.Status},
		{"initiated_at_column", cols.InitiatedAt},
		{"blob_key_column", cols.BlobKey},
		{"hold_column", cols.Hold},
	} {
		if c.name == "" && (c.field == "blob_key_column" || c.field == "hold_column") {
			continue
		}
		if _, ok := typeOf[c.name]; !ok {
			return nil, fmt.Errorf("policy %s: %s: table %q has no column %q", cols.Policy, c.field, cols.Table, c.name)
		}
	}
	if typ := typeOf[cols.InitiatedAt]; typ != "timestamp with time zone" {
		return nil, fmt.Errorf("policy %s: initiated_at_column: column %q of table %q is %s, want timestamp with time zone", cols.Policy, cols.InitiatedAt, cols.Table, typ)
	}
	if typ := typeOf[cols.Hold]; cols.Hold != "" && typ != "boolean" {
		return nil, fmt.Errorf("policy %s: hold_column: column %q of table %q is %s, want boolean", cols.Policy, cols.Hold, cols.Table, typ)
	}
	t := &ExpireTable{Columns: cols}
	err = exec.QueryRow(ctx, `
		SELECT c.relkind = 'r' AND NOT EXISTS (SELECT 1 FROM pg_inherits WHERE inhparent = c.oid)
		FROM pg_class c WHERE c.oid = to_regclass($1)`, Ident(cols.Table)).Scan(&t.singleHeap)
	if err != nil {
		return nil, fmt.Errorf("policy %s: look up table %s: %w", cols.Policy, cols.Table, err)
	}
	if t.Warnings, err = missingExpireIndexes(ctx, exec, cols); err != nil {
		return nil, err
	}
	t.build()
	return t, nil
}

// ExpireTableDDL is the DDL that prepares cols.Table for an expire policy:
// the status column with its CHECK, the initiated-at column and the two
// partial indexes the claim, the batches and the watchdog use. Every
// statement is idempotent (IF NOT EXISTS), so it can go into the table
// owner's own migrations whatever the table already has; the indexes are
// built CONCURRENTLY, without blocking writes (run them outside a
// transaction).
func ExpireTableDDL(cols ExpireColumns) []string {
	t := newIdentTemplate(map[string]string{
		"table":        cols.Table,
		"status":       cols.Status,
		"initiated_at": cols.InitiatedAt,
		"expires_at":   cols.ExpiresAt,
		"claim_idx":    truncateIdent(cols.Table + "_" + cols.ExpiresAt + "_not_expired_idx"),
		"progress_idx": truncateIdent(cols.Table + "_" + cols.InitiatedAt + "_in_progress_idx"),
	})
	return []string{
		t.Fill(`ALTER TABLE {table} ADD COLUMN IF NOT EXISTS {status} text NOT NULL DEFAULT 'NOT_EXPIRED'
    CHECK ({status} IN ('NOT_EXPIRED', 'DELETION_IN_PROGRESS', 'DELETED'));`),
		t.Fill(`ALTER TABLE {table} ADD COLUMN IF NOT EXISTS {initiated_at} timestamptz;`),
		t.Fill(`CREATE INDEX CONCURRENTLY IF NOT EXISTS {claim_idx} ON {table} ({expires_at}) WHERE {status} = 'NOT_EXPIRED';`),
		t.Fill(`CREATE INDEX CONCURRENTLY IF NOT EXISTS {progress_idx} ON {table} ({initiated_at}) WHERE {status} = 'DELETION_IN_PROGRESS';`),
	}
}

// truncateIdent cuts name to PostgreSQL's 63-byte identifier limit.
func truncateIdent(name string) string {
	if len(name) > 63 {
		return name[:63]
	}
	return name
}

// missingExpireIndexes says which of the claim's and the batches' indexes
// cols.Table lacks: a valid index led by the expiry column, and one led by
// the initiated-at column.
func missingExpireIndexes(ctx context.Context, exec Executor, cols ExpireColumns) ([]string, error) {
	rows, err := exec.Query(ctx, `
		SELECT a.attname
		FROM pg_index i
		JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0]
		WHERE i.indrelid = to_regclass($1) AND i.indisvalid`, Ident(cols.Table))
	if err != nil {
		return nil, fmt.Errorf("policy %s: look up indexes of %s: %w", cols.Policy, cols.Table, err)
	}
	leading, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("policy %s: look up indexes of %s: %w", cols.Policy, cols.Table, err)
	}
	var warnings []string
	for _, want := range []struct{ column, status, scans string }{
		{cols.ExpiresAt, StatusNotExpired, "every claim scans the table"},
		{cols.InitiatedAt, StatusDeletionInProgress, "every batch and watchdog run scans the table"},
	} {
		if slices.Contains(leading, want.column) {
			continue
		}
		create := newIdentTemplate(map[string]string{"table": cols.Table, "column": want.column, "status": cols.Status}).
			Fill(`CREATE INDEX ON {table} ({column}) WHERE {status} = '` + want.status + `'`)
		warnings = append(warnings, fmt.Sprintf("policy %s: table %s has no index on %s, so %s; create one: %s",
			cols.Policy, cols.Table, want.column, want.scans, create))
	}
	return warnings, nil
}

// build writes the statements from templates whose placeholders only
// quoted names fill.
func (t *ExpireTable) build() {
	c := t.Columns
	r := newIdentTemplate(map[string]string{
		"table":        c.Table,
		"key":          c.Key,
		"expires_at":   c.ExpiresAt,
		"status":       c.Status,
		"initiated_at": c.InitiatedAt,
		"blob_key":     c.BlobKey,
		"hold":         c.Hold,
	})
	held := notHeldSQL(c.Hold)
	// One claim per transaction: now() is the transaction's start, the same
	// for every row of the batch and different from any earlier claim of
	// the same rows, which committed before this transaction began. The
	// timestamp names the batch: its job finds the rows by it. Only the
	// count, the timestamp and the cursor come back.
	t.claimSQL = r.Fill(t.lockThenWrite(
		claimableSQL+held+` AND {expires_at} >= $2`, `{expires_at}`,
		`UPDATE {table} SET {status} = 'DELETION_IN_PROGRESS', {initiated_at} = now()`) + `
		SELECT count(*), now(), max({expires_at}) FROM changed`)
	// A batch's rows are found through the claim's timestamp, with an
	// index such as pastes_in_progress_idx above; its job carries no keys.
	if c.BlobKey != "" {
		t.blobKeysSQL = r.Fill(`
			SELECT DISTINCT {blob_key}::text
			FROM {table}
			WHERE {status} = 'DELETION_IN_PROGRESS' AND {initiated_at} = $1` + held + `
			  AND {blob_key} IS NOT NULL AND {blob_key}::text <> ''`)
	}
	// The rows go with the claim's record of begun blob deletes
	// (claim_blobs.go), in one statement: a claim is recorded as begun
	// exactly as long as rows of it may have lost their blobs.
	const ended = `
		WITH ended AS (DELETE FROM lethe_expire_blob_deletes WHERE policy = $2 AND claimed_at = $1)`
	t.finishSQL = r.Fill(ended + `
		DELETE FROM {table}
		WHERE {status} = 'DELETION_IN_PROGRESS' AND {initiated_at} = $1` + held)
	t.markSQL = r.Fill(ended + `
		UPDATE {table} SET {status} = 'DELETED'
		WHERE {status} = 'DELETION_IN_PROGRESS' AND {initiated_at} = $1` + held)
	t.claimRowsSQL = r.Fill(`
		SELECT count(*) FROM {table}
		WHERE {status} = 'DELETION_IN_PROGRESS' AND {initiated_at} = $1`)
	// Set-aside rows keep DELETION_IN_PROGRESS with a claim timestamp of
	// -infinity: no batch's timestamp, and excluded from the watchdog's
	// reset, so they are neither deleted nor claimed again until an
	// operator releases them.
	if c.BlobKey != "" {
		t.setAsideSQL = r.Fill(`
			UPDATE {table} SET {initiated_at} = '-infinity'
			WHERE {status} = 'DELETION_IN_PROGRESS' AND {initiated_at} = $1
			  AND {blob_key}::text = ANY ($2::text[])`)
	}
	t.releaseSQL = r.Fill(`
		UPDATE {table} SET {status} = 'NOT_EXPIRED', {initiated_at} = NULL
		WHERE {status} = 'DELETION_IN_PROGRESS' AND {initiated_at} = '-infinity'`)
	t.buildWatchdog(r)
	t.buildDeleteDue()
}

// Claim marks up to limit expired NOT_EXPIRED rows DELETION_IN_PROGRESS, in
// expiry order from the cursor on, skipping rows another transaction holds.
// Run it in the transaction that inserts the batch job, so claim and job
// commit together; run one claim per transaction, so each batch has its own
// timestamp.
func (t *ExpireTable) Claim(ctx context.Context, tx Bounded, limit int, cursor ClaimCursor) (ClaimedBatch, error) {
	var (
		c    ClaimedBatch
		last *time.Time
	)
	from := pgtype.Timestamptz{Time: cursor.next, Valid: true}
	if cursor.next.IsZero() {
		from.InfinityModifier = pgtype.NegativeInfinity
	}
	if err := tx.QueryRow(ctx, t.claimSQL, limit, from).Scan(&c.Rows, &c.At, &last); err != nil {
		return ClaimedBatch{}, fmt.Errorf("claim expired rows of %s: %w", t.Columns.Table, err)
	}
	c.Cursor = cursor
	if last != nil {
		c.Cursor.next = *last
	}
	return c, nil
}

// ClaimedBatch is what one claim took.
type ClaimedBatch struct {
	Rows int       // rows claimed
	At   time.Time // the claim's timestamp, which names the batch
	// Cursor starts the next claim of the same run where this one
	// stopped.
	Cursor ClaimCursor
}

// ClaimCursor is where a planner run's next claim starts: at the expiry of
// the last row it claimed, so a run's claims do not walk again over the
// index entries of rows it already claimed (dead or claimed, until VACUUM).
// Rows it passed over — locked by another planner, or reset since — are the
// next run's, which starts from the zero cursor, at the beginning.
type ClaimCursor struct {
	next time.Time
}

// BlobKeys returns the distinct blob keys of the rows that still hold the
// claim made at claimedAt (none when the policy has no blob column).
func (t *ExpireTable) BlobKeys(ctx context.Context, exec Bounded, claimedAt time.Time) ([]string, error) {
	if t.blobKeysSQL == "" {
		return nil, nil
	}
	rows, err := exec.Query(ctx, t.blobKeysSQL, claimedAt)
	if err != nil {
		return nil, fmt.Errorf("read blob keys of claimed rows of %s: %w", t.Columns.Table, err)
	}
	keys, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("read blob keys of claimed rows of %s: %w", t.Columns.Table, err)
	}
	return keys, nil
}

// Finish deletes the rows that still hold the claim made at claimedAt, or
// marks them DELETED when mark is set, together with the claim's record of
// begun blob deletes (BeginBlobDeletes), and returns how many rows it
// changed. A row reset by the watchdog or claimed again since is left alone.
func (t *ExpireTable) Finish(ctx context.Context, exec Bounded, claimedAt time.Time, mark bool) (int64, error) {
	sql := t.finishSQL
	if mark {
		sql = t.markSQL
	}
	tag, err := exec.Exec(ctx, sql, claimedAt, t.Columns.Policy)
	if err != nil {
		return 0, fmt.Errorf("delete claimed rows of %s: %w", t.Columns.Table, err)
	}
	return tag.RowsAffected(), nil
}

// SetAside takes the rows of the claim made at claimedAt whose blob key is
// one of keys out of their batch: they stay DELETION_IN_PROGRESS, with a
// claim timestamp of -infinity, so the batch does not delete them, the
// watchdog does not reset them and no planner claims them again, until
// Release. It returns how many rows it set aside.
func (t *ExpireTable) SetAside(ctx context.Context, exec Bounded, claimedAt time.Time, keys []string) (int64, error) {
	if t.setAsideSQL == "" || len(keys) == 0 {
		return 0, nil
	}
	tag, err := exec.Exec(ctx, t.setAsideSQL, claimedAt, keys)
	if err != nil {
		return 0, fmt.Errorf("set aside rows of %s: %w", t.Columns.Table, err)
	}
	return tag.RowsAffected(), nil
}

// Release gives every set-aside row back to the planner (NOT_EXPIRED) and
// returns how many it released. Fix the rows' blob keys first: a key that
// is still refused is set aside again by its next batch.
func (t *ExpireTable) Release(ctx context.Context, exec Bounded) (int64, error) {
	tag, err := exec.Exec(ctx, t.releaseSQL)
	if err != nil {
		return 0, fmt.Errorf("release set-aside rows of %s: %w", t.Columns.Table, err)
	}
	return tag.RowsAffected(), nil
}

// AsyncCommit makes tx commit without waiting for its WAL to reach disk
// (synchronous_commit = off for this transaction only). Expire's
// transactions are safe to lose in a PostgreSQL crash: a lost claim loses its
// batch job with it, and a lost deletion leaves the rows claimed and the job
// running, so River's rescuer runs the batch again (blobs already gone count
// as deleted). Not waiting for the disk on every batch is what lets small
// batches keep up with one big DELETE.
func AsyncCommit(ctx context.Context, tx pgx.Tx) error {
	if _, err := tx.Exec(ctx, `SET LOCAL synchronous_commit = off`); err != nil {
		return fmt.Errorf("set synchronous_commit: %w", err)
	}
	return nil
}
