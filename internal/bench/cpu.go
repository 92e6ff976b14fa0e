package bench

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// cpuTimes is CPU time spent: by the whole machine (every core, every
// process: PostgreSQL's backends, the S3 server, the foreground load's
// process, other work) and by this process (River's client, the workers,
// the blob removals' system calls), and the time the machine's idle cores
// spent with I/O outstanding.
type cpuTimes struct {
	machine, self, iowait time.Duration
}

func (c cpuTimes) sub(o cpuTimes) cpuTimes {
	return cpuTimes{machine: c.machine - o.machine, self: c.self - o.self, iowait: c.iowait - o.iowait}
}

// userHZ is the unit of /proc/stat's times, 100 on every Linux
// architecture Go builds for.
const userHZ = 100

// readCPU reads the machine's busy time from /proc/stat (user, nice,
// system, irq, softirq and steal), its I/O wait, and this process's user
// and system time.
func readCPU() (cpuTimes, error) {
	data, err := os.ReadFile("/proc/stat")
	if err != nil {
		return cpuTimes{}, fmt.Errorf("read machine CPU time: %w", err)
	}
	line, _, _ := strings.Cut(string(data), "\n")
	f := strings.Fields(line)
	if len(f) < 9 || f[0] != "cpu" {
		return cpuTimes{}, errors.New("read machine CPU time: no cpu line in /proc/stat")
	}
	var busy, iowait int64
	for i, v := range f[1:9] {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return cpuTimes{}, fmt.Errorf("read machine CPU time: field %d of /proc/stat's cpu line %q: %w", i+1, v, err)
		}
		switch i {
		case 3: // idle
		case 4:
			iowait = n
		default:
			busy += n
		}
	}
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return cpuTimes{}, fmt.Errorf("read process CPU time: %w", err)
	}
	return cpuTimes{
		machine: time.Duration(busy) * time.Second / userHZ,
		self:    time.Duration(ru.Utime.Nano() + ru.Stime.Nano()),
		iowait:  time.Duration(iowait) * time.Second / userHZ,
	}, nil
}

// timeRun runs fn, which deletes and returns how many rows it deleted, and
// records in run how many, how long it took and the CPU spent meanwhile.
func timeRun(run *expireRun, fn func() (int64, error)) error {
	before, err := readCPU()
	if err != nil {
		return err
	}
	start := time.Now()
	rows, err := fn()
	run.dur, run.rows = time.Since(start), rows
	if err != nil {
		return err
	}
	after, err := readCPU()
	if err != nil {
		return err
	}
	run.cpu = after.sub(before)
	return nil
}
