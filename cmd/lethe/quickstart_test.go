package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/internal/testenv"
)

// quickstartStep is one fenced block of README's quick start: the line
// before its fence marks it <!-- quickstart:yaml -->, <!-- quickstart:sql -->,
// <!-- quickstart:sh --> or <!-- quickstart:sh fails --> (a command the
// README says fails with exit status 1, printing the SQL block that
// follows it).
type quickstartStep struct {
	kind  string
	fails bool
	text  string
	line  int
}

var quickstartMarker = regexp.MustCompile(`^<!-- quickstart:(yaml|sql|sh)( fails)? -->$`)

// readmeQuickstart returns the marked blocks of README.md in order.
func readmeQuickstart(t *testing.T) []quickstartStep {
	t.Helper()
	lines := strings.Split(string(mustRead(t, "../../README.md")), "\n")
	var steps []quickstartStep
	for i := 0; i < len(lines); i++ {
		m := quickstartMarker.FindStringSubmatch(lines[i])
		if m == nil {
			continue
		}
		if i+1 >= len(lines) || lines[i+1] != "```"+m[1] {
			t.Fatalf("README.md:%d: %s is not followed by a ```%s fence", i+1, lines[i], m[1])
		}
		start := i + 2
		end := start
		for end < len(lines) && lines[end] != "```" {
			end++
		}
		if end == len(lines) {
			t.Fatalf("README.md:%d: the ```%s block does not end", i+2, m[1])
		}
		steps = append(steps, quickstartStep{
			kind:  m[1],
			fails: m[2] != "",
			text:  strings.Join(lines[start:end], "\n") + "\n",
			line:  i + 2,
		})
		i = end
	}
	if len(steps) == 0 {
		t.Fatal("README.md marks no quickstart blocks")
	}
	return steps
}

// The address README's quick start serves on and names: the test serves
// on a free port instead and reads these as that one.
const quickstartListen = "http://127.0.0.1:8080"

var (
	quickstartURL    = regexp.MustCompile(`(?m)^(\s+url:) .*$`)
	quickstartTable  = regexp.MustCompile(`(?m)^\s+table: (\w+)$`)
	quickstartPolicy = regexp.MustCompile(`(?m)^\s+- name: (\w+)$`)
)

