// Package deploy_test checks what deploy/ ships against a real Lethe: the
// Prometheus alerting rules and the Grafana dashboard read only metrics
// /metrics serves and parse as PromQL, and the systemd unit verifies.
package deploy_test

import (
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/lethehq/lethe/internal/service/servicetest"
)

const (
	alertsPath    = "prometheus/alerts.yml"
	dashboardPath = "grafana/lethe.json"
	unitPath      = "systemd/lethe.service"
)

// prometheusOwn are series Prometheus makes itself for every scrape target:
// rules may read them though /metrics does not serve them.
var prometheusOwn = []string{"up"}

// servedNames returns the name of every sample the first /metrics scrape
// of a fresh service on the embedded default configuration serves
// (histograms as their _bucket, _sum and _count), with the example tables
// present so the table-state gauges are served too.
func servedNames(t *testing.T) map[string]bool {
	t.Helper()
	_, base := servicetest.Serve(t, servicetest.DefaultConfig(t))
	names := map[string]bool{}
	for series := range servicetest.Scrape(t, base) {
		name, _, _ := strings.Cut(series, "{")
		names[name] = true
	}
	return names
}

var (
	stringLit  = regexp.MustCompile(`"(?:[^"\\]|\\.)*"`)
	braces     = regexp.MustCompile(`\{[^}]*\}`)
	brackets   = regexp.MustCompile(`\[[^\]]*\]`)
	labelLists = regexp.MustCompile(`\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)`)
	identifier = regexp.MustCompile(`[a-zA-Z_:][a-zA-Z0-9_:]*\s*\(?`)
)

// promqlKeywords are PromQL words that are neither metrics nor functions.
var promqlKeywords = []string{"and", "or", "unless", "bool", "offset", "by", "without", "on", "ignoring",
	"group_left", "group_right", "inf", "nan"}

// metricNames returns the metric names expr reads: every identifier that
// is not a label matcher, label list, range, string, function call or
// keyword. label_values(metric, label) names its metric first.
func metricNames(expr string) []string {
	if rest, ok := strings.CutPrefix(strings.TrimSpace(expr), "label_values("); ok {
		metric, _, _ := strings.Cut(rest, ",")
		return []string{strings.TrimSpace(metric)}
	}
	expr = stringLit.ReplaceAllString(expr, " ")
	expr = braces.ReplaceAllString(expr, " ")
	expr = brackets.ReplaceAllString(expr, " ")
	expr = labelLists.ReplaceAllString(expr, " ")
	var names []string
	for _, m := range identifier.FindAllString(expr, -1) {
		m = strings.TrimSpace(m)
		if strings.HasSuffix(m, "(") || slices.Contains(promqlKeywords, strings.ToLower(m)) {
			continue
		}
		names = append(names, m)
	}
	return names
}

func TestMetricNames(t *testing.T) {
	t.Parallel()
	got := metricNames(`max by (policy) (lethe_a{policy=~"$policy", x="y(z)"}) > 3 * sum without (le) (rate(lethe_b_bucket[$__rate_interval])) unless on(policy) up{job="lethe"} == bool 1`)
	if want := []string{"lethe_a", "lethe_b_bucket", "up"}; !slices.Equal(got, want) {
		t.Errorf("metricNames = %q, want %q", got, want)
	}
}

// alertExprs returns the expr of every rule in alerts.yml, by rule name.
func alertExprs(t *testing.T) map[string]string {
	t.Helper()
	data, err := os.ReadFile(alertsPath)
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Groups []struct {
			Rules []struct {
				Alert  string `yaml:"alert"`
				Record string `yaml:"record"`
				Expr   string `yaml:"expr"`
			} `yaml:"rules"`
		} `yaml:"groups"`
	}
	if err := yaml.Unmarshal(data, &file); err != nil {
		t.Fatalf("%s: %v", alertsPath, err)
	}
	exprs := map[string]string{}
	for _, g := range file.Groups {
		for _, r := range g.Rules {
			exprs[r.Alert+r.Record] = r.Expr
		}
	}
	if len(exprs) == 0 {
		t.Fatalf("%s has no rules", alertsPath)
	}
	return exprs
}

// dashboardExprs returns every PromQL query of the Grafana dashboard: its
// panels' targets (rows' nested panels included) and its template
// variables' queries, by where they are.
func dashboardExprs(t *testing.T) map[string]string {
	t.Helper()
	data, err := os.ReadFile(dashboardPath)
	if err != nil {
		t.Fatal(err)
	}
	type panel struct {
		Title   string  `json:"title"`
		Panels  []panel `json:"panels"`
		Targets []struct {
			RefID string `json:"refId"`
			Expr  string `json:"expr"`
		} `json:"targets"`
	}
	var dash struct {
		Panels     []panel `json:"panels"`
		Templating struct {
			List []struct {
				Name  string          `json:"name"`
				Type  string          `json:"type"`
				Query json.RawMessage `json:"query"`
			} `json:"list"`
		} `json:"templating"`
	}
	if err := json.Unmarshal(data, &dash); err != nil {
		t.Fatalf("%s: %v", dashboardPath, err)
	}
	exprs := map[string]string{}
	var walk func([]panel)
	walk = func(panels []panel) {
		for _, p := range panels {
			for _, target := range p.Targets {
				exprs[p.Title+" "+target.RefID] = target.Expr
			}
			walk(p.Panels)
		}
	}
	walk(dash.Panels)
	for _, v := range dash.Templating.List {
		if v.Type != "query" {
			continue
		}
		var q struct {
			Query string `json:"query"`
		}
		if err := json.Unmarshal(v.Query, &q); err != nil {
			t.Fatalf("%s: variable %s: %v", dashboardPath, v.Name, err)
		}
		exprs["variable "+v.Name] = q.Query
	}
	if len(exprs) < 10 {
		t.Fatalf("%s has only %d queries", dashboardPath, len(exprs))
	}
	return exprs
}

