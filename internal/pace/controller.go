// Package pace decides how fast Lethe deletes while other applications use
// the database, and holds deletion back while a streaming standby lags.
//
// A Controller is the pure part: an AIMD loop (additive increase,
// multiplicative decrease) over a batch size and a pause, fed with what
// Lethe can measure of the foreground after each batch (Signal). A Pacer
// takes those measurements for one policy's loop (the sweep's batches, the
// expire planner's claims, the expire batches' blob deletes and delete
// transactions) and a ReplicaGate pauses every deletion while a standby
// replays too far behind.
//
// While the foreground is busy, a sampler measures it, in turn: a trivial
// query and a tiny durable commit of its own (probes), and the foreground's
// sessions as pg_stat_activity shows them, which time its statements on
// the server (statementClock). It compares the probes taken while a batch
// runs with those taken between batches (the slowdown), and holds the
// slowest commit probe and the 99th percentile of the foreground's
// statements while batches run against the target; where it sees none of
// the statements (a role without pg_read_all_stats), the probe alone
// counts. A foreground session blocked on a lock a Lethe session holds
// counts as over the target too. While paced, a policy's batches run one
// at a time.
package pace

import (
	"slices"
	"sync"
	"time"
)

// Limits bound what a Controller chooses.
type Limits struct {
	// Target is the foreground's p99 the controller keeps within: of its
	// statements as the server times them, and of the commit probe.
	Target time.Duration
	// MaxSlowdown, when above 0, also keeps the probe during a batch
	// within this multiple of its latency between batches (the baseline).
	MaxSlowdown float64
	// MinBatch and MaxBatch bound the batch size; MinPause and MaxPause
	// the pause between batches.
	MinBatch, MaxBatch int
	MinPause, MaxPause time.Duration
}

// Signal is what was measured of the foreground after a batch.
type Signal struct {
	// Busy is the other sessions that ran a statement within the last
	// second; with none, there is no foreground to protect.
	Busy int
	// Blocked is the foreground sessions waiting on a lock Lethe holds.
	Blocked int
	// Probe is the slowest commit probe the sampler took while the batch
	// ran, or, when it took none, one taken right after the batch; 0 when
	// not measured.
	Probe time.Duration
	// Slowdown is how many times slower than between batches the
	// slowest probe taken while the batch ran was (against the 95th
	// percentile of the probes between batches); 0 when not measured.
	Slowdown float64
	// Statements is the 99th percentile of the server's time for the
	// foreground's own statements that ended while batches ran, over
	// the last few hundred; Quiet is the same between batches. 0 when
	// none were seen (no foreground statement, or a role that may not
	// see other roles' sessions).
	Statements, Quiet time.Duration
}

// quietSlack is how far above its p99 between batches the foreground's
// p99 while batches run may be when it is over the target: pacing gives
// way to the harm Lethe adds, not to a tail the foreground has without
// it (its slow reports, its own locks).
const quietSlack = 1.1

// latency is what the target was held against: the foreground's p99 while
// batches ran or the slowest commit probe, whichever was slower.
func (s Signal) latency() time.Duration {
	return max(s.Statements, s.Probe)
}

// over reports whether s shows the foreground hurt beyond lim: a session
// blocked on Lethe, a commit probe over the target (a trivial commit; the
// foreground's are no faster), the foreground's own statements over it by
// more than they are without Lethe, or a probe slowed beyond MaxSlowdown.
func (s Signal) over(lim Limits) bool {
	if s.Blocked > 0 || s.Probe > lim.Target {
		return true
	}
	if s.Statements > lim.Target && float64(s.Statements) > quietSlack*float64(s.Quiet) {
		return true
	}
	return lim.MaxSlowdown > 0 && s.Slowdown > lim.MaxSlowdown
}

// Step is what the next batch does.
type Step struct {
	// Paced is false on an otherwise idle database: the policy then runs
	// at its own speed, and Batch and Pause are where the controller will
	// resume once the foreground comes back.
	Paced bool
	Batch int
	Pause time.Duration
	// Over is whether the last signal was above the target.
	Over bool
	// Unreachable is set while the target is out of reach (see
	// Controller); Reached is set on the step that ends an episode of it.
	// NewlyUnreachable is set on the one step that starts an episode, so
	// a warning about it is given once, whichever of a policy's batches
	// running side by side takes that step.
	Unreachable, NewlyUnreachable, Reached bool
}

// unreachableWindow is how many signals in a row the controller judges
// the target's reach on: long enough that a moment of contention is not
// an episode, short enough that an operator hears of one within a minute
// at the longest pause.
const unreachableWindow = 20

// Reach is whether the controller can keep the foreground within its
// target (see Controller).
type Reach struct {
	// Unreachable is set from the end of a window of signals in which the
	// controller ran mostly at its floor and most batches were still over
	// the target, to the end of a window in which most were within it.
	Unreachable bool
	// Achieved is the median, over the window that decided, of what
	// the target was held against after each batch (Signal.latency):
	// the foreground's p99 or its slowest commit probe, at the floor.
	Achieved time.Duration
	// Batch and Pause are the floor: Limits.MinBatch and Limits.MaxPause.
	Batch int
	Pause time.Duration
}

