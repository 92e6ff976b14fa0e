package db

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/lethehq/lethe/db/internal/dbsqlc"
)

// Tombstone is a deletion marker: (Entity, Key) stays deleted until the
// tombstone is cleared. PurgedAt is when the last completed blob purge of
// "{key}/" started (nil until one completes). State is TombstoneDeleting
// while a large deletion's chunks run, TombstoneDeleted once its final
// transaction committed; the guards refuse writes in either.
type Tombstone struct {
	Entity    string     `json:"entity"`
	Key       string     `json:"key"`
	DeletedAt time.Time  `json:"deleted_at"`
	PurgedAt  *time.Time `json:"purged_at"`
	State     string     `json:"state"`
}

// Tombstone states.
const (
	// TombstoneDeleting: the deletion has begun (its chunks run, or
	// failed and wait for a retry); rows of the entity may remain.
	TombstoneDeleting = "deleting"
	// TombstoneDeleted: the deletion's final transaction committed.
	TombstoneDeleted = "deleted"
)

// SQLStateTombstoned is raised by an entity's late-write guard when a row is
// written for a tombstoned entity (entity.SQLStateTombstoned).
const SQLStateTombstoned = "LT410"

// IsTombstonedError reports whether err is the guard trigger refusing a write
// for a tombstoned entity.
func IsTombstonedError(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == SQLStateTombstoned
}

// LockExclusive takes the transaction-scoped advisory lock of (entity, key)
// exclusively, for whoever deletes or restores the entity. Writers of the
// entity (ingestion, blob purges) take it shared (LockShared), and so does
// the guard trigger (hashtext(entity || ':' || key)) on every insert, so an
// insert and a deletion of one entity never interleave. exec must be a
// transaction: the lock is released at commit or rollback.
func LockExclusive(ctx context.Context, exec Executor, entity, key string) error {
	if err := dbsqlc.New().TombstoneLockExclusive(ctx, exec, &dbsqlc.TombstoneLockExclusiveParams{Entity: entity, Key: key}); err != nil {
		return fmt.Errorf("lock %s %s: %w", entity, key, err)
	}
	return nil
}

// LockSession takes the exclusive lock of (entity, key) (see LockExclusive)
// for the session of conn, across transactions, until UnlockSession or the
// end of the session: writers of the entity wait for the whole of a large
// deletion's chunks instead of slipping rows in between them.
func LockSession(ctx context.Context, conn Executor, entity, key string) error {
	if err := dbsqlc.New().TombstoneLockSession(ctx, conn, &dbsqlc.TombstoneLockSessionParams{Entity: entity, Key: key}); err != nil {
		return fmt.Errorf("lock %s %s for the session: %w", entity, key, err)
	}
	return nil
}

// UnlockSession releases the lock LockSession took.
func UnlockSession(ctx context.Context, conn Executor, entity, key string) error {
	if err := dbsqlc.New().TombstoneUnlockSession(ctx, conn, &dbsqlc.TombstoneUnlockSessionParams{Entity: entity, Key: key}); err != nil {
		return fmt.Errorf("unlock %s %s: %w", entity, key, err)
	}
	return nil
}

// LockShared takes the shared lock of (entity, key) (see LockExclusive) and
// then reports whether it has a tombstone, in one round trip: the two
// statements go out as one pipelined batch, and the check, a statement of its
// own, sees every deletion that committed before the lock was granted.
func LockShared(ctx context.Context, tx pgx.Tx, entity, key string) (tombstoned bool, err error) {
	batch := &pgx.Batch{}
	batch.Queue(dbsqlc.TombstoneLockSharedSQL, entity, key)
	batch.Queue(dbsqlc.TombstoneExistsSQL, entity, key).
		QueryRow(func(row pgx.Row) error { return row.Scan(&tombstoned) })
	if err := tx.SendBatch(ctx, batch).Close(); err != nil {
		return false, fmt.Errorf("lock and check tombstone of %s %s: %w", entity, key, err)
	}
	return tombstoned, nil
}

