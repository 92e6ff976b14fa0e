package config_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/lethehq/lethe/config"
)

// problems parses yaml and returns the lines of its error.
func problems(t *testing.T, yaml string) []string {
	t.Helper()
	_, err := config.Parse([]byte(yaml), nil)
	if err == nil {
		t.Fatalf("want an error for\n%s", yaml)
	}
	var cfgErr *config.Error
	if !errors.As(err, &cfgErr) {
		t.Fatalf("error %v is a %T, want *config.Error", err, err)
	}
	return strings.Split(err.Error(), "\n")
}

func TestParseReportsEveryProblem(t *testing.T) {
	t.Parallel()

	t.Run("FieldOfAnotherKind", func(t *testing.T) {
		t.Parallel()
		got := problems(t, `
policies:
  - name: pastes
    kind: expire
    table: pastes
    gc_schedule: "every tuesday"
    tombstone_store: nonsense
    mode: partitions
`)
		want := []string{
			"config: policies[0] (pastes).gc_schedule: belongs to kind tombstone, not expire",
			"config: policies[0] (pastes).tombstone_store: belongs to kind tombstone, not expire",
			"config: policies[0] (pastes).mode: belongs to kind sweep, not expire",
		}
		assertLines(t, got, want)
	})

	t.Run("FieldOfTwoOtherKinds", func(t *testing.T) {
		t.Parallel()
		got := problems(t, "policies:\n  - name: t\n    kind: tombstone\n    table: runs\n")
		assertLines(t, got, []string{"config: policies[0] (t).table: belongs to kind expire or sweep, not tombstone"})
	})

	t.Run("MisspeltFieldsSuggestTheirName", func(t *testing.T) {
		t.Parallel()
		got := problems(t, `
databse:
  url: postgres://x
blob:
  s3:
    bukcet: b
policies:
  - name: pastes
    kind: expire
    table: pastes
    batch_sise: 10
  - name: keys
    kind: sweep
    table: keys
    key_column: k
    pasue: 1s
`)
		assertLines(t, got, []string{
			"config: databse: unknown field; did you mean database?",
			"config: blob.s3.bukcet: unknown field; did you mean bucket?",
			"config: policies[0] (pastes).batch_sise: unknown field; did you mean batch_size?",
			"config: policies[1] (keys).pasue: unknown field; did you mean pause?",
		})
	})

	t.Run("UnknownFieldWithoutSuggestion", func(t *testing.T) {
		t.Parallel()
		got := problems(t, "colour_scheme: dark\n")
		assertLines(t, got, []string{"config: colour_scheme: unknown field"})
	})

	t.Run("TypeErrorsNameThePath", func(t *testing.T) {
		t.Parallel()
		got := problems(t, `
database:
  max_conns: many
http:
  metrics_auth: sometimes
policies:
  - name: keys
    kind: sweep
    table: keys
    key_column: k
    batch_size: ten
    statement_timeout: forever
    adaptive: [true]
`)
		assertLines(t, got, []string{
			`config: database.max_conns: want an integer, got "many"`,
			`config: http.metrics_auth: want true or false, got "sometimes"`,
			`config: policies[0] (keys).batch_size: want an integer, got "ten"`,
			`config: policies[0] (keys).statement_timeout: bad duration "forever" (use e.g. 30s, 5m, 2h)`,
			`config: policies[0] (keys).adaptive: want true or false, got a list`,
		})
	})

	t.Run("ValidationProblemsTogether", func(t *testing.T) {
		t.Parallel()
		got := problems(t, `
log_level: loud
policies:
  - name: pastes
    kind: expire
    table: pastes
    on_delete: drop
    batch_size: -5
  - name: keys
    kind: sweep
    table: keys
    mode: shards
`)
		assertLines(t, got, []string{
			`config: log_level: unknown level "loud" (use debug, info, warn or error)`,
			`config: policies[0] (pastes).on_delete: unknown value "drop" (use delete or mark)`,
			`config: policies[0] (pastes).batch_size: must be at least 1, got -5`,
			`config: policies[1] (keys).key_column: required for kind sweep`,
			`config: policies[1] (keys).mode: unknown value "shards" (use rows or partitions)`,
		})
	})

	t.Run("BadYAMLSyntax", func(t *testing.T) {
		t.Parallel()
		got := problems(t, "policies: [\n")
		if len(got) != 1 || !strings.HasPrefix(got[0], "config: bad YAML: ") {
			t.Fatalf("got %q", got)
		}
	})
}

