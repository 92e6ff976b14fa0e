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

// readCommandCPU sums the user and system time of the machine's processes
// by command name (/proc/PID/stat's comm), for the names asked. A process
// that exits between two readings takes its time with it, so the sums
// suit long-lived servers: PostgreSQL's backends of a pool, an S3 server.
func readCommandCPU(names ...string) map[string]time.Duration {
	sums := make(map[string]time.Duration, len(names))
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return sums
	}
	for _, e := range entries {
		if _, err := strconv.Atoi(e.Name()); err != nil {
			continue
		}
		data, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue // exited
		}
		s := string(data)
		open, closing := strings.IndexByte(s, '('), strings.LastIndexByte(s, ')')
		if open < 0 || closing < open {
			continue
		}
		comm := s[open+1 : closing]
		var wanted bool
		for _, n := range names {
			wanted = wanted || comm == n
		}
		f := strings.Fields(s[closing+1:])
		if !wanted || len(f) < 13 {
			continue
		}
		utime, _ := strconv.ParseInt(f[11], 10, 64)
		stime, _ := strconv.ParseInt(f[12], 10, 64)
		sums[comm] += time.Duration(utime+stime) * time.Second / userHZ
	}
	return sums
}

// cpuByProcess is CPU time by who spent it: the machine (every core, every
// process), this process (Lethe's River client and workers, the
// benchmark's own requests), PostgreSQL's processes and versitygw's.
type cpuByProcess struct {
	machine, self, postgres, versitygw time.Duration
}

// readCPUByProcess reads what cpuByProcess counts, as running totals.
func readCPUByProcess() (cpuByProcess, error) {
	c, err := readCPU()
	if err != nil {
		return cpuByProcess{}, err
	}
	byName := readCommandCPU("postgres", "versitygw")
	return cpuByProcess{machine: c.machine, self: c.self, postgres: byName["postgres"], versitygw: byName["versitygw"]}, nil
}

func (c cpuByProcess) sub(o cpuByProcess) cpuByProcess {
	return cpuByProcess{machine: c.machine - o.machine, self: c.self - o.self, postgres: c.postgres - o.postgres, versitygw: c.versitygw - o.versitygw}
}
