-- Values an operator set for a policy's schedule and tuning fields at run
-- time (PATCH /api/v1/policies/{name}), replacing the file's until they are
-- deleted. Every node polls this table and applies them.
CREATE TABLE lethe_policy_overrides (
    policy     text        NOT NULL,
    field      text        NOT NULL,
    value      jsonb       NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now(),
    updated_by text,
    PRIMARY KEY (policy, field)
);
