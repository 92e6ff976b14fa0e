package main

import (
	"context"
	"fmt"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/workers"
)

func checkConfigCommand() command {
	cmd := command{
		name:    "check-config",
		summary: "Validate the configuration file and print its policies; with --db, check their tables in the database too.",
		usage:   "[--config lethe.yaml] [--db]",
	}
	cmd.run = func(ctx context.Context, c *cli, args []string) error {
		var (
			configPath string
			checkDB    bool
		)
		fs := c.flags(cmd, &configPath)
		fs.BoolVar(&checkDB, "db", false, "connect and check each policy's table, columns and indexes")
		if err := parseNoArgs(fs, args); err != nil {
			return err
		}
		cfg, err := c.loadConfig(fs, configPath)
		if err != nil {
			return err
		}
		fmt.Fprintf(c.stdout, "config ok: %d policies\n", len(cfg.Policies))
		for _, p := range cfg.Policies {
			table := ""
			switch p := p.(type) {
			case *config.Expire:
				table = p.Table
			case *config.Sweep:
				table = p.Table
			}
			b := p.Base()
			fmt.Fprintf(c.stdout, "  %-16s %-10s %-28s %s\n", b.Name, b.Kind, table, b.Schedule)
		}
		if !checkDB {
			return nil
		}
		return c.checkTables(ctx, cfg)
	}
	return cmd
}

// checkTables checks each policy's table the way its first run would, and
// prints one line per policy plus one per warning. It fails when any policy
// would fail.
func (c *cli) checkTables(ctx context.Context, cfg *config.Config) error {
	pool, err := c.connect(ctx, cfg)
	if err != nil {
		return err
	}
	defer pool.Close()

	fmt.Fprintln(c.stdout, "database:")
	failed := 0
	for _, policy := range cfg.Policies {
		var (
			name     = policy.Base().Name
			warnings []string
			err      error
		)
		switch p := policy.(type) {
		case *config.Expire:
			var t *db.ExpireTable
			if t, err = db.LookupExpireTable(ctx, pool, workers.ExpireColumns(p)); err == nil {
				warnings = t.Warnings
			}
		case *config.Sweep:
			_, err = db.SweepTableKind(ctx, pool, workers.SweepTable(p))
		default:
			fmt.Fprintf(c.stdout, "  %-16s not checked (%s policies use the tables Lethe migrates)\n", name, policy.PolicyKind())
			continue
		}
		if err != nil {
			failed++
			fmt.Fprintf(c.stdout, "  %-16s FAILED: %v\n", name, err)
			if p, ok := policy.(*config.Expire); ok {
				fmt.Fprintf(c.stdout, "  %-16s to prepare the table, add to your migrations:\n", "")
				for _, stmt := range db.ExpireTableDDL(workers.ExpireColumns(p)) {
					fmt.Fprintf(c.stdout, "%s\n", stmt)
				}
			}
			continue
		}
		fmt.Fprintf(c.stdout, "  %-16s ok\n", name)
		for _, w := range warnings {
			fmt.Fprintf(c.stdout, "  %-16s warning: %s\n", "", w)
		}
	}
	if failed > 0 {
		return fmt.Errorf("%d of %d policies failed the database check", failed, len(cfg.Policies))
	}
	return nil
}
