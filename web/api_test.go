package web_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertype"

	"github.com/lethehq/lethe/blob"
	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/internal/metrics"
	"github.com/lethehq/lethe/internal/testenv"
	"github.com/lethehq/lethe/jobs"
	"github.com/lethehq/lethe/web"
)

const (
	testToken    = "s3cret-token"
	testUser     = "operator"
	testPassword = "hunter2-but-longer"
)

// testConfig has one policy of each kind on the example schemas.
func testConfig(t testing.TB, withAuth bool) *config.Config {
	t.Helper()
	auth := ""
	if withAuth {
		auth = fmt.Sprintf("\n  token: %s\n  username: %s\n  password: %s", testToken, testUser, testPassword)
	}
	cfg, err := config.Parse([]byte(`
database: {url: "postgres://unused"}
blob: {kind: local, local: {dir: `+t.TempDir()+`}}
http:
  listen: 127.0.0.1:0`+auth+`
migrate_on_start: false
policies:
  - {name: pastes, kind: expire, table: pastes, blob_key_column: blob_key, schedule: "@every 1h", stuck_after: 2h}
  - {name: idempotency, kind: sweep, table: lineage_event_idempotency, key_column: idempotency_key, schedule: "@every 1h"}
  - {name: runs, kind: tombstone, entity: run, schedule: "@daily"}
`), nil)
	if err != nil {
		t.Fatalf("parse test config: %v", err)
	}
	return cfg
}

type apiBundle struct {
	pool    *pgxpool.Pool
	blobs   blob.Store
	metrics *metrics.Metrics
	server  *httptest.Server
	web     *web.Server
	runNow  []string // policies RunNow was called for
	// logs holds what the server logged.
	logs *logBuffer

	mu       sync.Mutex
	answered []answered // every request the server answered
}

// answered is one request the server answered.
type answered struct {
	method, path string
	status       int
	// authorization says whether the request carried credentials.
	authorization bool
}

// answers returns the requests answered so far.
func (b *apiBundle) answers() []answered {
	b.mu.Lock()
	defer b.mu.Unlock()
	return slices.Clone(b.answered)
}

// record notes every request h answers.
func (b *apiBundle) record(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sw := &statusWriter{ResponseWriter: w, status: http.StatusOK}
		h.ServeHTTP(sw, r)
		b.mu.Lock()
		defer b.mu.Unlock()
		b.answered = append(b.answered, answered{r.Method, r.URL.Path, sw.status, r.Header.Get("Authorization") != ""})
	})
}

type statusWriter struct {
	http.ResponseWriter
	status  int
	written bool
}

func (w *statusWriter) WriteHeader(status int) {
	if !w.written {
		w.status, w.written = status, true
	}
	w.ResponseWriter.WriteHeader(status)
}

func (w *statusWriter) Write(p []byte) (int, error) {
	w.written = true
	return w.ResponseWriter.Write(p)
}

func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// setupAPI serves web.New on a fresh database. RunNow inserts nothing: it
// records the call and answers like the service (ErrNothingToRun for the
// sweep policy, whose worker this test does not have).
func setupAPI(t *testing.T, withAuth bool) *apiBundle {
	t.Helper()
	return setupAPIFor(t, testConfig(t, withAuth))
}

func setupAPIFor(t testing.TB, cfg *config.Config) *apiBundle {
	t.Helper()
	return setupAPIOn(t, cfg, testenv.MigratedPool(t))
}

