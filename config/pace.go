package config

import (
	"cmp"
	"time"
)

// Pace is a policy's pacing under foreground load (the pacing: block of an
// expire or sweep policy). While other sessions use the database, the
// policy's batch size and pause follow an AIMD controller (package
// internal/pace) that keeps the foreground's statements' p99, and the
// latency of a durable commit, within TargetP99 while batches run; on an
// otherwise idle database the policy runs at its own speed.
type Pace struct {
	// TargetP99 is the p99 the foreground's statements (as the server
	// times them) and a durable commit may reach while batches run
	// (20ms): above it the batch halves and the pause doubles, within it
	// they recover step by step.
	TargetP99 Duration `yaml:"target_p99"`
	// MaxSlowdown keeps the probe's latency while a batch runs within
	// this multiple of its latency between batches; 0 means 1.25. A high
	// value (up to 100) leaves TargetP99 alone to decide.
	MaxSlowdown float64 `yaml:"max_slowdown"`
	// MinBatchSize is the smallest batch under load; 0 means min(100, the
	// policy's largest batch).
	MinBatchSize int `yaml:"min_batch_size"`
	// MaxPause is the longest pause between batches under load; 0 means
	// 1s, or the policy's own pause when longer.
	MaxPause Duration `yaml:"max_pause"`

	// On is set when the policy paces: it has a pacing: block, or (sweep)
	// yield_to_foreground.
	On bool `yaml:"-"`
}

// DefaultPaceTarget is pacing.target_p99 when not set.
const DefaultPaceTarget = 20 * time.Millisecond

// MinBatch is the smallest batch under load of a policy whose batches are
// at most maxBatch rows.
func (p Pace) MinBatch(maxBatch int) int {
	return min(cmp.Or(p.MinBatchSize, 100), maxBatch)
}

// LongestPause is the longest pause under load of a policy whose own
// pause is pause.
func (p Pace) LongestPause(pause Duration) Duration {
	return max(cmp.Or(p.MaxPause, Duration(time.Second)), pause)
}

// DefaultMaxSlowdown is pacing.max_slowdown when not set.
const DefaultMaxSlowdown = 1.25

func (p *Pace) setDefaults(given bool) {
	p.On = given
	p.TargetP99 = cmp.Or(p.TargetP99, Duration(DefaultPaceTarget))
	p.MaxSlowdown = cmp.Or(p.MaxSlowdown, DefaultMaxSlowdown)
}

// validate checks the fields set, for a policy whose batches are at most
// maxBatch rows and whose own pause is pause.
func (p *Pace) validate(v *policyCheck, maxBatch int, pause Duration) {
	v.positiveDuration("pacing.target_p99", p.TargetP99)
	if !(p.MaxSlowdown >= 1 && p.MaxSlowdown <= 100) {
		v.add("pacing.max_slowdown", "%g must be from 1 to 100 (a multiple of the latency between batches)", p.MaxSlowdown)
	}
	if p.MinBatchSize != 0 {
		v.positive("pacing.min_batch_size", p.MinBatchSize)
		if p.MinBatchSize > maxBatch {
			v.add("pacing.min_batch_size", "%d must be at most the largest batch %d", p.MinBatchSize, maxBatch)
		}
	}
	if p.MaxPause != 0 {
		v.positiveDuration("pacing.max_pause", p.MaxPause)
		if p.MaxPause > 0 && p.MaxPause < pause {
			v.add("pacing.max_pause", "%s must be at least pause %s", p.MaxPause.D(), pause.D())
		}
	}
}
