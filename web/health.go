package web

import (
	"fmt"
	"time"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
)

// HealthState is a policy's health, one of the HealthStates.
type HealthState string

// Health states, from the most to the least urgent: a policy in several
// is in the first (see policyHealth).
const (
	HealthPaused    HealthState = "paused"
	HealthFailing   HealthState = "failing"
	HealthStalled   HealthState = "stalled"
	HealthBehind    HealthState = "behind"
	HealthThrottled HealthState = "throttled"
	HealthOK        HealthState = "ok"
)

// HealthStates are every health state, in precedence order; each is a
// value of lethe_policy_health's state label.
var HealthStates = []HealthState{HealthPaused, HealthFailing, HealthStalled, HealthBehind, HealthThrottled, HealthOK}

// PolicyHealth is a policy's health as the overview serves it.
type PolicyHealth struct {
	State HealthState `json:"state"`
	// Reason says why, in a sentence; empty when ok.
	Reason string `json:"reason,omitempty"`
	// Since is when the policy entered the state, when known.
	Since *time.Time `json:"since"`
}

// healthInput is what a policy's health is decided from.
type healthInput struct {
	Paused bool
	// Interval is the time between two runs of the policy's schedule (0
	// when unknown: behind and stalled are then not judged).
	Interval time.Duration
	// Backlog is the rows or keys past their expiry (nil: not counted,
	// tombstone policies), OldestExpiredAt the expiry of the oldest.
	Backlog         *int64
	OldestExpiredAt *time.Time
	// CountError is why the backlog could not be counted.
	CountError string
	// Runs are the policy's last runs, newest first; LastDeletedAt is
	// when one last deleted (or claimed) rows.
	Runs          []db.PolicyRun
	LastDeletedAt *time.Time
	// LastRunAt and LastErrorAt stand in for Runs when none are recorded
	// (runs recorded before outcomes were).
	LastRunAt, LastErrorAt *time.Time
	// BehindIntervals and StalledIntervals are health.behind_intervals
	// and health.stalled_intervals.
	BehindIntervals, StalledIntervals int
}

// policyHealth decides a policy's health at now. The first rule that
// holds wins:
//
//  1. paused: an operator paused the policy.
//  2. failing: its last run failed (since the first of the failures in a
//     row), or its rows cannot be counted.
//  3. stalled: rows have been expired for StalledIntervals intervals and
//     nothing was deleted for as long: since the last deletion, or, when
//     none is recorded, since the first recorded run (or ever, when the
//     policy never ran or none of the last RecentRunsKept runs deleted).
//  4. behind: the oldest expired row waited longer than BehindIntervals
//     intervals.
//  5. throttled: its last run gave way to a lock, waited for a lagging
//     standby or was paced by the foreground's load, and expired rows
//     remain (since the first such run in a row).
//  6. ok.
func policyHealth(in healthInput, now time.Time) PolicyHealth {
	if in.Paused {
		return PolicyHealth{State: HealthPaused, Reason: "paused by an operator: its jobs run and do nothing until resumed"}
	}
	if h, ok := failing(in); ok {
		return h
	}
	var latest *db.PolicyRun
	if len(in.Runs) > 0 {
		latest = &in.Runs[0]
	}
	expired := in.Backlog != nil && *in.Backlog > 0 && in.OldestExpiredAt != nil
	if expired && in.Interval > 0 {
		waited := now.Sub(*in.OldestExpiredAt)
		stallAfter := time.Duration(in.StalledIntervals) * in.Interval
		idleSince, idle, judged := idleSince(in, now)
		if judged && waited >= stallAfter && (idleSince == nil || now.Sub(*idleSince) >= stallAfter) {
			since := in.OldestExpiredAt.Add(stallAfter)
			if idleSince != nil {
				if s := idleSince.Add(stallAfter); s.After(since) {
					since = s
				}
			}
			if idle == "" {
				idle = "nothing deleted for " + roundAge(now.Sub(*idleSince))
			}
			reason := fmt.Sprintf("%s expired, the oldest %s ago; %s (%d schedule intervals of %s)",
				rowsText(*in.Backlog), roundAge(waited), idle, in.StalledIntervals, in.Interval)
			if latest != nil && latest.Outcome.Throttled() {
				reason += "; last run: " + latest.Reason
			}
			return PolicyHealth{State: HealthStalled, Reason: reason, Since: &since}
		}
		behindAfter := time.Duration(in.BehindIntervals) * in.Interval
		if waited > behindAfter {
			since := in.OldestExpiredAt.Add(behindAfter)
			reason := fmt.Sprintf("the oldest of %s expired %s ago, more than %d schedule intervals of %s",
				rowsText(*in.Backlog), roundAge(waited), in.BehindIntervals, in.Interval)
			if latest != nil && latest.Outcome.Throttled() {
				reason += "; last run: " + latest.Reason
			}
			return PolicyHealth{State: HealthBehind, Reason: reason, Since: &since}
		}
	}
	remains := in.Backlog == nil || *in.Backlog > 0
	if latest != nil && latest.Outcome.Throttled() && remains {
		since := streakStart(in.Runs, db.RunOutcome.Throttled)
		return PolicyHealth{State: HealthThrottled, Reason: latest.Reason, Since: &since}
	}
	return PolicyHealth{State: HealthOK}
}

