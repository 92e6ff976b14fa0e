-- A tombstone is 'deleting' while a large entity's deletion runs its chunks
-- (written and committed before the first one, so the late-write guards,
-- which check that a tombstone exists, are in force from then on) and
-- 'deleted' once the final transaction removed the rest. GC never collects a
-- 'deleting' one. Existing tombstones are of finished deletions.
ALTER TABLE lethe_tombstones
    ADD COLUMN state text NOT NULL DEFAULT 'deleted'
        CONSTRAINT lethe_tombstones_state_check CHECK (state IN ('deleting', 'deleted'));
