package web_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/jobs"
)

// attackPage is a page of another site that tries, on load, to change
// state in the Lethe at ?target= with the browser's credentials: a
// text/plain form whose body is JSON plus a trailing "=" deleting run
// ?run=, a fetch pausing policy pastes, and a fetch deleting River job
// ?job= through River UI's API. When every attempt has settled it sets
// window.attackDone.
const attackPage = `<!doctype html>
<html><head><meta charset="utf-8"><title>Win a prize</title></head>
<body>
<iframe name="sink" id="sink"></iframe>
<form id="form" method="POST" enctype="text/plain" target="sink"><input type="hidden" id="field" value=""></form>
<script>
(async () => {
  const q = new URLSearchParams(location.search);
  const target = q.get("target");
  const settled = [];
  // The form: its body is {"run_ids":["<run>"]}= (name, "=", empty value).
  const form = document.getElementById("form");
  form.action = target + "/api/v1/runs/delete";
  document.getElementById("field").name = JSON.stringify({run_ids: [q.get("run")]});
  settled.push(new Promise((resolve) => {
    document.getElementById("sink").addEventListener("load", resolve, {once: true});
    setTimeout(resolve, 5000);
  }));
  form.submit();
  settled.push(fetch(target + "/api/v1/policies/pastes/pause", {method: "POST", mode: "no-cors", credentials: "include"}).catch(() => {}));
  settled.push(fetch(target + "/riverui/api/jobs/delete", {
    method: "POST", mode: "no-cors", credentials: "include",
    headers: {"Content-Type": "text/plain"}, body: JSON.stringify({ids: [q.get("job")]}),
  }).catch(() => {}));
  await Promise.all(settled);
  window.attackDone = true;
})();
</script>
</body></html>`

// TestCrossOriginInBrowser serves attackPage from other origins and opens
// it in headless Chromium while Lethe runs on 127.0.0.1, with and without
// credentials configured (with them, the browser sends them on every
// request, as once a user has signed in). Pages of another port (same
// site) and of another host (cross site) change nothing: every attempt
// reaches Lethe and is refused. From an origin in http.allowed_origins the
// same page pauses the policy and deletes the job, which proves the
// attempts are real; its text/plain form is still refused for its
// Content-Type.
func TestCrossOriginInBrowser(t *testing.T) {
	t.Parallel()
	page := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write([]byte(attackPage))
	})
	evil := httptest.NewServer(page)
	t.Cleanup(evil.Close)
	portal := httptest.NewServer(page)
	t.Cleanup(portal.Close)

	for _, tc := range []struct {
		name     string
		withAuth bool
	}{
		{"NoCredentialsConfigured", false},
		{"BrowserHoldsCredentials", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			cfg := testConfig(t, tc.withAuth)
			cfg.HTTP.AllowedOrigins = []string{portal.URL}
			b := setupAPIFor(t, cfg)
			const run = "e2e-victim"
			if err := db.UpsertRun(t.Context(), db.Timeouts{}.Pool(b.pool), run, "victim"); err != nil {
				t.Fatal(err)
			}
			jobID := insertVictim(t, b.pool)
			authorization := ""
			if tc.withAuth {
				authorization = basicAuth(testUser, testPassword)
			}
			browser := newBrowser(t, authorization)

			attack := func(t *testing.T, from string) {
				t.Helper()
				ctx, cancel := context.WithTimeout(browser, 60*time.Second)
				defer cancel()
				q := url.Values{"target": {b.server.URL}, "run": {run}, "job": {strconv.FormatInt(jobID, 10)}}
				if err := chromedp.Do(ctx,
					chromedp.Navigate(from+"/?"+q.Encode()),
					chromedp.Poll[chromedp.Void](`window.attackDone === true`, chromedp.WithPollingTimeout(30*time.Second)),
				); err != nil {
					t.Fatalf("open the page of %s: %v", from, err)
				}
			}
			deleteJobs := func() int64 {
				var n int64
				if err := b.pool.QueryRow(t.Context(), `SELECT count(*) FROM lethe.river_job WHERE kind = $1`, jobs.KindDeleteEntity).Scan(&n); err != nil {
					t.Fatal(err)
				}
				return n
			}
			victimJobs := func() int64 {
				var n int64
				if err := b.pool.QueryRow(t.Context(), `SELECT count(*) FROM lethe.river_job WHERE id = $1`, jobID).Scan(&n); err != nil {
					t.Fatal(err)
				}
				return n
			}
			paused := func() bool {
				state, err := db.GetPolicyState(t.Context(), b.pool, "pastes")
				if err != nil {
					t.Fatal(err)
				}
				return state.Paused
			}
			// reached asserts that the three attempts reached Lethe (with
			// the browser's credentials, when it has them) and got status.
			reached := func(t *testing.T, since int, want map[string]int) {
				t.Helper()
				got := map[string]answered{}
				for _, a := range b.answers()[since:] {
					if a.method == http.MethodPost {
						got[a.path] = a
					}
				}
				for path, status := range want {
					a, ok := got[path]
					switch {
					case !ok:
						t.Errorf("POST %s never reached Lethe: the browser did not send it, so the test proves nothing", path)
					case a.status != status:
						t.Errorf("POST %s: %d, want %d", path, a.status, status)
					case tc.withAuth && !a.authorization:
						t.Errorf("POST %s came without the browser's credentials", path)
					}
				}
			}

			for _, from := range []string{
				evil.URL, // same site, another port
				strings.Replace(evil.URL, "127.0.0.1", "localhost", 1), // another site
			} {
				since := len(b.answers())
				attack(t, from)
				reached(t, since, map[string]int{
					"/api/v1/runs/delete":           http.StatusForbidden,
					"/api/v1/policies/pastes/pause": http.StatusForbidden,
					"/riverui/api/jobs/delete":      http.StatusForbidden,
				})
				if paused() {
					t.Errorf("the page of %s paused policy pastes", from)
				}
				if n := deleteJobs(); n != 0 {
					t.Errorf("the page of %s inserted %d delete jobs", from, n)
				}
				if victimJobs() != 1 {
					t.Errorf("the page of %s deleted River job %d", from, jobID)
				}
			}
			if n, err := db.KnownRuns(t.Context(), b.pool, []string{run}); err != nil || !n[run] {
				t.Errorf("run %s is gone (%v)", run, err)
			}

			// A trusted origin's page does act, but its text/plain form is
			// still no JSON request.
			since := len(b.answers())
			attack(t, portal.URL)
			reached(t, since, map[string]int{
				"/api/v1/runs/delete":           http.StatusUnsupportedMediaType,
				"/api/v1/policies/pastes/pause": http.StatusOK,
				"/riverui/api/jobs/delete":      http.StatusOK,
			})
			if !paused() || victimJobs() != 0 || deleteJobs() != 0 {
				t.Errorf("from the allowed origin: paused %v, job left %d, delete jobs %d; want paused, job deleted, no delete job",
					paused(), victimJobs(), deleteJobs())
			}
		})
	}
}