// IsTombstoned reports whether (entity, key) has a tombstone.
func IsTombstoned(ctx context.Context, exec Executor, entity, key string) (bool, error) {
	exists, err := dbsqlc.New().TombstoneExists(ctx, exec, &dbsqlc.TombstoneExistsParams{Entity: entity, Key: key})
	if err != nil {
		return false, fmt.Errorf("check tombstone of %s %s: %w", entity, key, err)
	}
	return exists, nil
}

// PurgeCheck is what a blob purge of (entity, key) reads before it begins.
type PurgeCheck struct {
	Now        time.Time // the database's clock
	Tombstoned bool
	// Captured is set when a restore window's capture of the deletion is
	// there, not purged yet.
	Captured bool
}

// ReadPurgeCheck reads what a blob purge checks first, in one round trip.
func ReadPurgeCheck(ctx context.Context, exec Executor, entity, key string) (PurgeCheck, error) {
	var c PurgeCheck
	err := exec.QueryRow(ctx, `
		SELECT clock_timestamp(),
		       EXISTS (SELECT 1 FROM lethe_tombstones WHERE entity = $1 AND key = $2),
		       EXISTS (SELECT 1 FROM lethe_restorations WHERE entity = $1 AND key = $2 AND purged_at IS NULL)`,
		entity, key).Scan(&c.Now, &c.Tombstoned, &c.Captured)
	if err != nil {
		return c, fmt.Errorf("check tombstone of %s %s: %w", entity, key, err)
	}
	return c, nil
}

// GetTombstone returns the tombstone of (entity, key), or nil when there is
// none.
func GetTombstone(ctx context.Context, exec Executor, entity, key string) (*Tombstone, error) {
	row, err := dbsqlc.New().TombstoneGet(ctx, exec, &dbsqlc.TombstoneGetParams{Entity: entity, Key: key})
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read tombstone of %s %s: %w", entity, key, err)
	}
	t := tombstoneFromRow(row)
	return &t, nil
}

// PutTombstone writes the tombstone of (entity, key) with deleted_at = now()
// in state TombstoneDeleted, and reports whether it is new, or was
// TombstoneDeleting until now. An existing tombstone keeps its deleted_at:
// it stays the first deletion, and nothing can have been written for the
// entity since (the guard refuses it), so a repeated delete needs no
// refresh. GC still waits for a purge that started after deleted_at.
func PutTombstone(ctx context.Context, exec Executor, entity, key string) (bool, error) {
	n, err := dbsqlc.New().TombstonePut(ctx, exec, &dbsqlc.TombstonePutParams{Entity: entity, Key: key})
	if err != nil {
		return false, fmt.Errorf("write tombstone of %s %s: %w", entity, key, err)
	}
	return n == 1, nil
}

// PutTombstoneDeleting writes the tombstone of (entity, key) in state
// TombstoneDeleting, before a large deletion's first chunk, and reports
// whether it is new. An existing tombstone is kept as is.
func PutTombstoneDeleting(ctx context.Context, exec Executor, entity, key string) (bool, error) {
	n, err := dbsqlc.New().TombstonePutDeleting(ctx, exec, &dbsqlc.TombstonePutDeletingParams{Entity: entity, Key: key})
	if err != nil {
		return false, fmt.Errorf("write tombstone of %s %s (deleting): %w", entity, key, err)
	}
	return n == 1, nil
}

// ClearTombstone removes the tombstone of (entity, key) and reports whether
// there was one. Writes for the entity are accepted again afterwards.
func ClearTombstone(ctx context.Context, exec Executor, entity, key string) (bool, error) {
	n, err := dbsqlc.New().TombstoneClear(ctx, exec, &dbsqlc.TombstoneClearParams{Entity: entity, Key: key})
	if err != nil {
		return false, fmt.Errorf("clear tombstone of %s %s: %w", entity, key, err)
	}
	return n == 1, nil
}

