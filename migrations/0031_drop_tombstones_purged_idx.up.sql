-- 0030's lethe_tombstones_purged_idx (entity, deleted_at) WHERE purged_at IS
-- NULL serves no query: tombstone GC deletes rows with purged_at IS NOT NULL
-- and counts the kept ones with (purged_at IS NULL OR purged_at < deleted_at),
-- both through lethe_tombstones_deleted_at_idx (0001) or a scan, and the
-- dashboard's summary scans the table. Every tombstone write maintained it
-- for nothing.
DROP INDEX IF EXISTS lethe_tombstones_purged_idx;
