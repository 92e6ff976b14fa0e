// Package entity is what Lethe knows of the entities its tombstone
// policies delete: their declarations (config.Entity) resolved against the
// database (db.EntityGraph), their blob prefixes, their late-write guards,
// the preview of a deletion and the verification after one.
package entity

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/lethehq/lethe/blob"
	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/internal/quote"
)

// ErrUnknown is an entity the configuration does not declare.
var ErrUnknown = errors.New("entity is not declared")

// Entity is a declared entity resolved against the database.
type Entity struct {
	*EntityGraph
	// Decl is the declaration, with its tombstone policy's blob_prefix
	// when that sets one.
	Decl *config.Entity
	// Policy is the entity's tombstone policy as it was resolved, or nil;
	// ChunkSize reads the current one, run-time overrides included.
	Policy *config.Tombstone

	cfg *config.Config
}

// Spec turns a declaration into what package db resolves.
func Spec(e *config.Entity) EntitySpec {
	spec := EntitySpec{Name: e.Name, Table: e.Table, KeyColumn: e.KeyColumn}
	for _, edge := range e.Edges {
		refTable, refColumn := edge.Ref()
		spec.Edges = append(spec.Edges, EdgeSpec{Table: edge.Table, Column: edge.Column, RefTable: refTable, RefColumn: refColumn, OnDelete: edge.OnDelete})
	}
	return spec
}

// Resolve resolves the entity name of cfg. An undeclared name is
// ErrUnknown.
func Resolve(ctx context.Context, exec Executor, cfg *config.Config, name string) (*Entity, error) {
	decl := cfg.Entity(name)
	if decl == nil {
		known := cfg.EntityNames()
		if len(known) == 0 {
			return nil, fmt.Errorf("%w: %s (the configuration declares none)", ErrUnknown, quote.Value(name))
		}
		return nil, fmt.Errorf("%w: %s (declared: %s)", ErrUnknown, quote.Value(name), strings.Join(known, ", "))
	}
	graph, err := ResolveEntity(ctx, exec, Spec(decl))
	if err != nil {
		return nil, err
	}
	return &Entity{EntityGraph: graph, Decl: decl, Policy: cfg.TombstoneFor(name), cfg: cfg}, nil
}

// ResolveAll resolves every entity of cfg.
func ResolveAll(ctx context.Context, exec Executor, cfg *config.Config) ([]*Entity, error) {
	var (
		out  []*Entity
		errs []error
	)
	for _, name := range cfg.EntityNames() {
		e, err := Resolve(ctx, exec, cfg, name)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		out = append(out, e)
	}
	return out, errors.Join(errs...)
}

// PolicyName names the entity in audit records and metrics: its tombstone
// policy's name, or the entity's own.
func (e *Entity) PolicyName() string {
	if e.Policy != nil {
		return e.Policy.Name
	}
	return e.Name
}

// ChunkSize is how many rows per table and transaction a large deletion
// removes ahead of its final transaction.
func (e *Entity) ChunkSize() int {
	if p := e.cfg.TombstoneFor(e.Name); p != nil && p.DeleteChunkSize > 0 {
		return p.DeleteChunkSize
	}
	return 10_000
}

// BlobPrefix is where the blobs of key live, or "" when the entity has
// none. The key was canonicalised; the prefix is checked again, so a purge
// never reaches outside the entity's own part of the store.
func (e *Entity) BlobPrefix(key string) (string, error) {
	if e.Decl.BlobPrefix == "" {
		return "", nil
	}
	prefix := config.EntityBlobPrefix(e.Decl.BlobPrefix, key)
	if err := blob.CheckPrefix(prefix); err != nil {
		return "", fmt.Errorf("blob prefix of %s %q: %w", e.Name, key, err)
	}
	if !strings.HasSuffix(prefix, "/") || strings.Count(prefix, "/") != strings.Count(e.Decl.BlobPrefix, "/") {
		return "", fmt.Errorf("blob prefix of %s %q: %w: the key must be one path segment", e.Name, key, blob.ErrInvalidKey)
	}
	return prefix, nil
}

// Resolver resolves entities once and keeps them: what long-lived users
// (workers, the web server) hold. Resolution reads the catalog, so a table
// created after startup is found on first use.
type Resolver struct {
	cfg  *config.Config
	exec Executor

	mu       sync.Mutex
	resolved map[string]*Entity
}

// NewResolver returns a Resolver of cfg's entities over exec.
func NewResolver(cfg *config.Config, exec Executor) *Resolver {
	return &Resolver{cfg: cfg, exec: exec, resolved: map[string]*Entity{}}
}

// Get returns the entity name, resolving it on first use. The lock is not
// held while resolving: a resolution waits for a connection, and a caller
// holding one (a worker's session) must not wait for it in turn, or a
// pool whose every connection is so held never gives one back. Callers
// that race on a first use each resolve; the first result is kept.
func (r *Resolver) Get(ctx context.Context, name string) (*Entity, error) {
	r.mu.Lock()
	e, ok := r.resolved[name]
	r.mu.Unlock()
	if ok {
		return e, nil
	}
	e, err := Resolve(ctx, r.exec, r.cfg, name)
	if err != nil {
		return nil, err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if first, ok := r.resolved[name]; ok {
		return first, nil
	}
	r.resolved[name] = e
	return e, nil
}

// Names returns the names of the configured entities.
func (r *Resolver) Names() []string { return slices.Clone(r.cfg.EntityNames()) }
