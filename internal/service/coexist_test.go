package service_test

import (
	"context"
	"fmt"
	"log/slog"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivermigrate"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/internal/service/servicetest"
	"github.com/lethehq/lethe/internal/testenv"
)

// appTick and appEmail are the jobs of an application's own River, in the
// same database as Lethe.
type appTick struct{}

func (appTick) Kind() string { return "app.tick" }

type appEmail struct {
	To string `json:"to"`
}

func (appEmail) Kind() string { return "app.email" }

type appTickWorker struct {
	river.WorkerDefaults[appTick]
	ticks *atomic.Int64
}

func (w *appTickWorker) Work(ctx context.Context, job *river.Job[appTick]) error {
	w.ticks.Add(1)
	return nil
}

type appEmailWorker struct {
	river.WorkerDefaults[appEmail]
}

func (w *appEmailWorker) Work(ctx context.Context, job *river.Job[appEmail]) error {
	if !strings.HasSuffix(job.Args.To, "@example.com") {
		return fmt.Errorf("bad address %q", job.Args.To)
	}
	return nil
}

// TestBesideAnApplicationsRiver runs Lethe in a database whose application
// runs River of its own, with River's tables in public, its own workers on
// River's default queue and a periodic job every second. Lethe's River, in
// its own schema, neither works the application's jobs nor takes its
// leadership, and the application's River does not see Lethe's jobs.
func TestBesideAnApplicationsRiver(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	url := testenv.MigratedURL(t)
	pool, err := pgxpool.New(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)

	// The application: River's own migrations in public, two workers, a
	// periodic job every second and a backlog of emails.
	migrator, err := rivermigrate.New(riverpgxv5.New(pool), nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := migrator.Migrate(ctx, rivermigrate.DirectionUp, nil); err != nil {
		t.Fatalf("migrate the application's River: %v", err)
	}
	var ticks atomic.Int64
	appWorkers := river.NewWorkers()
	river.AddWorker(appWorkers, &appTickWorker{ticks: &ticks})
	river.AddWorker(appWorkers, &appEmailWorker{})
	app, err := river.NewClient(riverpgxv5.New(pool), &river.Config{
		Logger:  slog.New(slog.DiscardHandler),
		Workers: appWorkers,
		Queues:  map[string]river.QueueConfig{river.QueueDefault: {MaxWorkers: 10}},
		PeriodicJobs: []*river.PeriodicJob{river.NewPeriodicJob(river.PeriodicInterval(time.Second),
			func() (river.JobArgs, *river.InsertOpts) { return appTick{}, nil }, &river.PeriodicJobOpts{RunOnStart: true})},
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := app.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = app.Stop(sctx)
	})
	const emails = 200
	var params []river.InsertManyParams
	for i := range emails {
		params = append(params, river.InsertManyParams{Args: appEmail{To: fmt.Sprintf("user%d@example.com", i)}})
	}
	if _, err := app.InsertMany(ctx, params); err != nil {
		t.Fatal(err)
	}

	// Lethe: an expire policy on pastes, with 2,000 rows expired.
	const expired = 2000
	if _, err := pool.Exec(ctx, `
		INSERT INTO pastes (title, expires_at)
		SELECT 'paste ' || g, now() - make_interval(mins => g) FROM generate_series(1, $1) g`, expired); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `INSERT INTO pastes (title, expires_at) SELECT 'live', now() + interval '1 day' FROM generate_series(1, 10)`); err != nil {
		t.Fatal(err)
	}
	cfg, err := config.Parse([]byte(`
database:
  url: "`+url+`"
blob:
  local:
    dir: `+filepath.Join(t.TempDir(), "blobs")+`
shutdown_grace: 5s
policies:
  - name: pastes
    kind: expire
    table: pastes
    key_column: id
    expires_at_column: expires_at
    status_column: deletion_status
    initiated_at_column: deletion_initiated_at
    blob_key_column: blob_key
    on_delete: delete
    schedule: "@every 1s"
    batch_size: 250
`), func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	servicetest.Serve(t, cfg)

	count := func(query string, args ...any) int {
		t.Helper()
		var n int
		if err := pool.QueryRow(ctx, query, args...).Scan(&n); err != nil {
			t.Fatalf("%s: %v", query, err)
		}
		return n
	}
	testenv.WaitUntil(t, 60*time.Second, "Lethe to delete every expired paste and the application to work its jobs", func() (bool, error) {
		left := count(`SELECT count(*) FROM pastes WHERE title <> 'live'`)
		sent := count(`SELECT count(*) FROM public.river_job WHERE kind = 'app.email' AND state = 'completed'`)
		ticked := count(`SELECT count(*) FROM public.river_job WHERE kind = 'app.tick' AND state = 'completed'`)
		return left == 0 && sent == emails && ticked >= 3, nil
	})

	if n := count(`SELECT count(*) FROM pastes WHERE title = 'live'`); n != 10 {
		t.Errorf("%d unexpired pastes left, want 10", n)
	}
	// The application's jobs: all its own, none failed, the periodic one
	// fired several times.
	if n := count(`SELECT count(*) FROM public.river_job WHERE errors IS NOT NULL OR state IN ('retryable', 'discarded', 'cancelled')`); n != 0 {
		rows, _ := pool.Query(ctx, `SELECT kind || ' ' || state || ' ' || coalesce(errors::text, '') FROM public.river_job WHERE errors IS NOT NULL OR state <> 'completed' LIMIT 5`)
		failed, _ := pgx.CollectRows(rows, pgx.RowTo[string])
		t.Errorf("%d of the application's jobs failed or errored, e.g. %v", n, failed)
	}
	if n := count(`SELECT count(*) FROM public.river_job WHERE kind = 'app.tick' AND state = 'completed'`); n < 3 {
		t.Errorf("the application's periodic job completed %d times, want at least 3", n)
	}
	if n := ticks.Load(); n < 3 {
		t.Errorf("the application's tick worker ran %d times, want at least 3", n)
	}
	if n := count(`SELECT count(*) FROM public.river_job WHERE kind NOT LIKE 'app.%'`); n != 0 {
		t.Errorf("%d of Lethe's jobs in public.river_job", n)
	}
	// Lethe's jobs: only in its schema, and its planner ran.
	if n := count(`SELECT count(*) FROM lethe.river_job WHERE kind NOT LIKE 'lethe.%'`); n != 0 {
		t.Errorf("%d of the application's jobs in lethe.river_job", n)
	}
	if n := count(`SELECT count(*) FROM lethe.river_job WHERE kind = 'lethe.expire_batch' AND state = 'completed'`); n == 0 {
		t.Error("no completed expire batch in lethe.river_job")
	}
	// Each client leads in its own schema.
	if n := count(`SELECT count(*) FROM public.river_leader`); n != 1 {
		t.Errorf("%d leaders in public.river_leader, want the application's", n)
	}
	if n := count(`SELECT count(*) FROM lethe.river_leader`); n != 1 {
		t.Errorf("%d leaders in lethe.river_leader, want Lethe's", n)
	}
}
