package main

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/entity"
	"github.com/lethehq/lethe/internal/metrics"
	"github.com/lethehq/lethe/workers"
)

func checkConfigCommand() command {
	cmd := command{
		name:    "check-config",
		summary: "Validate the configuration file and print its policies, their timelines and every job kind's timeout; with --db, check their tables and the entities' in the database too.",
		usage:   "[--config lethe.yaml] [--db [--strict]]",
	}
	cmd.run = func(ctx context.Context, c *cli, args []string) error {
		var (
			configPath      string
			checkDB, strict bool
		)
		fs := c.flags(cmd, &configPath)
		fs.BoolVar(&checkDB, "db", false, "connect and check each policy's table, columns, indexes and partitions, and each entity's tables, foreign keys, indexes and guards; every finding is printed with its fix")
		fs.BoolVar(&strict, "strict", false, "with --db, fail (exit 1) on warnings too, not only on errors: for CI")
		if err := parseNoArgs(fs, args); err != nil {
			return err
		}
		if strict && !checkDB {
			return usagef("--strict applies only with --db")
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
		return c.checkTables(ctx, cfg, strict)
	}
	return cmd
}

// checkTables checks each policy's table the way its runs use it, and
// prints one line per policy plus each finding with its fix; then it checks
// the declared entities (checkEntities). Lethe's own tables missing is one
// finding, and everything else is checked all the same. It fails when any
// policy or entity has an error (a policy that would fail, a finding that
// loses data or breaks deletion) or, with strict, any warning.
func (c *cli) checkTables(ctx context.Context, cfg *config.Config, strict bool) error {
	pool, err := c.connect(ctx, cfg)
	if err != nil {
		return err
	}
	defer pool.Close()

	fmt.Fprintf(c.stdout, "database (%ss fail the check; %ss do not, unless --strict):\n", entity.SeverityError, entity.SeverityWarning)
	var tally findingTally
	migration, err := entity.CheckMigrated(ctx, pool)
	if err != nil {
		return err
	}
	if len(migration) > 0 {
		tally.lethe = true
		for _, f := range migration {
			c.printFinding("lethe", f.Severity, f.Problem, f.Fix)
		}
	}
	if err := c.checkRiverSchema(ctx, pool, cfg, &tally); err != nil {
		return err
	}
	for _, policy := range cfg.Policies {
		name := policy.Base().Name
		var findings []db.TableFinding
		switch p := policy.(type) {
		case *config.Expire:
			findings, err = db.CheckExpireTable(ctx, workers.ExpireTimeouts(p).Pool(pool), workers.ExpireColumns(p))
			c.lockTimedOut(ctx, cfg, pool, p.Name, p.Table, p.LockTimeout.D(), err)
		case *config.Sweep:
			findings, err = db.CheckSweepTable(ctx, workers.SweepTimeouts(p).Pool(pool), p.Name, workers.SweepTable(p), p.Mode == config.SweepPartitions)
			c.lockTimedOut(ctx, cfg, pool, p.Name, p.Table, p.LockTimeout.D(), err)
		case *config.Tombstone:
			fmt.Fprintf(c.stdout, "  %-16s checked with entity %s below\n", name, p.Entity)
			continue
		default:
			fmt.Fprintf(c.stdout, "  %-16s not checked (%s policies use the tables Lethe migrates)\n", name, policy.PolicyKind())
			continue
		}
		if err != nil {
			return err
		}
		var errs, warnings int
		for _, f := range findings {
			if f.Warning {
				warnings++
			} else {
				errs++
			}
		}
		tally.add(errs, warnings)
		c.printSummary(name, errs, warnings)
		for _, f := range findings {
			severity := entity.SeverityError
			if f.Warning {
				severity = entity.SeverityWarning
			}
			c.printFinding("", severity, f.Problem, f.Fix)
		}
		if p, ok := policy.(*config.Expire); ok && needsExpireColumns(findings, p) {
			fmt.Fprintf(c.stdout, "  %-16s to prepare the table, add to your migrations:\n", "")
			for _, stmt := range db.ExpireTableDDL(workers.ExpireColumns(p)) {
				fmt.Fprintf(c.stdout, "%s\n", stmt)
			}
		}
	}
	var failures []string
	if tally.lethe {
		failures = append(failures, "Lethe's own tables")
	}
	if tally.riverSchema {
		failures = append(failures, "river.schema")
	}
	if tally.failedPolicies > 0 {
		failures = append(failures, fmt.Sprintf("%d of %d policies", tally.failedPolicies, len(cfg.Policies)))
	}
	if names := cfg.EntityNames(); len(names) > 0 {
		entities, err := c.checkEntities(ctx, pool, cfg)
		if err != nil {
			return err
		}
		if entities.failedPolicies > 0 {
			failures = append(failures, fmt.Sprintf("%d of %d entities", entities.failedPolicies, len(names)))
		}
		tally.warnings += entities.warnings
	}
	if len(failures) > 0 {
		list := strings.Join(failures[:len(failures)-1], ", ")
		if list != "" {
			list += " and "
		}
		return fmt.Errorf("%s failed the database check", list+failures[len(failures)-1])
	}
	if strict && tally.warnings > 0 {
		return fmt.Errorf("%s and --strict: the database check failed", count(tally.warnings, string(entity.SeverityWarning)))
	}
	return nil
}

// checkRiverSchema fails the check when river.schema holds a table the
// configuration's policies or entities name: River creates, migrates and
// (migrating down) drops its tables there, so that schema must be Lethe's
// own. "public" holding them is a warning only: it is the layout of Lethe
// versions before river.schema, which keeps working.
func (c *cli) checkRiverSchema(ctx context.Context, pool *pgxpool.Pool, cfg *config.Config, tally *findingTally) error {
	schema := cfg.River.Schema
	shared, err := tablesInSchema(ctx, pool, schema, configTables(cfg))
	if err != nil {
		return err
	}
	if len(shared) == 0 {
		return nil
	}
	const fix = "set river.schema to a schema of Lethe's own (the default, " + config.DefaultRiverSchema + "), then run lethe migrate up"
	problem := fmt.Sprintf("river.schema %s holds %s, which the configuration deletes from: River's tables and migrations must not share a schema with yours", schema, strings.Join(shared, ", "))
	severity := entity.SeverityError
	if schema == "public" {
		severity = entity.SeverityWarning
		problem += " (public is the layout of Lethe versions before river.schema: it works, but keep River apart)"
		tally.warnings++
	} else {
		tally.riverSchema = true
	}
	c.printFinding("river.schema", severity, problem, fix)
	return nil
}

// configTables lists the tables cfg's policies and entities name, once
// each, in configuration order.
func configTables(cfg *config.Config) []string {
	var tables []string
	add := func(names ...string) {
		for _, name := range names {
			if name != "" && !slices.Contains(tables, name) {
				tables = append(tables, name)
			}
		}
	}
	for _, p := range cfg.Policies {
		switch p := p.(type) {
		case *config.Expire:
			add(p.Table)
		case *config.Sweep:
			add(p.Table)
		}
	}
	for _, name := range cfg.EntityNames() {
		if e := cfg.Entity(name); e != nil {
			add(e.Tables()...)
		}
	}
	return tables
}

// tablesInSchema returns those of tables that, resolved as Lethe's
// statements resolve them (unqualified, on the search path), are in
// schema; tables that do not exist are not.
func tablesInSchema(ctx context.Context, pool *pgxpool.Pool, schema string, tables []string) ([]string, error) {
	rows, err := pool.Query(ctx, `
		SELECT t.name
		FROM unnest($1::text[]) WITH ORDINALITY AS t(name, i)
		JOIN pg_class c ON c.oid = to_regclass(quote_ident(t.name))
		JOIN pg_namespace n ON n.oid = c.relnamespace
		WHERE n.nspname = $2
		ORDER BY t.i`, tables, schema)
	if err != nil {
		return nil, fmt.Errorf("find the configured tables in river.schema %s: %w", schema, err)
	}
	shared, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("find the configured tables in river.schema %s: %w", schema, err)
	}
	return shared, nil
}

