package web_test

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
)

// seedAudit writes the audit the audit browser tests search: pastes batches
// an hour, two hours and three hours ago (the middle one failed), an
// idempotency sweep 30 minutes ago with a detail, and a runs entity deletion
// now.
func seedAudit(t *testing.T, b *apiBundle) {
	t.Helper()
	mustExec(t, b.pool, `INSERT INTO lethe_deletion_audit (policy, action, job_id, rows_deleted, blobs_deleted, started_at, finished_at, outcome, error, detail) VALUES
		('pastes', 'expire_batch', 7, 100, 90, now() - interval '3 hours', now() - interval '3 hours', 'ok', NULL, NULL),
		('pastes', 'expire_batch', 8, 0, 0, now() - interval '2 hours', now() - interval '2 hours', 'error', 'blob store unreachable', NULL),
		('pastes', 'expire_batch', 9, 50, 50, now() - interval '1 hour', now() - interval '1 hour', 'ok', NULL, NULL),
		('idempotency', 'sweep', NULL, 5000, 0, now() - interval '30 minutes', now() - interval '30 minutes', 'ok', NULL, '{"batches": 1, "note": "a, \"quoted\" note"}'),
		('runs', 'delete_entity', NULL, 3, 1, now(), now(), 'ok', NULL, NULL)`)
}

// searchAudit GETs /api/v1/audit with query and decodes the answer.
func searchAudit(t *testing.T, b *apiBundle, query string) (entries []db.AuditEntry, nextBefore int64) {
	t.Helper()
	status, body, _ := b.do(t, "GET", "/api/v1/audit?"+query)
	if status != 200 {
		t.Fatalf("audit?%s: %d %s", query, status, body)
	}
	var got struct {
		Audit      []db.AuditEntry `json:"audit"`
		NextBefore int64           `json:"next_before"`
	}
	if err := json.Unmarshal(body, &got); err != nil {
		t.Fatalf("audit?%s: %v: %s", query, err, body)
	}
	return got.Audit, got.NextBefore
}

// rowsOf lists the entries' rows_deleted, which tell the seeded entries
// apart.
func rowsOf(entries []db.AuditEntry) []int64 {
	out := []int64{}
	for _, e := range entries {
		out = append(out, e.RowsDeleted)
	}
	return out
}

