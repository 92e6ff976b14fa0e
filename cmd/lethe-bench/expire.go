package main

import (
	"context"

	"github.com/lethehq/lethe/internal/bench"
)

// expireBenchmark measures status-claimed expiry against a plain DELETE,
// the naive claim-then-delete loop and direct DeleteObjects, in one run.
func expireBenchmark() benchmark {
	return benchmark{
		name:    "expire",
		summary: "Measure status-claimed expiry (DB only, blobs on a local store and on versitygw) against baselines on a fresh database.",
		usage:   "[flags]",
		run:     runExpire,
	}
}

func runExpire(ctx context.Context, c *cli, b benchmark, args []string) error {
	var (
		configPath string
		opts       bench.ExpireOptions
	)
	fs := c.flags(b, &configPath)
	fs.IntVar(&opts.Rows, "rows", 1_000_000, "rows of the DB-only runs (half expired)")
	fs.IntVar(&opts.BlobRows, "blob-rows", 50_000, "rows of the runs with blobs (half expired, one blob each)")
	fs.IntVar(&opts.BatchSize, "batch-size", 5_000, "batch_size of the DB-only pipeline")
	fs.IntVar(&opts.BlobBatchSize, "blob-batch-size", 1_000, "batch_size of the pipelines with blobs")
	fs.IntVar(&opts.Workers, "workers", 4, "River max_workers")
	fs.IntVar(&opts.Planners, "planners", 2, "planner jobs run at once")
	fs.IntVar(&opts.Repeats, "repeats", 3, "runs of the plain DELETE and the DB-only pipeline (median reported)")
	fs.BoolVar(&opts.NoS3, "no-s3", false, "skip the versitygw runs")
	fs.StringVar(&opts.Versitygw, "versitygw", "", "versitygw binary (default $LETHE_VERSITYGW, ./bin/versitygw, PATH)")
	verbose := fs.Bool("verbose", false, "log the workers' batches (debug) to stderr")
	if err := parse(fs, args); err != nil {
		return err
	}
	if opts.Rows < 2 || opts.BlobRows < 2 || opts.BatchSize < 1 || opts.BlobBatchSize < 1 || opts.Workers < 1 || opts.Planners < 1 || opts.Repeats < 1 {
		return usagef("--rows and --blob-rows must be at least 2, the other counts at least 1")
	}
	cfg, serverURL, err := c.server(ctx, fs, configPath)
	if err != nil {
		return err
	}
	opts.ServerURL, opts.Out = serverURL, c.stdout
	if *verbose {
		opts.Logger = c.logger(cfg, true)
	}
	return bench.Expire(ctx, opts)
}
