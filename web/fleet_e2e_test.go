package web_test

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/riverqueue/river/rivertype"

	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/internal/service/servicetest"
	"github.com/lethehq/lethe/jobs"
)

// TestFleetInBrowser runs two `lethe serve` services on one database beside
// the row of a third process that stopped heart-beating, and drives the
// dashboard in headless Chromium: the processes panel shows two running
// (one of them River's leader) and one gone, the pastes card an ETA at the
// pace of its last 15 minutes, a large deletion in flight its progress,
// and the per-minute charts what the audit, River's jobs and the samples
// hold; in dark mode and at phone width too, where nothing overflows
// sideways. Screenshots go to the artifacts directory.
func TestFleetInBrowser(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := setupE2E(t)
	second, _ := servicetest.Serve(t, b.svc.Config)

	// The row of a process killed five minutes ago.
	if err := db.RegisterProcess(ctx, b.pool, db.Process{ClientID: "worker-3_killed", Host: "worker-3", PID: 4242, Version: "v0.9.0", MaxWorkers: 10}); err != nil {
		t.Fatal(err)
	}
	mustExec(t, b.pool, `UPDATE lethe_processes SET heartbeat_at = now() - interval '5 minutes', started_at = now() - interval '2 hours' WHERE client_id = 'worker-3_killed'`)
	b.waitDB(t, "both services registered", 2, `SELECT count(*) FROM lethe_processes WHERE client_id = ANY ($1::text[])`,
		[]string{b.svc.River.ID(), second.River.ID()})

	// pastes: its start-up run is done; 3,000 rows expired since and 1,500
	// deleted in the last 15 minutes give an ETA of 30 minutes.
	b.waitDB(t, "the pastes planner's start-up run", 1, `SELECT count(*) FROM lethe_policy_state WHERE policy = 'pastes' AND jsonb_array_length(recent_runs) > 0`)
	mustExec(t, b.pool, `INSERT INTO pastes (expires_at) SELECT now() - interval '1 minute' FROM generate_series(1, 3000)`)
	for i, rows := range []int64{600, 400, 500} {
		if err := db.RecordAudit(ctx, b.pool, db.AuditEntry{Policy: "pastes", Action: db.ActionExpireBatch, RowsDeleted: rows, Outcome: db.OutcomeOK}); err != nil {
			t.Fatal(err)
		}
		mustExec(t, b.pool, `UPDATE lethe_deletion_audit SET finished_at = now() - make_interval(mins => $1) WHERE rows_deleted = $2`, 2+4*i, rows)
	}
	insertFailed(t, b.pool, jobs.DeleteEntity{Entity: "run", Key: "flaky"}, rivertype.JobStateDiscarded, "boom")
	lag := 2.5
	if err := db.RecordMinuteSample(ctx, b.pool, db.MinuteSample{Minute: time.Now().Add(-3 * time.Minute), ClientID: "worker-3_killed", ThrottledSeconds: 18, ReplicaLag: &lag}, db.MinuteSamplesKept); err != nil {
		t.Fatal(err)
	}

	// A large deletion of run big: one failed attempt's chunks deleted 25
	// rows, 40 are left.
	mustExec(t, b.pool, `INSERT INTO runs (run_hash) VALUES ('big')`)
	mustExec(t, b.pool, `INSERT INTO run_metrics (run_hash, name, step, value) SELECT 'big', 'loss', g, 0 FROM generate_series(1, 39) g`)
	mustExec(t, b.pool, `INSERT INTO lethe_tombstones (entity, key, state) VALUES ('run', 'big', 'deleting')`)
	if err := db.RecordAudit(ctx, b.pool, db.AuditEntry{Policy: "runs", Action: db.ActionDeleteEntity, RowsDeleted: 25, Outcome: db.OutcomeError,
		Error: "canceling statement due to statement timeout", Detail: map[string]any{"entity": "run", "key": "big", "rows_in_chunks": map[string]int64{"run_metrics": 25}}}); err != nil {
		t.Fatal(err)
	}

	b.do(t, "see the fleet",
		chromedp.Navigate(b.baseURL+"/"),
		waitFor(`document.querySelectorAll('#processes .proc[data-state="running"]').length === 2`),
		waitFor(`document.querySelectorAll('#processes .proc[data-state="gone"]').length === 1`),
		waitFor(`document.querySelector('#processes .proc[data-state="gone"] .proc-host').textContent === "worker-3"`),
		waitFor(`document.querySelectorAll('#processes .proc[data-state="running"] .badge.leader').length === 1`),
		waitFor(`document.getElementById("fleet-summary").textContent.startsWith("2 running · 1 gone · ")`),
	)
	b.do(t, "see the progress",
		waitFor(`(document.querySelector('[data-policy="pastes"] [data-field="eta"]') || {}).textContent === "≈ 30 min"`),
		waitFor(`document.querySelector('#policies [data-policy="pastes"] [data-field="progress"]').textContent.includes("100 rows/min over 15 min")`),
		waitFor(`!document.getElementById("inflight-panel").hidden`),
		waitFor(`(document.querySelector('#inflight .inflight[data-key="big"] .inflight-meta') || {}).textContent?.startsWith("38 % · 25 of ~65 rows · 40 left")`),
	)
	b.do(t, "see the charts",
		// The three batches, and the failed attempt's chunks of run big.
		waitFor(`document.querySelectorAll('#fleet-charts [data-chart="deleted"] rect').length === 4`),
		waitFor(`document.querySelector('#fleet-charts [data-chart="deleted"] [data-total]').textContent === "1,525 rows"`),
		waitFor(`document.querySelectorAll('#fleet-charts [data-chart="failed"] rect').length >= 1`),
		waitFor(`document.querySelector('#fleet-charts [data-chart="throttled"] [data-total]').textContent === "18 s held back"`),
		waitFor(`document.querySelector('#fleet-charts [data-chart="lag"] [data-total]').textContent === "max 2.5 s"`),
		waitFor(`document.querySelectorAll('#fleet-charts [data-chart="wait"] path.line').length === 2`),
	)
	b.viewportShot(t, "fleet-1-processes", "#fleet-panel")
	b.viewportShot(t, "fleet-2-charts", "#fleet-charts-panel")
	b.viewportShot(t, "fleet-3-card", `#policies [data-policy="pastes"]`)
	b.noCSPViolations(t, "fleet")

	b.do(t, "dark mode",
		chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
			_, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
				Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}},
			})
			return err
		}),
		waitFor(`getComputedStyle(document.body).backgroundColor !== "rgb(245, 246, 250)"`),
	)
	time.Sleep(300 * time.Millisecond) // the colour transitions
	b.viewportShot(t, "fleet-4-dark", "#fleet-panel")
	b.viewportShot(t, "fleet-5-dark-charts", "#fleet-charts-panel")

	b.do(t, "phone",
		chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile),
		chromedp.Navigate(b.baseURL+"/"),
		waitFor(`document.querySelectorAll('#processes .proc').length === 3`),
		waitFor(`document.querySelectorAll('#fleet-charts [data-chart="deleted"] rect').length === 4`),
		waitFor(`document.documentElement.scrollWidth <= 390`), // nothing overflows sideways
	)
	b.viewportShot(t, "fleet-6-phone", "#fleet-panel")
	b.viewportShot(t, "fleet-7-phone-charts", "#fleet-charts-panel")
}