// findingTally counts what the database check found.
type findingTally struct {
	// lethe says Lethe's own tables are missing.
	lethe bool
	// riverSchema says river.schema holds tables the configuration names.
	riverSchema bool
	// failedPolicies counts policies (or entities) with errors; warnings
	// counts warnings.
	failedPolicies, warnings int
}

func (t *findingTally) add(errs, warnings int) {
	if errs > 0 {
		t.failedPolicies++
	}
	t.warnings += warnings
}

// needsExpireColumns reports whether findings say the table lacks the
// status or initiated-at column, which ExpireTableDDL adds.
func needsExpireColumns(findings []db.TableFinding, p *config.Expire) bool {
	return slices.ContainsFunc(findings, func(f db.TableFinding) bool {
		return !f.Warning && (f.Column == p.StatusColumn || f.Column == p.InitiatedAtColumn) && strings.Contains(f.Problem, "has no column")
	})
}

// printSummary prints a policy's or entity's line: ok, or FAILED, with
// the counts.
func (c *cli) printSummary(name string, errs, warnings int) {
	switch {
	case errs > 0:
		fmt.Fprintf(c.stdout, "  %-16s FAILED: %s, %s\n", name, count(errs, string(entity.SeverityError)), count(warnings, string(entity.SeverityWarning)))
	case warnings > 0:
		fmt.Fprintf(c.stdout, "  %-16s ok, %s\n", name, count(warnings, string(entity.SeverityWarning)))
	default:
		fmt.Fprintf(c.stdout, "  %-16s ok\n", name)
	}
}

