package db

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// The restoration log (lethe_restorations): what the deletion of an entity
// with a restore_window removed, captured in its transaction, kept until
// purge_after so an undelete can put it back. The capture itself (gzip of
// the rows' JSON) is read only by Undelete; every other read here returns
// its bookkeeping alone.

// Restoration is the bookkeeping of one captured deletion. Rows and Nulled
// count the captured rows of the entity's tables and of its set_null
// edges. PurgedAt is set once the window ended and the capture was purged:
// the deletion is unrecoverable since then.
type Restoration struct {
	Entity     string     `json:"entity"`
	Key        string     `json:"key"`
	DeletedAt  time.Time  `json:"deleted_at"`
	PurgeAfter time.Time  `json:"purge_after"`
	Rows       int64      `json:"rows"`
	Nulled     int64      `json:"nulled"`
	PurgedAt   *time.Time `json:"purged_at,omitempty"`
}

// Restorable reports whether the capture can still be undeleted at now.
func (r *Restoration) Restorable(now time.Time) bool {
	return r != nil && r.PurgedAt == nil && now.Before(r.PurgeAfter)
}

// Audit actions of the restoration log.
const (
	// ActionUndeleteEntity is an operator putting a deleted entity back
	// from its capture.
	ActionUndeleteEntity AuditAction = "undelete_entity"
	// ActionPurgeRestorations is the purge of captures whose window ended.
	ActionPurgeRestorations AuditAction = "purge_restorations"
)

const restorationColumns = `entity, key, deleted_at, purge_after, rows, nulled, purged_at`

func scanRestoration(row pgx.Row) (*Restoration, error) {
	var r Restoration
	if err := row.Scan(&r.Entity, &r.Key, &r.DeletedAt, &r.PurgeAfter, &r.Rows, &r.Nulled, &r.PurgedAt); err != nil {
		return nil, err
	}
	return &r, nil
}

// PutRestoration records the capture of a deletion of (entity, key) in
// exec, the deletion's transaction: restorable for window from now. A
// capture of an earlier deletion of the key (undone or purged since) is
// replaced. It returns the bookkeeping written.
func PutRestoration(ctx context.Context, exec Executor, entity, key string, window time.Duration, rows, nulled int64, capture []byte) (*Restoration, error) {
	r, err := scanRestoration(exec.QueryRow(ctx, `
		INSERT INTO lethe_restorations (entity, key, purge_after, rows, nulled, capture)
		VALUES ($1, $2, now() + make_interval(secs => $3::float8), $4, $5, $6)
		ON CONFLICT (entity, key) DO UPDATE SET
		    deleted_at = now(), purge_after = EXCLUDED.purge_after, rows = EXCLUDED.rows,
		    nulled = EXCLUDED.nulled, capture = EXCLUDED.capture, purged_at = NULL
		RETURNING `+restorationColumns, entity, key, window.Seconds(), rows, nulled, capture))
	if err != nil {
		return nil, fmt.Errorf("capture deletion of %s %s: %w", entity, key, err)
	}
	return r, nil
}

// GetRestoration returns the bookkeeping of the last captured deletion of
// (entity, key), or nil.
func GetRestoration(ctx context.Context, exec Executor, entity, key string) (*Restoration, error) {
	r, err := scanRestoration(exec.QueryRow(ctx, `SELECT `+restorationColumns+` FROM lethe_restorations WHERE entity = $1 AND key = $2`, entity, key))
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read restoration of %s %s: %w", entity, key, err)
	}
	return r, nil
}

// NotRestorableError is an undelete of a key with nothing to restore: no
// captured deletion, or one whose window has ended (Since).
type NotRestorableError struct {
	Entity, Key string
	// Since is when the deletion became unrecoverable, nil when none was
	// captured.
	Since *time.Time
}

