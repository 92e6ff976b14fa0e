package workers

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/entity"
	"github.com/lethehq/lethe/jobs"
	"github.com/lethehq/lethe/tombstone"
)

// tombstonePeriodics returns the periodic jobs of a tombstone policy: the
// orphan blob sweep on schedule (default @daily) and tombstone GC on
// gc_schedule (default @weekly).
func tombstonePeriodics(p *config.Tombstone) []Periodic {
	return []Periodic{
		{Policy: p.Name, Name: PeriodicOrphanSweep, Schedule: p.Schedule, Args: jobs.OrphanSweep{Policy: p.Name}, Main: true},
		{Policy: p.Name, Name: PeriodicTombstoneGC, Schedule: p.GCSchedule, Args: jobs.TombstoneGC{Policy: p.Name}},
	}
}

// registerTombstone adds the entity deletion workers (delete_entity,
// purge_blobs, orphan_sweep, tombstone_gc) and the run ingestion workers.
// They are registered even without a tombstone policy: other services may
// insert delete_entity and ingestion jobs regardless.
func registerTombstone(workers *river.Workers, deps *Deps) error {
	deps.initPacers()
	ent, err := newEntities(deps)
	if err != nil {
		return err
	}
	for _, add := range []func() error{
		func() error { return river.AddWorkerSafely(workers, &DeleteEntityWorker{ent: ent}) },
		func() error { return river.AddWorkerSafely(workers, &PurgeBlobsWorker{ent: ent}) },
		func() error { return river.AddWorkerSafely(workers, &OrphanSweepWorker{ent: ent}) },
		func() error { return river.AddWorkerSafely(workers, &TombstoneGCWorker{ent: ent}) },
		func() error { return river.AddWorkerSafely(workers, createRunWorker(ent)) },
		func() error { return river.AddWorkerSafely(workers, logMetricWorker(ent)) },
		func() error { return river.AddWorkerSafely(workers, setTagWorker(ent)) },
		func() error { return river.AddWorkerSafely(workers, setAttributeWorker(ent)) },
		func() error { return river.AddWorkerSafely(workers, addToExperimentWorker(ent)) },
		func() error { return river.AddWorkerSafely(workers, putRunBlobWorker(ent)) },
	} {
		if err := add(); err != nil {
			return fmt.Errorf("register tombstone workers: %w", err)
		}
	}
	return nil
}

// entities is what the entity deletion and ingestion workers share: the
// dependencies and the cache of deleted keys.
type entities struct {
	deps     *Deps
	resolver *entity.Resolver
	cache    *tombstone.Cache
	// store serves the tombstone operations that need no transaction with
	// run data: the orphan sweep's listing and tombstone GC.
	store tombstone.Store
}

// newEntities builds the shared state from the first tombstone policy (or
// defaults when there is none).
func newEntities(deps *Deps) (*entities, error) {
	size, ttl := 10_000, 5*time.Second
	for _, p := range deps.Config.Policies {
		p, ok := p.(*config.Tombstone)
		if !ok {
			continue
		}
		if p.TombstoneStore != config.StorePostgres {
			// The run data lives in PostgreSQL; only a PostgreSQL tombstone
			// can be checked in the same transaction as the write.
			return nil, fmt.Errorf("policy %s: tombstone_store %s: Lethe's run workers keep run data in PostgreSQL and need the postgres store for the transactional late-write guard (see docs/tombstones.md, FoundationDB)", p.Name, p.TombstoneStore)
		}
		size, ttl = p.DeletedCacheSize, p.DeletedCacheTTL.D()
		break
	}
	return &entities{
		deps: deps, resolver: entity.NewResolver(deps.Config, deps.Pool),
		cache: tombstone.NewCache(size, ttl), store: tombstone.NewPostgres(deps.Pool),
	}, nil
}

// entityKey is an entity and one of its keys.
type entityKey struct{ Entity, Key string }

// checkArgs checks the (entity, key) of a job and returns the key as the
// database spells it (see db.EntityGraph.CanonicalKey). Malformed args, an
// undeclared entity and a key its key column cannot hold cancel the job:
// retrying cannot fix them.
func (e *entities) checkArgs(ctx context.Context, kind, name, key string) (entityKey, error) {
	if err := jobs.ValidateEntityKey(name, key); err != nil {
		return entityKey{}, invalid(kind, err)
	}
	ent, err := e.resolver.Get(ctx, name)
	if errors.Is(err, entity.ErrUnknown) {
		return entityKey{}, invalid(kind, err)
	}
	if err != nil {
		return entityKey{}, err
	}
	canonical, err := ent.CanonicalKey(ctx, e.deps.Pool, key)
	var keyErr *entity.KeyError
	if errors.As(err, &keyErr) {
		return entityKey{}, invalid(kind, err)
	}
	return entityKey{name, canonical}, err
}

// blobPrefix is where the blobs of entity key live ("" when the entity has
// none), checked so a purge can never reach outside the entity's prefix.
func (e *entities) blobPrefix(ctx context.Context, name, key string) (string, error) {
	ent, err := e.resolver.Get(ctx, name)
	if err != nil {
		return "", err
	}
	return ent.BlobPrefix(key)
}

