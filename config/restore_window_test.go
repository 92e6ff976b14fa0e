package config

import (
	"strings"
	"testing"
	"time"
)

// TestRestoreWindowConfig: an entity's restore_window reads days ("14d",
// "1d12h") as well as Go durations, is off unset, and a window that is not
// positive, longer than a year or not a duration is an error naming the
// field.
func TestRestoreWindowConfig(t *testing.T) {
	t.Parallel()
	parse := func(window string) (*Config, error) {
		text := "entities:\n  - name: account\n    table: accounts\n    key_column: id\n"
		if window != "" {
			text += "    restore_window: " + window + "\n"
		}
		return Parse([]byte(text), nil)
	}
	for window, want := range map[string]time.Duration{"": 0, "14d": 14 * 24 * time.Hour, "1d12h": 36 * time.Hour, "36h": 36 * time.Hour, "366d": 366 * 24 * time.Hour} {
		cfg, err := parse(window)
		if err != nil {
			t.Fatalf("%q: %v", window, err)
		}
		if got := cfg.Entity("account").RestoreWindow.D(); got != want {
			t.Errorf("%q reads as %s, want %s", window, got, want)
		}
	}
	for window, want := range map[string]string{
		"0s":     "entities[0].restore_window: 0s must be positive",
		"-1d":    "bad duration",
		"400d":   "entities[0] (account).restore_window: 400d is longer than 366d",
		"banana": "bad duration \"banana\"",
		"2w":     "bad duration \"2w\"",
	} {
		_, err := parse(window)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want an error with %q", window, err, want)
		}
	}
}
