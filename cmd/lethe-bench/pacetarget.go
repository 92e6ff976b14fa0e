package main

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/lethehq/lethe/internal/bench"
)

// paceTargetBenchmark measures whether pacing keeps the target_p99 it is
// given.
func paceTargetBenchmark() benchmark {
	return benchmark{
		name:    "pace-target",
		summary: "Measure the foreground p99 while Lethe's expire runs paced to targets of 2×, 4× and 10× the foreground's idle p99, on a fresh database: p99 ÷ target, rows/s, and whether the controller said the target was not reachable.",
		usage:   "[flags]",
		run:     runPaceTarget,
	}
}

func runPaceTarget(ctx context.Context, c *cli, b benchmark, args []string) error {
	var (
		configPath string
		opts       bench.PaceTargetOptions
	)
	fs := c.flags(b, &configPath)
	fs.IntVar(&opts.Rows, "rows", 200_000, "pastes rows (half expired)")
	fs.IntVar(&opts.Rounds, "rounds", 5, "rounds (medians and min – max reported)")
	multiples := fs.String("targets", "2,4,10", "targets, as multiples of the foreground's idle p99, comma-separated (below 1: targets the machine may not reach, to see the controller say so)")
	fs.IntVar(&opts.FgRate, "rate", 400, "foreground operations per second (half inserts, half point reads)")
	fs.IntVar(&opts.Workers, "workers", 4, "River max_workers")
	fs.DurationVar(&opts.Quiet, "quiet", 10*time.Second, "how long the foreground runs alone each round, for its idle p99")
	verbose := fs.Bool("verbose", false, "log the workers' batches (debug) to stderr")
	if err := parse(fs, args); err != nil {
		return err
	}
	for _, f := range strings.Split(*multiples, ",") {
		k, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
		if err != nil || !(k >= 0.001 && k <= 1000) {
			return usagef("--targets: %q is not a multiple from 0.001 to 1000", f)
		}
		opts.Multiples = append(opts.Multiples, k)
	}
	if opts.Rows < 1000 || opts.Rounds < 1 || opts.FgRate < 1 || opts.Workers < 1 || opts.Quiet < time.Second {
		return usagef("--rows must be at least 1000, --rounds, --rate and --workers at least 1, --quiet at least 1s")
	}
	cfg, serverURL, err := c.server(ctx, fs, configPath)
	if err != nil {
		return err
	}
	opts.ServerURL, opts.Out = serverURL, c.stdout
	if *verbose {
		opts.Logger = c.logger(cfg, true)
	}
	return bench.PaceTarget(ctx, opts)
}
