package main

import (
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lethehq/lethe/internal/testenv"
)

// TestServeRefusesStandby starts `lethe serve` against a real hot standby:
// it exits 1 at once with one line naming the server and telling to use the
// primary, before River would fail on LISTEN.
func TestServeRefusesStandby(t *testing.T) {
	t.Parallel()
	pair := testenv.Replicated(t)
	u, err := url.Parse(pair.StandbyURL)
	if err != nil {
		t.Fatal(err)
	}
	configPath := writeConfig(t, "database: {url: '"+pair.StandbyURL+"'}\nhttp: {listen: 127.0.0.1:0}\nblob: {local: {dir: "+filepath.Join(t.TempDir(), "blobs")+"}}")

	code, _, stderr := runCLI(t, nil, "serve", "--config", configPath)
	msg := strings.TrimSpace(stderr)
	want := "lethe serve: " + u.Host + " (database lethe) is a hot standby in recovery"
	t.Logf("stderr: %s", msg)
	if code != 1 || !strings.HasPrefix(msg, want) || !strings.Contains(msg, "point database.url (or DATABASE_URL) at the primary") || strings.Contains(msg, "\n") {
		t.Fatalf("serve on a standby: exit %d, stderr %q; want 1 and one line starting %q that says to use the primary", code, msg, want)
	}
}
