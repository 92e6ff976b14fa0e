package db

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/lethehq/lethe/db/internal/dbsqlc"
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

// RecordRun notes that a periodic job of policy ran and what it came to
// (run.At is the database's now). runErr, when set, also becomes the
// policy's last error.
func RecordRun(ctx context.Context, exec Executor, policy string, run PolicyRun, runErr error) error {
	var errText *string
	if runErr != nil {
		s := runErr.Error()
		errText = &s
	}
	entry, err := json.Marshal(struct {
		Kind    string     `json:"kind"`
		Outcome RunOutcome `json:"outcome"`
		Rows    int64      `json:"rows"`
		Reason  string     `json:"reason,omitempty"`
	}{run.Kind, run.Outcome, run.Rows, cutReason(run.Reason)})
	if err != nil {
		return fmt.Errorf("record run of policy %s: encode outcome: %w", policy, err)
	}
	err = dbsqlc.New().PolicyStateRecordRun(ctx, exec, &dbsqlc.PolicyStateRecordRunParams{
		Policy: policy, Error: errText, Run: entry, Rows: run.Rows, Keep: RecentRunsKept,
	})
	if err != nil {
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
	rows, err := dbsqlc.New().PolicyStateRuns(ctx, exec)
	if err != nil {
		return nil, fmt.Errorf("list policy runs: %w", err)
	}
	out := make(map[string]PolicyRuns, len(rows))
	for _, r := range rows {
		runs := PolicyRuns{LastDeletedAt: r.LastDeletedAt}
		if err := json.Unmarshal(r.RecentRuns, &runs.Recent); err != nil {
			return nil, fmt.Errorf("list policy runs: decode runs of policy %s: %w", r.Policy, err)
		}
		out[r.Policy] = runs
	}
	return out, nil
}
