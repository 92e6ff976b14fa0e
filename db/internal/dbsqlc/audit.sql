-- Both times come from the database clock: finished_at is the moment of the
-- insert (not now(), the start of its transaction) and started_at that
-- moment less the work's elapsed time, measured by the caller's monotonic
-- clock. So started_at never follows finished_at, whatever the two
-- machines' clocks say, and no extra round trip reads the clock first.
-- name: AuditInsert :exec
INSERT INTO lethe_deletion_audit
    (policy, action, job_id, rows_deleted, blobs_deleted, started_at, finished_at, outcome, error, detail)
VALUES (@policy, @action, sqlc.narg('job_id'), @rows_deleted, @blobs_deleted,
    clock_timestamp() - make_interval(secs => @elapsed_seconds::float8), clock_timestamp(),
    @outcome, sqlc.narg('error'), sqlc.narg('detail'));

-- The newest entries matching every filter given (a NULL filter matches
-- everything), newest first; entity and key match the detail's (a
-- request_delete entry's keys hold the key): finished at or after since, before until,
-- and, with before, older than that entry in the same order (keyset
-- paging; nothing when that entry does not exist). The time bounds are
-- written without "IS NULL OR" so that even a generic plan walks the
-- finished_at index from the cursor, not from the newest entry.
-- name: AuditSearch :many
SELECT id, policy, action, job_id, rows_deleted, blobs_deleted, started_at, finished_at,
       coalesce(error, '')::text AS error, outcome, detail
FROM lethe_deletion_audit
WHERE (sqlc.narg('policy')::text IS NULL OR policy = sqlc.narg('policy')::text)
  AND (sqlc.narg('action')::text IS NULL OR action = sqlc.narg('action')::text)
  AND (sqlc.narg('outcome')::text IS NULL OR outcome = sqlc.narg('outcome')::text)
  AND (sqlc.narg('entity')::text IS NULL OR detail->>'entity' = sqlc.narg('entity')::text)
  AND (sqlc.narg('key')::text IS NULL OR detail->>'key' = sqlc.narg('key')::text
       OR (action = 'request_delete' AND detail @> jsonb_build_object('keys', jsonb_build_array(sqlc.narg('key')::text))))
  AND finished_at >= coalesce(sqlc.narg('since')::timestamptz, '-infinity')
  AND finished_at < coalesce(sqlc.narg('until')::timestamptz, 'infinity')
  AND finished_at <= coalesce((SELECT c.finished_at FROM lethe_deletion_audit c WHERE c.id = sqlc.narg('before')::bigint), 'infinity')
  AND (sqlc.narg('before')::bigint IS NULL OR (finished_at, id) <
       (SELECT c.finished_at, c.id FROM lethe_deletion_audit c WHERE c.id = sqlc.narg('before')::bigint))
ORDER BY finished_at DESC, id DESC
LIMIT @max;

-- Per policy, the rows and blobs deleted over the last hour and day, the
-- day's errors (and among them failed verifications of deleted entities)
-- and the newest entry.
-- name: AuditTotals :many
SELECT policy,
       coalesce(sum(rows_deleted) FILTER (WHERE finished_at > now() - interval '1 hour'), 0)::bigint AS rows_last_hour,
       coalesce(sum(blobs_deleted) FILTER (WHERE finished_at > now() - interval '1 hour'), 0)::bigint AS blobs_last_hour,
       coalesce(sum(rows_deleted), 0)::bigint AS rows_last_day,
       coalesce(sum(blobs_deleted), 0)::bigint AS blobs_last_day,
       count(*) FILTER (WHERE outcome = 'error') AS errors_last_day,
       count(*) FILTER (WHERE outcome = 'error' AND action = @verify_action::text) AS verify_failures_last_day,
       max(finished_at)::timestamptz AS last_activity_at
FROM lethe_deletion_audit
WHERE finished_at > now() - interval '1 day'
GROUP BY policy;

-- A policy's newest failures: audit entries with outcome error, and the
-- last error of a periodic run.
-- name: AuditRecentErrors :many
(SELECT finished_at AS at, action, job_id, coalesce(error, 'failed')::text AS message
 FROM lethe_deletion_audit
 WHERE lethe_deletion_audit.policy = @policy AND outcome = 'error'
 ORDER BY finished_at DESC LIMIT @max)
UNION ALL
(SELECT last_error_at, 'run', NULL, last_error
 FROM lethe_policy_state
 WHERE lethe_policy_state.policy = @policy AND last_error IS NOT NULL AND last_error_at IS NOT NULL)
ORDER BY 1 DESC LIMIT @max;

-- Every bucket of the window, zeros included, aligned to the Unix epoch,
-- oldest first; of one policy when policy is not empty.
-- name: AuditThroughput :many
WITH bounds AS (
    SELECT date_bin(make_interval(secs => @bucket_seconds::float8), now() - make_interval(secs => @window_seconds::float8), 'epoch') AS start,
           make_interval(secs => @bucket_seconds::float8) AS width
),
buckets AS (
    SELECT generate_series(start, now(), width) AS at FROM bounds
),
sums AS (
    SELECT date_bin(width, finished_at, 'epoch') AS at,
           sum(rows_deleted) AS rows, sum(blobs_deleted) AS blobs,
           count(*) FILTER (WHERE outcome = 'error') AS errors
    FROM lethe_deletion_audit, bounds
    WHERE finished_at >= start AND (@policy::text = '' OR policy = @policy::text)
    GROUP BY 1
)
SELECT b.at::timestamptz AS at, coalesce(s.rows, 0)::bigint AS rows, coalesce(s.blobs, 0)::bigint AS blobs,
       coalesce(s.errors, 0)::bigint AS errors
FROM buckets b LEFT JOIN sums s USING (at)
ORDER BY b.at;

-- Up to max entries that finished before @before, oldest first: the prune
-- of entries older than audit.retain. The subquery walks
-- lethe_deletion_audit_finished_idx backwards from its oldest end, so a
-- batch costs about max index entries whatever the table holds.
-- name: AuditPruneBefore :execrows
DELETE FROM lethe_deletion_audit
WHERE id IN (SELECT id FROM lethe_deletion_audit WHERE finished_at < @before::timestamptz
             ORDER BY finished_at LIMIT @max);

-- The max oldest entries: the prune beyond audit.max_rows.
-- name: AuditPruneOldest :execrows
DELETE FROM lethe_deletion_audit
WHERE id IN (SELECT id FROM lethe_deletion_audit ORDER BY finished_at LIMIT @max);

-- name: AuditCount :one
SELECT count(*) FROM lethe_deletion_audit;
