package main

import (
	"context"
	"flag"
	"log/slog"

	"github.com/lethehq/lethe/internal/bench"
)

// entityBenchmark measures deleting one large entity: one transaction
// against chunks ahead of a short final transaction.
func entityBenchmark() benchmark {
	return benchmark{
		name:    "entity",
		summary: "Measure deleting one large account (tasks two edges deep) on its own fresh database: one transaction vs chunks, the final transaction's length, a foreground writer's latency; with --capture, what a restore_window's capture costs a deletion (time and WAL, small and large accounts).",
		usage:   "[--config lethe.yaml] [--tasks N] [--chunk N] [--repeats N] [--capture [--small N]]",
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
	capture := fs.Bool("capture", false, "measure the cost of a restore_window's capture instead: deletions without and with it")
	small := fs.Int("small", 200, "with --capture: small accounts deleted per way")
	if err := parse(fs, args); err != nil {
		return err
	}
	if *capture {
		return runEntityCapture(ctx, c, fs, configPath, bench.CaptureOptions{Small: *small, Tasks: opts.Tasks, Repeats: opts.Repeats})
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

// runEntityCapture is entity --capture: the cost of a restore_window's
// capture (bench.EntityCapture).
func runEntityCapture(ctx context.Context, c *cli, fs *flag.FlagSet, configPath string, opts bench.CaptureOptions) error {
	if opts.Tasks < 100 || opts.Small < 1 || opts.Repeats < 1 {
		return usagef("--tasks must be at least 100, --small and --repeats at least 1")
	}
	cfg, serverURL, err := c.server(ctx, fs, configPath)
	if err != nil {
		return err
	}
	opts.ServerURL = serverURL
	opts.Logger = c.logger(cfg, false).With(slog.String("bench", "entity-capture"))
	rep, err := bench.EntityCapture(ctx, opts)
	if err != nil {
		return err
	}
	rep.Print(c.stdout)
	return nil
}
