package main

import (
	"context"

	"github.com/lethehq/lethe/internal/bench"
)

// entityVolumeBenchmark measures deleting many small entities through the
// batch API and by SQL enqueue.
func entityVolumeBenchmark() benchmark {
	return benchmark{
		name:    "entity-volume",
		summary: "Measure deleting many small accounts (20 rows over 4 tables, 2 blobs on versitygw) through the batch API and by SQL enqueue: entities/s, request → verified p50/p99, WAL an entity, a foreground writer's latency, on a fresh database.",
		usage:   "[flags]",
		run:     runEntityVolume,
	}
}

func runEntityVolume(ctx context.Context, c *cli, b benchmark, args []string) error {
	var (
		configPath string
		opts       bench.EntityVolumeOptions
	)
	fs := c.flags(b, &configPath)
	fs.IntVar(&opts.Entities, "entities", 10_000, "accounts deleted in each of the four runs")
	fs.Float64Var(&opts.Rate, "rate", 200, "offered deletions a second in the paced runs")
	fs.IntVar(&opts.APIBatch, "api-batch", 1_000, "keys a request (or INSERT) names when all are asked for at once")
	fs.IntVar(&opts.Workers, "workers", 10, "river.max_workers of the service")
	fs.StringVar(&opts.Versitygw, "versitygw", "", "versitygw binary (default $LETHE_VERSITYGW, ./bin/versitygw, PATH)")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the benchmark process (Lethe's service, the requests, the writer) to this file")
	verbose := fs.Bool("verbose", false, "log the service (debug) to stderr")
	if err := parse(fs, args); err != nil {
		return err
	}
	if opts.Entities < 1 || opts.Rate <= 0 || opts.APIBatch < 1 || opts.APIBatch > 1_000 || opts.Workers < 1 {
		return usagef("--entities and --workers must be at least 1, --rate positive, --api-batch between 1 and 1000")
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
	return bench.EntityVolume(ctx, opts)
}
