package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/lethehq/lethe/internal/service"
	"github.com/lethehq/lethe/web"
)

func statusCommand() command {
	cmd := command{
		name:    "status",
		summary: "Say whether an entity (account <id>, run <run_hash>, ...) is live, queued for deletion, being deleted or deleted, with its job, tombstone, rows, blobs purged and verification; exit 0 whatever the state. --json prints what GET /api/v1/entities/{entity}/{key}/status answers.",
		usage:   "[--config lethe.yaml] [--json] [--trial] <entity> <key>",
	}
	cmd.run = func(ctx context.Context, c *cli, args []string) error {
		var (
			configPath    string
			asJSON, trial bool
		)
		fs := c.flags(cmd, &configPath)
		fs.BoolVar(&asJSON, "json", false, "print the status as JSON, as the API answers it")
		fs.BoolVar(&trial, "trial", false, "for an entity not yet deleted, run the full dry run (the deletion's statements in a transaction rolled back, blobs counted) instead of counting rows")
		positional, err := parseAll(fs, args)
		if err != nil {
			return err
		}
		cfg, pool, ent, key, err := c.openEntity(ctx, fs, configPath, positional)
		if err != nil {
			return err
		}
		defer pool.Close()
		lookup := web.Lookup{Config: cfg, Pool: pool}
		// Only a trial lists blobs, and only of an entity that has some.
		if trial && ent.Decl.BlobPrefix != "" {
			if lookup.Blobs, err = service.OpenBlobs(ctx, cfg.Blob); err != nil {
				return err
			}
		}
		st, err := lookup.Status(ctx, ent, key, trial)
		if err != nil {
			return err
		}
		if asJSON {
			enc := json.NewEncoder(c.stdout)
			enc.SetIndent("", "  ")
			return enc.Encode(st)
		}
		printStatus(c.stdout, st)
		if st.Preview != nil {
			printTrial(c.stdout, st.Preview.Trial)
		}
		return nil
	}
	return cmd
}

// printStatus writes st as text, one fact a line.
func printStatus(w io.Writer, st *web.EntityStatus) {
	line := func(label, format string, args ...any) {
		fmt.Fprintf(w, "%-14s %s\n", label+":", fmt.Sprintf(format, args...))
	}
	line("entity", "%s", st.Entity)
	line("key", "%s", st.Key)
	line("key sha256", "%s", st.KeySHA256)
	line("state", "%s", st.State)
	line("summary", "%s", st.Summary)
	if j := st.Job; j != nil {
		line("job", "%d %s, attempt %d of %d, created %s", j.ID, j.State, j.Attempt, j.MaxAttempts, stamp(j.CreatedAt))
		if j.WaitingOn != "" {
			line("waiting on", "%s", j.WaitingOn)
		}
		for _, e := range j.Errors {
			line("failed", "attempt %d at %s: %s", e.Attempt, stamp(e.At), e.Error)
		}
	} else {
		line("job", "none (River has no delete job of it, or cleaned it since it finished)")
	}
	if p := st.Progress; p != nil {
		line("last failure", "%s at %s", p.LastError, stampPtr(p.LastErrorAt))
		if len(p.RowsInChunks) > 0 {
			line("chunks", "%s deleted before it failed", countsText(p.RowsInChunks))
		}
	}
	if ts := st.Tombstone; ts != nil {
		line("tombstone", "%s, deleted at %s, blobs purged at %s", ts.State, stamp(ts.DeletedAt), stampPtr(ts.PurgedAt))
	} else {
		line("tombstone", "none")
	}
	if st.TotalRows != nil {
		label := "rows"
		if st.State == web.StateDeleting {
			label = "rows left"
		}
		line(label, "%d (%s)", *st.TotalRows, countsText(st.Rows))
		if n := sum(st.Nulled); n > 0 {
			line("would null", "%s (rows that reference it and stay)", countsText(st.Nulled))
		}
	}
	if d := st.Deletion; d != nil {
		by := d.RequestedBy.Source
		if d.RequestedBy.Credential != "" {
			by += fmt.Sprintf(" (credential %s, role %s)", d.RequestedBy.Credential, d.RequestedBy.Role)
		}
		line("requested", "at %s by %s", stampPtr(d.RequestedAt), by)
		line("deleted", "at %s by jobs %v", stamp(d.FinishedAt), d.JobIDs)
		line("rows deleted", "%d (%s)", d.TotalRows, countsText(d.Rows))
		if len(d.RowsNulled) > 0 {
			line("rows nulled", "%s", countsText(d.RowsNulled))
		}
		line("blobs purged", "%d (%d purges, last %s at %s)", d.Blobs.Purged, d.Blobs.Purges, orDash(d.Blobs.LastOutcome), stampPtr(d.Blobs.LastAt))
		switch v := d.Verification; {
		case v == nil:
			line("verified", "not yet")
		case v.Verified:
			line("verified", "yes at %s: %s", stamp(v.At), v.Checked.Description)
		default:
			line("verified", "NO at %s: %s", stamp(v.At), v.Error)
		}
	}
	line("held", "- (reserved: legal holds do not exist yet)")
	line("restorable", "- (reserved: restores of deleted entities do not exist yet)")
}

// countsText is "table n, table n" in table order.
func countsText(m map[string]int64) string {
	if len(m) == 0 {
		return "none"
	}
	parts := make([]string, 0, len(m))
	for _, table := range slices.Sorted(maps.Keys(m)) {
		parts = append(parts, fmt.Sprintf("%s %d", table, m[table]))
	}
	return strings.Join(parts, ", ")
}

func sum(m map[string]int64) int64 {
	var n int64
	for _, v := range m {
		n += v
	}
	return n
}

func stamp(t time.Time) string { return t.UTC().Format(time.RFC3339) }

func stampPtr(t *time.Time) string {
	if t == nil {
		return "-"
	}
	return stamp(*t)
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
