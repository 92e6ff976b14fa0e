package web_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/internal/service/servicetest"
	"github.com/lethehq/lethe/internal/testenv"
)

// TestLookupInBrowser looks an account up from the dashboard while it is
// live and once the service deleted it, downloads its receipt, searches the
// audit for it, and saves screenshots on a laptop, in dark mode and on a
// phone.
func TestLookupInBrowser(t *testing.T) {
	t.Parallel()
	url := testenv.AccountsURL(t)
	blobDir := filepath.Join(t.TempDir(), "blobs")
	cfg := servicetest.Config(t, []byte(fmt.Sprintf(`
blob: {kind: local, local: {dir: %s}}
http: {listen: 127.0.0.1:0, token: %s, username: %s, password: %s}
migrate_on_start: false
%s`, blobDir, testToken, testUser, testPassword, testenv.AccountsConfig)), url)
	pool, err := pgxpool.New(t.Context(), url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	seedAccounts(t, pool, cfg, blobDir)
	b := &e2eBundle{shots: artifactsDir(t), pool: pool}
	b.svc, b.baseURL = servicetest.Serve(t, cfg)
	b.browser = newBrowser(t, basicAuth(testUser, testPassword))

	lookUp := func(key, state string) chromedp.Action[chromedp.Void] {
		return chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
			return chromedp.Do(ctx,
				chromedp.SetValue(`#lookup-key`, key),
				chromedp.Click(`#lookup-search`),
				waitFor(fmt.Sprintf(`(document.querySelector('#lookup-result .lookup') || {}).dataset?.state === %q`, state)),
			)
		})
	}
	b.do(t, "look up a live account",
		chromedp.Navigate(b.baseURL+"/"),
		waitFor(`document.getElementById("lookup-entity").options.length === 1`),
		lookUp(strings.ToUpper(alice), "live"),
		waitFor(`document.querySelector('#lookup-result [data-field="state"]').textContent === "Live"`),
		waitFor(`document.querySelector('#lookup-result tfoot th.right').textContent === "7"`),
		waitFor(`!document.getElementById("lookup-receipt")`),
	)
	b.viewportShot(t, "lookup-1-live", "#lookup-panel")

	if status, body := servicetest.Request(t, "DELETE", b.baseURL+"/api/v1/entities/account/"+alice, testToken, ""); status != 202 {
		t.Fatalf("DELETE = %d %s", status, body)
	}
	b.waitDB(t, "the account verified after its purge", 1,
		`SELECT count(*) FROM lethe_deletion_audit WHERE action = 'verify_entity' AND detail->>'key' = $1`, alice)
	b.do(t, "look up the deleted account",
		lookUp(alice, "deleted"),
		waitFor(`document.querySelector('#lookup-result [data-field="verification"] .pill.ok').textContent === "verified"`),
		waitFor(`document.querySelector('#lookup-result [data-field="requested_by"] dd').textContent === "credential operator (role operator) through the API"`),
		waitFor(`document.querySelector('#lookup-result [data-field="blobs"] dd').textContent.startsWith("2 ")`),
		waitFor(`document.querySelector('#lookup-result tfoot th.right').textContent === "7"`),
		// The receipt link downloads the API's receipt.
		chromedp.Evaluate[chromedp.Void](`fetch(document.getElementById("lookup-receipt").href).then((r) => r.json()).then((j) => { window.__receipt = j.format + " " + j.entity + " " + j.total_rows + " " + j.verification.verified; })`),
		waitFor(`window.__receipt === "lethe.receipt/v1 account 7 true"`),
		waitFor(`document.getElementById("lookup-receipt").getAttribute("download").startsWith("lethe-receipt-account-")`),
	)
	b.viewportShot(t, "lookup-2-deleted", "#lookup-panel")

	b.do(t, "search the audit for it",
		chromedp.Click(`#lookup-audit`),
		waitFor(`document.getElementById("audit-entity").value === "account" && document.getElementById("audit-key").value === "`+alice+`"`),
		waitFor(`document.querySelectorAll('#audit-rows tr[data-audit-id]').length === 4`),
		waitFor(`[...document.querySelectorAll('#audit-rows code')].map((c) => c.textContent).join(",") === "verify_entity,purge_blobs,delete_entity,request_delete"`),
	)
	time.Sleep(800 * time.Millisecond) // the smooth scroll to the audit panel
	b.viewportShot(t, "lookup-3-audit", "#audit-panel")
	b.noCSPViolations(t, "lookup")

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
	b.viewportShot(t, "lookup-4-dark", "#lookup-panel")

	b.do(t, "phone",
		chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
			_, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
				Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "light"}},
			})
			return err
		}),
		chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile),
		chromedp.Navigate(b.baseURL+"/"),
		waitFor(`document.getElementById("lookup-entity").options.length === 1`),
		lookUp(alice, "deleted"),
		waitFor(`document.documentElement.scrollWidth <= 390`), // nothing overflows sideways
	)
	b.viewportShot(t, "lookup-5-phone", "#lookup-panel")
}
