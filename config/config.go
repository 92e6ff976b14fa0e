// Package config loads and validates Lethe's configuration: one YAML file
// declaring the database, the blob store, the HTTP server and the deletion
// policies, with environment variables overriding a few well-known fields.
//
// Load never returns a half-valid Config: every problem is reported as an
// error naming the field, e.g.
//
//	policies[1] (pastes).schedule: bad cron expression "*/61 * * * *": ...
package config

import (
	"bytes"
	"cmp"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"regexp"
	"strings"
	"time"

	"github.com/robfig/cron/v3"
	"gopkg.in/yaml.v3"
)

// Default is the embedded configuration the demo runs on. It is also the
// example checked in as lethe.yaml.
//
//go:embed default.yaml
var Default []byte

// Policy kinds.
const (
	KindExpire    = "expire"    // status-claimed expiry (planner, batch worker, watchdog)
	KindSweep     = "sweep"     // TTL sweep of short-lived keys
	KindTombstone = "tombstone" // entity deletion with tombstones
)

// Config is Lethe's whole configuration.
type Config struct {
	Database Database `yaml:"database"`
	Blob     Blob     `yaml:"blob"`
	HTTP     HTTP     `yaml:"http"`
	River    River    `yaml:"river"`

	// LogLevel is debug, info, warn or error. Env LOG_LEVEL overrides.
	LogLevel string `yaml:"log_level"`

	// ShutdownGrace is how long running jobs get to finish on SIGINT/SIGTERM
	// before their contexts are cancelled.
	ShutdownGrace Duration `yaml:"shutdown_grace"`

	// MigrateOnStart runs migrations before serve starts working jobs.
	MigrateOnStart bool `yaml:"migrate_on_start"`

	Policies []Policy `yaml:"policies"`
}

// Database configures the PostgreSQL connection.
type Database struct {
	// URL is a PostgreSQL connection string. Env DATABASE_URL overrides. When
	// empty, Lethe resolves a server itself (see README, "PostgreSQL").
	URL      string `yaml:"url"`
	MaxConns int32  `yaml:"max_conns"`
}

// Blob configures where blobs live.
type Blob struct {
	// Kind is "local" (a directory) or "s3".
	Kind  string    `yaml:"kind"`
	Local LocalBlob `yaml:"local"`
	S3    S3Blob    `yaml:"s3"`
}

// LocalBlob is a directory-backed blob store.
type LocalBlob struct {
	Dir string `yaml:"dir"`
}

// S3Blob is an S3-compatible blob store. Empty credentials mean the AWS
// default chain (env, shared config, instance role).
type S3Blob struct {
	Endpoint        string `yaml:"endpoint"`
	Region          string `yaml:"region"`
	Bucket          string `yaml:"bucket"`
	PathStyle       bool   `yaml:"path_style"`
	AccessKeyID     string `yaml:"access_key_id"`
	SecretAccessKey string `yaml:"secret_access_key"`
	CreateBucket    bool   `yaml:"create_bucket"`
}

// HTTP configures the web server.
type HTTP struct {
	// Listen is host:port. Without credentials it must be a loopback address.
	Listen string `yaml:"listen"`
	// Token is a bearer token for the API, dashboard actions and River UI.
	// Env LETHE_API_TOKEN overrides.
	Token string `yaml:"token"`
	// Username and Password enable basic auth (for browsers). Env
	// LETHE_USERNAME / LETHE_PASSWORD override.
	Username string `yaml:"username"`
	Password string `yaml:"password"`
	// MetricsAuth puts /metrics behind the credentials too (it is open by
	// default, like /healthz and /readyz, so Prometheus needs no secret).
	MetricsAuth bool `yaml:"metrics_auth"`
}

// HasAuth reports whether any credentials are configured.
func (h HTTP) HasAuth() bool { return h.Token != "" || (h.Username != "" && h.Password != "") }

// River configures the River client.
type River struct {
	// MaxWorkers is the number of concurrent jobs on the default queue.
	MaxWorkers int `yaml:"max_workers"`
	// JobTimeout is the default job timeout; workers with their own Timeout()
	// override it. Must be below RescueStuckJobsAfter.
	JobTimeout Duration `yaml:"job_timeout"`
	// RescueStuckJobsAfter is when River's rescuer retries a job whose worker
	// vanished. Must exceed every worker's timeout.
	RescueStuckJobsAfter Duration `yaml:"rescue_stuck_jobs_after"`
}

