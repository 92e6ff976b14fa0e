package main

import (
	"cmp"
	"context"
	"flag"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
)

// Legal holds: `lethe hold` places one on an entity key, `lethe release
// <entity> <key>` releases it. Both take the entity's lock as a deletion
// does, and record who (cli: and the operating system user), why and when
// in the audit, in the transaction that makes the change.

func holdCommand() command {
	cmd := command{
		name:    "hold",
		summary: "Place a legal hold on an entity (run <run_hash>, account <id>, ...): it is never deleted, and its deletions wait, until lethe release <entity> <key>.",
		usage:   "[--config lethe.yaml] --reason \"why\" <entity> <key>",
	}
	cmd.run = func(ctx context.Context, c *cli, args []string) error {
		var configPath, reason string
		fs := c.flags(cmd, &configPath)
		fs.StringVar(&reason, "reason", "", fmt.Sprintf("why the entity is held (required, at most %d bytes); kept with the hold and in the audit", db.MaxHoldReason))
		positional, err := parseAll(fs, args)
		if err != nil {
			return err
		}
		if len(positional) == 2 {
			if err := db.CheckHoldReason(reason); err != nil {
				return usagef("--%v", err)
			}
		}
		cfg, pool, ent, key, err := c.openEntity(ctx, fs, configPath, positional)
		if err != nil {
			return err
		}
		defer pool.Close()
		started := time.Now()
		var (
			hold   *db.Hold
			placed bool
		)
		err = holdTx(ctx, cfg, pool, ent.Name, func(tx pgx.Tx) error {
			if hold, placed, err = db.PlaceHold(ctx, tx, db.Hold{Entity: ent.Name, Key: key, Reason: reason, HeldBy: c.holder()}); err != nil {
				return err
			}
			return c.auditHold(ctx, tx, cfg, db.ActionPlaceHold, ent.Name, started, map[string]any{
				"entity": ent.Name, "key": key, "reason": reason, "placed": placed, "via": "lethe hold",
			})
		})
		if err != nil {
			return err
		}
		if !placed {
			fmt.Fprintf(c.stdout, "%s %s was already held by %s since %s: %s (unchanged)\n", ent.Name, key, hold.HeldBy, hold.HeldAt.UTC().Format(time.RFC3339), hold.Reason)
			return nil
		}
		fmt.Fprintf(c.stdout, "%s %s held by %s: its deletions wait until lethe release %s %s\n", ent.Name, key, hold.HeldBy, ent.Name, key)
		return nil
	}
	return cmd
}

// releaseHold is `lethe release <entity> <key>`: it releases the entity's
// legal hold, and the deletions that waited on it proceed.
func (c *cli) releaseHold(ctx context.Context, fs *flag.FlagSet, configPath string, positional []string, reason string) error {
	if reason != "" {
		if err := db.CheckHoldReason(reason); err != nil {
			return usagef("--%v", err)
		}
	}
	cfg, pool, ent, key, err := c.openEntity(ctx, fs, configPath, positional)
	if err != nil {
		return err
	}
	defer pool.Close()
	started := time.Now()
	var released *db.Hold
	err = holdTx(ctx, cfg, pool, ent.Name, func(tx pgx.Tx) error {
		if released, err = db.ReleaseHold(ctx, tx, cfg.River.Schema, ent.Name, key); err != nil {
			return err
		}
		detail := map[string]any{"entity": ent.Name, "key": key, "released": released != nil, "via": "lethe release"}
		if reason != "" {
			detail["reason"] = reason
		}
		if released != nil {
			detail["hold_reason"], detail["held_by"], detail["held_at"] = released.Reason, released.HeldBy, released.HeldAt
		}
		return c.auditHold(ctx, tx, cfg, db.ActionReleaseHold, ent.Name, started, detail)
	})
	if err != nil {
		return err
	}
	if released == nil {
		fmt.Fprintf(c.stdout, "%s %s is not held (nothing to do)\n", ent.Name, key)
		return nil
	}
	fmt.Fprintf(c.stdout, "hold of %s %s released (held by %s since %s: %s); its deletions proceed\n",
		ent.Name, key, released.HeldBy, released.HeldAt.UTC().Format(time.RFC3339), released.Reason)
	return nil
}

// holdTx runs fn in a transaction with the entity's lock and statement
// timeouts, as its deletion has them: a hold waits for a running deletion
// at most lock_timeout.
func holdTx(ctx context.Context, cfg *config.Config, pool *pgxpool.Pool, entity string, fn func(tx pgx.Tx) error) error {
	if err := db.EntityTimeouts(cfg, entity).InTx(ctx, pool, func(b db.Bounded) error { return fn(b.Tx()) }); err != nil {
		if db.IsLockTimeout(err) {
			return fmt.Errorf("%s is being deleted or held right now (its lock was not granted in time); try again: %w", entity, err)
		}
		return err
	}
	return nil
}

// holder names who places or releases a hold from the command line.
func (c *cli) holder() string {
	return "cli:" + cmp.Or(c.getenv("USER"), "unknown")
}

// auditHold records a hold action of the command line in tx.
func (c *cli) auditHold(ctx context.Context, tx pgx.Tx, cfg *config.Config, action db.AuditAction, entity string, started time.Time, detail map[string]any) error {
	detail["by"] = c.holder()
	policy := ""
	if p := cfg.TombstoneFor(entity); p != nil {
		policy = p.Name
	}
	return db.RecordAudit(ctx, tx, db.AuditEntry{Policy: policy, Action: action, StartedAt: started, Outcome: db.OutcomeOK, Detail: detail})
}

// heldNotice is what delete prints of a key under a legal hold: its job
// is enqueued and waits.
func heldNotice(h *db.Hold) string {
	return fmt.Sprintf("%s %s is under a legal hold (by %s since %s: %s): the deletion waits until lethe release %s %s",
		h.Entity, h.Key, h.HeldBy, h.HeldAt.UTC().Format(time.RFC3339), h.Reason, h.Entity, h.Key)
}
