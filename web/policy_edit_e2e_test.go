package web_test

import (
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/lethehq/lethe/config"
)

// TestPolicyEditInBrowser edits a policy from its card's Edit dialog: the
// new schedule and batch size are stored and effective, a value the
// configuration would refuse is shown as the API's error, and Reset to file
// brings the file's values back. It saves screenshots of the dialog and of
// the overridden card.
func TestPolicyEditInBrowser(t *testing.T) {
	t.Parallel()
	b := setupE2E(t)

	const card = `[data-policy="pastes"]`
	cardMeta := func(text string) chromedp.Action[chromedp.Void] {
		return waitFor(`(document.querySelector('` + card + ` .card-meta') || {textContent: ""}).textContent.includes(` + "`" + text + "`" + `)`)
	}
	b.do(t, "open the edit dialog",
		chromedp.Navigate(b.baseURL+"/"),
		cardMeta("@every 1h"),
		chromedp.Click(chromedp.CSS(card+` button[data-action="edit"]`)),
		waitFor(`document.getElementById("policy-edit").open`),
		waitFor(`document.getElementById("edit-schedule").value === "@every 1h" && document.getElementById("edit-batch_size").value === "1000"`),
		chromedp.SetValue(`#edit-schedule`, "@every 5m"),
		chromedp.SetValue(`#edit-batch_size`, "250"),
	)
	b.saveShot(t, "laptop-12-policy-edit", chromedp.CaptureScreenshot())

	b.do(t, "save the edit",
		chromedp.Click(`#policy-edit-save`),
		waitFor(`!document.getElementById("policy-edit").open`),
		cardMeta("@every 5m"),
		waitFor(`(document.querySelector('`+card+` [data-field="overridden"]') || {}).textContent === "2 overridden"`),
	)
	b.viewportShot(t, "laptop-13-policy-overridden", card)
	if n := b.query(t, `SELECT count(*) FROM lethe_policy_overrides WHERE policy = 'pastes' AND updated_by = $1
		AND ((field = 'batch_size' AND value = '250') OR (field = 'schedule' AND value = '"@every 5m"'))`, config.OperatorName); n != 2 {
		t.Errorf("%d stored overrides by %s, want schedule and batch_size", n, config.OperatorName)
	}
	if p := b.svc.Config.Expire("pastes"); p.BatchSize != 250 || p.Schedule != "@every 5m" {
		t.Errorf("effective pastes policy: batch_size %d, schedule %q", p.BatchSize, p.Schedule)
	}

	// A value the configuration would refuse: the dialog stays open with
	// the API's error naming the field, and nothing changes.
	b.do(t, "refused edit",
		chromedp.Click(chromedp.CSS(card+` button[data-action="edit"]`)),
		waitFor(`document.getElementById("policy-edit").open`),
		waitFor(`document.getElementById("edit-batch_size").value === "250"`),
		chromedp.SetValue(`#edit-stuck_after`, "1m"),
		chromedp.Click(`#policy-edit-save`),
		waitFor(`document.getElementById("policy-edit-error").textContent.startsWith("stuck_after: 1m0s must exceed river.rescue_stuck_jobs_after")`),
		waitFor(`document.getElementById("policy-edit").open`),
	)
	if p := b.svc.Config.Expire("pastes"); p.StuckAfter.D().String() != "2h0m0s" {
		t.Errorf("refused edit changed stuck_after to %s", p.StuckAfter.D())
	}

	b.do(t, "reset to the file",
		chromedp.Click(`#policy-edit-reset`),
		waitFor(`!document.getElementById("policy-edit").open`),
		cardMeta("@every 1h"),
		waitFor(`document.querySelector('`+card+` [data-field="overridden"]') === null`),
	)
	if n := b.query(t, `SELECT count(*) FROM lethe_policy_overrides`); n != 0 {
		t.Errorf("%d overrides left after Reset to file", n)
	}
	b.noCSPViolations(t, "policy edit")
}
