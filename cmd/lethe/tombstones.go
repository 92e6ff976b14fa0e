package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/lethehq/lethe/blob"
	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/entity"
	"github.com/lethehq/lethe/internal/metrics"
	"github.com/lethehq/lethe/internal/runbackup"
	"github.com/lethehq/lethe/internal/service"
	"github.com/lethehq/lethe/jobs"
	"github.com/lethehq/lethe/tombstone"
	"github.com/lethehq/lethe/web"
	"github.com/lethehq/lethe/workers"
)

// Entity deletion commands: delete (any declared entity), clear-tombstone,
// cleanup-orphan-s3, cleanup-tombstones, backup and restore (runs). Each
// opens only what it needs: a pool on the database, the blob store for
// those that touch blobs, and for delete an insert-only River client: the
// jobs it inserts are worked by `lethe serve`. None of them migrates.

// openPool loads the configuration and connects to its database. check,
// when set, vets the configuration first, so that a mistake is reported
// before anything connects.
func (c *cli) openPool(ctx context.Context, fs *flag.FlagSet, configPath string, check func(*config.Config) error) (*config.Config, *pgxpool.Pool, error) {
	cfg, err := c.loadConfig(fs, configPath)
	if err != nil {
		return nil, nil, err
	}
	if check != nil {
		if err := check(cfg); err != nil {
			return nil, nil, err
		}
	}
	pool, err := c.connect(ctx, cfg)
	if err != nil {
		return nil, nil, err
	}
	return cfg, pool, nil
}

// deps are what a command running a job's work in process passes it.
func (c *cli) deps(cfg *config.Config, pool *pgxpool.Pool, blobs blob.Store) *workers.Deps {
	return &workers.Deps{Config: cfg, Pool: pool, Blobs: blobs, Logger: c.logger(cfg), Metrics: metrics.New()}
}

// openEntity checks "<entity> <key>" arguments against cfg (a declared
// entity, a well-formed key), opens cfg's pool, and returns the entity with
// key as the database spells it. The caller closes the pool.
func (c *cli) openEntity(ctx context.Context, fs *flag.FlagSet, configPath string, positional []string) (*config.Config, *pgxpool.Pool, *entity.Entity, string, error) {
	if len(positional) != 2 {
		return nil, nil, nil, "", usagef("want: <entity> <key>")
	}
	name, key := positional[0], positional[1]
	cfg, pool, err := c.openPool(ctx, fs, configPath, func(cfg *config.Config) error {
		return checkEntityKey(cfg, name, key)
	})
	if err != nil {
		return nil, nil, nil, "", err
	}
	ent, key, err := entityKey(ctx, cfg, pool, name, key)
	if err != nil {
		pool.Close()
		return nil, nil, nil, "", err
	}
	return cfg, pool, ent, key, nil
}

// entityKey resolves the entity name of cfg and returns it with key as the
// database spells it (entity.EntityGraph.CanonicalKey); a key its type
// refuses is a usage error.
func entityKey(ctx context.Context, cfg *config.Config, pool *pgxpool.Pool, name, key string) (*entity.Entity, string, error) {
	ent, err := entity.Resolve(ctx, pool, cfg, name)
	if err != nil {
		return nil, "", err
	}
	if key, err = ent.CanonicalKey(ctx, pool, key); err != nil {
		if keyErr := new(entity.KeyError); errors.As(err, &keyErr) {
			return nil, "", usagef("%v", err)
		}
		return nil, "", err
	}
	return ent, key, nil
}

// tombstonePolicy returns the named tombstone policy, or the first one.
func tombstonePolicy(cfg *config.Config, name string) (*config.Tombstone, error) {
	for _, p := range cfg.Policies {
		if p, ok := p.(*config.Tombstone); ok && (name == "" || p.Name == name) {
			return p, nil
		}
	}
	if name != "" {
		return nil, usagef("no tombstone policy named %q in the configuration", name)
	}
	return nil, errors.New("the configuration has no tombstone policy")
}

