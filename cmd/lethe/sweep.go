package main

import (
	"context"
	"fmt"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/workers"
)

func sweepCommand() command {
	cmd := command{
		name:    "sweep",
		summary: "Run one TTL sweep of a sweep policy now (manual cleanup), or show expired keys per sweep policy.",
		usage:   "[--config lethe.yaml] <policy> | --status [policy]",
	}
	cmd.run = func(ctx context.Context, c *cli, args []string) error {
		var (
			configPath string
			status     bool
		)
		fs := c.flags(cmd, &configPath)
		fs.BoolVar(&status, "status", false, "print table size, total and expired keys, oldest and newest expiration per sweep policy (the runbook's diagnosis query)")
		positional, err := parseAll(fs, args)
		if err != nil {
			return err
		}
		if len(positional) > 1 || (!status && len(positional) != 1) {
			return usagef("want one sweep policy, or --status")
		}
		name := ""
		if len(positional) == 1 {
			name = positional[0]
		}
		cfg, err := c.loadConfig(fs, configPath)
		if err != nil {
			return err
		}
		var policies []*config.Sweep
		for _, p := range cfg.Policies {
			if p, ok := p.(*config.Sweep); ok && (name == "" || p.Name == name) {
				policies = append(policies, p)
			}
		}
		if len(policies) == 0 {
			return usagef("no sweep policy %q (sweep policies: %s)", name, sweepPolicyNames(cfg))
		}

		pool, err := c.connect(ctx, cfg)
		if err != nil {
			return err
		}
		defer pool.Close()

		if status {
			return c.sweepStatus(ctx, pool, policies)
		}
		p := policies[0]
		sweeper := workers.NewSweeper(c.deps(cfg, pool, nil))
		res, err := sweeper.Run(ctx, p, nil)
		fmt.Fprintf(c.stdout, "%s: deleted %d expired rows from %s in %d batches in %s",
			p.Name, res.RowsDeleted, p.Table, res.Batches, res.Duration.Round(time.Millisecond))
		if res.Timeouts > 0 {
			fmt.Fprintf(c.stdout, " (%d statement timeouts; batch size now %d)", res.Timeouts, res.BatchSize)
		}
		fmt.Fprintln(c.stdout)
		if p.Mode == "partitions" {
			fmt.Fprintf(c.stdout, "  partitions dropped: %s\n  partitions created: %s\n",
				sweepListOrNone(res.PartitionsDropped), sweepListOrNone(res.PartitionsCreated))
		}
		return err
	}
	return cmd
}

// sweepStatus prints the runbook's diagnosis per sweep policy.
func (c *cli) sweepStatus(ctx context.Context, pool *pgxpool.Pool, policies []*config.Sweep) error {
	tw := tabwriter.NewWriter(c.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "POLICY\tTABLE\tMODE\tTABLE SIZE\tTOTAL KEYS\tEXPIRED KEYS\tOLDEST EXPIRATION\tNEWEST EXPIRATION")
	var errs []string
	for _, p := range policies {
		st, err := db.GetSweepStatus(ctx, workers.SweepTimeouts(p).Pool(pool), workers.SweepTable(p))
		if err != nil {
			err = gaveUpOnLock(ctx, pool, []string{p.Table}, err)
			errs = append(errs, err.Error())
			fmt.Fprintf(tw, "%s\t%s\t%s\t-\t-\t-\t-\t-\n", p.Name, p.Table, p.Mode)
			continue
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%d\t%d\t%s\t%s\n", p.Name, p.Table, p.Mode, st.TableSize,
			st.TotalKeys, st.ExpiredKeys, sweepTimeOrDash(st.OldestExpiration), sweepTimeOrDash(st.NewestExpiration))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if len(errs) > 0 {
		return fmt.Errorf("%s", strings.Join(errs, "; "))
	}
	return nil
}

func sweepPolicyNames(cfg *config.Config) string {
	var names []string
	for _, p := range cfg.Policies {
		if p, ok := p.(*config.Sweep); ok {
			names = append(names, p.Name)
		}
	}
	if len(names) == 0 {
		return "none configured"
	}
	return strings.Join(names, ", ")
}

func sweepTimeOrDash(t *time.Time) string {
	if t == nil {
		return "-"
	}
	return t.UTC().Format(time.RFC3339)
}

func sweepListOrNone(names []string) string {
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}
