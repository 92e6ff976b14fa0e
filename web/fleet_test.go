package web_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/riverqueue/river/rivertype"

	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/internal/testenv"
	"github.com/lethehq/lethe/jobs"
	"github.com/lethehq/lethe/web"
)

// seedFleet registers two processes: fleet-a, running, River's leader and
// running two jobs; fleet-b, whose heartbeat stopped five minutes ago.
func seedFleet(t *testing.T, b *apiBundle) {
	t.Helper()
	ctx := t.Context()
	for _, p := range []db.Process{
		{ClientID: "fleet-a", Host: "host-a", PID: 101, Version: "v1.2.0", MaxWorkers: 10},
		{ClientID: "fleet-b", Host: "host-b", PID: 202, Version: "v1.1.0", MaxWorkers: 4},
	} {
		if err := db.RegisterProcess(ctx, b.pool, p); err != nil {
			t.Fatal(err)
		}
	}
	mustExec(t, b.pool, `UPDATE lethe_processes SET heartbeat_at = now() - interval '5 minutes', started_at = now() - interval '1 hour' WHERE client_id = 'fleet-b'`)
	mustExec(t, b.pool, `INSERT INTO lethe.river_leader (leader_id, elected_at, expires_at) VALUES ('fleet-a', now(), now() + interval '1 minute')`)
	for range 2 {
		id := insertFailed(t, b.pool, jobs.DeleteEntity{Entity: "run", Key: "busy"}, rivertype.JobStateRetryable, "earlier")
		mustExec(t, b.pool, `UPDATE lethe.river_job SET state = 'running', attempted_by = ARRAY['fleet-b', 'fleet-a'],
			scheduled_at = now() - interval '3 seconds', attempted_at = now() WHERE id = $1`, id)
	}
}

// TestProcesses serves the fleet from lethe_processes and River's tables: a
// process whose heartbeat stopped is gone, the leader and the jobs each
// process runs come from River.
func TestProcesses(t *testing.T) {
	t.Parallel()
	b := setupAPI(t, false)
	seedFleet(t, b)

	status, body, _ := b.do(t, "GET", "/api/v1/processes")
	if status != http.StatusOK {
		t.Fatalf("processes: %d %s", status, body)
	}
	v := decodeInto[web.ProcessesView](t, body)
	if v.Running != 1 || v.Gone != 1 || len(v.Processes) != 2 {
		t.Fatalf("running %d, gone %d, %d processes; want 1, 1, 2: %s", v.Running, v.Gone, len(v.Processes), body)
	}
	running, gone := v.Processes[0], v.Processes[1] // the leader first
	if running.ClientID != "fleet-a" || running.State != web.ProcessRunning || !running.Leader ||
		running.BusyWorkers != 2 || running.MaxWorkers != 10 || running.Host != "host-a" || running.PID != 101 || running.Version != "v1.2.0" {
		t.Errorf("fleet-a = %+v, want running, leader, 2 of 10 workers busy, host-a pid 101 v1.2.0", running)
	}
	if gone.ClientID != "fleet-b" || gone.State != web.ProcessGone || gone.Leader || gone.BusyWorkers != 0 || gone.SecondsSinceHeartbeat < 290 {
		t.Errorf("fleet-b = %+v, want gone for 5 minutes, not leading, no job", gone)
	}
	if v.Leader != "fleet-a" || v.BusyWorkers != 2 || v.MaxWorkers != 10 {
		t.Errorf("leader %q, busy %d of %d; want fleet-a, 2 of 10 (the gone process not counted)", v.Leader, v.BusyWorkers, v.MaxWorkers)
	}

	// A gone process is pruned after db.ProcessPruneAfter; a live one stays.
	mustExec(t, b.pool, `UPDATE lethe_processes SET heartbeat_at = now() - interval '1 hour' WHERE client_id = 'fleet-b'`)
	if n, err := db.PruneProcesses(t.Context(), b.pool, db.ProcessPruneAfter); err != nil || n != 1 {
		t.Errorf("prune = %d, %v; want the one gone process", n, err)
	}
	if ok, err := db.Heartbeat(t.Context(), b.pool, "fleet-b"); err != nil || ok {
		t.Errorf("heartbeat of a pruned process = %v, %v; want false (register again)", ok, err)
	}
	if err := db.DeregisterProcess(t.Context(), b.pool, "fleet-a"); err != nil {
		t.Fatal(err)
	}
	if status, body, _ := b.do(t, "GET", "/api/v1/processes?x=1"); status != 400 || !strings.Contains(jsonError(t, body), `"x"`) {
		t.Errorf("processes?x=1: %d %s, want 400 naming x", status, body)
	}
}

