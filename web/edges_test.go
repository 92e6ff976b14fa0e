package web_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/lethehq/lethe/web"
)

// noTrace fails when text holds a Go stack trace or panic report.
func noTrace(t *testing.T, what, text string) {
	t.Helper()
	for _, mark := range []string{"goroutine ", "panic(", "runtime/debug", ".go:"} {
		if strings.Contains(text, mark) {
			t.Errorf("%s holds a stack trace (%q): %.400s", what, mark, text)
			return
		}
	}
}

// TestRiverUILimits sends River UI's API the page sizes River panics on
// or River UI repeats whole: each is a short JSON 400 before River UI sees
// it, and neither the answer nor the log holds a stack trace.
func TestRiverUILimits(t *testing.T) {
	t.Parallel()
	b := setupAPI(t, true)
	huge := strings.Repeat("9", 60<<10)
	for _, path := range []string{"/riverui/api/jobs", "/riverui/api/queues"} {
		for _, limit := range []string{"0", "-1", "1001", "99999999999999999999", huge, "abc", "5&limit=6"} {
			status, body, header := b.do(t, "GET", path+"?state=available&limit="+limit, bearer(testToken))
			what := "GET " + path + "?limit=" + limit[:min(len(limit), 20)]
			if status != http.StatusBadRequest {
				t.Errorf("%s: status %d, want 400: %.300s", what, status, body)
				continue
			}
			if ct := header.Get("Content-Type"); ct != "application/json" {
				t.Errorf("%s: Content-Type %q, want JSON", what, ct)
			}
			var answer struct{ Error, Message string }
			if err := json.Unmarshal(body, &answer); err != nil || !strings.HasPrefix(answer.Message, "limit: want one integer from 1 to 1000") {
				t.Errorf("%s: answer %.300s does not say the limit is wrong in River UI's message", what, body)
			}
			if len(answer.Error) > 300 {
				t.Errorf("%s: error of %d bytes, want at most 300", what, len(answer.Error))
			}
			noTrace(t, what+" answer", string(body))
		}
		if status, body, _ := b.do(t, "GET", path+"?limit=5", bearer(testToken)); status != http.StatusOK {
			t.Errorf("GET %s?limit=5: %d %.300s, want 200", path, status, body)
		}
	}
	noTrace(t, "the log", b.logs.String())
}

// TestPanicsAreAnswered mounts a handler that panics: the client gets a
// short JSON 500, the log one line naming the panic and where, bounded,
// with no stack trace, and the server goes on serving.
func TestPanicsAreAnswered(t *testing.T) {
	t.Parallel()
	b := setupAPI(t, false)
	web.Handle(b.web, "GET /api/v1/test-panic", http.HandlerFunc(func(http.ResponseWriter, *http.Request) {
		var m map[string]int
		m[strings.Repeat("x", 60<<10)] = 1 // assignment to a nil map
	}))
	web.Handle(b.web, "GET /test-panic-late", http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.WriteHeader(http.StatusOK)
		panic(strings.Repeat("late ", 20<<10))
	}))
	status, body, _ := b.do(t, "GET", "/api/v1/test-panic")
	if status != http.StatusInternalServerError || len(body) > 300 || !strings.Contains(jsonError(t, body), "internal error") {
		t.Errorf("a panicking handler: %d %q, want a short JSON 500", status, body)
	}
	noTrace(t, "the answer", string(body))
	if status, _, _ := b.do(t, "GET", "/test-panic-late"); status != http.StatusOK {
		t.Errorf("a handler panicking after its status: %d, want the 200 it sent", status)
	}
	if status, _, _ := b.do(t, "GET", "/healthz"); status != http.StatusOK {
		t.Errorf("after panics, /healthz: %d", status)
	}
	logs := b.logs.String()
	noTrace(t, "the log", strings.ReplaceAll(logs, "edges_test.go:", "")) // the panic's site is named, file and line
	var lines []string
	for line := range strings.Lines(logs) {
		if strings.Contains(line, "handler panicked") {
			lines = append(lines, line)
		}
	}
	if len(lines) != 2 {
		t.Fatalf("want one log line per panic, got %d:\n%.2000s", len(lines), logs)
	}
	for _, line := range lines {
		if len(line) > 1000 {
			t.Errorf("panic log line of %d bytes: %.300s", len(line), line)
		}
		if !strings.Contains(line, "web_test.TestPanicsAreAnswered") {
			t.Errorf("panic log line does not name where: %s", line)
		}
	}
}

