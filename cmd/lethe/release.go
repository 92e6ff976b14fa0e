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
		summary: "Give an expire policy's set-aside rows (refused blob keys) back to the planner, once their keys are fixed; or, given an entity and a key, release its legal hold (see hold).",
		usage:   "[--config lethe.yaml] <policy> | [--reason \"why\"] <entity> <key>",
	}
	cmd.run = func(ctx context.Context, c *cli, args []string) error {
		var configPath, reason string
		fs := c.flags(cmd, &configPath)
		fs.StringVar(&reason, "reason", "", "with <entity> <key>: why the hold is released, for the audit")
		positional, err := parseAll(fs, args)
		if err != nil {
			return err
		}
		if len(positional) == 2 {
			return c.releaseHold(ctx, fs, configPath, positional, reason)
		}
		if len(positional) != 1 {
			return usagef("want one expire policy, or an entity and a key")
		}
		if reason != "" {
			return usagef("--reason applies to releasing an entity's hold (<entity> <key>)")
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
