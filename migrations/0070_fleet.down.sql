DROP INDEX IF EXISTS lethe_tombstones_deleting_idx;
DROP TABLE IF EXISTS lethe_minute_samples;
DROP TABLE IF EXISTS lethe_processes;