// printFinding prints one finding and its fix, under name when given.
func (c *cli) printFinding(name string, severity entity.Severity, problem, fix string) {
	fmt.Fprintf(c.stdout, "  %-16s %s: %s\n", name, severity, problem)
	fmt.Fprintf(c.stdout, "  %-16s   fix: %s\n", "", fix)
}

// checkEntities prints what entity.Check finds, entity by entity, each
// finding with its fix, and tallies the entities with errors and the
// warnings. Guards left from undeclared entities are listed under those.
// Lethe's own tables missing is checkTables' to print.
func (c *cli) checkEntities(ctx context.Context, pool *pgxpool.Pool, cfg *config.Config) (findingTally, error) {
	var tally findingTally
	findings, err := entity.Check(ctx, pool, cfg)
	if err != nil {
		return tally, err
	}
	findings = slices.DeleteFunc(findings, func(f entity.Finding) bool { return f.Kind == entity.FindingNotMigrated })
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
		tally.add(errs, warnings)
		c.printSummary(name, errs, warnings)
		// Errors first, in the order Check found them.
		for _, severity := range []entity.Severity{entity.SeverityError, entity.SeverityWarning} {
			for _, f := range findings {
				if f.Entity == name && f.Severity == severity {
					c.printFinding("", f.Severity, f.Problem, f.Fix)
				}
			}
		}
	}
	return tally, nil
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

// lockTimedOut logs err at WARN with its blocker when it is a lock timeout
// on policy's table, as `lethe serve` does (db.ReportLockTimeout): the
// check gave up on a lock an application holds.
func (c *cli) lockTimedOut(ctx context.Context, cfg *config.Config, pool *pgxpool.Pool, policy, table string, lockTimeout time.Duration, err error) {
	if !db.IsLockTimeout(err) {
		return
	}
	db.ReportLockTimeout(ctx, pool, c.logger(cfg), metrics.New().LockTimeouts, db.LockTimeout{
		Policy: policy, Step: "check", Tables: []string{table}, LockTimeout: lockTimeout, Err: err,
	})
}
