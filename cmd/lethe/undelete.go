package main

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/lethehq/lethe/db"
)

// undeleteCommand is `lethe undelete <entity> <key>`: it puts back a
// deletion of an entity with a restore_window from its capture, within the
// window, and records who did it in the audit (cli: and the operating
// system user).
func undeleteCommand() command {
	cmd := command{
		name:    "undelete",
		summary: "Undo the deletion of an entity whose restore_window has not ended: its rows back as they were, its tombstone cleared, its blobs kept.",
		usage:   "[--config lethe.yaml] <entity> <key>",
	}
	cmd.run = func(ctx context.Context, c *cli, args []string) error {
		var configPath string
		fs := c.flags(cmd, &configPath)
		positional, err := parseAll(fs, args)
		if err != nil {
			return err
		}
		cfg, pool, ent, key, err := c.openEntity(ctx, fs, configPath, positional)
		if err != nil {
			return err
		}
		defer pool.Close()
		started := time.Now()
		done, err := db.Undelete(ctx, pool, db.Undeletion{
			Timeouts: db.EntityTimeouts(cfg, ent.Name), RiverSchema: cfg.River.Schema,
			Entity: ent.Name, Key: key, Ledger: cfg.Ledger.On(),
			Restore: func(ctx context.Context, tx db.Bounded, capture []byte) (any, error) {
				return ent.RestoreEncoded(ctx, tx, key, capture)
			},
			Audit: func(ctx context.Context, tx pgx.Tx, detail map[string]any) error {
				detail["via"] = "lethe undelete"
				return c.auditHold(ctx, tx, cfg, db.ActionUndeleteEntity, ent.Name, started, detail)
			},
		})
		if db.IsLockTimeout(err) {
			return fmt.Errorf("%s %s is being deleted or held right now (its lock was not granted in time); try again: %w", ent.Name, key, err)
		}
		if err != nil {
			return err
		}
		fmt.Fprintf(c.stdout, "%s %s undeleted: %d rows back (deleted %s), tombstone cleared, blobs kept\n",
			ent.Name, key, done.Restoration.Rows, done.Restoration.DeletedAt.UTC().Format(time.RFC3339))
		return nil
	}
	return cmd
}
