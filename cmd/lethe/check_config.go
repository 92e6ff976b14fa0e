package main

import (
	"context"
	"fmt"
)

func checkConfigCommand() command {
	cmd := command{
		name:    "check-config",
		summary: "Validate the configuration file and print its policies.",
		usage:   "[--config lethe.yaml]",
	}
	cmd.run = func(ctx context.Context, c *cli, args []string) error {
		var configPath string
		fs := c.flags(cmd, &configPath)
		if err := parseNoArgs(fs, args); err != nil {
			return err
		}
		cfg, err := c.loadConfig(fs, configPath)
		if err != nil {
			return err
		}
		fmt.Fprintf(c.stdout, "config ok: %d policies\n", len(cfg.Policies))
		for _, p := range cfg.Policies {
			fmt.Fprintf(c.stdout, "  %-16s %-10s %-28s %s\n", p.Name, p.Kind, p.Table, p.Schedule)
		}
		return nil
	}
	return cmd
}
