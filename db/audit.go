package db

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/db/internal/dbsqlc"
)

// AuditEntry is one unit of deletion work, as recorded in
// lethe_deletion_audit.
type AuditEntry struct {
	ID     int64       `json:"id"`
	Policy string      `json:"policy"`
	Action AuditAction `json:"action"`
	JobID  *int64      `json:"job_id,omitempty"`
	// JobState is the River job's state, or JobStateGone, when the API
	// looked it up (RiverJobStates); it is not stored.
	JobState     string         `json:"job_state,omitempty"`
	RowsDeleted  int64          `json:"rows_deleted"`
	BlobsDeleted int64          `json:"blobs_deleted"`
	StartedAt    time.Time      `json:"started_at"`
	FinishedAt   time.Time      `json:"finished_at"`
	Outcome      string         `json:"outcome"` // ok, error, partial, skipped, interrupted
	Error        string         `json:"error,omitempty"`
	Detail       map[string]any `json:"detail,omitempty"`
}

// AuditAction names a kind of deletion work in the audit (its action column)
// and in the lethe_batch_duration_seconds histogram (its action label).
type AuditAction string

// Audit actions. The values are stored in lethe_deletion_audit and exported
// as metric labels: never change them.
const (
	// ActionExpireBatch is one claimed batch of an expire policy deleted.
	ActionExpireBatch AuditAction = "expire_batch"
	// ActionExpireSetAside is rows of an expire policy set aside because
	// their blob key was refused (outcome error: they need an operator).
	ActionExpireSetAside AuditAction = "expire_set_aside"
	// ActionWatchdog is one watchdog run of an expire policy, resetting
	// claims left stuck.
	ActionWatchdog AuditAction = "watchdog"
	// ActionSweep is one run of a sweep policy.
	ActionSweep AuditAction = "sweep"
	// ActionSweepPartition is one partition dropped by a sweep policy; it
	// labels the batch duration histogram only, the run is audited as
	// ActionSweep.
	ActionSweepPartition AuditAction = "sweep_partition"
	// ActionDeleteEntity is one entity deleted under a tombstone.
	ActionDeleteEntity AuditAction = "delete_entity"
	// ActionPurgeBlobs is one purge of a deleted entity's blobs.
	ActionPurgeBlobs AuditAction = "purge_blobs"
	// ActionVerifyEntity is the check, after a purge, that nothing of a
	// deleted entity remains: outcome ok when verified, error naming what
	// was found otherwise.
	ActionVerifyEntity AuditAction = "verify_entity"
	// ActionOrphanSweep is one orphan blob sweep of a tombstone policy.
	ActionOrphanSweep AuditAction = "orphan_sweep"
	// ActionTombstoneGC is one tombstone GC run of a tombstone policy.
	ActionTombstoneGC AuditAction = "tombstone_gc"
	// ActionPausePolicy is an operator pausing a policy through the API or
	// the dashboard. Like every operator action, its detail names the
	// credential ("by"), its role, and the request's method and path.
	ActionPausePolicy AuditAction = "pause_policy"
	// ActionResumePolicy is an operator resuming a policy.
	ActionResumePolicy AuditAction = "resume_policy"
	// ActionRunNow is an operator running a policy now; detail.job_ids
	// are the jobs inserted.
	ActionRunNow AuditAction = "run_now"
	// ActionClearTombstone is an operator clearing an entity's tombstone;
	// detail.cleared says whether there was one.
	ActionClearTombstone AuditAction = "clear_tombstone"
	// ActionRequestDelete is an operator asking to delete entities, one
	// or a batch: detail.keys and detail.job_ids are the delete_entity
	// jobs inserted, each audited as ActionDeleteEntity when it runs.
	ActionRequestDelete AuditAction = "request_delete"
	// ActionRiverUI is an operator changing state through River UI
	// (cancelling, deleting or retrying jobs, pausing or changing a
	// queue); detail.job_ids are the jobs named, when any.
	ActionRiverUI AuditAction = "riverui_action"
	// ActionOverridePolicy is an operator changing a policy's schedule or
	// tuning at run time; detail.fields are the values set.
	ActionOverridePolicy AuditAction = "override_policy"
	// ActionResetOverrides is an operator returning a policy to the
	// configuration file's values; detail.fields_removed counts the
	// overrides dropped.
	ActionResetOverrides AuditAction = "reset_overrides"
	// ActionRemoveGuards is an operator dropping the late-write guards of
	// an entity the configuration no longer declares (lethe guards
	// remove); detail.entity and detail.tables say which, detail.by the
	// operating system user and detail.database_user the role that ran it.
	ActionRemoveGuards AuditAction = "remove_guards"
	// ActionPlaceHold is an operator placing a legal hold on an entity
	// key (lethe hold, POST .../hold); detail.entity, detail.key,
	// detail.reason and detail.placed (false when it was held already).
	ActionPlaceHold AuditAction = "place_hold"
	// ActionReleaseHold is an operator releasing a legal hold (lethe
	// release, DELETE .../hold); detail.released says whether there was
	// one, detail.reason is the release's (when given) and
	// detail.hold_reason, held_by and held_at the hold's.
	ActionReleaseHold AuditAction = "release_hold"
	// ActionRetryFailed is an operator retrying a policy's failed River
	// jobs (retryable and discarded) at once; detail.job_ids are the jobs.
	ActionRetryFailed AuditAction = "retry_failed"
	// ActionDiscardFailed is an operator stopping a policy's retryable
	// River jobs at once (River cancels them); detail.job_ids are the jobs.
	ActionDiscardFailed AuditAction = "discard_failed"
	// ActionRun is never audited: it marks, in RecentErrors, the last error
	// of a policy's periodic run.
	ActionRun AuditAction = "run"
)

