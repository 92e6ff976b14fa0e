// Package config loads and validates Lethe's configuration: one YAML file
// declaring the database, the blob store, the HTTP server and the deletion
// policies, with environment variables overriding a few well-known fields.
//
// Load never returns a half-valid Config: every problem is reported, one per
// line, each naming the field's path, e.g.
//
//	config: policies[1] (pastes).schedule: bad cron expression "*/61 * * * *": ...
//	config: policies[2] (keys).batch_sise: unknown field; did you mean batch_size?
//
// Each policy kind has its own type, with its own defaults and checks:
// Expire (expire.go), Sweep (sweep.go) and Tombstone (tombstone.go).
package config

import (
	"cmp"
	_ "embed"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/robfig/cron/v3"
	"gopkg.in/yaml.v3"
)

// Default is the embedded configuration the demo runs on. It is also the
// example checked in as lethe.yaml.
//
//go:embed default.yaml
var Default []byte

// DefaultRiverSchema is the schema of River's tables when river.schema is
// not set.
const DefaultRiverSchema = "lethe"

// maxRiverSchemaLen is the longest schema River accepts: 63 characters of
// a PostgreSQL identifier less "." and its longest notification topic,
// river_leadership.
const maxRiverSchemaLen = 63 - 1 - len("river_leadership")

// Config is Lethe's whole configuration.
type Config struct {
	Database Database `yaml:"database"`
	Blob     Blob     `yaml:"blob"`
	HTTP     HTTP     `yaml:"http"`
	River    River    `yaml:"river"`
	// Privacy says how keys are shown (see Privacy).
	Privacy Privacy `yaml:"privacy"`

	// Audit bounds Lethe's own history (see Audit).
	Audit Audit `yaml:"audit"`

	// Health tunes the policies' health states (see Health).
	Health Health `yaml:"health"`

	// Ledger keeps every entity deletion in the blob store too, so that
	// a restore of the database cannot bring deleted entities back
	// unnoticed (see Ledger).
	Ledger Ledger `yaml:"ledger"`

	// LogLevel is debug, info, warn or error. Env LOG_LEVEL overrides.
	LogLevel string `yaml:"log_level"`

	// LogFormat is how log lines are written on stderr: LogFormatAuto
	// (the default: text on a terminal, JSON otherwise), LogFormatText or
	// LogFormatJSON. Env LOG_FORMAT overrides.
	LogFormat string `yaml:"log_format"`

	// ShutdownGrace is how long running jobs get to finish on SIGINT/SIGTERM
	// before their contexts are cancelled; a second signal cancels them at
	// once.
	ShutdownGrace Duration `yaml:"shutdown_grace"`

	// MigrateOnStart runs migrations before serve starts working jobs
	// (true unless set to false).
	MigrateOnStart bool `yaml:"migrate_on_start"`

	// Entities declare what tombstone policies delete (see Entity).
	Entities []Entity `yaml:"entities"`

	// Policies are the deletion policies, each an *Expire, *Sweep or
	// *Tombstone.
	Policies []Policy `yaml:"policies"`

	// live holds the policies an operator overrode at run time (see
	// SetOverrides); Policy returns them instead of the file's.
	live atomic.Pointer[livePolicies]
}

// Log formats (log_format).
const (
	LogFormatAuto = "auto" // text when stderr is a terminal, JSON otherwise
	LogFormatText = "text" // log/slog's key=value lines
	LogFormatJSON = "json" // one JSON object a line
)

// Database configures the PostgreSQL connection.
type Database struct {
	// URL is a PostgreSQL connection string. Env DATABASE_URL overrides. When
	// empty, Lethe resolves a server itself (see README, "PostgreSQL").
	URL string `yaml:"url"`
	// MaxConns caps the connections one Lethe process opens, River's
	// listener included (10).
	MaxConns int32 `yaml:"max_conns"`
	// MaxConnIdleTime closes a connection idle that long (30s), so a quiet
	// Lethe gives its connections back to the server.
	MaxConnIdleTime Duration `yaml:"max_conn_idle_time"`
	// LockTimeout (5s) and StatementTimeout (5m) are every connection's
	// defaults of lock_timeout and statement_timeout: no statement of
	// Lethe's waits longer for a lock, or runs longer, unless it sets its
	// own (each policy's lock_timeout and statement_timeout do, for the
	// statements on its tables).
	LockTimeout      Duration `yaml:"lock_timeout"`
	StatementTimeout Duration `yaml:"statement_timeout"`
	// MaxReplicaLag and MaxReplicaLagBytes (0: off) pause deletion while
	// a streaming standby replays further behind the primary than this.
	MaxReplicaLag      Duration `yaml:"max_replica_lag"`
	MaxReplicaLagBytes int64    `yaml:"max_replica_lag_bytes"`
	// ReplicaURL, when set, is a standby whose replay position the
	// replica limits read (pg_last_wal_replay_lsn), instead of
	// pg_stat_replication on the primary.
	ReplicaURL string `yaml:"replica_url"`
}

