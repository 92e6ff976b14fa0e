package main

import (
	"context"
	"fmt"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/workers"
)

func releaseCommand() command {
	cmd := command{
		name:    "release",
		summary: "Give an expire policy's set-aside rows (refused blob keys) back to the planner, once their keys are fixed.",
		usage:   "[--config lethe.yaml] <policy>",
	}
	cmd.run = func(ctx context.Context, c *cli, args []string) error {
		var configPath string
		fs := c.flags(cmd, &configPath)
		positional, err := parseAll(fs, args)
		if err != nil {
			return err
		}
		if len(positional) != 1 {
			return usagef("want one expire policy")
		}
		var p *config.Expire
		_, pool, err := c.openPool(ctx, fs, configPath, func(cfg *config.Config) error {
			if p = cfg.Expire(positional[0]); p == nil {
				return usagef("no expire policy %q in the configuration", positional[0])
			}
			return nil
		})
		if err != nil {
			return err
		}
		defer pool.Close()
		table, err := db.LookupExpireTable(ctx, pool, workers.ExpireColumns(p))
		if err != nil {
			return err
		}
		n, err := table.Release(ctx, workers.ExpireTimeouts(p).Pool(pool))
		if err != nil {
			return err
		}
		fmt.Fprintf(c.stdout, "released %d set-aside rows of policy %s\n", n, p.Name)
		return nil
	}
	return cmd
}
