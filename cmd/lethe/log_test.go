package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/lethehq/lethe/config"
)

// TestLogDurations: durations in Lethe's log are numbers of seconds, not
// strings or integers of nanoseconds, whether logged as slog.Duration,
// slog.Any or inside a group, and in the log lines of a real command.
func TestLogDurations(t *testing.T) {
	t.Parallel()

	t.Run("Attributes", func(t *testing.T) {
		t.Parallel()
		var buf bytes.Buffer
		c := &cli{stderr: &buf}
		c.logger(&config.Config{LogLevel: "info", LogFormat: config.LogFormatJSON}).Info("Done",
			slog.Duration("duration", 1500*time.Millisecond),
			slog.Any("grace", 30*time.Second),
			slog.Group("batch", slog.Duration("took", 2*time.Hour)),
			slog.Int("rows", 7))
		var line struct {
			Duration any `json:"duration"`
			Grace    any `json:"grace"`
			Batch    struct {
				Took any `json:"took"`
			} `json:"batch"`
			Rows int `json:"rows"`
		}
		if err := json.Unmarshal(buf.Bytes(), &line); err != nil {
			t.Fatalf("log line %q: %v", buf.String(), err)
		}
		if line.Duration != 1.5 || line.Grace != 30.0 || line.Batch.Took != 7200.0 || line.Rows != 7 {
			t.Errorf("log line %s: want duration 1.5, grace 30, batch.took 7200 and rows 7", buf.String())
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
				OlderThan any    `json:"older_than_seconds"`
			}
			if json.Unmarshal(sc.Bytes(), &line) == nil && line.Msg == "Collected tombstones" {
				if line.OlderThan != 604800.0 {
					t.Errorf("older_than_seconds = %#v in %s, want 604800", line.OlderThan, sc.Text())
				}
				return
			}
		}
		t.Errorf("no \"Collected tombstones\" line in the log:\n%s", stderr)
	})
}

// TestLogFormat: log_format auto writes text lines to a terminal and JSON
// lines elsewhere; text and json write their format wherever they go; and
// LOG_FORMAT overrides the file in a real command's log.
func TestLogFormat(t *testing.T) {
	t.Parallel()

	terminal := func(io.Writer) bool { return true }
	notTerminal := func(io.Writer) bool { return false }
	for _, tc := range []struct {
		name       string
		format     string
		isTerminal func(io.Writer) bool
		wantJSON   bool
	}{
		{"AutoOnTerminal", config.LogFormatAuto, terminal, false},
		{"AutoElsewhere", config.LogFormatAuto, notTerminal, true},
		{"AutoWithoutTerminalCheck", config.LogFormatAuto, nil, true},
		{"TextElsewhere", config.LogFormatText, notTerminal, false},
		{"JSONOnTerminal", config.LogFormatJSON, terminal, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var buf bytes.Buffer
			c := &cli{stderr: &buf, isTerminal: tc.isTerminal}
			c.logger(&config.Config{LogLevel: "info", LogFormat: tc.format}).Info("Done", slog.Duration("took", 250*time.Millisecond))
			line := strings.TrimSpace(buf.String())
			var fields map[string]any
			isJSON := json.Unmarshal([]byte(line), &fields) == nil
			switch {
			case isJSON != tc.wantJSON:
				t.Errorf("log_format %s: line %q, want JSON %v", tc.format, line, tc.wantJSON)
			case isJSON && fields["took"] != 0.25:
				t.Errorf("log_format %s: took = %#v in %q, want 0.25", tc.format, fields["took"], line)
			case !isJSON && !strings.Contains(line, "msg=Done took=0.25"):
				t.Errorf("log_format %s: line %q, want text with msg=Done took=0.25", tc.format, line)
			}
		})
	}

	t.Run("EnvOverridesFile", func(t *testing.T) {
		t.Parallel()
		url, _ := migratedDB(t)
		yaml := strings.Replace(string(config.Default), "dir: .lethe/blobs", "dir: "+t.TempDir(), 1)
		yaml = strings.Replace(yaml, "log_format: auto", "log_format: json", 1)
		code, stdout, stderr := runCLI(t, map[string]string{"DATABASE_URL": url, "LOG_LEVEL": "info", "LOG_FORMAT": "text"},
			"cleanup-tombstones", "--config", writeConfig(t, yaml), "--older-than", "168h")
		if code != 0 {
			t.Fatalf("lethe cleanup-tombstones: exit %d\nstdout: %s\nstderr: %s", code, stdout, stderr)
		}
		if !strings.Contains(stderr, `msg="Collected tombstones"`) || !strings.Contains(stderr, "older_than_seconds=604800") {
			t.Errorf("LOG_FORMAT=text over log_format: json: no text line for the collected tombstones:\n%s", stderr)
		}
		if strings.Contains(stderr, "{\"time\"") {
			t.Errorf("LOG_FORMAT=text over log_format: json: a JSON line in the log:\n%s", stderr)
		}
	})
}
