package workers

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river/rivertype"

	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/internal/testenv"
	"github.com/lethehq/lethe/jobs"
)

// TestExpirePlannerPaces: with a pacing block, the planner's claims shrink
// while another application uses the database and the probe is over the
// target (1µs: always), and are back at batch_size once it stops.
func TestExpirePlannerPaces(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	b := expireSetup(t, "    pacing: {target_p99: 1us, min_batch_size: 10, max_pause: 20ms}\n")

	claims := func() []int {
		t.Helper()
		rows, err := b.pool.Query(ctx, `SELECT (args->>'rows')::int FROM lethe.river_job WHERE kind = $1 ORDER BY id`, jobs.KindExpireBatch)
		if err != nil {
			t.Fatal(err)
		}
		sizes, err := pgx.CollectRows(rows, pgx.RowTo[int])
		if err != nil {
			t.Fatal(err)
		}
		if _, err := b.pool.Exec(ctx, `DELETE FROM lethe.river_job WHERE kind = $1 AND finalized_at IS NOT NULL`, jobs.KindExpireBatch); err != nil {
			t.Fatal(err)
		}
		return sizes
	}
	plan := func(what string) []int {
		t.Helper()
		if job := b.runJob(t, jobs.ExpirePlan{Policy: "pastes"}); job.State != rivertype.JobStateCompleted {
			t.Fatalf("%s: planner ended %s: %v", what, job.State, job.Errors)
		}
		b.waitIdle(t)
		sizes := claims()
		t.Logf("%s: claims %v", what, sizes)
		return sizes
	}

	// Another application's session busy in the same database.
	cfg := b.pool.Config().ConnConfig.Copy()
	cfg.RuntimeParams["application_name"] = "checkout-service"
	fg, err := pgx.ConnectConfig(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	fgCtx, stopFG := context.WithCancel(ctx)
	busy := make(chan struct{})
	go func() { _, _ = fg.Exec(fgCtx, `SELECT pg_sleep(60)`); close(busy) }()
	defer func() { stopFG(); <-busy; fg.Close(context.WithoutCancel(ctx)) }()
	testenv.WaitUntil(t, 10*time.Second, "the foreground session", func() (bool, error) {
		l, err := db.ReadForegroundLoad(ctx, b.pool)
		return l.Busy > 0, err
	})
	expireInsertPastes(t, b.pool, nil, 250, time.Now().Add(-time.Hour))
	sizes := plan("under load")
	if len(sizes) < 3 || sizes[0] != 100 || sizes[1] != 50 || sizes[2] != 25 || !falling(sizes[:len(sizes)-1]) {
		t.Fatalf("under load: claims %v; want them halving from batch_size 100", sizes)
	}

	stopFG()
	<-busy
	testenv.WaitUntil(t, 10*time.Second, "the foreground to go quiet", func() (bool, error) {
		l, err := db.ReadForegroundLoad(ctx, b.pool)
		return l.Busy == 0, err
	})
	expireInsertPastes(t, b.pool, nil, 250, time.Now().Add(-time.Hour))
	if sizes := plan("after the load"); fmt.Sprint(sizes) != "[100 100 50]" {
		t.Fatalf("after the load: claims %v; want full claims [100 100 50]", sizes)
	}
}
