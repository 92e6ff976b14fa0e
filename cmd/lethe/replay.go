package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/lethehq/lethe/blob"
	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/entity"
	"github.com/lethehq/lethe/internal/quote"
	"github.com/lethehq/lethe/internal/service"
	"github.com/lethehq/lethe/jobs"
	"github.com/lethehq/lethe/ledger"
	"github.com/lethehq/lethe/web"
)

// The deletion ledger's commands: replay applies again the deletions a
// restored database lacks; check-resurrection lists the deleted entities
// that exist again. Both read the ledger in the blob store (package ledger)
// and compare it with the database.

// shownFindings bounds the entities a ledger command lists; the counts
// cover them all.
const shownFindings = 20

func replayCommand() command {
	cmd := command{
		name:    "replay",
		summary: "Apply again the deletions the deletion ledger holds since --since: after a restore of the database from a backup, every entity deleted since that exists again, or lacks its tombstone, is tombstoned and deleted again (a lethe.delete_entity job, which purges its blobs too). Audited; --dry-run lists without changing anything.",
		usage:   "[--config lethe.yaml] [--dry-run] --since TIME",
	}
	cmd.run = func(ctx context.Context, c *cli, args []string) error {
		var (
			configPath, sinceArg string
			dryRun               bool
		)
		fs := c.flags(cmd, &configPath)
		fs.StringVar(&sinceArg, "since", "", "replay the deletions from `TIME` on: an RFC3339 time (2026-11-27T00:00:00Z) or a duration ago (24h, 7d); take the backup's time, or what serve's warning names")
		fs.BoolVar(&dryRun, "dry-run", false, "list what would be deleted again; change nothing")
		if err := parseNoArgs(fs, args); err != nil {
			return err
		}
		if sinceArg == "" {
			return usagef("--since is required: the time of the backup the database was restored from (RFC3339, or a duration ago such as 24h)")
		}
		now := time.Now()
		since, err := parseSince(sinceArg, now)
		if err != nil {
			return usagef("--since: %v", err)
		}
		cfg, pool, blobs, err := c.openLedger(ctx, fs, configPath)
		if err != nil {
			return err
		}
		defer pool.Close()
		started := time.Now()
		found, err := readFindings(ctx, cfg, pool, blobs, since, now)
		if err != nil {
			return err
		}
		var redo []finding
		for _, f := range found.latest {
			if f.needsReplay() {
				redo = append(redo, f)
			}
		}
		fmt.Fprintf(c.stdout, "ledger since %s: %d deletions of %d entities\n", since.UTC().Format(time.RFC3339), found.entries, len(found.latest))
		if dryRun {
			fmt.Fprintf(c.stdout, "would delete again: %d\n", len(redo))
			printFindings(c.stdout, redo, func(f finding) string { return f.why() })
			found.printCounts(c.stdout)
			return nil
		}
		client, err := service.NewInsertOnlyClient(cfg, pool, c.logger(cfg))
		if err != nil {
			return err
		}
		jobIDs := map[string]int64{}
		var failed error
		done := 0
		for _, f := range redo {
			id, err := redelete(ctx, cfg, pool, client, f)
			if err != nil {
				failed = fmt.Errorf("delete %s %s again: %w", f.Entity, f.Key, err)
				break
			}
			jobIDs[f.Entity+"\x00"+f.Key] = id
			done++
		}
		fmt.Fprintf(c.stdout, "deleted again: %d (their delete_entity jobs purge their blobs too; lethe serve works them)\n", done)
		printFindings(c.stdout, redo[:done], func(f finding) string {
			return fmt.Sprintf("%s: tombstoned, job %d", f.why(), jobIDs[f.Entity+"\x00"+f.Key])
		})
		found.printCounts(c.stdout)
		detail := map[string]any{
			"since": since.UTC(), "entries": found.entries, "entities": len(found.latest), "deleted_again": done,
			"already_applied": found.applied, "undeleted": found.undeleted, "unknown_entities": found.unknown,
			"by": c.holder(), "via": "lethe replay",
		}
		entry := db.AuditEntry{Action: db.ActionReplayLedger, StartedAt: started, Outcome: db.OutcomeOK, Detail: detail}
		if failed != nil {
			entry.Outcome, entry.Error = db.OutcomeError, failed.Error()
		}
		if err := db.RecordAudit(ctx, pool, entry); err != nil {
			return errors.Join(failed, err)
		}
		if failed != nil {
			return failed
		}
		// The start check's finding is applied once a replay covers it.
		if state, err := db.GetLedgerState(ctx, pool); err != nil {
			return err
		} else if state.BehindSince != nil && !state.BehindSince.Before(since) {
			return db.SetLedgerBehind(ctx, pool, 0, time.Time{})
		}
		return nil
	}
	return cmd
}

