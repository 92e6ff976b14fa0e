package db

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/lethehq/lethe/db/internal/dbsqlc"
)

// AuditEntry is one unit of deletion work, as recorded in
// lethe_deletion_audit.
type AuditEntry struct {
	ID           int64          `json:"id"`
	Policy       string         `json:"policy"`
	Action       string         `json:"action"` // expire_batch, watchdog, sweep, delete_entity, purge_blobs, ...
	JobID        *int64         `json:"job_id,omitempty"`
	RowsDeleted  int64          `json:"rows_deleted"`
	BlobsDeleted int64          `json:"blobs_deleted"`
	StartedAt    time.Time      `json:"started_at"`
	FinishedAt   time.Time      `json:"finished_at"`
	Outcome      string         `json:"outcome"` // ok, error, partial, skipped
	Error        string         `json:"error,omitempty"`
	Detail       map[string]any `json:"detail,omitempty"`
}

// Audit outcomes.
const (
	OutcomeOK      = "ok"
	OutcomeError   = "error"
	OutcomePartial = "partial"
	OutcomeSkipped = "skipped"
)

// RecordAudit writes entry. Pass a transaction to make the record commit with
// the work it describes.
func RecordAudit(ctx context.Context, exec Executor, entry AuditEntry) error {
	params := &dbsqlc.AuditInsertParams{
		Policy:       entry.Policy,
		Action:       entry.Action,
		JobID:        entry.JobID,
		RowsDeleted:  entry.RowsDeleted,
		BlobsDeleted: entry.BlobsDeleted,
		StartedAt:    entry.StartedAt,
		Outcome:      entry.Outcome,
	}
	if entry.Error != "" {
		params.Error = &entry.Error
	}
	if entry.Detail != nil {
		detail, err := json.Marshal(entry.Detail)
		if err != nil {
			return fmt.Errorf("record audit %s for %s: encode detail: %w", entry.Action, entry.Policy, err)
		}
		params.Detail = detail
	}
	if err := dbsqlc.New().AuditInsert(ctx, exec, params); err != nil {
		return fmt.Errorf("record audit %s for %s: %w", entry.Action, entry.Policy, err)
	}
	return nil
}

// ListAudit returns the newest entries, of one policy when policy is set.
func ListAudit(ctx context.Context, exec Executor, policy string, limit int) ([]AuditEntry, error) {
	rows, err := dbsqlc.New().AuditList(ctx, exec, &dbsqlc.AuditListParams{Policy: policy, Max: limit32(limit)})
	if err != nil {
		return nil, fmt.Errorf("list audit: %w", err)
	}
	var out []AuditEntry
	for _, r := range rows {
		e := AuditEntry{
			ID:           r.ID,
			Policy:       r.Policy,
			Action:       r.Action,
			JobID:        r.JobID,
			RowsDeleted:  r.RowsDeleted,
			BlobsDeleted: r.BlobsDeleted,
			StartedAt:    r.StartedAt,
			FinishedAt:   r.FinishedAt,
			Outcome:      r.Outcome,
			Error:        r.Error,
		}
		if r.Detail != nil {
			if err := json.Unmarshal(r.Detail, &e.Detail); err != nil {
				return nil, fmt.Errorf("list audit: decode detail of entry %d: %w", r.ID, err)
			}
		}
		out = append(out, e)
	}
	return out, nil
}
