package main

import (
	"context"
	"fmt"
	"time"

	"github.com/lethehq/lethe/db"
)

func checkResurrectionCommand() command {
	cmd := command{
		name:    "check-resurrection",
		summary: "List the entities the deletion ledger says are deleted that exist in the database again (rows present for the key), as after a restore from a backup. Exit 1 when there is any: lethe replay deletes them again.",
		usage:   "[--config lethe.yaml] [--since TIME]",
	}
	cmd.run = func(ctx context.Context, c *cli, args []string) error {
		var configPath, sinceArg string
		fs := c.flags(cmd, &configPath)
		fs.StringVar(&sinceArg, "since", "", "read the ledger from `TIME` on: an RFC3339 time or a duration ago (24h, 7d); default all of it (ledger.retention)")
		if err := parseNoArgs(fs, args); err != nil {
			return err
		}
		now := time.Now()
		var since time.Time
		if sinceArg != "" {
			var err error
			if since, err = parseSince(sinceArg, now); err != nil {
				return usagef("--since: %v", err)
			}
		}
		cfg, pool, blobs, err := c.openLedger(ctx, fs, configPath)
		if err != nil {
			return err
		}
		defer pool.Close()
		if since.IsZero() {
			since = now.Add(-cfg.Ledger.Retention.D())
		}
		found, err := readFindings(ctx, cfg, pool, blobs, since, now)
		if err != nil {
			return err
		}
		var back []finding
		for _, f := range found.latest {
			if f.Op == db.LedgerOpDelete && !f.Unknown && f.Exists {
				back = append(back, f)
			}
		}
		fmt.Fprintf(c.stdout, "ledger since %s: %d deleted entities, %d exist again\n", since.UTC().Format(time.RFC3339), len(found.latest)-found.undeleted, len(back))
		printFindings(c.stdout, back, func(f finding) string { return f.why() })
		if len(back) == 0 {
			return nil
		}
		return fmt.Errorf("%d deleted entities exist again: run lethe replay --since %s", len(back), back[0].At.UTC().Format(time.RFC3339Nano))
	}
	return cmd
}
