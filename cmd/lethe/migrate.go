package main

import (
	"context"
	"fmt"
	"text/tabwriter"

	"github.com/lethehq/lethe/entity"
	"github.com/lethehq/lethe/migrations"
)

func migrateCommand() command {
	cmd := command{
		name:    "migrate",
		summary: "Apply, revert or list schema migrations (River's tables in river.schema and Lethe's).",
		usage:   "[--config lethe.yaml] up | down [--steps N] [--river] [--yes] | status",
	}
	cmd.run = func(ctx context.Context, c *cli, args []string) error {
		var (
			configPath string
			steps      int
			river      bool
			yes        bool
		)
		fs := c.flags(cmd, &configPath)
		fs.IntVar(&steps, "steps", 1, "down: how many Lethe migrations to revert, `N` (-1 for all)")
		fs.BoolVar(&river, "river", false, "down: also remove River's tables once every Lethe migration is reverted")
		fs.BoolVar(&yes, "yes", false, "down: confirm reverting more than one migration, or removing River's tables")
		positional, err := parseAll(fs, args)
		if err != nil {
			return err
		}
		if len(positional) != 1 {
			return usagef("want exactly one of up, down or status")
		}
		action := positional[0]
		if action != "up" && action != "down" && action != "status" {
			return usagef("unknown action %q (want up, down or status)", action)
		}
		if action == "down" {
			if err := confirmDown(steps, river, yes); err != nil {
				return err
			}
		}
		cfg, err := c.loadConfig(fs, configPath)
		if err != nil {
			return err
		}
		pool, err := c.connect(ctx, cfg)
		if err != nil {
			return err
		}
		defer pool.Close()

		switch action {
		case "up":
			applied, err := migrations.Up(ctx, pool, cfg.River.Schema)
			if err != nil {
				return err
			}
			fmt.Fprintf(c.stdout, "applied %d migrations %v (River's tables in schema %s are current)\n", len(applied), applied, cfg.River.Schema)
			changes, unresolved, err := entity.InstallGuards(ctx, pool, pool, cfg)
			if err != nil {
				return err
			}
			printGuardChanges(c.stdout, changes, "late-write guards are current")
			warnUndeclared(c.stderr, changes)
			if unresolved != nil {
				// Tables an application has not created yet: their guards
				// come with the next migrate up, serve or guards install.
				fmt.Fprintf(c.stderr, "warning: entities without late-write guards: %v\n", unresolved)
			}
		case "down":
			reverted, err := migrations.Down(ctx, pool, cfg.River.Schema, steps, river)
			if err != nil {
				return err
			}
			fmt.Fprintf(c.stdout, "reverted %d migrations %v\n", len(reverted), reverted)
		case "status":
			list, err := migrations.List(ctx, pool)
			if err != nil {
				return err
			}
			tw := tabwriter.NewWriter(c.stdout, 0, 4, 2, ' ', 0)
			fmt.Fprintln(tw, "VERSION\tNAME\tAPPLIED")
			for _, m := range list {
				applied := "pending"
				if !m.AppliedAt.IsZero() {
					applied = m.AppliedAt.Format("2006-01-02 15:04:05Z07:00")
				}
				if m.Unknown {
					applied += " (not a migration of this version; left alone)"
				}
				fmt.Fprintf(tw, "%04d\t%s\t%s\n", m.Version, m.Name, applied)
			}
			if err := tw.Flush(); err != nil {
				return err
			}
			riverPending, err := migrations.RiverPending(ctx, pool, cfg.River.Schema)
			if err != nil {
				return err
			}
			if riverPending == 0 {
				fmt.Fprintf(c.stdout, "River's tables in schema %s are current\n", cfg.River.Schema)
			} else {
				fmt.Fprintf(c.stdout, "River's tables in schema %s: %d migrations pending\n", cfg.River.Schema, riverPending)
			}
			return nil
		}
		return nil
	}
	return cmd
}

// confirmDown checks the flags of migrate down before anything connects.
// Reverting one migration is the ordinary undo of an upgrade; reverting more
// drops Lethe's tables with their data (tombstones and the audit log
// included), and --river drops every queued job, so both need --yes. It
// never asks: migrate runs in deploy scripts, where a prompt would hang.
func confirmDown(steps int, river, yes bool) error {
	if steps == 0 || steps < -1 {
		return usagef("--steps must be a positive number of migrations, or -1 for all of them (got %d)", steps)
	}
	if yes {
		return nil
	}
	switch {
	case steps == -1:
		return usagef("down --steps -1 reverts every Lethe migration and drops the lethe_* tables with their data (tombstones and audit log included); add --yes to confirm")
	case steps > 1:
		return usagef("down --steps %d reverts %d Lethe migrations and drops what they created, data included; add --yes to confirm", steps, steps)
	case river:
		return usagef("down --river removes River's tables and every job in them; add --yes to confirm")
	}
	return nil
}