// TestMetricsServed: every metric the alerting rules and the dashboard
// read is served by a running Lethe's /metrics from its first scrape (or
// made by Prometheus itself), so no rule or panel waits on a series that
// never comes.
func TestMetricsServed(t *testing.T) {
	t.Parallel()
	served := servedNames(t)
	for name, exprs := range map[string]map[string]string{alertsPath: alertExprs(t), dashboardPath: dashboardExprs(t)} {
		for where, expr := range exprs {
			names := metricNames(expr)
			if len(names) == 0 {
				t.Errorf("%s: %s reads no metric: %q", name, where, expr)
			}
			for _, n := range names {
				if !served[n] && !slices.Contains(prometheusOwn, n) {
					t.Errorf("%s: %s reads %s, which /metrics does not serve", name, where, n)
				}
			}
		}
	}
}

var promtoolOnce sync.Once

// promtool returns the path of promtool, installing it with the Taskfile's
// tools:promtool task when it is missing; it skips the test, saying why,
// only when it cannot be installed.
func promtool(t *testing.T) string {
	t.Helper()
	promtoolOnce.Do(func() {
		if _, err := exec.LookPath("promtool"); errors.Is(err, exec.ErrNotFound) {
			cmd := exec.Command("go", "tool", "task", "tools:promtool")
			cmd.Dir = ".."
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Logf("go tool task tools:promtool: %v\n%s", err, out)
			}
		}
	})
	path, err := exec.LookPath("promtool")
	if err != nil {
		t.Skip("promtool is missing and `go tool task tools:promtool` could not install it (it needs root and apt-get): the rules are not checked")
	}
	return path
}

// TestAlertRuleUnits: promtool's unit tests of alerts.yml
// (prometheus/alerts_test.yml) pass: LetheDeletionStalled and
// LethePolicyFailing fire 15 minutes into their state, for that policy only.
func TestAlertRuleUnits(t *testing.T) {
	t.Parallel()
	out, err := exec.Command(promtool(t), "test", "rules", "prometheus/alerts_test.yml").CombinedOutput()
	if err != nil {
		t.Fatalf("promtool test rules prometheus/alerts_test.yml: %v\n%s", err, out)
	}
}

// TestAlertRules: promtool accepts alerts.yml.
func TestAlertRules(t *testing.T) {
	t.Parallel()
	out, err := exec.Command(promtool(t), "check", "rules", alertsPath).CombinedOutput()
	if err != nil {
		t.Fatalf("promtool check rules %s: %v\n%s", alertsPath, err, out)
	}
}

// grafanaVariables are the dashboard's variables with a value that makes
// its queries plain PromQL.
var grafanaVariables = strings.NewReplacer("$__rate_interval", "5m", "$__interval", "1m", "$policy", ".*", "${datasource}", "")

// TestDashboardQueries: every query of the Grafana dashboard, its
// variables replaced by values, is PromQL promtool accepts (as a
// recording rule).
func TestDashboardQueries(t *testing.T) {
	t.Parallel()
	bin := promtool(t)
	type rule struct {
		Record string `yaml:"record"`
		Expr   string `yaml:"expr"`
	}
	var rules []rule
	for where, expr := range dashboardExprs(t) {
		if strings.HasPrefix(where, "variable ") {
			continue // label_values(...) is Grafana's, not PromQL
		}
		rules = append(rules, rule{Record: "dashboard:" + regexp.MustCompile(`[^a-zA-Z0-9_]+`).ReplaceAllString(where, "_"), Expr: grafanaVariables.Replace(expr)})
	}
	data, err := yaml.Marshal(map[string]any{"groups": []any{map[string]any{"name": "dashboard", "rules": rules}}})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "dashboard.rules.yml")
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(bin, "check", "rules", path).CombinedOutput(); err != nil {
		t.Fatalf("promtool check rules on the dashboard's queries: %v\n%s\n%s", err, out, data)
	}
}

// TestSystemdUnit: systemd-analyze verify accepts the unit without a
// warning, and the unit does not restart Lethe after exit status 2 (a
// usage error or an invalid configuration, which a restart cannot fix).
// The binary it starts is a stand-in in a temporary directory: verify
// checks that ExecStart's file exists.
func TestSystemdUnit(t *testing.T) {
	t.Parallel()
	analyze, err := exec.LookPath("systemd-analyze")
	if err != nil {
		t.Skip("systemd-analyze is missing (Debian's systemd package ships it): the unit is not verified")
	}
	unit, err := os.ReadFile(unitPath)
	if err != nil {
		t.Fatal(err)
	}
	const execStart = "ExecStart=/usr/local/bin/lethe serve --config /etc/lethe/lethe.yaml"
	if !strings.Contains(string(unit), execStart+"\n") {
		t.Fatalf("%s does not start %q", unitPath, execStart)
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "lethe")
	if err := os.WriteFile(bin, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "lethe.service")
	if err := os.WriteFile(path, []byte(strings.ReplaceAll(string(unit), "/usr/local/bin/lethe", bin)), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(analyze, "verify", "--man=no", path).CombinedOutput()
	if err != nil || len(out) > 0 {
		t.Fatalf("systemd-analyze verify %s: %v\n%s", unitPath, err, out)
	}
	for _, want := range []string{"NoNewPrivileges=yes", "ProtectSystem=strict", "DynamicUser=yes", "Restart=on-failure", "RestartPreventExitStatus=2", "EnvironmentFile=/etc/lethe/lethe.env"} {
		if !strings.Contains(string(unit), want+"\n") {
			t.Errorf("%s lacks %s", unitPath, want)
		}
	}
}