// ListTombstones returns up to limit tombstones of entity with key > after,
// in key order (keyset pagination: pass the last key of a page to get the
// next; an empty page is the end).
func ListTombstones(ctx context.Context, exec Executor, entity, after string, limit int) ([]Tombstone, error) {
	rows, err := dbsqlc.New().TombstoneList(ctx, exec, &dbsqlc.TombstoneListParams{Entity: entity, After: after, Max: limit32(limit)})
	if err != nil {
		return nil, fmt.Errorf("list tombstones of %s: %w", entity, err)
	}
	return tombstonesFromRows(rows), nil
}

// MarkPurged records that a blob purge of (entity, key) which started at
// startedAt completed. It reports false when the tombstone no longer exists.
// purged_at only moves forward.
func MarkPurged(ctx context.Context, exec Executor, entity, key string, startedAt time.Time) (bool, error) {
	n, err := dbsqlc.New().TombstoneMarkPurged(ctx, exec, &dbsqlc.TombstoneMarkPurgedParams{Entity: entity, Key: key, PurgeStartedAt: startedAt})
	if err != nil {
		return false, fmt.Errorf("mark %s %s purged: %w", entity, key, err)
	}
	return n == 1, nil
}

// GCResult counts what one tombstone GC pass did.
type GCResult struct {
	Removed      int64 `json:"removed"`       // old tombstones whose purge completed since deletion
	KeptUnpurged int64 `json:"kept_unpurged"` // old enough, but no purge completed since deletion
	KeptDeleting int64 `json:"kept_deleting"` // old enough, but the deletion has not finished
}

// GCTombstones removes, in batches of batch, the tombstones of entity that
// were deleted before cutoff and whose blob purge started at or after their
// deletion (purged_at >= deleted_at). Tombstones old enough but not purged
// since deletion are kept and counted: the orphan sweep must run first. So
// are those whose deletion has not finished (TombstoneDeleting).
func GCTombstones(ctx context.Context, exec Executor, entity string, cutoff time.Time, batch int) (GCResult, error) {
	var (
		queries = dbsqlc.New()
		res     GCResult
	)
	for {
		if err := ctx.Err(); err != nil {
			return res, err
		}
		n, err := queries.TombstoneGCBatch(ctx, exec, &dbsqlc.TombstoneGCBatchParams{Entity: entity, Cutoff: cutoff, Max: limit32(batch)})
		if err != nil {
			return res, fmt.Errorf("gc tombstones of %s: %w", entity, err)
		}
		res.Removed += n
		if n < int64(batch) {
			break
		}
	}
	var err error
	res.KeptUnpurged, err = queries.TombstoneCountUnpurged(ctx, exec, &dbsqlc.TombstoneCountUnpurgedParams{Entity: entity, Cutoff: cutoff})
	if err != nil {
		return res, fmt.Errorf("count unpurged tombstones of %s: %w", entity, err)
	}
	res.KeptDeleting, err = queries.TombstoneCountDeleting(ctx, exec, &dbsqlc.TombstoneCountDeletingParams{Entity: entity, Cutoff: cutoff})
	if err != nil {
		return res, fmt.Errorf("count unfinished tombstones of %s: %w", entity, err)
	}
	return res, nil
}

// Now returns the database clock (clock_timestamp), so times compared with
// deleted_at come from the same clock.
func Now(ctx context.Context, exec Executor) (time.Time, error) {
	now, err := dbsqlc.New().ClockTimestamp(ctx, exec)
	if err != nil {
		return now, fmt.Errorf("read database clock: %w", err)
	}
	return now, nil
}

func tombstoneFromRow(row dbsqlc.LetheTombstones) Tombstone {
	return Tombstone{Entity: row.Entity, Key: row.Key, DeletedAt: row.DeletedAt, PurgedAt: row.PurgedAt, State: row.State}
}

// tombstonesFromRows converts rows, returning an empty slice (not nil) for
// none, as the API's JSON lists expect.
func tombstonesFromRows(rows []dbsqlc.LetheTombstones) []Tombstone {
	out := make([]Tombstone, len(rows))
	for i, row := range rows {
		out[i] = tombstoneFromRow(row)
	}
	return out
}
