package bench

import (
	"syscall"
	"testing"
	"time"
)

// TestTimeRunCountsCPU checks that a run's CPU is the work done during it:
// a run that spins until it has used 300 ms of CPU shows about that much in
// this process and on the machine, however long a busy machine takes to
// give it that, and one that sleeps 300 ms shows almost none in this
// process.
func TestTimeRunCountsCPU(t *testing.T) {
	var spin, sleep expireRun
	if err := timeRun(&spin, func() (int64, error) {
		start, giveUp := processCPU(t), time.Now().Add(30*time.Second)
		for n := 0; processCPU(t)-start < 300*time.Millisecond && time.Now().Before(giveUp); {
			for range 100_000 {
				n++
			}
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
	// The process's CPU counts every thread, so the spin may take less
	// wall time than the CPU it waited for; it is timed all the same.
	if spin.rows != 1000 || spin.dur <= 0 {
		t.Errorf("spinning run: %d rows in %v, want 1000 in a measured time", spin.rows, spin.dur)
	}
	// Half of the CPU spun is the floor: the loop's own measure and the
	// run's are taken a little apart.
	if spin.cpu.self < 150*time.Millisecond || spin.cpu.machine < 150*time.Millisecond {
		t.Errorf("spinning run used %v of this process's CPU and %v of the machine's, want at least 150ms each", spin.cpu.self, spin.cpu.machine)
	}
	if sleep.cpu.self > 50*time.Millisecond {
		t.Errorf("sleeping run used %v of this process's CPU, want almost none", sleep.cpu.self)
	}
}

// processCPU is the CPU this process has used, user and system.
func processCPU(t *testing.T) time.Duration {
	t.Helper()
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		t.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestCPUByProcessNeverNegative: between two readings, a PostgreSQL
// process that kept running counts what it spent, one that started counts
// whole, and one that exited, taking its time with it, counts nothing
// rather than a negative share.
func TestCPUByProcessNeverNegative(t *testing.T) {
	kept, exited, started := procKey{pid: 10, started: 1}, procKey{pid: 11, started: 1}, procKey{pid: 11, started: 900}
	before := cpuByProcess{procs: map[procKey]procCPU{
		kept:                  {comm: "postgres", cpu: 2 * time.Second},
		exited:                {comm: "postgres", cpu: 5 * time.Second},
		{pid: 12, started: 1}: {comm: "versitygw", cpu: time.Second},
	}}
	after := cpuByProcess{procs: map[procKey]procCPU{
		kept:    {comm: "postgres", cpu: 2500 * time.Millisecond},
		started: {comm: "postgres", cpu: 300 * time.Millisecond}, // the exited one's pid, reused
	}}
	d := after.sub(before)
	if d.postgres != 800*time.Millisecond || d.versitygw != 0 {
		t.Errorf("PostgreSQL %v, versitygw %v between the readings, want 800ms and 0", d.postgres, d.versitygw)
	}
}
