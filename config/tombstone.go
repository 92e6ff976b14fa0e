package config

import (
	"cmp"
	"time"
)

// TombstoneStore names where a tombstone policy keeps its tombstones.
type TombstoneStore string

// Tombstone stores.
const (
	StorePostgres     TombstoneStore = "postgres"     // lethe_tombstones, the default
	StoreFoundationDB TombstoneStore = "foundationdb" // built with -tags foundationdb
)

// Tombstone is a tombstone policy: entities deleted on request leave a
// tombstone that keeps late writes out, drives the purge of their blobs, and
// is collected once that purge has completed. Its schedule runs the orphan
// blob sweep. Its workers are in workers/tombstone*.go, delete_entity.go,
// purge_blobs.go and orphan_sweep.go, and its statements in db/tombstones.go
// and db/runs.go.
type Tombstone struct {
	PolicyBase `yaml:",inline"`

	// Entity names the entity the policy deletes, one declared under
	// entities (default run, the example, declared or not).
	Entity string `yaml:"entity"`

	// BlobPrefix, when set, is the entity's blob_prefix (a template in
	// which {key} stands for the key, e.g. "runs/{key}/"). The entity's
	// declaration is the place for it; this field stays for configurations
	// written before entities could be declared.
	BlobPrefix string `yaml:"blob_prefix"`

	// DeleteChunkSize bounds how many rows of one table a large entity's
	// deletion removes per transaction before its final one (10,000).
	DeleteChunkSize int `yaml:"delete_chunk_size"`

	// GCSchedule runs tombstone GC (weekly), which removes tombstones
	// older than TombstoneMaxAge (168h) whose blob purge has completed.
	GCSchedule      string   `yaml:"gc_schedule"`
	TombstoneMaxAge Duration `yaml:"tombstone_max_age"`

	// TombstoneStore is postgres (the default) or foundationdb, which
	// needs FDBClusterFile.
	TombstoneStore TombstoneStore `yaml:"tombstone_store"`
	FDBClusterFile string         `yaml:"fdb_cluster_file"`

	// DeletedCacheSize keys (10,000) are remembered as deleted for
	// DeletedCacheTTL (5s), so late writes of a deleted entity skip the
	// database.
	DeletedCacheSize int      `yaml:"deleted_cache_size"`
	DeletedCacheTTL  Duration `yaml:"deleted_cache_ttl"`

	// MaxBatchDeleteIDs caps one batch delete request (1000).
	MaxBatchDeleteIDs int `yaml:"max_batch_delete_ids"`

	// LockTimeout (2s) and StatementTimeout (30s) bound each statement on
	// the entity's tables (deletion, ingestion) and on the tombstones; an
	// entity's own declaration may set others. A deletion that cannot get
	// its locks in time is tried again later.
	LockTimeout      Duration `yaml:"lock_timeout"`
	StatementTimeout Duration `yaml:"statement_timeout"`
}

// PolicyKind returns KindTombstone.
func (*Tombstone) PolicyKind() Kind { return KindTombstone }

func (p *Tombstone) setDefaults(fieldSet) {
	p.Entity = cmp.Or(p.Entity, EntityRun)
	p.DeleteChunkSize = cmp.Or(p.DeleteChunkSize, 10_000)
	p.Schedule = cmp.Or(p.Schedule, "@daily")
	p.GCSchedule = cmp.Or(p.GCSchedule, "@weekly")
	p.TombstoneMaxAge = cmp.Or(p.TombstoneMaxAge, Duration(168*time.Hour))
	p.TombstoneStore = cmp.Or(p.TombstoneStore, StorePostgres)
	p.DeletedCacheSize = cmp.Or(p.DeletedCacheSize, 10_000)
	p.DeletedCacheTTL = cmp.Or(p.DeletedCacheTTL, Duration(5*time.Second))
	p.MaxBatchDeleteIDs = cmp.Or(p.MaxBatchDeleteIDs, 1000)
	p.LockTimeout = cmp.Or(p.LockTimeout, DefaultLockTimeout)
	p.StatementTimeout = cmp.Or(p.StatementTimeout, DefaultStatementTimeout)
}

func (p *Tombstone) validate(v *policyCheck, c *Config) {
	v.statementTimeouts(p.LockTimeout, p.StatementTimeout, jobTimeout{"river.job_timeout", c.River.JobTimeout})
	if p.BlobPrefix != "" {
		checkBlobTemplate(v, "blob_prefix", p.BlobPrefix)
	}
	v.positive("delete_chunk_size", p.DeleteChunkSize)
	v.schedule("gc_schedule", p.GCSchedule)
	v.positiveDuration("tombstone_max_age", p.TombstoneMaxAge)
	oneOf(v, "tombstone_store", p.TombstoneStore, StorePostgres, StoreFoundationDB)
	if p.TombstoneStore == StoreFoundationDB && p.FDBClusterFile == "" {
		v.add("fdb_cluster_file", "required when tombstone_store is foundationdb")
	}
	v.positive("deleted_cache_size", p.DeletedCacheSize)
	v.positiveDuration("deleted_cache_ttl", p.DeletedCacheTTL)
	v.positive("max_batch_delete_ids", p.MaxBatchDeleteIDs)
}