// BlobKind names a blob store.
type BlobKind string

// Blob stores.
const (
	BlobLocal BlobKind = "local" // a directory on disk
	BlobS3    BlobKind = "s3"    // an S3-compatible server
)

// Blob configures where blobs live.
type Blob struct {
	Kind  BlobKind  `yaml:"kind"`
	Local LocalBlob `yaml:"local"`
	S3    S3Blob    `yaml:"s3"`
	// DeleteConcurrency is how many files one batch removes at once on the
	// local store, or DeleteObjects requests it has in flight on S3.
	DeleteConcurrency int `yaml:"delete_concurrency"`
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
	// AllowedHosts are the names, besides the listen address's host and
	// loopback names (localhost, 127.0.0.1, [::1]), that requests may
	// carry in their Host header: "host" (any port) or "host:port", e.g.
	// lethe.example.com behind a reverse proxy that passes the Host on.
	// Any other Host is refused, which defeats DNS rebinding.
	AllowedHosts []string `yaml:"allowed_hosts"`
	// AllowedOrigins are origins ("scheme://host[:port]") besides the
	// service's own whose pages may send state-changing requests, e.g.
	// https://lethe.example.com when a proxy terminates TLS or rewrites
	// the Host. Browser requests from any other origin that would change
	// state are refused.
	AllowedOrigins []string `yaml:"allowed_origins"`
	// Operators are more operator credentials, each with its own name,
	// beside Token, Username and Password (named OperatorName): they may
	// read and change everything, and the audit names who acted.
	Operators []Credential `yaml:"operators"`
	// Viewers are read-only credentials: they see everything operators
	// see, and any request of theirs that would change state is refused.
	// They need operator credentials beside them.
	Viewers []Credential `yaml:"viewers"`
	// FailedLoginsPerMinute is how many requests with wrong credentials
	// one client (a remote IP address) may send in a minute; past it,
	// every request of that client carrying credentials is answered 429
	// with Retry-After until its oldest failure is a minute old, right
	// credentials included (else the throttle would still tell a guess
	// that hits). Behind a reverse proxy every client has the proxy's
	// address: raise it there.
	FailedLoginsPerMinute int `yaml:"failed_logins_per_minute"`
}

// DefaultFailedLoginsPerMinute is http.failed_logins_per_minute's default.
const DefaultFailedLoginsPerMinute = 10

// Credential is one named credential of http.operators or http.viewers: a
// bearer token, a username and password for basic auth, or both. Its Name
// is how the audit names whoever used it.
type Credential struct {
	Name     string `yaml:"name"`
	Token    string `yaml:"token"`
	Username string `yaml:"username"`
	Password string `yaml:"password"`
}

// OperatorName is the name the audit gives the unnamed operator
// credentials (http.token, http.username and http.password); no named
// credential may take it.
const OperatorName = "operator"

// AnonymousName is the name the audit gives requests without credentials,
// which a service without configured credentials (on loopback only) lets
// act as an operator; no named credential may take it.
const AnonymousName = "anonymous"

// MinSecretLen is the shortest token or password accepted when the
// service listens beyond loopback, not counting surrounding whitespace.
const MinSecretLen = 16

// HasAuth reports whether any credentials are configured.
func (h HTTP) HasAuth() bool { return h.hasOperator() || len(h.Viewers) > 0 }

// hasOperator reports whether any operator credentials are configured.
func (h HTTP) hasOperator() bool {
	return h.Token != "" || (h.Username != "" && h.Password != "") || len(h.Operators) > 0
}

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
	// FetchCooldown is the shortest time between two fetches of jobs by
	// River's producer. River's own default (100ms) leaves workers idle
	// whenever batches are shorter than it: a worker done after 40ms
	// waits for the next fetch.
	FetchCooldown Duration `yaml:"fetch_cooldown"`
	// Schema is the PostgreSQL schema holding River's tables (river_job,
	// river_leader, ...) for Lethe (default lethe). Keeping them apart from
	// an application's own River in the same database means neither
	// client works the other's jobs or holds the other's leadership.
	// "public" keeps the layout of Lethe versions that had no such setting.
	Schema string `yaml:"schema"`
}