// Policy is one deletion policy. Which fields apply depends on Kind; the rest
// must be left empty.
type Policy struct {
	Name string `yaml:"name"`
	Kind string `yaml:"kind"`

	// Schedule is a cron expression ("*/5 * * * *", "@daily") or "@every 30s".
	// For expire it drives the planner, for sweep the sweep, for tombstone the
	// orphan blob sweep.
	Schedule string `yaml:"schedule"`

	// Paused policies are registered but their periodic jobs do nothing.
	Paused bool `yaml:"paused"`

	// Table and its columns (expire, sweep).
	Table           string `yaml:"table"`
	KeyColumn       string `yaml:"key_column"`
	ExpiresAtColumn string `yaml:"expires_at_column"`

	// Expire.
	StatusColumn      string   `yaml:"status_column"`
	InitiatedAtColumn string   `yaml:"initiated_at_column"`
	BlobKeyColumn     string   `yaml:"blob_key_column"`
	OnDelete          string   `yaml:"on_delete"` // "delete" (default) or "mark" (set DELETED)
	BatchSize         int      `yaml:"batch_size"`
	MaxBatchesPerRun  int      `yaml:"max_batches_per_run"`
	RunBudget         Duration `yaml:"run_budget"`
	WatchdogSchedule  string   `yaml:"watchdog_schedule"`
	StuckAfter        Duration `yaml:"stuck_after"`
	BatchTimeout      Duration `yaml:"batch_timeout"`

	// Sweep. Pause is a pointer so that an explicit "pause: 0s" (no pause
	// between batches) differs from leaving it out (the runbook's 100ms).
	// TargetBatchDuration: an adaptive sweep grows its batch after a batch
	// faster than this, up to MaxBatchSize (which defaults to BatchSize, so
	// the runbook's 10,000-row batches hold unless an operator raises it).
	Pause               *Duration `yaml:"pause"`
	StatementTimeout    Duration  `yaml:"statement_timeout"`
	Adaptive            *bool     `yaml:"adaptive"`
	MinBatchSize        int       `yaml:"min_batch_size"`
	MaxBatchSize        int       `yaml:"max_batch_size"`
	TargetBatchDuration Duration  `yaml:"target_batch_duration"`
	Mode                string    `yaml:"mode"` // "rows" (default) or "partitions"
	// YieldToForeground makes a rows-mode sweep give way to other sessions:
	// while any other client of the database ran a statement in the last
	// second, batches shrink to YieldBatchSize and pauses grow to
	// YieldPause; on an otherwise idle database it runs at full speed.
	YieldToForeground bool     `yaml:"yield_to_foreground"`
	YieldBatchSize    int      `yaml:"yield_batch_size"`
	YieldPause        Duration `yaml:"yield_pause"`
	PartitionPeriod   string   `yaml:"partition_period"`
	PartitionsAhead   int      `yaml:"partitions_ahead"`

	// Tombstone.
	Entity            string   `yaml:"entity"`
	GCSchedule        string   `yaml:"gc_schedule"`
	TombstoneMaxAge   Duration `yaml:"tombstone_max_age"`
	TombstoneStore    string   `yaml:"tombstone_store"` // "postgres" (default) or "foundationdb"
	FDBClusterFile    string   `yaml:"fdb_cluster_file"`
	DeletedCacheSize  int      `yaml:"deleted_cache_size"`
	DeletedCacheTTL   Duration `yaml:"deleted_cache_ttl"` // how long a cached "deleted" answer is trusted
	MaxBatchDeleteIDs int      `yaml:"max_batch_delete_ids"`
}

// Duration is a time.Duration that reads "30s", "1h30m" from YAML.
type Duration time.Duration

// D returns d as a time.Duration.
func (d Duration) D() time.Duration { return time.Duration(d) }

// UnmarshalYAML parses a Go duration string.
func (d *Duration) UnmarshalYAML(node *yaml.Node) error {
	parsed, err := time.ParseDuration(node.Value)
	if err != nil {
		return fmt.Errorf("line %d: bad duration %q (use e.g. 30s, 5m, 2h)", node.Line, node.Value)
	}
	*d = Duration(parsed)
	return nil
}

// MarshalYAML writes the duration as a string.
func (d Duration) MarshalYAML() (any, error) { return time.Duration(d).String(), nil }

