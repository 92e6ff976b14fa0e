package web_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// FuzzAPI sends arbitrary requests to the API of a real server on a real
// database: a method, a path under /api/v1, a query, a Content-Type and a
// body. Whatever arrives, the server must not panic, must answer with a
// status below 500 (bad input is the client's error, never the server's),
// and must keep its error bodies short. The seeds are the inputs an
// adversarial pass found answered wrongly.
func FuzzAPI(f *testing.F) {
	for _, seed := range []struct {
		method                uint8
		path, query, ct, body string
	}{
		{0, "/api/v1/tombstones", "after=%00", "", ""},
		{0, "/api/v1/tombstones", "after=%ff%fe&limit=99999999999999999999", "", ""},
		{0, "/api/v1/audit", "limit=-1&policy=%00", "", ""},
		{1, "/api/v1/runs/delete", "", "text/plain", `{"run_ids":["a"]}=`},
		{1, "/api/v1/runs/delete", "", "application/json", `{"run_ids":["a"]} {"run_ids":["b"]}`},
		{1, "/api/v1/runs/delete", "", "application/json", `{"run_ids":["` + strings.Repeat("a", 5000) + `"]}`},
		{1, "/api/v1/entities/account/delete", "", "application/json", `{"keys":[1,2,3]}`},
		{1, "/api/v1/policies/pastes/pause", "", "", ""},
		{2, "/api/v1/runs/..%2f..%2fetc", "", "", ""},
		{2, "/api/v1/entities/account/not-a-uuid", "", "", ""},
		{0, "/api/v1/entities/account/%00/preview", "", "", ""},
		{0, "/api/v1/throughput", "policy=pastes&window=99999999h", "", ""},
	} {
		f.Add(seed.method, seed.path, seed.query, seed.ct, seed.body)
	}
	b := setupAPIFor(f, testConfig(f, false))
	handler := b.server.Config.Handler
	f.Fuzz(func(t *testing.T, method uint8, path, query, contentType, body string) {
		if !strings.HasPrefix(path, "/api/v1/") {
			path = "/api/v1/" + path
		}
		req := httptest.NewRequest(http.MethodGet, "http://127.0.0.1/", strings.NewReader(body))
		req.Method = []string{http.MethodGet, http.MethodPost, http.MethodDelete, http.MethodPut}[method%4]
		req.URL.Path, req.URL.RawPath, req.URL.RawQuery = path, "", query
		if contentType != "" {
			req.Header.Set("Content-Type", contentType)
		}
		req.ContentLength = int64(len(body))
		rec := httptest.NewRecorder()
		handler.ServeHTTP(rec, req)
		res := rec.Result()
		got, _ := io.ReadAll(res.Body)
		if res.StatusCode >= 500 {
			t.Errorf("%s %s?%s: %d %.300s", req.Method, path, query, res.StatusCode, got)
		}
		if res.StatusCode >= 400 && len(got) > 1024 {
			t.Errorf("%s %s: error body of %d bytes", req.Method, path, len(got))
		}
	})
}
