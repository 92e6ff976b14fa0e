package main

import (
	"context"
	"time"

	"github.com/lethehq/lethe/internal/bench"
)

// expireBenchmark measures status-claimed expiry against a plain DELETE,
// the naive claim-then-delete loop and direct DeleteObjects, in one run.
func expireBenchmark() benchmark {
	return benchmark{
		name:    "expire",
		summary: "Measure expiry (DB only, idle and under a foreground load, blobs on a local store and on versitygw) and the sweep under load against baselines on a fresh database.",
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
	fs.IntVar(&opts.Repeats, "repeats", 5, "rounds: every measurement runs once a round (median and min–max reported)")
	fs.BoolVar(&opts.NoS3, "no-s3", false, "skip the versitygw runs")
	fs.StringVar(&opts.Versitygw, "versitygw", "", "versitygw binary (default $LETHE_VERSITYGW, ./bin/versitygw, PATH)")
	fs.IntVar(&opts.FgRate, "fg-rate", 400, "foreground load: operations per second (half inserts, half point reads)")
	fs.IntVar(&opts.FgWorkers, "fg-workers", 4, "foreground load: workers (goroutines of the foreground process, each with its connection)")
	fs.DurationVar(&opts.FgIdle, "fg-idle", 3*time.Second, "foreground load: the idle window sampled before each loaded run")
	fs.BoolVar(&opts.NoLoad, "no-load", false, "skip the runs under foreground load")
	fs.BoolVar(&opts.NoSweep, "no-sweep", false, "skip the sweep runs (idle and under load)")
	fs.IntVar(&opts.SweepRows, "sweep-rows", 0, "rows of the sweep runs' table, half expired (default --rows)")
	fs.IntVar(&opts.DirectWorkers, "direct-workers", 8, "goroutines of the direct os.Remove baseline for the local blob store")
	fs.DurationVar(&opts.PaceTarget, "pace-target", 0, "pacing.target_p99 of the pipelines and the sweep (0: the default, 20ms)")
	fs.Float64Var(&opts.MaxSlowdown, "max-slowdown", 0, "pacing.max_slowdown of the pipelines and the sweep (0: the default, 1.25)")
	fs.BoolVar(&opts.NoPace, "no-pace", false, "leave the pipelines' policy without a pacing block (full speed under the foreground load too)")
	fs.DurationVar(&opts.FetchCooldown, "fetch-cooldown", 0, "River's FetchCooldown for the pipeline (0: river.fetch_cooldown's default, as the service runs it)")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the benchmark process (River client, workers, pgx) to this file")
	verbose := fs.Bool("verbose", false, "log the workers' batches (debug) to stderr")
	if err := parse(fs, args); err != nil {
		return err
	}
	if opts.Rows < 2 || opts.BlobRows < 2 || opts.BatchSize < 1 || opts.BlobBatchSize < 1 || opts.Workers < 1 || opts.Planners < 1 || opts.Repeats < 1 ||
		opts.FgRate < 1 || opts.FgWorkers < 1 || opts.DirectWorkers < 1 || opts.SweepRows < 0 {
		return usagef("--rows and --blob-rows must be at least 2, the other counts at least 1")
	}
	if opts.SweepRows != 0 && opts.SweepRows < 1000 {
		return usagef("--sweep-rows must be at least 1000")
	}
	if opts.PaceTarget < 0 {
		return usagef("--pace-target must not be negative")
	}
	if opts.MaxSlowdown != 0 && !(opts.MaxSlowdown >= 1 && opts.MaxSlowdown <= 100) {
		return usagef("--max-slowdown must be from 1 to 100")
	}
	if opts.FgIdle <= 0 {
		return usagef("--fg-idle must be positive")
	}
	cfg, serverURL, err := c.server(ctx, fs, configPath)
	if err != nil {
		return err
	}
	opts.ServerURL, opts.Out = serverURL, c.stdout
	if *verbose {
		opts.Logger = c.logger(cfg, true)
	}
	stop, err := profileCPU(*cpuProfile)
	if err != nil {
		return err
	}
	defer stop()
	return bench.Expire(ctx, opts)
}
