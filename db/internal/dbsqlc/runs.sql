-- The example runs schema (migrations 0004 and 0030). Each ingestion write
-- creates its run when missing (messages arrive out of order) in the same
-- statement: the foreign keys are checked at its end, after the run. The
-- guard trigger refuses every write for a tombstoned run.

-- name: RunGet :one
SELECT name, created_at, updated_at,
    (SELECT count(*) FROM run_metrics m WHERE m.run_hash = @run_hash) AS metrics,
    coalesce((SELECT array_agg(tag ORDER BY tag) FROM run_tags t WHERE t.run_hash = @run_hash), '{}')::text[] AS tags,
    coalesce((SELECT array_agg(experiment ORDER BY experiment) FROM run_experiments e WHERE e.run_hash = @run_hash), '{}')::text[] AS experiments,
    (SELECT count(*) FROM run_attributes a WHERE a.run_hash = @run_hash) AS attributes,
    (SELECT count(*) FROM run_blobs b WHERE b.run_hash = @run_hash) AS blobs
FROM runs
WHERE runs.run_hash = @run_hash;

-- name: RunExists :one
SELECT EXISTS (SELECT 1 FROM runs WHERE run_hash = @run_hash);

-- name: RunUpsert :exec
INSERT INTO runs (run_hash, name) VALUES (@run_hash, @name)
ON CONFLICT (run_hash) DO UPDATE SET name = EXCLUDED.name, updated_at = now();

-- Every ingestion write takes its locks in one order: the run's row, then
-- the experiment's, then the row it adds. A CTE whose output nothing reads
-- runs after the main statement, so each step reads the count of the one
-- before it, which runs that one to completion first. Two writes of one run
-- (a create_run with an experiment and an add_to_experiment) then never
-- each hold what the other waits for.
-- name: RunLinkExperiment :exec
WITH run AS (INSERT INTO runs (run_hash) VALUES (@run_hash) ON CONFLICT (run_hash) DO NOTHING RETURNING 1),
experiment AS (
    INSERT INTO experiments (name) SELECT @experiment::text FROM (SELECT count(*) FROM run) AS after_run
    ON CONFLICT (name) DO NOTHING RETURNING 1)
INSERT INTO run_experiments (run_hash, experiment)
SELECT @run_hash, @experiment FROM (SELECT count(*) FROM experiment) AS after_experiment
ON CONFLICT DO NOTHING;

-- name: RunLogMetric :exec
WITH run AS (INSERT INTO runs (run_hash) VALUES (@run_hash) ON CONFLICT (run_hash) DO NOTHING RETURNING 1)
INSERT INTO run_metrics (run_hash, name, context, step, value)
SELECT @run_hash, @name, @context, @step, @value FROM (SELECT count(*) FROM run) AS after_run
ON CONFLICT (run_hash, name, context, step) DO UPDATE SET value = EXCLUDED.value, logged_at = now();

-- name: RunSetTag :exec
WITH run AS (INSERT INTO runs (run_hash) VALUES (@run_hash) ON CONFLICT (run_hash) DO NOTHING RETURNING 1)
INSERT INTO run_tags (run_hash, tag) SELECT @run_hash, @tag FROM (SELECT count(*) FROM run) AS after_run
ON CONFLICT DO NOTHING;

-- name: RunSetAttribute :exec
WITH run AS (INSERT INTO runs (run_hash) VALUES (@run_hash) ON CONFLICT (run_hash) DO NOTHING RETURNING 1)
INSERT INTO run_attributes (run_hash, key, value) SELECT @run_hash, @key, @value FROM (SELECT count(*) FROM run) AS after_run
ON CONFLICT (run_hash, key) DO UPDATE SET value = EXCLUDED.value;

-- name: RunRecordBlob :exec
WITH run AS (INSERT INTO runs (run_hash) VALUES (@run_hash) ON CONFLICT (run_hash) DO NOTHING RETURNING 1)
INSERT INTO run_blobs (run_hash, blob_key) SELECT @run_hash, @blob_key FROM (SELECT count(*) FROM run) AS after_run
ON CONFLICT DO NOTHING;

-- Which of the hashes exist as a run or as a run tombstone.
-- name: RunKnown :many
SELECT run_hash FROM runs WHERE run_hash = ANY(@run_hashes::text[])
UNION
SELECT key FROM lethe_tombstones WHERE entity = 'run' AND key = ANY(@run_hashes::text[]);
