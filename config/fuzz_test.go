package config_test

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/lethehq/lethe/config"
)

// FuzzParse parses arbitrary YAML (and an arbitrary
// IDEMPOTENCY_CLEANUP_INTERVAL). Parse never panics and always gives the
// same answer; it either returns a configuration that validates or an
// *Error naming at least one problem.
func FuzzParse(f *testing.F) {
	f.Add(config.Default, "")
	if example, err := os.ReadFile("../lethe.yaml"); err == nil {
		f.Add(example, "15m")
	}
	for _, text := range []string{
		"", "[]", "x", "42", "null", "~", "---\n---\n", "policies: 7", "policies: [7, x, null]",
		"policies:\n  - name: p\n    kind: shred\n",
		"policies:\n  - name: pastes\n    kind: expire\n    table: pastes\n    batch_size: ten\n    batch_sise: 1\n",
		"policies:\n  - name: keys\n    kind: sweep\n    table: t\n    expires_at_column: e\n    batch_size: 99999999999999999999\n",
		"policies:\n  - name: runs\n    kind: tombstone\n    entity: run\n    tombstone_max_age: -1s\n",
		"entities:\n  - name: account\n    table: accounts\n    key_column: id\n    edges: [{table: x, column: y}]\n",
		"a: &a [*a]", "a: &a {b: *a}", "x: &x\n  - *x\n",
		"a: &a [1,2]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a]\nc: [*b,*b,*b,*b,*b,*b,*b,*b]\n",
		"log_level: \"" + strings.Repeat("v", 10000) + "\"",
		"database: {max_conns: 1}\nhttp: {listen: ':'}\nblob: {kind: s3}\n",
		"river: {schema: \"Bad Schema\", rescue_stuck_jobs_after: 1ns}\n",
		strings.Repeat("[", 1000) + strings.Repeat("]", 1000),
		"\t\x00\xff",
	} {
		f.Add([]byte(text), "")
	}
	f.Add([]byte("policies: []"), "-1s")
	f.Add([]byte("policies: []"), "9999999999h")

	f.Fuzz(func(t *testing.T, data []byte, interval string) {
		getenv := func(name string) string {
			if name == "IDEMPOTENCY_CLEANUP_INTERVAL" {
				return interval
			}
			return ""
		}
		cfg, err := config.Parse(data, getenv)
		if _, again := config.Parse(data, getenv); fmt.Sprint(again) != fmt.Sprint(err) {
			t.Fatalf("Parse is not deterministic:\n%v\nthen\n%v", err, again)
		}
		if err != nil {
			var cfgErr *config.Error
			if !errors.As(err, &cfgErr) || len(cfgErr.Problems) == 0 {
				t.Fatalf("error %v is a %T without problems, want a *config.Error naming at least one", err, err)
			}
			for _, p := range cfgErr.Problems {
				if strings.TrimSpace(p) == "" {
					t.Fatalf("empty problem in %q", cfgErr.Problems)
				}
			}
			return
		}
		if cfg == nil {
			t.Fatal("Parse returned neither a configuration nor an error")
		}
		if err := cfg.Validate(); err != nil {
			t.Fatalf("accepted configuration does not validate again: %v", err)
		}
	})
}
