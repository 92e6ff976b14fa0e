-- Claims of expire policies whose batch has begun deleting blobs. A batch
-- commits its claim's row here before its first call to the blob store and
-- removes it in the transaction that deletes the claim's rows, so a claim
-- listed here may have lost some or all of its blobs: the watchdog finishes
-- such a claim (its batch job runs again) and never gives its rows back to
-- the planner. blobs_audited is how many of the claim's blobs the audit
-- entries of its failed attempts already counted, so a later attempt counts
-- only the rest.
CREATE TABLE lethe_expire_blob_deletes (
    policy        text        NOT NULL,
    claimed_at    timestamptz NOT NULL,   -- the claim's timestamp, which names its batch
    job_id        bigint,                 -- the batch job that last began deleting
    begun_at      timestamptz NOT NULL DEFAULT now(),
    blobs_audited bigint      NOT NULL DEFAULT 0,
    PRIMARY KEY (policy, claimed_at)
);
