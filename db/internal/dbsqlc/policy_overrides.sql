-- name: PolicyOverrideUpsert :exec
INSERT INTO lethe_policy_overrides (policy, field, value, updated_by)
VALUES (@policy, @field, @value, sqlc.narg('updated_by'))
ON CONFLICT (policy, field) DO UPDATE
SET value = excluded.value, updated_at = now(), updated_by = excluded.updated_by;

-- name: PolicyOverrideDeletePolicy :execrows
DELETE FROM lethe_policy_overrides WHERE policy = @policy;

-- name: PolicyOverrideList :many
SELECT policy, field, value, updated_at, updated_by
FROM lethe_policy_overrides
ORDER BY policy, field;
