package db

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/lethehq/lethe/db/internal/dbsqlc"
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
		sql := newIdentTemplate(map[string]string{"table": table}).Fill(`DELETE FROM {table} WHERE run_hash = $1`)
		tag, err := exec.Exec(ctx, sql, hash)
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
	row, err := dbsqlc.New().RunGet(ctx, exec, hash)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read run %s: %w", hash, err)
	}
	return &Run{
		Hash: hash, Name: row.Name, CreatedAt: row.CreatedAt, UpdatedAt: row.UpdatedAt,
		Metrics: row.Metrics, Tags: row.Tags, Experiments: row.Experiments,
		Attributes: row.Attributes, Blobs: row.Blobs,
	}, nil
}

// RunExists reports whether run hash has a row in runs.
func RunExists(ctx context.Context, exec Executor, hash string) (bool, error) {
	exists, err := dbsqlc.New().RunExists(ctx, exec, hash)
	if err != nil {
		return false, fmt.Errorf("check run %s: %w", hash, err)
	}
	return exists, nil
}

// Run ingestion. Each write creates the run when it does not exist yet
// (ingestion messages arrive out of order), in the same statement; the guard
// trigger refuses every one of them for a tombstoned run with
// SQLStateTombstoned. They take a Bounded: the run tables are an
// application's, and a write must not queue behind its locks.

// UpsertRun creates run hash named name, or renames it.
func UpsertRun(ctx context.Context, exec Bounded, hash, name string) error {
	if err := dbsqlc.New().RunUpsert(ctx, exec, &dbsqlc.RunUpsertParams{RunHash: hash, Name: name}); err != nil {
		return fmt.Errorf("create run %s: %w", hash, err)
	}
	return nil
}

// LinkExperiment links run hash to experiment, creating both when missing.
func LinkExperiment(ctx context.Context, exec Bounded, hash, experiment string) error {
	if err := dbsqlc.New().RunLinkExperiment(ctx, exec, &dbsqlc.RunLinkExperimentParams{RunHash: hash, Experiment: experiment}); err != nil {
		return fmt.Errorf("link run %s to experiment %s: %w", hash, experiment, err)
	}
	return nil
}

// LogMetric records value at step of metric name/context of run hash.
func LogMetric(ctx context.Context, exec Bounded, hash, name, metricContext string, step int64, value float64) error {
	err := dbsqlc.New().RunLogMetric(ctx, exec, &dbsqlc.RunLogMetricParams{
		RunHash: hash, Name: name, Context: metricContext, Step: step, Value: value,
	})
	if err != nil {
		return fmt.Errorf("log metric %s of run %s: %w", name, hash, err)
	}
	return nil
}

// SetTag tags run hash.
func SetTag(ctx context.Context, exec Bounded, hash, tag string) error {
	if err := dbsqlc.New().RunSetTag(ctx, exec, &dbsqlc.RunSetTagParams{RunHash: hash, Tag: tag}); err != nil {
		return fmt.Errorf("tag run %s: %w", hash, err)
	}
	return nil
}

// SetAttribute sets attribute key of run hash to the JSON value (any Go
// value json.Marshal takes, nil and strings included).
func SetAttribute(ctx context.Context, exec Bounded, hash, key string, value any) error {
	encoded, err := json.Marshal(value)
	if err != nil {
		return fmt.Errorf("set attribute %s of run %s: encode value: %w", key, hash, err)
	}
	if err := dbsqlc.New().RunSetAttribute(ctx, exec, &dbsqlc.RunSetAttributeParams{RunHash: hash, Key: key, Value: encoded}); err != nil {
		return fmt.Errorf("set attribute %s of run %s: %w", key, hash, err)
	}
	return nil
}

// RecordRunBlob notes that blobKey belongs to run hash.
func RecordRunBlob(ctx context.Context, exec Bounded, hash, blobKey string) error {
	if err := dbsqlc.New().RunRecordBlob(ctx, exec, &dbsqlc.RunRecordBlobParams{RunHash: hash, BlobKey: blobKey}); err != nil {
		return fmt.Errorf("record blob %s of run %s: %w", blobKey, hash, err)
	}
	return nil
}

// KnownRuns reports which of hashes exist as a run or as a run tombstone.
func KnownRuns(ctx context.Context, exec Executor, hashes []string) (map[string]bool, error) {
	found, err := dbsqlc.New().RunKnown(ctx, exec, hashes)
	if err != nil {
		return nil, fmt.Errorf("look up runs: %w", err)
	}
	out := make(map[string]bool, len(found))
	for _, h := range found {
		out[h] = true
	}
	return out, nil
}
