DROP TABLE IF EXISTS lineage_event_idempotency;
