package migrations_test

import (
	"context"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/internal/demo/schema"
	"github.com/lethehq/lethe/internal/testenv"
	"github.com/lethehq/lethe/migrations"
)

// riverSchema is the schema the tests keep River's tables in.
const riverSchema = "lethe"

func TestMigrations(t *testing.T) {
	t.Parallel()
	ctx := context.Background()

	exists := func(t *testing.T, pool *pgxpool.Pool, table string) bool {
		t.Helper()
		var ok bool
		if err := pool.QueryRow(ctx, `SELECT to_regclass($1) IS NOT NULL`, table).Scan(&ok); err != nil {
			t.Fatal(err)
		}
		return ok
	}

	t.Run("UpCreatesRiverAndLetheTablesOnly", func(t *testing.T) {
		t.Parallel()
		pool := testenv.Pool(t)
		all, _ := migrations.All()
		riverPending, err := migrations.RiverPending(ctx, pool, riverSchema)
		if err != nil {
			t.Fatal(err)
		}
		if riverPending == 0 {
			t.Error("River has no pending migrations on a fresh database")
		}
		// A fresh database has every migration pending, Lethe's and River's.
		pending, err := migrations.Pending(ctx, pool, riverSchema)
		if err != nil {
			t.Fatal(err)
		}
		if pending != len(all)+riverPending {
			t.Errorf("pending = %d on a fresh database, want %d", pending, len(all)+riverPending)
		}
		applied, err := migrations.Up(ctx, pool, riverSchema)
		if err != nil {
			t.Fatal(err)
		}
		if len(applied) != len(all) {
			t.Errorf("applied %v, want all %d migrations", applied, len(all))
		}
		for _, table := range []string{"lethe.river_job", "lethe.river_queue", "lethe.river_leader",
			"lethe_tombstones", "lethe_deletion_audit", "lethe_policy_state", "lethe_migration"} {
			if !exists(t, pool, table) {
				t.Errorf("table %s missing after migrate up", table)
			}
		}
		// Nothing but River's and Lethe's own tables: no example table,
		// and no River table outside River's schema.
		var others []string
		if err := pool.QueryRow(ctx, `
			SELECT coalesce(array_agg(schemaname || '.' || tablename ORDER BY tablename), '{}') FROM pg_tables
			WHERE schemaname NOT IN ('pg_catalog', 'information_schema', $1)
			  AND tablename NOT LIKE 'lethe\_%'`, riverSchema).Scan(&others); err != nil {
			t.Fatal(err)
		}
		if len(others) > 0 {
			t.Errorf("migrate up created %v, want only lethe_* tables and River's in schema %s", others, riverSchema)
		}
		again, err := migrations.Up(ctx, pool, riverSchema)
		if err != nil || len(again) != 0 {
			t.Errorf("second up applied %v (err %v), want nothing", again, err)
		}
		if pending, err := migrations.Pending(ctx, pool, riverSchema); err != nil || pending != 0 {
			t.Errorf("pending = %d (err %v), want 0", pending, err)
		}
		// Another schema of River's is still to be migrated.
		if pending, err := migrations.Pending(ctx, pool, "public"); err != nil || pending != riverPending {
			t.Errorf("pending with River in public = %d (err %v), want River's %d", pending, err, riverPending)
		}
	})

	t.Run("DownAndUpAgain", func(t *testing.T) {
		t.Parallel()
		pool := testenv.Pool(t)
		if _, err := migrations.Up(ctx, pool, riverSchema); err != nil {
			t.Fatal(err)
		}
		all, _ := migrations.All()
		reverted, err := migrations.Down(ctx, pool, riverSchema, -1, true)
		if err != nil {
			t.Fatal(err)
		}
		if len(reverted) != len(all) {
			t.Errorf("reverted %v, want all", reverted)
		}
		for _, table := range []string{"lethe_tombstones", "lethe.river_job"} {
			if exists(t, pool, table) {
				t.Errorf("table %s remains after migrate down --steps -1 --river", table)
			}
		}
		if _, err := migrations.Up(ctx, pool, riverSchema); err != nil {
			t.Fatalf("up after full down: %v", err)
		}
	})

	t.Run("ConcurrentUpIsSafe", func(t *testing.T) {
		t.Parallel()
		pool := testenv.Pool(t)
		var wg sync.WaitGroup
		errs := make(chan error, 3)
		for range 3 {
			wg.Go(func() {
				_, err := migrations.Up(ctx, pool, riverSchema)
				errs <- err
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Errorf("concurrent up: %v", err)
			}
		}
	})

	// Earlier versions migrated the example tables as versions 2, 3, 4, 20
	// and 30 and kept River's tables in public. Such a database migrates
	// up, lists those versions as unknown, and keeps its example tables.
	t.Run("EarlierDatabaseWithExampleVersions", func(t *testing.T) {
		t.Parallel()
		pool := testenv.Pool(t)
		if _, err := migrations.Up(ctx, pool, "public"); err != nil {
			t.Fatal(err)
		}
		files, err := schema.Files()
		if err != nil {
			t.Fatal(err)
		}
		exampleVersions := map[int]bool{}
		for _, f := range files {
			exampleVersions[f.Version] = true
			if _, err := pool.Exec(ctx, f.SQL); err != nil {
				t.Fatalf("create example schema %d: %v", f.Version, err)
			}
			if _, err := pool.Exec(ctx, `INSERT INTO lethe_migration (version, name) VALUES ($1, $2)`, f.Version, f.Name); err != nil {
				t.Fatal(err)
			}
		}

		applied, err := migrations.Up(ctx, pool, riverSchema)
		if err != nil || len(applied) != 0 {
			t.Fatalf("up on an earlier database applied %v (err %v), want nothing", applied, err)
		}
		if pending, err := migrations.Pending(ctx, pool, riverSchema); err != nil || pending != 0 {
			t.Errorf("pending = %d (err %v), want 0", pending, err)
		}
		list, err := migrations.List(ctx, pool)
		if err != nil {
			t.Fatal(err)
		}
		unknown := map[int]bool{}
		for _, s := range list {
			if s.AppliedAt.IsZero() {
				t.Errorf("migration %04d_%s pending", s.Version, s.Name)
			}
			if s.Unknown {
				unknown[s.Version] = true
				if s.Name == "" {
					t.Errorf("unknown version %d listed without its recorded name", s.Version)
				}
			}
		}
		if len(unknown) != len(exampleVersions) {
			t.Errorf("unknown versions %v, want the example versions %v", unknown, exampleVersions)
		}
		for v := range exampleVersions {
			if !unknown[v] {
				t.Errorf("version %d not listed as unknown", v)
			}
		}
		// The example schemas are not applied a second time.
		if applied, err := schema.Apply(ctx, pool); err != nil || len(applied) != 0 {
			t.Errorf("example schemas applied %v (err %v) on a database that has them", applied, err)
		}
		// Down reverts only what this Lethe knows; the example tables stay.
		all, _ := migrations.All()
		reverted, err := migrations.Down(ctx, pool, riverSchema, -1, false)
		if err != nil || len(reverted) != len(all) {
			t.Errorf("down reverted %v (err %v), want Lethe's %d migrations", reverted, err, len(all))
		}
		if !exists(t, pool, "pastes") {
			t.Error("down removed the example table pastes")
		}
	})
}