// TestQuickstart runs README's quick start as written, against a fresh
// empty database: its lethe.yaml (with this database's URL), its SQL
// (the table, the statements `check-config --db` prints for it, which the
// command must print word for word, and the rows), and its commands with
// the lethe binary built here on PATH (`serve` on a free loopback port).
// The expired rows must go and the live ones stay, and the API the README
// queries must show the deletion.
func TestQuickstart(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	steps := readmeQuickstart(t)
	bin := buildLethe(t)
	pool := testenv.Pool(t)
	dbURL := pool.Config().ConnString()
	dir := t.TempDir()

	// The commands see README's configuration, not this environment's.
	var env []string
	for _, kv := range os.Environ() {
		if k, _, _ := strings.Cut(kv, "="); k == "DATABASE_URL" || k == "LOG_LEVEL" || k == "IDEMPOTENCY_CLEANUP_INTERVAL" || strings.HasPrefix(k, "LETHE_") {
			continue
		}
		env = append(env, kv)
	}
	env = append(env,
		"PATH="+filepath.Dir(bin)+string(os.PathListSeparator)+os.Getenv("PATH"),
		"LETHE_LISTEN=127.0.0.1:0")

	var (
		table    string
		policy   string
		serveURL string
		inserted int64
		api      string // what the README's API query answered
	)
	for i, step := range steps {
		where := fmt.Sprintf("README.md:%d (```%s)", step.line, step.kind)
		switch step.kind {
		case "yaml":
			if n := len(quickstartURL.FindAllString(step.text, -1)); n != 1 {
				t.Fatalf("%s: %d database url lines, want 1", where, n)
			}
			yaml := quickstartURL.ReplaceAllString(step.text, "${1} "+strconv.Quote(dbURL))
			m := quickstartTable.FindStringSubmatch(yaml)
			if m == nil {
				t.Fatalf("%s: no policy table", where)
			}
			table = m[1]
			if m = quickstartPolicy.FindStringSubmatch(yaml); m == nil {
				t.Fatalf("%s: no policy name", where)
			}
			policy = m[1]
			if err := os.WriteFile(filepath.Join(dir, "lethe.yaml"), []byte(yaml), 0o600); err != nil {
				t.Fatal(err)
			}

		case "sql":
			for _, stmt := range sqlStatements(step.text) {
				tag, err := pool.Exec(ctx, stmt)
				if err != nil {
					t.Fatalf("%s: %v\n%s", where, err, stmt)
				}
				if tag.Insert() {
					inserted += tag.RowsAffected()
				}
			}
			if inserted > 0 && serveURL != "" {
				waitExpiredGone(t, ctx, pool, table)
			}

		case "sh":
			for _, cmdLine := range strings.Split(strings.TrimSpace(step.text), "\n") {
				if cmdLine == "lethe serve" {
					serveURL = startQuickstartServe(t, dir, env, cmdLine)
					continue
				}
				if strings.Contains(cmdLine, quickstartListen) {
					if serveURL == "" {
						t.Fatalf("%s: %s before lethe serve", where, cmdLine)
					}
					cmdLine = strings.ReplaceAll(cmdLine, quickstartListen, serveURL)
				}
				cmd := exec.CommandContext(ctx, "sh", "-c", cmdLine)
				cmd.Dir, cmd.Env = dir, env
				var stdout strings.Builder
				cmd.Stdout = &stdout
				cmd.Stderr = &stdout
				err := cmd.Run()
				out := stdout.String()
				switch {
				case step.fails && cmd.ProcessState.ExitCode() != 1:
					t.Fatalf("%s: %s: %v, README says it fails with exit status 1:\n%s", where, cmdLine, err, out)
				case !step.fails && err != nil:
					t.Fatalf("%s: %s: %v\n%s", where, cmdLine, err, out)
				}
				if step.fails {
					if i+1 == len(steps) || steps[i+1].kind != "sql" {
						t.Fatalf("%s: a failing command must be followed by the SQL it prints", where)
					}
					if want := steps[i+1].text; !strings.Contains(out, want) {
						t.Errorf("%s: %s does not print README's next SQL block:\n%s\nwant:\n%s", where, cmdLine, out, want)
					}
				}
				if !step.fails && strings.HasPrefix(cmdLine, "lethe check-config --db") {
					ok := regexp.MustCompile(`(?m)^\s+` + regexp.QuoteMeta(policy) + `\s+ok$`)
					if !ok.MatchString(out) {
						t.Errorf("%s: %s does not report %s ok:\n%s", where, cmdLine, policy, out)
					}
				}
				if strings.Contains(cmdLine, "/api/v1/") {
					api = out
				}
			}
		}
	}

	if serveURL == "" || api == "" || table == "" {
		t.Fatalf("README's quick start has no lethe serve (%q), API query (%q) or policy table (%q)", serveURL, api, table)
	}
	var live, left int64
	if err := pool.QueryRow(ctx, fmt.Sprintf(`SELECT count(*) FILTER (WHERE expires_at > now()), count(*) FROM %s`, pgx.Identifier{table}.Sanitize())).Scan(&live, &left); err != nil {
		t.Fatal(err)
	}
	if live == 0 || left != live || inserted <= live {
		t.Fatalf("%s: %d rows inserted, %d left, %d of them live: want the expired ones gone and some live ones kept", table, inserted, left, live)
	}
	expired := inserted - live

	var answer struct {
		Policy struct {
			Name    string
			Backlog int64
			Deleted struct {
				RowsLastHour int64 `json:"rows_last_hour"`
			}
		}
		Audit []struct {
			Action      string
			RowsDeleted int64 `json:"rows_deleted"`
			Outcome     string
		}
	}
	if err := json.Unmarshal([]byte(api), &answer); err != nil {
		t.Fatalf("README's API query answered %q: %v", api, err)
	}
	var audited int64
	for _, a := range answer.Audit {
		if a.Action == "expire_batch" && a.Outcome == "ok" {
			audited += a.RowsDeleted
		}
	}
	if answer.Policy.Name != policy || answer.Policy.Deleted.RowsLastHour != expired || audited != expired || answer.Policy.Backlog != 0 {
		t.Errorf("README's API query: policy %q, %d rows deleted in the last hour, %d in its audit, backlog %d; want %s, %d, %d, 0:\n%s",
			answer.Policy.Name, answer.Policy.Deleted.RowsLastHour, audited, answer.Policy.Backlog, policy, expired, expired, api)
	}

	// The dashboard's page answers, and the overview its script draws the
	// policy's row from shows the same deletion.
	if status, _ := httpGet(t, serveURL+"/"); status != http.StatusOK {
		t.Errorf("dashboard: status %d", status)
	}
	// The overview is cached for a few seconds (one round of queries
	// however many dashboards poll): it may show the moment before the
	// deletion first.
	var overview struct {
		Policies []struct {
			Name    string
			Deleted struct {
				RowsLastHour int64 `json:"rows_last_hour"`
			}
		}
	}
	shows := func() bool {
		return len(overview.Policies) == 1 && overview.Policies[0].Name == policy && overview.Policies[0].Deleted.RowsLastHour == expired
	}
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(200 * time.Millisecond) {
		_, body := httpGet(t, serveURL+"/api/v1/overview")
		if err := json.Unmarshal(body, &overview); err != nil {
			t.Fatalf("overview: %v\n%s", err, body)
		}
		if shows() || time.Now().After(deadline) {
			break
		}
	}
	if !shows() {
		t.Errorf("dashboard's overview: %+v, want the one policy %s with %d rows deleted in the last hour", overview.Policies, policy, expired)
	}
}

