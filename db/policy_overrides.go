package db

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"

	"github.com/jackc/pgx/v5"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db/internal/dbsqlc"
)

// SetPolicyOverrides stores fields (JSON values by field name) as overrides
// of policy, replacing earlier values of the same fields, all in one
// transaction. by names who set them ("" when unknown). The caller checks
// the values first (config.Config.WithOverride).
func SetPolicyOverrides(ctx context.Context, exec interface {
	Begin(ctx context.Context) (pgx.Tx, error)
}, policy string, fields map[string]json.RawMessage, by string) error {
	var updatedBy *string
	if by != "" {
		updatedBy = &by
	}
	err := pgx.BeginFunc(ctx, exec, func(tx pgx.Tx) error {
		for _, field := range slices.Sorted(maps.Keys(fields)) {
			if err := dbsqlc.New().PolicyOverrideUpsert(ctx, tx, &dbsqlc.PolicyOverrideUpsertParams{
				Policy: policy, Field: field, Value: fields[field], UpdatedBy: updatedBy,
			}); err != nil {
				return fmt.Errorf("field %s: %w", field, err)
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("store overrides of policy %s: %w", policy, err)
	}
	return nil
}

// DeletePolicyOverrides removes every override of policy, which returns to
// the file's values, and returns how many fields it had.
func DeletePolicyOverrides(ctx context.Context, exec Executor, policy string) (int64, error) {
	n, err := dbsqlc.New().PolicyOverrideDeletePolicy(ctx, exec, policy)
	if err != nil {
		return 0, fmt.Errorf("delete overrides of policy %s: %w", policy, err)
	}
	return n, nil
}

// ListPolicyOverrides returns every stored override, by policy and field.
func ListPolicyOverrides(ctx context.Context, exec Executor) (config.Overrides, error) {
	rows, err := dbsqlc.New().PolicyOverrideList(ctx, exec)
	if err != nil {
		return nil, fmt.Errorf("list policy overrides: %w", err)
	}
	out := config.Overrides{}
	for _, r := range rows {
		if out[r.Policy] == nil {
			out[r.Policy] = map[string]json.RawMessage{}
		}
		out[r.Policy][r.Field] = json.RawMessage(r.Value)
	}
	return out, nil
}