// Duration is a time.Duration that reads "30s", "1h30m" from YAML.
type Duration time.Duration

// D returns d as a time.Duration.
func (d Duration) D() time.Duration { return time.Duration(d) }

// UnmarshalYAML parses a Go duration string.
func (d *Duration) UnmarshalYAML(node *yaml.Node) error {
	parsed, err := time.ParseDuration(node.Value)
	if err != nil {
		return fmt.Errorf("bad duration %q (use e.g. 30s, 5m, 2h)", node.Value)
	}
	*d = Duration(parsed)
	return nil
}

// MarshalYAML writes the duration as a string.
func (d Duration) MarshalYAML() (any, error) { return time.Duration(d).String(), nil }

// DayDuration is a Duration that also reads whole days, as retentions and
// windows are usually said: "400d", "14d", "1d12h", as well as Go's "36h".
// Set, it must be positive: unset is what means none or the default.
type DayDuration time.Duration

// D returns d as a time.Duration.
func (d DayDuration) D() time.Duration { return time.Duration(d) }

// String spells d in days when it is whole days ("14d"), else as Go does.
func (d DayDuration) String() string {
	const day = 24 * time.Hour
	if d != 0 && d.D()%day == 0 {
		return strconv.FormatInt(int64(d.D()/day), 10) + "d"
	}
	return d.D().String()
}

// ParseDayDuration parses a duration that may start with whole days
// ("400d", "1d12h") and go on as a Go duration ("36h").
func ParseDayDuration(s string) (DayDuration, error) {
	bad := fmt.Errorf("bad duration %q (use e.g. 400d, 720h)", s)
	var d time.Duration
	rest := s
	if days, after, ok := strings.Cut(s, "d"); ok {
		n, err := strconv.ParseInt(days, 10, 64)
		if err != nil || n < 0 || n > 100_000 {
			return 0, bad
		}
		d, rest = time.Duration(n)*24*time.Hour, after
		if rest == "" {
			return DayDuration(d), nil
		}
	}
	more, err := time.ParseDuration(rest)
	if err != nil || (d > 0 && more < 0) {
		return 0, bad
	}
	return DayDuration(d + more), nil
}

// UnmarshalYAML reads a duration (ParseDayDuration), which must be
// positive.
func (d *DayDuration) UnmarshalYAML(node *yaml.Node) error {
	parsed, err := ParseDayDuration(node.Value)
	if err != nil {
		return err
	}
	if parsed <= 0 {
		return fmt.Errorf("%s must be positive (leave it unset instead)", node.Value)
	}
	*d = parsed
	return nil
}

// MarshalYAML writes the duration as String spells it.
func (d DayDuration) MarshalYAML() (any, error) { return d.String(), nil }

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

// Parse is Load for configuration already in memory. The error, an
// *Error, names every problem, one per line.
func Parse(data []byte, getenv func(string) string) (*Config, error) {
	if getenv == nil {
		getenv = func(string) string { return "" }
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, errOf(err)
	}
	cfg := &Config{}
	d := &decoder{}
	given := fieldSet{}
	if len(doc.Content) > 0 {
		given = d.decodeStruct(doc.Content[0], reflect.ValueOf(cfg).Elem(), "")
	}
	if err := cfg.applyEnv(getenv); err != nil {
		d.problems = append(d.problems, err.(*Error).Problems...)
	}
	cfg.setDefaults(given)
	// Validation problems come with the decoding ones, except for fields
	// decoding already named.
	var valid *Error
	if err := cfg.Validate(); errors.As(err, &valid) {
		named := map[string]bool{}
		for _, p := range d.problems {
			named[problemPath(p)] = true
		}
		for _, p := range valid.Problems {
			if !named[problemPath(p)] {
				d.problems = append(d.problems, p)
			}
		}
	}
	if err := d.problems.err(); err != nil {
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
	if v := getenv("LOG_FORMAT"); v != "" {
		c.LogFormat = v
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
			return &Error{Problems: []string{fmt.Sprintf("IDEMPOTENCY_CLEANUP_INTERVAL: bad duration %q (use e.g. 1h, 30m, 15m)", v)}}
		}
		// The runbook's variable drives every sweep policy on the
		// idempotency table.
		for _, p := range c.Policies {
			if sweep, ok := p.(*Sweep); ok && sweep.Table == "lineage_event_idempotency" {
				sweep.Schedule = "@every " + d.String()
			}
		}
	}
	return nil
}