// redelete tombstones f's entity and inserts its delete_entity job in one
// transaction under the entity's lock and timeouts, as a deletion takes
// them: from its commit on the guards refuse the entity's writes, and the
// job deletes its rows and purges its blobs. A job for the same key not
// finished yet is reused, so a second replay inserts none.
func redelete(ctx context.Context, cfg *config.Config, pool *pgxpool.Pool, client *river.Client[pgx.Tx], f finding) (int64, error) {
	var id int64
	err := db.EntityTimeouts(cfg, f.Entity).InTx(ctx, pool, func(b db.Bounded) error {
		tx := b.Tx()
		if err := db.LockExclusive(ctx, tx, f.Entity, f.Key); err != nil {
			return err
		}
		if _, err := db.PutTombstone(ctx, tx, f.Entity, f.Key); err != nil {
			return err
		}
		res, err := client.InsertTx(ctx, tx, jobs.DeleteEntity{Entity: f.Entity, Key: f.Key}, &river.InsertOpts{
			Tags: []string{web.JobTagCLI},
			UniqueOpts: river.UniqueOpts{ByArgs: true, ByState: []rivertype.JobState{
				rivertype.JobStateAvailable, rivertype.JobStatePending, rivertype.JobStateRetryable,
				rivertype.JobStateRunning, rivertype.JobStateScheduled,
			}},
		})
		if err != nil {
			return fmt.Errorf("insert delete job: %w", err)
		}
		id = res.Job.ID
		return nil
	})
	if db.IsLockTimeout(err) {
		return 0, fmt.Errorf("%s %s is being deleted or held right now (its lock was not granted in time); run the replay again: %w", f.Entity, f.Key, err)
	}
	return id, err
}

// parseSince reads --since: an RFC3339 time, or a duration before now
// ("24h", "7d").
func parseSince(v string, now time.Time) (time.Time, error) {
	if t, err := time.Parse(time.RFC3339Nano, v); err == nil {
		if t.After(now) {
			return time.Time{}, fmt.Errorf("%s is in the future", t.Format(time.RFC3339))
		}
		return t, nil
	}
	d, err := config.ParseDayDuration(v)
	if err != nil || d <= 0 {
		return time.Time{}, fmt.Errorf("want an RFC3339 time (2026-11-27T00:00:00Z) or a positive duration ago (24h, 7d), got %s", quote.Value(v))
	}
	return now.Add(-d.D()), nil
}

// openLedger loads the configuration, which must have the ledger on, and
// opens the database and the blob store.
func (c *cli) openLedger(ctx context.Context, fs *flag.FlagSet, configPath string) (*config.Config, *pgxpool.Pool, blob.Store, error) {
	cfg, pool, err := c.openPool(ctx, fs, configPath, func(cfg *config.Config) error {
		if !cfg.Ledger.On() {
			return errors.New("the deletion ledger is off (ledger.enabled: false): there is nothing to read")
		}
		return nil
	})
	if err != nil {
		return nil, nil, nil, err
	}
	blobs, err := service.OpenBlobs(ctx, cfg.Blob)
	if err != nil {
		pool.Close()
		return nil, nil, nil, err
	}
	return cfg, pool, blobs, nil
}

