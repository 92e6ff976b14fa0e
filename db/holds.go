package db

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/lethehq/lethe/db/internal/dbsqlc"
)

// Hold is a legal hold on an entity key (lethe_entity_holds): while it
// stands, the entity is never deleted. A delete_entity job for it waits,
// snoozed, and proceeds once the hold is released. Key is canonical (as the
// entity's key column spells it); HeldBy names who placed it (an API
// credential, or "cli:" and the operating system user).
type Hold struct {
	Entity string    `json:"entity"`
	Key    string    `json:"key"`
	Reason string    `json:"reason"`
	HeldBy string    `json:"held_by"`
	HeldAt time.Time `json:"held_at"`
}

// MaxHoldReason bounds a hold's reason, in bytes.
const MaxHoldReason = 500

// CheckHoldReason checks a hold's reason: required (not blank) and at most
// MaxHoldReason bytes. The error names the field and never repeats the
// reason.
func CheckHoldReason(reason string) error {
	switch {
	case strings.TrimSpace(reason) == "":
		return errors.New("reason is required: say why the entity is held")
	case len(reason) > MaxHoldReason:
		return fmt.Errorf("reason is %d bytes, at most %d", len(reason), MaxHoldReason)
	}
	return nil
}

const holdColumns = `entity, key, reason, held_by, held_at`

func scanHold(row pgx.Row) (*Hold, error) {
	var h Hold
	if err := row.Scan(&h.Entity, &h.Key, &h.Reason, &h.HeldBy, &h.HeldAt); err != nil {
		return nil, err
	}
	return &h, nil
}

// PlaceHold holds (h.Entity, h.Key) in tx, which it first locks as a
// deletion does (LockExclusive): a deletion that is running finishes
// before the hold is placed, and one that starts later sees the hold once
// tx commits. It returns the hold that stands and whether it is new; an
// existing hold is kept as it was (its reason, holder and time). h.HeldAt
// is ignored: the hold's time is the database's.
func PlaceHold(ctx context.Context, tx pgx.Tx, h Hold) (*Hold, bool, error) {
	if err := CheckHoldReason(h.Reason); err != nil {
		return nil, false, fmt.Errorf("hold %s %s: %w", h.Entity, h.Key, err)
	}
	if err := LockExclusive(ctx, tx, h.Entity, h.Key); err != nil {
		return nil, false, fmt.Errorf("hold %s %s: %w", h.Entity, h.Key, err)
	}
	placed, err := scanHold(tx.QueryRow(ctx, `
		INSERT INTO lethe_entity_holds (entity, key, reason, held_by)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (entity, key) DO NOTHING
		RETURNING `+holdColumns, h.Entity, h.Key, h.Reason, h.HeldBy))
	if err == nil {
		return placed, true, nil
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return nil, false, fmt.Errorf("hold %s %s: %w", h.Entity, h.Key, err)
	}
	existing, err := GetHold(ctx, tx, h.Entity, h.Key)
	if err != nil {
		return nil, false, err
	}
	if existing == nil {
		// Impossible while tx holds the entity's lock: a release takes it.
		return nil, false, fmt.Errorf("hold %s %s: the hold vanished while locked", h.Entity, h.Key)
	}
	return existing, false, nil
}

// ReleaseHold removes the hold of (entity, key) in tx, under the entity's
// exclusive lock as PlaceHold takes it, and returns the hold it removed
// (nil when there was none). The delete_entity jobs of the key that wait
// on the hold (snoozed, in riverSchema's river_job) are made available at
// once rather than at their next check; a job inserted with another
// spelling of the key finds the release at its next check.
func ReleaseHold(ctx context.Context, tx pgx.Tx, riverSchema, entity, key string) (*Hold, error) {
	if err := LockExclusive(ctx, tx, entity, key); err != nil {
		return nil, fmt.Errorf("release hold of %s %s: %w", entity, key, err)
	}
	released, err := scanHold(tx.QueryRow(ctx, `
		DELETE FROM lethe_entity_holds WHERE entity = $1 AND key = $2
		RETURNING `+holdColumns, entity, key))
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("release hold of %s %s: %w", entity, key, err)
	}
	if _, err := tx.Exec(ctx, `
		UPDATE `+pgx.Identifier{riverSchema, "river_job"}.Sanitize()+`
		SET state = 'available', scheduled_at = now()
		WHERE kind = 'lethe.delete_entity' AND state = 'scheduled'
		  AND args @> jsonb_build_object('entity', $1::text, 'key', $2::text)`, entity, key); err != nil {
		return nil, fmt.Errorf("release hold of %s %s: wake its delete jobs: %w", entity, key, err)
	}
	return released, nil
}

