package entity

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// Existing reports which of keys (canonical, see CanonicalKey) have a root
// row: one lookup on the key column for all of them, so asking costs the
// same for an entity of ten rows as for one of ten million.
func (g *EntityGraph) Existing(ctx context.Context, exec Bounded, keys []string) (map[string]bool, error) {
	sql := newIdentTemplate(map[string]string{"table": g.Table, "key": g.KeyColumn}).
		Fill(`SELECT t.{key}::text FROM {table} t WHERE t.{key} = ANY ($1::text[]::` + g.KeyType + `[])`)
	rows, err := exec.Query(ctx, sql, keys)
	if err != nil {
		return nil, fmt.Errorf("look up %d keys of %s: %w", len(keys), g.Name, err)
	}
	found, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("look up %d keys of %s: %w", len(keys), g.Name, err)
	}
	out := make(map[string]bool, len(found))
	for _, k := range found {
		out[k] = true
	}
	return out, nil
}
