package web_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/riverqueue/river/rivertype"

	"github.com/lethehq/lethe/jobs"
)

// TestFailedJobsInBrowser: the real service and Chromium. The pastes card
// shows its 2 retrying and 1 failed-for-good jobs with their errors; the
// failed-for-good link opens River UI's list on that job; Retry all shows
// the dry run's 3 and, confirmed, has the real workers run them again
// until the card has no failed job left; the kind links open River UI on
// completed jobs, where the kind's jobs are.
func TestFailedJobsInBrowser(t *testing.T) {
	t.Parallel()
	b := setupE2E(t)
	// Seed after the start-up runs, so that only the seeded jobs fail.
	b.waitDB(t, "start-up runs", 1, `
		SELECT (count(*) FILTER (WHERE kind = $1 AND finalized_at IS NOT NULL) > 0
		        AND count(*) FILTER (WHERE finalized_at IS NULL) = 0)::int
		FROM lethe.river_job`, b.planner.Args.Kind())
	ids := []int64{
		insertFailed(t, b.pool, jobs.ExpirePlan{Policy: "pastes"}, rivertype.JobStateRetryable, "claim batch for pastes: canceling statement due to lock timeout"),
		insertFailed(t, b.pool, jobs.ExpireWatchdog{Policy: "pastes"}, rivertype.JobStateRetryable, "reset stuck rows of pastes: connection reset by peer"),
		insertFailed(t, b.pool, jobs.ExpirePlan{Policy: "pastes"}, rivertype.JobStateDiscarded, "claim batch for pastes: relation \"pastes\" is locked "+strings.Repeat("…", 200)),
	}
	card := `[data-policy="pastes"] [data-field="failed"]`

	b.do(t, "failed jobs on the card",
		chromedp.Navigate(b.baseURL+"/"),
		waitFor(fmt.Sprintf(`(document.querySelector('%s [data-field="failed-retryable"]') || {}).textContent === "2 retrying"`, card)),
		waitFor(fmt.Sprintf(`(document.querySelector('%s [data-field="failed-discarded"]') || {}).textContent === "1 failed for good"`, card)),
		waitFor(fmt.Sprintf(`document.querySelectorAll('%s [data-field="failed-errors"] li').length === 3`, card)),
		waitFor(fmt.Sprintf(`document.querySelector('%s [data-field="failed-errors"]').innerText.includes("connection reset by peer")`, card)),
		waitFor(`document.querySelector('[data-policy="idempotency"] [data-field="failed"]') === null`),
	)
	b.viewportShot(t, "failed-1-card", card)

	// Every link into River UI names the state its jobs are in.
	ctx, cancel := context.WithTimeout(b.browser, 10*time.Second)
	defer cancel()
	hrefs, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](
		`[...document.querySelectorAll('[data-policy="pastes"] .kinds a, [data-policy="pastes"] [data-field^="failed-"][href]')].map((a) => a.getAttribute("href"))`))
	if err != nil || len(hrefs) < 3 {
		t.Fatalf("read the links into River UI: %q %v", hrefs, err)
	}
	var discardedLink string
	for _, h := range hrefs {
		if !strings.Contains(h, "state=") {
			t.Errorf("link %s opens River UI's running jobs, not a list of its jobs", h)
		}
		if strings.Contains(h, "state=discarded") {
			discardedLink = h
		}
	}
	if !slices.Contains(hrefs, "/riverui/jobs/?state=completed&kind="+jobs.KindExpirePlan) {
		t.Errorf("no kind link to the completed %s jobs among %q", jobs.KindExpirePlan, hrefs)
	}
	if discardedLink != "/riverui/jobs/?state=discarded&kind="+jobs.KindExpirePlan {
		t.Fatalf("failed-for-good link %q among %q", discardedLink, hrefs)
	}
	b.do(t, "river ui list of the failed-for-good job",
		chromedp.Navigate(b.baseURL+discardedLink),
		waitFor(fmt.Sprintf(`location.pathname === "/riverui/jobs/" && document.body.innerText.includes(%q)`, jobs.KindExpirePlan)),
		waitFor(fmt.Sprintf(`document.querySelector('a[href$="/jobs/%d"]') !== null`, ids[2])),
	)
	b.screenshot(t, "failed-2-riverui-discarded")
	b.noCSPViolations(t, "river ui discarded list", "script-src eval")

	retry := chromedp.CSS(card + ` button[data-action="failed-retry"]`)
	b.do(t, "retry all: dry run",
		chromedp.Navigate(b.baseURL+"/"),
		waitFor(fmt.Sprintf(`document.querySelector('%s button[data-action="failed-retry"]') !== null`, card)),
		chromedp.Click(retry),
		waitFor(fmt.Sprintf(`(document.querySelector('%s button.confirm') || {}).textContent === "Confirm retry 3 jobs"`, card)),
	)
	b.viewportShot(t, "failed-3-confirm", card)
	if n := b.query(t, `SELECT count(*) FROM lethe.river_job WHERE id = ANY($1) AND state IN ('retryable', 'discarded')`, ids); n != 3 {
		t.Fatalf("the dry run changed the jobs: %d of 3 still failed", n)
	}
	b.do(t, "retry all: confirm",
		chromedp.Click(retry),
		waitFor(`[...document.querySelectorAll('.toast')].some((t) => t.textContent.includes("pastes: retried 3 jobs"))`),
	)
	b.waitDB(t, "the retried jobs worked by the service", 3, `SELECT count(*) FROM lethe.river_job WHERE id = ANY($1) AND state = 'completed'`, ids)
	b.do(t, "no failed job left on the card",
		waitFor(fmt.Sprintf(`document.querySelector('%s') === null`, card)),
	)
	b.noCSPViolations(t, "dashboard")

	// A kind link opens River UI on the kind's completed jobs.
	b.do(t, "kind link",
		chromedp.Navigate(b.baseURL+"/riverui/jobs/?state=completed&kind="+jobs.KindExpirePlan),
		waitFor(fmt.Sprintf(`document.querySelector('a[href$="/jobs/%d"]') !== null`, ids[0])),
	)
	b.screenshot(t, "failed-4-riverui-kind")
}
