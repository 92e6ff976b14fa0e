ALTER TABLE lethe_tombstones DROP COLUMN IF EXISTS state;