// Load reads the file at path (the embedded default when path is empty),
// applies environment overrides from getenv and defaults, and validates.
func Load(path string, getenv func(string) string) (*Config, error) {
	data := Default
	if path != "" {
		var err error
		if data, err = os.ReadFile(path); err != nil {
			return nil, fmt.Errorf("read config: %w", err)
		}
	}
	return Parse(data, getenv)
}

// Parse is Load for configuration already in memory.
func Parse(data []byte, getenv func(string) string) (*Config, error) {
	if getenv == nil {
		getenv = func(string) string { return "" }
	}
	cfg := &Config{}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(cfg); err != nil && !errors.Is(err, io.EOF) {
		msg := strings.TrimPrefix(err.Error(), "yaml: ")
		msg = strings.TrimPrefix(msg, "unmarshal errors:\n")
		msg = strings.Join(strings.Fields(strings.ReplaceAll(msg, "\n", "; ")), " ")
		return nil, fmt.Errorf("config: %s", msg)
	}
	if err := cfg.applyEnv(getenv); err != nil {
		return nil, err
	}
	cfg.applyDefaults()
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	return cfg, nil
}

func (c *Config) applyEnv(getenv func(string) string) error {
	if v := getenv("DATABASE_URL"); v != "" {
		c.Database.URL = v
	}
	if v := getenv("LOG_LEVEL"); v != "" {
		c.LogLevel = v
	}
	if v := getenv("LETHE_LISTEN"); v != "" {
		c.HTTP.Listen = v
	}
	if v := getenv("LETHE_API_TOKEN"); v != "" {
		c.HTTP.Token = v
	}
	if v := getenv("LETHE_USERNAME"); v != "" {
		c.HTTP.Username = v
	}
	if v := getenv("LETHE_PASSWORD"); v != "" {
		c.HTTP.Password = v
	}
	if v := getenv("IDEMPOTENCY_CLEANUP_INTERVAL"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			return fmt.Errorf("config: IDEMPOTENCY_CLEANUP_INTERVAL: bad duration %q (use e.g. 1h, 30m, 15m)", v)
		}
		// The runbook's variable drives every sweep policy on the
		// idempotency table.
		for i := range c.Policies {
			if c.Policies[i].Kind == KindSweep && c.Policies[i].Table == "lineage_event_idempotency" {
				c.Policies[i].Schedule = "@every " + d.String()
			}
		}
	}
	return nil
}

func (c *Config) applyDefaults() {
	c.LogLevel = cmp.Or(c.LogLevel, "info")
	c.HTTP.Listen = cmp.Or(c.HTTP.Listen, "127.0.0.1:8080")
	c.Blob.Kind = cmp.Or(c.Blob.Kind, "local")
	c.Blob.Local.Dir = cmp.Or(c.Blob.Local.Dir, ".lethe/blobs")
	c.Blob.S3.Region = cmp.Or(c.Blob.S3.Region, "us-east-1")
	if c.Database.MaxConns == 0 {
		c.Database.MaxConns = 10
	}
	if c.ShutdownGrace == 0 {
		c.ShutdownGrace = Duration(30 * time.Second)
	}
	if c.River.MaxWorkers == 0 {
		c.River.MaxWorkers = 10
	}
	if c.River.JobTimeout == 0 {
		c.River.JobTimeout = Duration(10 * time.Minute)
	}
	if c.River.RescueStuckJobsAfter == 0 {
		c.River.RescueStuckJobsAfter = Duration(time.Hour)
	}
	for i := range c.Policies {
		c.Policies[i].applyDefaults()
	}
}

