-- Every running `lethe serve` process: inserted when it starts, its
-- heartbeat_at moved every few seconds while it runs, deleted when it stops
-- cleanly. A row whose heartbeat stopped (a killed process, a lost host)
-- shows as gone on the dashboard and is deleted after a while by the other
-- processes. client_id is the process's River client ID: river_leader names
-- the leader by it, and river_job.attempted_by the jobs it runs.
CREATE TABLE lethe_processes (
    client_id    text        PRIMARY KEY CHECK (octet_length(client_id) BETWEEN 1 AND 200),
    host         text        NOT NULL CHECK (octet_length(host) <= 255),
    pid          integer     NOT NULL,
    version      text        NOT NULL CHECK (octet_length(version) <= 200),
    max_workers  integer     NOT NULL,
    started_at   timestamptz NOT NULL DEFAULT now(),
    heartbeat_at timestamptz NOT NULL DEFAULT now()
);
-- One sample a minute per process of what has no history elsewhere: the
-- seconds its deletions were held back (paced for the foreground, paused
-- for a lagging standby) in that minute, and the most lagging standby's
-- replay lag (NULL when no standby streams). The dashboard's charts read
-- the last hours; each process deletes samples older than a day.
CREATE TABLE lethe_minute_samples (
    minute              timestamptz NOT NULL,
    client_id           text        NOT NULL CHECK (octet_length(client_id) BETWEEN 1 AND 200),
    throttled_seconds   float8      NOT NULL DEFAULT 0,
    replica_lag_seconds float8,
    PRIMARY KEY (minute, client_id)
);
-- The large deletions in flight (tombstones still deleting), which the
-- dashboard lists with their progress on every refresh: a small index,
-- as few tombstones are ever deleting at once.
CREATE INDEX lethe_tombstones_deleting_idx ON lethe_tombstones (deleted_at) WHERE state = 'deleting';