func deleteCommand() command {
	cmd := command{
		name:    "delete",
		summary: "Delete an entity (run <run_hash>, account <id>, ...): insert a lethe.delete_entity job (worked by lethe serve); --dry-run shows what it would remove. A key with neither a root row nor a tombstone is refused unless --force.",
		usage:   "[--config lethe.yaml] [--dry-run] [--force] [--wait] [--timeout 1m] <entity> <key>",
	}
	cmd.run = func(ctx context.Context, c *cli, args []string) error {
		var (
			configPath   string
			dryRun, wait bool
			force        bool
			timeout      time.Duration
		)
		fs := c.flags(cmd, &configPath)
		fs.BoolVar(&dryRun, "dry-run", false, "print what the deletion would remove (rows per table, blobs) and what its statements do in a transaction rolled back (cascades, SET NULLs, refusals, costs); delete nothing")
		fs.BoolVar(&force, "force", false, "delete a key that has neither a root row nor a tombstone (yet): its tombstone then refuses a late create")
		fs.BoolVar(&wait, "wait", false, "wait until a worker has completed the deletion")
		fs.DurationVar(&timeout, "timeout", time.Minute, "with --wait: give up after this long")
		positional, err := parseAll(fs, args)
		if err != nil {
			return err
		}
		if dryRun && wait {
			return usagef("--dry-run deletes nothing, so there is nothing to --wait for")
		}
		cfg, pool, ent, key, err := c.openEntity(ctx, fs, configPath, positional)
		if err != nil {
			return err
		}
		defer pool.Close()
		name := ent.Name
		if dryRun {
			return c.previewDelete(ctx, cfg, pool, ent, key)
		}
		if !force {
			if err := checkDeletable(ctx, cfg, pool, ent, key); err != nil {
				return err
			}
		}
		client, err := service.NewInsertOnlyClient(cfg, pool, c.logger(cfg))
		if err != nil {
			return err
		}
		// Tagged so that `lethe status` can say the CLI asked for it.
		res, err := client.Insert(ctx, jobs.DeleteEntity{Entity: name, Key: key}, &river.InsertOpts{Tags: []string{web.JobTagCLI}})
		if err != nil {
			return fmt.Errorf("insert delete job for %s %s: %w", name, key, err)
		}
		fmt.Fprintf(c.stdout, "delete of %s %s enqueued: job %d\n", name, key, res.Job.ID)
		if hold, err := db.GetHold(ctx, pool, name, key); err != nil {
			return err
		} else if hold != nil {
			fmt.Fprintln(c.stdout, heldNotice(hold))
		}
		if !wait {
			return nil
		}
		waitCtx, cancel := context.WithTimeout(ctx, timeout)
		defer cancel()
		var shown jobProgress
		for {
			job, err := client.JobGet(waitCtx, res.Job.ID)
			if err != nil {
				return fmt.Errorf("wait for job %d: %w", res.Job.ID, err)
			}
			shown.show(c.stdout, job)
			switch job.State {
			case rivertype.JobStateCompleted:
				fmt.Fprintf(c.stdout, "%s %s deleted\n", name, key)
				return nil
			case rivertype.JobStateCancelled, rivertype.JobStateDiscarded:
				return fmt.Errorf("job %d ended %s: %v", job.ID, job.State, job.Errors)
			}
			select {
			case <-waitCtx.Done():
				if n := len(job.Errors); n > 0 {
					return fmt.Errorf("job %d still %s after %s: %d attempts failed, the last with: %s", job.ID, job.State, timeout, n, job.Errors[n-1].Error)
				}
				if strings.HasPrefix(shown.waitingOn, "legal hold") {
					return fmt.Errorf("job %d still waits on the %s after %s", job.ID, shown.waitingOn, timeout)
				}
				return fmt.Errorf("job %d still %s after %s (is lethe serve running?)", job.ID, job.State, timeout)
			case <-time.After(200 * time.Millisecond):
			}
		}
	}
	return cmd
}

// jobProgress is what `delete --wait` has shown of a job so far: the lock
// it last waited on and the errors of its failed attempts.
type jobProgress struct {
	waitingOn string
	errors    int
}

