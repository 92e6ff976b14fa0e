package main

import (
	"context"
	"log/slog"
	"time"

	"github.com/lethehq/lethe/internal/bench"
)

// sweepBenchmark measures the TTL sweep: rows/s against a plain DELETE and
// the runbook's loop, and a foreground workload's p99 during the sweep.
func sweepBenchmark() benchmark {
	return benchmark{
		name:    "sweep",
		summary: "Measure the TTL sweep on its own fresh database: rows/s vs one plain DELETE and the runbook's loop, foreground p99 during the sweep vs idle, peak RSS.",
		usage:   "[--config lethe.yaml] [--rows N] [--batch N] [--max-batch N] [--pause D] [--target D] [--rate N] [--workers N] [--window D] [--repeats N]",
		run:     runSweep,
	}
}

func runSweep(ctx context.Context, c *cli, b benchmark, args []string) error {
	var (
		configPath string
		opts       = bench.SweepOptions{Tuned: bench.SweepTuned}
	)
	fs := c.flags(b, &configPath)
	fs.IntVar(&opts.Rows, "rows", 1_000_000, "rows in the idempotency table (half expired)")
	fs.IntVar(&opts.Tuned.BatchSize, "batch", bench.SweepTuned.BatchSize, "tuned setting: batch_size (first batch)")
	fs.IntVar(&opts.Tuned.MaxBatchSize, "max-batch", bench.SweepTuned.MaxBatchSize, "tuned setting: max_batch_size (adaptive growth limit)")
	fs.DurationVar(&opts.Tuned.Pause, "pause", bench.SweepTuned.Pause, "tuned setting: pause between batches")
	fs.DurationVar(&opts.Tuned.Target, "target", bench.SweepTuned.Target, "tuned setting: target_batch_duration (grow while batches are faster)")
	fs.IntVar(&opts.Rate, "rate", 400, "foreground operations per second (half inserts, half point reads)")
	fs.IntVar(&opts.Workers, "workers", 4, "foreground workers (goroutines of the foreground process, each with its connection)")
	fs.DurationVar(&opts.Idle, "window", time.Second, "length of each alternating idle / sweeping window of the latency measurement")
	fs.IntVar(&opts.Repeats, "repeats", 3, "rounds: runs per throughput scenario (the median is reported) and table loads per latency setting (samples pooled)")
	if err := parse(fs, args); err != nil {
		return err
	}
	if opts.Rows < 1000 {
		return usagef("--rows must be at least 1000")
	}
	if opts.Tuned.BatchSize < 1 || opts.Tuned.MaxBatchSize < opts.Tuned.BatchSize {
		return usagef("--batch must be at least 1 and --max-batch at least --batch")
	}
	cfg, serverURL, err := c.server(ctx, fs, configPath)
	if err != nil {
		return err
	}
	opts.ServerURL = serverURL
	opts.Logger = c.logger(cfg, false).With(slog.String("bench", "sweep"))
	rep, err := bench.Sweep(ctx, opts)
	if err != nil {
		return err
	}
	rep.Print(c.stdout)
	return nil
}
