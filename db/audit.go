package db

import (
	"context"
	"fmt"
	"time"
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
	var errText *string
	if entry.Error != "" {
		errText = &entry.Error
	}
	_, err := exec.Exec(ctx, `
		INSERT INTO lethe_deletion_audit
			(policy, action, job_id, rows_deleted, blobs_deleted, started_at, outcome, error, detail)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
		entry.Policy, entry.Action, entry.JobID, entry.RowsDeleted, entry.BlobsDeleted,
		entry.StartedAt, entry.Outcome, errText, entry.Detail)
	if err != nil {
		return fmt.Errorf("record audit %s for %s: %w", entry.Action, entry.Policy, err)
	}
	return nil
}

// ListAudit returns the newest entries, of one policy when policy is set.
func ListAudit(ctx context.Context, exec Executor, policy string, limit int) ([]AuditEntry, error) {
	rows, err := exec.Query(ctx, `
		SELECT id, policy, action, job_id, rows_deleted, blobs_deleted, started_at, finished_at,
		       outcome, coalesce(error, ''), detail
		FROM lethe_deletion_audit
		WHERE $1 = '' OR policy = $1
		ORDER BY finished_at DESC, id DESC
		LIMIT $2`, policy, limit)
	if err != nil {
		return nil, fmt.Errorf("list audit: %w", err)
	}
	defer rows.Close()
	var out []AuditEntry
	for rows.Next() {
		var e AuditEntry
		if err := rows.Scan(&e.ID, &e.Policy, &e.Action, &e.JobID, &e.RowsDeleted, &e.BlobsDeleted,
			&e.StartedAt, &e.FinishedAt, &e.Outcome, &e.Error, &e.Detail); err != nil {
			return nil, fmt.Errorf("list audit: %w", err)
		}
		out = append(out, e)
	}
	return out, rows.Err()
}