// show prints what is new about job: what it now waits on (the
// workers.LockWait a job records when it snoozes behind an application's
// lock), and the error of each attempt that failed since.
func (p *jobProgress) show(w io.Writer, job *rivertype.JobRow) {
	if job.State != rivertype.JobStateCompleted {
		var wait workers.LockWait
		if out := job.Output(); len(out) > 0 && json.Unmarshal(out, &wait) == nil && wait.WaitingOn != "" && wait.WaitingOn != p.waitingOn {
			fmt.Fprintf(w, "waiting: %s\n", wait.WaitingOn)
			p.waitingOn = wait.WaitingOn
		}
	}
	for ; p.errors < len(job.Errors); p.errors++ {
		e := job.Errors[p.errors]
		fmt.Fprintf(w, "attempt %d failed: %s\n", e.Attempt, e.Error)
	}
}

// checkDeletable refuses key (canonical) when ent has neither a root row nor
// a tombstone for it, as the API's delete routes answer 404: a mistyped key
// would otherwise leave a tombstone that refuses a later create of that key.
// A key deleted before (its tombstone stands) may be deleted again. --force
// skips the check, to delete ahead of a creation still on its way.
func checkDeletable(ctx context.Context, cfg *config.Config, pool *pgxpool.Pool, ent *entity.Entity, key string) error {
	existing, err := ent.Existing(ctx, db.EntityTimeouts(cfg, ent.Name).Pool(pool), []string{key})
	if err != nil {
		return err
	}
	if existing[key] {
		return nil
	}
	tombstoned, err := tombstone.NewPostgres(pool).IsDeleted(ctx, ent.Name, key)
	if err != nil {
		return err
	}
	if tombstoned {
		return nil
	}
	return fmt.Errorf("%s %s not found: no row in %s and no tombstone; nothing was enqueued "+
		"(--force deletes it anyway, and its tombstone then refuses a later create)", ent.Name, key, ent.Table)
}

// checkEntityKey checks, before anything connects, that cfg declares the
// entity name and that key is well formed for it.
func checkEntityKey(cfg *config.Config, name, key string) error {
	if cfg.Entity(name) == nil {
		declared := cfg.EntityNames()
		if len(declared) == 0 {
			return usagef("unknown entity %q: the configuration declares none (see entities)", name)
		}
		return usagef("unknown entity %q (declared: %s)", name, strings.Join(declared, ", "))
	}
	if err := jobs.ValidateEntityKey(name, key); err != nil {
		return usagef("%v", err)
	}
	return nil
}

// previewBlobs is how many blob keys a dry run lists.
const previewBlobs = 5

// previewDelete prints what deleting ent's key would remove.
func (c *cli) previewDelete(ctx context.Context, cfg *config.Config, pool *pgxpool.Pool, ent *entity.Entity, key string) error {
	var blobs blob.Store
	if ent.Decl.BlobPrefix != "" {
		var err error
		if blobs, err = service.OpenBlobs(ctx, cfg.Blob); err != nil {
			return err
		}
	}
	p, err := ent.Preview(ctx, db.EntityTimeouts(cfg, ent.Name).Pool(pool), blobs, key)
	if err != nil {
		return gaveUpOnLock(ctx, pool, ent.Tables(), err)
	}
	w := c.stdout
	fmt.Fprintf(w, "dry run: deleting %s %s would remove (nothing was deleted):\n", p.Entity, p.Key)
	width := nameWidth(ent.Tables())
	fmt.Fprintf(w, "  %-*s %10s\n", width, "table", "rows")
	for _, table := range ent.Tables() {
		fmt.Fprintf(w, "  %-*s %10d\n", width, table, p.Rows[table])
	}
	fmt.Fprintf(w, "  %-*s %10d\n", width, "total", p.TotalRows)
	for _, edge := range p.Unbacked {
		fmt.Fprintf(w, "unbacked edge %s: no foreign key behind it, so its rows belong to %s %s only if the declaration is right (check-config --db samples it)\n", edge, p.Entity, p.Key)
	}
	if p.BlobPrefix == "" {
		fmt.Fprintf(w, "blobs: none (entity %s has no blob_prefix)\n", p.Entity)
	} else {
		fmt.Fprintf(w, "blobs under %s: %d\n", p.BlobPrefix, p.Blobs)
		for _, k := range p.BlobSample[:min(len(p.BlobSample), previewBlobs)] {
			fmt.Fprintf(w, "  %s\n", k)
		}
		if more := p.Blobs - min(len(p.BlobSample), previewBlobs); more > 0 {
			fmt.Fprintf(w, "  ... and %d more\n", more)
		}
	}
	for _, table := range slices.Sorted(maps.Keys(p.Nulled)) {
		if n := p.Nulled[table]; n > 0 {
			fmt.Fprintf(w, "rows of %s that reference it and stay, their column set to NULL by the schema: %d\n", table, n)
		}
	}
	switch {
	case p.TombstoneState == db.TombstoneDeleting:
		fmt.Fprintf(w, "tombstoned: yes, %s %s is being deleted (a deletion began and has not finished; its writes are refused)\n", p.Entity, p.Key)
	case p.Tombstoned:
		fmt.Fprintf(w, "tombstoned: yes, %s %s was deleted before (deleting it again removes what is found now)\n", p.Entity, p.Key)
	default:
		fmt.Fprintln(w, "tombstoned: no")
	}
	printTrial(w, p.Trial)
	return nil
}

