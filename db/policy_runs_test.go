package db

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/lethehq/lethe/internal/testenv"
)

// TestPolicyRuns records runs' outcomes: newest first, the last
// RecentRunsKept kept, last_deleted_at moved only by a run that deleted,
// and an error also kept as the policy's last error.
func TestPolicyRuns(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := testenv.MigratedPool(t)

	runs, err := ListPolicyRuns(ctx, pool)
	require.NoError(t, err)
	require.Empty(t, runs)

	require.NoError(t, RecordRun(ctx, pool, "keys", PolicyRun{Kind: "lethe.sweep", Outcome: RunDeleted, Rows: 40}, nil))
	runs, err = ListPolicyRuns(ctx, pool)
	require.NoError(t, err)
	require.NotNil(t, runs["keys"].LastDeletedAt)
	deletedAt := *runs["keys"].LastDeletedAt

	require.NoError(t, RecordRun(ctx, pool, "keys", PolicyRun{Kind: "lethe.sweep", Outcome: RunLock, Reason: "gave way to pid 7"}, nil))
	require.NoError(t, RecordRun(ctx, pool, "keys", PolicyRun{Kind: "lethe.sweep", Outcome: RunError, Reason: strings.Repeat("x", 2000)}, errors.New("boom")))
	runs, err = ListPolicyRuns(ctx, pool)
	require.NoError(t, err)
	got := runs["keys"]
	require.Len(t, got.Recent, 3)
	require.Equal(t, []RunOutcome{RunError, RunLock, RunDeleted}, []RunOutcome{got.Recent[0].Outcome, got.Recent[1].Outcome, got.Recent[2].Outcome})
	require.Equal(t, int64(40), got.Recent[2].Rows)
	require.Equal(t, "lethe.sweep", got.Recent[1].Kind)
	require.Equal(t, "gave way to pid 7", got.Recent[1].Reason)
	require.Less(t, len(got.Recent[0].Reason), 600, "a long error is cut")
	require.False(t, got.Recent[0].At.IsZero())
	require.False(t, got.Recent[0].At.Before(got.Recent[2].At))
	require.True(t, got.LastDeletedAt.Equal(deletedAt), "runs that deleted nothing leave last_deleted_at")
	state, err := GetPolicyState(ctx, pool, "keys")
	require.NoError(t, err)
	require.Equal(t, "boom", state.LastError)

	for range RecentRunsKept + 5 {
		require.NoError(t, RecordPolicyRun(ctx, pool, "keys", nil))
	}
	runs, err = ListPolicyRuns(ctx, pool)
	require.NoError(t, err)
	require.Len(t, runs["keys"].Recent, RecentRunsKept)
	require.Equal(t, RunNothingDue, runs["keys"].Recent[0].Outcome)
}
