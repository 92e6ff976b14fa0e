package config

import (
	"cmp"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"
)

// Entity declares a kind of entity that tombstone policies delete: a root
// table whose key_column identifies one entity, and the edges that lead from
// it to every row hanging off it. Deleting an entity deletes its root row and
// every row reachable through the edges, children before parents, writes its
// tombstone and purges its blob prefix.
type Entity struct {
	// Name is how jobs, the API and tombstones name the entity ("account").
	Name string `yaml:"name"`
	// Table is the root table; KeyColumn holds the entity's key (a text,
	// integer or uuid column).
	Table     string `yaml:"table"`
	KeyColumn string `yaml:"key_column"`
	// BlobPrefix is where an entity's blobs live, a template in which {key}
	// stands for the key ("accounts/{key}/"). Empty: the entity has no blobs.
	BlobPrefix string `yaml:"blob_prefix"`
	// Edges are the tables that hang off the entity.
	Edges []Edge `yaml:"edges"`
	// LockTimeout and StatementTimeout bound each statement of the
	// entity's deletion and ingestion; unset, its tombstone policy's
	// (default 2s and 30s).
	LockTimeout      Duration `yaml:"lock_timeout"`
	StatementTimeout Duration `yaml:"statement_timeout"`
	// RestoreWindow, when set, keeps what a deletion removes for that long
	// ("14d"): its rows, captured in the deletion's transaction, and its
	// blobs, whose purge waits for the window's end. Until then `lethe
	// undelete` puts the entity back. Unset: deletions are final at once.
	RestoreWindow DayDuration `yaml:"restore_window"`
}

// Edge says that the rows of Table whose Column equals the References column
// ("table.column") of a deleted row are deleted too. The referenced table is
// the root or the table of another edge, so edges reach any depth. No foreign
// key is needed.
type Edge struct {
	Table      string `yaml:"table"`
	Column     string `yaml:"column"`
	References string `yaml:"references"`
	// OnDelete, when set, says that the schema's own foreign key on Column
	// handles these rows when the rows they reference go: cascade deletes
	// them, set_null clears Column. Lethe then never deletes from Table
	// itself (an application may refuse any DELETE there that is not its
	// cascade), but counts, guards and verifies the rows as its own.
	// Empty: Lethe deletes the rows.
	OnDelete string `yaml:"on_delete"`
}

// Edge.OnDelete values: what the schema's foreign key does.
const (
	OnDeleteCascade = "cascade"
	OnDeleteSetNull = "set_null"
)

// SchemaOwned reports whether the schema's foreign key, not Lethe, removes
// or detaches the edge's rows.
func (e Edge) SchemaOwned() bool { return e.OnDelete != "" }

// SelfReference reports whether the edge leads from a table to itself
// (a comment's parent comment): only a schema-owned edge may.
func (e Edge) SelfReference() bool {
	table, _ := e.Ref()
	return table == e.Table
}

// Ref splits References into its table and column.
func (e Edge) Ref() (table, column string) {
	table, column, _ = strings.Cut(e.References, ".")
	return table, column
}

// EntityRun is the example entity: an ML-experiment run keyed by its hash.
const EntityRun = "run"

// RunEntity is the declaration of the run example, which the demo's
// configuration spells out. A tombstone policy naming entity run in a
// configuration that does not declare it gets this declaration, as before
// entities could be declared.
func RunEntity() Entity {
	edge := func(table string) Edge {
		return Edge{Table: table, Column: "run_hash", References: "runs.run_hash"}
	}
	return Entity{
		Name: EntityRun, Table: "runs", KeyColumn: "run_hash", BlobPrefix: DefaultRunBlobPrefix,
		Edges: []Edge{edge("run_attributes"), edge("run_metrics"), edge("run_tags"), edge("run_experiments"), edge("run_blobs")},
	}
}

// Tables returns the entity's tables, each once: the root, then the edge
// tables in declaration order.
func (e *Entity) Tables() []string {
	tables := []string{e.Table}
	for _, edge := range e.Edges {
		if !slices.Contains(tables, edge.Table) {
			tables = append(tables, edge.Table)
		}
	}
	return tables
}

// KeyPlaceholder stands for an entity's key in a blob_prefix.
const KeyPlaceholder = "{key}"

// DefaultRunBlobPrefix is where a run's blobs live.
const DefaultRunBlobPrefix = "runs/" + KeyPlaceholder + "/"

// OwnedBlobPrefix is the part of the blob store the entity owns: its
// blob_prefix up to {key}.
func (e *Entity) OwnedBlobPrefix() string {
	owned, _, _ := strings.Cut(e.BlobPrefix, KeyPlaceholder)
	return owned
}

// EntityBlobPrefix is where the blobs of the entity key live under
// template (a blob_prefix such as "runs/{key}/"). key must be valid for its
// entity; the result is a clean prefix ending in "/".
func EntityBlobPrefix(template, key string) string {
	return strings.Replace(template, KeyPlaceholder, key, 1)
}