// GetHold returns the hold of (entity, key), or nil when it is not held. A
// deletion reads it after taking the entity's exclusive lock, so a hold
// placed concurrently is either seen or placed after the deletion
// committed.
func GetHold(ctx context.Context, exec Executor, entity, key string) (*Hold, error) {
	h, err := scanHold(exec.QueryRow(ctx, getHoldSQL, entity, key))
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read hold of %s %s: %w", entity, key, err)
	}
	return h, nil
}

// getHoldSQL reads the hold of (entity $1, key $2).
const getHoldSQL = `SELECT ` + holdColumns + ` FROM lethe_entity_holds WHERE entity = $1 AND key = $2`

// TxExclusive begins a deletion of (entity, key) in tx, in one round trip:
// it sets t locally (Timeouts.Tx), takes the entity's exclusive lock
// (LockExclusive) and then reads its hold (GetHold), nil when it is not
// held. It returns tx as a Bounded carrying t.
func (t Timeouts) TxExclusive(ctx context.Context, tx pgx.Tx, entity, key string) (Bounded, *Hold, error) {
	batch := &pgx.Batch{}
	t.queueLocal(batch)
	batch.Queue(dbsqlc.TombstoneLockExclusiveSQL, entity, key)
	var hold *Hold
	batch.Queue(getHoldSQL, entity, key).
		QueryRow(func(row pgx.Row) error {
			h, err := scanHold(row)
			if errors.Is(err, pgx.ErrNoRows) {
				return nil
			}
			hold = h
			return err
		})
	if err := tx.SendBatch(ctx, batch).Close(); err != nil {
		return Bounded{}, nil, fmt.Errorf("lock %s %s and read its hold: %w", entity, key, err)
	}
	return Bounded{t: t, exec: tx, tx: tx}, hold, nil
}

// HeldKeys returns the holds among keys of entity, by key.
func HeldKeys(ctx context.Context, exec Executor, entity string, keys []string) (map[string]Hold, error) {
	rows, err := exec.Query(ctx, `
		SELECT `+holdColumns+` FROM lethe_entity_holds WHERE entity = $1 AND key = ANY ($2::text[])`, entity, keys)
	if err != nil {
		return nil, fmt.Errorf("read holds of %s: %w", entity, err)
	}
	holds, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (Hold, error) {
		h, err := scanHold(row)
		if err != nil {
			return Hold{}, err
		}
		return *h, nil
	})
	if err != nil {
		return nil, fmt.Errorf("read holds of %s: %w", entity, err)
	}
	out := make(map[string]Hold, len(holds))
	for _, h := range holds {
		out[h.Key] = h
	}
	return out, nil
}

// HoldFilter selects holds: of one entity when Entity is set, and after
// (Entity, Key) AfterEntity, AfterKey in (entity, key) order (keyset
// pagination: pass the last hold of a page to get the next).
type HoldFilter struct {
	Entity                string
	AfterEntity, AfterKey string
}

// ListHolds returns up to limit holds matching f, in (entity, key) order;
// an empty list (not nil) when there are none.
func ListHolds(ctx context.Context, exec Executor, f HoldFilter, limit int) ([]Hold, error) {
	rows, err := exec.Query(ctx, `
		SELECT `+holdColumns+` FROM lethe_entity_holds
		WHERE ($1 = '' OR entity = $1) AND (entity, key) > ($2, $3)
		ORDER BY entity, key
		LIMIT $4`, f.Entity, f.AfterEntity, f.AfterKey, limit32(limit))
	if err != nil {
		return nil, fmt.Errorf("list holds: %w", err)
	}
	holds, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (Hold, error) {
		h, err := scanHold(row)
		if err != nil {
			return Hold{}, err
		}
		return *h, nil
	})
	if err != nil {
		return nil, fmt.Errorf("list holds: %w", err)
	}
	if holds == nil {
		holds = []Hold{}
	}
	return holds, nil
}
