package entity

import (
	"context"
	"slices"

	"github.com/lethehq/lethe/config"
)

// GuardLockTimeout bounds how long installing a guard waits for its table:
// creating a trigger locks the table against writes while it waits.
const GuardLockTimeout = "10s"

// InstallGuards resolves every entity of cfg and makes the late-write guards
// in the database theirs: missing ones added, changed ones replaced, those
// on tables a declaration no longer lists dropped. It returns what changed,
// and, as undeclared, the guards of entities cfg does not declare at all:
// it leaves those in place (only RemoveGuards drops them), so that a
// configuration missing an entity by mistake does not open its tables to
// late writes. An entity that does not resolve (a table or column missing)
// keeps whatever guards it has; unresolved names each such entity and why,
// and the others are installed regardless.
func InstallGuards(ctx context.Context, pool Beginner, exec Executor, cfg *config.Config) (changes []GuardChange, unresolved error, err error) {
	entities, unresolved := ResolveAll(ctx, exec, cfg)
	changes, err = installGuards(ctx, pool, graphs(entities), unresolvedNames(cfg, entities), GuardLockTimeout)
	return changes, unresolved, err
}

// CheckGuards reports how the installed guards differ from cfg's: missing,
// stale or undeclared (of a table a declaration no longer lists, or of an
// entity cfg does not declare: GuardChange.EntityDeclared tells which, and
// GuardChange.Fix what brings it in line). unresolved names the entities
// that do not resolve; their guards are not reported.
func CheckGuards(ctx context.Context, exec Executor, cfg *config.Config) (changes []GuardChange, unresolved error, err error) {
	entities, unresolved := ResolveAll(ctx, exec, cfg)
	changes, err = checkGuards(ctx, exec, graphs(entities), unresolvedNames(cfg, entities))
	return changes, unresolved, err
}

// GuardsSQL returns the statements that InstallGuards would run for cfg,
// written out for a DBA to apply by hand (they begin and commit their own
// transaction): every guard of cfg's entities created or replaced, its
// function owned by Lethe's role (the owner of lethe_tombstones), and the
// guards on tables a declaration no longer lists dropped. Applied, they
// leave CheckGuards with nothing to report but the guards of undeclared
// entities. unresolved names the entities left out because they do not
// resolve.
func GuardsSQL(ctx context.Context, exec Executor, cfg *config.Config) (sql string, unresolved error, err error) {
	entities, unresolved := ResolveAll(ctx, exec, cfg)
	sql, err = guardsSQL(ctx, exec, graphs(entities), unresolvedNames(cfg, entities))
	return sql, unresolved, err
}

// unresolvedNames are the entities of cfg missing from resolved.
func unresolvedNames(cfg *config.Config, resolved []*Entity) []string {
	var names []string
	for _, name := range cfg.EntityNames() {
		if !slices.ContainsFunc(resolved, func(e *Entity) bool { return e.Name == name }) {
			names = append(names, name)
		}
	}
	return names
}

func graphs(entities []*Entity) []*EntityGraph {
	out := make([]*EntityGraph, len(entities))
	for i, e := range entities {
		out[i] = e.EntityGraph
	}
	return out
}
