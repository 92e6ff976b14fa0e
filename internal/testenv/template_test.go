package testenv

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/migrations"
)

// Environment of TestTemplateHelperProcess, which builds or reuses a template in a process of
// its own: the set's prefix and the hash, separated by a space.
const helperProcessEnv = "LETHE_TESTENV_TEMPLATE_HELPER"

// testTemplates is a template set of its own for one test: named under testDBPrefix so DropStale
// clears it if the test crashes, migrated by a single CREATE TABLE that records the hash, and
// counting its migrations.
func testTemplates(prefix string, migrated *atomic.Int32) templateSet {
	return templateSet{
		prefix: prefix,
		migrate: func(ctx context.Context, dbURL string) error {
			conn, err := pgx.Connect(ctx, dbURL)
			if err != nil {
				return err
			}
			defer conn.Close(context.WithoutCancel(ctx))
			// The hash is what follows the prefix in the name of the template being built.
			if _, err := conn.Exec(ctx, `CREATE TABLE marker AS SELECT replace(substr(current_database(), $1), $2, '') AS hash`, len(prefix)+1, partialSuffix); err != nil {
				return err
			}
			migrated.Add(1)
			return nil
		},
	}
}

func newTemplatePrefix() string {
	return fmt.Sprintf("%s%d_%s_tmpl_", testDBPrefix, time.Now().Unix(), randomHex(6))
}

// freshTemplates is a template set of its own for one test, under a new
// prefix and dropped when the test ends, and the count of its migrations.
func freshTemplates(t *testing.T, pg pgServer) (templateSet, *atomic.Int32) {
	prefix := newTemplatePrefix()
	dropTemplates(t, pg, prefix)
	migrated := new(atomic.Int32)
	return testTemplates(prefix, migrated), migrated
}

// dropTemplates drops every database of the set when the test ends.
func dropTemplates(t *testing.T, pg pgServer, prefix string) {
	t.Cleanup(func() {
		ctx := context.Background()
		conn, err := pg.admin.Acquire(ctx)
		if err != nil {
			t.Error(err)
			return
		}
		defer conn.Release()
		set := templateSet{prefix: prefix}
		if err := set.dropOthers(ctx, conn.Conn(), ""); err != nil {
			t.Error(err)
		}
	})
}

