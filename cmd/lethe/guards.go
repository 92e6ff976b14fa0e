package main

import (
	"cmp"
	"context"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/entity"
)

func guardsCommand() command {
	cmd := command{
		name: "guards",
		summary: "Install, check, print (as SQL for a DBA) or remove the late-write guards of the declared entities; migrate up and serve install them too. " +
			"Only remove, audited, drops the guards of an entity the configuration no longer declares.",
		usage: "[--config lethe.yaml] install | status | print-sql | remove <entity>",
	}
	cmd.run = func(ctx context.Context, c *cli, args []string) error {
		var configPath string
		fs := c.flags(cmd, &configPath)
		positional, err := parseAll(fs, args)
		if err != nil {
			return err
		}
		action := ""
		if len(positional) > 0 {
			action = positional[0]
		}
		switch {
		case action == "remove" && len(positional) == 2:
			return removeGuards(ctx, c, fs, configPath, positional[1])
		case action == "remove":
			return usagef("want: remove <entity>")
		case len(positional) != 1 || (action != "install" && action != "status" && action != "print-sql"):
			return usagef("want exactly one of install, status, print-sql or remove <entity>")
		}
		cfg, pool, err := c.openPool(ctx, fs, configPath, nil)
		if err != nil {
			return err
		}
		defer pool.Close()
		var (
			changes    []entity.GuardChange
			unresolved error
		)
		switch action {
		case "print-sql":
			sql, unresolved, err := entity.GuardsSQL(ctx, pool, cfg)
			if err != nil {
				return err
			}
			fmt.Fprint(c.stdout, sql)
			if unresolved != nil {
				return fmt.Errorf("some entities are left out: %w", unresolved)
			}
			return nil
		case "install":
			changes, unresolved, err = entity.InstallGuards(ctx, pool, pool, cfg)
		default:
			changes, unresolved, err = entity.CheckGuards(ctx, pool, cfg)
		}
		if db.IsLockTimeout(err) {
			return guardLockError(ctx, pool, cfg, err)
		}
		if err != nil {
			return err
		}
		printGuardChanges(c.stdout, changes, "guards are current")
		if action == "status" {
			for _, line := range undeclaredEntities(changes) {
				fmt.Fprintln(c.stdout, line)
			}
		} else {
			warnUndeclared(c.stderr, changes)
		}
		behind := 0
		for _, ch := range changes {
			if ch.EntityDeclared {
				behind++
			}
		}
		switch {
		case unresolved != nil:
			return fmt.Errorf("some entities have no guards: %w", unresolved)
		case action == "status" && behind > 0:
			return fmt.Errorf("%d guards are not current: run lethe guards install", behind)
		}
		return nil
	}
	return cmd
}

// removeGuards drops the guards of name, an entity the configuration does
// not declare, and records that in the audit, in one transaction.
func removeGuards(ctx context.Context, c *cli, fs *flag.FlagSet, configPath, name string) error {
	started := time.Now()
	_, pool, err := c.openPool(ctx, fs, configPath, func(cfg *config.Config) error {
		if cfg.Entity(name) != nil {
			return fmt.Errorf("entity %s is declared in the configuration: its guards keep its deleted keys deleted, and the next install would put them back; remove its declaration first", name)
		}
		return nil
	})
	if err != nil {
		return err
	}
	defer pool.Close()
	var removed []entity.GuardChange
	err = pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		var err error
		if removed, err = entity.RemoveGuards(ctx, tx, name); err != nil || len(removed) == 0 {
			return err
		}
		var dbUser string
		if err := tx.QueryRow(ctx, `SELECT current_user`).Scan(&dbUser); err != nil {
			return fmt.Errorf("remove guards of %s: %w", name, err)
		}
		tables := make([]string, len(removed))
		for i, r := range removed {
			tables[i] = r.Table
		}
		return db.RecordAudit(ctx, tx, db.AuditEntry{
			Action: db.ActionRemoveGuards, StartedAt: started, Outcome: db.OutcomeOK,
			Detail: map[string]any{"entity": name, "tables": tables, "by": cmp.Or(c.getenv("USER"), "unknown"), "database_user": dbUser, "via": "lethe guards remove"},
		})
	})
	if err != nil {
		return err
	}
	if len(removed) == 0 {
		fmt.Fprintf(c.stdout, "entity %s has no late-write guards; nothing removed\n", name)
		return nil
	}
	for _, r := range removed {
		fmt.Fprintf(c.stdout, "removed guard of entity %s on table %s\n", r.Entity, r.Table)
	}
	return nil
}

// printGuardChanges prints one line per guard change of a declared entity,
// or none when there are none. The guards of entities the configuration
// does not declare are for undeclaredEntities.
func printGuardChanges(w io.Writer, changes []entity.GuardChange, none string) {
	declared := 0
	for _, ch := range changes {
		if ch.EntityDeclared {
			fmt.Fprintln(w, ch)
			declared++
		}
	}
	if declared == 0 {
		fmt.Fprintln(w, none)
	}
}

// warnUndeclared warns, one line per entity, of the guards that installing
// left on entities the configuration does not declare.
func warnUndeclared(w io.Writer, changes []entity.GuardChange) {
	for _, line := range undeclaredEntities(changes) {
		fmt.Fprintln(w, "warning: "+line)
	}
}

// undeclaredEntities says, for each entity the configuration does not
// declare, which tables its guards are still on and how they go.
func undeclaredEntities(changes []entity.GuardChange) []string {
	var (
		order  []string
		tables = map[string][]string{}
	)
	for _, ch := range changes {
		if ch.EntityDeclared {
			continue
		}
		if _, ok := tables[ch.Entity]; !ok {
			order = append(order, ch.Entity)
		}
		tables[ch.Entity] = append(tables[ch.Entity], ch.Table)
	}
	lines := make([]string, len(order))
	for i, name := range order {
		lines[i] = fmt.Sprintf("entity %s is not declared; its guards stay on %s (%s %s drops them)",
			name, strings.Join(tables[name], ", "), entity.GuardsRemoveCommand, name)
	}
	return lines
}

// guardLockError says which session kept guards install from a table for
// longer than its lock timeout (entity.GuardLockTimeout): nothing was
// installed, and the command may be run again once it lets go.
func guardLockError(ctx context.Context, pool *pgxpool.Pool, cfg *config.Config, err error) error {
	var tables []string
	for _, name := range cfg.EntityNames() {
		tables = append(tables, cfg.Entity(name).Tables()...)
	}
	_, blocker, _ := db.Blocker(ctx, pool, db.LockTimeout{Tables: tables, Err: err, DDL: true})
	return fmt.Errorf("gave up after %s waiting for %s; no guard was changed, run it again once that lock is released: %w", entity.GuardLockTimeout, blocker, err)
}
