package main

import (
	"context"
)

func benchCommand() command {
	cmd := command{
		name:    "bench",
		summary: "Measure throughput, latency and memory against baselines in one run (expire | expire-latency | expire-growth | sweep).",
		usage:   "expire|expire-latency|expire-growth|sweep [flags]",
	}
	cmd.run = func(ctx context.Context, c *cli, args []string) error {
		if len(args) == 0 {
			return usagef("want a benchmark: expire, expire-latency, expire-growth or sweep")
		}
		switch args[0] {
		case "expire":
			return benchExpire(ctx, c, args[1:])
		case "expire-latency":
			return benchExpireLatency(ctx, c, args[1:])
		case "expire-growth":
			return benchExpireGrowth(ctx, c, args[1:])
		case "sweep":
			return benchSweep(ctx, c, args[1:])
		case "-h", "--help", "-help":
			c.stdout.Write([]byte("Usage: lethe bench expire|expire-latency|expire-growth|sweep [flags]\n\nRun 'lethe bench <benchmark> --help' for its flags.\n"))
			return nil
		default:
			return usagef("unknown benchmark %q (want expire, expire-latency, expire-growth or sweep)", args[0])
		}
	}
	return cmd
}