// TestHugeInputsComeBackCut sends a 60 KB name, key, parameter or value to
// every route that repeats one in its error: each message is at most 300
// bytes (docs/api.md) and repeats at most 64 bytes of it.
func TestHugeInputsComeBackCut(t *testing.T) {
	t.Parallel()
	b := setupAPI(t, false)
	huge := strings.Repeat("a", 60<<10)
	for _, tc := range []struct {
		method, path, body string
		header             map[string]string
	}{
		{method: "GET", path: "/api/v1/policies/" + huge},
		{method: "POST", path: "/api/v1/policies/" + huge + "/run"},
		{method: "POST", path: "/api/v1/policies/" + huge + "/pause"},
		{method: "GET", path: "/api/v1/policies/" + huge + "/preview"},
		{method: "GET", path: "/api/v1/policies/pastes/preview?" + huge + "=1"},
		{method: "PATCH", path: "/api/v1/policies/pastes", body: `{"` + huge + `": 1}`},
		{method: "PATCH", path: "/api/v1/policies/pastes", body: `{"paused": "` + huge + `"}`},
		{method: "GET", path: "/api/v1/audit?policy=" + huge},
		{method: "GET", path: "/api/v1/audit?limit=" + huge},
		{method: "GET", path: "/api/v1/audit?" + huge + "=1"},
		{method: "GET", path: "/api/v1/audit?action=" + huge},
		{method: "GET", path: "/api/v1/audit?since=" + huge},
		{method: "GET", path: "/api/v1/throughput?window=" + huge},
		{method: "GET", path: "/api/v1/throughput?policy=" + huge},
		{method: "GET", path: "/api/v1/entities/" + huge},
		{method: "GET", path: "/api/v1/entities/run/" + huge + "/preview"},
		{method: "DELETE", path: "/api/v1/entities/run/r1?force=" + huge},
		{method: "POST", path: "/api/v1/entities/run/delete", body: `{"keys": ["` + huge + `"]}`},
		{method: "POST", path: "/api/v1/entities/run/delete", body: `{"` + huge + `": []}`},
		{method: "POST", path: "/api/v1/entities/run/delete", body: `{"keys": 1` + strings.Repeat("0", 60<<10) + `}`},
		{method: "POST", path: "/api/v1/entities/run/delete", body: `{"keys": [1` + strings.Repeat("0", 60<<10) + `]}`},
		{method: "GET", path: "/api/v1/runs/" + huge},
		{method: "GET", path: "/api/v1/tombstones?entity=" + huge},
		{method: "GET", path: "/api/v1/" + huge},
		{method: "GET", path: "/api/v1/overview", header: map[string]string{"Host": huge}},
		{method: "POST", path: "/api/v1/policies/pastes/pause", header: map[string]string{"Origin": "https://" + huge, "Sec-Fetch-Site": "cross-site"}},
		{method: "PATCH", path: "/api/v1/policies/pastes", body: "{}", header: map[string]string{"Content-Type": huge}},
		{method: "GET", path: "/riverui/api/queues/" + huge},
		{method: "GET", path: "/riverui/api/jobs/" + huge},
		{method: "GET", path: "/riverui/api/autocomplete?facet=" + huge},
	} {
		opts := []reqOpt{}
		if tc.body != "" {
			opts = append(opts, withBody(tc.body))
		}
		for name, value := range tc.header {
			if name == "Host" {
				opts = append(opts, func(r *http.Request) { r.Host = value })
				continue
			}
			opts = append(opts, withHeader(name, value))
		}
		what := tc.method + " " + strings.ReplaceAll(tc.path, huge, "<60 KB>")
		status, body, _ := b.do(t, tc.method, tc.path, opts...)
		if status < 400 || status >= 500 {
			t.Errorf("%s: status %d, want 4xx", what, status)
		}
		var answer struct{ Error, Message string }
		if err := json.Unmarshal(body, &answer); err != nil || answer.Error+answer.Message == "" {
			t.Errorf("%s: %d-byte answer is not a JSON error: %.200s", what, len(body), body)
			continue
		}
		msg := answer.Error + answer.Message
		if len(msg) > 300 {
			t.Errorf("%s: error message of %d bytes, want at most 300: %.200s…", what, len(msg), msg)
		}
		if len(body) > 400 {
			t.Errorf("%s: answer of %d bytes", what, len(body))
		}
		if strings.Contains(msg, strings.Repeat("a", 65)) || strings.Contains(msg, strings.Repeat("0", 65)) {
			t.Errorf("%s: the message repeats more than 64 bytes of the input: %.200s", what, msg)
		}
	}
}