// setDefaults fills what the file left out; given names the top-level
// keys it set.
func (c *Config) setDefaults(given fieldSet) {
	c.LogLevel = cmp.Or(c.LogLevel, "info")
	c.Privacy.KeyDisplay = cmp.Or(c.Privacy.KeyDisplay, KeyDisplayFull)
	c.LogFormat = cmp.Or(c.LogFormat, LogFormatAuto)
	c.HTTP.Listen = cmp.Or(c.HTTP.Listen, "127.0.0.1:8080")
	c.HTTP.FailedLoginsPerMinute = cmp.Or(c.HTTP.FailedLoginsPerMinute, DefaultFailedLoginsPerMinute)
	c.Blob.Kind = cmp.Or(c.Blob.Kind, BlobLocal)
	c.Blob.Local.Dir = cmp.Or(c.Blob.Local.Dir, ".lethe/blobs")
	c.Blob.S3.Region = cmp.Or(c.Blob.S3.Region, "us-east-1")
	c.Blob.DeleteConcurrency = cmp.Or(c.Blob.DeleteConcurrency, 8)
	c.Database.MaxConns = cmp.Or(c.Database.MaxConns, 10)
	c.Database.MaxConnIdleTime = cmp.Or(c.Database.MaxConnIdleTime, Duration(30*time.Second))
	c.Database.LockTimeout = cmp.Or(c.Database.LockTimeout, DefaultConnLockTimeout)
	c.Database.StatementTimeout = cmp.Or(c.Database.StatementTimeout, DefaultConnStatementTimeout)
	c.ShutdownGrace = cmp.Or(c.ShutdownGrace, Duration(30*time.Second))
	c.River.MaxWorkers = cmp.Or(c.River.MaxWorkers, 10)
	c.River.JobTimeout = cmp.Or(c.River.JobTimeout, Duration(10*time.Minute))
	c.River.RescueStuckJobsAfter = cmp.Or(c.River.RescueStuckJobsAfter, Duration(time.Hour))
	c.River.Schema = cmp.Or(c.River.Schema, DefaultRiverSchema)
	c.River.FetchCooldown = cmp.Or(c.River.FetchCooldown, Duration(10*time.Millisecond))
	c.Audit.setDefaults(c.River.JobTimeout)
	c.Ledger.setDefaults()
	if !given["migrate_on_start"] {
		c.MigrateOnStart = true
	}
}

// systemSchema reports whether name is a schema PostgreSQL keeps for
// itself: information_schema, or any name starting with pg_ (pg_catalog,
// pg_toast, pg_temp_N, …), which CREATE SCHEMA refuses. Quoted
// identifiers are case-sensitive, but a PG_CATALOG beside pg_catalog would
// only mislead, so case is ignored.
func systemSchema(name string) bool {
	lower := strings.ToLower(name)
	return lower == "information_schema" || strings.HasPrefix(lower, "pg_")
}

