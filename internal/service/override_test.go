package service_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/internal/service/servicetest"
	"github.com/lethehq/lethe/internal/testenv"
	"github.com/lethehq/lethe/jobs"
	"github.com/lethehq/lethe/workers"
)

// overrideConfig is an expire policy whose planner runs hourly (and once
// at start), on the database at dbURL.
func overrideConfig(t *testing.T, dbURL string) *config.Config {
	t.Helper()
	return servicetest.Config(t, []byte(`
blob: {kind: local, local: {dir: `+t.TempDir()+`}}
http: {listen: "127.0.0.1:0"}
shutdown_grace: 5s
policies:
  - {name: pastes, kind: expire, table: pastes, blob_key_column: blob_key, schedule: "@every 1h"}
`), dbURL)
}

// patchPolicy sends PATCH /api/v1/policies/{name} to base.
func patchPolicy(t *testing.T, base, name, body string) {
	t.Helper()
	if status, answer := servicetest.Request(t, http.MethodPatch, base+"/api/v1/policies/"+name, "", body); status != http.StatusOK {
		t.Fatalf("PATCH %s %s: %d %s", name, body, status, answer)
	}
}

// policySchedule reads a policy's effective schedule and batch size from
// base's GET /api/v1/policies/{name}.
func policySchedule(t *testing.T, base, name string) (string, float64, error) {
	t.Helper()
	_, body := servicetest.Request(t, http.MethodGet, base+"/api/v1/policies/"+name, "", "")
	var got struct {
		Policy struct {
			Schedule string         `json:"schedule"`
			Settings map[string]any `json:"settings"`
		} `json:"policy"`
	}
	if err := json.Unmarshal([]byte(body), &got); err != nil {
		return "", 0, fmt.Errorf("GET policy %s: %w: %s", name, err, body)
	}
	batch, _ := got.Policy.Settings["batch_size"].(float64)
	return got.Policy.Schedule, batch, nil
}

func completedPlans(ctx context.Context, pool *pgxpool.Pool) (int, error) {
	var n int
	err := pool.QueryRow(ctx, `SELECT count(*) FROM lethe.river_job WHERE kind = $1 AND state = 'completed'`, jobs.KindExpirePlan).Scan(&n)
	return n, err
}

// TestScheduleOverrideWithoutRestart patches a running service's hourly
// planner to every second: it runs again and again within seconds, a
// second service on the same database takes the change up by itself, and
// a service started afterwards starts with it.
func TestScheduleOverrideWithoutRestart(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	dbURL := testenv.MigratedURL(t)
	_, base := servicetest.Serve(t, overrideConfig(t, dbURL))
	other, otherBase := servicetest.Serve(t, overrideConfig(t, dbURL))
	pool, err := pgxpool.New(ctx, dbURL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)

	// The planner runs once at start, and then not for an hour.
	testenv.WaitUntil(t, 30*time.Second, "the planner's run at start", func() (bool, error) {
		n, err := completedPlans(ctx, pool)
		return n >= 1, err
	})

	patchPolicy(t, base, "pastes", `{"schedule": "@every 1s", "batch_size": 50}`)

	testenv.WaitUntil(t, 30*time.Second, "the planner to run every second", func() (bool, error) {
		n, err := completedPlans(ctx, pool)
		return n >= 4, err
	})

	// The other service was not asked: it polls the overrides.
	testenv.WaitUntil(t, 30*time.Second, "the second service to take up the override", func() (bool, error) {
		sched, batch, err := policySchedule(t, otherBase, "pastes")
		return sched == "@every 1s" && batch == 50, err
	})
	if p := other.Config.Expire("pastes"); p.BatchSize != 50 {
		t.Errorf("second service's workers read batch_size %d, want 50", p.BatchSize)
	}

	// A restart keeps the override: a new service starts with it.
	restarted, _ := servicetest.Serve(t, overrideConfig(t, dbURL))
	planners := 0
	for _, p := range restarted.Periodics {
		if p.Name == workers.PeriodicPlanner {
			planners++
			if p.Schedule != "@every 1s" {
				t.Errorf("restarted service's planner schedule = %q, want @every 1s", p.Schedule)
			}
		}
	}
	if planners != 1 {
		t.Errorf("restarted service has %d planners, want the pastes policy's one", planners)
	}
	if p := restarted.Config.Expire("pastes"); p.BatchSize != 50 {
		t.Errorf("restarted service's batch_size = %d, want 50", p.BatchSize)
	}
}
