-- Example schema: pastes with a status-claimed expiry lifecycle.
CREATE TABLE pastes (
    id                    bigserial PRIMARY KEY,
    title                 text NOT NULL DEFAULT '',
    blob_key              text,
    created_at            timestamptz NOT NULL DEFAULT now(),
    expires_at            timestamptz NOT NULL,
    deletion_status       varchar(20) NOT NULL DEFAULT 'NOT_EXPIRED'
        CHECK (deletion_status IN ('NOT_EXPIRED', 'DELETION_IN_PROGRESS', 'DELETED')),
    deletion_initiated_at timestamptz NULL
);
-- The planner's claim scans only unclaimed rows in expiry order.
CREATE INDEX pastes_claimable_idx ON pastes (expires_at) WHERE deletion_status = 'NOT_EXPIRED';
-- The watchdog scans only claimed rows.
CREATE INDEX pastes_in_progress_idx ON pastes (deletion_initiated_at) WHERE deletion_status = 'DELETION_IN_PROGRESS';
