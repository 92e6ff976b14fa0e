// Command lethe deletes data reliably: expired rows and their blobs, TTL'd
// keys, and entities deleted on request, on a River worker pool.
//
// Run `lethe help` for the commands. Exit codes: 0 ok, 1 failure, 2 usage.
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
	"regexp"
	"sort"
	"strconv"
	"strings"
	"syscall"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/internal/pgboot"
	"github.com/lethehq/lethe/internal/service"
)

// command is one subcommand of the binary.
type command struct {
	name    string
	summary string
	usage   string // arguments after the name, e.g. "[flags] <policy>"
	run     func(ctx context.Context, cli *cli, args []string) error
}

// commands lists every subcommand; each lives in its own file.
func commands() []command {
	return []command{
		serveCommand(),
		demoCommand(),
		migrateCommand(),
		guardsCommand(),
		checkConfigCommand(),
		sweepCommand(),
		releaseCommand(),
		holdCommand(),
		undeleteCommand(),
		deleteCommand(), statusCommand(), clearTombstoneCommand(), cleanupOrphanS3Command(), cleanupTombstonesCommand(), backupCommand(), restoreCommand(),
		replayCommand(), checkResurrectionCommand(),
		versionCommand(),
	}
}

// cli is what commands read from and write to, so tests can run them in
// process.
type cli struct {
	stdout io.Writer
	stderr io.Writer
	getenv func(string) string

	// hardStop closes on a second SIGINT or SIGTERM: serve then cancels
	// its running jobs instead of waiting out shutdown_grace. Nil in tests
	// that run commands in process.
	hardStop <-chan struct{}

	// isTerminal says whether stderr is a terminal, for log_format auto
	// (text there, JSON elsewhere). Nil, as in tests, sees no terminal.
	isTerminal func(io.Writer) bool

	// localPG is where a PostgreSQL server is looked for when no database
	// is configured; empty means pgboot.LocalAddr (127.0.0.1:5432). Tests
	// point it at a closed port.
	localPG string
}

// usageError marks a mistake in how the command was called (exit 2).
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error { return usageError{fmt.Sprintf(format, args...)} }

func main() {
	ctx, hardStop, stop := signals()
	code := run(ctx, &cli{stdout: os.Stdout, stderr: os.Stderr, getenv: os.Getenv, hardStop: hardStop, isTerminal: service.IsTerminal}, os.Args[1:])
	stop()
	os.Exit(code)
}

// signals returns a context that the first SIGINT or SIGTERM cancels and a
// channel that the second closes: serve stops gracefully on the first and
// cancels its running jobs on the second. After the second, Lethe no longer
// catches them, so a third ends the process the operating system's way.
func signals() (context.Context, <-chan struct{}, func()) {
	ctx, cancel := context.WithCancel(context.Background())
	hard := make(chan struct{})
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		for n := 1; ; n++ {
			select {
			case <-done:
				return
			case <-sigs:
			}
			if n == 1 {
				cancel()
				continue
			}
			signal.Stop(sigs)
			close(hard)
			return
		}
	}()
	return ctx, hard, func() {
		signal.Stop(sigs)
		close(done)
		cancel()
	}
}

// run executes one command line and returns the exit code.
func run(ctx context.Context, c *cli, args []string) int {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" || args[0] == "-help" {
		if len(args) > 1 {
			return run(ctx, c, []string{args[1], "--help"})
		}
		c.printHelp()
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	if args[0] == "--version" || args[0] == "-version" {
		args = append([]string{"version"}, args[1:]...)
	}
	for _, cmd := range commands() {
		if cmd.name != args[0] {
			continue
		}
		err := cmd.run(ctx, c, args[1:])
		switch {
		case err == nil, errors.Is(err, flag.ErrHelp):
			return 0
		case errors.As(err, new(usageError)):
			fmt.Fprintf(c.stderr, "lethe %s: %v\nRun 'lethe %s --help' for usage.\n", cmd.name, err, cmd.name)
			return 2
		case errors.As(err, new(*config.Error)):
			// One line per problem, each naming its field.
			fmt.Fprintf(c.stderr, "lethe %s: %v\n", cmd.name, err)
			return 2
		default:
			fmt.Fprintf(c.stderr, "lethe %s: %v\n", cmd.name, err)
			return 1
		}
	}
	fmt.Fprintf(c.stderr, "lethe: unknown command %q\nRun 'lethe help' for the list of commands.\n", args[0])
	return 2
}

func (c *cli) printHelp() {
	fmt.Fprintln(c.stdout, "Lethe deletes data reliably: expired rows and their blobs, TTL'd keys, and")
	fmt.Fprintln(c.stdout, "entities deleted on request, on a River worker pool over PostgreSQL.")
	fmt.Fprintln(c.stdout)
	fmt.Fprintln(c.stdout, "Usage: lethe <command> [flags] [args]    lethe --version")
	fmt.Fprintln(c.stdout)
	fmt.Fprintln(c.stdout, "Commands:")
	cmds := commands()
	sort.Slice(cmds, func(i, j int) bool { return cmds[i].name < cmds[j].name })
	for _, cmd := range cmds {
		fmt.Fprintf(c.stdout, "  %-20s %s\n", cmd.name, cmd.summary)
	}
	fmt.Fprintln(c.stdout)
	fmt.Fprintln(c.stdout, "Run 'lethe <command> --help' for a command's flags; flags may come before or after")
	fmt.Fprintln(c.stdout, "the arguments.")
	fmt.Fprintln(c.stdout, "Exit codes: 0 ok, 1 failure, 2 usage error.")
}