func TestParseDefaultsPerKind(t *testing.T) {
	t.Parallel()

	cfg, err := config.Parse([]byte(`
policies:
  - {name: pastes, kind: expire, table: pastes}
  - {name: keys, kind: sweep, table: keys, key_column: k}
  - {name: daily, kind: sweep, table: events, mode: partitions}
  - {name: runs, kind: tombstone}
`), nil)
	if err != nil {
		t.Fatal(err)
	}
	if !cfg.MigrateOnStart {
		t.Error("migrate_on_start must default to true")
	}
	expire := cfg.Expire("pastes")
	if expire.Schedule != "@every 1m" || expire.KeyColumn != "id" || expire.StatusColumn != "deletion_status" ||
		expire.OnDelete != config.OnDeleteDelete || expire.BatchSize != 1000 || expire.StuckAfter.D() != 2*time.Hour ||
		expire.BatchTimeout.D() != 5*time.Minute || expire.WatchdogSchedule != "@every 10m" {
		t.Errorf("expire defaults: %+v", expire)
	}
	sweep := cfg.Sweep("keys")
	if sweep.Mode != config.SweepRows || sweep.PartitionPeriod != "" || !sweep.Adaptive || sweep.Pause.D() != 100*time.Millisecond {
		t.Errorf("sweep defaults: %+v", sweep)
	}
	if daily := cfg.Sweep("daily"); daily.PartitionPeriod != config.PartitionDay || daily.PartitionsAhead != 3 {
		t.Errorf("partitions defaults: %+v", daily)
	}
	tomb := cfg.Tombstone("runs")
	if tomb.Entity != "run" || tomb.Schedule != "@daily" || tomb.GCSchedule != "@weekly" || tomb.TombstoneStore != config.StorePostgres {
		t.Errorf("tombstone defaults: %+v", tomb)
	}
	if cfg.Expire("keys") != nil || cfg.Sweep("pastes") != nil || cfg.Tombstone("nope") != nil {
		t.Error("a typed lookup returned a policy of another kind or name")
	}

	off, err := config.Parse([]byte("migrate_on_start: false\n"), nil)
	if err != nil {
		t.Fatal(err)
	}
	if off.MigrateOnStart {
		t.Error("migrate_on_start: false read as true")
	}
}

func TestParseNoOverflow(t *testing.T) {
	t.Parallel()
	got := problems(t, "policies:\n  - {name: p, kind: expire, table: pastes, run_budget: 2000000h}\n")
	assertLines(t, got, []string{
		"config: policies[0] (p).run_budget: 2000000h0m0s must be below half of river.rescue_stuck_jobs_after 1h0m0s",
	})
}

