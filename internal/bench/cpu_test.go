package bench

import (
	"testing"
	"time"
)

// TestTimeRunCountsCPU checks that a run's CPU is the work done during it:
// a run that spins for 300 ms shows about that much CPU in this process and
// on the machine, and one that sleeps as long shows almost none in this
// process.
func TestTimeRunCountsCPU(t *testing.T) {
	var spin, sleep expireRun
	if err := timeRun(&spin, func() (int64, error) {
		n, end := int64(0), time.Now().Add(300*time.Millisecond)
		for time.Now().Before(end) {
			n++
		}
		return 1000, nil
	}); err != nil {
		t.Fatal(err)
	}
	if err := timeRun(&sleep, func() (int64, error) {
		time.Sleep(300 * time.Millisecond)
		return 1000, nil
	}); err != nil {
		t.Fatal(err)
	}
	if spin.rows != 1000 || spin.dur < 300*time.Millisecond {
		t.Errorf("spinning run: %d rows in %v, want 1000 in at least 300ms", spin.rows, spin.dur)
	}
	// A busy machine can take the core away from the spinning loop for a
	// while: half of its time is the floor.
	if spin.cpu.self < 150*time.Millisecond || spin.cpu.machine < 150*time.Millisecond {
		t.Errorf("spinning run used %v of this process's CPU and %v of the machine's, want at least 150ms each", spin.cpu.self, spin.cpu.machine)
	}
	if sleep.cpu.self > 50*time.Millisecond {
		t.Errorf("sleeping run used %v of this process's CPU, want almost none", sleep.cpu.self)
	}
}