// policyFor names the tombstone policy of entity for audit records and
// metrics: its configured name, or the entity itself.
func (e *entities) policyFor(entity string) string {
	if p := e.deps.Config.TombstoneFor(entity); p != nil {
		return p.Name
	}
	return entity
}

// invalid cancels a job whose args are malformed: retrying cannot fix them.
func invalid(kind string, err error) error {
	return river.JobCancel(fmt.Errorf("invalid %s args: %w", kind, err))
}

// ingest runs write for run hash in one transaction guarded against the
// run's tombstone: a fresh cached "deleted" skips at once; otherwise the
// transaction takes the run's shared lock, checks the tombstone, and writes
// only when there is none. delete_entity holds the exclusive lock while it
// deletes, so the check and the write see either the whole deletion or none
// of it. It reports whether the write was skipped.
//
// Only the database's answer is cached: a cache hit must not renew the
// entry, or a run written to more often than deleted_cache_ttl would stay
// "deleted" in this process long after its tombstone was cleared.
//
// write gets the transaction as a db.Bounded carrying the run entity's
// timeouts, so none of its statements can queue behind an application's
// lock on a run table for longer than the entity's lock_timeout.
func (e *entities) ingest(ctx context.Context, kind, hash string, write func(b db.Bounded) error) (bool, error) {
	skip := func(reason string) (bool, error) { return e.skipIngest(ctx, kind, hash, reason) }
	if e.cache.Deleted(jobs.EntityRun, hash) {
		return skip("cache")
	}
	skipped := false
	timeouts := db.EntityTimeouts(e.deps.Config, jobs.EntityRun)
	timeouts.Statement = min(timeouts.Statement, ingestTimeout(e.deps)/2)
	err := e.deps.txFunc(ctx, func(tx pgx.Tx) error {
		bounded, err := timeouts.Tx(ctx, tx)
		if err != nil {
			return err
		}
		deleted, err := db.LockShared(ctx, tx, jobs.EntityRun, hash)
		if err != nil {
			return err
		}
		if deleted {
			skipped = true
			return nil
		}
		return write(bounded)
	})
	switch {
	case db.IsTombstonedError(err):
		// The guard trigger refused a row: cannot happen while we hold the
		// lock, but the database has the last word.
		return skip("trigger")
	case err != nil:
		return false, fmt.Errorf("%s for run %s: %w", kind, hash, err)
	case skipped:
		return skip("tombstone")
	}
	return false, nil
}

// ingestSession is ingest for a write that calls the blob store: on a
// connection of its own it takes the run's shared lock as a session lock
// (with the entity's timeouts for the session), checks the tombstone and
// runs write with no transaction open, on the connection as a db.Bounded
// (the session carries the timeouts): each of its statements commits on
// its own, or in a transaction write begins (Bounded.Begin).
func (e *entities) ingestSession(ctx context.Context, kind, hash string, write func(b db.Bounded) error) (bool, error) {
	if e.cache.Deleted(jobs.EntityRun, hash) {
		return e.skipIngest(ctx, kind, hash, "cache")
	}
	// The run entity is resolved before the session takes its connection,
	// so write finds it resolved: resolving takes a connection of its own,
	// which a pool whose every connection is held by such sessions would
	// never give.
	if _, err := e.resolver.Get(ctx, jobs.EntityRun); err != nil {
		return false, fmt.Errorf("%s for run %s: %w", kind, hash, err)
	}
	timeouts := db.EntityTimeouts(e.deps.Config, jobs.EntityRun)
	timeouts.Statement = min(timeouts.Statement, ingestTimeout(e.deps)/2)
	var deleted bool
	err := timeouts.Session(ctx, e.deps.Pool, db.EntityLockShared(jobs.EntityRun, hash), func(conn *pgxpool.Conn) error {
		var err error
		if deleted, err = db.IsTombstoned(ctx, conn, jobs.EntityRun, hash); err != nil || deleted {
			return err
		}
		return write(timeouts.Conn(conn))
	})
	switch {
	case deleted:
		return e.skipIngest(ctx, kind, hash, "tombstone")
	case db.IsTombstonedError(err):
		return e.skipIngest(ctx, kind, hash, "trigger")
	case err != nil:
		return false, fmt.Errorf("%s for run %s: %w", kind, hash, err)
	}
	return false, nil
}

// skipIngest counts and logs a write skipped for a deleted run; only the
// database's answer is cached (see ingest).
func (e *entities) skipIngest(ctx context.Context, kind, hash, reason string) (bool, error) {
	if reason != "cache" {
		e.cache.MarkDeleted(jobs.EntityRun, hash)
	}
	e.deps.Metrics.IngestSkipped.WithLabelValues(jobs.EntityRun).Inc()
	e.deps.Logger.DebugContext(ctx, "Skipped ingestion for deleted run",
		slog.String("kind", kind), slog.String("run_hash", hash), slog.String("reason", reason))
	return true, nil
}

// errTombstoneGone marks a purge of an entity whose tombstone was cleared.
var errTombstoneGone = errors.New("tombstone no longer exists")
