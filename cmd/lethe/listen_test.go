package main

import (
	"strings"
	"testing"
)

// TestServeRefusesOpenListen proves the service never listens beyond
// loopback without credentials: serve exits 2 (a configuration error) naming
// http.listen before it touches the database.
func TestServeRefusesOpenListen(t *testing.T) {
	t.Parallel()

	t.Run("ListenFlag", func(t *testing.T) {
		t.Parallel()
		code, _, stderr := runCLI(t, nil, "serve", "--config", writeConfig(t, "http: {listen: 127.0.0.1:0}"), "--listen", "0.0.0.0:18089")
		if code != 2 || !strings.Contains(stderr, "http.listen") || !strings.Contains(stderr, "without credentials") {
			t.Errorf("exit %d, stderr %q: want 2 and a message naming http.listen", code, stderr)
		}
	})

	t.Run("ConfigFile", func(t *testing.T) {
		t.Parallel()
		code, _, stderr := runCLI(t, nil, "serve", "--config", writeConfig(t, "http: {listen: 0.0.0.0:18089}"))
		if code != 2 || !strings.Contains(stderr, "http.listen") {
			t.Errorf("exit %d, stderr %q: want 2 and a message naming http.listen", code, stderr)
		}
	})

	t.Run("EnvListen", func(t *testing.T) {
		t.Parallel()
		code, _, stderr := runCLI(t, map[string]string{"LETHE_LISTEN": "[::]:18089"}, "serve", "--config", writeConfig(t, "log_level: info"))
		if code != 2 || !strings.Contains(stderr, "http.listen") {
			t.Errorf("exit %d, stderr %q: want 2 and a message naming http.listen", code, stderr)
		}
	})
}
