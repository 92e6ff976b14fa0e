package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestServeRefusesOpenListen proves the service never listens beyond
// loopback without credentials: serve exits 1 naming http.listen before it
// touches the database.
func TestServeRefusesOpenListen(t *testing.T) {
	t.Parallel()
	noEnv := func(string) string { return "" }

	t.Run("ListenFlag", func(t *testing.T) {
		t.Parallel()
		var stderr bytes.Buffer
		code := run(context.Background(), &cli{stdout: &bytes.Buffer{}, stderr: &stderr, getenv: noEnv},
			[]string{"serve", "--config", writeConfig(t, "http: {listen: 127.0.0.1:0}"), "--listen", "0.0.0.0:18089"})
		if code != 1 || !strings.Contains(stderr.String(), "http.listen") || !strings.Contains(stderr.String(), "without credentials") {
			t.Errorf("exit %d, stderr %q: want 1 and a message naming http.listen", code, stderr.String())
		}
	})

	t.Run("ConfigFile", func(t *testing.T) {
		t.Parallel()
		var stderr bytes.Buffer
		code := run(context.Background(), &cli{stdout: &bytes.Buffer{}, stderr: &stderr, getenv: noEnv},
			[]string{"serve", "--config", writeConfig(t, "http: {listen: 0.0.0.0:18089}")})
		if code != 1 || !strings.Contains(stderr.String(), "http.listen") {
			t.Errorf("exit %d, stderr %q: want 1 and a message naming http.listen", code, stderr.String())
		}
	})

	t.Run("EnvListen", func(t *testing.T) {
		t.Parallel()
		var stderr bytes.Buffer
		env := func(k string) string {
			if k == "LETHE_LISTEN" {
				return "[::]:18089"
			}
			return ""
		}
		code := run(context.Background(), &cli{stdout: &bytes.Buffer{}, stderr: &stderr, getenv: env},
			[]string{"serve", "--config", writeConfig(t, "log_level: info")})
		if code != 1 || !strings.Contains(stderr.String(), "http.listen") {
			t.Errorf("exit %d, stderr %q: want 1 and a message naming http.listen", code, stderr.String())
		}
	})
}

func writeConfig(t *testing.T, yaml string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "lethe.yaml")
	if err := os.WriteFile(path, []byte(yaml+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}
