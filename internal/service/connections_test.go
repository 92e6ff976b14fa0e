package service_test

import (
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/internal/service/servicetest"
	"github.com/lethehq/lethe/internal/testenv"
)

// TestConnections: one serving Lethe never holds more than
// database.max_conns connections, River's listener included, however busy
// it is; and once the work ends, the connections it no longer uses are
// closed after database.max_conn_idle_time.
func TestConnections(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	cfg := servicetest.DefaultConfig(t)
	cfg.Database.MaxConns = 4
	cfg.Database.MaxConnIdleTime = config.Duration(time.Second)
	svc, _ := servicetest.Serve(t, cfg)

	watchCfg, err := pgxpool.ParseConfig(cfg.Database.URL)
	if err != nil {
		t.Fatal(err)
	}
	watchCfg.ConnConfig.RuntimeParams["application_name"] = "lethe_test_watch"
	watch, err := pgxpool.NewWithConfig(ctx, watchCfg)
	if err != nil {
		t.Fatal(err)
	}
	defer watch.Close()
	// backends counts Lethe's connections to the test's database; idleFor,
	// when positive, only those idle longer than that, River's listener
	// (idle in LISTEN by design) left out.
	backends := func(idleFor time.Duration) int {
		var n int
		if err := watch.QueryRow(ctx, `
			SELECT count(*) FROM pg_stat_activity
			WHERE datname = current_database() AND application_name = 'lethe'
			  AND ($1 = 0 OR (state = 'idle' AND state_change < now() - make_interval(secs => $1) AND query NOT ILIKE 'listen%'))`,
			idleFor.Seconds()).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}

	// Load: River works 300 jobs while 16 goroutines query through the
	// service's pool, and the test samples the backends meanwhile.
	if _, err := watch.Exec(ctx, `
		INSERT INTO lethe.river_job (kind, args, max_attempts)
		SELECT 'lethe.create_run', jsonb_build_object('run_hash', 'conn' || g, 'name', 'run ' || g), 1
		FROM generate_series(1, 300) g`); err != nil {
		t.Fatal(err)
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				if _, err := svc.Pool.Exec(ctx, `SELECT pg_sleep(0.01)`); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	peak := 0
	for deadline := time.Now().Add(3 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		peak = max(peak, backends(0))
	}
	close(stop)
	wg.Wait()
	testenv.WaitUntil(t, 30*time.Second, "River to work the jobs", func() (bool, error) {
		var left int
		err := watch.QueryRow(ctx, `SELECT count(*) FROM lethe.river_job WHERE kind = 'lethe.create_run' AND state <> 'completed'`).Scan(&left)
		return left == 0, err
	})
	peak = max(peak, backends(0))
	t.Logf("peak %d connections with database.max_conns %d", peak, cfg.Database.MaxConns)
	if peak > int(cfg.Database.MaxConns) {
		t.Errorf("peak %d connections, above database.max_conns %d", peak, cfg.Database.MaxConns)
	}
	if peak < int(cfg.Database.MaxConns) {
		t.Errorf("peak %d connections: the load never filled the pool, so the cap was not tested", peak)
	}

	// Quiet again: no connection stays idle much past the idle time (1s,
	// checked every 0.5s), and fewer remain than at the peak.
	quiet := time.Now()
	testenv.WaitUntil(t, 20*time.Second, "idle connections to close", func() (bool, error) {
		return backends(3*time.Second) == 0 && backends(0) < peak, nil
	})
	t.Logf("%s after the load: %d connections", time.Since(quiet).Round(time.Millisecond), backends(0))
}
