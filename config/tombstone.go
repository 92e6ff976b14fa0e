package config

import (
	"cmp"
	"strings"
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

	// Entity is the kind of entity the policy deletes: run.
	Entity string `yaml:"entity"`

	// BlobPrefix is where an entity's blobs live, a template in which
	// {key} stands for the entity's key (default "runs/{key}/"). It ends
	// in "{key}/"; what comes before it is the part of the blob store the
	// policy owns, which no other policy's prefix may overlap.
	BlobPrefix string `yaml:"blob_prefix"`

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
}

// KeyPlaceholder stands for an entity's key in a tombstone policy's
// blob_prefix.
const KeyPlaceholder = "{key}"

// DefaultRunBlobPrefix is where a run's blobs live unless a tombstone
// policy says otherwise.
const DefaultRunBlobPrefix = "runs/" + KeyPlaceholder + "/"

// OwnedBlobPrefix is the part of the blob store p owns: its blob_prefix up
// to {key}.
func (p *Tombstone) OwnedBlobPrefix() string {
	owned, _, _ := strings.Cut(p.BlobPrefix, KeyPlaceholder)
	return owned
}

// EntityBlobPrefix is where the blobs of the entity key live under
// template (a blob_prefix such as "runs/{key}/"). key must be valid for its
// entity; the result is a clean prefix ending in "/".
func EntityBlobPrefix(template, key string) string {
	return strings.Replace(template, KeyPlaceholder, key, 1)
}

// EntityBlobPrefix is where c keeps the blobs of entity's key: the
// blob_prefix of entity's tombstone policy (DefaultRunBlobPrefix without
// one) with the key filled in.
func (c *Config) EntityBlobPrefix(entity, key string) string {
	template := DefaultRunBlobPrefix
	for _, p := range c.Policies {
		if p, ok := p.(*Tombstone); ok && p.Entity == entity {
			template = p.BlobPrefix
			break
		}
	}
	return EntityBlobPrefix(template, key)
}

// PolicyKind returns KindTombstone.
func (*Tombstone) PolicyKind() Kind { return KindTombstone }

func (p *Tombstone) setDefaults(fieldSet) {
	p.Entity = cmp.Or(p.Entity, "run")
	p.BlobPrefix = cmp.Or(p.BlobPrefix, DefaultRunBlobPrefix)
	p.Schedule = cmp.Or(p.Schedule, "@daily")
	p.GCSchedule = cmp.Or(p.GCSchedule, "@weekly")
	p.TombstoneMaxAge = cmp.Or(p.TombstoneMaxAge, Duration(168*time.Hour))
	p.TombstoneStore = cmp.Or(p.TombstoneStore, StorePostgres)
	p.DeletedCacheSize = cmp.Or(p.DeletedCacheSize, 10_000)
	p.DeletedCacheTTL = cmp.Or(p.DeletedCacheTTL, Duration(5*time.Second))
	p.MaxBatchDeleteIDs = cmp.Or(p.MaxBatchDeleteIDs, 1000)
}

func (p *Tombstone) validate(v *policyCheck, _ *Config) {
	if p.Entity != "run" {
		v.add("entity", "unknown entity %q (supported: run)", p.Entity)
	}
	if owned, ok := strings.CutSuffix(p.BlobPrefix, KeyPlaceholder+"/"); !ok || strings.Contains(owned, KeyPlaceholder) {
		v.add("blob_prefix", "%q must end in %s/ and name %s once", p.BlobPrefix, KeyPlaceholder, KeyPlaceholder)
	} else if owned != "" {
		v.blobPrefix("blob_prefix", owned)
	}
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
