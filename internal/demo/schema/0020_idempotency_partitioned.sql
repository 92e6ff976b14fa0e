-- Example for the sweep's partition mode: the idempotency
-- table range-partitioned by expires_at, one partition per UTC day, named
-- <table>_pYYYYMMDD as Lethe names the partitions it creates. A sweep policy
-- with mode: partitions drops whole partitions once their upper bound has
-- passed and creates the upcoming ones; these first four cover today and
-- the next three days so inserts work before the first sweep.
CREATE TABLE lineage_event_idempotency_partitioned (
    idempotency_key text        NOT NULL,
    event_hash      text        NOT NULL DEFAULT '',
    created_at      timestamptz NOT NULL DEFAULT now(),
    expires_at      timestamptz NOT NULL DEFAULT now() + interval '24 hours',
    PRIMARY KEY (idempotency_key, expires_at)
) PARTITION BY RANGE (expires_at);
CREATE INDEX idx_idempotency_partitioned_expires ON lineage_event_idempotency_partitioned (expires_at);

DO $$
DECLARE
    day timestamptz := date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
BEGIN
    FOR i IN 0..3 LOOP
        EXECUTE format(
            'CREATE TABLE %I PARTITION OF lineage_event_idempotency_partitioned FOR VALUES FROM (%L) TO (%L)',
            'lineage_event_idempotency_partitioned_p' || to_char((day + i * interval '1 day') AT TIME ZONE 'UTC', 'YYYYMMDD'),
            day + i * interval '1 day',
            day + (i + 1) * interval '1 day');
    END LOOP;
END
$$;
