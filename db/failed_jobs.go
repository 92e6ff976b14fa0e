package db

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river/rivertype"

	"github.com/lethehq/lethe/internal/quote"
)

// PolicyJobs names the River jobs of one policy: those whose args carry
// "policy": Policy (expire, sweep, orphan sweep and tombstone GC jobs) and,
// for a tombstone policy, the delete_entity and purge_blobs jobs whose args
// carry "entity": Entity.
type PolicyJobs struct {
	Policy string
	// Entity is a tombstone policy's entity; "" for other policies.
	Entity string
}

// entityJobKinds are the kinds whose args name an entity instead of a
// policy (jobs.KindDeleteEntity, jobs.KindPurgeBlobs; db does not import
// jobs).
var entityJobKinds = []string{"lethe.delete_entity", "lethe.purge_blobs"}

// where is the predicate on river_job selecting pj's jobs, its policy and
// entity in $1 and $2 and the entity kinds in $3; both halves use River's
// GIN index on args.
func (pj PolicyJobs) where() (string, []any) {
	return `(args @> jsonb_build_object('policy', $1::text)
		OR ($2::text <> '' AND kind = ANY ($3::text[]) AND args @> jsonb_build_object('entity', $2::text)))`,
		[]any{pj.Policy, pj.Entity, entityJobKinds}
}

// FailedJobCounts are a policy's failed River jobs: Retryable failed and
// wait for another attempt, Discarded used up their attempts (or were
// discarded by their worker) and will not run again unless retried.
type FailedJobCounts struct {
	Retryable int64 `json:"retryable"`
	Discarded int64 `json:"discarded"`
	// Capped means a count reached its limit and is a lower bound.
	Capped bool `json:"capped,omitempty"`
}

// FailedStates are the River states of failed jobs.
var FailedStates = []rivertype.JobState{rivertype.JobStateRetryable, rivertype.JobStateDiscarded}

// CountFailedJobs counts pj's jobs in riverSchema (river.schema) that are
// retryable or discarded, each count stopping at limit so that a policy
// with many failures costs a bounded scan.
func CountFailedJobs(ctx context.Context, exec Executor, riverSchema string, pj PolicyJobs, limit int) (FailedJobCounts, error) {
	where, args := pj.where()
	rows, err := exec.Query(ctx, `
		SELECT s.state::text, (
			SELECT count(*) FROM (
				SELECT 1 FROM `+pgx.Identifier{riverSchema, "river_job"}.Sanitize()+`
				WHERE state = s.state AND `+where+`
				LIMIT $4
			) AS j
		)
		FROM unnest($5::`+pgx.Identifier{riverSchema, "river_job_state"}.Sanitize()+`[]) AS s(state)`,
		append(args, limit, stateStrings(FailedStates))...)
	if err != nil {
		return FailedJobCounts{}, fmt.Errorf("count failed jobs of policy %s: %w", pj.Policy, err)
	}
	var c FailedJobCounts
	var state string
	var n int64
	_, err = pgx.ForEachRow(rows, []any{&state, &n}, func() error {
		switch rivertype.JobState(state) {
		case rivertype.JobStateRetryable:
			c.Retryable = n
		case rivertype.JobStateDiscarded:
			c.Discarded = n
		}
		c.Capped = c.Capped || n >= int64(limit)
		return nil
	})
	if err != nil {
		return FailedJobCounts{}, fmt.Errorf("count failed jobs of policy %s: %w", pj.Policy, err)
	}
	return c, nil
}

// FailedJob is one failed River job with its newest error.
type FailedJob struct {
	ID          int64  `json:"id"`
	Kind        string `json:"kind"`
	State       string `json:"state"`
	Attempt     int    `json:"attempt"`
	MaxAttempts int    `json:"max_attempts"`
	// Error is the newest attempt's error, cut to MaxFailedErrorBytes;
	// ErrorAt is when that attempt failed. Both are empty when River
	// recorded no error (a job discarded without one).
	Error   string     `json:"error"`
	ErrorAt *time.Time `json:"error_at"`
	// NextAttemptAt is when a retryable job runs again; nil otherwise.
	NextAttemptAt *time.Time `json:"next_attempt_at"`
}

