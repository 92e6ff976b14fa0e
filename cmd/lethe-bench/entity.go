package main

import (
	"context"
	"log/slog"

	"github.com/lethehq/lethe/internal/bench"
)

// entityBenchmark measures deleting one large entity: one transaction
// against chunks ahead of a short final transaction.
func entityBenchmark() benchmark {
	return benchmark{
		name:    "entity",
		summary: "Measure deleting one large account (tasks two edges deep) on its own fresh database: one transaction vs chunks, the final transaction's length, a foreground writer's latency.",
		usage:   "[--config lethe.yaml] [--tasks N] [--chunk N] [--repeats N]",
		run:     runEntity,
	}
}

func runEntity(ctx context.Context, c *cli, b benchmark, args []string) error {
	var (
		configPath string
		opts       bench.EntityOptions
	)
	fs := c.flags(b, &configPath)
	fs.IntVar(&opts.Tasks, "tasks", 1_000_000, "tasks of the deleted account")
	fs.IntVar(&opts.Chunk, "chunk", 10_000, "delete_chunk_size of the chunked deletion")
	fs.IntVar(&opts.Repeats, "repeats", 3, "deletions per way (the median is reported)")
	if err := parse(fs, args); err != nil {
		return err
	}
	if opts.Tasks < 100 || opts.Chunk < 1 || opts.Repeats < 1 {
		return usagef("--tasks must be at least 100, --chunk and --repeats at least 1")
	}
	cfg, serverURL, err := c.server(ctx, fs, configPath)
	if err != nil {
		return err
	}
	opts.ServerURL = serverURL
	opts.Logger = c.logger(cfg, false).With(slog.String("bench", "entity"))
	rep, err := bench.Entity(ctx, opts)
	if err != nil {
		return err
	}
	rep.Print(c.stdout)
	return nil
}
