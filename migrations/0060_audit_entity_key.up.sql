-- Look an entity up in the audit: the entries that name one (entity, key)
-- in their detail (delete_entity, purge_blobs, verify_entity,
-- clear_tombstone), newest first, and the operator requests that asked for
-- its deletion (request_delete names its keys and job IDs as arrays). Built
-- in the migration's transaction: on a large audit table it holds back the
-- audit's inserts while it builds.
CREATE INDEX lethe_deletion_audit_entity_key_idx
    ON lethe_deletion_audit ((detail->>'entity'), (detail->>'key'), finished_at DESC);
CREATE INDEX lethe_deletion_audit_request_delete_idx
    ON lethe_deletion_audit USING gin (detail jsonb_path_ops) WHERE action = 'request_delete';