func (p *Policy) applyDefaults() {
	switch p.Kind {
	case KindExpire:
		p.KeyColumn = cmp.Or(p.KeyColumn, "id")
		p.ExpiresAtColumn = cmp.Or(p.ExpiresAtColumn, "expires_at")
		p.StatusColumn = cmp.Or(p.StatusColumn, "deletion_status")
		p.InitiatedAtColumn = cmp.Or(p.InitiatedAtColumn, "deletion_initiated_at")
		p.OnDelete = cmp.Or(p.OnDelete, "delete")
		p.Schedule = cmp.Or(p.Schedule, "@every 1m")
		p.WatchdogSchedule = cmp.Or(p.WatchdogSchedule, "@every 10m")
		p.BatchSize = cmp.Or(p.BatchSize, 1000)
		p.MaxBatchesPerRun = cmp.Or(p.MaxBatchesPerRun, 100)
		p.RunBudget = cmp.Or(p.RunBudget, Duration(10*time.Second))
		p.StuckAfter = cmp.Or(p.StuckAfter, Duration(2*time.Hour))
		p.BatchTimeout = cmp.Or(p.BatchTimeout, Duration(5*time.Minute))
	case KindSweep:
		p.ExpiresAtColumn = cmp.Or(p.ExpiresAtColumn, "expires_at")
		p.Schedule = cmp.Or(p.Schedule, "@every 1h")
		p.BatchSize = cmp.Or(p.BatchSize, 10_000)
		if p.Pause == nil {
			pause := Duration(100 * time.Millisecond)
			p.Pause = &pause
		}
		p.StatementTimeout = cmp.Or(p.StatementTimeout, Duration(30*time.Second))
		p.MinBatchSize = cmp.Or(p.MinBatchSize, min(100, p.BatchSize))
		p.MaxBatchSize = cmp.Or(p.MaxBatchSize, p.BatchSize)
		p.TargetBatchDuration = cmp.Or(p.TargetBatchDuration, Duration(time.Second))
		p.YieldBatchSize = cmp.Or(p.YieldBatchSize, min(1000, p.BatchSize))
		p.YieldPause = cmp.Or(p.YieldPause, Duration(100*time.Millisecond))
		p.Mode = cmp.Or(p.Mode, "rows")
		if p.Adaptive == nil {
			adaptive := true
			p.Adaptive = &adaptive
		}
		if p.Mode == "partitions" {
			p.PartitionPeriod = cmp.Or(p.PartitionPeriod, "day")
			p.PartitionsAhead = cmp.Or(p.PartitionsAhead, 3)
		}
	case KindTombstone:
		p.Entity = cmp.Or(p.Entity, "run")
		p.Schedule = cmp.Or(p.Schedule, "@daily")
		p.GCSchedule = cmp.Or(p.GCSchedule, "@weekly")
		p.TombstoneMaxAge = cmp.Or(p.TombstoneMaxAge, Duration(168*time.Hour))
		p.TombstoneStore = cmp.Or(p.TombstoneStore, "postgres")
		p.DeletedCacheSize = cmp.Or(p.DeletedCacheSize, 10_000)
		p.DeletedCacheTTL = cmp.Or(p.DeletedCacheTTL, Duration(5*time.Second))
		p.MaxBatchDeleteIDs = cmp.Or(p.MaxBatchDeleteIDs, 1000)
	}
}

var (
	identRE  = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]{0,62}$`)
	policyRE = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]{0,62}$`)
)

// Validate checks every field and returns the first problem, naming it.
func (c *Config) Validate() error {
	var errs []error
	add := func(field, format string, args ...any) {
		errs = append(errs, fmt.Errorf("config: %s: %s", field, fmt.Sprintf(format, args...)))
	}

	var level slog.Level
	if err := level.UnmarshalText([]byte(c.LogLevel)); err != nil {
		add("log_level", "unknown level %q (use debug, info, warn or error)", c.LogLevel)
	}
	if c.Database.MaxConns < 2 {
		add("database.max_conns", "must be at least 2, got %d", c.Database.MaxConns)
	}
	switch c.Blob.Kind {
	case "local":
	case "s3":
		if c.Blob.S3.Bucket == "" {
			add("blob.s3.bucket", "required when blob.kind is s3")
		}
		if (c.Blob.S3.AccessKeyID == "") != (c.Blob.S3.SecretAccessKey == "") {
			add("blob.s3.access_key_id", "access_key_id and secret_access_key must be set together")
		}
	default:
		add("blob.kind", "unknown kind %q (use local or s3)", c.Blob.Kind)
	}
	host, _, err := net.SplitHostPort(c.HTTP.Listen)
	if err != nil {
		add("http.listen", "bad address %q: want host:port", c.HTTP.Listen)
	} else if !c.HTTP.HasAuth() && !IsLoopback(host) {
		add("http.listen", "refusing to listen on non-loopback address %q without credentials (set http.token or LETHE_API_TOKEN)", c.HTTP.Listen)
	}
	if (c.HTTP.Username == "") != (c.HTTP.Password == "") {
		add("http.username", "username and password must be set together")
	}
	if c.ShutdownGrace < 0 {
		add("shutdown_grace", "must not be negative")
	}
	if c.River.MaxWorkers < 1 {
		add("river.max_workers", "must be at least 1")
	}
	if c.River.JobTimeout <= 0 {
		add("river.job_timeout", "must be positive (a job without a timeout cannot be rescued safely)")
	}
	if c.River.RescueStuckJobsAfter <= c.River.JobTimeout {
		add("river.rescue_stuck_jobs_after", "%s must exceed river.job_timeout %s", c.River.RescueStuckJobsAfter.D(), c.River.JobTimeout.D())
	}

	seen := map[string]bool{}
	for i := range c.Policies {
		p := &c.Policies[i]
		field := fmt.Sprintf("policies[%d]", i)
		if p.Name != "" {
			field += " (" + p.Name + ")"
		}
		if !policyRE.MatchString(p.Name) {
			add(field+".name", "%q must be lowercase letters, digits, _ or -", p.Name)
		} else if seen[p.Name] {
			add(field+".name", "duplicate policy name %q", p.Name)
		}
		seen[p.Name] = true
		errs = append(errs, p.validate(field, c)...)
	}
	return joinOneLine(errs)
}