// TestCharts serves a minute of each chart from the audit, River's jobs and
// the minute samples, and refuses windows it does not serve.
func TestCharts(t *testing.T) {
	t.Parallel()
	b := setupAPI(t, false)
	ctx := t.Context()
	seedFleet(t, b)
	insertFailed(t, b.pool, jobs.DeleteEntity{Entity: "run", Key: "failed"}, rivertype.JobStateDiscarded, "boom")
	for _, rows := range []int64{300, 200} {
		if err := db.RecordAudit(ctx, b.pool, db.AuditEntry{Policy: "pastes", Action: db.ActionExpireBatch, RowsDeleted: rows, Outcome: db.OutcomeOK}); err != nil {
			t.Fatal(err)
		}
	}
	lag := 4.5
	for _, s := range []db.MinuteSample{
		{Minute: time.Now(), ClientID: "fleet-a", ThrottledSeconds: 12, ReplicaLag: &lag},
		{Minute: time.Now(), ClientID: "fleet-a", ThrottledSeconds: 3},
		{Minute: time.Now().Add(-48 * time.Hour), ClientID: "fleet-a", ThrottledSeconds: 99},
		{Minute: time.Now(), ClientID: "fleet-b", ThrottledSeconds: 5},
	} {
		if err := db.RecordMinuteSample(ctx, b.pool, s, db.MinuteSamplesKept); err != nil {
			t.Fatal(err)
		}
	}
	var old int
	if err := b.pool.QueryRow(ctx, `SELECT count(*) FROM lethe_minute_samples WHERE minute < now() - interval '1 day'`).Scan(&old); err != nil || old != 0 {
		t.Errorf("%d samples older than a day left (%v), want them pruned", old, err)
	}

	status, body, _ := b.do(t, "GET", "/api/v1/charts?minutes=5")
	if status != http.StatusOK {
		t.Fatalf("charts: %d %s", status, body)
	}
	c := decodeInto[web.Charts](t, body)
	if c.Minutes != 5 || len(c.Points) != 5 || c.BucketSeconds != 60 {
		t.Fatalf("minutes %d, %d points of %d s; want 5 points of 60 s: %s", c.Minutes, len(c.Points), c.BucketSeconds, body)
	}
	last := c.Points[4]
	if last.DeletedRows != 500 || last.FailedJobs != 3 {
		// Each job insertFailed leaves has one failed attempt.
		t.Errorf("this minute: %d rows deleted, %d failed jobs; want 500 and 3", last.DeletedRows, last.FailedJobs)
	}
	if last.ThrottledSeconds == nil || *last.ThrottledSeconds != 20 || last.ReplicaLag == nil || *last.ReplicaLag != 4.5 {
		t.Errorf("this minute: throttled %v s, lag %v s; want 20 (both processes, both parts) and 4.5", last.ThrottledSeconds, last.ReplicaLag)
	}
	if last.JobsStarted < 2 || last.QueueWaitP95 == nil || *last.QueueWaitP95 < 2.9 {
		t.Errorf("this minute: %d jobs started, p95 wait %v; want the two running jobs, waited 3 s", last.JobsStarted, last.QueueWaitP95)
	}
	if first := c.Points[0]; first.DeletedRows != 0 || first.ThrottledSeconds != nil || first.QueueWaitP50 != nil {
		t.Errorf("an empty minute = %+v, want zeros and nulls", first)
	}
	if c.Totals.DeletedRows != 500 || c.Totals.ThrottledSeconds != 20 {
		t.Errorf("totals = %+v, want 500 rows and 20 s", c.Totals)
	}
	if status, body, _ := b.do(t, "GET", "/api/v1/charts"); status != 200 || len(decodeInto[web.Charts](t, body).Points) != 60 {
		t.Errorf("charts without minutes: %d, want 60 points", status)
	}

	for _, tc := range []struct{ query, mention string }{
		{"minutes=0", "minutes: want an integer from 1 to 1440"},
		{"minutes=1441", "minutes: want an integer from 1 to 1440"},
		{"minutes=abc", `got "abc"`},
		{"minutes=", `got ""`},
		{"minutes=5&minutes=6", "given 2 times"},
		{"window=1h", `unknown query parameter "window"`},
	} {
		status, body, _ := b.do(t, "GET", "/api/v1/charts?"+tc.query)
		if status != http.StatusBadRequest || !strings.Contains(jsonError(t, body), tc.mention) {
			t.Errorf("charts?%s: %d %s, want 400 mentioning %q", tc.query, status, body, tc.mention)
		}
	}
}

