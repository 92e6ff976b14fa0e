-- Example schema: ML-experiment runs and their child data.
-- Blobs live under "{run_hash}/" in the blob store.
CREATE TABLE experiments (
    name       text PRIMARY KEY,
    created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE runs (
    run_hash   text PRIMARY KEY CHECK (run_hash ~ '^[A-Za-z0-9_-]{1,64}$'),
    name       text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE run_attributes (
    run_hash text NOT NULL REFERENCES runs (run_hash) ON DELETE CASCADE,
    key      text NOT NULL,
    value    jsonb NOT NULL,
    PRIMARY KEY (run_hash, key)
);

CREATE TABLE run_metrics (
    run_hash text NOT NULL REFERENCES runs (run_hash) ON DELETE CASCADE,
    name     text NOT NULL,
    context  text NOT NULL DEFAULT '',
    step     bigint NOT NULL,
    value    double precision NOT NULL,
    logged_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (run_hash, name, context, step)
);

CREATE TABLE run_tags (
    run_hash text NOT NULL REFERENCES runs (run_hash) ON DELETE CASCADE,
    tag      text NOT NULL,
    PRIMARY KEY (run_hash, tag)
);
CREATE INDEX run_tags_tag_idx ON run_tags (tag);

CREATE TABLE run_experiments (
    run_hash   text NOT NULL REFERENCES runs (run_hash) ON DELETE CASCADE,
    experiment text NOT NULL REFERENCES experiments (name),
    PRIMARY KEY (run_hash, experiment)
);
CREATE INDEX run_experiments_experiment_idx ON run_experiments (experiment);

-- Blob objects written for a run, so a backup can find them.
CREATE TABLE run_blobs (
    run_hash text NOT NULL REFERENCES runs (run_hash) ON DELETE CASCADE,
    blob_key text NOT NULL,
    PRIMARY KEY (run_hash, blob_key)
);
