package config_test

import (
	"strings"
	"testing"

	"github.com/lethehq/lethe/config"
)

func TestPrivacyKeyDisplay(t *testing.T) {
	t.Parallel()
	noEnv := func(string) string { return "" }

	t.Run("DefaultsToFull", func(t *testing.T) {
		t.Parallel()
		cfg, err := config.Parse(nil, noEnv)
		if err != nil {
			t.Fatal(err)
		}
		if cfg.Privacy.KeyDisplay != config.KeyDisplayFull || cfg.Privacy.DisplayKey("42") != "42" {
			t.Errorf("key_display %q shows 42 as %q, want full and 42", cfg.Privacy.KeyDisplay, cfg.Privacy.DisplayKey("42"))
		}
	})

	t.Run("HashShowsSHA256", func(t *testing.T) {
		t.Parallel()
		cfg, err := config.Parse([]byte("privacy:\n  key_display: hash\n"), noEnv)
		if err != nil {
			t.Fatal(err)
		}
		// printf %s 42 | sha256sum
		const want = "sha256:73475cb40a568e8da8a045ced110137e159f890ac4da883b6b17dc651b3a8049"
		if got := cfg.Privacy.DisplayKey("42"); got != want {
			t.Errorf("DisplayKey(42) = %q, want %q", got, want)
		}
	})

	t.Run("UnknownIsNamed", func(t *testing.T) {
		t.Parallel()
		_, err := config.Parse([]byte("privacy:\n  key_display: partial\n"), noEnv)
		if err == nil || !strings.Contains(err.Error(), "privacy.key_display") {
			t.Errorf("key_display partial: got %v, want an error naming privacy.key_display", err)
		}
	})
}
