-- Example schema: idempotency keys with a 24h TTL.
CREATE TABLE lineage_event_idempotency (
    idempotency_key text PRIMARY KEY,
    event_hash      text NOT NULL DEFAULT '',
    created_at      timestamptz NOT NULL DEFAULT now(),
    expires_at      timestamptz NOT NULL DEFAULT now() + interval '24 hours'
);
CREATE INDEX idx_idempotency_expires ON lineage_event_idempotency (expires_at);
