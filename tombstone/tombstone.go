// Package tombstone is where deletion markers live: the Store interface,
// the PostgreSQL store (the default, and the only one that can guard
// PostgreSQL writes transactionally), a FoundationDB store behind the
// foundationdb build tag, and the small in-memory cache of deleted keys the
// ingestion workers consult before touching the database.
package tombstone

import (
	"context"
	"time"

	"github.com/lethehq/lethe/db"
)

// Tombstone is one deletion marker.
type Tombstone = db.Tombstone

// GCResult counts what one GC pass did.
type GCResult = db.GCResult

// Store keeps tombstones. Implementations must make Put, Clear and
// MarkPurged atomic per key; List pages in key order (keyset: pass the last
// key of a page as after).
type Store interface {
	// IsDeleted reports whether (entity, key) has a tombstone.
	IsDeleted(ctx context.Context, entity, key string) (bool, error)
	// Get returns the tombstone of (entity, key), or nil.
	Get(ctx context.Context, entity, key string) (*Tombstone, error)
	// Put writes the tombstone with deleted_at = now, keeping an existing
	// one unchanged; it reports whether the tombstone is new.
	Put(ctx context.Context, entity, key string) (bool, error)
	// Clear removes the tombstone and reports whether there was one.
	Clear(ctx context.Context, entity, key string) (bool, error)
	// List returns up to limit tombstones of entity with key > after.
	List(ctx context.Context, entity, after string, limit int) ([]Tombstone, error)
	// MarkPurged records that a blob purge that started at startedAt
	// completed; false when the tombstone is gone.
	MarkPurged(ctx context.Context, entity, key string, startedAt time.Time) (bool, error)
	// GC removes tombstones deleted before cutoff whose purge started at or
	// after their deletion, and counts the old ones kept unpurged.
	GC(ctx context.Context, entity string, cutoff time.Time) (GCResult, error)
	// Name describes the store for logs ("postgres", "foundationdb").
	Name() string
}

// Postgres is the Store on lethe_tombstones. Built on a transaction, every
// call joins that transaction: this is how the ingestion guard checks a
// tombstone atomically with its write.
type Postgres struct {
	exec db.Executor
}

// NewPostgres returns the store on exec (a pool, or a transaction to join).
func NewPostgres(exec db.Executor) *Postgres { return &Postgres{exec: exec} }

// gcBatch bounds one GC delete statement.
const gcBatch = 1000

func (p *Postgres) IsDeleted(ctx context.Context, entity, key string) (bool, error) {
	return db.IsTombstoned(ctx, p.exec, entity, key)
}

func (p *Postgres) Get(ctx context.Context, entity, key string) (*Tombstone, error) {
	return db.GetTombstone(ctx, p.exec, entity, key)
}

func (p *Postgres) Put(ctx context.Context, entity, key string) (bool, error) {
	return db.PutTombstone(ctx, p.exec, entity, key)
}

func (p *Postgres) Clear(ctx context.Context, entity, key string) (bool, error) {
	return db.ClearTombstone(ctx, p.exec, entity, key)
}

func (p *Postgres) List(ctx context.Context, entity, after string, limit int) ([]Tombstone, error) {
	return db.ListTombstones(ctx, p.exec, entity, after, limit)
}

func (p *Postgres) MarkPurged(ctx context.Context, entity, key string, startedAt time.Time) (bool, error) {
	return db.MarkPurged(ctx, p.exec, entity, key, startedAt)
}

func (p *Postgres) GC(ctx context.Context, entity string, cutoff time.Time) (GCResult, error) {
	return db.GCTombstones(ctx, p.exec, entity, cutoff, gcBatch)
}

func (p *Postgres) Name() string { return "postgres" }
