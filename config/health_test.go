package config_test

import (
	"strings"
	"testing"

	"github.com/lethehq/lethe/config"
)

// TestHealth: the health thresholds default to 3 intervals, take the
// file's values, and refuse negative ones naming the field.
func TestHealth(t *testing.T) {
	t.Parallel()
	cfg, err := config.Parse([]byte("log_level: info\n"), nil)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Health.Behind() != 3 || cfg.Health.Stalled() != 3 {
		t.Errorf("defaults behind %d, stalled %d; want 3 and 3", cfg.Health.Behind(), cfg.Health.Stalled())
	}
	cfg, err = config.Parse([]byte("health: {behind_intervals: 5, stalled_intervals: 10}\n"), nil)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Health.Behind() != 5 || cfg.Health.Stalled() != 10 {
		t.Errorf("behind %d, stalled %d; want 5 and 10", cfg.Health.Behind(), cfg.Health.Stalled())
	}
	for _, field := range []string{"behind_intervals", "stalled_intervals"} {
		_, err := config.Parse([]byte("health: {"+field+": -1}\n"), nil)
		if err == nil || !strings.Contains(err.Error(), "health."+field+": must be at least 1") {
			t.Errorf("%s -1: %v, want an error naming it", field, err)
		}
	}
}