// TestRiverUILogsAreBounded has River UI refuse requests repeating 65 KB
// values, which it logs: each logged value is cut to a few hundred bytes.
func TestRiverUILogsAreBounded(t *testing.T) {
	t.Parallel()
	b := setupAPI(t, false)
	huge := strings.Repeat("a", 65<<10)
	for _, path := range []string{"/riverui/api/queues/" + huge, "/riverui/api/jobs/" + huge, "/riverui/api/autocomplete?facet=" + huge} {
		if status, _, _ := b.do(t, "GET", path); status < 400 {
			t.Errorf("GET %.40s…: %d, want River UI's refusal", path, status)
		}
	}
	logs := b.logs.String()
	n := 0
	for line := range strings.Lines(logs) {
		if !strings.Contains(line, "component=riverui") {
			continue
		}
		n++
		if len(line) > 1000 {
			t.Errorf("River UI logged a %d-byte line: %.300s…", len(line), line)
		}
		if !strings.Contains(line, "bytes)") {
			t.Errorf("River UI's line does not say how long the cut value was: %.400s", line)
		}
	}
	if n < 3 {
		t.Errorf("River UI logged %d lines about the 3 refusals, want one each:\n%.3000s", n, logs)
	}
}

// TestBoundedLogValues logs long values of every kind through the logger
// River UI is given.
func TestBoundedLogValues(t *testing.T) {
	t.Parallel()
	var buf logBuffer
	logger := web.BoundedLogger(slog.New(slog.NewJSONHandler(&buf, nil)))
	long := strings.Repeat("v", 65<<10)
	logger.With(slog.String("with", long)).WithGroup("g").Info(long,
		slog.String("s", long), slog.Any("err", io.ErrUnexpectedEOF), slog.Any("error", &url.Error{Op: "Get", URL: long, Err: io.EOF}),
		slog.Group("nested", slog.String("inner", long)), slog.Int("n", 42), slog.Any("short", []int{1, 2}))
	line := buf.String()
	if len(line) > 2000 {
		t.Errorf("a line of 5 long values is %d bytes: %.300s", len(line), line)
	}
	for _, want := range []string{`"n":42`, `"err":"unexpected EOF"`, `"short":[1,2]`, `(66560 bytes)`, `"inner":"vvv`} {
		if !strings.Contains(line, want) {
			t.Errorf("line lacks %s: %.2000s", want, line)
		}
	}
}

