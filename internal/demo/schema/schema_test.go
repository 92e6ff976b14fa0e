package schema_test

import (
	"context"
	"testing"

	"github.com/lethehq/lethe/internal/demo/schema"
	"github.com/lethehq/lethe/internal/testenv"
	"github.com/lethehq/lethe/migrations"
)

func TestApply(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := testenv.Pool(t)
	if _, err := migrations.Up(ctx, pool, "lethe"); err != nil {
		t.Fatal(err)
	}
	files, err := schema.Files()
	if err != nil {
		t.Fatal(err)
	}
	applied, err := schema.Apply(ctx, pool)
	if err != nil {
		t.Fatal(err)
	}
	if len(applied) != len(files) {
		t.Errorf("applied %v, want all %d example schemas", applied, len(files))
	}
	for _, table := range []string{"pastes", "lineage_event_idempotency", "lineage_event_idempotency_partitioned",
		"experiments", "runs", "run_attributes", "run_metrics", "run_tags", "run_experiments", "run_blobs"} {
		var exists bool
		if err := pool.QueryRow(ctx, `SELECT to_regclass($1) IS NOT NULL`, table).Scan(&exists); err != nil {
			t.Fatal(err)
		}
		if !exists {
			t.Errorf("table %s missing after Apply", table)
		}
	}
	if again, err := schema.Apply(ctx, pool); err != nil || len(again) != 0 {
		t.Errorf("second Apply applied %v (err %v), want nothing", again, err)
	}
}
