package db

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// LedgerEntry is one entry of the deletion ledger: a deletion of (Entity,
// Key), or an undeletion that reverses the deletions before it. ID is a
// UUID, unique across restores of the database. Rows counts the rows the
// deletion removed per table; BlobPrefix is where the entity's blobs lived
// ("" for none).
type LedgerEntry struct {
	ID         string           `json:"id"`
	Op         string           `json:"op"`
	Entity     string           `json:"entity"`
	Key        string           `json:"key"`
	At         time.Time        `json:"at"`
	Rows       map[string]int64 `json:"rows,omitempty"`
	BlobPrefix string           `json:"blob_prefix,omitempty"`
}

// Ledger operations. For one (entity, key) the latest entry decides: a
// replay deletes again what a delete left deleted, and leaves alone what an
// undelete brought back.
const (
	LedgerOpDelete   = "delete"
	LedgerOpUndelete = "undelete"
)

// ActionReplayLedger audits `lethe replay`: what it found in the ledger and
// deleted again.
const ActionReplayLedger AuditAction = "replay_ledger"

// AppendLedger adds entry to the ledger's outbox in tx and returns its
// deletion ID; the flush job copies it to the blob store once tx commits.
// An empty Op is LedgerOpDelete; ID and At are the database's (a fresh UUID,
// clock_timestamp()) and are ignored. Call it only while the ledger is on
// (config.Ledger.On): with it off, nothing flushes the outbox.
func AppendLedger(ctx context.Context, tx pgx.Tx, entry LedgerEntry) (string, error) {
	op := entry.Op
	if op == "" {
		op = LedgerOpDelete
	}
	rows, err := json.Marshal(entry.Rows)
	if err != nil {
		return "", fmt.Errorf("ledger entry of %s %s: %w", entry.Entity, entry.Key, err)
	}
	if entry.Rows == nil {
		rows = []byte("{}")
	}
	var id string
	err = tx.QueryRow(ctx, `
		INSERT INTO lethe_ledger_outbox (op, entity, key, rows, blob_prefix)
		VALUES ($1, $2, $3, $4, $5)
		RETURNING deletion_id::text`, op, entry.Entity, entry.Key, rows, entry.BlobPrefix).Scan(&id)
	if err != nil {
		return "", fmt.Errorf("ledger entry of %s %s: %w", entry.Entity, entry.Key, err)
	}
	return id, nil
}

// PendingLedger returns up to limit entries of the outbox not flushed yet,
// oldest first (by time, then ID).
func PendingLedger(ctx context.Context, exec Executor, limit int) ([]LedgerEntry, error) {
	rows, err := exec.Query(ctx, `
		SELECT deletion_id::text, op, entity, key, at, rows, blob_prefix
		FROM lethe_ledger_outbox ORDER BY at, deletion_id LIMIT $1`, limit)
	if err != nil {
		return nil, fmt.Errorf("read pending ledger entries: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (LedgerEntry, error) {
		var e LedgerEntry
		err := row.Scan(&e.ID, &e.Op, &e.Entity, &e.Key, &e.At, &e.Rows, &e.BlobPrefix)
		e.At = e.At.UTC()
		return e, err
	})
	if err != nil {
		return nil, fmt.Errorf("read pending ledger entries: %w", err)
	}
	return out, nil
}

// CountPendingLedger counts the outbox's entries not flushed yet.
func CountPendingLedger(ctx context.Context, exec Executor) (int64, error) {
	var n int64
	if err := exec.QueryRow(ctx, `SELECT count(*) FROM lethe_ledger_outbox`).Scan(&n); err != nil {
		return 0, fmt.Errorf("count pending ledger entries: %w", err)
	}
	return n, nil
}