// nameWidth is the width of a column of table names: 24, or the longest.
func nameWidth(names []string) int {
	width := 24
	for _, n := range names {
		width = max(width, len(n))
	}
	return width
}

// printTrial prints what the deletion's statements did in the preview's
// rolled-back transaction.
func printTrial(w io.Writer, t *entity.Trial) {
	if t == nil {
		return
	}
	fmt.Fprintf(w, "trial (the deletion's statements run and rolled back, lock_timeout %s, statement_timeout %s): ", t.LockTimeout, t.StatementTimeout)
	if t.Failure != nil {
		fmt.Fprintf(w, "FAILED on table %s: %s", t.Failure.Table, t.Failure.Message)
		if t.Failure.SQLState != "" {
			fmt.Fprintf(w, " (SQLSTATE %s)", t.Failure.SQLState)
		}
		if t.Failure.ErrorTable != "" {
			fmt.Fprintf(w, " on table %s", t.Failure.ErrorTable)
		}
		fmt.Fprintln(w)
	} else {
		fmt.Fprintln(w, "ok")
		tables := slices.Sorted(maps.Keys(t.Tables))
		width := nameWidth(tables)
		fmt.Fprintf(w, "  %-*s %10s %10s %10s\n", width, "table", "deleted", "nulled", "beyond")
		for _, table := range tables {
			tt := t.Tables[table]
			if tt.Deleted == 0 && tt.Nulled == 0 {
				continue
			}
			owner := ""
			if tt.SchemaOwned {
				owner = "  (schema-owned)"
			}
			fmt.Fprintf(w, "  %-*s %10d %10d %10d%s\n", width, table, tt.Deleted, tt.Nulled, tt.Beyond+tt.NulledBeyond, owner)
		}
	}
	for _, s := range t.Statements {
		took := "not run"
		if s.Ran {
			took = fmt.Sprintf("took %.1f ms", s.DurationMS)
		}
		fmt.Fprintf(w, "  delete from %-19s estimated %.0f rows, cost %.0f; %s\n", s.Table, s.EstimatedRows, s.EstimatedCost, took)
	}
	for _, warning := range t.Warnings {
		fmt.Fprintf(w, "warning: %s\n", warning)
	}
}

func clearTombstoneCommand() command {
	cmd := command{
		name:    "clear-tombstone",
		summary: "Remove an entity's tombstone (run <run_hash>, account <id>, ...) so writes of it are accepted again (idempotent).",
		usage:   "[--config lethe.yaml] <entity> <key>",
	}
	cmd.run = func(ctx context.Context, c *cli, args []string) error {
		var configPath string
		fs := c.flags(cmd, &configPath)
		positional, err := parseAll(fs, args)
		if err != nil {
			return err
		}
		if len(positional) != 2 {
			return usagef("want: <entity> <key>")
		}
		name, key := positional[0], positional[1]
		if err := jobs.ValidateEntityKey(name, key); err != nil {
			return usagef("%v", err)
		}
		cfg, pool, err := c.openPool(ctx, fs, configPath, nil)
		if err != nil {
			return err
		}
		defer pool.Close()
		// An entity no longer declared may still have tombstones: they
		// are cleared by their key as stored.
		if cfg.Entity(name) != nil {
			var ent *entity.Entity
			if ent, key, err = entityKey(ctx, cfg, pool, name, key); err != nil {
				return err
			}
			name = ent.Name
		} else if some, err := tombstone.NewPostgres(pool).List(ctx, name, "", 1); err != nil {
			return err
		} else if len(some) == 0 {
			return checkEntityKey(cfg, name, key)
		}
		cleared, err := tombstone.NewPostgres(pool).Clear(ctx, name, key)
		if err != nil {
			return err
		}
		if cleared {
			fmt.Fprintf(c.stdout, "tombstone of %s %s cleared\n", name, key)
		} else {
			fmt.Fprintf(c.stdout, "%s %s has no tombstone (nothing to do)\n", name, key)
		}
		return nil
	}
	return cmd
}

