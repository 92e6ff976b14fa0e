package web_test

import (
	"context"
	"net/http"
	"testing"
)

// BenchmarkOverview measures one uncached GET /api/v1/overview (what a
// dashboard poll or a scrape costs the database at most every 2 s / 10 s)
// with 1M pastes, half of them expired and unclaimed, 10k claimed, and
// 500k expired idempotency keys.
//
//	go test ./web -run '^$' -bench Overview -benchtime 20x
func BenchmarkOverview(b *testing.B) {
	ctx := context.Background()
	bundle := setupAPIFor(b, testConfig(b, false))
	for _, sql := range []string{
		`INSERT INTO pastes (expires_at) SELECT now() - make_interval(secs => g) FROM generate_series(1, 500000) g`,
		`INSERT INTO pastes (expires_at) SELECT now() + make_interval(secs => g) FROM generate_series(1, 490000) g`,
		`INSERT INTO pastes (expires_at, deletion_status, deletion_initiated_at)
			SELECT now() - interval '1 day', 'DELETION_IN_PROGRESS', now() - make_interval(secs => g) FROM generate_series(1, 10000) g`,
		`INSERT INTO lineage_event_idempotency (idempotency_key, event_hash, expires_at)
			SELECT 'k' || g, 'h', now() - make_interval(secs => g % 86400) + (CASE WHEN g % 2 = 0 THEN interval '2 days' ELSE interval '0' END)
			FROM generate_series(1, 1000000) g`,
		`INSERT INTO lethe_deletion_audit (policy, action, rows_deleted, blobs_deleted, started_at, finished_at, outcome)
			SELECT 'pastes', 'expire_batch', 1000, 1000, now() - make_interval(secs => g * 5), now() - make_interval(secs => g * 5), 'ok'
			FROM generate_series(1, 100000) g`,
		`VACUUM ANALYZE`,
	} {
		if _, err := bundle.pool.Exec(ctx, sql); err != nil {
			b.Fatalf("seed: %v", err)
		}
	}
	for b.Loop() {
		// An action clears the cache: every iteration counts afresh.
		res, err := http.Post(bundle.server.URL+"/api/v1/policies/pastes/resume", "", nil)
		if err != nil {
			b.Fatal(err)
		}
		res.Body.Close()
		res, err = http.Get(bundle.server.URL + "/api/v1/overview")
		if err != nil || res.StatusCode != 200 {
			b.Fatalf("overview: %v %v", err, res.Status)
		}
		res.Body.Close()
	}
}
