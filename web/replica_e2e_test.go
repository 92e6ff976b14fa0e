package web_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/internal/metrics"
	"github.com/lethehq/lethe/internal/pace"
	"github.com/lethehq/lethe/internal/service/servicetest"
	"github.com/lethehq/lethe/internal/testenv"
)

// TestReplicaBadgeInBrowser: while deletion waits for a lagging standby the
// dashboard's header says so, naming the standby and its lag, and the badge
// goes once the throttle lifts. The throttle itself is tested against a
// real standby in package workers; here its state is set directly.
func TestReplicaBadgeInBrowser(t *testing.T) {
	t.Parallel()
	cfg := testConfig(t, true)
	cfg.Database.URL = testenv.MigratedURL(t)
	cfg.Database.MaxReplicaLag = config.Duration(30 * time.Second)
	svc, baseURL := servicetest.Serve(t, cfg)
	b := &e2eBundle{svc: svc, pool: svc.Pool, baseURL: baseURL, shots: artifactsDir(t), browser: newBrowser(t, basicAuth(testUser, testPassword))}

	b.do(t, "load the dashboard", chromedp.Navigate(b.baseURL+"/"), waitFor(`document.getElementById("status").dataset.state === "live"`))
	hidden, err := chromedp.Run(b.browser, chromedp.Evaluate[bool](`document.getElementById("replica-badge").hidden`))
	if err != nil || !hidden {
		t.Fatalf("badge hidden before any throttling: %t, %v", hidden, err)
	}

	// The service's own gate publishes its state before each batch of the
	// service's policies (no standby here: not throttled), so the test
	// keeps setting its state until the badge shows.
	since := time.Now().Add(-time.Minute)
	throttled := metrics.ReplicaState{Throttled: true, Since: &since, Standby: "standby-1", Lag: 42 * time.Second, LagBytes: 3 << 20}
	keepCtx, stopKeeping := context.WithCancel(t.Context())
	var keeping sync.WaitGroup
	keeping.Go(func() {
		for keepCtx.Err() == nil {
			svc.Metrics.Pace.Replica.Set(throttled)
			_ = pace.Sleep(keepCtx, 50*time.Millisecond)
		}
	})
	stopKept := func() { stopKeeping(); keeping.Wait() }
	t.Cleanup(stopKept)
	b.do(t, "the badge to show", waitFor(`!document.getElementById("replica-badge").hidden`))
	ctx, cancel := context.WithTimeout(b.browser, 10*time.Second)
	defer cancel()
	text, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("replica-badge").textContent`))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text, "deletion paused") || !strings.Contains(text, "standby-1") || !strings.Contains(text, "42.0 s") {
		t.Fatalf("badge %q; want it to say deletion is paused for standby-1, 42.0 s behind", text)
	}
	b.screenshot(t, "replica-badge")

	stopKept()
	svc.Metrics.Pace.Replica.Set(metrics.ReplicaState{Standby: "standby-1"})
	b.do(t, "the badge to go", waitFor(`document.getElementById("replica-badge").hidden`))
	b.noCSPViolations(t, "replica badge")
}