// MaxFailedErrorBytes bounds the error message FailedJobs returns: a
// worker's error may quote whole rows or stack traces.
const MaxFailedErrorBytes = 300

// FailedJobs returns up to limit of pj's retryable and discarded jobs,
// newest failure first, each with its newest error.
func FailedJobs(ctx context.Context, exec Executor, riverSchema string, pj PolicyJobs, limit int) ([]FailedJob, error) {
	where, args := pj.where()
	// errors is River's jsonb[] of attempt errors, oldest first. The
	// message is cut in SQL first so a huge one is not sent whole.
	rows, err := exec.Query(ctx, `
		SELECT id, kind, state::text, attempt, max_attempts,
			coalesce(left(errors[cardinality(errors)]->>'error', $5), ''),
			(errors[cardinality(errors)]->>'at')::timestamptz,
			CASE WHEN state = 'retryable' THEN scheduled_at END
		FROM `+pgx.Identifier{riverSchema, "river_job"}.Sanitize()+`
		WHERE state = ANY ($6::text[]::`+pgx.Identifier{riverSchema, "river_job_state"}.Sanitize()+`[]) AND `+where+`
		ORDER BY coalesce(finalized_at, attempted_at, created_at) DESC, id DESC
		LIMIT $4`,
		append(args, limit, MaxFailedErrorBytes+4, stateStrings(FailedStates))...)
	if err != nil {
		return nil, fmt.Errorf("list failed jobs of policy %s: %w", pj.Policy, err)
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (FailedJob, error) {
		var j FailedJob
		err := row.Scan(&j.ID, &j.Kind, &j.State, &j.Attempt, &j.MaxAttempts, &j.Error, &j.ErrorAt, &j.NextAttemptAt)
		if len(j.Error) > MaxFailedErrorBytes {
			j.Error = quote.Cut(j.Error, MaxFailedErrorBytes-len("…")) + "…"
		}
		return j, err
	})
	if err != nil {
		return nil, fmt.Errorf("list failed jobs of policy %s: %w", pj.Policy, err)
	}
	return out, nil
}

// FailedJobIDs returns the IDs of up to limit of pj's jobs in states,
// oldest first.
func FailedJobIDs(ctx context.Context, exec Executor, riverSchema string, pj PolicyJobs, states []rivertype.JobState, limit int) ([]int64, error) {
	return failedJobIDs(ctx, exec, riverSchema, pj, states, limit, "")
}

// LockFailedJobIDs is FailedJobIDs locking the jobs' rows in tx until it
// ends, so that retrying or cancelling them in tx acts on exactly the jobs
// counted: no worker moves them on meanwhile.
func LockFailedJobIDs(ctx context.Context, tx pgx.Tx, riverSchema string, pj PolicyJobs, states []rivertype.JobState, limit int) ([]int64, error) {
	return failedJobIDs(ctx, tx, riverSchema, pj, states, limit, "FOR UPDATE")
}

func failedJobIDs(ctx context.Context, exec Executor, riverSchema string, pj PolicyJobs, states []rivertype.JobState, limit int, lock string) ([]int64, error) {
	where, args := pj.where()
	rows, err := exec.Query(ctx, `
		SELECT id FROM `+pgx.Identifier{riverSchema, "river_job"}.Sanitize()+`
		WHERE state = ANY ($5::text[]::`+pgx.Identifier{riverSchema, "river_job_state"}.Sanitize()+`[]) AND `+where+`
		ORDER BY id LIMIT $4 `+lock,
		append(args, limit, stateStrings(states))...)
	if err != nil {
		return nil, fmt.Errorf("list failed job ids of policy %s: %w", pj.Policy, err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return nil, fmt.Errorf("list failed job ids of policy %s: %w", pj.Policy, err)
	}
	return ids, nil
}

func stateStrings(states []rivertype.JobState) []string {
	out := make([]string, len(states))
	for i, s := range states {
		out[i] = string(s)
	}
	return out
}