// flags returns a FlagSet for cmd that prints a usage text naming the
// command, with the --config flag every command shares.
func (c *cli) flags(cmd command, configPath *string) *flag.FlagSet {
	fs := flag.NewFlagSet(cmd.name, flag.ContinueOnError)
	fs.SetOutput(c.stderr)
	fs.Usage = func() {
		fmt.Fprintf(c.stdout, "Usage: %s\n\n%s\n", strings.TrimSpace("lethe "+cmd.name+" "+cmd.usage), cmd.summary)
		var buf strings.Builder
		printFlags(&buf, fs)
		if buf.Len() > 0 {
			fmt.Fprintf(c.stdout, "\nFlags:\n%s", buf.String())
		}
	}
	if configPath != nil {
		fs.StringVar(configPath, "config", "lethe.yaml", "configuration `file` (embedded defaults when it does not exist and was not named)")
	}
	return fs
}

// printFlags writes fs's flags as flag.PrintDefaults does, but spelled as
// the usage lines and the README spell them: --name, and -x for a
// one-letter flag. (The flag package reads both spellings; it prints
// -name.)
func printFlags(w io.Writer, fs *flag.FlagSet) {
	fs.VisitAll(func(f *flag.Flag) {
		arg, usage := flag.UnquoteUsage(f)
		dashes := "--"
		if len(f.Name) == 1 {
			dashes = "-"
		}
		fmt.Fprintf(w, "  %s%s", dashes, f.Name)
		if arg != "" {
			fmt.Fprintf(w, " %s", arg)
		}
		fmt.Fprintf(w, "\n    \t%s", strings.ReplaceAll(usage, "\n", "\n    \t"))
		if def := f.DefValue; def != "" && def != "0" && def != "0s" && def != "false" {
			if getter, ok := f.Value.(flag.Getter); ok {
				if _, isString := getter.Get().(string); isString {
					def = strconv.Quote(def)
				}
			}
			fmt.Fprintf(w, " (default %s)", def)
		}
		fmt.Fprintln(w)
	})
}

// parse parses args, turning flag errors into usage errors.
func parse(fs *flag.FlagSet, args []string) error {
	// The flag package prints usage on every error; print it ourselves,
	// once, and only when asked for.
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
		return usageError{flagName.ReplaceAllString(err.Error(), "$1--$2")}
	}
	return nil
}

// flagName matches a flag's name in the flag package's errors, which spell
// it -name; the usage lines and --help spell it --name (a one-letter flag
// stays -x).
var flagName = regexp.MustCompile(`(not defined: |for flag |for |needs an argument: )-([A-Za-z][\w-]+)`)

// parseNoArgs parses args for a command that takes flags only.
func parseNoArgs(fs *flag.FlagSet, args []string) error {
	positional, err := parseAll(fs, args)
	if err != nil {
		return err
	}
	if len(positional) > 0 {
		return usagef("unexpected argument %q", positional[0])
	}
	return nil
}

// loadConfig reads the configuration at path. The default path falling back
// to the embedded configuration lets `lethe serve` run with no file at all.
func (c *cli) loadConfig(fs *flag.FlagSet, path string) (*config.Config, error) {
	explicit := false
	fs.Visit(func(f *flag.Flag) { explicit = explicit || f.Name == "config" })
	if !explicit {
		if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
			path = ""
		}
	}
	return config.Load(path, c.getenv)
}

// postgres says how commands find PostgreSQL when no database is
// configured: only a server already answering at c.localPG. Nothing but
// the demo starts or installs one.
func (c *cli) postgres() pgboot.Options {
	return pgboot.Options{LocalAddr: c.localPG}
}

// connect opens a pool on the database cfg names, found as serve finds it,
// without migrating it.
func (c *cli) connect(ctx context.Context, cfg *config.Config) (*pgxpool.Pool, error) {
	return service.OpenPool(ctx, cfg, c.logger(cfg), c.postgres())
}

// logger builds the logger on stderr at the configured level and in the
// configured format (see service.NewLogger); durations in seconds.
func (c *cli) logger(cfg *config.Config) *slog.Logger {
	var level slog.Level
	_ = level.UnmarshalText([]byte(cfg.LogLevel))
	return service.NewLogger(c.stderr, level, cfg.LogFormat, c.isTerminal)
}

// parseAll parses flags wherever they appear among args ("down --steps 2"
// as well as "--steps 2 down", "run abc --config x.yaml" as well as
// "--config x.yaml run abc") and returns the positional arguments. Every
// argument after "--" is positional.
func parseAll(fs *flag.FlagSet, args []string) ([]string, error) {
	var positional []string
	for {
		if err := parse(fs, args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if consumed := len(args) - len(rest); consumed > 0 && args[consumed-1] == "--" {
			return append(positional, rest...), nil
		}
		if len(rest) == 0 {
			return positional, nil
		}
		positional = append(positional, rest[0])
		args = rest[1:]
	}
}
