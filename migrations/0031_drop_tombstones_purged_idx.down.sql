CREATE INDEX IF NOT EXISTS lethe_tombstones_purged_idx ON lethe_tombstones (entity, deleted_at) WHERE purged_at IS NULL;
