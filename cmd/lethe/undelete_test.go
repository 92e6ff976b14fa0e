package main

import (
	"strings"
	"testing"

	"github.com/lethehq/lethe/blob"
	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/internal/service/servicetest"
)

// TestUndeleteCLI deletes a run whose entity has a restore_window and
// undoes it from the command line: the run and its blob are back, the
// undelete is audited with the operating system user, and a second
// undelete says there is nothing to undo.
func TestUndeleteCLI(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	url, pool := migratedDB(t)
	env := map[string]string{"DATABASE_URL": url, "USER": "carol"}
	blobDir := t.TempDir()
	text := strings.Replace(string(config.Default), "dir: .lethe/blobs", "dir: "+blobDir, 1)
	text = strings.Replace(text, "    blob_prefix: \"runs/{key}/\"", "    restore_window: 14d\n    blob_prefix: \"runs/{key}/\"", 1)
	cfgPath := writeConfig(t, text)
	cfg, err := config.Load(cfgPath, func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	servicetest.Serve(t, cfg)
	if err := db.UpsertRun(ctx, db.Timeouts{}.Pool(pool), "r-oops", "oops"); err != nil {
		t.Fatal(err)
	}
	store, err := blob.NewLocal(blobDir)
	if err != nil {
		t.Fatal(err)
	}
	if err := store.Put(ctx, "runs/r-oops/model.bin", []byte("weights")); err != nil {
		t.Fatal(err)
	}

	if code, stdout, stderr := runCLI(t, env, "delete", "--config", cfgPath, "run", "r-oops", "--wait", "--timeout", "30s"); code != 0 {
		t.Fatalf("delete: exit %d\nstdout: %s\nstderr: %s", code, stdout, stderr)
	}
	if exists, err := db.RunExists(ctx, pool, "r-oops"); err != nil || exists {
		t.Fatalf("deleted run exists = %t, %v", exists, err)
	}
	code, stdout, stderr := runCLI(t, env, "undelete", "--config", cfgPath, "run", "r-oops")
	if code != 0 || !strings.Contains(stdout, "run r-oops undeleted: 1 rows back") {
		t.Fatalf("undelete: exit %d\nstdout: %s\nstderr: %s", code, stdout, stderr)
	}
	if exists, err := db.RunExists(ctx, pool, "r-oops"); err != nil || !exists {
		t.Fatalf("undeleted run exists = %t, %v", exists, err)
	}
	if data, err := store.Get(ctx, "runs/r-oops/model.bin"); err != nil || string(data) != "weights" {
		t.Fatalf("blob of the undeleted run: %q, %v", data, err)
	}
	if ts, err := db.GetTombstone(ctx, pool, "run", "r-oops"); err != nil || ts != nil {
		t.Fatalf("tombstone after undelete: %+v, %v", ts, err)
	}
	audit, err := db.SearchAudit(ctx, pool, db.AuditFilter{Action: db.ActionUndeleteEntity}, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(audit) != 1 || audit[0].Detail["by"] != "cli:carol" || audit[0].Detail["key"] != "r-oops" {
		t.Errorf("undelete audit %+v", audit)
	}
	if code, _, stderr := runCLI(t, env, "undelete", "--config", cfgPath, "run", "r-oops"); code != 1 || !strings.Contains(stderr, "run r-oops cannot be undeleted: no deletion of it is captured") {
		t.Errorf("undelete again: exit %d, %s", code, stderr)
	}
}