// joinOneLine joins errors into one line, so a bad file gives a one-line
// message naming every bad field.
func joinOneLine(errs []error) error {
	if len(errs) == 0 {
		return nil
	}
	msgs := make([]string, len(errs))
	for i, err := range errs {
		msgs[i] = strings.TrimPrefix(err.Error(), "config: ")
	}
	return errors.New("config: " + strings.Join(msgs, "; "))
}

func (p *Policy) validate(field string, c *Config) []error {
	var errs []error
	add := func(sub, format string, args ...any) {
		errs = append(errs, fmt.Errorf("config: %s.%s: %s", field, sub, fmt.Sprintf(format, args...)))
	}
	ident := func(sub, v string, required bool) {
		switch {
		case v == "" && required:
			add(sub, "required for kind %s", p.Kind)
		case v != "" && !identRE.MatchString(v):
			add(sub, "unsafe identifier %q (letters, digits and _ only, at most 63)", v)
		}
	}
	sched := func(sub, v string) {
		if _, err := ParseSchedule(v); err != nil {
			add(sub, "%v", err)
		}
	}
	positive := func(sub string, v int) {
		if v < 1 {
			add(sub, "must be at least 1, got %d", v)
		}
	}
	positiveDur := func(sub string, d Duration) {
		if d <= 0 {
			add(sub, "must be a positive duration, got %s", d.D())
		}
	}

	switch p.Kind {
	case KindExpire:
		ident("table", p.Table, true)
		ident("key_column", p.KeyColumn, true)
		ident("expires_at_column", p.ExpiresAtColumn, true)
		ident("status_column", p.StatusColumn, true)
		ident("initiated_at_column", p.InitiatedAtColumn, true)
		ident("blob_key_column", p.BlobKeyColumn, false)
		if p.OnDelete != "delete" && p.OnDelete != "mark" {
			add("on_delete", "unknown value %q (use delete or mark)", p.OnDelete)
		}
		sched("schedule", p.Schedule)
		sched("watchdog_schedule", p.WatchdogSchedule)
		positive("batch_size", p.BatchSize)
		if p.BatchSize > 100_000 {
			add("batch_size", "%d is too large (at most 100000; batch jobs carry their keys)", p.BatchSize)
		}
		positive("max_batches_per_run", p.MaxBatchesPerRun)
		positiveDur("run_budget", p.RunBudget)
		positiveDur("stuck_after", p.StuckAfter)
		positiveDur("batch_timeout", p.BatchTimeout)
		// The watchdog must never reset rows a live worker still owns: a
		// batch job is cancelled at batch_timeout and rescued by River only
		// after rescue_stuck_jobs_after, so stuck_after must exceed both.
		if p.BatchTimeout >= c.River.RescueStuckJobsAfter {
			add("batch_timeout", "%s must be below river.rescue_stuck_jobs_after %s", p.BatchTimeout.D(), c.River.RescueStuckJobsAfter.D())
		}
		if p.StuckAfter <= p.BatchTimeout {
			add("stuck_after", "%s must exceed batch_timeout %s", p.StuckAfter.D(), p.BatchTimeout.D())
		}
		// The planner and the watchdog time out at twice run_budget; River
		// must not rescue them while they run.
		if 2*p.RunBudget >= c.River.RescueStuckJobsAfter {
			add("run_budget", "%s must be below half of river.rescue_stuck_jobs_after %s", p.RunBudget.D(), c.River.RescueStuckJobsAfter.D())
		}
	case KindSweep:
		ident("table", p.Table, true)
		ident("key_column", p.KeyColumn, p.Mode != "partitions")
		ident("expires_at_column", p.ExpiresAtColumn, true)
		sched("schedule", p.Schedule)
		positive("batch_size", p.BatchSize)
		positive("min_batch_size", p.MinBatchSize)
		if p.MaxBatchSize < p.BatchSize {
			add("max_batch_size", "%d must be at least batch_size %d", p.MaxBatchSize, p.BatchSize)
		}
		if p.MinBatchSize > p.BatchSize {
			add("min_batch_size", "%d must be at most batch_size %d", p.MinBatchSize, p.BatchSize)
		}
		if p.Pause != nil && *p.Pause < 0 {
			add("pause", "must not be negative")
		}
		positiveDur("statement_timeout", p.StatementTimeout)
		positiveDur("target_batch_duration", p.TargetBatchDuration)
		positive("yield_batch_size", p.YieldBatchSize)
		positiveDur("yield_pause", p.YieldPause)
		// The sweep job's timeout is half of rescue_stuck_jobs_after; one
		// batch must fit in it.
		if p.StatementTimeout >= c.River.RescueStuckJobsAfter/2 {
			add("statement_timeout", "%s must be below half of river.rescue_stuck_jobs_after %s (the sweep job's timeout)", p.StatementTimeout.D(), c.River.RescueStuckJobsAfter.D())
		}
		switch p.Mode {
		case "rows":
		case "partitions":
			if p.PartitionPeriod != "day" && p.PartitionPeriod != "hour" && p.PartitionPeriod != "month" {
				add("partition_period", "unknown period %q (use hour, day or month)", p.PartitionPeriod)
			}
			if p.PartitionsAhead < 0 {
				add("partitions_ahead", "must not be negative")
			}
		default:
			add("mode", "unknown mode %q (use rows or partitions)", p.Mode)
		}
	case KindTombstone:
		if p.Entity != "run" {
			add("entity", "unknown entity %q (supported: run)", p.Entity)
		}
		sched("schedule", p.Schedule)
		sched("gc_schedule", p.GCSchedule)
		positiveDur("tombstone_max_age", p.TombstoneMaxAge)
		switch p.TombstoneStore {
		case "postgres":
		case "foundationdb":
			if p.FDBClusterFile == "" {
				add("fdb_cluster_file", "required when tombstone_store is foundationdb")
			}
		default:
			add("tombstone_store", "unknown store %q (use postgres or foundationdb)", p.TombstoneStore)
		}
		positive("deleted_cache_size", p.DeletedCacheSize)
		positiveDur("deleted_cache_ttl", p.DeletedCacheTTL)
		positive("max_batch_delete_ids", p.MaxBatchDeleteIDs)
	case "":
		add("kind", "required (expire, sweep or tombstone)")
	default:
		add("kind", "unknown policy kind %q (use expire, sweep or tombstone)", p.Kind)
	}
	return errs
}

