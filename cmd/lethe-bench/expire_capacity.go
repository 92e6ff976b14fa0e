package main

import (
	"context"
	"time"

	"github.com/lethehq/lethe/internal/bench"
)

// expireCapacityBenchmark measures expiry capacity against the blob
// store's own ceiling, and a hold near that ceiling beside pgbench.
func expireCapacityBenchmark() benchmark {
	return benchmark{
		name:    "expire-capacity",
		summary: "Measure versitygw's own DeleteObjects ceiling and Lethe's expiry capacity in the same run, then hold a share of that ceiling as the expiration rate beside a pgbench TPC-B foreground: expired → gone by window, and pgbench's latency alone, beside the producer, and beside the producer and Lethe.",
		usage:   "[flags]",
		run:     runExpireCapacity,
	}
}

func runExpireCapacity(ctx context.Context, c *cli, b benchmark, args []string) error {
	var (
		configPath string
		opts       bench.ExpireCapacityOptions
	)
	fs := c.flags(b, &configPath)
	fs.IntVar(&opts.Rounds, "rounds", 5, "rounds of the store's ceiling and of Lethe's capacity (median, min – max)")
	fs.IntVar(&opts.Keys, "keys", 20_000, "keys, and expired rows, a round")
	fs.IntVar(&opts.Workers, "workers", 4, "River max_workers, and the clients of the store's ceiling")
	fs.DurationVar(&opts.Interval, "interval", 5*time.Second, "the policy's schedule, \"@every <interval>\" (at least 1s)")
	fs.DurationVar(&opts.Duration, "duration", 5*time.Minute, "each of the hold's three phases (pgbench alone, beside the producer, beside the producer and Lethe)")
	fs.Float64Var(&opts.Share, "share", 0.8, "the hold's expiration rate as a share of the store's ceiling")
	fs.IntVar(&opts.PgbenchTPS, "pgbench-tps", 200, "pgbench's offered TPC-B transactions a second")
	fs.StringVar(&opts.Pgbench, "pgbench", "", "pgbench binary (default PATH, then /usr/lib/postgresql/15/bin/pgbench)")
	fs.StringVar(&opts.Versitygw, "versitygw", "", "versitygw binary (default $LETHE_VERSITYGW, ./bin/versitygw, PATH)")
	verbose := fs.Bool("verbose", false, "log the workers' batches (debug) to stderr")
	if err := parse(fs, args); err != nil {
		return err
	}
	if opts.Rounds < 1 || opts.Keys < 1_000 || opts.Workers < 1 || opts.PgbenchTPS < 1 {
		return usagef("--rounds, --workers and --pgbench-tps must be at least 1, --keys at least 1000")
	}
	if opts.Interval < time.Second || opts.Duration < 10*time.Second || opts.Share <= 0 || opts.Share > 2 {
		return usagef("--interval must be at least 1s, --duration at least 10s, --share in (0, 2]")
	}
	cfg, serverURL, err := c.server(ctx, fs, configPath)
	if err != nil {
		return err
	}
	opts.ServerURL, opts.Out = serverURL, c.stdout
	if *verbose {
		opts.Logger = c.logger(cfg, true)
	}
	return bench.ExpireCapacity(ctx, opts)
}