func httpGet(t *testing.T, url string) (int, []byte) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, body
}

// sqlStatements splits a README SQL block into its statements, each ending
// with ';' at the end of a line: CREATE INDEX CONCURRENTLY must run alone,
// outside the implicit transaction of a multi-statement query.
func sqlStatements(block string) []string {
	var stmts []string
	var cur strings.Builder
	sc := bufio.NewScanner(strings.NewReader(block))
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(strings.TrimSpace(line), "--") {
			continue
		}
		cur.WriteString(line)
		cur.WriteByte('\n')
		if strings.HasSuffix(strings.TrimSpace(line), ";") {
			stmts = append(stmts, cur.String())
			cur.Reset()
		}
	}
	if strings.TrimSpace(cur.String()) != "" {
		stmts = append(stmts, cur.String())
	}
	return stmts
}

// waitExpiredGone waits until no row of table is past its expires_at, as
// README says happens within a few seconds of a 5s schedule; the bound is
// generous for a busy machine.
func waitExpiredGone(t *testing.T, ctx context.Context, pool *pgxpool.Pool, table string) {
	t.Helper()
	query := fmt.Sprintf(`SELECT count(*) FROM %s WHERE expires_at <= now()`, pgx.Identifier{table}.Sanitize())
	testenv.WaitUntil(t, 90*time.Second, "the expired rows of "+table+" to be deleted", func() (bool, error) {
		var n int64
		err := pool.QueryRow(ctx, query).Scan(&n)
		return n == 0, err
	})
}

// startQuickstartServe runs README's `lethe serve` line in dir and returns
// the base URL it serves on, once it does. It is stopped with SIGTERM when
// the test ends; if the test failed, its log's tail is printed.
func startQuickstartServe(t *testing.T, dir string, env []string, cmdLine string) string {
	t.Helper()
	logPath := filepath.Join(dir, "serve.log")
	logFile, err := os.Create(logPath)
	if err != nil {
		t.Fatal(err)
	}
	log := &serveLog{file: logFile, url: make(chan string, 1)}
	cmd := exec.Command("sh", "-c", "exec "+cmdLine)
	cmd.Dir, cmd.Env = dir, env
	cmd.Stdout, cmd.Stderr = logFile, log
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Signal(syscall.SIGTERM)
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case <-done:
		case <-time.After(30 * time.Second):
			_ = cmd.Process.Kill()
			<-done
		}
		logFile.Close()
		if t.Failed() {
			if data, err := os.ReadFile(logPath); err == nil {
				if len(data) > 8000 {
					data = data[len(data)-8000:]
				}
				t.Logf("serve.log:\n%s", data)
			}
		}
	})
	select {
	case u := <-log.url:
		return u
	case <-time.After(90 * time.Second):
		t.Fatal("lethe serve did not report its address within 90s")
		return ""
	}
}
