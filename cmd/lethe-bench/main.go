// Command lethe-bench measures Lethe's throughput, latency and memory
// against baselines measured in the same run, each benchmark on a database
// of its own that it creates and drops. It is a development tool, kept out
// of the lethe binary.
//
//	lethe-bench expire|expire-latency|expire-capacity|expire-growth|sweep|entity|entity-volume|equal-impact|pace-target [flags]
//
// The server the benchmark databases are created on is database.url of
// --config (DATABASE_URL overrides it), else one found or started as the
// demo does: 127.0.0.1:5432, or a private cluster. Exit codes: 0 ok, 1
// failure, 2 usage.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"runtime/pprof"
	"strings"
	"syscall"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/internal/bench"
	"github.com/lethehq/lethe/internal/pgboot"
	"github.com/lethehq/lethe/internal/service"
)

// benchmark is one subcommand.
type benchmark struct {
	name    string // "expire", as in `lethe-bench expire`
	summary string
	usage   string // arguments after the name, e.g. "[flags]"
	run     func(ctx context.Context, c *cli, b benchmark, args []string) error
}

// benchmarks lists every benchmark; each lives in its own file.
func benchmarks() []benchmark {
	return []benchmark{expireBenchmark(), expireLatencyBenchmark(), expireCapacityBenchmark(), expireGrowthBenchmark(), sweepBenchmark(), entityBenchmark(), entityVolumeBenchmark(), equalImpactBenchmark(), paceTargetBenchmark()}
}

// cli is what benchmarks read from and write to, so tests can run them in
// process.
type cli struct {
	stdout io.Writer
	stderr io.Writer
	getenv func(string) string
}

// usageError marks a mistake in how the command was called (exit 2).
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error { return usageError{fmt.Sprintf(format, args...)} }

func main() {
	// A benchmark's foreground load runs as this program started again.
	bench.ServeForeground()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, &cli{stdout: os.Stdout, stderr: os.Stderr, getenv: os.Getenv}, os.Args[1:])
	stop()
	os.Exit(code)
}

// run executes one command line and returns the exit code.
func run(ctx context.Context, c *cli, args []string) int {
	names := make([]string, 0, len(benchmarks()))
	for _, b := range benchmarks() {
		names = append(names, b.name)
	}
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" || args[0] == "-help" {
		fmt.Fprintf(c.stdout, "Usage: lethe-bench %s [flags]\n\n", strings.Join(names, "|"))
		for _, b := range benchmarks() {
			fmt.Fprintf(c.stdout, "  %-16s %s\n", b.name, b.summary)
		}
		fmt.Fprintln(c.stdout, "\nRun 'lethe-bench <benchmark> --help' for its flags.")
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	for _, b := range benchmarks() {
		if b.name != args[0] {
			continue
		}
		err := b.run(ctx, c, b, args[1:])
		switch {
		case err == nil, errors.Is(err, flag.ErrHelp):
			return 0
		case errors.As(err, new(usageError)):
			fmt.Fprintf(c.stderr, "lethe-bench %s: %v\nRun 'lethe-bench %s --help' for usage.\n", b.name, err, b.name)
			return 2
		default:
			fmt.Fprintf(c.stderr, "lethe-bench %s: %v\n", b.name, err)
			return 1
		}
	}
	fmt.Fprintf(c.stderr, "lethe-bench: unknown benchmark %q (want %s)\n", args[0], strings.Join(names, ", "))
	return 2
}

// flags returns a FlagSet for b that prints a usage text naming it, with
// the --config flag every benchmark takes.
func (c *cli) flags(b benchmark, configPath *string) *flag.FlagSet {
	fs := flag.NewFlagSet(b.name, flag.ContinueOnError)
	fs.SetOutput(c.stderr)
	fs.Usage = func() {
		fmt.Fprintf(c.stdout, "Usage: lethe-bench %s %s\n\n%s\n", b.name, b.usage, b.summary)
		var buf strings.Builder
		fs.SetOutput(&buf)
		fs.PrintDefaults()
		fs.SetOutput(c.stderr)
		fmt.Fprintf(c.stdout, "\nFlags:\n%s", buf.String())
	}
	fs.StringVar(configPath, "config", "lethe.yaml", "configuration file: its database.url is the server the benchmark database is created on (embedded defaults when it does not exist and was not named)")
	return fs
}

// profileCPU writes a CPU profile of the benchmark's process to path
// until the returned function is called; an empty path profiles nothing.
func profileCPU(path string) (stop func(), err error) {
	if path == "" {
		return func() {}, nil
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() { pprof.StopCPUProfile(); f.Close() }, nil
}

// parse parses args and refuses any argument: benchmarks take flags only.
// Flag errors are usage errors.
func parse(fs *flag.FlagSet, args []string) error {
	usage := fs.Usage
	fs.Usage = func() {}
	defer func() { fs.Usage = usage }()
	fs.SetOutput(io.Discard)
	err := fs.Parse(args)
	if errors.Is(err, flag.ErrHelp) {
		usage()
		return flag.ErrHelp
	}
	if err != nil {
		return usageError{err.Error()}
	}
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q (benchmarks take flags only)", fs.Arg(0))
	}
	return nil
}

// server returns the configuration at configPath and the URL of the server
// to create the benchmark database on: database.url, else the one
// pgboot.Resolve finds or starts, saying so on stderr before it starts one.
func (c *cli) server(ctx context.Context, fs *flag.FlagSet, configPath string) (*config.Config, string, error) {
	explicit := false
	fs.Visit(func(f *flag.Flag) { explicit = explicit || f.Name == "config" })
	if !explicit {
		if _, err := os.Stat(configPath); errors.Is(err, os.ErrNotExist) {
			configPath = ""
		}
	}
	cfg, err := config.Load(configPath, c.getenv)
	if err != nil {
		return nil, "", err
	}
	if cfg.Database.URL != "" {
		return cfg, cfg.Database.URL, nil
	}
	srv, err := pgboot.Resolve(ctx, pgboot.Options{
		StartCluster: true,
		Install:      true,
		Announce:     func(plan string) { fmt.Fprintln(c.stderr, plan) },
	})
	if err != nil {
		return nil, "", err
	}
	return cfg, srv.URL, nil
}

// logger builds the logger at the configured level, or at debug when
// verbose, in the configured format (see service.NewLogger).
func (c *cli) logger(cfg *config.Config, verbose bool) *slog.Logger {
	level := slog.LevelDebug
	if !verbose {
		_ = level.UnmarshalText([]byte(cfg.LogLevel))
	}
	return service.NewLogger(c.stderr, level, cfg.LogFormat, service.IsTerminal)
}
