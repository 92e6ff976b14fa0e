-- The outcome of each policy's last periodic runs (newest first, at most
-- 10: deleted N, nothing due, gave way to a lock, paused on replica lag,
-- paced, error) and when one last deleted something: what the dashboard's
-- health states are computed from.
ALTER TABLE lethe_policy_state
    ADD COLUMN recent_runs jsonb NOT NULL DEFAULT '[]',
    ADD COLUMN last_deleted_at timestamptz;
