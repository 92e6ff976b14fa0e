package main

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/entity"
	"github.com/lethehq/lethe/workers"
)

func checkConfigCommand() command {
	cmd := command{
		name:    "check-config",
		summary: "Validate the configuration file and print its policies, their timelines and every job kind's timeout; with --db, check their tables and the entities' in the database too.",
		usage:   "[--config lethe.yaml] [--db]",
	}
	cmd.run = func(ctx context.Context, c *cli, args []string) error {
		var (
			configPath string
			checkDB    bool
		)
		fs := c.flags(cmd, &configPath)
		fs.BoolVar(&checkDB, "db", false, "connect and check each policy's table, columns and indexes, and each entity's tables, references, indexes and guards")
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
		c.printTimeline(cfg)
		if !checkDB {
			return nil
		}
		return c.checkTables(ctx, cfg)
	}
	return cmd
}

// checkTables checks each policy's table the way its first run would, and
// prints one line per policy plus one per warning; then it checks the
// declared entities (checkEntities). It fails when any policy would fail or
// any entity has a finding that loses data or breaks deletion.
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
		case *config.Tombstone:
			fmt.Fprintf(c.stdout, "  %-16s checked with entity %s below\n", name, p.Entity)
			continue
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
	var failures []string
	if failed > 0 {
		failures = append(failures, fmt.Sprintf("%d of %d policies", failed, len(cfg.Policies)))
	}
	if names := cfg.EntityNames(); len(names) > 0 {
		failedEntities, err := c.checkEntities(ctx, pool, cfg)
		if err != nil {
			return err
		}
		if failedEntities > 0 {
			failures = append(failures, fmt.Sprintf("%d of %d entities", failedEntities, len(names)))
		}
	}
	if len(failures) > 0 {
		return fmt.Errorf("%s failed the database check", strings.Join(failures, " and "))
	}
	return nil
}

// checkEntities prints what entity.Check finds, entity by entity, each
// finding with its fix, and returns how many declared entities have
// errors. Guards left from undeclared entities are listed under those.
func (c *cli) checkEntities(ctx context.Context, pool *pgxpool.Pool, cfg *config.Config) (failed int, err error) {
	findings, err := entity.Check(ctx, pool, cfg)
	if err != nil {
		return 0, err
	}
	names := cfg.EntityNames()
	for _, f := range findings {
		if !slices.Contains(names, f.Entity) {
			names = append(names, f.Entity)
		}
	}
	fmt.Fprintf(c.stdout, "entities (%ss lose data or break deletion; %ss do not):\n", entity.SeverityError, entity.SeverityWarning)
	for _, name := range names {
		var errs, warnings int
		for _, f := range findings {
			switch {
			case f.Entity != name:
			case f.Severity == entity.SeverityError:
				errs++
			default:
				warnings++
			}
		}
		switch {
		case errs > 0:
			failed++
			fmt.Fprintf(c.stdout, "  %-16s FAILED: %s, %s\n", name, count(errs, string(entity.SeverityError)), count(warnings, string(entity.SeverityWarning)))
		case warnings > 0:
			fmt.Fprintf(c.stdout, "  %-16s ok, %s\n", name, count(warnings, string(entity.SeverityWarning)))
		default:
			fmt.Fprintf(c.stdout, "  %-16s ok\n", name)
		}
		// Errors first, in the order Check found them.
		for _, severity := range []entity.Severity{entity.SeverityError, entity.SeverityWarning} {
			for _, f := range findings {
				if f.Entity == name && f.Severity == severity {
					fmt.Fprintf(c.stdout, "  %-16s %s: %s\n", "", f.Severity, f.Problem)
					fmt.Fprintf(c.stdout, "  %-16s   fix: %s\n", "", f.Fix)
				}
			}
		}
	}
	return failed, nil
}

// count is "1 error", "2 errors".
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// printTimeline prints each policy's timeline, the latest each step of its
// work happens, and every job kind's timeout: what validation keeps in
// order, so an operator sees how far each threshold is from the next.
func (c *cli) printTimeline(cfg *config.Config) {
	fmt.Fprintf(c.stdout, "timeline (from the start of the work: when each step happens at the latest, the watchdog at the earliest):\n")
	print := func(title string, steps []config.TimelineStep) {
		fmt.Fprintf(c.stdout, "  %s\n", title)
		for _, s := range steps {
			fmt.Fprintf(c.stdout, "    %-12s %-14s %s\n", s.At, s.Name, s.What)
		}
	}
	for _, p := range cfg.Policies {
		b := p.Base()
		print(fmt.Sprintf("%s (%s)", b.Name, b.Kind), cfg.Timeline(p))
	}
	for _, e := range cfg.Entities {
		if cfg.TombstoneFor(e.Name) == nil {
			print("entities without a tombstone policy (delete_entity, purge_blobs)", cfg.EntityTimeline())
			break
		}
	}
	fmt.Fprintf(c.stdout, "job timeouts (each below river.rescue_stuck_jobs_after %s):\n", cfg.River.RescueStuckJobsAfter.D())
	for _, t := range cfg.JobTimeouts() {
		from := t.Field
		if t.Rule != "" {
			from += " (" + t.Rule + ")"
		}
		fmt.Fprintf(c.stdout, "  %-24s %-10s %s\n", t.Kind, t.Timeout, from)
	}
}
