package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/internal/testenv"
	"github.com/lethehq/lethe/jobs"
)

// buildLethe builds the real binary once per test.
func buildLethe(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "lethe")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		t.Fatalf("build lethe: %v\n%s", err, out)
	}
	return bin
}

// startServe starts `lethe serve` on a free loopback port with its log in
// logPath and returns the process and its base URL once it serves. The
// process is killed when the test ends; if the test failed, the log's tail
// is printed.
func startServe(t *testing.T, bin, configPath, logPath string, env ...string) (*exec.Cmd, string) {
	t.Helper()
	logFile, err := os.Create(logPath)
	if err != nil {
		t.Fatal(err)
	}
	log := &serveLog{file: logFile, url: make(chan string, 1)}
	cmd := exec.Command(bin, "serve", "--config", configPath, "--listen", "127.0.0.1:0")
	cmd.Env = append(os.Environ(), env...)
	cmd.Stdout, cmd.Stderr = logFile, log
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		logFile.Close()
		if t.Failed() {
			if data, err := os.ReadFile(logPath); err == nil {
				if len(data) > 8000 {
					data = data[len(data)-8000:]
				}
				t.Logf("%s:\n%s", filepath.Base(logPath), data)
			}
		}
	})
	select {
	case u := <-log.url:
		return cmd, u
	case <-time.After(60 * time.Second):
		t.Fatal("lethe serve did not report its address within 60s")
		return nil, ""
	}
}

// serveLog writes lethe's log to a file and reports the URL of its
// "Lethe serving" line.
type serveLog struct {
	file    *os.File
	partial []byte
	url     chan string
}

func (w *serveLog) Write(p []byte) (int, error) {
	w.partial = append(w.partial, p...)
	for {
		line, rest, ok := bytes.Cut(w.partial, []byte("\n"))
		if !ok {
			break
		}
		var entry struct {
			Msg string `json:"msg"`
			URL string `json:"url"`
		}
		if json.Unmarshal(line, &entry) == nil && entry.Msg == "Lethe serving" {
			select {
			case w.url <- strings.TrimSuffix(entry.URL, "/"):
			default:
			}
		}
		w.partial = rest
	}
	return w.file.Write(p)
}

func TestServe(t *testing.T) {
	t.Parallel()
	bin := buildLethe(t)

	t.Run("ServesProbesRiverUIAndStopsGracefullyOnSIGTERM", func(t *testing.T) {
		t.Parallel()
		dbURL := testenv.DatabaseURL(t)
		// The checked-in example with the blob dir pointed at a temp dir.
		example := strings.Replace(string(mustRead(t, "../../lethe.yaml")), "dir: .lethe/blobs", "dir: "+filepath.Join(t.TempDir(), "blobs"), 1)
		example = strings.Replace(example, "shutdown_grace: 30s", "shutdown_grace: 5s", 1)
		configPath := writeConfig(t, example)

		cmd, base := startServe(t, bin, configPath, filepath.Join(t.TempDir(), "serve.log"), "DATABASE_URL="+dbURL, "LOG_LEVEL=info")

		for path, want := range map[string]int{"/healthz": 200, "/readyz": 200, "/riverui/": 200, "/metrics": 200} {
			resp, err := http.Get(base + path)
			if err != nil {
				t.Fatalf("GET %s: %v", path, err)
			}
			resp.Body.Close()
			if resp.StatusCode != want {
				t.Errorf("GET %s = %d, want %d", path, resp.StatusCode, want)
			}
		}

		// Every policy's periodic jobs are registered with River and run on
		// start, so River UI lists them.
		pool, err := pgxpool.New(context.Background(), dbURL)
		if err != nil {
			t.Fatal(err)
		}
		defer pool.Close()
		deadline := time.Now().Add(30 * time.Second)
		for {
			var kinds []string
			if err := pool.QueryRow(context.Background(), `SELECT coalesce(array_agg(DISTINCT kind ORDER BY kind), '{}') FROM lethe.river_job`).Scan(&kinds); err != nil {
				t.Fatal(err)
			}
			joined := strings.Join(kinds, ",")
			if strings.Contains(joined, jobs.KindExpirePlan) && strings.Contains(joined, jobs.KindSweep) {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("periodic jobs not inserted on start; kinds seen: %v", kinds)
			}
			time.Sleep(200 * time.Millisecond)
		}

		// migrate_on_start creates only Lethe's and River's tables, so the
		// example policies' tables are missing: their jobs fail with an
		// error naming the table, and the service keeps serving.
		testenv.WaitUntil(t, 30*time.Second, "the expire policy's error naming its missing table", func() (bool, error) {
			var lastError *string
			err := pool.QueryRow(context.Background(), `SELECT last_error FROM lethe_policy_state WHERE policy = 'pastes'`).Scan(&lastError)
			if errors.Is(err, pgx.ErrNoRows) {
				return false, nil
			}
			return lastError != nil && strings.Contains(*lastError, `"pastes" does not exist`), err
		})
		if resp, err := http.Get(base + "/healthz"); err != nil || resp.StatusCode != 200 {
			t.Fatalf("GET /healthz after the policies' jobs failed: %v", err)
		} else {
			resp.Body.Close()
		}

		waitExit(t, cmd, syscall.SIGTERM)
	})
}

