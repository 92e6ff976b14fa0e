package web_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestAuditAndPreviewInBrowser searches the audit from the dashboard's Audit
// panel (filters, pages, the CSV link), shows the chart of one policy and
// opens the preview of expire and sweep policies, saving screenshots.
func TestAuditAndPreviewInBrowser(t *testing.T) {
	t.Parallel()
	b := setupE2E(t)
	ctx := context.Background()

	// Seed after the start-up runs, which would delete the due rows.
	b.waitDB(t, "start-up runs", 1, `
		SELECT (count(*) FILTER (WHERE kind = $1 AND finalized_at IS NOT NULL) > 0
		        AND count(*) FILTER (WHERE finalized_at IS NULL) = 0)::int
		FROM lethe.river_job`, b.planner.Args.Kind())
	for _, sql := range []string{
		`INSERT INTO pastes (title, expires_at) SELECT 'expired ' || g, now() - make_interval(mins => g) FROM generate_series(1, 300) g`,
		`INSERT INTO lineage_event_idempotency (idempotency_key, event_hash, expires_at)
			SELECT 'key-' || g, md5(g::text), now() - make_interval(mins => g) FROM generate_series(1, 25000) g`,
		// A pastes batch a minute for 57 minutes, a failure, and sweeps.
		`INSERT INTO lethe_deletion_audit (policy, action, job_id, rows_deleted, blobs_deleted, started_at, finished_at, outcome)
			SELECT 'pastes', 'expire_batch', 1000 + g, 400 + (g * 37) % 300, 380 + (g * 53) % 280,
			       now() - make_interval(mins => g), now() - make_interval(mins => g), 'ok'
			FROM generate_series(2, 58) g`,
		`INSERT INTO lethe_deletion_audit (policy, action, rows_deleted, blobs_deleted, started_at, finished_at, outcome, error)
			VALUES ('pastes', 'expire_batch', 0, 0, now() - interval '20 minutes 30 seconds', now() - interval '20 minutes 30 seconds', 'error',
			        'delete blobs: 3 of 1000 keys failed: SlowDown: please reduce your request rate')`,
		`INSERT INTO lethe_deletion_audit (policy, action, rows_deleted, blobs_deleted, started_at, finished_at, outcome)
			SELECT 'idempotency', 'sweep', 2000 + (g * 71) % 900, 0, now() - make_interval(mins => g), now() - make_interval(mins => g), 'ok'
			FROM generate_series(3, 48, 5) g`,
	} {
		if _, err := b.pool.Exec(ctx, sql); err != nil {
			t.Fatalf("seed: %v", err)
		}
	}
	sweepRows := b.query(t, `SELECT sum(rows_deleted) FROM lethe_deletion_audit WHERE policy = 'idempotency'`)

	auditRows := func(n int) chromedp.Action[chromedp.Void] {
		return waitFor(fmt.Sprintf(`document.querySelectorAll('#audit-rows tr[data-audit-id]').length === %d`, n))
	}
	b.do(t, "open the dashboard",
		chromedp.Navigate(b.baseURL+"/"),
		fieldIs("pastes", "backlog", "300"),
		// The Audit panel lists the newest page without a search.
		auditRows(25),
		waitFor(`document.getElementById("audit-policy").options.length === 4`),
	)

	// Only pastes' failures: one entry, with its error.
	b.do(t, "search the failures",
		chromedp.SetValue(`#audit-policy`, "pastes"),
		chromedp.SetValue(`#audit-outcome`, "error"),
		chromedp.Click(`#audit-search`),
		auditRows(1),
		waitFor(`document.querySelector('#audit-rows td.audit-error').textContent.includes("SlowDown")`),
		waitFor(`document.getElementById("audit-older").disabled`),
		waitFor(`new URL(document.getElementById("audit-csv").href).search === "?policy=pastes&outcome=error&format=csv&limit=1000"`),
	)
	b.viewportShot(t, "laptop-8-audit-errors", "#audit-panel")

	// Pastes' good batches of the last half hour, two pages of them.
	b.do(t, "search the last half hour",
		chromedp.SetValue(`#audit-outcome`, "ok"),
		chromedp.Evaluate[chromedp.Void](`(() => {
			const d = new Date(Date.now() - 30.5 * 60 * 1000), p = (n) => String(n).padStart(2, "0");
			document.getElementById("audit-since").value =
				d.getFullYear() + "-" + p(d.getMonth() + 1) + "-" + p(d.getDate()) + "T" + p(d.getHours()) + ":" + p(d.getMinutes()) + ":" + p(d.getSeconds());
		})()`),
		chromedp.Click(`#audit-search`),
		auditRows(25),
		waitFor(`!document.getElementById("audit-older").disabled`),
		waitFor(`new URL(document.getElementById("audit-csv").href).searchParams.has("since")`),
		chromedp.Click(`#audit-older`),
		// Minutes 2 to 30: 29 entries, 4 on the second page.
		auditRows(4),
		waitFor(`document.getElementById("audit-status").textContent.startsWith("Page 2")`),
		waitFor(`[...document.querySelectorAll('#audit-rows tr[data-audit-id] td:nth-child(2)')].every((td) => td.textContent === "pastes")`),
	)
	b.viewportShot(t, "laptop-9-audit-page-2", "#audit-panel")

	// The chart of one policy: the sweep's rows alone.
	b.do(t, "chart of the sweep policy",
		chromedp.SetValue(`#chart-policy`, "idempotency"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById("chart-policy").dispatchEvent(new Event("change"))`),
		waitFor(fmt.Sprintf(`document.getElementById("legend-rows").textContent === new Intl.NumberFormat().format(%d)`, sweepRows)),
	)
	b.viewportShot(t, "laptop-10-chart-per-policy", ".chart-panel")

	// What the next runs would delete.
	b.do(t, "preview the policies",
		chromedp.Click(chromedp.CSS(`[data-policy="pastes"] button[data-action="preview"]`)),
		waitFor(`(document.querySelector('[data-policy="pastes"] [data-field="preview-rows"]') || {}).textContent === "300"`),
		waitFor(`document.querySelectorAll('[data-policy="pastes"] .preview-keys code').length === 10`),
		chromedp.Click(chromedp.CSS(`[data-policy="idempotency"] button[data-action="preview"]`)),
		waitFor(`(document.querySelector('[data-policy="idempotency"] [data-field="preview-rows"]') || {}).textContent === "25,000"`),
		waitFor(`document.querySelector('[data-policy="idempotency"] .preview-keys code').textContent === "key-25000"`),
		// Tombstone policies have no preview button: they preview entities.
		waitFor(`document.querySelector('[data-policy="runs"] button[data-action="preview"]') === null`),
	)
	if n := b.query(t, `SELECT count(*) FROM pastes`); n != 300 {
		t.Fatalf("the preview changed pastes: %d rows, want 300", n)
	}
	b.viewportShot(t, "laptop-11-policy-preview", `[data-policy="pastes"]`)
	b.noCSPViolations(t, "audit and preview")
}
