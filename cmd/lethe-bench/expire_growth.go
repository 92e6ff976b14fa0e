package main

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/lethehq/lethe/internal/bench"
)

// expireGrowthBenchmark measures the time of an expire batch as the table
// grows.
func expireGrowthBenchmark() benchmark {
	return benchmark{
		name:    "expire-growth",
		summary: "Measure the time of one expire batch (claim + delete) as the pastes table grows, e.g. from 1M to 20M rows, on a fresh database.",
		usage:   "[--config lethe.yaml] [--sizes 1M,5M,10M,20M] [--due PERCENT | --expired N] [--rounds N] [--batch-size N]",
		run:     runExpireGrowth,
	}
}

func runExpireGrowth(ctx context.Context, c *cli, b benchmark, args []string) error {
	var (
		configPath string
		opts       bench.ExpireGrowthOptions
	)
	fs := c.flags(b, &configPath)
	sizes := fs.String("sizes", "1M,5M,10M,20M", "table sizes in rows, ascending, comma-separated (k and M suffixes allowed)")
	fs.IntVar(&opts.Expired, "expired", 50_000, "expired rows added, then claimed and deleted, in each round (when --due is 0)")
	fs.Float64Var(&opts.DuePercent, "due", 1, "expired rows added in each round as a percentage of the table's size (0: --expired)")
	fs.IntVar(&opts.Rounds, "rounds", 3, "rounds at each size (their batches pooled)")
	fs.IntVar(&opts.BatchSize, "batch-size", 1_000, "rows a batch")
	verbose := fs.Bool("verbose", false, "log progress to stderr")
	if err := parse(fs, args); err != nil {
		return err
	}
	var err error
	if opts.Sizes, err = parseSizes(*sizes); err != nil {
		return usagef("--sizes: %v", err)
	}
	if opts.Expired < 1 || opts.Rounds < 1 || opts.BatchSize < 1 {
		return usagef("--expired, --rounds and --batch-size must be at least 1")
	}
	if opts.DuePercent < 0 || opts.DuePercent > 50 {
		return usagef("--due must be between 0 and 50 (percent), got %g", opts.DuePercent)
	}
	cfg, serverURL, err := c.server(ctx, fs, configPath)
	if err != nil {
		return err
	}
	opts.ServerURL, opts.Out = serverURL, c.stdout
	if *verbose {
		opts.Logger = c.logger(cfg, true)
	}
	return bench.ExpireGrowth(ctx, opts)
}

// parseSizes reads "1M,5M,20000" as row counts, ascending.
func parseSizes(s string) ([]int, error) {
	var sizes []int
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		mult := 1
		switch {
		case strings.HasSuffix(f, "M"):
			f, mult = strings.TrimSuffix(f, "M"), 1_000_000
		case strings.HasSuffix(f, "k"):
			f, mult = strings.TrimSuffix(f, "k"), 1_000
		}
		n, err := strconv.Atoi(f)
		if err != nil || n < 1 {
			return nil, fmt.Errorf("%q is not a positive row count", f)
		}
		sizes = append(sizes, n*mult)
	}
	if !slices.IsSorted(sizes) || len(slices.Compact(slices.Clone(sizes))) != len(sizes) {
		return nil, fmt.Errorf("%q: sizes must be ascending", s)
	}
	return sizes, nil
}
