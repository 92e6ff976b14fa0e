package config

import (
	"strings"
	"testing"
)

// TestHoldColumnConfig: expire and sweep policies take an optional
// hold_column, checked as an identifier, and a sweep in partitions mode
// refuses it (a partition is dropped whole, held rows included).
func TestHoldColumnConfig(t *testing.T) {
	t.Parallel()
	parse := func(policy string) (*Config, error) { return Parse([]byte("policies:\n"+policy), nil) }
	const expire = `
  - name: pastes
    kind: expire
    table: pastes
`
	const sweep = `
  - name: idempotency
    kind: sweep
    table: lineage_event_idempotency
    key_column: idempotency_key
`
	cfg, err := parse(expire + "    hold_column: legal_hold\n")
	if err != nil {
		t.Fatal(err)
	}
	if got := cfg.Expire("pastes").HoldColumn; got != "legal_hold" {
		t.Errorf("expire hold_column = %q", got)
	}
	cfg, err = parse(sweep + "    hold_column: legal_hold\n")
	if err != nil {
		t.Fatal(err)
	}
	if got := cfg.Policies[0].(*Sweep).HoldColumn; got != "legal_hold" {
		t.Errorf("sweep hold_column = %q", got)
	}
	for name, c := range map[string]struct{ policy, want string }{
		"expire bad ident":   {expire + "    hold_column: \"a;b\"\n", "hold_column"},
		"sweep bad ident":    {sweep + "    hold_column: \"a b\"\n", "hold_column"},
		"sweep partitions":   {sweep + "    mode: partitions\n    hold_column: legal_hold\n", "hold_column: applies only to mode rows"},
		"expire unknown key": {expire + "    hold_columns: x\n", "hold_columns"},
	} {
		if _, err := parse(c.policy); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want it to name %q", name, err, c.want)
		}
	}
}
