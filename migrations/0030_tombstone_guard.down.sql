DROP INDEX IF EXISTS lethe_tombstones_purged_idx;
DROP TRIGGER IF EXISTS lethe_run_guard ON run_blobs;
DROP TRIGGER IF EXISTS lethe_run_guard ON run_experiments;
DROP TRIGGER IF EXISTS lethe_run_guard ON run_tags;
DROP TRIGGER IF EXISTS lethe_run_guard ON run_metrics;
DROP TRIGGER IF EXISTS lethe_run_guard ON run_attributes;
DROP TRIGGER IF EXISTS lethe_run_guard ON runs;
DROP FUNCTION IF EXISTS lethe_run_guard();
