package db

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
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
	state := PolicyState{Policy: policy}
	err := exec.QueryRow(ctx, `
		SELECT paused, last_run_at, coalesce(last_error, ''), last_error_at
		FROM lethe_policy_state WHERE policy = $1`, policy).
		Scan(&state.Paused, &state.LastRunAt, &state.LastError, &state.LastErrorAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return state, nil
	}
	if err != nil {
		return state, fmt.Errorf("read state of policy %s: %w", policy, err)
	}
	return state, nil
}

// SetPolicyPaused pauses or resumes policy. Its periodic jobs keep being
// scheduled but do nothing while it is paused.
func SetPolicyPaused(ctx context.Context, exec Executor, policy string, paused bool) error {
	_, err := exec.Exec(ctx, `
		INSERT INTO lethe_policy_state (policy, paused) VALUES ($1, $2)
		ON CONFLICT (policy) DO UPDATE SET paused = EXCLUDED.paused, updated_at = now()`, policy, paused)
	if err != nil {
		return fmt.Errorf("set paused=%t on policy %s: %w", paused, policy, err)
	}
	return nil
}

// RecordPolicyRun notes that a periodic job of policy ran, with runErr when it
// failed (nil clears nothing: the last error stays visible until the next one).
func RecordPolicyRun(ctx context.Context, exec Executor, policy string, runErr error) error {
	var errText *string
	if runErr != nil {
		s := runErr.Error()
		errText = &s
	}
	_, err := exec.Exec(ctx, `
		INSERT INTO lethe_policy_state (policy, last_run_at, last_error, last_error_at)
		VALUES ($1, now(), $2, CASE WHEN $2::text IS NULL THEN NULL ELSE now() END)
		ON CONFLICT (policy) DO UPDATE SET
			last_run_at = now(),
			last_error = coalesce(EXCLUDED.last_error, lethe_policy_state.last_error),
			last_error_at = coalesce(EXCLUDED.last_error_at, lethe_policy_state.last_error_at),
			updated_at = now()`, policy, errText)
	if err != nil {
		return fmt.Errorf("record run of policy %s: %w", policy, err)
	}
	return nil
}

// ListPolicyStates returns the state of every policy that has one.
func ListPolicyStates(ctx context.Context, exec Executor) (map[string]PolicyState, error) {
	rows, err := exec.Query(ctx, `
		SELECT policy, paused, last_run_at, coalesce(last_error, ''), last_error_at FROM lethe_policy_state`)
	if err != nil {
		return nil, fmt.Errorf("list policy states: %w", err)
	}
	defer rows.Close()
	out := map[string]PolicyState{}
	for rows.Next() {
		var s PolicyState
		if err := rows.Scan(&s.Policy, &s.Paused, &s.LastRunAt, &s.LastError, &s.LastErrorAt); err != nil {
			return nil, fmt.Errorf("list policy states: %w", err)
		}
		out[s.Policy] = s
	}
	return out, rows.Err()
}