// Controller is an AIMD loop over a batch size and a pause. While the
// signal is within the target the batch grows by a fixed step and the
// pause halves; above it the batch halves and the pause doubles. The pause
// recovers as fast as it backs off: a pause at its ceiling after a
// moment of contention would otherwise hold the rate down for dozens of
// batches.
// Until the first signal above the target (slow start), the batch doubles
// instead of growing by a step, so a controller that starts small reaches
// the foreground's capacity within a few batches rather than dozens.
//
// The floor is the smallest batch and the longest pause the limits
// allow. When, over unreachableWindow signals in a row, the controller
// ran at the floor or one back-off from it for most batches and most were
// still over the target, the target is not reachable on this server with
// these limits: the controller says so (Reach) until a window in which
// most batches are within it. It goes on pacing at the floor meanwhile.
//
// It keeps no clock: every change comes from Observe. It is safe for
// concurrent use: a policy's batches running side by side share one.
type Controller struct {
	mu    sync.Mutex
	lim   Limits
	batch int
	pause time.Duration
	slow  bool // slow start: no signal above the target yet

	// The window of signals the target's reach is judged on.
	seen, floor, over int
	probes            []time.Duration
	reach             Reach
}

// NewController returns a controller that starts at batch and pause
// (clamped to lim) the first time the foreground is busy.
func NewController(lim Limits, batch int, pause time.Duration) *Controller {
	c := &Controller{batch: batch, pause: pause, slow: true}
	c.SetLimits(lim)
	return c
}

// SetLimits changes the limits (a policy changed at run time) and clamps
// the current step into them.
func (c *Controller) SetLimits(lim Limits) {
	c.mu.Lock()
	defer c.mu.Unlock()
	lim.MinBatch = max(lim.MinBatch, 1)
	lim.MaxBatch = max(lim.MaxBatch, lim.MinBatch)
	lim.MinPause = max(lim.MinPause, 0)
	lim.MaxPause = max(lim.MaxPause, lim.MinPause)
	c.lim = lim
	c.batch = min(max(c.batch, lim.MinBatch), lim.MaxBatch)
	c.pause = min(max(c.pause, lim.MinPause), lim.MaxPause)
}

// Limits returns the controller's limits.
func (c *Controller) Limits() Limits {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.lim
}

// Current returns the step the controller is at, as if the foreground
// were busy.
func (c *Controller) Current() Step {
	c.mu.Lock()
	defer c.mu.Unlock()
	return Step{Paced: true, Batch: c.batch, Pause: c.pause}
}

// batchStep is the additive increase of the batch: a sixty-fourth of the
// range, at least MinBatch, so a controller halved to the floor climbs
// back within a few dozen batches.
func (c *Controller) batchStep() int {
	return max(c.lim.MinBatch, (c.lim.MaxBatch-c.lim.MinBatch)/64, 1)
}

// pauseStep is the pause a doubling from zero starts at: a sixty-fourth
// of MaxPause, at least 1ms.
func (c *Controller) pauseStep() time.Duration {
	return max(c.lim.MaxPause/64, time.Millisecond)
}

// Observe takes the signal measured after a batch and returns the step for
// the pause that follows and the next batch.
func (c *Controller) Observe(s Signal) Step {
	c.mu.Lock()
	defer c.mu.Unlock()
	if s.Busy == 0 && s.Blocked == 0 {
		step := Step{Batch: c.batch, Pause: c.pause}
		c.judgeReach(&step, false, false, 0)
		return step
	}
	over := s.over(c.lim)
	// One back-off from the floor counts as at it: there, a batch within
	// the target moves the controller off the floor, and the next one
	// over brings it back.
	atFloor := c.batch/2 <= c.lim.MinBatch && 2*c.pause >= c.lim.MaxPause
	switch {
	case over:
		c.slow = false
		c.batch = max(c.lim.MinBatch, c.batch/2)
		c.pause = min(c.lim.MaxPause, max(2*c.pause, c.pauseStep()))
	case c.slow:
		c.batch = min(c.lim.MaxBatch, 2*c.batch)
		c.pause = max(c.lim.MinPause, c.pause/2)
	default:
		c.batch = min(c.lim.MaxBatch, c.batch+c.batchStep())
		c.pause = max(c.lim.MinPause, c.pause/2)
	}
	step := Step{Paced: true, Batch: c.batch, Pause: c.pause, Over: over}
	c.judgeReach(&step, atFloor, over, s.latency())
	return step
}

// judgeReach adds a signal to the window the target's reach is judged on
// and, at the window's end, decides it; it marks step with the outcome.
func (c *Controller) judgeReach(step *Step, atFloor, over bool, probe time.Duration) {
	c.seen++
	if atFloor {
		c.floor++
	}
	if over {
		c.over++
	}
	if probe > 0 {
		c.probes = append(c.probes, probe)
	}
	if c.seen >= unreachableWindow {
		was := c.reach.Unreachable
		unreachable := 2*c.floor > c.seen && 2*c.over > c.seen
		if !was {
			c.reach.Unreachable = unreachable
		} else {
			c.reach.Unreachable = 2*c.over > c.seen
		}
		if c.reach.Unreachable && len(c.probes) > 0 {
			slices.Sort(c.probes)
			c.reach.Achieved = c.probes[len(c.probes)/2]
		}
		c.reach.Batch, c.reach.Pause = c.lim.MinBatch, c.lim.MaxPause
		step.NewlyUnreachable = !was && c.reach.Unreachable
		step.Reached = was && !c.reach.Unreachable
		c.seen, c.floor, c.over, c.probes = 0, 0, 0, c.probes[:0]
	}
	step.Unreachable = c.reach.Unreachable
}

// Reach returns whether the controller can keep its target, as judged at
// the end of its last window of signals.
func (c *Controller) Reach() Reach {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.reach
}
