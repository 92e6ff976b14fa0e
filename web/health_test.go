package web

import (
	"strings"
	"testing"
	"time"

	"github.com/lethehq/lethe/db"
)

// TestHealthStates decides every health state, and the precedence between
// them, from a policy's runs, backlog and pause state: pure, no database.
func TestHealthStates(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	ago := func(d time.Duration) *time.Time { at := now.Add(-d); return &at }
	n := func(v int64) *int64 { return &v }
	run := func(o db.RunOutcome, d time.Duration, reason string) db.PolicyRun {
		return db.PolicyRun{At: now.Add(-d), Kind: "lethe.sweep", Outcome: o, Reason: reason}
	}
	const hour = time.Hour
	// An hourly policy with 3 intervals for behind and stalled.
	base := func() healthInput {
		return healthInput{Interval: hour, BehindIntervals: 3, StalledIntervals: 3, Backlog: n(0)}
	}
	lock := run(db.RunLock, 5*time.Minute, "gave way to pid 42 (psql) holding AccessExclusiveLock")

	tests := []struct {
		name       string
		in         func() healthInput
		state      HealthState
		reason     string // a part of the reason
		since      *time.Time
		sinceUnset bool
	}{
		{name: "OKWithNothingExpired", in: func() healthInput {
			in := base()
			in.Runs = []db.PolicyRun{run(db.RunNothingDue, time.Minute, "")}
			return in
		}, state: HealthOK, sinceUnset: true},
		{name: "OKNeverRun", in: base, state: HealthOK, sinceUnset: true},
		{name: "OKWithAYoungBacklog", in: func() healthInput {
			in := base()
			in.Backlog, in.OldestExpiredAt = n(500), ago(2*hour)
			in.LastDeletedAt = ago(10 * time.Minute)
			return in
		}, state: HealthOK, sinceUnset: true},
		{name: "Paused", in: func() healthInput {
			in := base()
			in.Paused = true
			in.Runs = []db.PolicyRun{run(db.RunError, time.Minute, "boom")}
			return in
		}, state: HealthPaused, reason: "paused by an operator", sinceUnset: true},
		{name: "FailingSinceTheFirstFailureInARow", in: func() healthInput {
			in := base()
			in.Backlog, in.OldestExpiredAt = n(500), ago(10*hour) // stalled too: failing wins
			in.Runs = []db.PolicyRun{
				run(db.RunError, time.Minute, `column "expires_at" does not exist`),
				run(db.RunError, hour, "boom"),
				run(db.RunDeleted, 2*hour, ""),
			}
			return in
		}, state: HealthFailing, reason: `last 2 runs failed: column "expires_at" does not exist`, since: ago(hour)},
		{name: "FailingFromTheLastErrorWithoutRuns", in: func() healthInput {
			in := base()
			in.LastRunAt, in.LastErrorAt = ago(time.Minute), ago(time.Minute)
			return in
		}, state: HealthFailing, reason: "last run failed", since: ago(time.Minute)},
		{name: "NotFailingOnceARunSucceeds", in: func() healthInput {
			in := base()
			in.Runs = []db.PolicyRun{run(db.RunNothingDue, time.Minute, ""), run(db.RunError, hour, "boom")}
			return in
		}, state: HealthOK, sinceUnset: true},
		{name: "FailingWhenRowsCannotBeCounted", in: func() healthInput {
			in := base()
			in.Backlog = nil
			in.CountError = `relation "gone" does not exist`
			return in
		}, state: HealthFailing, reason: "cannot be counted", sinceUnset: true},
		{name: "StalledNothingDeletedInItsRecordedRuns", in: func() healthInput {
			in := base()
			in.Backlog, in.OldestExpiredAt = n(500), ago(5*hour)
			in.Runs = []db.PolicyRun{run(db.RunNothingDue, time.Minute, ""), run(db.RunNothingDue, 4*hour, "")}
			return in
		}, state: HealthStalled, reason: "500 rows expired, the oldest 5h0m0s ago; nothing deleted in its 2 runs over 4h0m0s (3 schedule intervals of 1h0m0s)", since: ago(hour)},
		{name: "StalledNothingDeletedInTheLastTenRuns", in: func() healthInput {
			in := base()
			in.StalledIntervals = 20 // more intervals than the runs kept
			in.Backlog, in.OldestExpiredAt = n(500), ago(30*hour)
			for i := range db.RecentRunsKept {
				in.Runs = append(in.Runs, run(db.RunNothingDue, time.Duration(i)*hour, ""))
			}
			return in
		}, state: HealthStalled, reason: "nothing deleted in its last 10 runs", since: ago(10 * hour)},
		{name: "StalledNeverRan", in: func() healthInput {
			in := base()
			in.Backlog, in.OldestExpiredAt = n(500), ago(5*hour)
			return in
		}, state: HealthStalled, reason: "it has never run", since: ago(2 * hour)},
		{name: "BehindNotStalledSoonAfterRunsAreFirstRecorded", in: func() healthInput {
			in := base()
			in.Backlog, in.OldestExpiredAt = n(500), ago(5*hour)
			in.Runs = []db.PolicyRun{run(db.RunNothingDue, time.Minute, "")}
			return in
		}, state: HealthBehind, since: ago(2 * hour)},
		{name: "BehindNotStalledRightAfterAnUpgrade", in: func() healthInput {
			in := base()
			in.Backlog, in.OldestExpiredAt = n(500), ago(5*hour)
			in.LastRunAt = ago(time.Minute) // ran before outcomes were recorded
			return in
		}, state: HealthBehind, since: ago(2 * hour)},
		{name: "StalledSinceTheLastDeletionThreeIntervalsAgo", in: func() healthInput {
			in := base()
			in.Backlog, in.OldestExpiredAt = n(500), ago(10*hour)
			in.LastDeletedAt = ago(4 * hour)
			in.Runs = []db.PolicyRun{lock}
			return in
		}, state: HealthStalled, reason: "nothing deleted for 4h0m0s (3 schedule intervals of 1h0m0s); last run: gave way to pid 42", since: ago(hour)},
		{name: "BehindWhileDeleting", in: func() healthInput {
			in := base()
			in.Backlog, in.OldestExpiredAt = n(500), ago(4*hour)
			in.LastDeletedAt = ago(time.Minute)
			in.Runs = []db.PolicyRun{run(db.RunDeleted, time.Minute, "")}
			return in
		}, state: HealthBehind, reason: "the oldest of 500 rows expired 4h0m0s ago, more than 3 schedule intervals", since: ago(hour)},
		{name: "BehindAfterConfiguredIntervals", in: func() healthInput {
			in := base()
			in.BehindIntervals = 10
			in.Backlog, in.OldestExpiredAt = n(500), ago(4*hour)
			in.LastDeletedAt = ago(time.Minute)
			return in
		}, state: HealthOK, sinceUnset: true},
		{name: "ThrottledByALockWhileRowsRemain", in: func() healthInput {
			in := base()
			in.Backlog, in.OldestExpiredAt = n(500), ago(hour)
			in.LastDeletedAt = ago(hour)
			in.Runs = []db.PolicyRun{lock, run(db.RunReplicaLag, hour, "waited for a standby"), run(db.RunDeleted, 2*hour, "")}
			return in
		}, state: HealthThrottled, reason: "gave way to pid 42", since: ago(hour)},
		{name: "ThrottledPaced", in: func() healthInput {
			in := base()
			in.Backlog, in.OldestExpiredAt = n(5), ago(time.Minute)
			in.Runs = []db.PolicyRun{run(db.RunPaced, time.Minute, "slowed down to give way to the foreground's load")}
			return in
		}, state: HealthThrottled, reason: "foreground", since: ago(time.Minute)},
		{name: "ThrottledTargetNotReachable", in: func() healthInput {
			in := base()
			in.Backlog, in.OldestExpiredAt = n(5000), ago(time.Minute)
			in.Runs = []db.PolicyRun{
				run(db.RunPaced, time.Minute, "target not reachable: at pacing.min_batch_size 100 and pacing.max_pause 1s most batches still slowed the foreground beyond its limits (slowest commit while a batch ran: 45ms, pacing.target_p99 20ms)"),
				run(db.RunPaced, 2*time.Minute, "slowed down to give way to the foreground's load"),
			}
			return in
		}, state: HealthThrottled, reason: "target not reachable", since: ago(2 * time.Minute)},
		{name: "NotThrottledOnceNothingIsLeft", in: func() healthInput {
			in := base()
			in.Runs = []db.PolicyRun{run(db.RunPaced, time.Minute, "slowed down")}
			return in
		}, state: HealthOK, sinceUnset: true},
		{name: "NoIntervalNoBehind", in: func() healthInput {
			in := base()
			in.Interval = 0
			in.Backlog, in.OldestExpiredAt = n(500), ago(100*hour)
			return in
		}, state: HealthOK, sinceUnset: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := policyHealth(tt.in(), now)
			if h.State != tt.state {
				t.Fatalf("state %s (%s), want %s", h.State, h.Reason, tt.state)
			}
			if !strings.Contains(h.Reason, tt.reason) {
				t.Errorf("reason %q, want it to contain %q", h.Reason, tt.reason)
			}
			if tt.state == HealthOK && h.Reason != "" {
				t.Errorf("ok with reason %q", h.Reason)
			}
			switch {
			case tt.sinceUnset && h.Since != nil:
				t.Errorf("since %v, want none", h.Since)
			case tt.since != nil && (h.Since == nil || !h.Since.Equal(*tt.since)):
				t.Errorf("since %v, want %v", h.Since, *tt.since)
			}
		})
	}
}