// TestProgress gives each policy its deletion rate over the last 15
// minutes and an ETA at that pace, none while it is paused, and each large
// deletion in flight its rows done and left.
func TestProgress(t *testing.T) {
	t.Parallel()
	b := setupAPI(t, false)
	ctx := t.Context()
	// 300 rows expired and unclaimed, 60 claimed: 360 left.
	mustExec(t, b.pool, `INSERT INTO pastes (expires_at) SELECT now() - interval '1 minute' FROM generate_series(1, 300)`)
	mustExec(t, b.pool, `INSERT INTO pastes (expires_at, deletion_status, deletion_initiated_at)
		SELECT now() - interval '1 minute', 'DELETION_IN_PROGRESS', now() FROM generate_series(1, 60)`)
	// 1,500 deleted in the window: 100 a minute. An older deletion is
	// outside the window.
	if err := db.RecordAudit(ctx, b.pool, db.AuditEntry{Policy: "pastes", Action: db.ActionExpireBatch, RowsDeleted: 1500, Outcome: db.OutcomeOK}); err != nil {
		t.Fatal(err)
	}
	if err := db.RecordAudit(ctx, b.pool, db.AuditEntry{Policy: "pastes", Action: db.ActionExpireBatch, RowsDeleted: 9000, Outcome: db.OutcomeOK,
		StartedAt: time.Now().Add(-time.Hour)}); err != nil {
		t.Fatal(err)
	}
	mustExec(t, b.pool, `UPDATE lethe_deletion_audit SET finished_at = now() - interval '1 hour' WHERE rows_deleted = 9000`)

	// A large deletion of run big: 40 rows left of it, one failed
	// attempt's chunks deleted 25.
	mustExec(t, b.pool, `INSERT INTO runs (run_hash) VALUES ('big')`)
	mustExec(t, b.pool, `INSERT INTO run_metrics (run_hash, name, step, value) SELECT 'big', 'loss', g, 0 FROM generate_series(1, 39) g`)
	mustExec(t, b.pool, `INSERT INTO lethe_tombstones (entity, key, state) VALUES ('run', 'big', 'deleting')`)
	if err := db.RecordAudit(ctx, b.pool, db.AuditEntry{Policy: "runs", Action: db.ActionDeleteEntity, RowsDeleted: 25, Outcome: db.OutcomeError,
		Error: "statement timeout", Detail: map[string]any{"entity": "run", "key": "big", "rows_in_chunks": map[string]int64{"run_metrics": 25}}}); err != nil {
		t.Fatal(err)
	}

	overview := func() web.Overview {
		t.Helper()
		status, body, _ := b.do(t, "GET", "/api/v1/overview")
		if status != http.StatusOK {
			t.Fatalf("overview: %d %s", status, body)
		}
		return decodeInto[web.Overview](t, body)
	}
	policy := func(ov web.Overview, name string) web.PolicyStats {
		for _, p := range ov.Policies {
			if p.Name == name {
				return p
			}
		}
		t.Fatalf("no policy %s in the overview", name)
		return web.PolicyStats{}
	}

	ov := overview()
	p := policy(ov, "pastes").Progress
	if p == nil || p.DeletedInWindow != 1500 || p.RatePerMinute != 100 || p.Remaining == nil || *p.Remaining != 360 {
		t.Fatalf("pastes progress = %+v, want 1500 deleted in 15 minutes, 100 a minute, 360 left", p)
	}
	if p.ETASeconds == nil || *p.ETASeconds != 216 || p.ETAAt == nil || !strings.Contains(p.Note, "last 15 minutes") {
		t.Errorf("pastes ETA = %v s (%s), want 216 s: 360 rows at 100 a minute", p.ETASeconds, p.Note)
	}
	if s := policy(ov, "idempotency").Progress; s == nil || s.ETASeconds == nil || *s.ETASeconds != 0 || s.Note != "nothing left to delete" {
		t.Errorf("idempotency progress = %+v, want done", s)
	}

	if len(ov.DeletionsInFlight) != 1 {
		t.Fatalf("deletions in flight = %+v, want run big", ov.DeletionsInFlight)
	}
	d := ov.DeletionsInFlight[0]
	if d.Entity != "run" || d.Key != "big" || d.RowsRemaining == nil || *d.RowsRemaining != 40 || d.RowsDone != 25 ||
		d.RowsTotal == nil || *d.RowsTotal != 65 || d.FailedAttempts != 1 || d.ETASeconds != nil {
		t.Errorf("run big = %+v, want 25 done, 40 left of 65, one failed attempt, no ETA yet", d)
	}
	// The running attempt's chunks delete 20 more: the next overview counts
	// them and estimates when the rest is gone.
	mustExec(t, b.pool, `DELETE FROM run_metrics WHERE run_hash = 'big' AND step <= 20`)
	testenv.WaitUntil(t, 10*time.Second, "the overview counting the chunks' progress", func() (bool, error) {
		d = overview().DeletionsInFlight[0]
		return d.RowsDone == 45, nil
	})
	if *d.RowsRemaining != 20 || *d.RowsTotal != 65 || d.ETASeconds == nil || d.Percent == nil || int(*d.Percent) != 69 {
		t.Errorf("run big after 20 more = %+v, want 45 done of 65 (69%%), 20 left, an ETA", d)
	}

	if status, body, _ := b.do(t, "POST", "/api/v1/policies/pastes/pause"); status != 200 {
		t.Fatalf("pause: %d %s", status, body)
	}
	if p := policy(overview(), "pastes").Progress; p.ETASeconds != nil || p.Note != "no ETA while paused" {
		t.Errorf("paused pastes progress = %+v, want no ETA while paused", p)
	}
}