func (e *NotRestorableError) Error() string {
	if e.Since != nil {
		return fmt.Sprintf("%s %s cannot be undeleted: its restore window ended, unrecoverable since %s", e.Entity, e.Key, e.Since.UTC().Format(time.RFC3339))
	}
	return fmt.Sprintf("%s %s cannot be undeleted: no deletion of it is captured (the entity has no restore_window, it was deleted before it had one, or it was undeleted already)", e.Entity, e.Key)
}

// DeletionUnfinishedError is an undelete of a key whose deletion is still
// under way (its tombstone is deleting): its job finishes it first.
type DeletionUnfinishedError struct{ Entity, Key string }

func (e *DeletionUnfinishedError) Error() string {
	return fmt.Sprintf("%s %s cannot be undeleted yet: its deletion has not finished (tombstone deleting); try again once it has", e.Entity, e.Key)
}

// Undeleted is what Undelete did.
type Undeleted struct {
	Restoration      Restoration
	TombstoneCleared bool
	// PurgesCancelled counts the key's blob purges, waiting for the
	// window's end, that were cancelled: the blobs stay.
	PurgesCancelled int64
}

// Undeletion is one undelete: of Entity's Key, under Timeouts (the
// entity's), its blob purges waiting in RiverSchema's river_job.
type Undeletion struct {
	Timeouts    Timeouts
	RiverSchema string
	Entity, Key string
	// Ledger, when set, appends an undelete entry to the deletion ledger in
	// the undelete's transaction, so a replay of the ledger leaves the
	// entity alone. Set it when the ledger is on.
	Ledger bool
	// Restore writes the captured rows: it gets the capture as stored and
	// returns what it wrote, for the audit.
	Restore func(ctx context.Context, b Bounded, capture []byte) (any, error)
	// Audit records the undelete with the detail given.
	Audit func(ctx context.Context, tx pgx.Tx, detail map[string]any) error
}

