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
// of entities or tables no longer declared dropped. It returns what changed.
// An entity that does not resolve (a table or column missing) keeps whatever
// guards it has; unresolved names each such entity and why, and the others
// are installed regardless.
func InstallGuards(ctx context.Context, pool Beginner, exec Executor, cfg *config.Config) (changes []GuardChange, unresolved error, err error) {
	entities, unresolved := ResolveAll(ctx, exec, cfg)
	changes, err = installGuards(ctx, pool, graphs(entities), unresolvedNames(cfg, entities), GuardLockTimeout)
	return changes, unresolved, err
}

// CheckGuards reports how the installed guards differ from cfg's: missing,
// stale or undeclared. unresolved names the entities that do not resolve.
func CheckGuards(ctx context.Context, exec Executor, cfg *config.Config) (changes []GuardChange, unresolved error, err error) {
	entities, unresolved := ResolveAll(ctx, exec, cfg)
	changes, err = checkGuards(ctx, exec, graphs(entities), unresolvedNames(cfg, entities))
	return changes, unresolved, err
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