var (
	identRE          = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]{0,62}$`)
	policyRE         = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]{0,62}$`)
	credentialNameRE = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.@-]{0,62}$`)
)

// Validate checks every field and returns an *Error naming each problem,
// or nil. Run it again after changing a loaded Config.
func (c *Config) Validate() error {
	var errs problems
	c.Health.validate(&errs)
	var level slog.Level
	if err := level.UnmarshalText([]byte(c.LogLevel)); err != nil {
		errs.add("log_level", "unknown level %q (use debug, info, warn or error)", c.LogLevel)
	}
	switch c.LogFormat {
	case LogFormatAuto, LogFormatText, LogFormatJSON:
	default:
		errs.add("log_format", "unknown format %q (use auto, text or json)", c.LogFormat)
	}
	if c.Database.MaxConns < 2 {
		errs.add("database.max_conns", "must be at least 2, got %d", c.Database.MaxConns)
	}
	if c.Database.MaxConnIdleTime <= 0 {
		errs.add("database.max_conn_idle_time", "must be a positive duration, got %s", c.Database.MaxConnIdleTime.D())
	}
	if c.Database.LockTimeout <= 0 {
		errs.add("database.lock_timeout", "must be a positive duration, got %s", c.Database.LockTimeout.D())
	}
	if c.Database.StatementTimeout <= 0 {
		errs.add("database.statement_timeout", "must be a positive duration, got %s", c.Database.StatementTimeout.D())
	} else if c.Database.LockTimeout > c.Database.StatementTimeout {
		errs.add("database.lock_timeout", "%s must not exceed database.statement_timeout %s", c.Database.LockTimeout.D(), c.Database.StatementTimeout.D())
	}
	if c.Database.MaxReplicaLag < 0 {
		errs.add("database.max_replica_lag", "must not be negative")
	}
	if c.Database.MaxReplicaLagBytes < 0 {
		errs.add("database.max_replica_lag_bytes", "must not be negative")
	}
	if c.Database.ReplicaURL != "" && c.Database.MaxReplicaLag <= 0 && c.Database.MaxReplicaLagBytes <= 0 {
		errs.add("database.replica_url", "applies only with max_replica_lag or max_replica_lag_bytes")
	}
	switch c.Blob.Kind {
	case BlobLocal:
	case BlobS3:
		if c.Blob.S3.Bucket == "" {
			errs.add("blob.s3.bucket", "required when blob.kind is s3")
		}
		if (c.Blob.S3.AccessKeyID == "") != (c.Blob.S3.SecretAccessKey == "") {
			errs.add("blob.s3.access_key_id", "access_key_id and secret_access_key must be set together")
		}
	default:
		errs.add("blob.kind", "unknown kind %q (use local or s3)", c.Blob.Kind)
	}
	if c.Blob.DeleteConcurrency < 1 || c.Blob.DeleteConcurrency > 256 {
		errs.add("blob.delete_concurrency", "must be between 1 and 256, got %d", c.Blob.DeleteConcurrency)
	}
	host, _, err := net.SplitHostPort(c.HTTP.Listen)
	if err != nil {
		errs.add("http.listen", "bad address %q: want host:port", c.HTTP.Listen)
	} else if !c.HTTP.HasAuth() && !IsLoopback(host) {
		errs.add("http.listen", "refusing to listen on non-loopback address %q without credentials (set http.token or LETHE_API_TOKEN)", c.HTTP.Listen)
	}
	if (c.HTTP.Username == "") != (c.HTTP.Password == "") {
		errs.add("http.username", "username and password must be set together")
	}
	if err == nil && !IsLoopback(host) {
		for _, secret := range []struct{ path, value string }{{"http.token", c.HTTP.Token}, {"http.password", c.HTTP.Password}} {
			if secret.value != "" && len(strings.TrimSpace(secret.value)) < MinSecretLen {
				errs.add(secret.path, "too weak for the non-loopback address %q: use at least %d characters besides surrounding whitespace (e.g. openssl rand -hex 32)", c.HTTP.Listen, MinSecretLen)
			}
		}
	}
	c.validateCredentials(&errs, err == nil && !IsLoopback(host))
	c.Privacy.validate(&errs)
	for i, h := range c.HTTP.AllowedHosts {
		if _, _, err := ParseHost(h); err != nil {
			errs.add(fmt.Sprintf("http.allowed_hosts[%d]", i), "%v", err)
		}
	}
	for i, o := range c.HTTP.AllowedOrigins {
		if _, err := ParseOrigin(o); err != nil {
			errs.add(fmt.Sprintf("http.allowed_origins[%d]", i), "%v", err)
		}
	}
	if c.ShutdownGrace < 0 {
		errs.add("shutdown_grace", "must not be negative")
	}
	if c.River.FetchCooldown.D() < time.Millisecond || c.River.FetchCooldown.D() > time.Second {
		errs.add("river.fetch_cooldown", "%s must be between 1ms and 1s", c.River.FetchCooldown.D())
	}
	if c.River.MaxWorkers < 1 {
		errs.add("river.max_workers", "must be at least 1")
	}
	if c.River.JobTimeout <= 0 {
		errs.add("river.job_timeout", "must be positive (a job without a timeout cannot be rescued safely)")
	}
	if c.River.RescueStuckJobsAfter <= c.River.JobTimeout {
		errs.add("river.rescue_stuck_jobs_after", "%s must exceed river.job_timeout %s", c.River.RescueStuckJobsAfter.D(), c.River.JobTimeout.D())
	}
	switch {
	case !identRE.MatchString(c.River.Schema):
		errs.add("river.schema", "%q is not a plain identifier (letters, digits and _, not starting with a digit)", c.River.Schema)
	case len(c.River.Schema) > maxRiverSchemaLen:
		errs.add("river.schema", "%q is longer than River's %d characters (its notification topics are prefixed with it)", c.River.Schema, maxRiverSchemaLen)
	case systemSchema(c.River.Schema):
		errs.add("river.schema", "%q is a PostgreSQL system schema: River's tables need a schema of their own (the default is %s)", c.River.Schema, DefaultRiverSchema)
	}
	if c.HTTP.FailedLoginsPerMinute < 1 {
		errs.add("http.failed_logins_per_minute", "must be at least 1")
	}
	c.Audit.validate(&errs, c)
	c.Ledger.validate(&errs, c)

	seen := map[string]bool{}
	for i, p := range c.Policies {
		b := p.Base()
		path := fmt.Sprintf("policies[%d]", cmp.Or(b.index, i+1)-1)
		if b.Name != "" {
			path += " (" + b.Name + ")"
		}
		if !policyRE.MatchString(b.Name) {
			errs.add(path+".name", "%q must be lowercase letters, digits, _ or -", b.Name)
		} else if seen[b.Name] {
			errs.add(path+".name", "duplicate policy name %q", b.Name)
		}
		seen[b.Name] = true
		if b.Kind != p.PolicyKind() {
			errs.add(path+".kind", "is %q but the policy is a %s policy", b.Kind, p.PolicyKind())
		}
		v := &policyCheck{problems: &errs, path: path, kind: p.PolicyKind()}
		v.schedule("schedule", b.Schedule)
		p.validate(v, c)
	}
	c.checkJobTimeouts(&errs)
	c.checkEntities(&errs)
	c.checkBlobPrefixes(&errs)
	return errs.err()
}

// checkBlobPrefixes refuses policies whose blob prefixes overlap: one
// policy's deletions must never reach another's blobs.
func (c *Config) checkBlobPrefixes(errs *problems) {
	type owner struct{ path, name, field, prefix string }
	var owners []owner
	for i, p := range c.Policies {
		var owned string
		switch p := p.(type) {
		case *Expire:
			if p.BlobKeyColumn == "" {
				continue
			}
			owned = p.BlobPrefix
		case *Tombstone:
			e := c.Entity(p.Entity)
			if e == nil || e.BlobPrefix == "" || c.TombstoneFor(p.Entity) != p {
				continue
			}
			owned = e.OwnedBlobPrefix()
		default:
			continue
		}
		name := p.Base().Name
		owners = append(owners, owner{fmt.Sprintf("policies[%d] (%s)", i, name), "policy " + name, "blob_prefix", owned})
	}
	// Entities that no tombstone policy names own their prefix too: a
	// delete_entity job purges it all the same.
	for i, e := range c.Entities {
		if e.BlobPrefix == "" || c.TombstoneFor(e.Name) != nil {
			continue
		}
		owners = append(owners, owner{fmt.Sprintf("entities[%d] (%s)", i, e.Name), "entity " + e.Name, "blob_prefix", e.OwnedBlobPrefix()})
	}
	for j, b := range owners {
		for _, a := range owners[:j] {
			if strings.HasPrefix(a.prefix, b.prefix) || strings.HasPrefix(b.prefix, a.prefix) {
				errs.add(b.path+"."+b.field, "owns %q, which overlaps %q of %s: give each policy and entity a prefix of its own", b.prefix, a.prefix, a.name)
			}
		}
	}
}

// Policy returns the policy named name with its overrides applied (see
// SetOverrides), or nil. The policy it returns is never changed afterwards:
// an override replaces it, so a caller reads one consistent set of values.
func (c *Config) Policy(name string) Policy {
	if live := c.live.Load(); live != nil {
		if p, ok := (*live)[name]; ok {
			return p
		}
	}
	for _, p := range c.Policies {
		if p.Base().Name == name {
			return p
		}
	}
	return nil
}

// Expire returns the expire policy named name, or nil.
func (c *Config) Expire(name string) *Expire { return policyAs[*Expire](c, name) }

// Sweep returns the sweep policy named name, or nil.
func (c *Config) Sweep(name string) *Sweep { return policyAs[*Sweep](c, name) }

// Tombstone returns the tombstone policy named name, or nil.
func (c *Config) Tombstone(name string) *Tombstone { return policyAs[*Tombstone](c, name) }

func policyAs[P Policy](c *Config, name string) P {
	p, _ := c.Policy(name).(P)
	return p
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
