-- Lethe's own state: per-policy controls, the deletion audit log and tombstones.

CREATE TABLE lethe_policy_state (
    policy      text PRIMARY KEY,
    paused      boolean NOT NULL DEFAULT false,
    last_run_at timestamptz,
    last_error  text,
    last_error_at timestamptz,
    updated_at  timestamptz NOT NULL DEFAULT now()
);

-- One row per unit of deletion work (an expire batch, a sweep run, an entity
-- deletion, a blob purge, a watchdog pass): what the dashboard charts and what
-- operators read after an incident.
CREATE TABLE lethe_deletion_audit (
    id            bigserial PRIMARY KEY,
    policy        text NOT NULL,
    action        text NOT NULL,          -- expire_batch, sweep, watchdog, delete_entity, purge_blobs, ...
    job_id        bigint,                 -- river_job.id, when run by River
    rows_deleted  bigint NOT NULL DEFAULT 0,
    blobs_deleted bigint NOT NULL DEFAULT 0,
    started_at    timestamptz NOT NULL,
    finished_at   timestamptz NOT NULL DEFAULT now(),
    outcome       text NOT NULL CHECK (outcome IN ('ok', 'error', 'partial', 'skipped')),
    error         text,
    detail        jsonb
);
CREATE INDEX lethe_deletion_audit_policy_finished_idx ON lethe_deletion_audit (policy, finished_at DESC);
CREATE INDEX lethe_deletion_audit_finished_idx ON lethe_deletion_audit (finished_at DESC);

-- Deletion markers: (entity, key) stays deleted until the tombstone is cleared.
CREATE TABLE lethe_tombstones (
    entity     text NOT NULL,
    key        text NOT NULL,
    deleted_at timestamptz NOT NULL DEFAULT now(),
    purged_at  timestamptz,               -- last completed blob purge of {key}/
    PRIMARY KEY (entity, key)
);
CREATE INDEX lethe_tombstones_deleted_at_idx ON lethe_tombstones (entity, deleted_at);
