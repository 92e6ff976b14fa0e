package main

import (
	"context"
	"time"

	"github.com/lethehq/lethe/internal/bench"
)

// equalImpactBenchmark measures Lethe's rate at the foreground harm of
// simpler loops, and against pg_cron on a stream of expiring rows.
func equalImpactBenchmark() benchmark {
	return benchmark{
		name:    "equal-impact",
		summary: "Measure rows/s at equal foreground p99 (Lethe's expire paced to the naive loop's p99, the sweep to a batched DELETE's) and pg_cron's DELETE every minute against Lethe on a stream of expiring rows with a standby, on fresh databases.",
		usage:   "[flags]",
		run:     runEqualImpact,
	}
}

func runEqualImpact(ctx context.Context, c *cli, b benchmark, args []string) error {
	var (
		configPath string
		opts       bench.ImpactOptions
	)
	fs := c.flags(b, &configPath)
	fs.IntVar(&opts.Rows, "rows", 200_000, "pastes rows of the expire pairs (half expired)")
	fs.IntVar(&opts.SweepRows, "sweep-rows", 200_000, "rows of the sweep pairs' table (half expired)")
	fs.IntVar(&opts.Rounds, "rounds", 5, "rounds of the expire and sweep pairs (medians and min – max reported)")
	fs.IntVar(&opts.FgRate, "rate", 400, "foreground operations per second (half inserts, half point reads)")
	fs.IntVar(&opts.Workers, "workers", 4, "River max_workers")
	fs.BoolVar(&opts.NoPairs, "no-pairs", false, "skip the expire and sweep pairs")
	fs.BoolVar(&opts.NoStream, "no-stream", false, "skip the pg_cron stream")
	fs.IntVar(&opts.Stream.Rounds, "stream-rounds", 5, "rounds of the pg_cron stream, each a run of pg_cron and one of Lethe (fewer for a quick run, said so in the output)")
	fs.DurationVar(&opts.Stream.Duration, "stream-duration", 3*time.Minute, "how long the stream's producer inserts, each run (pg_cron runs once a minute)")
	fs.IntVar(&opts.Stream.Rate, "stream-rate", 1_000, "rows inserted, and expiring a second later, per second")
	fs.DurationVar(&opts.Stream.Interval, "stream-interval", 5*time.Second, "Lethe's schedule on the stream, \"@every <interval>\"")
	verbose := fs.Bool("verbose", false, "log the workers' batches (debug) to stderr")
	if err := parse(fs, args); err != nil {
		return err
	}
	if opts.Rows < 1000 || opts.SweepRows < 1000 || opts.Rounds < 1 || opts.Stream.Rounds < 1 {
		return usagef("--rows and --sweep-rows must be at least 1000, --rounds and --stream-rounds at least 1")
	}
	if opts.FgRate < 1 || opts.Workers < 1 || opts.Stream.Rate < 1 {
		return usagef("--rate, --workers and --stream-rate must be at least 1")
	}
	if opts.Stream.Duration < 10*time.Second || opts.Stream.Interval < time.Second {
		return usagef("--stream-duration must be at least 10s and --stream-interval at least 1s")
	}
	cfg, serverURL, err := c.server(ctx, fs, configPath)
	if err != nil {
		return err
	}
	opts.ServerURL, opts.Out = serverURL, c.stdout
	if *verbose {
		opts.Logger = c.logger(cfg, true)
	}
	return bench.EqualImpact(ctx, opts)
}