func TestAuditBrowser(t *testing.T) {
	t.Parallel()

	t.Run("Filters", func(t *testing.T) {
		t.Parallel()
		b := setupAPI(t, false)
		seedAudit(t, b)
		var dbNow time.Time
		if err := b.pool.QueryRow(context.Background(), `SELECT now()`).Scan(&dbNow); err != nil {
			t.Fatal(err)
		}
		at := func(ago time.Duration) string { return url.QueryEscape(dbNow.Add(-ago).Format(time.RFC3339Nano)) }
		for _, tc := range []struct {
			query string
			want  []int64
		}{
			{"", []int64{3, 5000, 50, 0, 100}},
			{"policy=pastes", []int64{50, 0, 100}},
			{"action=sweep", []int64{5000}},
			{"outcome=error", []int64{0}},
			{"policy=pastes&outcome=ok", []int64{50, 100}},
			{"since=" + at(150*time.Minute), []int64{3, 5000, 50, 0}},
			{"until=" + at(45*time.Minute), []int64{50, 0, 100}},
			{"since=" + at(150*time.Minute) + "&until=" + at(45*time.Minute), []int64{50, 0}},
			{"since=" + at(150*time.Minute) + "&until=" + at(45*time.Minute) + "&outcome=ok", []int64{50}},
			{"action=delete_entity&policy=pastes", []int64{}},
		} {
			got, _ := searchAudit(t, b, tc.query)
			if g := rowsOf(got); !equalInts(g, tc.want) {
				t.Errorf("audit?%s: rows %v, want %v", tc.query, g, tc.want)
			}
		}
	})

	// A job a stop of the service cancelled is audited interrupted, and
	// the filter finds it apart from the errors.
	t.Run("Interrupted", func(t *testing.T) {
		t.Parallel()
		b := setupAPI(t, false)
		seedAudit(t, b)
		mustExec(t, b.pool, `INSERT INTO lethe_deletion_audit (policy, action, job_id, rows_deleted, started_at, finished_at, outcome, error)
			VALUES ('idempotency', 'sweep', 11, 7, now(), now(), 'interrupted', 'sweep idempotency: pause after batch 1: context canceled')`)
		if got, _ := searchAudit(t, b, "outcome=interrupted"); !equalInts(rowsOf(got), []int64{7}) {
			t.Errorf("audit?outcome=interrupted: rows %v, want [7]", rowsOf(got))
		}
		if got, _ := searchAudit(t, b, "outcome=error"); !equalInts(rowsOf(got), []int64{0}) {
			t.Errorf("audit?outcome=error: rows %v, want only the failed batch", rowsOf(got))
		}
	})

	t.Run("Paging", func(t *testing.T) {
		t.Parallel()
		b := setupAPI(t, false)
		seedAudit(t, b)
		var pages [][]int64
		query := "limit=2"
		for range 5 {
			got, next := searchAudit(t, b, query)
			pages = append(pages, rowsOf(got))
			if next == 0 {
				break
			}
			if next != got[len(got)-1].ID {
				t.Fatalf("next_before %d, want the page's last ID %d", next, got[len(got)-1].ID)
			}
			query = "limit=2&before=" + itoa(next)
		}
		want := [][]int64{{3, 5000}, {50, 0}, {100}}
		if len(pages) != len(want) {
			t.Fatalf("pages %v, want %v", pages, want)
		}
		for i := range want {
			if !equalInts(pages[i], want[i]) {
				t.Errorf("page %d: %v, want %v", i+1, pages[i], want[i])
			}
		}
		// Paging composes with the filters.
		first, next := searchAudit(t, b, "policy=pastes&limit=1")
		second, _ := searchAudit(t, b, "policy=pastes&limit=5&before="+itoa(next))
		if !equalInts(rowsOf(first), []int64{50}) || !equalInts(rowsOf(second), []int64{0, 100}) {
			t.Errorf("pastes pages %v then %v, want [50] then [0 100]", rowsOf(first), rowsOf(second))
		}
	})

	t.Run("CSV", func(t *testing.T) {
		t.Parallel()
		b := setupAPI(t, false)
		seedAudit(t, b)
		status, body, header := b.do(t, "GET", "/api/v1/audit?format=csv&limit=2")
		if status != 200 || !strings.HasPrefix(header.Get("Content-Type"), "text/csv") {
			t.Fatalf("csv: %d %s %s", status, header.Get("Content-Type"), body)
		}
		records, err := csv.NewReader(strings.NewReader(string(body))).ReadAll()
		if err != nil {
			t.Fatalf("csv does not parse: %v\n%s", err, body)
		}
		wantHeader := "id,policy,action,job_id,rows_deleted,blobs_deleted,started_at,finished_at,outcome,error,detail"
		if len(records) != 3 || strings.Join(records[0], ",") != wantHeader {
			t.Fatalf("csv has %d records (want a header and the 2 of limit), header %v", len(records), records[0])
		}
		sweep := records[2]
		if sweep[1] != "idempotency" || sweep[2] != "sweep" || sweep[3] != "" || sweep[4] != "5000" || sweep[8] != "ok" {
			t.Errorf("sweep row = %v", sweep)
		}
		var detail map[string]any
		if err := json.Unmarshal([]byte(sweep[10]), &detail); err != nil || detail["note"] != `a, "quoted" note` {
			t.Errorf("detail column %q is not the entry's detail as JSON (%v)", sweep[10], err)
		}
		if _, err := time.Parse(time.RFC3339Nano, sweep[7]); err != nil {
			t.Errorf("finished_at %q is not RFC 3339", sweep[7])
		}

		// The same filters and columns as JSON.
		_, body, _ = b.do(t, "GET", "/api/v1/audit?format=csv&outcome=error")
		records, _ = csv.NewReader(strings.NewReader(string(body))).ReadAll()
		if len(records) != 2 || records[1][1] != "pastes" || records[1][3] != "8" || records[1][9] != "blob store unreachable" {
			t.Errorf("csv of errors = %v", records)
		}
	})

	t.Run("Refused", func(t *testing.T) {
		t.Parallel()
		b := setupAPI(t, false)
		for _, tc := range []struct{ query, mention string }{
			{"polcy=pastes", `unknown query parameter "polcy"`},
			{"policy=nope", `policy: unknown policy "nope"`},
			{"action=explode", `action: unknown action "explode"`},
			{"outcome=fine", `outcome: unknown outcome "fine"`},
			{"since=yesterday", "since: want an RFC 3339 time"},
			{"until=2026-13-01T00:00:00Z", "until: want an RFC 3339 time"},
			{"since=2026-01-02T00:00:00Z&until=2026-01-01T00:00:00Z", "until:"},
			{"before=abc", "before:"},
			{"before=-3", "before:"},
			{"limit=1001", "limit:"},
			{"limit=0", "limit:"},
			{"format=xml", "format:"},
			{"policy=pastes&policy=runs", "policy: given 2 times"},
		} {
			status, body, _ := b.do(t, "GET", "/api/v1/audit?"+tc.query)
			if status != 400 || !strings.Contains(errorOf(body), tc.mention) {
				t.Errorf("audit?%s: %d %s, want 400 mentioning %s", tc.query, status, body, tc.mention)
			}
		}
	})
}