func assertLines(t *testing.T, got, want []string) {
	t.Helper()
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestBlobPrefixes(t *testing.T) {
	t.Parallel()

	t.Run("Defaults", func(t *testing.T) {
		t.Parallel()
		cfg, err := config.Parse(config.Default, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := cfg.Expire("pastes").BlobPrefix; got != "pastes/" {
			t.Errorf("pastes blob_prefix %q, want pastes/", got)
		}
		run := cfg.Entity("run")
		if run.BlobPrefix != "runs/{key}/" || run.OwnedBlobPrefix() != "runs/" || cfg.EntityBlobPrefix("run", "abc") != "runs/abc/" {
			t.Errorf("run blob_prefix %q owns %q", run.BlobPrefix, run.OwnedBlobPrefix())
		}
	})

	t.Run("OverlapsAreRefused", func(t *testing.T) {
		t.Parallel()
		got := problems(t, `
policies:
  - {name: pastes, kind: expire, table: pastes, blob_key_column: blob_key}
  - {name: runs, kind: tombstone, blob_prefix: "{key}/"}
  - {name: pastes-archive, kind: expire, table: archive, blob_key_column: k, blob_prefix: pastes/archive/}
`)
		assertLines(t, got, []string{
			`config: policies[1] (runs).blob_prefix: owns "", which overlaps "pastes/" of policy pastes: give each policy and entity a prefix of its own`,
			`config: policies[2] (pastes-archive).blob_prefix: owns "pastes/archive/", which overlaps "pastes/" of policy pastes: give each policy and entity a prefix of its own`,
			`config: policies[2] (pastes-archive).blob_prefix: owns "pastes/archive/", which overlaps "" of policy runs: give each policy and entity a prefix of its own`,
		})
	})

	t.Run("EntitiesWithoutPolicyOwnTheirPrefix", func(t *testing.T) {
		t.Parallel()
		got := problems(t, `
entities:
  - {name: shadow, table: s, key_column: id, blob_prefix: "pastes/{key}/"}
policies:
  - {name: pastes, kind: expire, table: pastes, blob_key_column: blob_key}
`)
		assertLines(t, got, []string{
			`config: entities[0] (shadow).blob_prefix: owns "pastes/", which overlaps "pastes/" of policy pastes: give each policy and entity a prefix of its own`,
		})
	})

	t.Run("BadPrefixes", func(t *testing.T) {
		t.Parallel()
		got := problems(t, `
policies:
  - {name: a, kind: expire, table: a, blob_key_column: k, blob_prefix: "a"}
  - {name: b, kind: expire, table: b, blob_key_column: k, blob_prefix: "../b/"}
  - {name: c, kind: expire, table: c, blob_prefix: "c/"}
  - {name: d, kind: tombstone, blob_prefix: "d/{key}"}
entities:
  - {name: e, table: e, key_column: id, blob_prefix: "e/{key}/{key}/"}
`)
		assertLines(t, got, []string{
			`config: policies[0] (a).blob_prefix: "a" must end in /`,
			`config: policies[1] (b).blob_prefix: blob: invalid prefix "../b/": ".." path element`,
			`config: policies[2] (c).blob_prefix: applies only with blob_key_column`,
			`config: policies[3] (d).blob_prefix: "d/{key}" must end in {key}/ and name {key} once`,
			`config: entities[0] (e).blob_prefix: "e/{key}/{key}/" must end in {key}/ and name {key} once`,
		})
	})
}

func TestParseYAMLForms(t *testing.T) {
	t.Parallel()

	cfg, err := config.Parse([]byte(`
expire_defaults: &expire
  kind: expire
  batch_size: 500
  stuck_after: 3h
river:
  max_workers:
policies:
  - <<: *expire
    name: pastes
    table: pastes
    batch_size: 200
  - name: keys
    kind: sweep
    table: keys
    key_column: k
    pause:
`), nil)
	if err == nil || !strings.Contains(err.Error(), "expire_defaults: unknown field") {
		t.Fatalf("an unknown top-level anchor holder must still be refused, got %v", err)
	}

	cfg, err = config.Parse([]byte(`
river:
  max_workers:
policies:
  - &expire
    name: pastes
    kind: expire
    table: pastes
    batch_size: 500
    stuck_after: 3h
  - <<: *expire
    name: archive
    table: archive
    batch_size: 200
  - name: keys
    kind: sweep
    table: keys
    key_column: k
    pause:
`), nil)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.River.MaxWorkers != 10 {
		t.Errorf("max_workers with no value = %d, want the default 10", cfg.River.MaxWorkers)
	}
	archive := cfg.Expire("archive")
	if archive == nil || archive.BatchSize != 200 || archive.StuckAfter.D() != 3*time.Hour || archive.Table != "archive" {
		t.Errorf("merged policy = %+v, want its own batch_size 200 and the merged stuck_after 3h", archive)
	}
	if pause := cfg.Sweep("keys").Pause.D(); pause != 100*time.Millisecond {
		t.Errorf("pause with no value = %s, want the default 100ms", pause)
	}
}

func TestParseReportsDecodingAndValidationTogether(t *testing.T) {
	t.Parallel()
	got := problems(t, `
log_level: loud
database:
  max_conns: many
policies:
  - name: shredder
    kind: shred
  - name: pastes
    kind: expire
    table: pastes
    batch_sise: 5
    on_delete: drop
`)
	assertLines(t, got, []string{
		`config: database.max_conns: want an integer, got "many"`,
		`config: policies[0] (shredder).kind: unknown policy kind "shred" (use expire, sweep or tombstone)`,
		`config: policies[1] (pastes).batch_sise: unknown field; did you mean batch_size?`,
		`config: log_level: unknown level "loud" (use debug, info, warn or error)`,
		`config: policies[1] (pastes).on_delete: unknown value "drop" (use delete or mark)`,
	})
}

// TestLongValuesAreShortened checks that a problem repeats at most a short
// prefix of a huge value from the file.
func TestLongValuesAreShortened(t *testing.T) {
	t.Parallel()
	got := problems(t, "log_level: \""+strings.Repeat("x", 100_000)+"\"\n")
	if len(got) != 1 || len(got[0]) > 300 || !strings.Contains(got[0], "…(100000 bytes)") {
		t.Errorf("problem of %d bytes: %.300s", len(strings.Join(got, "")), strings.Join(got, "\n"))
	}
}