// Undelete puts (u.Entity, u.Key) back from its capture, in one
// transaction that takes the entity's exclusive lock, as a deletion does:
// the tombstone is cleared, so the guards take the entity's writes again,
// u.Restore writes the captured rows, the capture is removed, the key's
// blob purges still waiting are cancelled, the ledger (u.Ledger) and the
// audit record it. Any error, a *NotRestorableError or a conflict
// u.Restore returns, rolls all of it back.
func Undelete(ctx context.Context, pool *pgxpool.Pool, u Undeletion) (*Undeleted, error) {
	t, riverSchema, entity, key := u.Timeouts, u.RiverSchema, u.Entity, u.Key
	var out Undeleted
	err := t.InTx(ctx, pool, func(b Bounded) error {
		tx := b.Tx()
		if err := LockExclusive(ctx, tx, entity, key); err != nil {
			return err
		}
		ts, err := GetTombstone(ctx, tx, entity, key)
		if err != nil {
			return err
		}
		if ts != nil && ts.State == TombstoneDeleting {
			return &DeletionUnfinishedError{Entity: entity, Key: key}
		}
		var capture []byte
		r, err := scanRestorationCapture(tx.QueryRow(ctx, `
			SELECT `+restorationColumns+`, capture FROM lethe_restorations
			WHERE entity = $1 AND key = $2 FOR UPDATE`, entity, key), &capture)
		if errors.Is(err, pgx.ErrNoRows) {
			return &NotRestorableError{Entity: entity, Key: key}
		}
		if err != nil {
			return fmt.Errorf("read capture of %s %s: %w", entity, key, err)
		}
		now, err := Now(ctx, tx)
		if err != nil {
			return err
		}
		if !r.Restorable(now) {
			since := r.PurgeAfter
			if r.PurgedAt != nil {
				since = *r.PurgedAt
			}
			return &NotRestorableError{Entity: entity, Key: key, Since: &since}
		}
		// The guards refuse the rows while the tombstone stands.
		if out.TombstoneCleared, err = ClearTombstone(ctx, tx, entity, key); err != nil {
			return err
		}
		restored, err := u.Restore(ctx, b, capture)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM lethe_restorations WHERE entity = $1 AND key = $2`, entity, key); err != nil {
			return fmt.Errorf("remove capture of %s %s: %w", entity, key, err)
		}
		tag, err := tx.Exec(ctx, `
			UPDATE `+pgx.Identifier{riverSchema, "river_job"}.Sanitize()+`
			SET state = 'cancelled', finalized_at = now()
			WHERE kind = 'lethe.purge_blobs' AND state IN ('scheduled', 'available', 'retryable')
			  AND args @> jsonb_build_object('entity', $1::text, 'key', $2::text)`, entity, key)
		if err != nil {
			return fmt.Errorf("cancel the blob purge of %s %s: %w", entity, key, err)
		}
		out.PurgesCancelled = tag.RowsAffected()
		out.Restoration = *r
		detail := map[string]any{
			"entity": entity, "key": key, "restored": restored, "tombstone_cleared": out.TombstoneCleared,
			"deleted_at": r.DeletedAt, "purge_after": r.PurgeAfter, "purge_jobs_cancelled": out.PurgesCancelled,
		}
		if u.Ledger {
			id, err := AppendLedger(ctx, tx, LedgerEntry{Op: LedgerOpUndelete, Entity: entity, Key: key})
			if err != nil {
				return err
			}
			detail["ledger_id"] = id
		}
		return u.Audit(ctx, tx, detail)
	})
	if err != nil {
		return nil, err
	}
	return &out, nil
}

func scanRestorationCapture(row pgx.Row, capture *[]byte) (*Restoration, error) {
	var r Restoration
	if err := row.Scan(&r.Entity, &r.Key, &r.DeletedAt, &r.PurgeAfter, &r.Rows, &r.Nulled, &r.PurgedAt, capture); err != nil {
		return nil, err
	}
	return &r, nil
}

// PurgeRestoration purges the capture of (entity, key) when its window
// ended by now, keeping its bookkeeping (purged_at), and reports whether
// it did.
func PurgeRestoration(ctx context.Context, exec Executor, entity, key string) (bool, error) {
	tag, err := exec.Exec(ctx, `
		UPDATE lethe_restorations SET capture = NULL, purged_at = now()
		WHERE entity = $1 AND key = $2 AND capture IS NOT NULL AND purge_after <= now()`, entity, key)
	if err != nil {
		return false, fmt.Errorf("purge capture of %s %s: %w", entity, key, err)
	}
	return tag.RowsAffected() > 0, nil
}

// PurgeExpiredRestorations purges, in one statement, up to batch captures
// of entity whose window ended more than grace ago (their own blob purge
// missed them) and returns their keys; it also forgets up to batch purged
// ones whose tombstone is gone (collected, or cleared), which no lookup
// shows any more.
func PurgeExpiredRestorations(ctx context.Context, exec Executor, entity string, grace time.Duration, batch int) ([]string, error) {
	rows, err := exec.Query(ctx, `
		UPDATE lethe_restorations SET capture = NULL, purged_at = now()
		WHERE (entity, key) IN (
		    SELECT entity, key FROM lethe_restorations
		    WHERE entity = $1 AND capture IS NOT NULL AND purge_after <= now() - make_interval(secs => $2::float8)
		    ORDER BY purge_after LIMIT $3 FOR UPDATE SKIP LOCKED)
		RETURNING key`, entity, grace.Seconds(), batch)
	if err != nil {
		return nil, fmt.Errorf("purge expired captures of %s: %w", entity, err)
	}
	keys, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("purge expired captures of %s: %w", entity, err)
	}
	_, err = exec.Exec(ctx, `
		DELETE FROM lethe_restorations WHERE (entity, key) IN (
		    SELECT r.entity, r.key FROM lethe_restorations r
		    WHERE r.entity = $1 AND r.capture IS NULL
		      AND NOT EXISTS (SELECT 1 FROM lethe_tombstones t WHERE t.entity = r.entity AND t.key = r.key)
		    LIMIT $2)`, entity, batch)
	if err != nil {
		return nil, fmt.Errorf("forget purged captures of %s: %w", entity, err)
	}
	return keys, nil
}
