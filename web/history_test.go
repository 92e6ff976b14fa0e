package web_test

import (
	"encoding/json"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/lethehq/lethe/db"
)

// TestOverviewHistory checks that the overview and /metrics show the size
// of Lethe's own tables and how the audit is kept bounded.
func TestOverviewHistory(t *testing.T) {
	t.Parallel()
	b := setupAPI(t, false)
	mustExec(t, b.pool, `INSERT INTO lethe_deletion_audit (policy, action, rows_deleted, started_at, finished_at, outcome)
		SELECT 'pastes', 'expire_batch', 1, now(), now(), 'ok' FROM generate_series(1, 40)`)
	mustExec(t, b.pool, `INSERT INTO lethe_tombstones (entity, key) VALUES ('run', 'a'), ('run', 'b')`)

	status, body, _ := b.do(t, "GET", "/api/v1/overview")
	if status != http.StatusOK {
		t.Fatalf("GET /api/v1/overview: %d %s", status, body)
	}
	var ov struct {
		History struct {
			Retain   string        `json:"retain"`
			MaxRows  int64         `json:"max_rows"`
			Schedule string        `json:"schedule"`
			Tables   []db.OwnTable `json:"tables"`
		} `json:"history"`
	}
	if err := json.Unmarshal(body, &ov); err != nil {
		t.Fatal(err)
	}
	h := ov.History
	if h.Retain != "2160h0m0s" || h.MaxRows != 10_000_000 || h.Schedule != "@hourly" {
		t.Errorf("history settings %+v, want the defaults", h)
	}
	sizes := map[string]db.OwnTable{}
	for _, tb := range h.Tables {
		sizes[tb.Table] = tb
		if tb.Bytes <= 0 || !strings.HasPrefix(tb.Table, "lethe_") {
			t.Errorf("table %+v: want a lethe_ table with its size", tb)
		}
	}
	for table, rows := range map[string]int64{"lethe_deletion_audit": 40, "lethe_tombstones": 2} {
		if got := sizes[table]; got.Rows != rows || got.RowsEstimated {
			t.Errorf("%s: %+v, want %d rows counted", table, got, rows)
		}
	}
	if _, ok := sizes["lethe_migration"]; !ok {
		t.Errorf("tables %v lack lethe_migration", h.Tables)
	}

	status, body, _ = b.do(t, "GET", "/metrics")
	if status != http.StatusOK {
		t.Fatalf("GET /metrics: %d", status)
	}
	text := string(body)
	for _, want := range []string{
		`lethe_own_table_rows{table="lethe_deletion_audit"} 40`,
		`lethe_own_table_rows{table="lethe_tombstones"} 2`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
	m := regexp.MustCompile(`\nlethe_own_table_bytes\{table="lethe_deletion_audit"\} (\S+)`).FindStringSubmatch(text)
	if m == nil {
		t.Fatal("/metrics lacks lethe_own_table_bytes of lethe_deletion_audit")
	}
	if n, err := strconv.ParseFloat(m[1], 64); err != nil || n != float64(sizes["lethe_deletion_audit"].Bytes) {
		t.Errorf("lethe_own_table_bytes = %s, want the overview's %d", m[1], sizes["lethe_deletion_audit"].Bytes)
	}
}