func cleanupOrphanS3Command() command {
	cmd := command{
		name:    "cleanup-orphan-s3",
		summary: "Purge the blobs under {key}/ of every tombstone now (never removes tombstones).",
		usage:   "[--config lethe.yaml] [--policy name]",
	}
	cmd.run = func(ctx context.Context, c *cli, args []string) error {
		var configPath, policy string
		fs := c.flags(cmd, &configPath)
		fs.StringVar(&policy, "policy", "", "tombstone policy `name` (default: the first one configured)")
		if err := parseNoArgs(fs, args); err != nil {
			return err
		}
		var p *config.Tombstone
		cfg, pool, err := c.openPool(ctx, fs, configPath, func(cfg *config.Config) (err error) {
			p, err = tombstonePolicy(cfg, policy)
			return err
		})
		if err != nil {
			return err
		}
		defer pool.Close()
		blobs, err := service.OpenBlobs(ctx, cfg.Blob)
		if err != nil {
			return err
		}
		res, err := workers.OrphanSweep(ctx, c.deps(cfg, pool, blobs), p)
		fmt.Fprintf(c.stdout, "tombstones: %d, blobs deleted: %d, skipped (cleared meanwhile): %d, failed: %d\n",
			res.Tombstones, res.BlobsDeleted, res.Skipped, res.Failed)
		return err
	}
	return cmd
}

// parseOlderThan reads a Go duration ("168h") or a number of hours ("168").
func parseOlderThan(v string) (time.Duration, error) {
	if hours, err := strconv.Atoi(v); err == nil {
		if hours < 1 {
			return 0, fmt.Errorf("--older-than %q must be at least 1 hour", v)
		}
		if hours > math.MaxInt64/int(time.Hour) {
			return 0, fmt.Errorf("--older-than %q: too many hours (at most %d)", v, math.MaxInt64/int(time.Hour))
		}
		return time.Duration(hours) * time.Hour, nil
	}
	d, err := time.ParseDuration(v)
	if err != nil || d <= 0 {
		return 0, fmt.Errorf("--older-than %q: want a positive duration such as 168h, or a number of hours", v)
	}
	return d, nil
}

