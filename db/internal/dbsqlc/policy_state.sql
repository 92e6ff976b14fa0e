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

-- A NULL error leaves the last one in place: it stays visible until the
-- next failure.
-- name: PolicyStateRecordRun :exec
INSERT INTO lethe_policy_state (policy, last_run_at, last_error, last_error_at)
VALUES (@policy, now(), sqlc.narg('error')::text, CASE WHEN sqlc.narg('error')::text IS NULL THEN NULL ELSE now() END)
ON CONFLICT (policy) DO UPDATE SET
    last_run_at = now(),
    last_error = coalesce(EXCLUDED.last_error, lethe_policy_state.last_error),
    last_error_at = coalesce(EXCLUDED.last_error_at, lethe_policy_state.last_error_at),
    updated_at = now();