// copyHash creates a database from the set's template for hash and returns the hash its marker
// table holds.
func copyHash(t *testing.T, set templateSet, hash string) string {
	t.Helper()
	ctx := t.Context()
	var got string
	dbURL := newDatabase(t, func(ctx context.Context, pg pgServer, name string) error {
		return set.createFromTemplate(ctx, pg.admin, name, hash)
	})
	conn, err := pgx.Connect(ctx, dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if err := conn.QueryRow(ctx, `SELECT hash FROM marker`).Scan(&got); err != nil {
		t.Fatalf("read marker of a database copied from the template: %v", err)
	}
	return got
}

// builtTemplate makes sure this checkout's template is built, as
// MigratedURL does, and returns the shared server and the template's name.
func builtTemplate(t *testing.T) (pgServer, string) {
	t.Helper()
	MigratedURL(t)
	hash, err := templateHash()
	if err != nil {
		t.Fatal(err)
	}
	pg, err := sharedPG()
	if err != nil {
		t.Fatal(err)
	}
	return pg, templatePrefix + hash
}

func TestMigratedPool(t *testing.T) {
	t.Parallel()

	t.Run("DatabasesAreMigratedAndIndependent", func(t *testing.T) {
		t.Parallel()
		ctx := t.Context()
		all, err := migrations.All()
		if err != nil {
			t.Fatal(err)
		}
		a, b := MigratedPool(t), MigratedPool(t)
		for _, pool := range []*pgxpool.Pool{a, b} {
			pending, err := migrations.Pending(ctx, pool, config.DefaultRiverSchema)
			if err != nil {
				t.Fatal(err)
			}
			if pending != 0 {
				t.Errorf("%d migrations pending on a migrated database", pending)
			}
			var riverTables, exampleTables int
			if err := pool.QueryRow(ctx, `SELECT count(*) FROM pg_tables WHERE schemaname = $1 AND tablename = 'river_job'`, config.DefaultRiverSchema).Scan(&riverTables); err != nil {
				t.Fatal(err)
			}
			if riverTables != 1 {
				t.Errorf("river_job missing from schema %s of a migrated database", config.DefaultRiverSchema)
			}
			if err := pool.QueryRow(ctx, `SELECT count(*) FROM pg_tables WHERE schemaname = 'public' AND tablename IN ('pastes', 'runs')`).Scan(&exampleTables); err != nil {
				t.Fatal(err)
			}
			if exampleTables != 2 {
				t.Errorf("example tables missing from a migrated database: %d of pastes, runs", exampleTables)
			}
		}
		var nameA, nameB string
		if err := a.QueryRow(ctx, "SELECT current_database()").Scan(&nameA); err != nil {
			t.Fatal(err)
		}
		if err := b.QueryRow(ctx, "SELECT current_database()").Scan(&nameB); err != nil {
			t.Fatal(err)
		}
		if nameA == nameB || !strings.HasPrefix(nameA, testDBPrefix) || !strings.HasPrefix(nameB, testDBPrefix) {
			t.Fatalf("databases %q and %q: want two distinct test databases", nameA, nameB)
		}
		// A change in one is invisible in the other and in databases made later.
		if _, err := a.Exec(ctx, `DELETE FROM lethe_migration`); err != nil {
			t.Fatal(err)
		}
		for _, pool := range []*pgxpool.Pool{b, MigratedPool(t)} {
			var n int
			if err := pool.QueryRow(ctx, `SELECT count(*) FROM lethe_migration`).Scan(&n); err != nil {
				t.Fatal(err)
			}
			if n != len(all) {
				t.Errorf("lethe_migration has %d rows after another database's were deleted, want %d", n, len(all))
			}
		}
	})

	t.Run("GuardsAreCurrent", func(t *testing.T) {
		t.Parallel()
		// Each of several copies has the guards the code defines, whether
		// or not it was the process's first.
		for range 3 {
			if changed, err := installGuards(MigratedURL(t)); err != nil || changed {
				t.Errorf("guards of a migrated database: changed = %v, err = %v; want current", changed, err)
			}
		}
	})

	t.Run("TemplateIsSealed", func(t *testing.T) {
		t.Parallel()
		ctx := t.Context()
		pg, template := builtTemplate(t)
		var isTemplate, allowConn bool
		if err := pg.admin.QueryRow(ctx, `SELECT datistemplate, datallowconn FROM pg_database WHERE datname = $1`, template).Scan(&isTemplate, &allowConn); err != nil {
			t.Fatalf("template %s: %v", template, err)
		}
		if !isTemplate || allowConn {
			t.Errorf("template: datistemplate = %v, datallowconn = %v; want true, false", isTemplate, allowConn)
		}
		if hash := strings.TrimPrefix(template, templatePrefix); len(hash) != 12 {
			t.Errorf("hash %q: want 12 hex digits", hash)
		}
	})

	t.Run("DropStaleKeepsTemplate", func(t *testing.T) {
		t.Parallel()
		ctx := t.Context()
		pg, template := builtTemplate(t)
		// The template outlives runs, however old it is: DropStale clears
		// test databases, never the template the next run reuses.
		if err := DropStale(ctx, pg.url); err != nil {
			t.Fatal(err)
		}
		if exists, err := hasDatabase(ctx, pg.admin, template); err != nil || !exists {
			t.Errorf("template %s after DropStale: exists = %v, err = %v; want kept", template, exists, err)
		}
	})
}

func TestTemplate(t *testing.T) {
	t.Parallel()
	pg, err := sharedPG()
	if err != nil {
		t.Fatal(err)
	}

	t.Run("ReusedWithinProcess", func(t *testing.T) {
		t.Parallel()
		set, migrated := freshTemplates(t, pg)

		// Run as a group so the parallel subtests have all finished before the checks below.
		t.Run("group", func(t *testing.T) {
			for i := range 8 {
				t.Run(fmt.Sprint(i), func(t *testing.T) {
					t.Parallel()
					if got := copyHash(t, set, "aaaa"); got != "aaaa" {
						t.Errorf("copy has hash %q, want aaaa", got)
					}
				})
			}
		})
		if _, created, err := set.ensure(t.Context(), pg.admin, "aaaa"); err != nil || created {
			t.Errorf("ensure of a built template: created = %v, err = %v; want reuse", created, err)
		}
		if n := migrated.Load(); n != 1 {
			t.Errorf("template migrated %d times for 9 uses, want once", n)
		}
	})

	t.Run("ReusedAcrossProcesses", func(t *testing.T) {
		t.Parallel()
		prefix := newTemplatePrefix()
		dropTemplates(t, pg, prefix)

		// Two processes race to build it: exactly one does. A third, later, reuses it.
		var (
			wg      sync.WaitGroup
			outputs [2]string
		)
		for i := range outputs {
			wg.Go(func() { outputs[i] = runHelperProcess(t, prefix, "bbbb") })
		}
		wg.Wait()
		built := 0
		for _, out := range outputs {
			if out == "created" {
				built++
			}
		}
		if built != 1 {
			t.Errorf("helper processes reported %q, want exactly one created", outputs)
		}
		if out := runHelperProcess(t, prefix, "bbbb"); out != "reused" {
			t.Errorf("third helper process reported %q, want reused", out)
		}
		var migrated atomic.Int32
		if got := copyHash(t, testTemplates(prefix, &migrated), "bbbb"); got != "bbbb" || migrated.Load() != 0 {
			t.Errorf("copy in this process: hash %q after %d migrations, want bbbb after none", got, migrated.Load())
		}
	})

	t.Run("NewHashGetsNewTemplate", func(t *testing.T) {
		t.Parallel()
		ctx := t.Context()
		set, migrated := freshTemplates(t, pg)
		prefix := set.prefix

		if got := copyHash(t, set, "1111"); got != "1111" {
			t.Errorf("copy has hash %q, want 1111", got)
		}
		if got := copyHash(t, set, "2222"); got != "2222" {
			t.Errorf("copy after a migration change has hash %q, want 2222", got)
		}
		if n := migrated.Load(); n != 2 {
			t.Errorf("%d templates migrated for two hashes, want 2", n)
		}
		if exists, err := hasDatabase(ctx, pg.admin, prefix+"1111"); err != nil || exists {
			t.Errorf("stale template %s1111: exists = %v, err = %v; want dropped", prefix, exists, err)
		}
	})

	t.Run("YoungTemplateOfOtherHashIsKept", func(t *testing.T) {
		t.Parallel()
		ctx := t.Context()
		set, _ := freshTemplates(t, pg)
		prefix := set.prefix
		set.keepOthersFor = time.Hour

		// Another checkout with other migrations may be copying from a template built a moment
		// ago: building ours leaves it alone ...
		if got := copyHash(t, set, "3333"); got != "3333" {
			t.Errorf("copy has hash %q, want 3333", got)
		}
		if got := copyHash(t, set, "4444"); got != "4444" {
			t.Errorf("copy has hash %q, want 4444", got)
		}
		if exists, err := hasDatabase(ctx, pg.admin, prefix+"3333"); err != nil || !exists {
			t.Errorf("template %s3333 built a moment ago: exists = %v, err = %v; want kept", prefix, exists, err)
		}
		// ... but not one built long ago.
		if _, err := pg.admin.Exec(ctx, "COMMENT ON DATABASE "+pgx.Identifier{prefix + "3333"}.Sanitize()+" IS "+
			quoteLiteral(builtComment+time.Now().Add(-2*time.Hour).UTC().Format(time.RFC3339))); err != nil {
			t.Fatal(err)
		}
		if got := copyHash(t, set, "5555"); got != "5555" {
			t.Errorf("copy has hash %q, want 5555", got)
		}
		if exists, err := hasDatabase(ctx, pg.admin, prefix+"3333"); err != nil || exists {
			t.Errorf("template %s3333 built two hours ago: exists = %v, err = %v; want dropped", prefix, exists, err)
		}
		if exists, err := hasDatabase(ctx, pg.admin, prefix+"4444"); err != nil || !exists {
			t.Errorf("template %s4444 built a moment ago: exists = %v, err = %v; want kept", prefix, exists, err)
		}
	})

	t.Run("BrokenBuildIsNeverUsed", func(t *testing.T) {
		t.Parallel()
		ctx := t.Context()
		// A build that fails half way leaves no template under the final name ...
		failing, migrated := freshTemplates(t, pg)
		prefix := failing.prefix
		good := failing.migrate
		failing.migrate = func(ctx context.Context, dbURL string) error {
			if err := good(ctx, dbURL); err != nil {
				return err
			}
			return errors.New("migration failed")
		}
		if _, _, err := failing.ensure(ctx, pg.admin, "cccc"); err == nil {
			t.Fatal("ensure succeeded with a failing migration")
		}
		if exists, err := hasDatabase(ctx, pg.admin, prefix+"cccc"); err != nil || exists {
			t.Fatalf("template after a failed build: exists = %v, err = %v; want none", exists, err)
		}

		// ... so the next build starts over, and clears the leftover.
		set := testTemplates(prefix, migrated)
		if got := copyHash(t, set, "cccc"); got != "cccc" {
			t.Errorf("copy has hash %q, want cccc", got)
		}
		if migrated.Load() != 2 {
			t.Errorf("%d migrations, want 2: the failed one and the rebuild", migrated.Load())
		}
		if exists, err := hasDatabase(ctx, pg.admin, prefix+"cccc"+partialSuffix); err != nil || exists {
			t.Errorf("partial build: exists = %v, err = %v; want dropped", exists, err)
		}
	})

	t.Run("DroppedTemplateIsRebuilt", func(t *testing.T) {
		t.Parallel()
		ctx := t.Context()
		set, _ := freshTemplates(t, pg)

		tmpl, _, err := set.ensure(ctx, pg.admin, "dddd")
		if err != nil {
			t.Fatal(err)
		}
		// As a process with other migrations does when it builds its own.
		conn, err := pg.admin.Acquire(ctx)
		if err != nil {
			t.Fatal(err)
		}
		err = dropDatabase(ctx, conn.Conn(), tmpl)
		conn.Release()
		if err != nil {
			t.Fatal(err)
		}
		if got := copyHash(t, set, "dddd"); got != "dddd" {
			t.Errorf("copy has hash %q, want dddd", got)
		}
	})
}

// runHelperProcess runs TestTemplateHelperProcess in a new process of this test binary and
// returns what it reports: created or reused.
func runHelperProcess(t *testing.T, prefix, hash string) string {
	t.Helper()
	cmd := exec.CommandContext(t.Context(), os.Args[0], "-test.run=^TestTemplateHelperProcess$", "-test.count=1")
	cmd.Env = append(os.Environ(), helperProcessEnv+"="+prefix+" "+hash)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Errorf("helper process: %v\n%s", err, out)
		return ""
	}
	for line := range strings.Lines(string(out)) {
		if result, ok := strings.CutPrefix(strings.TrimSpace(line), "template: "); ok {
			return result
		}
	}
	t.Errorf("helper process reported nothing:\n%s", out)
	return ""
}

// TestTemplateHelperProcess is not a test: runHelperProcess runs it to ensure a template from
// another process.
func TestTemplateHelperProcess(t *testing.T) {
	arg := os.Getenv(helperProcessEnv)
	if arg == "" {
		t.Skip("run by runHelperProcess only")
	}
	prefix, hash, _ := strings.Cut(arg, " ")
	pg, err := sharedPG()
	if err != nil {
		t.Fatal(err)
	}
	var migrated atomic.Int32
	_, created, err := testTemplates(prefix, &migrated).ensure(t.Context(), pg.admin, hash)
	if err != nil {
		t.Fatal(err)
	}
	if created {
		fmt.Println("template: created")
	} else {
		fmt.Println("template: reused")
	}
}
