package main

import (
	"context"
	"fmt"
	"io"

	"github.com/lethehq/lethe/entity"
)

func guardsCommand() command {
	cmd := command{
		name:    "guards",
		summary: "Install or check the late-write guards of the declared entities (migrate up and serve install them too).",
		usage:   "[--config lethe.yaml] install | status",
	}
	cmd.run = func(ctx context.Context, c *cli, args []string) error {
		var configPath string
		fs := c.flags(cmd, &configPath)
		positional, err := parseAll(fs, args)
		if err != nil {
			return err
		}
		if len(positional) != 1 || (positional[0] != "install" && positional[0] != "status") {
			return usagef("want exactly one of install or status")
		}
		cfg, pool, err := c.openPool(ctx, fs, configPath, nil)
		if err != nil {
			return err
		}
		defer pool.Close()
		install := positional[0] == "install"
		var (
			changes    []entity.GuardChange
			unresolved error
		)
		if install {
			changes, unresolved, err = entity.InstallGuards(ctx, pool, pool, cfg)
		} else {
			changes, unresolved, err = entity.CheckGuards(ctx, pool, cfg)
		}
		if err != nil {
			return err
		}
		printGuardChanges(c.stdout, changes, "guards are current")
		switch {
		case unresolved != nil:
			return fmt.Errorf("some entities have no guards: %w", unresolved)
		case !install && len(changes) > 0:
			return fmt.Errorf("%d guards are not current: run lethe guards install", len(changes))
		}
		return nil
	}
	return cmd
}

// printGuardChanges prints one line per guard change, or none when there
// are none.
func printGuardChanges(w io.Writer, changes []entity.GuardChange, none string) {
	if len(changes) == 0 {
		fmt.Fprintln(w, none)
	}
	for _, ch := range changes {
		fmt.Fprintln(w, ch)
	}
}
