package pace

import (
	"fmt"
	"testing"
	"time"
)

func testLimits() Limits {
	return Limits{Target: 20 * time.Millisecond, MinBatch: 100, MaxBatch: 10_000, MinPause: 10 * time.Millisecond, MaxPause: time.Second}
}

func TestController(t *testing.T) {
	t.Parallel()

	busy := func(probe time.Duration) Signal { return Signal{Busy: 3, Probe: probe} }

	t.Run("IdleDatabaseIsNotPaced", func(t *testing.T) {
		t.Parallel()
		c := NewController(testLimits(), 1000, 100*time.Millisecond)
		step := c.Observe(Signal{})
		if step.Paced || step.Batch != 1000 || step.Pause != 100*time.Millisecond {
			t.Fatalf("idle: %+v; want unpaced, resuming at 1000 rows and 100ms", step)
		}
	})

	t.Run("OverTargetHalvesBatchAndDoublesPause", func(t *testing.T) {
		t.Parallel()
		c := NewController(testLimits(), 1000, 100*time.Millisecond)
		step := c.Observe(busy(50 * time.Millisecond))
		if !step.Paced || !step.Over || step.Batch != 500 || step.Pause != 200*time.Millisecond {
			t.Fatalf("over target: %+v; want 500 rows and 200ms", step)
		}
	})

	t.Run("ForegroundBlockedByLetheIsOverTarget", func(t *testing.T) {
		t.Parallel()
		c := NewController(testLimits(), 1000, 100*time.Millisecond)
		if step := c.Observe(Signal{Blocked: 1, Probe: time.Millisecond}); !step.Over || step.Batch != 500 {
			t.Fatalf("blocked foreground: %+v; want a decrease", step)
		}
	})

	t.Run("SlowStartDoublesUntilOverTarget", func(t *testing.T) {
		t.Parallel()
		c := NewController(testLimits(), 100, 0)
		var sizes []int
		for range 4 {
			sizes = append(sizes, c.Observe(busy(time.Millisecond)).Batch)
		}
		if fmt.Sprint(sizes) != "[200 400 800 1600]" {
			t.Fatalf("slow start: batches %v; want them doubling from 100", sizes)
		}
		if step := c.Observe(busy(time.Second)); step.Batch != 800 {
			t.Fatalf("over target: %+v; want 800 rows", step)
		}
		if step := c.Observe(busy(time.Millisecond)); step.Batch != 954 {
			t.Fatalf("within target after slow start: %+v; want 954 rows (one step of 154)", step)
		}
	})

	t.Run("WithinTargetGrowsBatchAdditivelyAndHalvesPause", func(t *testing.T) {
		t.Parallel()
		c := NewController(testLimits(), 2000, 50*time.Millisecond)
		c.Observe(busy(time.Second)) // ends slow start: 1000 rows, 100ms
		step := c.Observe(busy(5 * time.Millisecond))
		// Step: max(MinBatch 100, (10000-100)/64 = 154) rows; the pause halves.
		if step.Over || step.Batch != 1154 || step.Pause != 50*time.Millisecond {
			t.Fatalf("within target: %+v; want 1154 rows and 50ms", step)
		}
	})

	t.Run("ForegroundStatementsOverTarget", func(t *testing.T) {
		t.Parallel()
		c := NewController(testLimits(), 1000, 100*time.Millisecond)
		// The commit probe is fast; the foreground's statements went from
		// a p99 of 4ms between batches to 30ms while they ran.
		if step := c.Observe(Signal{Busy: 3, Probe: time.Millisecond, Statements: 30 * time.Millisecond, Quiet: 4 * time.Millisecond}); !step.Over || step.Batch != 500 {
			t.Fatalf("foreground p99 30ms over a 20ms target: %+v; want a decrease", step)
		}
		if step := c.Observe(Signal{Busy: 3, Probe: time.Millisecond, Statements: 15 * time.Millisecond, Quiet: 4 * time.Millisecond}); step.Over {
			t.Fatalf("foreground p99 15ms within a 20ms target: %+v; want within", step)
		}
		// A foreground whose own tail is over the target without Lethe
		// (its slow reports) holds deletion down only for what the
		// batches add to it.
		if step := c.Observe(Signal{Busy: 3, Probe: time.Millisecond, Statements: 52 * time.Millisecond, Quiet: 50 * time.Millisecond}); step.Over {
			t.Fatalf("foreground p99 52ms while batches ran, 50ms between them: %+v; want within", step)
		}
		if step := c.Observe(Signal{Busy: 3, Probe: time.Millisecond, Statements: 80 * time.Millisecond, Quiet: 50 * time.Millisecond}); !step.Over {
			t.Fatalf("foreground p99 80ms while batches ran, 50ms between them: %+v; want over", step)
		}
	})

	t.Run("SlowdownBeyondTheLimitIsOverTarget", func(t *testing.T) {
		t.Parallel()
		lim := testLimits()
		lim.MaxSlowdown = 1.25
		c := NewController(lim, 1000, 100*time.Millisecond)
		if step := c.Observe(Signal{Busy: 1, Probe: time.Millisecond, Slowdown: 1.2}); step.Over {
			t.Fatalf("slowdown 1.2 within 1.25: %+v; want within", step)
		}
		if step := c.Observe(Signal{Busy: 1, Probe: time.Millisecond, Slowdown: 1.5}); !step.Over {
			t.Fatalf("slowdown 1.5 beyond 1.25: %+v; want over", step)
		}
		lim.MaxSlowdown = 0
		c.SetLimits(lim)
		if step := c.Observe(Signal{Busy: 1, Probe: time.Millisecond, Slowdown: 50}); step.Over {
			t.Fatalf("without a slowdown limit: %+v; want within", step)
		}
	})

	t.Run("StaysWithinLimits", func(t *testing.T) {
		t.Parallel()
		c := NewController(testLimits(), 1000, 100*time.Millisecond)
		for range 100 {
			c.Observe(busy(time.Second))
		}
		if step := c.Current(); step.Batch != 100 || step.Pause != time.Second {
			t.Fatalf("after a long overload: %+v; want the floor 100 rows and the ceiling 1s", step)
		}
		for range 1000 {
			c.Observe(busy(time.Millisecond))
		}
		if step := c.Current(); step.Batch != 10_000 || step.Pause != 10*time.Millisecond {
			t.Fatalf("after a long calm: %+v; want the ceiling 10000 rows and the floor 10ms", step)
		}
	})

	t.Run("ConvergesBelowTheCapacity", func(t *testing.T) {
		t.Parallel()
		// A synthetic foreground whose probe grows with the WAL a batch
		// leaves: 1ms plus 4µs a row, so 20ms is reached at 4,750 rows.
		c := NewController(testLimits(), 1000, 100*time.Millisecond)
		probe := func(rows int) time.Duration { return time.Millisecond + time.Duration(rows)*4*time.Microsecond }
		var over, total int
		rows := c.Current().Batch
		for range 400 {
			step := c.Observe(busy(probe(rows)))
			if step.Over {
				over++
			}
			rows = step.Batch
			total++
		}
		if rows > 4750+154 || rows < 4750/2 {
			t.Errorf("settled at %d rows; want between half the capacity and the capacity (4750)", rows)
		}
		if over == 0 || over > total/4 {
			t.Errorf("%d of %d steps over the target; want a few (AIMD probes the limit now and then)", over, total)
		}
	})

	t.Run("RestoresAfterLoadLifts", func(t *testing.T) {
		t.Parallel()
		c := NewController(testLimits(), 5000, 10*time.Millisecond)
		for range 5 {
			c.Observe(busy(100 * time.Millisecond))
		}
		low := c.Current()
		for range 10 {
			c.Observe(busy(2 * time.Millisecond))
		}
		high := c.Current()
		if !(high.Batch > low.Batch && high.Pause < low.Pause) {
			t.Fatalf("after the load lifted: %+v, under load %+v; want a larger batch and a shorter pause", high, low)
		}
	})

	t.Run("SetLimitsClamps", func(t *testing.T) {
		t.Parallel()
		c := NewController(testLimits(), 5000, 500*time.Millisecond)
		lim := testLimits()
		lim.MaxBatch, lim.MaxPause = 2000, 200*time.Millisecond
		c.SetLimits(lim)
		if step := c.Current(); step.Batch != 2000 || step.Pause != 200*time.Millisecond {
			t.Fatalf("after lowering the limits: %+v; want 2000 rows and 200ms", step)
		}
	})

	t.Run("TargetNotReachableAtTheFloor", func(t *testing.T) {
		t.Parallel()
		c := NewController(testLimits(), 1000, 100*time.Millisecond)
		// Over the target at every batch: down to the floor, then a
		// window there, still over.
		var started, unreachable int
		for range 3 * unreachableWindow {
			step := c.Observe(busy(45 * time.Millisecond))
			if step.NewlyUnreachable {
				started++
			}
			if step.Unreachable {
				unreachable++
			}
		}
		if started != 1 || unreachable == 0 {
			t.Fatalf("over target at the floor: %d episodes started, %d steps unreachable; want one episode", started, unreachable)
		}
		r := c.Reach()
		if !r.Unreachable || r.Achieved != 45*time.Millisecond || r.Batch != 100 || r.Pause != time.Second {
			t.Fatalf("reach: %+v; want unreachable, achieved 45ms at 100 rows and 1s", r)
		}
		// The foreground's load lifts: a window within the target ends
		// the episode, once.
		var reached int
		for range 2 * unreachableWindow {
			if c.Observe(busy(time.Millisecond)).Reached {
				reached++
			}
		}
		if reached != 1 || c.Reach().Unreachable {
			t.Fatalf("within target: %d episodes ended, reach %+v; want one, and reachable", reached, c.Reach())
		}
	})

	t.Run("OverTargetAwayFromTheFloorIsNotUnreachable", func(t *testing.T) {
		t.Parallel()
		// Limits whose floor is never reached in a window: the batch
		// halves from 10,000 towards 1 one step a signal, and a window
		// ends before the pause reaches its ceiling an hour away.
		lim := testLimits()
		lim.MinBatch, lim.MaxPause = 1, time.Hour
		c := NewController(lim, 10_000, 10*time.Millisecond)
		for range unreachableWindow {
			if step := c.Observe(busy(time.Second)); step.Unreachable {
				t.Fatalf("over target, still backing off: %+v; want the target not judged out of reach", step)
			}
		}
	})

	t.Run("MostlyWithinAtTheFloorIsReachable", func(t *testing.T) {
		t.Parallel()
		c := NewController(testLimits(), 100, time.Second)
		// At the floor, one batch in four over the target: kept.
		for i := range 4 * unreachableWindow {
			probe := time.Millisecond
			if i%4 == 0 {
				probe = time.Second
			}
			if step := c.Observe(busy(probe)); step.Unreachable {
				t.Fatalf("signal %d: %+v; want the target within reach", i, step)
			}
		}
	})
}