// Entity returns the declaration of the entity named name: one under
// entities, or the run example when a tombstone policy names run without
// declaring it. It returns nil for an entity Lethe does not know. A tombstone
// policy's own blob_prefix, when set, stands in for the entity's.
func (c *Config) Entity(name string) *Entity {
	var found *Entity
	if i := slices.IndexFunc(c.Entities, func(e Entity) bool { return e.Name == name }); i >= 0 {
		e := c.Entities[i]
		found = &e
	}
	policy := c.TombstoneFor(name)
	if found == nil {
		if name != EntityRun || policy == nil {
			return nil
		}
		run := RunEntity()
		found = &run
	}
	if policy != nil && policy.BlobPrefix != "" {
		found.BlobPrefix = policy.BlobPrefix
	}
	return found
}

// EntityNames returns the names of the entities Lethe deletes: the declared
// ones and the run example when a policy uses it undeclared.
func (c *Config) EntityNames() []string {
	var names []string
	for _, e := range c.Entities {
		names = append(names, e.Name)
	}
	if !slices.Contains(names, EntityRun) && c.TombstoneFor(EntityRun) != nil {
		names = append(names, EntityRun)
	}
	return names
}

// TombstoneFor returns the tombstone policy of entity, with its run-time
// overrides, or nil.
func (c *Config) TombstoneFor(entity string) *Tombstone {
	for _, p := range c.EffectivePolicies() {
		if p, ok := p.(*Tombstone); ok && p.Entity == entity {
			return p
		}
	}
	return nil
}

// EntityTimeouts returns the lock_timeout and statement_timeout of the
// statements on entity's tables: the entity's own, else its tombstone
// policy's, else the defaults.
func (c *Config) EntityTimeouts(entity string) (lock, statement Duration) {
	lock, statement = DefaultLockTimeout, DefaultStatementTimeout
	if p := c.TombstoneFor(entity); p != nil {
		lock, statement = cmp.Or(p.LockTimeout, lock), cmp.Or(p.StatementTimeout, statement)
	}
	if i := slices.IndexFunc(c.Entities, func(e Entity) bool { return e.Name == entity }); i >= 0 {
		e := c.Entities[i]
		lock, statement = cmp.Or(e.LockTimeout, lock), cmp.Or(e.StatementTimeout, statement)
	}
	return lock, statement
}

// EntityBlobPrefix is where c keeps the blobs of entity's key, or "" when
// the entity has no blobs.
func (c *Config) EntityBlobPrefix(entity, key string) string {
	e := c.Entity(entity)
	if e == nil || e.BlobPrefix == "" {
		return ""
	}
	return EntityBlobPrefix(e.BlobPrefix, key)
}

// MaxRestoreWindow bounds an entity's restore_window: a deletion is final
// within a year at the latest.
const MaxRestoreWindow = DayDuration(366 * 24 * time.Hour)

// checkRestoreWindow checks a restore_window that was set: positive and at
// most MaxRestoreWindow.
func checkRestoreWindow(v *policyCheck, w DayDuration) {
	switch {
	case w <= 0:
		v.add("restore_window", "%s must be positive (leave it unset for deletions that are final at once)", w)
	case w > MaxRestoreWindow:
		v.add("restore_window", "%s is longer than %s, the longest a deletion may stay restorable", w, MaxRestoreWindow)
	}
}

// entityNameRE is what an entity name may be: it is part of tombstones,
// lock keys, trigger names and URLs.
var entityNameRE = regexp.MustCompile(`^[a-z][a-z0-9_]{0,39}$`)

// checkEntities validates the entity declarations: names, identifiers,
// references that lead back to the root without cycles, edges declared
// once, and blob prefixes.
func (c *Config) checkEntities(errs *problems) {
	names := map[string]bool{}
	roots := map[string]string{}
	for i, e := range c.Entities {
		path := fmt.Sprintf("entities[%d]", i)
		if e.Name != "" {
			path += " (" + e.Name + ")"
		}
		v := &policyCheck{problems: errs, path: path}
		switch {
		case !entityNameRE.MatchString(e.Name):
			v.add("name", "%q must be a lowercase letter, then letters, digits or _ (at most 40)", e.Name)
		case names[e.Name]:
			v.add("name", "duplicate entity name %q", e.Name)
		}
		names[e.Name] = true
		v.ident("table", e.Table, true)
		v.ident("key_column", e.KeyColumn, true)
		if other, ok := roots[e.Table]; ok && e.Table != "" {
			v.add("table", "%s is already the root table of entity %s", e.Table, other)
		}
		roots[e.Table] = e.Name
		if e.BlobPrefix != "" {
			checkBlobTemplate(v, "blob_prefix", e.BlobPrefix)
		}
		checkEdges(v, &e)
		if e.RestoreWindow != 0 {
			checkRestoreWindow(v, e.RestoreWindow)
		}
		if e.LockTimeout != 0 || e.StatementTimeout != 0 {
			lock, statement := c.EntityTimeouts(e.Name)
			if e.LockTimeout != 0 {
				lock = e.LockTimeout
			}
			if e.StatementTimeout != 0 {
				statement = e.StatementTimeout
			}
			v.statementTimeouts(lock, statement, jobTimeout{"river.job_timeout", c.River.JobTimeout})
		}
	}
	for i, p := range c.Policies {
		t, ok := p.(*Tombstone)
		if !ok {
			continue
		}
		path := fmt.Sprintf("policies[%d] (%s)", cmp.Or(t.index, i+1)-1, t.Name)
		declared := slices.IndexFunc(c.Entities, func(e Entity) bool { return e.Name == t.Entity })
		switch {
		case declared < 0 && t.Entity != EntityRun:
			errs.add(path+".entity", "unknown entity %q%s", t.Entity, declaredList(c.Entities))
		case declared >= 0 && t.BlobPrefix != "" && c.Entities[declared].BlobPrefix != "" && t.BlobPrefix != c.Entities[declared].BlobPrefix:
			errs.add(path+".blob_prefix", "%q differs from entity %s's blob_prefix %q: set it in one place", t.BlobPrefix, t.Entity, c.Entities[declared].BlobPrefix)
		}
		for _, q := range c.Policies[:i] {
			if q, ok := q.(*Tombstone); ok && q.Entity == t.Entity {
				errs.add(path+".entity", "entity %s already has tombstone policy %s", t.Entity, q.Name)
			}
		}
	}
}

