package schema_test

import (
	"context"
	"slices"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/internal/demo/schema"
	"github.com/lethehq/lethe/internal/testenv"
	"github.com/lethehq/lethe/migrations"
)

// migratedPool is a pool on a new database with Lethe's migrations only.
func migratedPool(t *testing.T) *pgxpool.Pool {
	t.Helper()
	pool := testenv.Pool(t)
	if _, err := migrations.Up(context.Background(), pool, config.DefaultRiverSchema); err != nil {
		t.Fatal(err)
	}
	return pool
}

func tableExists(t *testing.T, pool *pgxpool.Pool, table string) bool {
	t.Helper()
	var exists bool
	if err := pool.QueryRow(context.Background(), `SELECT to_regclass($1) IS NOT NULL`, table).Scan(&exists); err != nil {
		t.Fatal(err)
	}
	return exists
}

func TestApply(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := migratedPool(t)
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
		if !tableExists(t, pool, table) {
			t.Errorf("table %s missing after Apply", table)
		}
	}
	if again, err := schema.Apply(ctx, pool); err != nil || len(again) != 0 {
		t.Errorf("second Apply applied %v (err %v), want nothing", again, err)
	}
}

// TestApplySkipsWhatEarlierLetheMigrated: on a database whose
// lethe_migration records an example schema (earlier Lethe versions
// applied them as migrations), Apply leaves that one alone and applies the
// others.
func TestApplySkipsWhatEarlierLetheMigrated(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := migratedPool(t)
	files, err := schema.Files()
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(files, func(f schema.File) bool { return f.Name == "pastes" })
	if i < 0 {
		t.Fatalf("no pastes among the example schemas %+v", files)
	}
	pastes := files[i]
	if _, err := pool.Exec(ctx, `INSERT INTO lethe_migration (version, name) VALUES ($1, $2)`, pastes.Version, pastes.Name); err != nil {
		t.Fatal(err)
	}
	applied, err := schema.Apply(ctx, pool)
	if err != nil {
		t.Fatal(err)
	}
	if slices.Contains(applied, pastes.Version) || len(applied) != len(files)-1 {
		t.Errorf("applied %v, want every example schema but %04d_%s", applied, pastes.Version, pastes.Name)
	}
	if tableExists(t, pool, "pastes") {
		t.Error("Apply created pastes though lethe_migration records it applied")
	}
	if !tableExists(t, pool, "runs") {
		t.Error("Apply did not create runs")
	}
}