// waitExit sends sig to cmd, a running lethe, waits for it to end and fails
// unless it exits 0 within 30s.
func waitExit(t *testing.T, cmd *exec.Cmd, sig os.Signal) {
	t.Helper()
	if err := cmd.Process.Signal(sig); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("lethe %s exited with %v after %v, want exit 0", cmd.Args[1], err, sig)
		}
	case <-time.After(30 * time.Second):
		t.Fatalf("lethe %s did not exit within 30s of %v", cmd.Args[1], sig)
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestNoDatabaseConfigured: with database.url empty, DATABASE_URL unset and
// nothing answering at the local address, serve and the commands that
// connect fail at once naming database.url. They start and install
// nothing: no private cluster appears in the cache directory.
func TestNoDatabaseConfigured(t *testing.T) {
	t.Setenv("DATABASE_URL", "") // pgboot reads it too; this test is not parallel for that
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	closed := "127.0.0.1:" + strconv.Itoa(freePort(t))
	configPath := writeConfig(t, "http: {listen: 127.0.0.1:0}\nblob: {local: {dir: "+filepath.Join(t.TempDir(), "blobs")+"}}")

	for _, args := range [][]string{{"serve"}, {"migrate", "status"}, {"check-config", "--db"}, {"clear-tombstone", "run", "abc"}} {
		var out, errOut bytes.Buffer
		c := &cli{stdout: &out, stderr: &errOut, getenv: func(string) string { return "" }, localPG: closed}
		start := time.Now()
		code := run(t.Context(), c, append(args, "--config", configPath))
		msg := errOut.String()
		if code != 1 || !strings.Contains(msg, "database.url is empty, DATABASE_URL is unset and nothing answers at "+closed+"; set database.url") {
			t.Errorf("lethe %v: exit %d, stderr %q; want 1 and an error naming database.url and %s", args, code, msg, closed)
		}
		if strings.Contains(msg, "apt-get") || strings.Contains(msg, "private") || strings.Count(strings.TrimSpace(msg), "\n") != 0 {
			t.Errorf("lethe %v: stderr %q: want one line, and no cluster started or package installed", args, msg)
		}
		if d := time.Since(start); d > 10*time.Second {
			t.Errorf("lethe %v took %s to give up", args, d)
		}
	}
	if entries, err := os.ReadDir(cache); err != nil || len(entries) > 0 {
		t.Errorf("the commands wrote to the cache directory: %v, %v", entries, err)
	}
}

func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// TestStopsWithZeroOnSignal runs the built binary's serve and demo, and
// stops each with SIGINT (Ctrl-C) or SIGTERM: a clean shutdown on a signal
// is a success, exit 0, so neither a shell script nor `go tool task demo`
// reports it as a failure.
func TestStopsWithZeroOnSignal(t *testing.T) {
	t.Parallel()
	bin := buildLethe(t)

	t.Run("ServeOnSIGINT", func(t *testing.T) {
		t.Parallel()
		configPath := writeConfig(t, "blob:\n  kind: local\n  local:\n    dir: "+filepath.Join(t.TempDir(), "blobs")+"\nshutdown_grace: 5s\n")
		cmd, _ := startServe(t, bin, configPath, filepath.Join(t.TempDir(), "serve.log"), "DATABASE_URL="+testenv.DatabaseURL(t))
		waitExit(t, cmd, os.Interrupt)
	})

	for _, sig := range []os.Signal{os.Interrupt, syscall.SIGTERM} {
		t.Run("DemoOn"+strings.ToUpper(sig.String()[:1])+sig.String()[1:], func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			cmd := exec.Command(bin, "demo", "--no-seed", "--listen", "127.0.0.1:0")
			cmd.Dir = dir // the embedded configuration's blobs go to .lethe/blobs
			cmd.Env = append(os.Environ(), "DATABASE_URL="+testenv.DatabaseURL(t))
			stdout, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() {
				_ = cmd.Process.Kill()
				_ = cmd.Wait()
				if t.Failed() {
					t.Logf("stderr:\n%s", stderr.String())
				}
			})
			running := make(chan struct{})
			go func() {
				scanner := bufio.NewScanner(stdout)
				for scanner.Scan() {
					if strings.Contains(scanner.Text(), "Press Ctrl-C to stop.") {
						close(running)
					}
				}
			}()
			select {
			case <-running:
			case <-time.After(60 * time.Second):
				t.Fatal("lethe demo did not say it was running within 60s")
			}
			waitExit(t, cmd, sig)
		})
	}
}

// TestMissingDatabase: database.url names a database the server does not
// have. serve and the commands that connect fail at once, with the
// server's message and the command that creates it.
func TestMissingDatabase(t *testing.T) {
	t.Parallel()
	admin := testenv.Pool(t)
	dbURL := testenv.DatabaseURL(t)
	name := dbURL[strings.LastIndex(dbURL, "/")+1:]
	if i := strings.IndexByte(name, '?'); i >= 0 {
		name = name[:i]
	}
	if _, err := admin.Exec(t.Context(), "DROP DATABASE "+pgx.Identifier{name}.Sanitize()); err != nil {
		t.Fatal(err)
	}
	configPath := writeConfig(t, "database: {url: \""+dbURL+"\"}\nhttp: {listen: 127.0.0.1:0}\nblob: {local: {dir: "+filepath.Join(t.TempDir(), "blobs")+"}}")
	for _, args := range [][]string{{"serve"}, {"migrate", "up"}} {
		code, _, errOut := runCLI(t, nil, append(args, "--config", configPath)...)
		for _, want := range []string{`database "` + name + `" does not exist`, `createdb -h 127.0.0.1`, `"` + name + `"`, "lethe migrate up"} {
			if code != 1 || !strings.Contains(errOut, want) {
				t.Errorf("lethe %v on a missing database: exit %d, stderr lacks %q\nstderr: %s", args, code, want, errOut)
			}
		}
	}
}