// finding is where the entity of the latest ledger entry of a key stands in
// the database.
type finding struct {
	db.LedgerEntry
	Unknown    bool // the configuration no longer declares the entity
	Exists     bool // its root row is present
	Tombstoned bool
}

// needsReplay reports whether the deletion f records is missing from the
// database.
func (f finding) needsReplay() bool {
	return f.Op == db.LedgerOpDelete && !f.Unknown && (f.Exists || !f.Tombstoned)
}

// why says what f found, as the commands list it.
func (f finding) why() string {
	var state []string
	if f.Exists {
		state = append(state, "rows present")
	}
	if !f.Tombstoned {
		state = append(state, "tombstone missing")
	}
	return fmt.Sprintf("%s %s (deleted %s, %s)", f.Entity, f.Key, f.At.UTC().Format(time.RFC3339), strings.Join(state, ", "))
}

// findings are the ledger's entries since a time, compared with the
// database.
type findings struct {
	entries                     int       // entries read, one per deletion ID
	latest                      []finding // the latest entry of each (entity, key)
	applied, undeleted, unknown int
}

// printCounts writes the counts of the entries that need nothing.
func (f findings) printCounts(w io.Writer) {
	fmt.Fprintf(w, "already applied: %d, undone by an undelete: %d, of undeclared entities: %d\n", f.applied, f.undeleted, f.unknown)
}

// readFindings reads the ledger from since on and looks up, for the latest
// entry of each (entity, key), whether the entity exists and is tombstoned.
func readFindings(ctx context.Context, cfg *config.Config, pool *pgxpool.Pool, blobs blob.Store, since, now time.Time) (findings, error) {
	var out findings
	entries, err := ledger.Read(ctx, blobs, cfg.Ledger.Prefix, since, now)
	if err != nil {
		return out, err
	}
	out.entries = len(entries)
	latest := ledger.Latest(entries)
	byEntity := map[string][]string{}
	for _, e := range latest {
		byEntity[e.Entity] = append(byEntity[e.Entity], e.Key)
	}
	exists, tombstoned, unknown := map[string]bool{}, map[string]bool{}, map[string]bool{}
	for name, keys := range byEntity {
		ent, err := entity.Resolve(ctx, pool, cfg, name)
		if errors.Is(err, entity.ErrUnknown) {
			unknown[name] = true
			continue
		}
		if err != nil {
			return out, err
		}
		bounded := db.EntityTimeouts(cfg, name).Pool(pool)
		for chunk := range slices.Chunk(keys, 1000) {
			found, err := ent.Existing(ctx, bounded, chunk)
			if err != nil {
				return out, err
			}
			marked, err := db.TombstonedKeys(ctx, pool, name, chunk)
			if err != nil {
				return out, err
			}
			for _, k := range chunk {
				exists[name+"\x00"+k], tombstoned[name+"\x00"+k] = found[k], marked[k]
			}
		}
	}
	for _, e := range latest {
		f := finding{LedgerEntry: e, Unknown: unknown[e.Entity], Exists: exists[e.Entity+"\x00"+e.Key], Tombstoned: tombstoned[e.Entity+"\x00"+e.Key]}
		switch {
		case f.Op != db.LedgerOpDelete:
			out.undeleted++
		case f.Unknown:
			out.unknown++
		case !f.needsReplay():
			out.applied++
		}
		out.latest = append(out.latest, f)
	}
	return out, nil
}

// printFindings lists up to shownFindings of fs, one a line, and says how
// many more there are.
func printFindings(w io.Writer, fs []finding, line func(finding) string) {
	for i, f := range fs {
		if i == shownFindings {
			fmt.Fprintf(w, "  … and %d more\n", len(fs)-shownFindings)
			return
		}
		fmt.Fprintf(w, "  %s\n", line(f))
	}
}
