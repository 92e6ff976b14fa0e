package service_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/internal/service/servicetest"
	"github.com/lethehq/lethe/internal/testenv"
	"github.com/lethehq/lethe/jobs"
)

// TestEnqueueForms runs the README's ways for another service to enqueue
// into Lethe, verbatim: a Go River client of its own on Lethe's schema,
// inserting inside the caller's transaction, a plain SQL INSERT, the Ruby
// form (River's riverqueue and riverqueue-sequel gems) and the Python form
// (River's riverqueue package on SQLAlchemy 2), the last two read from the
// README itself. Every job is worked by a running Lethe: the runs they name
// are deleted and tombstoned.
func TestEnqueueForms(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	url := testenv.MigratedURL(t)
	cfg := servicetest.Config(t, config.Default, url)
	cfg.Blob.Local.Dir = filepath.Join(t.TempDir(), "blobs")
	cfg.ShutdownGrace = config.Duration(5 * time.Second)
	servicetest.Serve(t, cfg)

	pool, err := pgxpool.New(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	hashes := []string{"gofrom", "3f2a9c", "5d1e7b", "8c4f0a"}
	for _, hash := range hashes {
		if err := db.UpsertRun(ctx, db.Timeouts{}.Pool(pool), hash, "run "+hash); err != nil {
			t.Fatal(err)
		}
	}

	// The Go form.
	runHash := "gofrom"
	lethe, err := river.NewClient(riverpgxv5.New(pool), &river.Config{Schema: "lethe"})
	if err != nil {
		t.Fatal(err)
	}
	err = pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		_, err = lethe.InsertTx(ctx, tx, jobs.DeleteEntity{Entity: "run", Key: runHash}, nil)
		return err
	})
	if err != nil {
		t.Fatalf("Go form: %v", err)
	}

	// The SQL form.
	if _, err := pool.Exec(ctx, `
INSERT INTO lethe.river_job (kind, args, max_attempts)
VALUES ('lethe.delete_entity', '{"entity":"run","key":"3f2a9c"}', 25);`); err != nil {
		t.Fatalf("SQL form: %v", err)
	}

	// The Ruby form.
	runRubyForm(t, url)

	// The Python form: its job is in Lethe's River schema, with the kind and
	// args the job table documents (the first with its key: once it has
	// run, its purge_blobs job has the key too).
	runPythonForm(t, url)
	// Its deletion may already have run and inserted the purge job of the
	// same key: the job asked for is the delete_entity one.
	var documented bool
	if err := pool.QueryRow(ctx, `
SELECT args = '{"entity":"run","key":"8c4f0a"}'::jsonb
FROM lethe.river_job WHERE kind = 'lethe.delete_entity' AND args->>'key' = '8c4f0a'`).Scan(&documented); err != nil {
		t.Fatalf("Python form: no lethe.delete_entity job of it in lethe.river_job: %v", err)
	}
	if !documented {
		t.Errorf("Python form: its lethe.delete_entity job's args differ from {\"entity\":\"run\",\"key\":\"8c4f0a\"}")
	}

	for _, hash := range hashes {
		testenv.WaitUntil(t, 30*time.Second, "run "+hash+" to be deleted and tombstoned", func() (bool, error) {
			exists, err := db.RunExists(ctx, pool, hash)
			if err != nil || exists {
				return false, err
			}
			var tombstoned bool
			err = pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM lethe_tombstones WHERE entity = 'run' AND key = $1)`, hash).Scan(&tombstoned)
			return tombstoned, err
		})
	}
	var completed int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM lethe.river_job WHERE kind = 'lethe.delete_entity' AND state = 'completed'`).Scan(&completed); err != nil || completed != len(hashes) {
		t.Errorf("%d completed delete_entity jobs in lethe.river_job (%v), want %d", completed, err, len(hashes))
	}
}

// runRubyForm runs the README's Ruby block with Debian's Ruby, sequel and pg
// (go tool task tools:ruby) and the gems' own code from testdata on Ruby's
// load path, where an installed gem would be.
func runRubyForm(t *testing.T, url string) {
	t.Helper()
	ruby, err := exec.LookPath("ruby")
	if err != nil {
		t.Fatal("ruby is not installed; go tool task tools:ruby installs it with sequel and pg")
	}
	block := readmeBlock(t, "ruby")
	gems := filepath.Join("testdata", "riverqueue-ruby")
	cmd := exec.CommandContext(t.Context(), ruby,
		"-I", filepath.Join(gems, "riverqueue", "lib"),
		"-I", filepath.Join(gems, "riverqueue-sequel", "lib"),
		"-e", block)
	cmd.Env = append(os.Environ(), "DATABASE_URL="+url)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("Ruby form: %v\n%s\nblock:\n%s", err, out, block)
	}
}

// runPythonForm runs the README's Python block with Debian's Python 3 and
// psycopg (go tool task tools:python) and, on Python's path where pip would
// have installed them, the code of riverqueue, SQLAlchemy 2.0 and the
// typing_extensions it needs from testdata (see its README). SQLAlchemy runs
// as pure Python: the copy has no compiled extensions, and greenlet is only
// for its asyncio API, which the form does not use.
func runPythonForm(t *testing.T, url string) {
	t.Helper()
	const python = "/usr/bin/python3" // Debian's, where python3-psycopg installs
	if err := exec.Command(python, "-c", "import psycopg").Run(); err != nil {
		t.Fatalf("%s cannot import psycopg (%v); go tool task tools:python installs python3-psycopg", python, err)
	}
	block := readmeBlock(t, "python")
	lib, err := filepath.Abs(filepath.Join("testdata", "python"))
	if err != nil {
		t.Fatal(err)
	}
	path := strings.Join([]string{
		filepath.Join(lib, "riverqueue-python"),
		filepath.Join(lib, "sqlalchemy"),
		filepath.Join(lib, "typing_extensions"),
	}, string(os.PathListSeparator))
	cmd := exec.CommandContext(t.Context(), python, "-c", block)
	cmd.Env = append(os.Environ(),
		"DATABASE_URL="+url,
		"PYTHONPATH="+path,
		"PYTHONNOUSERSITE=1",
		"PYTHONDONTWRITEBYTECODE=1", // nothing written into testdata
		"DISABLE_SQLALCHEMY_CEXT_RUNTIME=1",
	)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("Python form: %v\n%s\nblock:\n%s", err, out, block)
	}
}

// readmeBlock returns the README's only fenced code block in lang.
func readmeBlock(t *testing.T, lang string) string {
	t.Helper()
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	parts := strings.Split(string(readme), "\n```"+lang+"\n")
	if len(parts) != 2 {
		t.Fatalf("README.md has %d ```%s blocks, want 1", len(parts)-1, lang)
	}
	block, _, ok := strings.Cut(parts[1], "\n```\n")
	if !ok {
		t.Fatalf("README.md's ```%s block does not end", lang)
	}
	return block
}
