-- The advisory lock of an entity: taken exclusively by whoever deletes or
-- restores it, shared by its writers and by its late-write guards (same
-- hashtext(entity || ':' || key)).
-- name: TombstoneLockExclusive :exec
SELECT pg_advisory_xact_lock(hashtext(@entity::text || ':' || @key::text));

-- The same lock held by a session across transactions, for the chunks of a
-- large deletion.
-- name: TombstoneLockSession :exec
SELECT pg_advisory_lock(hashtext(@entity::text || ':' || @key::text));

-- name: TombstoneUnlockSession :exec
SELECT pg_advisory_unlock(hashtext(@entity::text || ':' || @key::text));

-- The shared lock held by a session, for a blob purge: no transaction stays
-- open while the blob store works.
-- name: TombstoneLockSessionShared :exec
SELECT pg_advisory_lock_shared(hashtext(@entity::text || ':' || @key::text));

-- name: TombstoneUnlockSessionShared :exec
SELECT pg_advisory_unlock_shared(hashtext(@entity::text || ':' || @key::text));

-- name: TombstoneLockShared :exec
SELECT pg_advisory_xact_lock_shared(hashtext(@entity::text || ':' || @key::text));

-- name: TombstoneExists :one
SELECT EXISTS (SELECT 1 FROM lethe_tombstones WHERE entity = @entity AND key = @key);

-- name: TombstoneGet :one
SELECT entity, key, deleted_at, purged_at, state
FROM lethe_tombstones
WHERE entity = @entity AND key = @key;

-- An existing tombstone is kept, its deleted_at the first deletion; one
-- left 'deleting' by a deletion's chunks becomes 'deleted' (and counts as
-- new: its deletion finished now).
-- name: TombstonePut :execrows
INSERT INTO lethe_tombstones (entity, key, state) VALUES (@entity, @key, 'deleted')
ON CONFLICT (entity, key) DO UPDATE SET state = 'deleted'
WHERE lethe_tombstones.state <> 'deleted';

-- A large deletion's tombstone before its chunks: an existing tombstone,
-- whatever its state, is kept as is.
-- name: TombstonePutDeleting :execrows
INSERT INTO lethe_tombstones (entity, key, state) VALUES (@entity, @key, 'deleting')
ON CONFLICT (entity, key) DO NOTHING;

-- name: TombstoneClear :execrows
DELETE FROM lethe_tombstones WHERE entity = @entity AND key = @key;

-- Keyset pagination in key order.
-- name: TombstoneList :many
SELECT entity, key, deleted_at, purged_at, state
FROM lethe_tombstones
WHERE entity = @entity AND key > @after
ORDER BY key
LIMIT @max;

-- name: TombstoneListRecent :many
SELECT entity, key, deleted_at, purged_at, state
FROM lethe_tombstones
ORDER BY deleted_at DESC, key
LIMIT @max;

-- purged_at only moves forward.
-- name: TombstoneMarkPurged :execrows
UPDATE lethe_tombstones SET purged_at = greatest(purged_at, @purge_started_at::timestamptz)
WHERE entity = @entity AND key = @key;

-- One batch of tombstone GC: old tombstones whose blob purge started at or
-- after their deletion.
-- name: TombstoneGCBatch :execrows
DELETE FROM lethe_tombstones
WHERE lethe_tombstones.entity = @entity AND lethe_tombstones.key IN (
    SELECT t.key FROM lethe_tombstones t
    WHERE t.entity = @entity AND t.deleted_at < @cutoff AND t.state = 'deleted'
      AND t.purged_at IS NOT NULL AND t.purged_at >= t.deleted_at
    ORDER BY t.deleted_at
    LIMIT @max
    FOR UPDATE SKIP LOCKED);

-- Old tombstones GC keeps because no purge completed since their deletion.
-- name: TombstoneCountUnpurged :one
SELECT count(*) FROM lethe_tombstones
WHERE entity = @entity AND deleted_at < @cutoff AND (purged_at IS NULL OR purged_at < deleted_at);

-- Old tombstones GC keeps because their deletion has not finished.
-- name: TombstoneCountDeleting :one
SELECT count(*) FROM lethe_tombstones
WHERE entity = @entity AND deleted_at < @cutoff AND state = 'deleting';

-- name: TombstoneSummary :many
SELECT entity,
       count(*) AS count,
       count(*) FILTER (WHERE purged_at IS NULL OR purged_at < deleted_at) AS unpurged,
       count(*) FILTER (WHERE state = 'deleting') AS deleting,
       min(deleted_at)::timestamptz AS oldest_at,
       max(deleted_at)::timestamptz AS newest_at
FROM lethe_tombstones
GROUP BY entity
ORDER BY entity;
