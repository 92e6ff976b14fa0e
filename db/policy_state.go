package db

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/lethehq/lethe/db/internal/dbsqlc"
)

// PolicyState is the runtime state operators control and the dashboard shows.
type PolicyState struct {
	Policy      string     `json:"policy"`
	Paused      bool       `json:"paused"`
	LastRunAt   *time.Time `json:"last_run_at"`
	LastError   string     `json:"last_error,omitempty"`
	LastErrorAt *time.Time `json:"last_error_at,omitempty"`
}

// GetPolicyState returns the state of policy; a policy never touched is
// unpaused and has never run.
func GetPolicyState(ctx context.Context, exec Executor, policy string) (PolicyState, error) {
	row, err := dbsqlc.New().PolicyStateGet(ctx, exec, policy)
	if errors.Is(err, pgx.ErrNoRows) {
		return PolicyState{Policy: policy}, nil
	}
	if err != nil {
		return PolicyState{Policy: policy}, fmt.Errorf("read state of policy %s: %w", policy, err)
	}
	return PolicyState{
		Policy: policy, Paused: row.Paused, LastRunAt: row.LastRunAt,
		LastError: row.LastError, LastErrorAt: row.LastErrorAt,
	}, nil
}

// SetPolicyPaused pauses or resumes policy. Its periodic jobs keep being
// scheduled but do nothing while it is paused.
func SetPolicyPaused(ctx context.Context, exec Executor, policy string, paused bool) error {
	if err := dbsqlc.New().PolicyStateSetPaused(ctx, exec, &dbsqlc.PolicyStateSetPausedParams{Policy: policy, Paused: paused}); err != nil {
		return fmt.Errorf("set paused=%t on policy %s: %w", paused, policy, err)
	}
	return nil
}

// RecordPolicyRun notes that a periodic job of policy ran, with runErr when it
// failed (nil clears nothing: the last error stays visible until the next one).
// Its outcome is error or nothing due; the workers call RecordRun, which
// says what the run did.
func RecordPolicyRun(ctx context.Context, exec Executor, policy string, runErr error) error {
	run := PolicyRun{Outcome: RunNothingDue}
	if runErr != nil {
		run = PolicyRun{Outcome: RunError, Reason: runErr.Error()}
	}
	return RecordRun(ctx, exec, policy, run, runErr)
}

// ListPolicyStates returns the state of every policy that has one.
func ListPolicyStates(ctx context.Context, exec Executor) (map[string]PolicyState, error) {
	rows, err := dbsqlc.New().PolicyStateList(ctx, exec)
	if err != nil {
		return nil, fmt.Errorf("list policy states: %w", err)
	}
	out := make(map[string]PolicyState, len(rows))
	for _, r := range rows {
		out[r.Policy] = PolicyState{
			Policy: r.Policy, Paused: r.Paused, LastRunAt: r.LastRunAt,
			LastError: r.LastError, LastErrorAt: r.LastErrorAt,
		}
	}
	return out, nil
}
