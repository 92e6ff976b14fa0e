package web_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/internal/service/servicetest"
	"github.com/lethehq/lethe/internal/testenv"
)

// TestUndeleteInBrowser looks up an account deleted within its 7-day
// restore_window: the panel says until when it is restorable and offers
// Undelete, which asks for a second click, puts the account back and
// looks it up again, live with its 7 rows.
func TestUndeleteInBrowser(t *testing.T) {
	t.Parallel()
	url := testenv.AccountsURL(t)
	blobDir := filepath.Join(t.TempDir(), "blobs")
	cfg := servicetest.Config(t, []byte(fmt.Sprintf(`
blob: {kind: local, local: {dir: %s}}
http: {listen: 127.0.0.1:0, token: %s, username: %s, password: %s}
migrate_on_start: false
%s`, blobDir, testToken, testUser, testPassword, strings.Replace(testenv.AccountsConfig, "    key_column: id\n", "    key_column: id\n    restore_window: 7d\n", 1))), url)
	pool, err := pgxpool.New(t.Context(), url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	seedAccounts(t, pool, cfg, blobDir)
	b := &e2eBundle{shots: artifactsDir(t), pool: pool}
	b.svc, b.baseURL = servicetest.Serve(t, cfg)
	b.browser = newBrowser(t, basicAuth(testUser, testPassword))

	if status, body := servicetest.Request(t, "DELETE", b.baseURL+"/api/v1/entities/account/"+alice, testToken, ""); status != 202 {
		t.Fatalf("DELETE = %d %s", status, body)
	}
	b.waitDB(t, "the account deleted", 1,
		`SELECT count(*) FROM lethe_deletion_audit WHERE action = 'delete_entity' AND outcome = 'ok' AND detail->>'key' = $1`, alice)
	lookUp := func(key, state string) chromedp.Action[chromedp.Void] {
		return chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
			return chromedp.Do(ctx,
				chromedp.SetValue(`#lookup-key`, key),
				chromedp.Click(`#lookup-search`),
				waitFor(fmt.Sprintf(`(document.querySelector('#lookup-result .lookup') || {}).dataset?.state === %q`, state)),
			)
		})
	}
	b.do(t, "look up the deleted account",
		chromedp.Navigate(b.baseURL+"/"),
		waitFor(`document.getElementById("lookup-entity").options.length === 1`),
		lookUp(alice, "deleted"),
		waitFor(`document.querySelector('#lookup-result [data-field="restorable_until"] dd').textContent.includes("rows captured, blobs kept until then")`),
		waitFor(`document.getElementById("lookup-undelete").textContent === "Undelete"`),
	)
	b.viewportShot(t, "undelete-1-restorable", "#lookup-panel")
	b.do(t, "undelete it",
		chromedp.Click(`#lookup-undelete`),
		waitFor(`document.getElementById("lookup-undelete").textContent === "Confirm undelete"`),
		chromedp.Click(`#lookup-undelete`),
		waitFor(`document.querySelector('#lookup-result .lookup').dataset.state === "live"`),
		waitFor(`document.querySelector('#lookup-result tfoot th.right').textContent === "7"`),
		waitFor(`!document.getElementById("lookup-undelete")`),
	)
	b.viewportShot(t, "undelete-2-live", "#lookup-panel")
	b.waitDB(t, "the undelete audited", 1,
		`SELECT count(*) FROM lethe_deletion_audit WHERE action = 'undelete_entity' AND detail->>'key' = $1 AND detail->>'by' = $2`, alice, testUser)
	b.noCSPViolations(t, "undelete")
}
