package bench

import (
	"errors"
	"fmt"
	"os"
	"slices"
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

// readCommandCPU reads the user and system time of each of the machine's
// processes whose command name (/proc/PID/stat's comm) is one of names.
func readCommandCPU(names ...string) map[procKey]procCPU {
	procs := map[procKey]procCPU{}
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return procs
	}
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
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
		f := strings.Fields(s[closing+1:])
		if !slices.Contains(names, comm) || len(f) < 20 {
			continue
		}
		utime, _ := strconv.ParseInt(f[11], 10, 64)
		stime, _ := strconv.ParseInt(f[12], 10, 64)
		started, _ := strconv.ParseInt(f[19], 10, 64)
		procs[procKey{pid: pid, started: started}] = procCPU{comm: comm, cpu: time.Duration(utime+stime) * time.Second / userHZ}
	}
	return procs
}

// procKey tells a process from any other that had its pid before or after
// it: its pid and its start time (in clock ticks since boot).
type procKey struct {
	pid     int
	started int64
}

// procCPU is a process's command name and the CPU time it has spent.
type procCPU struct {
	comm string
	cpu  time.Duration
}

// cpuByProcess is CPU time by who spent it: the machine (every core, every
// process), this process (Lethe's River client and workers, the
// benchmark's own requests), PostgreSQL's processes and versitygw's. As
// read (readCPUByProcess) it holds running totals, and procs each process's;
// the difference of two readings (sub) holds what was spent between them.
type cpuByProcess struct {
	machine, self, postgres, versitygw time.Duration
	procs                              map[procKey]procCPU
}

// readCPUByProcess reads what cpuByProcess counts, as running totals.
func readCPUByProcess() (cpuByProcess, error) {
	c, err := readCPU()
	if err != nil {
		return cpuByProcess{}, err
	}
	procs := readCommandCPU("postgres", "versitygw")
	by := cpuByProcess{machine: c.machine, self: c.self, procs: procs}
	for _, p := range procs {
		by.add(p.comm, p.cpu)
	}
	return by, nil
}

func (c *cpuByProcess) add(comm string, d time.Duration) {
	switch comm {
	case "postgres":
		c.postgres += d
	case "versitygw":
		c.versitygw += d
	}
}

// sub is what was spent from reading o to reading c: a process that started
// in between counts whole, one that exited in between is not counted at
// all (its time went with it), so a share is never negative, only low when
// processes of its name came and went (another program's PostgreSQL
// connections, its S3 server).
func (c cpuByProcess) sub(o cpuByProcess) cpuByProcess {
	d := cpuByProcess{machine: c.machine - o.machine, self: c.self - o.self}
	for k, p := range c.procs {
		d.add(p.comm, p.cpu-o.procs[k].cpu)
	}
	return d
}
