DROP TABLE IF EXISTS lethe_tombstones;
DROP TABLE IF EXISTS lethe_deletion_audit;
DROP TABLE IF EXISTS lethe_policy_state;
