-- (Not 0002–0004: earlier versions recorded those for the example tables.)
-- Jobs that a stop of the service cancels (a second signal, or
-- shutdown_grace running out) go back to available in River without an
-- error; their audit entries say interrupted, not error.
ALTER TABLE lethe_deletion_audit DROP CONSTRAINT IF EXISTS lethe_deletion_audit_outcome_check;
ALTER TABLE lethe_deletion_audit ADD CONSTRAINT lethe_deletion_audit_outcome_check
    CHECK (outcome IN ('ok', 'error', 'partial', 'skipped', 'interrupted'));
