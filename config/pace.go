package config

import (
	"cmp"
	"time"
)

// Pace is a policy's pacing under foreground load (the pace: block of an
// expire or sweep policy). While other sessions use the database, the
// policy's batch size and pause follow an AIMD controller (package
// internal/pace) that keeps the latency of a durable commit, measured right
// after each batch, within TargetP99; on an otherwise idle database the
// policy runs at its own speed.
type Pace struct {
	// TargetP99 is the commit latency the foreground may see right after
	// a batch (20ms): above it the batch halves and the pause doubles,
	// within it they recover step by step.
	TargetP99 Duration `yaml:"target_p99"`
	// MinBatchSize is the smallest batch under load (min(100, the
	// policy's batch size)).
	MinBatchSize int `yaml:"min_batch_size"`
	// MaxPause is the longest pause between batches under load (1s, or
	// the policy's pause when longer).
	MaxPause Duration `yaml:"max_pause"`

	// On is set when the policy paces: it has a pace: block, or (sweep)
	// yield_to_foreground.
	On bool `yaml:"-"`
}

// DefaultPaceTarget is pace.target_p99 when not set.
const DefaultPaceTarget = 20 * time.Millisecond

func (p *Pace) setDefaults(given bool, batchSize int, pause Duration) {
	p.On = given
	p.TargetP99 = cmp.Or(p.TargetP99, Duration(DefaultPaceTarget))
	p.MinBatchSize = cmp.Or(p.MinBatchSize, min(100, batchSize))
	p.MaxPause = cmp.Or(p.MaxPause, max(Duration(time.Second), pause))
}

// validate checks the block of a policy whose batches are at most
// maxBatch rows and whose own pause is minPause.
func (p *Pace) validate(v *policyCheck, maxBatch int, minPause Duration) {
	v.positiveDuration("pace.target_p99", p.TargetP99)
	v.positive("pace.min_batch_size", p.MinBatchSize)
	if p.MinBatchSize > maxBatch {
		v.add("pace.min_batch_size", "%d must be at most the largest batch %d", p.MinBatchSize, maxBatch)
	}
	v.positiveDuration("pace.max_pause", p.MaxPause)
	if p.MaxPause < minPause {
		v.add("pace.max_pause", "%s must be at least pause %s", p.MaxPause.D(), minPause.D())
	}
}
