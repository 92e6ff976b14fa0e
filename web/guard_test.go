package web_test

import (
	"context"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/internal/metrics"
)

// victimArgs is a job River UI's API could delete.
type victimArgs struct{}

func (victimArgs) Kind() string { return "web_test.victim" }

// insertVictim inserts a job for River UI's API to act on and returns its ID.
func insertVictim(t *testing.T, pool *pgxpool.Pool) int64 {
	t.Helper()
	client, err := river.NewClient(riverpgxv5.New(pool), &river.Config{Schema: config.DefaultRiverSchema})
	if err != nil {
		t.Fatal(err)
	}
	res, err := client.Insert(t.Context(), victimArgs{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return res.Job.ID
}

// guardState is everything the requests of these tests could change.
func guardState(t *testing.T, pool *pgxpool.Pool) string {
	t.Helper()
	var paused bool
	var jobs, runs, tombstones int
	err := pool.QueryRow(context.Background(), `SELECT
		coalesce((SELECT paused FROM lethe_policy_state WHERE policy = 'pastes'), false),
		(SELECT count(*) FROM lethe.river_job), (SELECT count(*) FROM runs), (SELECT count(*) FROM lethe_tombstones)`).
		Scan(&paused, &jobs, &runs, &tombstones)
	if err != nil {
		t.Fatal(err)
	}
	return "paused=" + strconv.FormatBool(paused) + " jobs=" + strconv.Itoa(jobs) + " runs=" + strconv.Itoa(runs) + " tombstones=" + strconv.Itoa(tombstones)
}

func TestCrossOrigin(t *testing.T) {
	t.Parallel()

	// attacks are the state changes a page of another origin tried: a
	// text/plain form whose body is valid JSON plus a trailing "=", a
	// pause, River UI's job deletion.
	attacks := func(jobID int64) []struct{ method, path, body, contentType string } {
		return []struct{ method, path, body, contentType string }{
			{"POST", "/api/v1/runs/delete", `{"run_ids":["r1"]}=`, "text/plain"},
			{"POST", "/api/v1/entities/run/delete", `{"keys":["r1"]}`, "application/json"},
			{"DELETE", "/api/v1/runs/r1", "", ""},
			{"POST", "/api/v1/policies/pastes/pause", "", "text/plain"},
			{"POST", "/api/v1/runs/t1/clear-tombstone", "", ""},
			{"POST", "/riverui/api/jobs/delete", `{"ids":["` + strconv.FormatInt(jobID, 10) + `"]}`, "text/plain"},
		}
	}
	setup := func(t *testing.T, withAuth bool, mutate ...func(*config.HTTP)) (*apiBundle, int64) {
		t.Helper()
		cfg := testConfig(t, withAuth)
		for _, m := range mutate {
			m(&cfg.HTTP)
		}
		b := setupAPIFor(t, cfg)
		if err := db.UpsertRun(t.Context(), db.Timeouts{}.Pool(b.pool), "r1", "run r1"); err != nil {
			t.Fatal(err)
		}
		mustExec(t, b.pool, `INSERT INTO lethe_tombstones (entity, key) VALUES ('run', 't1')`)
		return b, insertVictim(t, b.pool)
	}
	send := func(t *testing.T, b *apiBundle, a struct{ method, path, body, contentType string }, opts ...reqOpt) (int, []byte) {
		t.Helper()
		if a.body != "" {
			opts = append([]reqOpt{withBody(a.body), withHeader("Content-Type", a.contentType)}, opts...)
		}
		status, body, _ := b.do(t, a.method, a.path, opts...)
		return status, body
	}

	for _, auth := range []struct {
		name     string
		withAuth bool
		creds    []reqOpt
	}{
		{"NoCredentialsConfigured", false, nil},
		{"BrowserHoldsBasicAuth", true, []reqOpt{basic(testUser, testPassword)}},
	} {
		t.Run(auth.name, func(t *testing.T) {
			t.Parallel()
			b, jobID := setup(t, auth.withAuth)
			before := guardState(t, b.pool)
			for _, who := range []struct {
				name    string
				headers []reqOpt
				mention string
			}{
				{"CrossSite", []reqOpt{withHeader("Sec-Fetch-Site", "cross-site"), withHeader("Origin", "https://evil.example")}, `Sec-Fetch-Site "cross-site"`},
				{"SameSiteOtherPort", []reqOpt{withHeader("Sec-Fetch-Site", "same-site"), withHeader("Origin", "http://127.0.0.1:1")}, `Sec-Fetch-Site "same-site"`},
				{"SandboxedPage", []reqOpt{withHeader("Sec-Fetch-Site", "cross-site"), withHeader("Origin", "null")}, `Origin "null"`},
				{"OldBrowserOtherOrigin", []reqOpt{withHeader("Origin", "https://evil.example")}, `Origin "https://evil.example"`},
				{"OtherScheme", []reqOpt{withHeader("Origin", "https://"+strings.TrimPrefix(b.server.URL, "http://"))}, "is not this service's own"},
				{"SameOriginClaimWithForeignOrigin", []reqOpt{withHeader("Sec-Fetch-Site", "same-origin"), withHeader("Origin", "https://evil.example")}, `Origin "https://evil.example"`},
			} {
				for _, a := range attacks(jobID) {
					status, body := send(t, b, a, append(who.headers, auth.creds...)...)
					if status != http.StatusForbidden {
						t.Errorf("%s: %s %s: %d %s, want 403", who.name, a.method, a.path, status, body)
						continue
					}
					if msg := jsonError(t, body); !strings.Contains(msg, "cross-origin request refused") || !strings.Contains(msg, who.mention) {
						t.Errorf("%s: %s %s: error %q does not say why (want %q)", who.name, a.method, a.path, msg, who.mention)
					}
				}
			}
			if after := guardState(t, b.pool); after != before {
				t.Fatalf("cross-origin requests changed state: %s → %s", before, after)
			}

			// The dashboard's own requests and API clients (no Origin, no
			// Sec-Fetch-Site) still act.
			own := []reqOpt{withHeader("Sec-Fetch-Site", "same-origin"), withHeader("Origin", b.server.URL)}
			status, body, _ := b.do(t, "POST", "/api/v1/policies/pastes/pause", append(own, auth.creds...)...)
			if status != http.StatusOK {
				t.Errorf("the dashboard's own pause: %d %s, want 200", status, body)
			}
			client := auth.creds
			if auth.withAuth {
				client = []reqOpt{bearer(testToken)}
			}
			status, body, _ = b.do(t, "POST", "/api/v1/runs/delete", append([]reqOpt{withBody(`{"run_ids":["r1"]}`)}, client...)...)
			if status != http.StatusAccepted {
				t.Errorf("an API client's batch delete: %d %s, want 202", status, body)
			}
			status, body, _ = b.do(t, "POST", "/riverui/api/jobs/delete", append([]reqOpt{withBody(`{"ids":["` + strconv.FormatInt(jobID, 10) + `"]}`)}, client...)...)
			if status != http.StatusOK {
				t.Errorf("an API client's River UI job delete: %d %s, want 200", status, body)
			}
			if state, _ := db.GetPolicyState(t.Context(), b.pool, "pastes"); !state.Paused {
				t.Error("the same-origin pause did not pause")
			}
		})
	}

	t.Run("AllowedOrigins", func(t *testing.T) {
		t.Parallel()
		b, _ := setup(t, true, func(h *config.HTTP) {
			h.AllowedOrigins = []string{"https://Lethe.Example.com:443", "https://portal.example.com"}
		})
		for _, tc := range []struct {
			name    string
			headers []reqOpt
			status  int
		}{
			// A TLS proxy: the browser sees https://lethe.example.com, Lethe
			// a plain request to its own address.
			{"ProxiedDashboard", []reqOpt{withHeader("Sec-Fetch-Site", "same-origin"), withHeader("Origin", "https://lethe.example.com")}, 200},
			{"ProxiedOldBrowser", []reqOpt{withHeader("Origin", "https://lethe.example.com")}, 200},
			{"TrustedPortal", []reqOpt{withHeader("Sec-Fetch-Site", "cross-site"), withHeader("Origin", "https://portal.example.com")}, 200},
			{"OtherPortal", []reqOpt{withHeader("Sec-Fetch-Site", "cross-site"), withHeader("Origin", "https://other.example.com")}, 403},
			{"PlainHTTPOfTheProxy", []reqOpt{withHeader("Origin", "http://lethe.example.com")}, 403},
		} {
			status, body, _ := b.do(t, "POST", "/api/v1/policies/pastes/resume", append(tc.headers, bearer(testToken))...)
			if status != tc.status {
				t.Errorf("%s: %d %s, want %d", tc.name, status, body, tc.status)
			}
		}
	})

	t.Run("ReadsFromAnywhere", func(t *testing.T) {
		t.Parallel()
		b, _ := setup(t, false)
		// A cross-site GET changes nothing; browsers keep its answer from
		// the other page (no CORS), and the dashboard's links must work.
		status, body, _ := b.do(t, "GET", "/api/v1/overview", withHeader("Sec-Fetch-Site", "cross-site"), withHeader("Origin", "https://evil.example"))
		if status != http.StatusOK {
			t.Errorf("cross-site GET: %d %s", status, body)
		}
	})
}

func TestStrictBodies(t *testing.T) {
	t.Parallel()
	b := setupAPI(t, false)
	if err := db.UpsertRun(t.Context(), db.Timeouts{}.Pool(b.pool), "r1", "run r1"); err != nil {
		t.Fatal(err)
	}
	before := guardState(t, b.pool)
	for _, tc := range []struct {
		name, path, body, contentType string
		status                        int
		mention                       string
	}{
		{"TextPlain", "/api/v1/runs/delete", `{"run_ids":["r1"]}`, "text/plain", 415, `Content-Type must be application/json, got "text/plain"`},
		{"Form", "/api/v1/runs/delete", `run_ids=r1`, "application/x-www-form-urlencoded", 415, "Content-Type must be application/json"},
		{"NoContentType", "/api/v1/runs/delete", `{"run_ids":["r1"]}`, "", 415, `got ""`},
		{"EntitiesTextPlain", "/api/v1/entities/run/delete", `{"keys":["r1"]}`, "text/plain;charset=UTF-8", 415, "Content-Type must be application/json"},
		{"TrailingEquals", "/api/v1/runs/delete", `{"run_ids":["r1"]}=`, "application/json", 400, "malformed body"},
		{"TwoValues", "/api/v1/runs/delete", `{"run_ids":["r1"]}{"run_ids":["r1"]}`, "application/json", 400, "more than one JSON value"},
		{"TrailingGarbage", "/api/v1/entities/run/delete", `{"keys":["r1"]} x`, "application/json", 400, "malformed body"},
		{"UnknownField", "/api/v1/runs/delete", `{"run_ids":["r1"],"pad":"="}`, "application/json", 400, `unknown field "pad"`},
		{"EntitiesUnknownField", "/api/v1/entities/run/delete", `{"keys":["r1"],"run_ids":[]}`, "application/json", 400, `unknown field "run_ids"`},
		{"Empty", "/api/v1/runs/delete", ``, "application/json", 400, "malformed body"},
	} {
		opts := []reqOpt{withBody(tc.body), withHeader("Content-Type", tc.contentType)}
		if tc.contentType == "" {
			opts = append(opts, func(r *http.Request) { r.Header.Del("Content-Type") })
		}
		status, body, _ := b.do(t, "POST", tc.path, opts...)
		if status != tc.status {
			t.Errorf("%s: %d %s, want %d", tc.name, status, body, tc.status)
			continue
		}
		if msg := jsonError(t, body); !strings.Contains(msg, tc.mention) {
			t.Errorf("%s: error %q does not mention %q", tc.name, msg, tc.mention)
		}
	}
	if after := guardState(t, b.pool); after != before {
		t.Fatalf("refused bodies changed state: %s → %s", before, after)
	}
	// A charset parameter and trailing white space are fine.
	status, body, _ := b.do(t, "POST", "/api/v1/runs/delete", withBody("{\"run_ids\":[\"r1\"]}\n  "), withHeader("Content-Type", "application/json; charset=utf-8"))
	if status != http.StatusAccepted {
		t.Errorf("JSON with charset and a trailing newline: %d %s, want 202", status, body)
	}
}

func TestHostCheck(t *testing.T) {
	t.Parallel()
	cfg := testConfig(t, true)
	cfg.HTTP.AllowedHosts = []string{"lethe.example.com", "lethe.internal:8443"}
	b := setupAPIFor(t, cfg)
	before := guardState(t, b.pool)

	for _, tc := range []struct {
		method, path, host string
		status             int
	}{
		// DNS rebinding: the attacker's name resolves to Lethe.
		{"POST", "/api/v1/policies/pastes/pause", "rebind.attacker.example", 421},
		{"POST", "/api/v1/policies/pastes/pause", "rebind.attacker.example:" + port(b), 421},
		{"GET", "/api/v1/overview", "rebind.attacker.example", 421},
		{"GET", "/", "rebind.attacker.example", 421},
		{"GET", "/riverui/api/jobs?state=available", "rebind.attacker.example", 421},
		{"POST", "/riverui/api/jobs/delete", "rebind.attacker.example", 421},
		{"GET", "/api/v1/overview", "lethe.internal:8080", 421},
		{"GET", "/api/v1/overview", "10.1.2.3:8080", 421},
		{"GET", "/api/v1/overview", "lethe.example.com.evil.example", 421},
		{"POST", "/metrics", "rebind.attacker.example", 421},
		// What the service answers to.
		{"GET", "/api/v1/overview", "127.0.0.1:" + port(b), 200},
		{"GET", "/api/v1/overview", "localhost:9999", 200},
		{"GET", "/api/v1/overview", "[::1]:8080", 200},
		{"GET", "/api/v1/overview", "LETHE.example.com", 200},
		{"GET", "/api/v1/overview", "lethe.example.com:443", 200},
		{"GET", "/api/v1/overview", "lethe.internal:8443", 200},
		// Probes and Prometheus answer whatever the Host.
		{"GET", "/healthz", "10.1.2.3:8080", 200},
		{"GET", "/readyz", "lethe-svc.monitoring:8080", 200},
		{"GET", "/metrics", "10.1.2.3:8080", 200},
	} {
		status, body, header := b.do(t, tc.method, tc.path, bearer(testToken), func(r *http.Request) { r.Host = tc.host })
		if status != tc.status {
			t.Errorf("%s %s with Host %s: %d %.200s, want %d", tc.method, tc.path, tc.host, status, body, tc.status)
			continue
		}
		if status == http.StatusMisdirectedRequest {
			if msg := jsonError(t, body); !strings.Contains(msg, "http.allowed_hosts") || !strings.Contains(msg, strconv.Quote(tc.host)) {
				t.Errorf("Host %s: error %q does not name the host and http.allowed_hosts", tc.host, msg)
			}
			if header.Get("X-Frame-Options") != "DENY" {
				t.Errorf("Host %s: refusal lacks the security headers", tc.host)
			}
		}
	}
	if after := guardState(t, b.pool); after != before {
		t.Fatalf("requests to foreign hosts changed state: %s → %s", before, after)
	}

	t.Run("ListenHost", func(t *testing.T) {
		t.Parallel()
		cfg := testConfig(t, true)
		cfg.HTTP.Listen = "lethe.internal:8080"
		cfg.HTTP.Token = strings.Repeat("t", config.MinSecretLen)
		b := setupAPIFor(t, cfg)
		status, body, _ := b.do(t, "GET", "/api/v1/overview", bearer(cfg.HTTP.Token), func(r *http.Request) { r.Host = "lethe.internal:8080" })
		if status != http.StatusOK {
			t.Errorf("Host of the listen address: %d %s", status, body)
		}
	})
}

func port(b *apiBundle) string { return b.server.URL[strings.LastIndex(b.server.URL, ":")+1:] }

func TestSecurityHeaders(t *testing.T) {
	t.Parallel()
	b := setupAPI(t, true)
	for _, tc := range []struct {
		path   string
		status int
		csp    string // a directive the page's policy has
	}{
		{"/", 200, "default-src 'self'"},
		{"/static/app.js", 200, "default-src 'self'"},
		{"/api/v1/overview", 200, "default-src 'none'"},
		{"/api/v1/nope", 404, "default-src 'none'"},
		{"/riverui/", 200, "style-src 'self' 'unsafe-inline'"},
		{"/riverui/api/states", 200, "default-src 'self'"},
		{"/healthz", 200, "default-src 'none'"},
		{"/metrics", 200, "default-src 'none'"},
		{"/nope", 404, "default-src 'self'"},
	} {
		for _, creds := range [][]reqOpt{{bearer(testToken)}, nil} {
			status, body, h := b.do(t, "GET", tc.path, creds...)
			if creds != nil && status != tc.status {
				t.Errorf("GET %s: %d %.100s, want %d", tc.path, status, body, tc.status)
			}
			csp := h.Get("Content-Security-Policy")
			if !strings.Contains(csp, "frame-ancestors 'none'") || !strings.Contains(csp, tc.csp) {
				t.Errorf("GET %s (%d): Content-Security-Policy %q, want frame-ancestors 'none' and %s", tc.path, status, csp, tc.csp)
			}
			for name, want := range map[string]string{
				"X-Content-Type-Options": "nosniff",
				"X-Frame-Options":        "DENY",
				"Referrer-Policy":        "no-referrer",
			} {
				if got := h.Values(name); len(got) != 1 || got[0] != want {
					t.Errorf("GET %s (%d): %s = %q, want %q", tc.path, status, name, got, want)
				}
			}
		}
	}
}

func TestBodyLimit(t *testing.T) {
	t.Parallel()
	b := setupAPI(t, true)
	jobID := insertVictim(t, b.pool)
	big := `{"ids":["` + strconv.FormatInt(jobID, 10) + `"],"pad":"` + strings.Repeat("x", 2<<20) + `"}`
	for name, opt := range map[string]reqOpt{
		"ContentLength": withBody(big),
		// No Content-Length: the limit must hold while reading.
		"Chunked": func(r *http.Request) {
			r.Body = io.NopCloser(strings.NewReader(big))
			r.ContentLength = -1
			r.Header.Set("Content-Type", "application/json")
		},
	} {
		for _, path := range []string{"/riverui/api/jobs/delete", "/api/v1/runs/delete", "/api/v1/entities/run/delete", "/api/v1/policies/pastes/pause"} {
			if path == "/api/v1/policies/pastes/pause" && name == "Chunked" {
				continue // a route that reads no body answers before the limit is reached
			}
			status, body, _ := b.do(t, "POST", path, opt, bearer(testToken))
			if status != http.StatusRequestEntityTooLarge {
				t.Errorf("%s: POST %s with a 2 MiB body: %d %.200s, want 413", name, path, status, body)
			}
		}
	}
	var jobs int
	if err := b.pool.QueryRow(t.Context(), `SELECT count(*) FROM lethe.river_job WHERE id = $1`, jobID).Scan(&jobs); err != nil || jobs != 1 {
		t.Errorf("the job is gone after refused deletes (%d, %v)", jobs, err)
	}
}

func TestCleanPathsAndQueries(t *testing.T) {
	t.Parallel()
	b := setupAPI(t, false)
	for _, path := range []string{
		"/api/v1/tombstones?after=%00",
		"/api/v1/tombstones?after=a%00b",
		"/api/v1/tombstones?after=%ff",
		"/api/v1/tombstones?entity=%c3%28",
		"/api/v1/tombstones?%00=x",
		"/api/v1/tombstones?after=%zz",
		"/api/v1/audit?policy=%00",
		"/api/v1/throughput?policy=%ff",
		"/api/v1/runs/r%00",
		"/api/v1/runs/%ff",
		"/api/v1/entities/run/r%00/preview",
		"/api/v1/entities/%ff",
		"/riverui/api/jobs?state=available&kinds=%00",
	} {
		status, body, _ := b.do(t, "GET", path)
		if status != http.StatusBadRequest {
			t.Errorf("GET %s: %d %.200s, want 400", path, status, body)
			continue
		}
		if msg := jsonError(t, body); !strings.Contains(msg, "invalid UTF-8 or NUL") && !strings.Contains(msg, "malformed query") {
			t.Errorf("GET %s: error %q does not say what is wrong", path, msg)
		}
	}
	for _, method := range []string{"DELETE", "POST"} {
		path := map[string]string{"DELETE": "/api/v1/entities/run/r%00", "POST": "/api/v1/runs/%ff/clear-tombstone"}[method]
		if status, body, _ := b.do(t, method, path); status != http.StatusBadRequest {
			t.Errorf("%s %s: %d %s, want 400", method, path, status, body)
		}
	}
	// Text that is merely unusual still reaches the route.
	if status, body, _ := b.do(t, "GET", "/api/v1/tombstones?after=%C3%A9t%C3%A9"); status != http.StatusOK {
		t.Errorf("after=été: %d %s, want 200", status, body)
	}
}

func TestMetricsLabelsFromConfig(t *testing.T) {
	t.Parallel()
	b := setupAPI(t, false)
	// Tombstones of entities the configuration does not declare, as rows
	// left by an older configuration or written by hand would be.
	mustExec(t, b.pool, `INSERT INTO lethe_tombstones (entity, key, deleted_at)
		SELECT 'ghost_' || g, 'k', now() - make_interval(hours => g) FROM generate_series(1, 200) g`)
	mustExec(t, b.pool, `INSERT INTO lethe_tombstones (entity, key) VALUES ('run', 'r1')`)
	b.metrics.JobOutcomes.WithLabelValues("someone_elses.kind", "job_failed").Inc()

	status, body, _ := b.do(t, "GET", "/metrics")
	if status != http.StatusOK {
		t.Fatalf("GET /metrics: %d", status)
	}
	text := string(body)
	for _, want := range []string{
		`lethe_tombstones{entity="run"} 1`,
		`lethe_tombstones{entity="` + metrics.OtherLabel + `"} 200`,
		`lethe_tombstones_unpurged{entity="` + metrics.OtherLabel + `"} 200`,
		`lethe_tombstone_oldest_age_seconds{entity="` + metrics.OtherLabel + `"} 72000`, // 200 hours
		`lethe_river_jobs_total{kind="` + metrics.OtherLabel + `",outcome="job_failed"} 1`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
	for _, leak := range []string{"ghost_", "someone_elses"} {
		if strings.Contains(text, leak) {
			t.Errorf("/metrics has a label value from the database: %s", leak)
		}
	}
	if n := strings.Count(text, "\nlethe_tombstones{"); n != 2 {
		t.Errorf("lethe_tombstones has %d series, want 2 (run and %s)", n, metrics.OtherLabel)
	}
}
