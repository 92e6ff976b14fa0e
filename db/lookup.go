package db

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// Reads for "was this entity deleted?": the River job that deletes one
// (entity, key), and what the audit recorded of it. Each reads through an
// index: River's GIN index on river_job.args, and 0060's indexes on the
// audit's detail.

// DeleteJob is a River job that deletes one entity, as the status lookup
// shows it.
type DeleteJob struct {
	ID          int64      `json:"id"`
	State       string     `json:"state"`
	Attempt     int        `json:"attempt"`
	MaxAttempts int        `json:"max_attempts"`
	CreatedAt   time.Time  `json:"created_at"`
	AttemptedAt *time.Time `json:"attempted_at"`
	FinalizedAt *time.Time `json:"finalized_at"`
	// Errors are the failed attempts so far, oldest first, without their
	// stack traces.
	Errors []JobAttemptError `json:"errors"`
	// WaitingOn is the lock the job last gave up on and snoozed behind
	// (its recorded output), "" when it waits on none; WaitingSince is
	// when it recorded that.
	WaitingOn    string     `json:"waiting_on,omitempty"`
	WaitingSince *time.Time `json:"waiting_since,omitempty"`
	Tags         []string   `json:"tags"`
}

// JobAttemptError is one failed attempt of a River job.
type JobAttemptError struct {
	At      time.Time `json:"at"`
	Attempt int       `json:"attempt"`
	Error   string    `json:"error"`
}

// deleteJobColumns are the columns scanDeleteJob reads.
const deleteJobColumns = `id, state::text, attempt, max_attempts, created_at, attempted_at, finalized_at,
	coalesce(to_jsonb(errors), '[]'::jsonb), metadata->'output', tags`

// LatestDeleteJob returns the newest job of kind (lethe.delete_entity) in
// riverSchema whose args name entity and key, or nil when River has none
// (never inserted, or cleaned since it finished).
func LatestDeleteJob(ctx context.Context, exec Executor, riverSchema, kind, entity, key string) (*DeleteJob, error) {
	args, err := json.Marshal(map[string]string{"entity": entity, "key": key})
	if err != nil {
		return nil, fmt.Errorf("find delete job of %s %s: encode args: %w", entity, key, err)
	}
	row := exec.QueryRow(ctx, `SELECT `+deleteJobColumns+` FROM `+pgx.Identifier{riverSchema, "river_job"}.Sanitize()+`
		WHERE args @> $1::jsonb AND kind = $2
		ORDER BY id DESC LIMIT 1`, args, kind)
	job, err := scanDeleteJob(row)
	if err != nil {
		return nil, fmt.Errorf("find delete job of %s %s: %w", entity, key, err)
	}
	return job, nil
}

// DeleteJobByID returns River job id of riverSchema, or nil when River no
// longer has it.
func DeleteJobByID(ctx context.Context, exec Executor, riverSchema string, id int64) (*DeleteJob, error) {
	row := exec.QueryRow(ctx, `SELECT `+deleteJobColumns+` FROM `+pgx.Identifier{riverSchema, "river_job"}.Sanitize()+`
		WHERE id = $1`, id)
	job, err := scanDeleteJob(row)
	if err != nil {
		return nil, fmt.Errorf("read job %d: %w", id, err)
	}
	return job, nil
}

func scanDeleteJob(row pgx.Row) (*DeleteJob, error) {
	var (
		job           DeleteJob
		errs, output  []byte
		attempt, maxA int16
	)
	err := row.Scan(&job.ID, &job.State, &attempt, &maxA, &job.CreatedAt, &job.AttemptedAt, &job.FinalizedAt, &errs, &output, &job.Tags)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	job.Attempt, job.MaxAttempts = int(attempt), int(maxA)
	if err := json.Unmarshal(errs, &job.Errors); err != nil {
		return nil, fmt.Errorf("decode errors of job %d: %w", job.ID, err)
	}
	if job.Errors == nil {
		job.Errors = []JobAttemptError{}
	}
	if job.Tags == nil {
		job.Tags = []string{}
	}
	// The output a job records when it snoozes behind a lock
	// (workers.LockWait); any other output says nothing of a wait.
	var wait struct {
		WaitingOn string     `json:"waiting_on"`
		Since     *time.Time `json:"since"`
	}
	if len(output) > 0 && json.Unmarshal(output, &wait) == nil && wait.WaitingOn != "" {
		job.WaitingOn, job.WaitingSince = wait.WaitingOn, wait.Since
	}
	return &job, nil
}

// auditColumns are the columns scanAudit reads.
const auditColumns = `id, policy, action, job_id, rows_deleted, blobs_deleted, started_at, finished_at,
	outcome, coalesce(error, ''), detail`

// EntityAudit returns the newest audit entries (up to limit) whose detail
// names entity and key (delete_entity, purge_blobs, verify_entity,
// clear_tombstone), newest first.
func EntityAudit(ctx context.Context, exec Executor, entity, key string, limit int) ([]AuditEntry, error) {
	rows, err := exec.Query(ctx, `SELECT `+auditColumns+` FROM lethe_deletion_audit
		WHERE detail->>'entity' = $1 AND detail->>'key' = $2
		ORDER BY finished_at DESC, id DESC LIMIT $3`, entity, key, limit32(limit))
	if err != nil {
		return nil, fmt.Errorf("read audit of %s %s: %w", entity, key, err)
	}
	entries, err := pgx.CollectRows(rows, scanAudit)
	if err != nil {
		return nil, fmt.Errorf("read audit of %s %s: %w", entity, key, err)
	}
	return entries, nil
}

// DeleteRequest returns the operator's request_delete entry (made through
// the API or the dashboard) that inserted job jobID of entity, or nil when
// none did: the job came from elsewhere (the CLI, SQL, another River
// client), or the entry is gone.
func DeleteRequest(ctx context.Context, exec Executor, entity string, jobID int64) (*AuditEntry, error) {
	rows, err := exec.Query(ctx, `SELECT `+auditColumns+` FROM lethe_deletion_audit
		WHERE action = $1 AND detail @> jsonb_build_object('entity', $2::text, 'job_ids', jsonb_build_array($3::bigint))
		ORDER BY finished_at DESC, id DESC LIMIT 1`, string(ActionRequestDelete), entity, jobID)
	if err != nil {
		return nil, fmt.Errorf("find the request of job %d: %w", jobID, err)
	}
	entries, err := pgx.CollectRows(rows, scanAudit)
	if err != nil {
		return nil, fmt.Errorf("find the request of job %d: %w", jobID, err)
	}
	if len(entries) == 0 {
		return nil, nil
	}
	return &entries[0], nil
}

func scanAudit(row pgx.CollectableRow) (AuditEntry, error) {
	var (
		e      AuditEntry
		action string
		detail []byte
	)
	err := row.Scan(&e.ID, &e.Policy, &action, &e.JobID, &e.RowsDeleted, &e.BlobsDeleted, &e.StartedAt, &e.FinishedAt,
		&e.Outcome, &e.Error, &detail)
	if err != nil {
		return e, err
	}
	e.Action = AuditAction(action)
	if detail != nil {
		if err := json.Unmarshal(detail, &e.Detail); err != nil {
			return e, fmt.Errorf("decode detail of entry %d: %w", e.ID, err)
		}
	}
	return e, nil
}
