DROP TABLE IF EXISTS lethe_policy_overrides;
