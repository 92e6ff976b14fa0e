package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/internal/service/servicetest"
	"github.com/lethehq/lethe/internal/testenv"
)

// healthPolicies is how many sweep policies TestHealthTableInBrowser runs,
// each on a table of its own.
const healthPolicies = 100

// stalledReason is the health reason of the stalled policy of
// TestHealthTableInBrowser.
var stalledReason = regexp.MustCompile(`50 rows expired, the oldest 5h[0-4]m0s ago; nothing deleted in its one run, 4h[0-4]m0s ago`)

// TestHealthTableInBrowser runs the real service with 100 sweep policies on
// 100 small tables and drives the dashboard in headless Chromium. Five
// policies name a column their table lacks and fail on every run, three
// have had rows expired for 5 hours and deleted nothing for 4 (stalled), two
// deleted at start and then got rows 4 hours late (behind), one gave way
// to a lock, one is paused, the rest are ok. The overview and /metrics give
// each its state; the page shows a banner naming them, a table of 100 rows
// with the unhealthy ones first in order of urgency, a filter and a state
// selector that narrow it, and a card with the health and last runs that
// opens from a row; at phone width nothing overflows sideways.
func TestHealthTableInBrowser(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	url := testenv.MigratedURL(t)
	pool, err := pgxpool.New(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)

	name := func(i int) string { return fmt.Sprintf("health_%03d", i) }
	var yaml strings.Builder
	fmt.Fprintf(&yaml, `
database: {url: %q, max_conns: 8}
blob: {kind: local, local: {dir: %s}}
http: {listen: 127.0.0.1:0, username: %s, password: %s}
migrate_on_start: false
policies:
`, url, t.TempDir(), testUser, testPassword)
	for i := range healthPolicies {
		mustExec(t, pool, fmt.Sprintf(`CREATE TABLE %[1]s (k bigint PRIMARY KEY, expires_at timestamptz NOT NULL);
			CREATE INDEX ON %[1]s (expires_at);
			INSERT INTO %[1]s SELECT g, now() + interval '1 day' FROM generate_series(1, 20) g`, name(i)))
		column := "expires_at"
		if i >= 90 && i < 95 {
			column = "gone_at" // fails on every run
		}
		if i < 2 {
			// Deleted by the start-up run: these will be behind, not stalled.
			mustExec(t, pool, fmt.Sprintf(`INSERT INTO %s SELECT g, now() - interval '1 minute' FROM generate_series(100, 104) g`, name(i)))
		}
		fmt.Fprintf(&yaml, "  - {name: %s, kind: sweep, table: %s, key_column: k, expires_at_column: %s, schedule: \"@every 1h\"}\n", name(i), name(i), column)
	}
	cfg := servicetest.Config(t, []byte(yaml.String()), url)
	svc, baseURL := servicetest.Serve(t, cfg)
	_ = svc

	// Every policy runs once at start (River's RunOnStart); the failing
	// ones are retried by River and fail again.
	waitCount := func(what string, want int64, sql string) {
		t.Helper()
		deadline := time.Now().Add(90 * time.Second)
		for {
			var n int64
			if err := pool.QueryRow(ctx, sql).Scan(&n); err != nil {
				t.Fatalf("%s: %v", what, err)
			}
			if n == want {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: %d, want %d", what, n, want)
			}
			time.Sleep(200 * time.Millisecond)
		}
	}
	waitCount("start-up runs recorded", healthPolicies, `SELECT count(*) FROM lethe_policy_state WHERE jsonb_array_length(recent_runs) > 0`)
	waitCount("start-up deletions", 2, `SELECT count(*) FROM lethe_policy_state WHERE last_deleted_at IS NOT NULL`)

	for i := 95; i < 98; i++ {
		// Stalled: rows expired 5 h ago, and the policy's one recorded
		// run, moved 4 h back, deleted nothing: nothing for 4 h.
		mustExec(t, pool, fmt.Sprintf(`INSERT INTO %s SELECT g, now() - interval '5 hours' FROM generate_series(200, 249) g`, name(i)))
		mustExec(t, pool, `UPDATE lethe_policy_state
			SET last_run_at = now() - interval '4 hours',
				recent_runs = (SELECT jsonb_agg(e || jsonb_build_object('at', now() - interval '4 hours')) FROM jsonb_array_elements(recent_runs) e)
			WHERE policy = $1`, name(i))
	}
	for i := range 2 { // behind: deleted minutes ago, yet rows 4 h late
		mustExec(t, pool, fmt.Sprintf(`INSERT INTO %s SELECT g, now() - interval '4 hours' FROM generate_series(300, 309) g`, name(i)))
	}
	// Throttled: its last run gave way to a lock, and a row waits.
	mustExec(t, pool, fmt.Sprintf(`INSERT INTO %s VALUES (400, now() - interval '2 minutes')`, name(98)))
	if err := db.RecordRun(ctx, pool, name(98), db.PolicyRun{Kind: "lethe.sweep", Outcome: db.RunLock, Reason: "gave way to pid 4242 (psql, idle in transaction for 3m0s) holding AccessExclusiveLock"}, nil); err != nil {
		t.Fatal(err)
	}
	if err := db.SetPolicyPaused(ctx, pool, name(99), true); err != nil {
		t.Fatal(err)
	}
	wantStates := map[string][]string{
		"failing": {name(90), name(91), name(92), name(93), name(94)}, "stalled": {name(95), name(96), name(97)},
		"behind": {name(0), name(1)}, "throttled": {name(98)}, "paused": {name(99)},
	}

	// The overview's health and lethe_policy_health say the same.
	get := func(path string) []byte {
		t.Helper()
		req, _ := http.NewRequest(http.MethodGet, baseURL+path, nil)
		req.SetBasicAuth(testUser, testPassword)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		body, _ := io.ReadAll(res.Body)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("GET %s: %d %s", path, res.StatusCode, body)
		}
		return body
	}
	var ov struct {
		Policies []struct {
			Name   string `json:"name"`
			Health struct {
				State  string     `json:"state"`
				Reason string     `json:"reason"`
				Since  *time.Time `json:"since"`
			} `json:"health"`
			Runs []db.PolicyRun `json:"runs"`
		} `json:"policies"`
	}
	// The overview is cached for up to 20 times what computing it took
	// (costFactor): 100 policies on a busy machine keep it for tens of
	// seconds.
	deadline := time.Now().Add(90 * time.Second)
	for {
		if err := json.Unmarshal(get("/api/v1/overview"), &ov); err != nil {
			t.Fatal(err)
		}
		got := map[string][]string{}
		for _, p := range ov.Policies {
			if p.Health.State != "ok" {
				got[p.Health.State] = append(got[p.Health.State], p.Name)
			}
		}
		if fmt.Sprint(got) == fmt.Sprint(wantStates) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("unhealthy policies %v, want %v", got, wantStates)
		}
		time.Sleep(500 * time.Millisecond)
	}
	for _, p := range ov.Policies {
		switch p.Name {
		case name(90):
			if !strings.Contains(p.Health.Reason, "gone_at") || p.Health.Since == nil || len(p.Runs) == 0 || p.Runs[0].Outcome != db.RunError {
				t.Errorf("failing policy: health %+v, runs %+v", p.Health, p.Runs)
			}
		case name(95):
			// The ages grow while the test runs: by a minute or two on a
			// starved machine.
			if !stalledReason.MatchString(p.Health.Reason) {
				t.Errorf("stalled policy: health %+v", p.Health)
			}
		case name(0):
			if len(p.Runs) == 0 || p.Runs[0].Outcome != db.RunDeleted || p.Runs[0].Rows != 5 {
				t.Errorf("start-up run of %s: %+v, want deleted 5", p.Name, p.Runs)
			}
		case name(98):
			if !strings.Contains(p.Health.Reason, "pid 4242") {
				t.Errorf("throttled policy: health %+v", p.Health)
			}
		}
	}
	metricsText := string(get("/metrics"))
	for _, line := range []string{
		`lethe_policy_health{policy="health_090",state="failing"} 1`,
		`lethe_policy_health{policy="health_090",state="ok"} 0`,
		`lethe_policy_health{policy="health_095",state="stalled"} 1`,
		`lethe_policy_health{policy="health_050",state="ok"} 1`,
	} {
		if !strings.Contains(metricsText, line) {
			t.Errorf("/metrics lacks %s", line)
		}
	}

	b := &e2eBundle{baseURL: baseURL, pool: pool, shots: artifactsDir(t), browser: newBrowser(t, basicAuth(testUser, testPassword))}
	rows := `[...document.querySelectorAll("#health-rows tr[data-policy]")]`
	b.do(t, "open the dashboard",
		chromedp.Navigate(baseURL+"/"),
		waitFor(rows+`.length === 100`),
		waitFor(`document.getElementById("health-banner").textContent.includes("12 policies need attention")`),
	)
	order, err := chromedp.Run(b.browser, chromedp.Evaluate[[]string](rows+`.map((r) => r.dataset.health)`))
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, st := range []string{"failing", "stalled", "behind", "throttled", "paused"} {
		for range wantStates[st] {
			want = append(want, st)
		}
	}
	for len(want) < healthPolicies {
		want = append(want, "ok")
	}
	if !slices.Equal(order, want) {
		t.Errorf("rows by health %q, want the unhealthy first %q", order, want)
	}
	cards, err := chromedp.Run(b.browser, chromedp.Evaluate[int](`document.querySelectorAll("#policies .card").length`))
	if err != nil || cards != 0 {
		t.Errorf("cards under the table: %d (%v), want none until a row opens one", cards, err)
	}
	b.screenshot(t, "health-1-table")
	b.viewportShot(t, "health-1-table-top", "body")
	b.viewportShot(t, "health-1-table-rows", "#policy-table")

	b.do(t, "filter the table",
		chromedp.SendKeys(`#health-filter`, "health_09"),
		waitFor(rows+`.length === 10`),
		waitFor(`document.getElementById("health-count").textContent === "10 of 100 policies"`),
	)
	b.do(t, "only stalled ones",
		chromedp.Evaluate[chromedp.Void](`(() => {
			const f = document.getElementById("health-filter"); f.value = ""; f.dispatchEvent(new Event("input"));
			const s = document.getElementById("health-only"); s.value = "stalled"; s.dispatchEvent(new Event("change"));
		})()`),
		waitFor(rows+`.length === 3 && `+rows+`.every((r) => r.dataset.health === "stalled")`),
	)
	b.do(t, "back to every policy, sorted by backlog",
		chromedp.Evaluate[chromedp.Void](`(() => { const s = document.getElementById("health-only"); s.value = ""; s.dispatchEvent(new Event("change")); })()`),
		waitFor(rows+`.length === 100`),
		chromedp.Click(`th[data-sort="backlog"] button`),
		waitFor(rows+`[0].dataset.policy >= "health_095" && `+rows+`[0].dataset.policy <= "health_097"`),
		chromedp.Click(`th[data-sort="health"] button`),
		waitFor(rows+`[0].dataset.health === "failing"`),
	)
	b.do(t, "open a failing policy's card from its row",
		chromedp.Click(`#health-rows tr[data-policy="health_090"]`),
		waitFor(`document.querySelectorAll("#policies .card").length === 1`),
		waitFor(`document.querySelector('.card[data-policy="health_090"] [data-field="health"]').textContent === "Failing"`),
		waitFor(`document.querySelector('.card[data-policy="health_090"] [data-field="health-reason"]').textContent.includes("gone_at")`),
		waitFor(`document.querySelector('.card[data-policy="health_090"] .runs li.run-error') !== null`),
	)
	b.viewportShot(t, "health-2-card", `#policies`)
	b.do(t, "the banner opens a card too",
		chromedp.Click(`#health-banner [data-health-open="health_095"]`),
		waitFor(`document.querySelector('.card[data-policy="health_095"] [data-field="health"]').textContent === "Stalled"`),
	)
	b.viewportShot(t, "health-3-stalled-card", `#policies`)
	b.do(t, "the banner's rest shows every policy not ok",
		chromedp.Click(`#health-banner [data-health-unhealthy]`),
		waitFor(rows+`.length === 12 && document.getElementById("health-only").value === "unhealthy"`),
	)

	b.do(t, "dark mode",
		chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
			_, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
				Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}},
			})
			return err
		}),
		waitFor(`getComputedStyle(document.body).backgroundColor !== "rgb(245, 246, 250)"`),
	)
	time.Sleep(300 * time.Millisecond)
	b.viewportShot(t, "health-4-dark", "body")
	b.do(t, "phone width",
		chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
			_, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
				Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "light"}},
			})
			return err
		}),
		chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile),
		chromedp.Navigate(baseURL+"/"),
		waitFor(rows+`.length === 100`),
		waitFor(`document.documentElement.scrollWidth <= 390`),
	)
	b.viewportShot(t, "health-5-phone", "body")
	b.viewportShot(t, "health-6-phone-table", "#policy-table")
	b.do(t, "a card on a phone",
		chromedp.Click(`#health-rows tr[data-policy="health_098"]`),
		waitFor(`document.querySelector('.card[data-policy="health_098"] [data-field="health"]').textContent === "Throttled"`),
		waitFor(`document.documentElement.scrollWidth <= 390`),
	)
	b.viewportShot(t, "health-7-phone-card", `#policies`)
	b.noCSPViolations(t, "health table")
}
