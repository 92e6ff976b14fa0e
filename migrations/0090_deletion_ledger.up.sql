-- The deletion ledger (package ledger): every entity deletion is written
-- here, in its own transaction, and a periodic job (lethe.ledger_flush)
-- copies the pending entries to segments in the blob store, outside the
-- database, and then deletes them here. A database restored from a backup
-- lacks the deletions since; the ledger brings them back (lethe replay).
-- deletion_id is a UUID, not a sequence: a restored database would hand
-- out a sequence's numbers a second time.
CREATE TABLE lethe_ledger_outbox (
    deletion_id uuid        PRIMARY KEY DEFAULT gen_random_uuid(),
    op          text        NOT NULL DEFAULT 'delete' CHECK (op IN ('delete', 'undelete')),
    entity      text        NOT NULL,
    key         text        NOT NULL,
    at          timestamptz NOT NULL DEFAULT clock_timestamp(),
    rows        jsonb       NOT NULL DEFAULT '{}',
    blob_prefix text        NOT NULL DEFAULT ''
);
CREATE INDEX lethe_ledger_outbox_at_idx ON lethe_ledger_outbox (at, deletion_id);

-- One row: the last segment flushed from this database and its last entry,
-- and what serve's start check found in the ledger beyond it (a restore).
CREATE TABLE lethe_ledger_state (
    singleton        boolean     PRIMARY KEY DEFAULT true CHECK (singleton),
    flushed_segment  text        NOT NULL DEFAULT '',
    flushed_at       timestamptz,
    flushed_id       uuid,
    behind_entries   bigint      NOT NULL DEFAULT 0,
    behind_since     timestamptz,
    behind_found_at  timestamptz
);
