package db

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// RunOutcome is what one periodic run of a policy came to. The values are
// stored in lethe_policy_state.recent_runs and served by the API: never
// change them.
type RunOutcome string

// Run outcomes, in the order a run that met several is named by: an error
// first, then what held it back, then what it did.
const (
	// RunError is a run that failed; PolicyRun.Reason is its error.
	RunError RunOutcome = "error"
	// RunLock is a run that gave way to a lock on the policy's table
	// (lock_timeout); PolicyRun.Reason names the holder. The next run
	// tries again.
	RunLock RunOutcome = "lock"
	// RunReplicaLag is a run that waited for a standby lagging beyond
	// database.max_replica_lag.
	RunReplicaLag RunOutcome = "replica_lag"
	// RunPaced is a run that the pacing controller slowed down to give way
	// to the foreground's load.
	RunPaced RunOutcome = "paced"
	// RunDeleted is a run that deleted (a planner: claimed for deletion)
	// PolicyRun.Rows rows.
	RunDeleted RunOutcome = "deleted"
	// RunNothingDue is a run that found nothing to delete.
	RunNothingDue RunOutcome = "nothing_due"
)

// Throttled reports whether o is a run held back by a lock, a lagging
// standby or the foreground's load.
func (o RunOutcome) Throttled() bool {
	return o == RunLock || o == RunReplicaLag || o == RunPaced
}

// RecentRunsKept is how many outcomes lethe_policy_state keeps per policy.
const RecentRunsKept = 10

// PolicyRun is one periodic run of a policy.
type PolicyRun struct {
	// At is when the run finished (set by the database when recorded).
	At time.Time `json:"at"`
	// Kind is the River job kind that ran (lethe.sweep, lethe.expire_plan…).
	Kind    string     `json:"kind"`
	Outcome RunOutcome `json:"outcome"`
	// Rows is what the run deleted, or claimed for deletion (a planner),
	// also when it was throttled or failed part way.
	Rows int64 `json:"rows"`
	// Reason is the error, the lock's holder or the lag, when any.
	Reason string `json:"reason,omitempty"`
}

// PolicyRuns are a policy's last runs (newest first, at most
// RecentRunsKept) and when one last deleted something.
type PolicyRuns struct {
	Recent        []PolicyRun `json:"recent"`
	LastDeletedAt *time.Time  `json:"last_deleted_at"`
}

// recordRunSQL notes a run: last_run_at, the last error (a NULL error
// leaves the previous one visible until the next failure), the run's
// outcome in front of recent_runs (cut to $5 entries) and, when it deleted
// rows, last_deleted_at.
const recordRunSQL = `
	INSERT INTO lethe_policy_state AS s (policy, last_run_at, last_error, last_error_at, recent_runs, last_deleted_at)
	VALUES ($1, now(), $2::text, CASE WHEN $2::text IS NULL THEN NULL ELSE now() END,
		jsonb_build_array($3::jsonb || jsonb_build_object('at', now())),
		CASE WHEN $4::bigint > 0 THEN now() END)
	ON CONFLICT (policy) DO UPDATE SET
		last_run_at = now(),
		last_error = coalesce(EXCLUDED.last_error, s.last_error),
		last_error_at = coalesce(EXCLUDED.last_error_at, s.last_error_at),
		recent_runs = (SELECT coalesce(jsonb_agg(e ORDER BY n), '[]'::jsonb)
			FROM jsonb_array_elements(EXCLUDED.recent_runs || s.recent_runs) WITH ORDINALITY AS r(e, n)
			WHERE n <= $5),
		last_deleted_at = coalesce(EXCLUDED.last_deleted_at, s.last_deleted_at),
		updated_at = now()`

// RecordRun notes that a periodic job of policy ran and what it came to
// (run.At is the database's now). runErr, when set, also becomes the
// policy's last error.
func RecordRun(ctx context.Context, exec Executor, policy string, run PolicyRun, runErr error) error {
	var errText *string
	if runErr != nil {
		s := runErr.Error()
		errText = &s
	}
	run.At = time.Time{}
	entry, err := json.Marshal(struct {
		Kind    string     `json:"kind"`
		Outcome RunOutcome `json:"outcome"`
		Rows    int64      `json:"rows"`
		Reason  string     `json:"reason,omitempty"`
	}{run.Kind, run.Outcome, run.Rows, cutReason(run.Reason)})
	if err != nil {
		return fmt.Errorf("record run of policy %s: encode outcome: %w", policy, err)
	}
	if _, err := exec.Exec(ctx, recordRunSQL, policy, errText, entry, run.Rows, RecentRunsKept); err != nil {
		return fmt.Errorf("record run of policy %s: %w", policy, err)
	}
	return nil
}

// cutReason bounds a stored reason: recent_runs is read on every overview.
func cutReason(s string) string {
	const limit = 500
	if len(s) <= limit {
		return s
	}
	cut := limit
	for cut > 0 && s[cut]&0xC0 == 0x80 { // not inside a UTF-8 sequence
		cut--
	}
	return s[:cut] + "…"
}

// ListPolicyRuns returns the recent runs of every policy that has run.
func ListPolicyRuns(ctx context.Context, exec Executor) (map[string]PolicyRuns, error) {
	rows, err := exec.Query(ctx, `SELECT policy, recent_runs, last_deleted_at FROM lethe_policy_state`)
	if err != nil {
		return nil, fmt.Errorf("list policy runs: %w", err)
	}
	out := map[string]PolicyRuns{}
	var (
		policy  string
		recent  []byte
		deleted *time.Time
	)
	_, err = pgx.ForEachRow(rows, []any{&policy, &recent, &deleted}, func() error {
		var r PolicyRuns
		if err := json.Unmarshal(recent, &r.Recent); err != nil {
			return fmt.Errorf("decode runs of policy %s: %w", policy, err)
		}
		r.LastDeletedAt = deleted
		out[policy] = r
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("list policy runs: %w", err)
	}
	return out, nil
}