// setupAPIOn serves web.New on pool's database, with a local blob store of
// the test's own.
func setupAPIOn(t testing.TB, cfg *config.Config, pool *pgxpool.Pool) *apiBundle {
	t.Helper()
	ctx := context.Background()
	blobs, err := blob.NewLocal(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	b := &apiBundle{pool: pool, blobs: blobs, metrics: metrics.New(), logs: &logBuffer{}}
	client, err := river.NewClient(riverpgxv5.New(b.pool), &river.Config{Schema: cfg.River.Schema})
	if err != nil {
		t.Fatal(err)
	}
	srv, err := web.New(web.Options{
		Config: cfg, Pool: b.pool, River: client, Metrics: b.metrics, Blobs: b.blobs,
		Logger: slog.New(slog.NewTextHandler(b.logs, nil)),
		RunNow: func(ctx context.Context, policy string) ([]int64, error) {
			b.runNow = append(b.runNow, policy)
			if policy == "idempotency" {
				return nil, fmt.Errorf("policy %s has %w", policy, web.ErrNothingToRun)
			}
			return []int64{42}, nil
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	startCtx, cancel := context.WithCancel(ctx)
	t.Cleanup(cancel)
	if err := srv.Start(startCtx); err != nil {
		t.Fatal(err)
	}
	b.web = srv
	b.server = httptest.NewServer(b.record(srv))
	t.Cleanup(b.server.Close)
	return b
}

// logBuffer keeps log lines written from any goroutine.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

// String returns everything logged so far.
func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

type reqOpt func(*http.Request)

func bearer(token string) reqOpt {
	return func(r *http.Request) { r.Header.Set("Authorization", "Bearer "+token) }
}

func basic(user, pass string) reqOpt { return func(r *http.Request) { r.SetBasicAuth(user, pass) } }

// withBody sends body as JSON, as API clients do.
func withBody(body string) reqOpt {
	return func(r *http.Request) {
		r.Body = io.NopCloser(strings.NewReader(body))
		r.ContentLength = int64(len(body))
		r.Header.Set("Content-Type", "application/json")
	}
}

// withHeader sets a header (after withBody, it overrides its Content-Type).
func withHeader(name, value string) reqOpt {
	return func(r *http.Request) { r.Header.Set(name, value) }
}

func (b *apiBundle) do(t *testing.T, method, path string, opts ...reqOpt) (int, []byte, http.Header) {
	t.Helper()
	req, err := http.NewRequest(method, b.server.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range opts {
		o(req)
	}
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := client.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res.StatusCode, body, res.Header
}

// jsonError decodes {"error": ...}, failing when the body is anything else.
func jsonError(t *testing.T, body []byte) string {
	t.Helper()
	var e struct {
		Error string `json:"error"`
	}
	if err := json.Unmarshal(body, &e); err != nil || e.Error == "" {
		t.Fatalf("want a JSON error body, got %q", body)
	}
	return e.Error
}

func mustExec(t *testing.T, pool *pgxpool.Pool, sql string, args ...any) {
	t.Helper()
	if _, err := pool.Exec(context.Background(), sql, args...); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
}

func TestAuth(t *testing.T) {
	t.Parallel()
	cfg := testConfig(t, true)
	cfg.HTTP.FailedLoginsPerMinute = 1000 // every route is tried with wrong credentials
	b := setupAPIFor(t, cfg)
	mustExec(t, b.pool, `INSERT INTO lethe_tombstones (entity, key) VALUES ('run', 'r1')`)
	if err := db.UpsertRun(t.Context(), db.Timeouts{}.Pool(b.pool), "r2", "run r2"); err != nil {
		t.Fatal(err)
	}

	protected := []struct{ method, path string }{
		// Mutating routes.
		{"POST", "/api/v1/policies/pastes/run"},
		{"POST", "/api/v1/policies/pastes/pause"},
		{"POST", "/api/v1/policies/pastes/resume"},
		{"POST", "/api/v1/runs/r1/clear-tombstone/"},
		{"DELETE", "/api/v1/entities/run/r2"},
		{"POST", "/api/v1/entities/run/r1/clear-tombstone"},
		// River UI: page, assets, its API (reads and actions).
		{"GET", "/riverui/"},
		{"GET", "/riverui/jobs/"},
		{"GET", "/riverui/api/jobs?state=available"},
		{"GET", "/riverui/api/states"},
		{"GET", "/riverui/api/queues"},
		{"POST", "/riverui/api/jobs/cancel"},
		// Dashboard and reads.
		{"GET", "/"},
		{"GET", "/static/app.js"},
		{"GET", "/api/v1/overview"},
		{"GET", "/api/v1/policies"},
		{"GET", "/api/v1/policies/pastes"},
		{"GET", "/api/v1/audit"},
		{"GET", "/api/v1/throughput"},
		{"GET", "/api/v1/runs/r2"},
		{"GET", "/api/v1/tombstones"},
		{"GET", "/api/v1/entities"},
		{"GET", "/api/v1/entities/run"},
		{"GET", "/api/v1/entities/run/r2/preview"},
	}
	// Sequential: the first subtest checks that nothing changed.
	t.Run("RejectsMissingOrWrongCredentials", func(t *testing.T) {
		for _, r := range protected {
			for name, opts := range map[string][]reqOpt{
				"none":          nil,
				"wrong token":   {bearer("nope")},
				"wrong basic":   {basic(testUser, "nope")},
				"token as user": {basic(testToken, "")},
			} {
				status, body, header := b.do(t, r.method, r.path, opts...)
				if status != http.StatusUnauthorized {
					t.Errorf("%s %s with %s credentials: status %d, want 401", r.method, r.path, name, status)
					continue
				}
				if !strings.Contains(jsonError(t, body), "authentication required") {
					t.Errorf("%s %s: error %q does not say authentication is required", r.method, r.path, body)
				}
				if !strings.HasPrefix(header.Get("WWW-Authenticate"), "Basic") {
					t.Errorf("%s %s: no WWW-Authenticate challenge, browsers cannot prompt", r.method, r.path)
				}
			}
		}
		// Nothing changed.
		state, err := db.GetPolicyState(context.Background(), b.pool, "pastes")
		if err != nil || state.Paused {
			t.Errorf("pastes paused by unauthenticated requests: %+v %v", state, err)
		}
		var n, jobs int
		_ = b.pool.QueryRow(context.Background(), `SELECT (SELECT count(*) FROM lethe_tombstones), (SELECT count(*) FROM lethe.river_job)`).Scan(&n, &jobs)
		if n != 1 || jobs != 0 || len(b.runNow) != 0 {
			t.Errorf("unauthenticated requests acted: tombstones %d, jobs %d, run-now calls %v", n, jobs, b.runNow)
		}
	})

	t.Run("AcceptsTokenAndBasic", func(t *testing.T) {
		for _, r := range protected {
			if r.method == "POST" && strings.HasPrefix(r.path, "/riverui/") {
				continue // needs a body; auth is proven by the GETs
			}
			for name, opts := range map[string][]reqOpt{
				"bearer":         {bearer(testToken)},
				"basic":          {basic(testUser, testPassword)},
				"token password": {basic("anyone", testToken)},
			} {
				status, body, _ := b.do(t, r.method, r.path, opts...)
				if status >= 300 {
					t.Errorf("%s %s with %s: status %d: %s", r.method, r.path, name, status, body)
				}
			}
		}
	})

	t.Run("MetricsAuthOption", func(t *testing.T) {
		cfg := testConfig(t, true)
		cfg.HTTP.MetricsAuth = true
		b := setupAPIFor(t, cfg)
		if status, _, _ := b.do(t, "GET", "/metrics"); status != http.StatusUnauthorized {
			t.Errorf("GET /metrics without credentials with metrics_auth: %d, want 401", status)
		}
		if status, _, _ := b.do(t, "GET", "/metrics", bearer(testToken)); status != http.StatusOK {
			t.Errorf("GET /metrics with the token: %d, want 200", status)
		}
		if status, _, _ := b.do(t, "GET", "/healthz"); status != http.StatusOK {
			t.Errorf("GET /healthz: %d, want 200 (probes stay open)", status)
		}
	})

	t.Run("ProbesAndMetricsOpen", func(t *testing.T) {
		for _, path := range []string{"/healthz", "/readyz", "/metrics"} {
			if status, body, _ := b.do(t, "GET", path); status != http.StatusOK {
				t.Errorf("GET %s without credentials: %d %s", path, status, body)
			}
		}
	})
}

func TestAPI(t *testing.T) {
	t.Parallel()
	ctx := context.Background()

	t.Run("Errors", func(t *testing.T) {
		t.Parallel()
		b := setupAPI(t, false)
		for _, tc := range []struct {
			method, path string
			status       int
			mention      string
		}{
			{"GET", "/api/v1/policies/nope", 404, `unknown policy "nope"`},
			{"POST", "/api/v1/policies/nope/run", 404, `unknown policy "nope"`},
			{"POST", "/api/v1/policies/nope/pause", 404, `unknown policy "nope"`},
			{"GET", "/api/v1/audit?limit=abc", 400, "limit"},
			{"GET", "/api/v1/audit?limit=0", 400, "limit"},
			{"GET", "/api/v1/audit?policy=nope", 400, `policy: unknown policy "nope"`},
			{"GET", "/api/v1/throughput?window=2w", 400, "window"},
			{"GET", "/api/v1/throughput?policy=nope", 404, "nope"},
			{"DELETE", "/api/v1/overview", 405, "method not allowed"},
			{"GET", "/api/v1/policies/pastes/run", 405, "POST"},
			{"GET", "/api/v1/nope", 404, "not found"},
			{"POST", "/api/v1/policies/idempotency/run", 409, "no job to run"},
		} {
			status, body, header := b.do(t, tc.method, tc.path)
			if status != tc.status {
				t.Errorf("%s %s: status %d, want %d (%s)", tc.method, tc.path, status, tc.status, body)
				continue
			}
			if ct := header.Get("Content-Type"); ct != "application/json" {
				t.Errorf("%s %s: Content-Type %q, want application/json", tc.method, tc.path, ct)
			}
			if msg := jsonError(t, body); !strings.Contains(msg, tc.mention) {
				t.Errorf("%s %s: error %q does not mention %q", tc.method, tc.path, msg, tc.mention)
			}
		}
	})

	t.Run("PauseResumeAndRun", func(t *testing.T) {
		t.Parallel()
		b := setupAPI(t, false)
		if status, body, _ := b.do(t, "POST", "/api/v1/policies/pastes/pause"); status != 200 {
			t.Fatalf("pause: %d %s", status, body)
		}
		if state, _ := db.GetPolicyState(ctx, b.pool, "pastes"); !state.Paused {
			t.Fatal("pause did not pause")
		}
		status, body, _ := b.do(t, "POST", "/api/v1/policies/pastes/run")
		if status != http.StatusConflict || !strings.Contains(jsonError(t, body), "paused") {
			t.Errorf("run while paused: %d %s, want 409 naming the pause", status, body)
		}
		if status, body, _ := b.do(t, "POST", "/api/v1/policies/pastes/resume"); status != 200 {
			t.Fatalf("resume: %d %s", status, body)
		}
		status, body, _ = b.do(t, "POST", "/api/v1/policies/pastes/run")
		if status != http.StatusAccepted || !strings.Contains(string(body), `"job_ids":[42]`) {
			t.Errorf("run: %d %s", status, body)
		}
		var ov web.Overview
		_, body, _ = b.do(t, "GET", "/api/v1/overview")
		if err := json.Unmarshal(body, &ov); err != nil {
			t.Fatal(err)
		}
		if ov.Policies[0].Paused {
			t.Error("overview still shows pastes paused after resume")
		}
	})

	// Errors and audit entries naming a job link to it in River UI only
	// while River has it: the others say the job is gone.
	t.Run("ErrorJobStates", func(t *testing.T) {
		t.Parallel()
		b := setupAPI(t, false)
		client, err := river.NewClient(riverpgxv5.New(b.pool), &river.Config{Schema: config.DefaultRiverSchema})
		if err != nil {
			t.Fatal(err)
		}
		res, err := client.Insert(ctx, jobs.DeleteEntity{Entity: jobs.EntityRun, Key: "r1"}, nil)
		if err != nil {
			t.Fatal(err)
		}
		live, gone := res.Job.ID, res.Job.ID+1000
		mustExec(t, b.pool, `INSERT INTO lethe_deletion_audit (policy, action, job_id, started_at, finished_at, outcome, error) VALUES
			('pastes', 'expire_batch', $1, now(), now(), 'error', 'blob store unreachable'),
			('idempotency', 'sweep', $2, now(), now(), 'error', 'statement timeout')`, live, gone)
		wantStates := map[string]string{"pastes": string(rivertype.JobStateAvailable), "idempotency": db.JobStateGone}

		status, body, _ := b.do(t, "GET", "/api/v1/overview")
		if status != 200 {
			t.Fatalf("GET overview: %d %s", status, body)
		}
		var ov web.Overview
		if err := json.Unmarshal(body, &ov); err != nil {
			t.Fatal(err)
		}
		for _, p := range ov.Policies {
			want, ok := wantStates[p.Name]
			if !ok {
				continue
			}
			if len(p.Errors) != 1 || p.Errors[0].JobState != want {
				t.Errorf("overview: policy %s errors %+v, want one with job_state %s", p.Name, p.Errors, want)
			}
		}

		status, body, _ = b.do(t, "GET", "/api/v1/policies/idempotency")
		if status != 200 {
			t.Fatalf("GET policy: %d %s", status, body)
		}
		var got struct {
			Policy web.PolicyStats `json:"policy"`
		}
		if err := json.Unmarshal(body, &got); err != nil {
			t.Fatal(err)
		}
		if e := got.Policy.Errors; len(e) != 1 || e[0].JobState != db.JobStateGone {
			t.Errorf("GET policy: errors %+v, want one with job_state gone", e)
		}

		status, body, _ = b.do(t, "GET", "/api/v1/audit?outcome=error")
		if status != 200 {
			t.Fatalf("GET audit: %d %s", status, body)
		}
		var audit struct {
			Audit []db.AuditEntry `json:"audit"`
		}
		if err := json.Unmarshal(body, &audit); err != nil {
			t.Fatal(err)
		}
		if len(audit.Audit) != 2 {
			t.Fatalf("GET audit: %d entries, want 2: %s", len(audit.Audit), body)
		}
		for _, e := range audit.Audit {
			if want := wantStates[e.Policy]; e.JobState != want {
				t.Errorf("GET audit: %s entry job_state %q, want %q", e.Policy, e.JobState, want)
			}
		}
	})

	t.Run("OverviewCounts", func(t *testing.T) {
		t.Parallel()
		b := setupAPI(t, false)
		// 3 expired unclaimed, 2 claimed (1 of them for 3h: stuck), 4 not yet expired.
		mustExec(t, b.pool, `INSERT INTO pastes (expires_at) SELECT now() - interval '1 minute' FROM generate_series(1, 3)`)
		mustExec(t, b.pool, `INSERT INTO pastes (expires_at) SELECT now() + interval '1 hour' FROM generate_series(1, 4)`)
		mustExec(t, b.pool, `INSERT INTO pastes (expires_at, deletion_status, deletion_initiated_at) VALUES
			(now() - interval '4 hours', 'DELETION_IN_PROGRESS', now() - interval '3 hours'),
			(now() - interval '1 minute', 'DELETION_IN_PROGRESS', now())`)
		mustExec(t, b.pool, `INSERT INTO lineage_event_idempotency (idempotency_key, event_hash, expires_at)
			SELECT 'k' || g, 'h', now() - interval '1 hour' FROM generate_series(1, 5) g`)
		mustExec(t, b.pool, `INSERT INTO lethe_tombstones (entity, key, deleted_at, purged_at) VALUES
			('run', 'old', now() - interval '2 days', now()), ('run', 'new', now(), NULL)`)
		mustExec(t, b.pool, `INSERT INTO lethe_deletion_audit (policy, action, rows_deleted, blobs_deleted, started_at, finished_at, outcome, error) VALUES
			('pastes', 'expire_batch', 100, 90, now() - interval '10 minutes', now() - interval '10 minutes', 'ok', NULL),
			('pastes', 'expire_batch', 1000, 1000, now() - interval '5 hours', now() - interval '5 hours', 'ok', NULL),
			('pastes', 'expire_batch', 0, 0, now() - interval '2 minutes', now() - interval '2 minutes', 'error', 'blob store unreachable'),
			('pastes', 'expire_batch', 7, 7, now() - interval '3 days', now() - interval '3 days', 'ok', NULL)`)

		status, body, _ := b.do(t, "GET", "/api/v1/policies/pastes")
		if status != 200 {
			t.Fatalf("GET policy: %d %s", status, body)
		}
		var got struct {
			Policy web.PolicyStats `json:"policy"`
			Audit  []db.AuditEntry `json:"audit"`
		}
		if err := json.Unmarshal(body, &got); err != nil {
			t.Fatal(err)
		}
		p := got.Policy
		if *p.Backlog != 3 || *p.InProgress != 2 || *p.Stuck != 1 {
			t.Errorf("backlog/in progress/stuck = %d/%d/%d, want 3/2/1", *p.Backlog, *p.InProgress, *p.Stuck)
		}
		if p.Deleted.RowsLastHour != 100 || p.Deleted.BlobsLastHour != 90 || p.Deleted.RowsLastDay != 1100 || p.Deleted.ErrorsLastDay != 1 {
			t.Errorf("deleted = %+v, want 100 rows/90 blobs in the hour, 1100 rows and 1 error in the day", p.Deleted)
		}
		if len(p.Errors) != 1 || p.Errors[0].Message != "blob store unreachable" {
			t.Errorf("errors = %+v", p.Errors)
		}
		if p.NextRunAt == nil || !p.NextRunAt.After(time.Now()) {
			t.Errorf("next run %v is not in the future", p.NextRunAt)
		}
		if len(got.Audit) != 4 {
			t.Errorf("audit has %d entries, want 4", len(got.Audit))
		}

		var ov web.Overview
		_, body, _ = b.do(t, "GET", "/api/v1/overview")
		if err := json.Unmarshal(body, &ov); err != nil {
			t.Fatal(err)
		}
		if sweep := ov.Policies[1]; sweep.Backlog == nil || *sweep.Backlog != 5 || sweep.InProgress != nil {
			t.Errorf("sweep policy backlog %v in progress %v, want 5 and null", sweep.Backlog, sweep.InProgress)
		}
		tomb := ov.Tombstones
		if tomb.Count != 2 || tomb.Unpurged != 1 || len(tomb.Recent) != 2 || tomb.Recent[0].Key != "new" {
			t.Errorf("tombstones = %+v", tomb)
		}

		_, body, _ = b.do(t, "GET", "/api/v1/audit?policy=pastes&limit=2")
		var audit struct{ Audit []db.AuditEntry }
		if err := json.Unmarshal(body, &audit); err != nil || len(audit.Audit) != 2 || audit.Audit[0].Outcome != "error" {
			t.Errorf("audit?limit=2 = %s", body)
		}

		for window, want := range map[string]int64{"1h": 100, "6h": 1100, "7d": 1107} {
			_, body, _ = b.do(t, "GET", "/api/v1/throughput?window="+window)
			var tp struct {
				Rows   int64                `json:"rows"`
				Points []db.ThroughputPoint `json:"points"`
			}
			if err := json.Unmarshal(body, &tp); err != nil {
				t.Fatal(err)
			}
			if tp.Rows != want || len(tp.Points) < 48 || len(tp.Points) > 74 {
				t.Errorf("throughput %s: %d rows in %d points, want %d rows in about 60 points", window, tp.Rows, len(tp.Points), want)
			}
		}

		// The chart is cached like the overview: a poll right after another
		// does not query again; an action clears the cache.
		throughputRows := func() int64 {
			_, body, _ := b.do(t, "GET", "/api/v1/throughput?window=1h")
			var tp struct{ Rows int64 }
			if err := json.Unmarshal(body, &tp); err != nil {
				t.Fatal(err)
			}
			return tp.Rows
		}
		started := time.Now()
		throughputRows()
		mustExec(t, b.pool, `INSERT INTO lethe_deletion_audit (policy, action, rows_deleted, blobs_deleted, started_at, finished_at, outcome) VALUES
			('pastes', 'expire_batch', 5, 5, now(), now(), 'ok')`)
		if rows := throughputRows(); rows != 100 && time.Since(started) < time.Second {
			t.Errorf("throughput right after another: %d rows, want the cached 100", rows)
		}
		if status, body, _ := b.do(t, "POST", "/api/v1/policies/pastes/pause"); status != 200 {
			t.Fatalf("pause: %d %s", status, body)
		}
		if rows := throughputRows(); rows != 105 {
			t.Errorf("throughput after an action: %d rows, want 105", rows)
		}
	})

	t.Run("Dashboard", func(t *testing.T) {
		t.Parallel()
		b := setupAPI(t, false)
		for path, want := range map[string]string{"/": "<title>Lethe</title>", "/static/app.js": "/api/v1/overview", "/static/app.css": "prefers-color-scheme"} {
			status, body, _ := b.do(t, "GET", path)
			if status != 200 || !strings.Contains(string(body), want) {
				t.Errorf("GET %s: %d, body lacks %q", path, status, want)
			}
		}
	})
}

func TestMetrics(t *testing.T) {
	t.Parallel()
	b := setupAPI(t, false)
	mustExec(t, b.pool, `INSERT INTO pastes (expires_at) SELECT now() - interval '1 minute' FROM generate_series(1, 3)`)
	mustExec(t, b.pool, `INSERT INTO pastes (expires_at, deletion_status, deletion_initiated_at) VALUES
		(now() - interval '4 hours', 'DELETION_IN_PROGRESS', now() - interval '3 hours')`)
	mustExec(t, b.pool, `INSERT INTO lineage_event_idempotency (idempotency_key, event_hash, expires_at)
		SELECT 'k' || g, 'h', now() - interval '1 hour' FROM generate_series(1, 5) g`)
	mustExec(t, b.pool, `INSERT INTO lethe_tombstones (entity, key, purged_at) VALUES ('run', 'a', NULL), ('run', 'b', now())`)
	mustExec(t, b.pool, `INSERT INTO lethe_policy_state (policy, paused) VALUES ('idempotency', true)`)
	// What workers count as they delete.
	b.metrics.RowsDeleted.WithLabelValues("pastes").Add(120)
	b.metrics.BlobsDeleted.WithLabelValues("pastes").Add(118)
	b.metrics.WatchdogResets.WithLabelValues("pastes").Add(2)
	b.metrics.SweepBatches.WithLabelValues("idempotency").Inc()
	b.metrics.JobOutcomes.WithLabelValues(jobs.KindExpireBatch, "job_completed").Inc()

	status, body, _ := b.do(t, "GET", "/metrics")
	if status != 200 {
		t.Fatalf("GET /metrics: %d", status)
	}
	for _, want := range []string{
		`lethe_backlog_rows{policy="pastes"} 3`,
		`lethe_in_progress_rows{policy="pastes"} 1`,
		`lethe_stuck_rows{policy="pastes"} 1`,
		`lethe_expired_keys{policy="idempotency"} 5`,
		`lethe_policy_paused{policy="idempotency"} 1`,
		`lethe_policy_paused{policy="pastes"} 0`,
		`lethe_tombstones{entity="run"} 2`,
		`lethe_tombstones_unpurged{entity="run"} 1`,
		`lethe_stats_up 1`,
		`lethe_rows_deleted_total{policy="pastes"} 120`,
		`lethe_blobs_deleted_total{policy="pastes"} 118`,
		`lethe_watchdog_resets_total{policy="pastes"} 2`,
		`lethe_sweep_batches_total{policy="idempotency"} 1`,
		`lethe_river_jobs_total{kind="lethe.expire_batch",outcome="job_completed"} 1`,
		`lethe_oldest_expired_age_seconds{policy="pastes"}`,
		`lethe_tombstone_oldest_age_seconds{entity="run"}`,
	} {
		if !strings.Contains(string(body), want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}

	// Scrapes within the cache window do not query again: new rows show
	// only after it.
	mustExec(t, b.pool, `INSERT INTO pastes (expires_at) SELECT now() - interval '1 minute' FROM generate_series(1, 4)`)
	_, body, _ = b.do(t, "GET", "/metrics")
	if !strings.Contains(string(body), `lethe_backlog_rows{policy="pastes"} 3`) {
		t.Error("a second scrape right after the first read the database again instead of the cache")
	}
}