// Audit outcomes.
const (
	OutcomeOK      = "ok"
	OutcomeError   = "error"
	OutcomePartial = "partial"
	OutcomeSkipped = "skipped"
	// OutcomeInterrupted is work a stop of the service cancelled (a second
	// signal, or shutdown_grace running out): River made its job available
	// again without recording an error, and the job runs again.
	OutcomeInterrupted = "interrupted"
)

// RecordAudits writes entries in one round trip and one commit: the audit
// of a piece of work and of what checked it, written together (the
// statements of one batch run in one implicit transaction).
func RecordAudits(ctx context.Context, pool *pgxpool.Pool, entries ...AuditEntry) error {
	batch := &pgx.Batch{}
	for _, e := range entries {
		p, err := auditParams(e)
		if err != nil {
			return err
		}
		batch.Queue(dbsqlc.AuditInsertSQL, p.Policy, p.Action, p.JobID, p.RowsDeleted, p.BlobsDeleted, p.ElapsedSeconds, p.Outcome, p.Error, p.Detail)
	}
	if err := pool.SendBatch(ctx, batch).Close(); err != nil {
		return fmt.Errorf("record %d audit entries of %s: %w", len(entries), entries[0].Policy, err)
	}
	return nil
}

// RecordAudit writes entry. Pass a transaction to make the record commit with
// the work it describes. entry.StartedAt is when the work began by this
// process's clock (time.Now); the record's started_at and finished_at are
// the database's, finished_at the moment of the insert and started_at that
// less the time elapsed since StartedAt.
func RecordAudit(ctx context.Context, exec Executor, entry AuditEntry) error {
	params, err := auditParams(entry)
	if err != nil {
		return err
	}
	if err := dbsqlc.New().AuditInsert(ctx, exec, params); err != nil {
		return fmt.Errorf("record audit %s for %s: %w", entry.Action, entry.Policy, err)
	}
	return nil
}

