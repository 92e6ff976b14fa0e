package web_test

import (
	"context"
	"encoding/base64"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/internal/service"
	"github.com/lethehq/lethe/internal/service/servicetest"
	"github.com/lethehq/lethe/internal/testenv"
	"github.com/lethehq/lethe/workers"
)

// chromiumPath finds the browser the e2e test drives.
func chromiumPath(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("LETHE_CHROMIUM"); p != "" {
		return p
	}
	if _, err := os.Stat("/usr/bin/chromium"); err == nil {
		return "/usr/bin/chromium"
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Fatal("headless Chromium not found (/usr/bin/chromium, chromium, chromium-browser or google-chrome on PATH, or LETHE_CHROMIUM): " +
		"install it with `go tool task tools:chromium` (apt-get install chromium)")
	return ""
}

// artifactsDir is where screenshots go: $LETHE_ARTIFACTS, else
// testdata/artifacts/web at the repository root (ignored by git).
func artifactsDir(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("LETHE_ARTIFACTS")
	if dir == "" {
		dir = filepath.Join("..", "testdata", "artifacts", "web")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatalf("create artifacts dir: %v", err)
	}
	return dir
}

type e2eBundle struct {
	svc     *service.Service
	pool    *pgxpool.Pool
	baseURL string
	planner workers.Periodic // the periodic job "run now" inserts for pastes
	browser context.Context
	shots   string
}

func setupE2E(t *testing.T) *e2eBundle {
	t.Helper()
	url := testenv.MigratedURL(t)
	cfg := testConfig(t, true)
	cfg.Database.URL = url

	b := &e2eBundle{shots: artifactsDir(t)}
	b.svc, b.baseURL = servicetest.Serve(t, cfg)
	b.pool = b.svc.Pool
	for _, p := range b.svc.Periodics {
		if p.Policy == "pastes" && p.Name == "planner" {
			b.planner = p
		}
	}

	// The browser signs in as a user would with basic auth; every request
	// of the page (its fetches, River UI's) carries the credentials.
	b.browser = newBrowser(t, basicAuth(testUser, testPassword))
	return b
}

// basicAuth is the Authorization header of basic-auth credentials.
func basicAuth(user, pass string) string {
	return "Basic " + base64.StdEncoding.EncodeToString([]byte(user+":"+pass))
}

// newBrowser starts headless Chromium for the test. When authorization is
// set, every request the browser sends carries it, as when a user has
// signed in with basic auth. Every page records the Content-Security-Policy
// violations it meets in window.__cspViolations.
func newBrowser(t *testing.T, authorization string) context.Context {
	t.Helper()
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromiumPath(t)),
		chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun, chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-background-networking", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1366, 800),
	}
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	browser, cancelBrowser := chromedp.NewContext(allocCtx)
	t.Cleanup(func() { cancelBrowser(); cancelAlloc() })
	if err := chromedp.Do(browser, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
			Source: `window.__cspViolations = [];
				document.addEventListener("securitypolicyviolation", (e) => window.__cspViolations.push(e.violatedDirective + " " + e.blockedURI));`,
		}); err != nil {
			return err
		}
		if authorization == "" {
			return nil
		}
		if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
			return err
		}
		_, err := chromedp.Call(ctx, network.SetExtraHTTPHeaders, network.SetExtraHTTPHeadersParams{
			Headers: network.Headers{"Authorization": authorization},
		})
		return err
	})); err != nil {
		t.Fatalf("start chromium: %v", err)
	}
	return browser
}

// noCSPViolations fails when the page met a Content-Security-Policy
// violation other than those expected: the policy would have broken part
// of it.
func (b *e2eBundle) noCSPViolations(t *testing.T, what string, expected ...string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(b.browser, 10*time.Second)
	defer cancel()
	violations, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`window.__cspViolations || []`))
	if err != nil {
		t.Fatalf("%s: read CSP violations: %v", what, err)
	}
	violations = slices.DeleteFunc(violations, func(v string) bool { return slices.Contains(expected, v) })
	if len(violations) > 0 {
		t.Errorf("%s: the Content-Security-Policy blocked %q", what, violations)
	}
}