// TestFailedLoginsThrottled sends wrong credentials until the client is
// throttled: 429 with Retry-After, for right credentials too, while
// another client and requests without credentials are unaffected; once
// the oldest failure is a minute old, the client is heard again.
func TestFailedLoginsThrottled(t *testing.T) {
	t.Parallel()
	b := setupAPI(t, true)
	var mu sync.Mutex
	now := time.Date(2026, 1, 2, 15, 4, 5, 0, time.UTC)
	web.SetClock(b.web, func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		return now
	})
	advance := func(d time.Duration) {
		mu.Lock()
		defer mu.Unlock()
		now = now.Add(d)
	}
	const path = "/api/v1/overview"
	for i := range 10 {
		creds := bearer("wrong-token")
		if i%2 == 1 {
			creds = basic(testUser, "wrong-password")
		}
		if status, _, _ := b.do(t, "GET", path, creds); status != http.StatusUnauthorized {
			t.Fatalf("wrong credentials #%d: %d, want 401", i+1, status)
		}
		advance(time.Second)
	}
	for name, creds := range map[string]reqOpt{"wrong": bearer("wrong-token"), "right": bearer(testToken), "right basic": basic(testUser, testPassword)} {
		status, body, header := b.do(t, "GET", path, creds)
		if status != http.StatusTooManyRequests || header.Get("Retry-After") != "50" {
			t.Errorf("%s credentials after 10 failures in 10 s: %d Retry-After %q, want 429 and 50 (s until the first is a minute old): %s",
				name, status, header.Get("Retry-After"), body)
		}
		if !strings.Contains(jsonError(t, body), "too many failed logins") {
			t.Errorf("429 does not say why: %s", body)
		}
	}
	if status, _, _ := b.do(t, "GET", path); status != http.StatusUnauthorized {
		t.Errorf("no credentials while throttled: %d, want 401 (a browser's first request is not a guess)", status)
	}
	if status, body, _ := doFrom(t, "127.0.0.2", b.server.URL+path, testToken); status != http.StatusOK {
		t.Errorf("another client (127.0.0.2) with the right token: %d %s, want 200", status, body)
	}

	advance(50 * time.Second) // the first failure is a minute old
	if status, body, _ := b.do(t, "GET", path, bearer(testToken)); status != http.StatusOK {
		t.Errorf("right token once the oldest failure is a minute old: %d %s, want 200", status, body)
	}
	if status, _, _ := b.do(t, "GET", path, bearer("wrong-again")); status != http.StatusUnauthorized {
		t.Errorf("a wrong token then: %d, want 401 (9 failures in the last minute)", status)
	}
	status, _, header := b.do(t, "GET", path, bearer(testToken))
	if status != http.StatusTooManyRequests || header.Get("Retry-After") != "1" {
		t.Errorf("right token after the 10th failure of the minute: %d Retry-After %q, want 429 and 1", status, header.Get("Retry-After"))
	}
}

// doFrom GETs url with token from local address ip (on loopback, any
// 127.0.0.0/8 address is this host).
func doFrom(t *testing.T, ip, url, token string) (int, []byte, http.Header) {
	t.Helper()
	dialer := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
	client := &http.Client{Transport: &http.Transport{DialContext: dialer.DialContext}}
	req, err := http.NewRequestWithContext(context.Background(), "GET", url, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := client.Do(req)
	if err != nil {
		t.Fatalf("GET %s from %s: %v", url, ip, err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res.StatusCode, body, res.Header
}

// TestSecretsCompareWhateverTheirLength checks the comparison credentials
// go through: equal secrets match, and secrets of other lengths (a
// prefix, an extension) do not.
func TestSecretsCompareWhateverTheirLength(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{testToken, testToken, true},
		{"", "", true},
		{testToken, testToken[:len(testToken)-1], false},
		{testToken, testToken + "x", false},
		{testToken, "", false},
		{testToken, strings.Repeat("x", 1<<16), false},
	} {
		if got := web.Equal(c.a, c.b); got != c.want {
			t.Errorf("Equal(%q, %.20q) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}
