UPDATE lethe_deletion_audit SET outcome = 'error' WHERE outcome = 'interrupted';
ALTER TABLE lethe_deletion_audit DROP CONSTRAINT IF EXISTS lethe_deletion_audit_outcome_check;
ALTER TABLE lethe_deletion_audit ADD CONSTRAINT lethe_deletion_audit_outcome_check
    CHECK (outcome IN ('ok', 'error', 'partial', 'skipped'));