// PendingLedgerIDs returns the IDs of up to limit entries not flushed yet.
func PendingLedgerIDs(ctx context.Context, exec Executor, limit int) (map[string]bool, error) {
	rows, err := exec.Query(ctx, `SELECT deletion_id::text FROM lethe_ledger_outbox LIMIT $1`, limit)
	if err != nil {
		return nil, fmt.Errorf("read pending ledger IDs: %w", err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("read pending ledger IDs: %w", err)
	}
	out := make(map[string]bool, len(ids))
	for _, id := range ids {
		out[id] = true
	}
	return out, nil
}

// MarkLedgerFlushed removes entries, written to segment, from the outbox
// and records segment and the last of entries (they are in order) as the
// point this database's ledger is flushed to.
func MarkLedgerFlushed(ctx context.Context, tx pgx.Tx, segment string, entries []LedgerEntry) error {
	if len(entries) == 0 {
		return nil
	}
	ids := make([]string, len(entries))
	for i, e := range entries {
		ids[i] = e.ID
	}
	if _, err := tx.Exec(ctx, `DELETE FROM lethe_ledger_outbox WHERE deletion_id = ANY ($1::uuid[])`, ids); err != nil {
		return fmt.Errorf("mark ledger entries flushed: %w", err)
	}
	last := entries[len(entries)-1]
	_, err := tx.Exec(ctx, `
		INSERT INTO lethe_ledger_state (flushed_segment, flushed_at, flushed_id) VALUES ($1, $2, $3)
		ON CONFLICT (singleton) DO UPDATE
		SET flushed_segment = excluded.flushed_segment, flushed_at = excluded.flushed_at, flushed_id = excluded.flushed_id`,
		segment, last.At, last.ID)
	if err != nil {
		return fmt.Errorf("record ledger flush: %w", err)
	}
	return nil
}

// LedgerState is where this database's ledger stands: the last segment it
// flushed and that segment's last entry (empty and zero before the first
// flush), and what serve's start check last found in the ledger after them
// (BehindEntries deletions from BehindSince on: a restore from a backup),
// until `lethe replay` applies them.
type LedgerState struct {
	FlushedSegment string     `json:"flushed_segment"`
	FlushedAt      *time.Time `json:"flushed_at"`
	FlushedID      string     `json:"flushed_id"`
	BehindEntries  int64      `json:"behind_entries"`
	BehindSince    *time.Time `json:"behind_since"`
	BehindFoundAt  *time.Time `json:"behind_found_at"`
}

// GetLedgerState returns where this database's ledger stands (the zero
// LedgerState before anything was flushed).
func GetLedgerState(ctx context.Context, exec Executor) (LedgerState, error) {
	var (
		s  LedgerState
		id *string
	)
	err := exec.QueryRow(ctx, `
		SELECT flushed_segment, flushed_at, flushed_id::text, behind_entries, behind_since, behind_found_at
		FROM lethe_ledger_state`).Scan(&s.FlushedSegment, &s.FlushedAt, &id, &s.BehindEntries, &s.BehindSince, &s.BehindFoundAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return LedgerState{}, nil
	}
	if err != nil {
		return s, fmt.Errorf("read ledger state: %w", err)
	}
	if id != nil {
		s.FlushedID = *id
	}
	return s, nil
}

// SetLedgerBehind records what serve's start check found in the ledger
// beyond this database's point: entries deletions from since on. Zero
// entries clears it (after a replay).
func SetLedgerBehind(ctx context.Context, exec Executor, entries int64, since time.Time) error {
	var sinceArg any
	if entries > 0 {
		sinceArg = since
	}
	_, err := exec.Exec(ctx, `
		INSERT INTO lethe_ledger_state (behind_entries, behind_since, behind_found_at) VALUES ($1::bigint, $2::timestamptz, CASE WHEN $1::bigint > 0 THEN now() END)
		ON CONFLICT (singleton) DO UPDATE
		SET behind_entries = excluded.behind_entries, behind_since = excluded.behind_since, behind_found_at = excluded.behind_found_at`,
		entries, sinceArg)
	if err != nil {
		return fmt.Errorf("record ledger check: %w", err)
	}
	return nil
}

// TombstonedKeys reports which of keys of entity have a tombstone, in one
// lookup.
func TombstonedKeys(ctx context.Context, exec Executor, entity string, keys []string) (map[string]bool, error) {
	rows, err := exec.Query(ctx, `SELECT key FROM lethe_tombstones WHERE entity = $1 AND key = ANY ($2::text[])`, entity, keys)
	if err != nil {
		return nil, fmt.Errorf("look up tombstones of %d keys of %s: %w", len(keys), entity, err)
	}
	found, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("look up tombstones of %d keys of %s: %w", len(keys), entity, err)
	}
	out := make(map[string]bool, len(found))
	for _, k := range found {
		out[k] = true
	}
	return out, nil
}
