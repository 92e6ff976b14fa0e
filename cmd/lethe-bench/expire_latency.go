package main

import (
	"context"
	"time"

	"github.com/lethehq/lethe/internal/bench"
)

// expireLatencyBenchmark measures expired → gone latency of status-claimed
// expiry at a sustained expiration rate, with blobs.
func expireLatencyBenchmark() benchmark {
	return benchmark{
		name:    "expire-latency",
		summary: "Measure expired → gone latency (p50, p99, max) of the expire policy on its schedule while rows with blobs expire at a sustained rate, on a fresh database.",
		usage:   "[flags]",
		run:     runExpireLatency,
	}
}

func runExpireLatency(ctx context.Context, c *cli, b benchmark, args []string) error {
	var (
		configPath string
		opts       bench.ExpireLatencyOptions
	)
	fs := c.flags(b, &configPath)
	fs.IntVar(&opts.Rate, "rate", 2_000, "rows inserted, and expiring, per second")
	fs.DurationVar(&opts.Duration, "duration", time.Minute, "how long the producer inserts")
	fs.DurationVar(&opts.Interval, "interval", 5*time.Second, "the policy's schedule, \"@every <interval>\" (at least 1s)")
	fs.DurationVar(&opts.ExpiresIn, "expires-in", time.Second, "expires_at = insert time + this (0 inserts rows already expired)")
	fs.DurationVar(&opts.Tick, "tick", 50*time.Millisecond, "the producer inserts the rows due every tick")
	fs.IntVar(&opts.LiveRows, "live-rows", 100_000, "rows expiring in a day, in the table throughout")
	fs.IntVar(&opts.BatchSize, "batch-size", 1_000, "the policy's batch_size")
	fs.IntVar(&opts.Workers, "workers", 4, "River max_workers")
	fs.BoolVar(&opts.NoS3, "no-s3", false, "blobs on a local directory instead of versitygw")
	fs.StringVar(&opts.Versitygw, "versitygw", "", "versitygw binary (default $LETHE_VERSITYGW, ./bin/versitygw, PATH)")
	verbose := fs.Bool("verbose", false, "log the workers' batches (debug) to stderr")
	if err := parse(fs, args); err != nil {
		return err
	}
	if opts.Rate < 1 || opts.BatchSize < 1 || opts.Workers < 1 || opts.LiveRows < 0 {
		return usagef("--rate, --batch-size and --workers must be at least 1, --live-rows at least 0")
	}
	if opts.Interval < time.Second || opts.Duration <= 0 || opts.Tick <= 0 || opts.ExpiresIn < 0 {
		return usagef("--interval must be at least 1s, --duration and --tick positive, --expires-in not negative")
	}
	if int64(opts.Rate)*int64(opts.Duration) < int64(time.Second) {
		return usagef("--rate × --duration must produce at least one row")
	}
	cfg, serverURL, err := c.server(ctx, fs, configPath)
	if err != nil {
		return err
	}
	opts.ServerURL, opts.Out = serverURL, c.stdout
	if *verbose {
		opts.Logger = c.logger(cfg, true)
	}
	return bench.ExpireLatency(ctx, opts)
}
