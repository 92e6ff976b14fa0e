package main

import (
	"context"
)

func benchCommand() command {
	cmd := command{
		name:    "bench",
		summary: "Measure throughput, latency and memory against baselines in one run (expire | sweep).",
		usage:   "expire|sweep [flags]",
	}
	cmd.run = func(ctx context.Context, c *cli, args []string) error {
		if len(args) == 0 {
			return usagef("want a benchmark: expire or sweep")
		}
		switch args[0] {
		case "expire":
			return benchExpire(ctx, c, args[1:])
		case "sweep":
			return benchSweep(ctx, c, args[1:])
		case "-h", "--help", "-help":
			c.stdout.Write([]byte("Usage: lethe bench expire|sweep [flags]\n\nRun 'lethe bench expire --help' or 'lethe bench sweep --help' for flags.\n"))
			return nil
		default:
			return usagef("unknown benchmark %q (want expire or sweep)", args[0])
		}
	}
	return cmd
}
