package db

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// RunTables are the tables that hold a run's rows, children first: the order
// DeleteRun deletes in and the reverse of the order a restore inserts in.
var RunTables = []string{"run_experiments", "run_tags", "run_attributes", "run_metrics", "run_blobs", "runs"}

// DeleteRun removes every row of run hash from every run table and returns
// the rows deleted per table. Call it in a transaction holding the run's
// exclusive lock (LockExclusive), together with PutTombstone.
func DeleteRun(ctx context.Context, exec Executor, hash string) (map[string]int64, error) {
	deleted := make(map[string]int64, len(RunTables))
	for _, table := range RunTables {
		tag, err := exec.Exec(ctx, `DELETE FROM `+Ident(table)+` WHERE run_hash = $1`, hash)
		if err != nil {
			return deleted, fmt.Errorf("delete run %s from %s: %w", hash, table, err)
		}
		deleted[table] = tag.RowsAffected()
	}
	return deleted, nil
}

// Run is a run and the size of its child data.
type Run struct {
	Hash        string    `json:"run_hash"`
	Name        string    `json:"name"`
	CreatedAt   time.Time `json:"created_at"`
	UpdatedAt   time.Time `json:"updated_at"`
	Metrics     int64     `json:"metrics"`
	Tags        []string  `json:"tags"`
	Experiments []string  `json:"experiments"`
	Attributes  int64     `json:"attributes"`
	Blobs       int64     `json:"blobs"`
}

// GetRun returns run hash, or nil when it does not exist.
func GetRun(ctx context.Context, exec Executor, hash string) (*Run, error) {
	r := Run{Hash: hash}
	err := exec.QueryRow(ctx, `
		SELECT name, created_at, updated_at,
			(SELECT count(*) FROM run_metrics WHERE run_hash = $1),
			coalesce((SELECT array_agg(tag ORDER BY tag) FROM run_tags WHERE run_hash = $1), '{}'),
			coalesce((SELECT array_agg(experiment ORDER BY experiment) FROM run_experiments WHERE run_hash = $1), '{}'),
			(SELECT count(*) FROM run_attributes WHERE run_hash = $1),
			(SELECT count(*) FROM run_blobs WHERE run_hash = $1)
		FROM runs WHERE run_hash = $1`, hash).
		Scan(&r.Name, &r.CreatedAt, &r.UpdatedAt, &r.Metrics, &r.Tags, &r.Experiments, &r.Attributes, &r.Blobs)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read run %s: %w", hash, err)
	}
	return &r, nil
}

// RunExists reports whether run hash has a row in runs.
func RunExists(ctx context.Context, exec Executor, hash string) (bool, error) {
	var exists bool
	if err := exec.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM runs WHERE run_hash = $1)`, hash).Scan(&exists); err != nil {
		return false, fmt.Errorf("check run %s: %w", hash, err)
	}
	return exists, nil
}

// Run ingestion. Each write creates the run when it does not exist yet
// (ingestion messages arrive out of order); the guard trigger refuses every
// one of them for a tombstoned run with SQLStateTombstoned.

// withRun prefixes sql, an INSERT whose $1 is the run hash, with the
// creation of the run when missing: one statement, one round trip per write
// (the foreign keys are checked at the end of the statement, after the run).
func withRun(sql string) string {
	return `WITH run AS (INSERT INTO runs (run_hash) VALUES ($1) ON CONFLICT (run_hash) DO NOTHING) ` + sql
}

// UpsertRun creates run hash named name, or renames it.
func UpsertRun(ctx context.Context, exec Executor, hash, name string) error {
	_, err := exec.Exec(ctx, `
		INSERT INTO runs (run_hash, name) VALUES ($1, $2)
		ON CONFLICT (run_hash) DO UPDATE SET name = EXCLUDED.name, updated_at = now()`, hash, name)
	if err != nil {
		return fmt.Errorf("create run %s: %w", hash, err)
	}
	return nil
}

// LinkExperiment links run hash to experiment, creating both when missing.
func LinkExperiment(ctx context.Context, exec Executor, hash, experiment string) error {
	if _, err := exec.Exec(ctx, withRun(`,
		experiment AS (INSERT INTO experiments (name) VALUES ($2) ON CONFLICT (name) DO NOTHING)
		INSERT INTO run_experiments (run_hash, experiment) VALUES ($1, $2)
		ON CONFLICT DO NOTHING`), hash, experiment); err != nil {
		return fmt.Errorf("link run %s to experiment %s: %w", hash, experiment, err)
	}
	return nil
}

// LogMetric records value at step of metric name/context of run hash.
func LogMetric(ctx context.Context, exec Executor, hash, name, metricContext string, step int64, value float64) error {
	_, err := exec.Exec(ctx, withRun(`
		INSERT INTO run_metrics (run_hash, name, context, step, value) VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (run_hash, name, context, step) DO UPDATE SET value = EXCLUDED.value, logged_at = now()`),
		hash, name, metricContext, step, value)
	if err != nil {
		return fmt.Errorf("log metric %s of run %s: %w", name, hash, err)
	}
	return nil
}

// SetTag tags run hash.
func SetTag(ctx context.Context, exec Executor, hash, tag string) error {
	if _, err := exec.Exec(ctx, withRun(`INSERT INTO run_tags (run_hash, tag) VALUES ($1, $2) ON CONFLICT DO NOTHING`), hash, tag); err != nil {
		return fmt.Errorf("tag run %s: %w", hash, err)
	}
	return nil
}

// SetAttribute sets attribute key of run hash to the JSON value.
func SetAttribute(ctx context.Context, exec Executor, hash, key string, value any) error {
	_, err := exec.Exec(ctx, withRun(`
		INSERT INTO run_attributes (run_hash, key, value) VALUES ($1, $2, $3)
		ON CONFLICT (run_hash, key) DO UPDATE SET value = EXCLUDED.value`), hash, key, jsonValue{value})
	if err != nil {
		return fmt.Errorf("set attribute %s of run %s: %w", key, hash, err)
	}
	return nil
}

// RecordRunBlob notes that blobKey belongs to run hash.
func RecordRunBlob(ctx context.Context, exec Executor, hash, blobKey string) error {
	if _, err := exec.Exec(ctx, withRun(`INSERT INTO run_blobs (run_hash, blob_key) VALUES ($1, $2) ON CONFLICT DO NOTHING`), hash, blobKey); err != nil {
		return fmt.Errorf("record blob %s of run %s: %w", blobKey, hash, err)
	}
	return nil
}

// jsonValue makes pgx encode any Go value (including nil and strings) as
// JSON for a jsonb column.
type jsonValue struct{ v any }

func (j jsonValue) MarshalJSON() ([]byte, error) { return json.Marshal(j.v) }

// KnownRuns reports which of hashes exist as a run or as a run tombstone.
func KnownRuns(ctx context.Context, exec Executor, hashes []string) (map[string]bool, error) {
	rows, err := exec.Query(ctx, `
		SELECT run_hash FROM runs WHERE run_hash = ANY($1)
		UNION
		SELECT key FROM lethe_tombstones WHERE entity = 'run' AND key = ANY($1)`, hashes)
	if err != nil {
		return nil, fmt.Errorf("look up runs: %w", err)
	}
	found, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("look up runs: %w", err)
	}
	out := make(map[string]bool, len(found))
	for _, h := range found {
		out[h] = true
	}
	return out, nil
}