func (b *e2eBundle) do(t *testing.T, what string, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	ctx, cancel := context.WithTimeout(b.browser, 60*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, steps...); err != nil {
		b.screenshot(t, "failed-"+what)
		dctx, dcancel := context.WithTimeout(b.browser, 5*time.Second)
		defer dcancel()
		if page, err := chromedp.Run(dctx, chromedp.Evaluate[string](`document.querySelector("main").innerText + "\n---\n" + document.getElementById("toasts").innerText + document.getElementById("banner").innerText`)); err == nil {
			t.Logf("page text when %s failed:\n%s", what, page)
		}
		t.Fatalf("%s: %v", what, err)
	}
}

// screenshot saves the whole page, scrolled to the top (so the sticky
// header sits where a reader expects it).
func (b *e2eBundle) screenshot(t *testing.T, name string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(b.browser, 20*time.Second)
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`)); err != nil {
		t.Logf("scroll to top: %v", err)
	}
	b.saveShot(t, name, chromedp.FullScreenshot(100))
}

// viewportShot saves what the screen shows with the element matching css
// scrolled to the top.
func (b *e2eBundle) viewportShot(t *testing.T, name, css string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(b.browser, 20*time.Second)
	defer cancel()
	scroll := fmt.Sprintf(`window.scrollTo(0, document.querySelector(%q).getBoundingClientRect().top + window.scrollY - 70)`, css)
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[chromedp.Void](scroll)); err != nil {
		t.Logf("scroll to %s: %v", css, err)
	}
	b.saveShot(t, name, chromedp.CaptureScreenshot())
}

func (b *e2eBundle) saveShot(t *testing.T, name string, shot chromedp.Action[[]byte]) {
	t.Helper()
	ctx, cancel := context.WithTimeout(b.browser, 20*time.Second)
	defer cancel()
	png, err := chromedp.Run(ctx, shot)
	if err != nil {
		t.Logf("screenshot %s: %v", name, err)
		return
	}
	path := filepath.Join(b.shots, name+".png")
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Errorf("save screenshot: %v", err)
	}
	t.Logf("screenshot: %s", path)
}

// waitFor polls a JavaScript predicate in the page.
func waitFor(expr string) chromedp.Action[chromedp.Void] {
	return chromedp.Poll[chromedp.Void](expr, chromedp.WithPollingTimeout(45*time.Second), chromedp.WithPollingInterval(100*time.Millisecond))
}

// fieldIs waits until a policy card's number shows text.
func fieldIs(policy, field, text string) chromedp.Action[chromedp.Void] {
	return waitFor(fmt.Sprintf(`(() => { const el = document.querySelector('[data-policy=%q] [data-field=%q] .value'); return el && el.textContent.trim() === %q })()`, policy, field, text))
}

func (b *e2eBundle) query(t *testing.T, sql string, args ...any) int64 {
	t.Helper()
	var n int64
	if err := b.pool.QueryRow(context.Background(), sql, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
	return n
}

// waitDB polls a count query until it answers want.
func (b *e2eBundle) waitDB(t *testing.T, what string, want int64, sql string, args ...any) {
	t.Helper()
	deadline := time.Now().Add(45 * time.Second)
	for {
		n := b.query(t, sql, args...)
		if n == want {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: still %d, want %d", what, n, want)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func TestDashboardInBrowser(t *testing.T) {
	t.Parallel()
	b := setupE2E(t)
	ctx := context.Background()
	kind := b.planner.Args.Kind()

	// Every periodic job runs once when the service starts (RunOnStart):
	// seed after those runs (the planner's and, with the real expire
	// workers, the watchdog's), so "run now" is what clears the backlog.
	b.waitDB(t, "start-up runs", 1, `
		SELECT (count(*) FILTER (WHERE kind = $1 AND finalized_at IS NOT NULL) > 0
		        AND count(*) FILTER (WHERE finalized_at IS NULL) = 0)::int
		FROM lethe.river_job`, kind)
	for _, sql := range []string{
		`INSERT INTO pastes (title, expires_at) SELECT 'expired ' || g, now() - make_interval(mins => g) FROM generate_series(1, 1234) g`,
		`INSERT INTO pastes (title, expires_at) SELECT 'fresh ' || g, now() + interval '1 day' FROM generate_series(1, 50) g`,
		`INSERT INTO pastes (title, expires_at, deletion_status, deletion_initiated_at) VALUES
			('stuck', now() - interval '5 hours', 'DELETION_IN_PROGRESS', now() - interval '3 hours')`,
		// An hour of past deletions for the chart, and one failure.
		`INSERT INTO lethe_deletion_audit (policy, action, rows_deleted, blobs_deleted, started_at, finished_at, outcome)
			SELECT 'pastes', 'expire_batch', 400 + (g * 37) % 300, 380 + (g * 53) % 280,
			       now() - make_interval(mins => g), now() - make_interval(mins => g), 'ok'
			FROM generate_series(2, 58) g`,
		`INSERT INTO lethe_deletion_audit (policy, action, rows_deleted, blobs_deleted, started_at, finished_at, outcome)
			SELECT 'idempotency', 'sweep', 2000 + (g * 71) % 900, 0, now() - make_interval(mins => g), now() - make_interval(mins => g), 'ok'
			FROM generate_series(3, 58, 5) g`,
		`INSERT INTO lethe_deletion_audit (policy, action, rows_deleted, blobs_deleted, started_at, finished_at, outcome, error)
			VALUES ('pastes', 'expire_batch', 0, 0, now() - interval '20 minutes', now() - interval '20 minutes', 'error',
			        'delete blobs: 3 of 1000 keys failed: SlowDown: please reduce your request rate')`,
		`INSERT INTO lineage_event_idempotency (idempotency_key, event_hash, expires_at)
			SELECT 'key-' || g, md5(g::text), now() - interval '1 hour' FROM generate_series(1, 25000) g`,
		`INSERT INTO lethe_tombstones (entity, key, deleted_at, purged_at) VALUES
			('run', 'e2e-run-to-clear', now() - interval '2 hours', NULL),
			('run', 'e2e-run-kept', now() - interval '3 days', now() - interval '2 days'),
			('run', '9f86d081884c7d659a2feaa0c55ad015', now() - interval '26 hours', now() - interval '25 hours')`,
		// A deleted run that was found not gone after its purge.
		`INSERT INTO lethe_deletion_audit (policy, action, rows_deleted, blobs_deleted, started_at, finished_at, outcome, error)
			VALUES ('runs', 'verify_entity', 0, 0, now() - interval '5 minutes', now() - interval '5 minutes', 'error',
			        'deleted entity not gone: run e2e-run-resurrected: 1 tables still hold rows map[run_tags:1], 0 blobs remain []')`,
	} {
		if _, err := b.pool.Exec(ctx, sql); err != nil {
			t.Fatalf("seed: %v", err)
		}
	}
	// A run to preview and delete from the entities panel: its row, a tag
	// and a blob.
	const doomed = "e2e-run-to-delete"
	if err := db.UpsertRun(ctx, db.Timeouts{}.Pool(b.pool), doomed, "doomed run"); err != nil {
		t.Fatal(err)
	}
	if err := db.SetTag(ctx, db.Timeouts{}.Pool(b.pool), doomed, "t"); err != nil {
		t.Fatal(err)
	}
	if err := b.svc.Blobs.Put(ctx, "runs/"+doomed+"/model.bin", []byte("x")); err != nil {
		t.Fatal(err)
	}

	t.Logf("dashboard at %s (planner kind %s)", b.baseURL, kind)
	b.do(t, "open dashboard",
		chromedp.Navigate(b.baseURL+"/"),
		fieldIs("pastes", "backlog", "1,234"),
		fieldIs("pastes", "stuck", "1"),
		fieldIs("idempotency", "backlog", "25,000"),
		waitFor(`document.querySelector('tr[data-tombstone="run/e2e-run-to-clear"]') !== null`),
		waitFor(`document.querySelectorAll('#chart path').length === 3`),
		// The failed verification shows on the policy and on the entity.
		fieldIs("runs", "verify_failures", "1"),
		waitFor(`(document.querySelector('[data-entity="run"] [data-field="verify_failures"]') || {}).textContent === "1 verification failed 24 h"`),
	)
	b.screenshot(t, "laptop-1-backlog")

	// Run now: the planner job is inserted, linked into River UI, and the
	// backlog falls as it works.
	before := b.query(t, `SELECT count(*) FROM lethe.river_job WHERE kind = $1`, kind)
	b.do(t, "run now",
		chromedp.Click(chromedp.CSS(`[data-policy="pastes"] button[data-action="run"]`)),
		waitFor(`document.querySelector('.toast') && document.querySelector('.toast').textContent.includes('Started pastes')`),
	)
	var jobID int64
	if err := b.pool.QueryRow(ctx, `SELECT max(id) FROM lethe.river_job WHERE kind = $1`, kind).Scan(&jobID); err != nil {
		t.Fatal(err)
	}
	if after := b.query(t, `SELECT count(*) FROM lethe.river_job WHERE kind = $1`, kind); after != before+1 {
		t.Fatalf("run now inserted %d %s jobs, want 1", after-before, kind)
	}
	b.do(t, "backlog falls after run now",
		fieldIs("pastes", "backlog", "0"),
		waitFor(fmt.Sprintf(`document.querySelector('[data-policy="pastes"] a.job[href="/riverui/jobs/%d"]') !== null`, jobID)),
	)
	b.screenshot(t, "laptop-2-after-run")

	// Pause and resume.
	b.do(t, "pause",
		chromedp.Click(chromedp.CSS(`[data-policy="pastes"] button[data-action="pause"]`)),
		waitFor(`document.querySelector('[data-policy="pastes"]').dataset.paused === "true" && document.querySelector('[data-policy="pastes"] [data-field="paused"]') !== null`),
		waitFor(`document.querySelector('[data-policy="pastes"] button[data-action="run"]').disabled`),
	)
	if state, err := db.GetPolicyState(ctx, b.pool, "pastes"); err != nil || !state.Paused {
		t.Fatalf("after clicking Pause the policy state is %+v (%v), want paused", state, err)
	}
	b.screenshot(t, "laptop-3-paused")
	b.do(t, "resume",
		chromedp.Click(chromedp.CSS(`[data-policy="pastes"] button[data-action="resume"]`)),
		waitFor(`document.querySelector('[data-policy="pastes"]').dataset.paused === "false"`),
	)
	if state, err := db.GetPolicyState(ctx, b.pool, "pastes"); err != nil || state.Paused {
		t.Fatalf("after clicking Resume the policy state is %+v (%v), want not paused", state, err)
	}

	// Clear a tombstone: two clicks (the first asks to confirm).
	clearBtn := chromedp.CSS(`tr[data-tombstone="run/e2e-run-to-clear"] button[data-action="clear"]`)
	b.do(t, "clear tombstone",
		chromedp.Click(clearBtn),
		waitFor(`document.querySelector('tr[data-tombstone="run/e2e-run-to-clear"] button.confirm') !== null`),
		chromedp.Click(clearBtn),
		waitFor(`document.querySelector('tr[data-tombstone="run/e2e-run-to-clear"]') === null`),
		waitFor(`document.querySelector('tr[data-tombstone="run/e2e-run-kept"]') !== null`),
	)
	if n := b.query(t, `SELECT count(*) FROM lethe_tombstones WHERE key = 'e2e-run-to-clear'`); n != 0 {
		t.Fatal("the cleared tombstone is still in the database")
	}
	if n := b.query(t, `SELECT count(*) FROM lethe_tombstones`); n != 2 {
		t.Fatalf("%d tombstones left, want the 2 not cleared", n)
	}

	// Delete a run from the entities panel: Delete is offered only after a
	// preview, which counts its rows and blobs and deletes nothing; then it
	// asks to confirm, and the real workers delete the run.
	previewed := func(table, rows string) chromedp.Action[chromedp.Void] {
		return waitFor(fmt.Sprintf(`(document.querySelector('.preview [data-table=%q] td.right') || {}).textContent === %q`, table, rows))
	}
	b.do(t, "preview a run",
		chromedp.SetValue(`#entity-select`, "run"),
		waitFor(`document.getElementById("entity-delete").offsetParent === null`),
		chromedp.SendKeys(`#entity-key`, doomed),
		chromedp.Click(`#entity-preview`),
		previewed("runs", "1"),
		previewed("run_tags", "1"),
		previewed("run_metrics", "0"),
		waitFor(`document.querySelector('.preview [data-field="total_rows"]').textContent === "2"`),
		waitFor(`document.querySelector('.preview [data-field="blobs"]').textContent === "1"`),
		waitFor(`document.getElementById("entity-delete").offsetParent !== null`),
	)
	if n := b.query(t, `SELECT count(*) FROM runs WHERE run_hash = $1`, doomed); n != 1 {
		t.Fatal("the preview deleted the run")
	}
	b.viewportShot(t, "laptop-4-entity-preview", "#entities-panel")
	b.do(t, "delete the previewed run",
		chromedp.Click(`#entity-delete`),
		waitFor(`document.getElementById("entity-delete").textContent === "Confirm delete"`),
		chromedp.Click(`#entity-delete`),
		waitFor(`document.querySelector('[data-field="queued"]') !== null`),
		waitFor(`document.getElementById("entity-delete").offsetParent === null`),
	)
	b.waitDB(t, "the run deleted by its job", 0, `SELECT count(*) FROM runs WHERE run_hash = $1`, doomed)
	b.waitDB(t, "the deleted run's tombstone", 1, `SELECT count(*) FROM lethe_tombstones WHERE entity = 'run' AND key = $1`, doomed)
	// The dashboard works whole under its strict policy.
	b.noCSPViolations(t, "dashboard")

	// Dark mode, then phone width.
	b.do(t, "dark mode",
		chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
			_, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
				Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}},
			})
			return err
		}),
		waitFor(`getComputedStyle(document.body).backgroundColor !== "rgb(245, 246, 250)"`),
	)
	time.Sleep(300 * time.Millisecond) // let the 0.15 s colour transitions finish before the picture
	b.screenshot(t, "laptop-5-dark")
	b.do(t, "phone width",
		chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
			_, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
				Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "light"}},
			})
			return err
		}),
		chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile),
		chromedp.Navigate(b.baseURL+"/"),
		fieldIs("pastes", "backlog", "0"),
		waitFor(`document.documentElement.scrollWidth <= 390`), // nothing overflows sideways
	)
	b.screenshot(t, "phone-1-dashboard")
	b.viewportShot(t, "phone-2-top", "body")
	b.viewportShot(t, "phone-3-policy", `[data-policy="pastes"]`)
	b.viewportShot(t, "phone-4-tombstones", "#tombstones-panel")
	b.do(t, "preview the deleted run on a phone",
		chromedp.SendKeys(`#entity-key`, doomed),
		chromedp.Click(`#entity-preview`),
		waitFor(`(document.querySelector('.preview .pill.wait') || {}).textContent === "deleted: tombstoned"`),
		previewed("runs", "0"),
		waitFor(`document.getElementById("entity-delete").textContent === "Delete again"`),
		waitFor(`document.documentElement.scrollWidth <= 390`),
	)
	b.viewportShot(t, "phone-5-entities", "#entities-panel")

	// River UI, behind the same credentials: the app renders and its API
	// answers (the job page shows the planner job's kind).
	b.do(t, "river ui",
		chromedp.EmulateViewport(1366, 800),
		chromedp.Navigate(b.baseURL+"/riverui/jobs/"+strconv.FormatInt(jobID, 10)),
		waitFor(fmt.Sprintf(`document.body.innerText.includes(%q)`, kind)),
	)
	b.screenshot(t, "laptop-6-riverui-job")
	// River UI's own actions are same-origin requests: they pass.
	b.do(t, "river ui retry",
		chromedp.Evaluate[chromedp.Void](`[...document.querySelectorAll("button")].find((el) => el.textContent.trim() === "Retry").click()`),
	)
	b.waitDB(t, "the job River UI retried, worked again", 1, `SELECT count(*) FROM lethe.river_job WHERE id = $1 AND state = 'completed' AND attempt = 2`, jobID)
	// River UI's validation library probes whether it may compile code
	// (Function("")) and, refused, works without.
	b.noCSPViolations(t, "river ui job page", "script-src eval")
	b.do(t, "river ui job list",
		chromedp.Navigate(b.baseURL+"/riverui/jobs/?kind="+kind+"&state=completed"),
		// Both planner jobs (start-up and run now) are listed.
		waitFor(fmt.Sprintf(`document.body.innerText.split(%q).length - 1 >= 2`, kind)),
	)
	b.screenshot(t, "laptop-7-riverui-list")
	b.noCSPViolations(t, "river ui job list", "script-src eval")
}
