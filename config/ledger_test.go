package config_test

import (
	"strings"
	"testing"
	"time"

	"github.com/lethehq/lethe/config"
)

func TestLedger(t *testing.T) {
	t.Parallel()
	cfg, err := config.Parse(config.Default, nil)
	if err != nil {
		t.Fatal(err)
	}
	if l := cfg.Ledger; !l.On() || l.Prefix != "lethe-ledger/" || l.Retention.D() != 400*24*time.Hour || l.Retention.String() != "400d" {
		t.Errorf("default ledger = %+v", l)
	}
	off, err := config.Parse([]byte("ledger: {enabled: false, retention: 1h}"), nil)
	if err != nil || off.Ledger.On() {
		t.Errorf("ledger off: %+v, %v", off.Ledger, err)
	}
	// The default without its ledger block, for each case to add its own.
	start := strings.Index(string(config.Default), "ledger:\n")
	end := strings.Index(string(config.Default), "flush_interval: 5s\n") + len("flush_interval: 5s\n")
	base := string(config.Default)[:start] + string(config.Default)[end:]
	for yaml, want := range map[string]string{
		"ledger: {retention: 6d}":          "ledger.retention: 6d must be at least 7d: keep the ledger longer than the oldest backup you may restore",
		"ledger: {retention: 400days}":     `ledger.retention: bad duration "400days" (use e.g. 400d, 720h)`,
		"ledger: {prefix: pastes/old/}":    `ledger.prefix: "pastes/old/" overlaps "pastes/" of policy pastes`,
		"ledger: {prefix: ledger}":         `ledger.prefix: "ledger" must end in /`,
		"ledger: {flush_interval: 100ms}":  "ledger.flush_interval: 100ms must be between 1s and 1h",
		"ledger: {prune_schedule: weekly}": "ledger.prune_schedule:",
	} {
		_, err := config.Parse([]byte(base+"\n"+yaml), nil)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", yaml, err, want)
		}
	}
}