// auditParams are the insert's parameters for entry.
func auditParams(entry AuditEntry) (*dbsqlc.AuditInsertParams, error) {
	params := &dbsqlc.AuditInsertParams{
		Policy:       entry.Policy,
		Action:       string(entry.Action),
		JobID:        entry.JobID,
		RowsDeleted:  entry.RowsDeleted,
		BlobsDeleted: entry.BlobsDeleted,
		// time.Since reads the monotonic clock of a StartedAt taken with
		// time.Now; a zero or future StartedAt counts as no time.
		ElapsedSeconds: max(0, time.Since(cmp.Or(entry.StartedAt, time.Now())).Seconds()),
		Outcome:        entry.Outcome,
	}
	if entry.Error != "" {
		params.Error = &entry.Error
	}
	if entry.Detail != nil {
		detail, err := json.Marshal(entry.Detail)
		if err != nil {
			return nil, fmt.Errorf("record audit %s for %s: encode detail: %w", entry.Action, entry.Policy, err)
		}
		params.Detail = detail
	}
	return params, nil
}

// AuditActions are the actions audit entries are written with, in the
// order the API and the dashboard list them (ActionSweepPartition and
// ActionRun are never audited).
var AuditActions = []AuditAction{
	ActionExpireBatch, ActionExpireSetAside, ActionWatchdog, ActionSweep,
	ActionDeleteEntity, ActionPurgeBlobs, ActionVerifyEntity, ActionOrphanSweep, ActionTombstoneGC,
	ActionPausePolicy, ActionResumePolicy, ActionRunNow, ActionClearTombstone, ActionRequestDelete, ActionRiverUI,
	ActionOverridePolicy, ActionResetOverrides, ActionRemoveGuards, ActionPlaceHold, ActionReleaseHold, ActionRetryFailed, ActionDiscardFailed,
	ActionUndeleteEntity, ActionPurgeRestorations, ActionReplayLedger,
}

// AuditOutcomes are the outcomes an audit entry can have.
var AuditOutcomes = []string{OutcomeOK, OutcomeError, OutcomePartial, OutcomeSkipped, OutcomeInterrupted}

// AuditFilter selects audit entries; every zero field matches everything.
type AuditFilter struct {
	Policy  string
	Action  AuditAction
	Outcome string
	// Entity and Key match the entity and key an entry's detail names (a
	// request_delete entry's detail.keys holding Key matches too).
	Entity, Key string
	// Since and Until bound finished_at: at or after Since, before Until.
	Since, Until time.Time
	// Before, when not zero, is the ID of an entry: only entries older
	// than it (in the listing's order, newest first) match. Pass the last
	// ID of a page to get the next page; an ID no entry has matches
	// nothing.
	Before int64
}

// SearchAudit returns up to limit entries matching f, newest first (by
// finished_at, then ID). It reads them through the finished_at indexes:
// a page costs about limit index entries plus those the filters skip.
func SearchAudit(ctx context.Context, exec Executor, f AuditFilter, limit int) ([]AuditEntry, error) {
	params := &dbsqlc.AuditSearchParams{Max: limit32(limit)}
	if f.Policy != "" {
		params.Policy = &f.Policy
	}
	if f.Action != "" {
		action := string(f.Action)
		params.Action = &action
	}
	if f.Outcome != "" {
		params.Outcome = &f.Outcome
	}
	if f.Entity != "" {
		params.Entity = &f.Entity
	}
	if f.Key != "" {
		params.Key = &f.Key
	}
	if !f.Since.IsZero() {
		params.Since = &f.Since
	}
	if !f.Until.IsZero() {
		params.Until = &f.Until
	}
	if f.Before != 0 {
		params.Before = &f.Before
	}
	rows, err := dbsqlc.New().AuditSearch(ctx, exec, params)
	if err != nil {
		return nil, fmt.Errorf("list audit: %w", err)
	}
	var out []AuditEntry
	for _, r := range rows {
		e := AuditEntry{
			ID:           r.ID,
			Policy:       r.Policy,
			Action:       AuditAction(r.Action),
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

// ListAudit returns the newest entries, of one policy when policy is set.
func ListAudit(ctx context.Context, exec Executor, policy string, limit int) ([]AuditEntry, error) {
	return SearchAudit(ctx, exec, AuditFilter{Policy: policy}, limit)
}
