ALTER TABLE lethe_policy_state
    DROP COLUMN IF EXISTS recent_runs,
    DROP COLUMN IF EXISTS last_deleted_at;
