package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/lethehq/lethe/config"
)

// TestLogDurations: durations in Lethe's log read as Go spells them
// ("1.5s"), not as integers of nanoseconds, whether logged as
// slog.Duration, slog.Any or inside a group, and in the log lines of a real
// command.
func TestLogDurations(t *testing.T) {
	t.Parallel()

	t.Run("Attributes", func(t *testing.T) {
		t.Parallel()
		var buf bytes.Buffer
		c := &cli{stderr: &buf}
		c.logger(&config.Config{LogLevel: "info"}).Info("Done",
			slog.Duration("duration", 1500*time.Millisecond),
			slog.Any("grace", 30*time.Second),
			slog.Group("batch", slog.Duration("took", 2*time.Hour)),
			slog.Int("rows", 7))
		var line struct {
			Duration string `json:"duration"`
			Grace    string `json:"grace"`
			Batch    struct {
				Took string `json:"took"`
			} `json:"batch"`
			Rows int `json:"rows"`
		}
		if err := json.Unmarshal(buf.Bytes(), &line); err != nil {
			t.Fatalf("log line %q: %v", buf.String(), err)
		}
		if line.Duration != "1.5s" || line.Grace != "30s" || line.Batch.Took != "2h0m0s" || line.Rows != 7 {
			t.Errorf("log line %s: want duration 1.5s, grace 30s, batch.took 2h0m0s and rows 7", buf.String())
		}
	})

	t.Run("CleanupTombstones", func(t *testing.T) {
		t.Parallel()
		url, _ := migratedDB(t)
		cfgPath := writeDefaultConfig(t, t.TempDir())
		code, stdout, stderr := runCLI(t, map[string]string{"DATABASE_URL": url, "LOG_LEVEL": "info"},
			"cleanup-tombstones", "--config", cfgPath, "--older-than", "168h")
		if code != 0 {
			t.Fatalf("lethe cleanup-tombstones: exit %d\nstdout: %s\nstderr: %s", code, stdout, stderr)
		}
		sc := bufio.NewScanner(strings.NewReader(stderr))
		for sc.Scan() {
			var line struct {
				Msg       string `json:"msg"`
				OlderThan any    `json:"older_than"`
			}
			if json.Unmarshal(sc.Bytes(), &line) == nil && line.Msg == "Collected tombstones" {
				if line.OlderThan != "168h0m0s" {
					t.Errorf("older_than = %#v in %s, want \"168h0m0s\"", line.OlderThan, sc.Text())
				}
				return
			}
		}
		t.Errorf("no \"Collected tombstones\" line in the log:\n%s", stderr)
	})
}