// Policy returns the policy named name, or nil.
func (c *Config) Policy(name string) *Policy {
	for i := range c.Policies {
		if c.Policies[i].Name == name {
			return &c.Policies[i]
		}
	}
	return nil
}

// ParseSchedule parses a cron expression (5 fields or a descriptor such as
// @daily) or "@every <duration>". Intervals under one second are refused, as
// River's periodic enqueuer cannot honour them.
func ParseSchedule(spec string) (cron.Schedule, error) {
	if spec == "" {
		return nil, errors.New("schedule is required (cron expression or @every <duration>)")
	}
	if rest, ok := strings.CutPrefix(spec, "@every "); ok {
		d, err := time.ParseDuration(strings.TrimSpace(rest))
		if err != nil {
			return nil, fmt.Errorf("bad @every duration %q", rest)
		}
		if d < time.Second {
			return nil, fmt.Errorf("@every %s is below the 1s minimum", d)
		}
		return cron.Every(d), nil
	}
	sched, err := cron.ParseStandard(spec)
	if err != nil {
		return nil, fmt.Errorf("bad cron expression %q: %w", spec, err)
	}
	return sched, nil
}

// IsLoopback reports whether host names only loopback interfaces.
func IsLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// Redacted returns the database URL with any password replaced, for logs.
func Redacted(url string) string {
	re := regexp.MustCompile(`(://[^:/@]+:)[^@]*@`)
	return re.ReplaceAllString(url, "${1}xxxxx@")
}

// SweepPause returns the pause between the batches of a sweep policy (zero
// when none is set).
func (p *Policy) SweepPause() time.Duration {
	if p.Pause == nil {
		return 0
	}
	return p.Pause.D()
}
