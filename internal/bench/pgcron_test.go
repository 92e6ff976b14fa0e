package bench

import (
	"testing"
	"time"
)

func TestPeakStaleness(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	at := func(ms int) time.Time { return t0.Add(time.Duration(ms) * time.Millisecond) }
	// The primary writes steadily; the standby keeps up, then falls 300ms
	// behind while a large transaction replays, then catches up.
	wrote := []lagSample{{at(0), 100}, {at(100), 200}, {at(200), 300}, {at(300), 400}, {at(400), 500}, {at(500), 600}}
	applied := []lagSample{
		{at(105), 200}, // caught up with the reading at 100ms
		{at(210), 200}, // the write read at 200ms is not there yet: 10ms stale
		{at(505), 200}, // still not: 305ms since the primary went beyond it
		{at(510), 600}, // caught up
	}
	if got, want := peakStaleness(wrote, applied), 305*time.Millisecond; got != want {
		t.Errorf("peak staleness %v, want %v", got, want)
	}
	// A standby that replayed all the primary wrote is never stale, however
	// long ago the last write was.
	if got := peakStaleness(wrote, []lagSample{{at(900), 600}}); got != 0 {
		t.Errorf("caught-up standby: staleness %v, want 0", got)
	}
}