// failing is rule 2 of policyHealth.
func failing(in healthInput) (PolicyHealth, bool) {
	if len(in.Runs) > 0 && in.Runs[0].Outcome == db.RunError {
		since := streakStart(in.Runs, func(o db.RunOutcome) bool { return o == db.RunError })
		reason := "last run failed: " + in.Runs[0].Reason
		if n := streakLen(in.Runs, db.RunError); n > 1 {
			reason = fmt.Sprintf("last %d runs failed: %s", n, in.Runs[0].Reason)
		}
		return PolicyHealth{State: HealthFailing, Reason: reason, Since: &since}, true
	}
	if len(in.Runs) == 0 && in.LastErrorAt != nil && in.LastRunAt != nil && !in.LastErrorAt.Before(*in.LastRunAt) {
		return PolicyHealth{State: HealthFailing, Reason: "last run failed", Since: in.LastErrorAt}, true
	}
	if in.CountError != "" {
		return PolicyHealth{State: HealthFailing, Reason: "its rows cannot be counted: " + in.CountError}, true
	}
	return PolicyHealth{}, false
}

// idleSince is since when nothing was deleted, for the stalled rule: the
// last deletion; without one, the first run recorded (nothing deleted in
// any of them); nil, "idle forever", when the policy never ran or every
// run kept deleted nothing. idle describes it when it is not the last
// deletion. judged is false when it cannot be told: the policy ran before
// Lethe recorded outcomes (an upgrade) and has recorded none since.
func idleSince(in healthInput, now time.Time) (at *time.Time, idle string, judged bool) {
	switch {
	case in.LastDeletedAt != nil:
		return in.LastDeletedAt, "", true
	case len(in.Runs) == 0 && in.LastRunAt != nil:
		return nil, "", false
	case len(in.Runs) == 0:
		return nil, "it has never run", true
	case len(in.Runs) < db.RecentRunsKept:
		first := in.Runs[len(in.Runs)-1].At
		if len(in.Runs) == 1 {
			return &first, "nothing deleted in its one run, " + roundAge(now.Sub(first)) + " ago", true
		}
		return &first, fmt.Sprintf("nothing deleted in its %d runs over %s", len(in.Runs), roundAge(now.Sub(first))), true
	default:
		return nil, fmt.Sprintf("nothing deleted in its last %d runs", len(in.Runs)), true
	}
}

// streakStart is when the oldest run of the newest runs in a row whose
// outcome matches finished.
func streakStart(runs []db.PolicyRun, match func(db.RunOutcome) bool) time.Time {
	at := runs[0].At
	for _, r := range runs {
		if !match(r.Outcome) {
			break
		}
		at = r.At
	}
	return at
}

func streakLen(runs []db.PolicyRun, o db.RunOutcome) int {
	n := 0
	for _, r := range runs {
		if r.Outcome != o {
			break
		}
		n++
	}
	return n
}

func rowsText(n int64) string {
	if n == 1 {
		return "1 row"
	}
	if n >= countCap {
		return fmt.Sprintf("%d+ rows", n)
	}
	return fmt.Sprintf("%d rows", n)
}

// roundAge renders d to a precision a person reads: seconds under a
// minute, minutes under an hour, else hours and minutes.
func roundAge(d time.Duration) string {
	if d < time.Hour {
		return d.Round(time.Second).String()
	}
	return d.Round(time.Minute).String()
}

// scheduleInterval is the time between the next two firings of schedule
// after now (0 when it does not parse).
func scheduleInterval(schedule string, now time.Time) time.Duration {
	sched, err := config.ParseSchedule(schedule)
	if err != nil {
		return 0
	}
	next := sched.Next(now)
	return sched.Next(next).Sub(next)
}
