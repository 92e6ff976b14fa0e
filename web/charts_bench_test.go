package web_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"
)

// BenchmarkCharts measures one uncached GET /api/v1/charts (what the
// dashboard's per-minute charts cost the database at most every 2 s) over
// an hour and over a day, with a day of work behind it: 50,000 River jobs
// (1,000 of them with a failed attempt), 100,000 audit entries and the
// minute samples of 3 processes.
//
//	go test ./web -run '^$' -bench Charts -benchtime 20x
func BenchmarkCharts(b *testing.B) {
	ctx := context.Background()
	bundle := setupAPIFor(b, testConfig(b, false))
	for _, sql := range []string{
		`INSERT INTO lethe.river_job (kind, args, state, attempt, max_attempts, created_at, scheduled_at, attempted_at, finalized_at, errors)
			SELECT 'lethe.expire_batch', '{"policy": "pastes"}', 'completed', 1, 5,
				now() - make_interval(secs => g * 1.7), now() - make_interval(secs => g * 1.7), now() - make_interval(secs => g * 1.7 - 0.2),
				now() - make_interval(secs => g * 1.7 - 1),
				CASE WHEN g % 50 = 0 THEN ARRAY[jsonb_build_object('at', now() - make_interval(secs => g * 1.7), 'attempt', 1, 'error', 'boom', 'trace', '')] END
			FROM generate_series(1, 50000) g`,
		`INSERT INTO lethe_deletion_audit (policy, action, rows_deleted, blobs_deleted, started_at, finished_at, outcome)
			SELECT 'pastes', 'expire_batch', 1000, 1000, now() - make_interval(secs => g * 0.86), now() - make_interval(secs => g * 0.86), 'ok'
			FROM generate_series(1, 100000) g`,
		`INSERT INTO lethe_minute_samples (minute, client_id, throttled_seconds, replica_lag_seconds)
			SELECT date_trunc('minute', now()) - make_interval(mins => g), 'p' || p, 3, 0.5
			FROM generate_series(0, 1439) g, generate_series(1, 3) p`,
		`VACUUM ANALYZE`,
	} {
		if _, err := bundle.pool.Exec(ctx, sql); err != nil {
			b.Fatalf("seed: %v", err)
		}
	}
	for _, minutes := range []int{60, 1440} {
		b.Run(fmt.Sprintf("minutes=%d", minutes), func(b *testing.B) {
			for b.Loop() {
				// An action clears the cache: every iteration reads afresh.
				res, err := http.Post(bundle.server.URL+"/api/v1/policies/pastes/resume", "", nil)
				if err != nil {
					b.Fatal(err)
				}
				res.Body.Close()
				res, err = http.Get(fmt.Sprintf("%s/api/v1/charts?minutes=%d", bundle.server.URL, minutes))
				if err != nil || res.StatusCode != 200 {
					b.Fatalf("charts: %v %v", err, res.Status)
				}
				res.Body.Close()
			}
		})
	}
}
