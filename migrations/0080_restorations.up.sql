-- Restoration log: an entity that declares a restore_window has every row
-- its deletion removes captured here, with the previous value of every
-- column a set_null edge clears, in the transaction that deletes them, so
-- `lethe undelete` can put them back until purge_after. capture is the
-- gzip of the rows' JSON: no dashboard or API read returns it, and only
-- Lethe's own role is granted the table. Once purge_after has passed the
-- capture is purged (capture NULL, purged_at set); the row stays so a
-- lookup can say since when the deletion is unrecoverable.
CREATE TABLE lethe_restorations (
    entity      text        NOT NULL,
    key         text        NOT NULL,
    deleted_at  timestamptz NOT NULL DEFAULT now(),
    purge_after timestamptz NOT NULL,
    rows        bigint      NOT NULL,
    nulled      bigint      NOT NULL,
    capture     bytea,
    purged_at   timestamptz,
    PRIMARY KEY (entity, key),
    CHECK ((capture IS NULL) = (purged_at IS NOT NULL))
);
-- Already compressed: PostgreSQL's own compression would only cost time.
ALTER TABLE lethe_restorations ALTER COLUMN capture SET STORAGE EXTERNAL;
CREATE INDEX lethe_restorations_purge_idx ON lethe_restorations (purge_after) WHERE capture IS NOT NULL;
REVOKE ALL ON lethe_restorations FROM PUBLIC;
