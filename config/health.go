package config

import "cmp"

// Health tunes the health state the dashboard, GET /api/v1/overview and
// lethe_policy_health give each policy (see docs/dashboard.md, "Health").
// Both thresholds count the policy's schedule intervals, so an hourly
// policy and one every minute are judged alike.
//
//	health:
//	  behind_intervals: 3
//	  stalled_intervals: 3
type Health struct {
	// BehindIntervals (3): a policy is behind once its oldest expired row
	// or key has waited longer than this many schedule intervals.
	BehindIntervals int `yaml:"behind_intervals"`
	// StalledIntervals (3): a policy is stalled when rows have been
	// expired for this many intervals and nothing was deleted for as long.
	StalledIntervals int `yaml:"stalled_intervals"`
}

// DefaultHealthIntervals is both thresholds' default.
const DefaultHealthIntervals = 3

// Behind is BehindIntervals, or its default when unset.
func (h Health) Behind() int { return cmp.Or(h.BehindIntervals, DefaultHealthIntervals) }

// Stalled is StalledIntervals, or its default when unset.
func (h Health) Stalled() int { return cmp.Or(h.StalledIntervals, DefaultHealthIntervals) }

func (h Health) validate(errs *problems) {
	if h.BehindIntervals < 0 {
		errs.add("health.behind_intervals", "must be at least 1, got %d", h.BehindIntervals)
	}
	if h.StalledIntervals < 0 {
		errs.add("health.stalled_intervals", "must be at least 1, got %d", h.StalledIntervals)
	}
}