func declaredList(entities []Entity) string {
	if len(entities) == 0 {
		return ": declare it under entities"
	}
	names := make([]string, len(entities))
	for i, e := range entities {
		names[i] = e.Name
	}
	return " (declared: " + strings.Join(names, ", ") + ")"
}

// checkBlobTemplate checks a blob_prefix template: a clean prefix that
// ends in {key}/ and names {key} once.
func checkBlobTemplate(v *policyCheck, field, template string) {
	if owned, ok := strings.CutSuffix(template, KeyPlaceholder+"/"); !ok || strings.Contains(owned, KeyPlaceholder) {
		v.add(field, "%q must end in %s/ and name %s once", template, KeyPlaceholder, KeyPlaceholder)
	} else if owned != "" {
		v.blobPrefix(field, owned)
	}
}

// checkEdges checks that every edge names a column of a table reachable
// from the root, once, and that the edges form no cycle.
func checkEdges(v *policyCheck, e *Entity) {
	tables := map[string]bool{e.Table: true}
	for _, edge := range e.Edges {
		tables[edge.Table] = true
	}
	seen := map[Edge]bool{}
	for i, edge := range e.Edges {
		field := fmt.Sprintf("edges[%d]", i)
		v.ident(field+".table", edge.Table, true)
		v.ident(field+".column", edge.Column, true)
		refTable, refColumn := edge.Ref()
		switch {
		case !identRE.MatchString(refTable) || !identRE.MatchString(refColumn):
			v.add(field+".references", "%q must be table.column", edge.References)
		case !tables[refTable]:
			v.add(field+".references", "table %s is neither the root %s nor the table of an edge", refTable, e.Table)
		}
		switch edge.OnDelete {
		case "", OnDeleteCascade, OnDeleteSetNull:
		default:
			v.add(field+".on_delete", "%q must be %s or %s (what the schema's foreign key does), or unset for rows Lethe deletes", edge.OnDelete, OnDeleteCascade, OnDeleteSetNull)
		}
		switch {
		case edge.SelfReference() && !edge.SchemaOwned() && edge.Table != "":
			v.add(field+".on_delete", "edge %s.%s references its own table: only the schema's foreign key can follow it; set on_delete to what that key does (%s or %s)", edge.Table, edge.Column, OnDeleteCascade, OnDeleteSetNull)
		case edge.Table == e.Table && edge.Table != "" && !edge.SelfReference():
			v.add(field+".table", "%s is the root table; an edge leads away from it", edge.Table)
		case seen[edge]:
			v.add(field, "declared twice")
		}
		seen[edge] = true
	}
	if cycle := edgeCycle(e); cycle != "" {
		v.add("edges", "cycle %s: every table must lead back to the root %s", cycle, e.Table)
	}
}

// edgeCycle returns a cycle among the edges ("a -> b -> a"), or "".
func edgeCycle(e *Entity) string {
	parents := map[string][]string{}
	for _, edge := range e.Edges {
		if edge.SelfReference() {
			continue // a schema-owned self-reference: checked in checkEdges
		}
		ref, _ := edge.Ref()
		parents[edge.Table] = append(parents[edge.Table], ref)
	}
	const (
		visiting = 1
		done     = 2
	)
	state := map[string]int{}
	var path []string
	var visit func(string) string
	visit = func(t string) string {
		switch state[t] {
		case visiting:
			start := slices.Index(path, t)
			return strings.Join(append(slices.Clone(path[start:]), t), " -> ")
		case done:
			return ""
		}
		state[t] = visiting
		path = append(path, t)
		for _, p := range parents[t] {
			if cycle := visit(p); cycle != "" {
				return cycle
			}
		}
		path = path[:len(path)-1]
		state[t] = done
		return ""
	}
	for _, edge := range e.Edges {
		if cycle := visit(edge.Table); cycle != "" {
			return cycle
		}
	}
	return ""
}
