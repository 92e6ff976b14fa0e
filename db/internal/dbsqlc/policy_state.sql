-- name: PolicyStateGet :one
SELECT paused, last_run_at, coalesce(last_error, '')::text AS last_error, last_error_at
FROM lethe_policy_state
WHERE policy = @policy;

-- name: PolicyStateList :many
SELECT policy, paused, last_run_at, coalesce(last_error, '')::text AS last_error, last_error_at
FROM lethe_policy_state;

-- name: PolicyStateSetPaused :exec
INSERT INTO lethe_policy_state (policy, paused) VALUES (@policy, @paused)
ON CONFLICT (policy) DO UPDATE SET paused = EXCLUDED.paused, updated_at = now();

-- Notes a run: last_run_at, the last error (a NULL error leaves the last
-- one in place: it stays visible until the next failure), the run's outcome
-- in front of recent_runs (cut to @keep entries) and, when it deleted rows,
-- last_deleted_at.
-- name: PolicyStateRecordRun :exec
INSERT INTO lethe_policy_state AS s (policy, last_run_at, last_error, last_error_at, recent_runs, last_deleted_at)
VALUES (@policy, now(), sqlc.narg('error')::text, CASE WHEN sqlc.narg('error')::text IS NULL THEN NULL ELSE now() END,
    jsonb_build_array(@run::jsonb || jsonb_build_object('at', now())),
    CASE WHEN @rows::bigint > 0 THEN now() END)
ON CONFLICT (policy) DO UPDATE SET
    last_run_at = now(),
    last_error = coalesce(EXCLUDED.last_error, s.last_error),
    last_error_at = coalesce(EXCLUDED.last_error_at, s.last_error_at),
    recent_runs = (SELECT coalesce(jsonb_agg(r.e ORDER BY r.n), '[]'::jsonb)
        FROM jsonb_array_elements(EXCLUDED.recent_runs || s.recent_runs) WITH ORDINALITY AS r(e, n)
        WHERE r.n <= @keep::int),
    last_deleted_at = coalesce(EXCLUDED.last_deleted_at, s.last_deleted_at),
    updated_at = now();

-- name: PolicyStateRuns :many
SELECT policy, recent_runs, last_deleted_at
FROM lethe_policy_state;