func cleanupTombstonesCommand() command {
	cmd := command{
		name:    "cleanup-tombstones",
		summary: "Remove tombstones older than --older-than whose blob purge completed since deletion.",
		usage:   "[--config lethe.yaml] [--policy name] [--older-than 168h]",
	}
	cmd.run = func(ctx context.Context, c *cli, args []string) error {
		var configPath, policy, olderThan string
		fs := c.flags(cmd, &configPath)
		fs.StringVar(&policy, "policy", "", "tombstone policy `name` (default: the first one configured)")
		fs.StringVar(&olderThan, "older-than", "", "`age` as a duration (168h) or hours (168); default: the policy's tombstone_max_age")
		if err := parseNoArgs(fs, args); err != nil {
			return err
		}
		var (
			p   *config.Tombstone
			age time.Duration
		)
		cfg, pool, err := c.openPool(ctx, fs, configPath, func(cfg *config.Config) (err error) {
			if p, err = tombstonePolicy(cfg, policy); err != nil {
				return err
			}
			age = p.TombstoneMaxAge.D()
			if olderThan != "" {
				if age, err = parseOlderThan(olderThan); err != nil {
					return usagef("%v", err)
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
		defer pool.Close()
		res, err := workers.TombstoneGC(ctx, c.deps(cfg, pool, nil), p, age)
		if err != nil {
			return err
		}
		fmt.Fprintf(c.stdout, "tombstones older than %s: removed %d, kept %d not purged since deletion (run cleanup-orphan-s3 first)\n",
			age, res.Removed, res.KeptUnpurged)
		if res.KeptDeleting > 0 {
			fmt.Fprintf(c.stdout, "kept %d whose deletion has not finished (state deleting: see the policy's errors)\n", res.KeptDeleting)
		}
		return nil
	}
	return cmd
}

func backupCommand() command {
	cmd := command{
		name:    "backup",
		summary: "Write an entity (run <run_hash>, account <id>, ...: all its rows and blobs) to a gzip JSON file.",
		usage:   "[--config lethe.yaml] [-o file] <entity> <key>",
	}
	cmd.run = func(ctx context.Context, c *cli, args []string) error {
		var configPath, out string
		fs := c.flags(cmd, &configPath)
		fs.StringVar(&out, "o", "", "output `file` (default: <run_hash>.lethe-backup.json.gz for a run, <entity>-<key>.lethe-backup.json.gz otherwise)")
		positional, err := parseAll(fs, args)
		if err != nil {
			return err
		}
		cfg, pool, ent, key, err := c.openEntity(ctx, fs, configPath, positional)
		if err != nil {
			return err
		}
		defer pool.Close()
		if out == "" {
			out = ent.Name + "-" + key + ".lethe-backup.json.gz"
			if ent.Name == jobs.EntityRun {
				out = key + ".lethe-backup.json.gz"
			}
		}
		blobs, err := service.OpenBlobs(ctx, cfg.Blob)
		if err != nil {
			return err
		}
		b, err := runbackup.ExportEntity(ctx, pool, blobs, ent, key, db.EntityTimeouts(cfg, ent.Name))
		if err != nil {
			return err
		}
		f, err := os.Create(out)
		if err != nil {
			return fmt.Errorf("create backup file: %w", err)
		}
		if err := runbackup.Write(f, b); err != nil {
			f.Close()
			return err
		}
		if err := f.Close(); err != nil {
			return fmt.Errorf("write backup file: %w", err)
		}
		rows := 0
		for _, t := range b.Tables {
			rows += len(t)
		}
		fmt.Fprintf(c.stdout, "%s %s backed up to %s: %d rows, %d blobs\n", ent.Name, key, out, rows, len(b.Blobs))
		return nil
	}
	return cmd
}

func restoreCommand() command {
	cmd := command{
		name:    "restore",
		summary: "Re-create an entity from a backup file and clear its tombstone.",
		usage:   "[--config lethe.yaml] [--max-mib N] <file>",
	}
	cmd.run = func(ctx context.Context, c *cli, args []string) error {
		var (
			configPath string
			maxMiB     int64
		)
		fs := c.flags(cmd, &configPath)
		fs.Int64Var(&maxMiB, "max-mib", runbackup.DefaultMaxBytes>>20, "refuse a backup larger than `N` MiB once decompressed")
		positional, err := parseAll(fs, args)
		if err != nil {
			return err
		}
		if len(positional) != 1 {
			return usagef("want exactly one backup file")
		}
		if maxMiB < 1 || maxMiB > 1<<20 {
			return usagef("--max-mib must be between 1 and %d", 1<<20)
		}
		f, err := os.Open(positional[0])
		if err != nil {
			return fmt.Errorf("open backup: %w", err)
		}
		defer f.Close()
		b, err := runbackup.ReadLimit(f, maxMiB<<20)
		if err != nil {
			return err
		}
		cfg, pool, err := c.openPool(ctx, fs, configPath, nil)
		if err != nil {
			return err
		}
		defer pool.Close()
		blobs, err := service.OpenBlobs(ctx, cfg.Blob)
		if err != nil {
			return err
		}
		name, key := b.Name()
		ent, err := entity.Resolve(ctx, pool, cfg, name)
		if err != nil {
			return err
		}
		res, err := runbackup.RestoreEntity(ctx, pool, blobs, ent, b, db.EntityTimeouts(cfg, name))
		if err != nil {
			return err
		}
		fmt.Fprintf(c.stdout, "%s %s restored: %d rows, %d blobs, tombstone cleared: %t\n", name, key, res.Rows, res.Blobs, res.TombstoneCleared)
		return nil
	}
	return cmd
}
