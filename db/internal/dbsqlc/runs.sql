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

-- name: RunLinkExperiment :exec
WITH run AS (INSERT INTO runs (run_hash) VALUES (@run_hash) ON CONFLICT (run_hash) DO NOTHING),
experiment AS (INSERT INTO experiments (name) VALUES (@experiment) ON CONFLICT (name) DO NOTHING)
INSERT INTO run_experiments (run_hash, experiment) VALUES (@run_hash, @experiment)
ON CONFLICT DO NOTHING;

-- name: RunLogMetric :exec
WITH run AS (INSERT INTO runs (run_hash) VALUES (@run_hash) ON CONFLICT (run_hash) DO NOTHING)
INSERT INTO run_metrics (run_hash, name, context, step, value) VALUES (@run_hash, @name, @context, @step, @value)
ON CONFLICT (run_hash, name, context, step) DO UPDATE SET value = EXCLUDED.value, logged_at = now();

-- name: RunSetTag :exec
WITH run AS (INSERT INTO runs (run_hash) VALUES (@run_hash) ON CONFLICT (run_hash) DO NOTHING)
INSERT INTO run_tags (run_hash, tag) VALUES (@run_hash, @tag)
ON CONFLICT DO NOTHING;

-- name: RunSetAttribute :exec
WITH run AS (INSERT INTO runs (run_hash) VALUES (@run_hash) ON CONFLICT (run_hash) DO NOTHING)
INSERT INTO run_attributes (run_hash, key, value) VALUES (@run_hash, @key, @value)
ON CONFLICT (run_hash, key) DO UPDATE SET value = EXCLUDED.value;

-- name: RunRecordBlob :exec
WITH run AS (INSERT INTO runs (run_hash) VALUES (@run_hash) ON CONFLICT (run_hash) DO NOTHING)
INSERT INTO run_blobs (run_hash, blob_key) VALUES (@run_hash, @blob_key)
ON CONFLICT DO NOTHING;

-- Which of the hashes exist as a run or as a run tombstone.
-- name: RunKnown :many
SELECT run_hash FROM runs WHERE run_hash = ANY(@run_hashes::text[])
UNION
SELECT key FROM lethe_tombstones WHERE entity = 'run' AND key = ANY(@run_hashes::text[]);