func equalInts(a, b []int64) bool { return slices.Equal(a, b) }

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// previewAnswer is GET /api/v1/policies/{name}/preview's answer.
type previewAnswer struct {
	Policy  string           `json:"policy"`
	Kind    string           `json:"kind"`
	Preview db.PolicyPreview `json:"preview"`
}

func TestPolicyPreview(t *testing.T) {
	t.Parallel()

	preview := func(t *testing.T, b *apiBundle, policy string) db.PolicyPreview {
		t.Helper()
		status, body, _ := b.do(t, "GET", "/api/v1/policies/"+policy+"/preview")
		if status != 200 {
			t.Fatalf("preview %s: %d %s", policy, status, body)
		}
		var got previewAnswer
		if err := json.Unmarshal(body, &got); err != nil {
			t.Fatal(err)
		}
		return got.Preview
	}

	t.Run("ExpireAndSweep", func(t *testing.T) {
		t.Parallel()
		b := setupAPI(t, false)
		// 12 pastes due (ids 1–12, the oldest first), 3 not yet, 2 claimed.
		mustExec(t, b.pool, `INSERT INTO pastes (id, expires_at) SELECT g, now() - make_interval(hours => 20 - g) FROM generate_series(1, 12) g`)
		mustExec(t, b.pool, `INSERT INTO pastes (id, expires_at) SELECT g, now() + interval '1 hour' FROM generate_series(13, 15) g`)
		mustExec(t, b.pool, `INSERT INTO pastes (id, expires_at, deletion_status, deletion_initiated_at) VALUES
			(16, now() - interval '30 hours', 'DELETION_IN_PROGRESS', now()), (17, now() - interval '30 hours', 'DELETION_IN_PROGRESS', now())`)
		mustExec(t, b.pool, `INSERT INTO lineage_event_idempotency (idempotency_key, expires_at) VALUES
			('old', now() - interval '2 days'), ('older', now() - interval '3 days'), ('fresh', now() + interval '1 day')`)

		p := preview(t, b, "pastes")
		if p.Rows != 12 || p.Capped || len(p.Keys) != 10 || p.Keys[0] != "1" || p.Keys[9] != "10" {
			t.Errorf("pastes preview = %+v, want 12 rows, keys 1 to 10", p)
		}
		if p.OldestExpiresAt == nil || time.Since(*p.OldestExpiresAt) < 18*time.Hour {
			t.Errorf("pastes oldest expiry %v, want paste 1's, 19 hours ago", p.OldestExpiresAt)
		}
		if p.RunLimit == nil || *p.RunLimit != 1000*100 {
			t.Errorf("pastes run limit %v, want batch_size × max_batches_per_run = 100000", p.RunLimit)
		}
		s := preview(t, b, "idempotency")
		if s.Rows != 2 || s.Capped || !slices.Equal(s.Keys, []string{"older", "old"}) || s.RunLimit != nil {
			t.Errorf("idempotency preview = %+v, want 2 rows, keys older and old", s)
		}
	})

	t.Run("Capped", func(t *testing.T) {
		t.Parallel()
		b := setupAPIFor(t, cappedConfig(t))
		mustExec(t, b.pool, `INSERT INTO pastes (expires_at) SELECT now() - interval '1 hour' FROM generate_series(1, 50)`)
		mustExec(t, b.pool, `INSERT INTO lineage_event_idempotency (idempotency_key, expires_at)
			SELECT 'k' || g, now() - interval '1 hour' FROM generate_series(1, 50) g`)
		// A run of pastes takes 2 × 3 rows: the preview counts 7, more
		// than a run takes.
		p := preview(t, b, "pastes")
		if p.Rows != 7 || !p.Capped || p.Cap != 6 || *p.RunLimit != 6 {
			t.Errorf("capped pastes preview = %+v, want 7 rows counted, capped at 6", p)
		}
		// A sweep deletes all it finds; the preview counts 10 of its
		// largest batches (4), so 41.
		s := preview(t, b, "idempotency")
		if s.Rows != 41 || !s.Capped || s.Cap != 40 {
			t.Errorf("capped idempotency preview = %+v, want 41 rows counted, capped at 40", s)
		}
	})

	t.Run("Refused", func(t *testing.T) {
		t.Parallel()
		b := setupAPI(t, false)
		for _, tc := range []struct {
			path    string
			status  int
			mention string
		}{
			{"/api/v1/policies/runs/preview", 400, "/api/v1/entities/run/{key}/preview"},
			{"/api/v1/policies/nope/preview", 404, `unknown policy "nope"`},
			{"/api/v1/policies/pastes/preview?limit=3", 400, `unknown query parameter "limit"`},
		} {
			status, body, _ := b.do(t, "GET", tc.path)
			if status != tc.status || !strings.Contains(errorOf(body), tc.mention) {
				t.Errorf("GET %s: %d %s, want %d mentioning %s", tc.path, status, body, tc.status, tc.mention)
			}
		}
	})
}

// cappedConfig is testConfig with small batches, so a preview's cap is a
// few rows: pastes runs take 2 × 3 rows, idempotency's largest batch is 4.
func cappedConfig(t *testing.T) *config.Config {
	t.Helper()
	cfg, err := config.Parse([]byte(`
database: {url: "postgres://unused"}
blob: {kind: local, local: {dir: `+t.TempDir()+`}}
http: {listen: 127.0.0.1:0}
migrate_on_start: false
policies:
  - {name: pastes, kind: expire, table: pastes, blob_key_column: blob_key, batch_size: 2, max_batches_per_run: 3}
  - {name: idempotency, kind: sweep, table: lineage_event_idempotency, key_column: idempotency_key, batch_size: 3, max_batch_size: 4}
`), nil)
	if err != nil {
		t.Fatalf("parse capped config: %v", err)
	}
	return cfg
}

// errorOf is the message of an {"error": …} answer.
func errorOf(body []byte) string {
	var e struct{ Error string }
	_ = json.Unmarshal(body, &e)
	return e.Error
}
