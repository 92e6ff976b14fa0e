package config_test

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/lethehq/lethe/config"
)

func TestParse(t *testing.T) {
	t.Parallel()

	noEnv := func(string) string { return "" }
	envOf := func(kv map[string]string) func(string) string {
		return func(k string) string { return kv[k] }
	}

	t.Run("EmbeddedDefaultIsValid", func(t *testing.T) {
		t.Parallel()
		cfg, err := config.Load("", noEnv)
		if err != nil {
			t.Fatalf("embedded default: %v", err)
		}
		for _, name := range []string{"pastes", "idempotency", "runs"} {
			if cfg.Policy(name) == nil {
				t.Errorf("embedded default lacks policy %q", name)
			}
		}
		if got := cfg.Sweep("idempotency"); got.BatchSize != 10_000 || got.StatementTimeout.D() != 30*time.Second {
			t.Errorf("idempotency policy: batch %d timeout %s, want the runbook's 10000 and 30s", got.BatchSize, got.StatementTimeout.D())
		}
	})

	t.Run("CheckedInExampleMatchesEmbedded", func(t *testing.T) {
		t.Parallel()
		example, err := os.ReadFile("../lethe.yaml")
		if err != nil {
			t.Fatal(err)
		}
		if string(example) != string(config.Default) {
			t.Error("lethe.yaml and config/default.yaml differ: keep the checked-in example identical to the embedded default")
		}
	})

	t.Run("LogFormatDefaultsToAuto", func(t *testing.T) {
		t.Parallel()
		for _, tc := range []struct{ yaml, env, want string }{
			{"", "", config.LogFormatAuto},
			{"log_format: json\n", "", config.LogFormatJSON},
			{"log_format: json\n", "text", config.LogFormatText},
		} {
			cfg, err := config.Parse([]byte(tc.yaml), envOf(map[string]string{"LOG_FORMAT": tc.env}))
			if err != nil {
				t.Fatalf("%q with LOG_FORMAT=%q: %v", tc.yaml, tc.env, err)
			}
			if cfg.LogFormat != tc.want {
				t.Errorf("%q with LOG_FORMAT=%q: log_format %q, want %q", tc.yaml, tc.env, cfg.LogFormat, tc.want)
			}
		}
	})

	t.Run("RiverSchemaOwnOrPublic", func(t *testing.T) {
		t.Parallel()
		for _, schema := range []string{"lethe", "public", "jobs_pgx", "information_schema_x"} {
			cfg, err := config.Parse([]byte("river:\n  schema: "+schema+"\n"), noEnv)
			if err != nil || cfg.River.Schema != schema {
				t.Errorf("river.schema %s: %v", schema, err)
			}
		}
		cfg, err := config.Parse(nil, noEnv)
		if err != nil {
			t.Fatal(err)
		}
		if cfg.HTTP.FailedLoginsPerMinute != config.DefaultFailedLoginsPerMinute {
			t.Errorf("http.failed_logins_per_minute defaults to %d, want %d", cfg.HTTP.FailedLoginsPerMinute, config.DefaultFailedLoginsPerMinute)
		}
	})

	t.Run("EnvOverrides", func(t *testing.T) {
		t.Parallel()
		cfg, err := config.Parse(config.Default, envOf(map[string]string{
			"DATABASE_URL":                 "postgres://u:secret@db:5432/x",
			"LOG_LEVEL":                    "debug",
			"LOG_FORMAT":                   "text",
			"IDEMPOTENCY_CLEANUP_INTERVAL": "15m",
			"LETHE_API_TOKEN":              "t0ken",
		}))
		if err != nil {
			t.Fatal(err)
		}
		if cfg.Database.URL != "postgres://u:secret@db:5432/x" || cfg.LogLevel != "debug" || cfg.LogFormat != config.LogFormatText || cfg.HTTP.Token != "t0ken" {
			t.Errorf("env not applied: %+v", cfg)
		}
		if got := cfg.Sweep("idempotency").Schedule; got != "@every 15m0s" {
			t.Errorf("IDEMPOTENCY_CLEANUP_INTERVAL=15m gave schedule %q", got)
		}
		if got := config.Redacted(cfg.Database.URL); strings.Contains(got, "secret") {
			t.Errorf("Redacted leaks the password: %s", got)
		}
	})

	t.Run("BadInputNamesTheField", func(t *testing.T) {
		t.Parallel()
		policy := func(extra string) string {
			return "policies:\n  - name: p\n    kind: expire\n    table: pastes\n" + extra
		}
		for _, tc := range []struct {
			name, yaml string
			env        map[string]string
			want       string
		}{
			{"UnknownKind", "policies:\n  - name: p\n    kind: shred\n", nil, `policies[0] (p).kind: unknown policy kind "shred"`},
			{"MissingKind", "policies:\n  - name: p\n", nil, `policies[0] (p).kind: required`},
			{"BadCron", policy("    schedule: \"61 * * * *\"\n"), nil, `policies[0] (p).schedule: bad cron expression "61 * * * *"`},
			{"BadEvery", policy("    schedule: \"@every soon\"\n"), nil, `policies[0] (p).schedule: bad @every duration`},
			{"TooFrequent", policy("    schedule: \"@every 10ms\"\n"), nil, `below the 1s minimum`},
			{"BadDuration", policy("    stuck_after: forever\n"), nil, `bad duration "forever"`},
			{"MissingTable", "policies:\n  - name: p\n    kind: sweep\n    key_column: k\n", nil, `policies[0] (p).table: required for kind sweep`},
			{"UnsafeIdentifier", policy("    key_column: \"id; DROP TABLE pastes\"\n"), nil, `policies[0] (p).key_column: unsafe identifier`},
			{"UnknownField", "polices: []\n", nil, `polices: unknown field; did you mean policies?`},
			{"DuplicateName", policy("") + "  - name: p\n    kind: sweep\n    table: t\n    key_column: k\n", nil, `duplicate policy name "p"`},
			{"NonLoopbackWithoutAuth", "http:\n  listen: 0.0.0.0:8080\n", nil, `http.listen: refusing to listen on non-loopback address`},
			{"BadLogLevel", "log_level: loud\n", nil, `log_level: unknown level "loud"`},
			{"BadLogFormat", "log_format: xml\n", nil, `log_format: unknown format "xml" (use auto, text or json)`},
			{"BadEnvLogFormat", "", map[string]string{"LOG_FORMAT": "logfmt"}, `log_format: unknown format "logfmt" (use auto, text or json)`},
			{"BadEnvInterval", "", map[string]string{"IDEMPOTENCY_CLEANUP_INTERVAL": "often"}, `IDEMPOTENCY_CLEANUP_INTERVAL: bad duration "often"`},
			{"S3WithoutBucket", "blob:\n  kind: s3\n", nil, `blob.s3.bucket: required`},
			{"DeleteConcurrencyOutOfRange", "blob:\n  delete_concurrency: 1000\n", nil, `blob.delete_concurrency: must be between 1 and 256, got 1000`},
			{"FetchCooldownTooLong", "river:\n  fetch_cooldown: 5s\n", nil, `river.fetch_cooldown: 5s must be between 1ms and 1s`},
			{"BadRiverSchema", "river:\n  schema: \"lethe; DROP\"\n", nil, `river.schema: "lethe; DROP" is not a plain identifier`},
			{"RiverSchemaPgCatalog", "river:\n  schema: pg_catalog\n", nil, `river.schema: "pg_catalog" is a PostgreSQL system schema`},
			{"RiverSchemaInformationSchema", "river:\n  schema: information_schema\n", nil, `river.schema: "information_schema" is a PostgreSQL system schema`},
			{"RiverSchemaPgToast", "river:\n  schema: pg_toast\n", nil, `river.schema: "pg_toast" is a PostgreSQL system schema`},
			{"RiverSchemaPgTemp", "river:\n  schema: pg_temp_3\n", nil, `river.schema: "pg_temp_3" is a PostgreSQL system schema`},
			{"RiverSchemaUpperPg", "river:\n  schema: PG_Catalog\n", nil, `river.schema: "PG_Catalog" is a PostgreSQL system schema`},
			{"NegativeFailedLogins", "http:\n  failed_logins_per_minute: -1\n", nil, `http.failed_logins_per_minute: must be at least 1`},
			{"LongRiverSchema", "river:\n  schema: " + strings.Repeat("s", 47) + "\n", nil, `river.schema: "sss`},
			{"InconsistentThresholds", policy("    batch_timeout: 3h\n"), nil, `batch_timeout: 3h0m0s must be below river.rescue_stuck_jobs_after`},
			{"ShortTokenBeyondLoopback", "http:\n  listen: 0.0.0.0:8080\n  token: s3cret\n", nil, `http.token: too weak for the non-loopback address "0.0.0.0:8080": use at least 16 characters`},
			{"BlankTokenBeyondLoopback", "http:\n  listen: 0.0.0.0:8080\n  token: \" \"\n", nil, `http.token: too weak`},
			{"PaddedTokenBeyondLoopback", "http:\n  listen: 0.0.0.0:8080\n  token: \"   abc             \"\n", nil, `http.token: too weak`},
			{"ShortEnvTokenBeyondLoopback", "", map[string]string{"LETHE_LISTEN": "10.0.0.5:8080", "LETHE_API_TOKEN": "t0ken"}, `http.token: too weak for the non-loopback address "10.0.0.5:8080"`},
			{"ShortPasswordBeyondLoopback", "http:\n  listen: \":8080\"\n  username: op\n  password: hunter2\n", nil, `http.password: too weak`},
			{"ViewerWithoutOperator", "http:\n  viewers: [{name: v, token: t}]\n", nil, `http.viewers: viewers need operator credentials beside them`},
			{"ViewerSharesUsername", "http:\n  username: op\n  password: p1\n  viewers: [{name: v, username: op, password: p2}]\n", nil, `http.viewers[0].username: "op" is already the username of http.username`},
			{"ViewerWithoutName", "http:\n  token: op\n  viewers: [{token: t}]\n", nil, `http.viewers[0].name: required`},
			{"ViewerReservedName", "http:\n  token: op\n  viewers: [{name: operator, token: t}]\n", nil, `http.viewers[0].name: "operator" is reserved`},
			{"ViewerDuplicateName", "http:\n  token: op\n  viewers: [{name: v, token: t1}, {name: v, token: t2}]\n", nil, `http.viewers[1].name: "v" is taken by http.viewers[0]`},
			{"OperatorAndViewerSameName", "http:\n  operators: [{name: v, token: t1}]\n  viewers: [{name: v, token: t2}]\n", nil, `http.viewers[0].name: "v" is taken by http.operators[0]`},
			{"OperatorShortTokenBeyondLoopback", "http:\n  listen: 0.0.0.0:8080\n  operators: [{name: alice, token: short}]\n", nil, `http.operators[0].token: too weak`},
			{"ViewerWithoutSecret", "http:\n  token: op\n  viewers: [{name: v}]\n", nil, `http.viewers[0]: needs a token or a username and password`},
			{"ViewerUsernameAlone", "http:\n  token: op\n  viewers: [{name: v, username: u}]\n", nil, `http.viewers[0].username: username and password must be set together`},
			{"ViewerSharesOperatorToken", "http:\n  token: same\n  viewers: [{name: v, token: same}]\n", nil, `http.viewers[0].token: same secret as http.token`},
			{"ViewerShortTokenBeyondLoopback", "http:\n  listen: 0.0.0.0:8080\n  token: 0123456789abcdef\n  viewers:\n    - {name: v, token: short}\n", nil, `http.viewers[0].token: too weak for the non-loopback address "0.0.0.0:8080"`},
			{"ViewerShortPasswordBeyondLoopback", "http:\n  listen: 0.0.0.0:8080\n  token: 0123456789abcdef\n  viewers:\n    - {name: v, username: u, password: short}\n", nil, `http.viewers[0].password: too weak`},
			{"AllowedHostWithScheme", "http:\n  allowed_hosts: [\"https://lethe.example.com\"]\n", nil, `http.allowed_hosts[0]: "https://lethe.example.com" is not a host: want a name or host:port, without scheme or path`},
			{"AllowedHostWildcard", "http:\n  allowed_hosts: [ok.example.com, \"*.example.com\"]\n", nil, `http.allowed_hosts[1]: "*.example.com" is not a host name`},
			{"AllowedHostBadPort", "http:\n  allowed_hosts: [\"lethe.example.com:99999\"]\n", nil, `http.allowed_hosts[0]: "lethe.example.com:99999" has a bad port`},
			{"AllowedOriginWithoutScheme", "http:\n  allowed_origins: [lethe.example.com]\n", nil, `http.allowed_origins[0]: "lethe.example.com" is not an origin: want scheme://host[:port]`},
			{"AllowedOriginWithPath", "http:\n  allowed_origins: [\"https://lethe.example.com/lethe\"]\n", nil, `http.allowed_origins[0]: "https://lethe.example.com/lethe" is not an origin: no user, path, query or fragment`},
			{"AllowedOriginWildcard", "http:\n  allowed_origins: [\"*\"]\n", nil, `http.allowed_origins[0]: "*" is not an origin`},
			{"AllowedOriginOtherScheme", "http:\n  allowed_origins: [\"ftp://lethe.example.com\"]\n", nil, `http.allowed_origins[0]: "ftp://lethe.example.com": scheme must be http or https`},
		} {
			t.Run(tc.name, func(t *testing.T) {
				t.Parallel()
				_, err := config.Parse([]byte(tc.yaml), envOf(tc.env))
				if err == nil {
					t.Fatalf("want error containing %q, got none", tc.want)
				}
				if !strings.Contains(err.Error(), tc.want) {
					t.Errorf("error %q\n  does not contain %q", err, tc.want)
				}
				for _, line := range strings.Split(err.Error(), "\n") {
					if !strings.HasPrefix(line, "config: ") {
						t.Errorf("line %q of the error does not start with config:", line)
					}
				}
			})
		}
	})

	t.Run("ViewersBeyondLoopback", func(t *testing.T) {
		t.Parallel()
		cfg, err := config.Parse([]byte(`http:
  listen: 0.0.0.0:8080
  token: 0123456789abcdef
  viewers:
    - {name: oncall, token: fedcba9876543210}
    - {name: auditor, username: auditor, password: "auditor-password"}
`), noEnv)
		if err != nil {
			t.Fatalf("viewers with 16-character secrets beside an operator token must be allowed: %v", err)
		}
		if len(cfg.HTTP.Viewers) != 2 || cfg.HTTP.Viewers[1].Username != "auditor" {
			t.Errorf("viewers parsed as %+v", cfg.HTTP.Viewers)
		}
		// Named operators alone are credentials enough.
		if _, err := config.Parse([]byte("http:\n  listen: 0.0.0.0:8080\n  operators: [{name: alice, token: 0123456789abcdef}]\n  viewers: [{name: bob, token: fedcba9876543210}]\n"), noEnv); err != nil {
			t.Fatalf("named operators beyond loopback must be allowed: %v", err)
		}
	})

	t.Run("NonLoopbackWithToken", func(t *testing.T) {
		t.Parallel()
		if _, err := config.Parse([]byte("http:\n  listen: 0.0.0.0:8080\n  token: 0123456789abcdef\n"), noEnv); err != nil {
			t.Fatalf("listening on 0.0.0.0 with a 16-character token must be allowed: %v", err)
		}
		if _, err := config.Parse([]byte("http:\n  listen: \"[::]:8080\"\n  username: op\n  password: correct-horse-battery\n"), noEnv); err != nil {
			t.Fatalf("listening on [::] with a long password must be allowed: %v", err)
		}
	})

	t.Run("LoopbackAcceptsAnySecret", func(t *testing.T) {
		t.Parallel()
		for _, listen := range []string{"127.0.0.1:8080", "localhost:8080", "\"[::1]:8080\""} {
			cfg, err := config.Parse([]byte("http:\n  listen: "+listen+"\n  token: t\n  username: u\n  password: p\n"), noEnv)
			if err != nil {
				t.Fatalf("listen %s with a one-character token: %v", listen, err)
			}
			if !cfg.HTTP.HasAuth() {
				t.Errorf("listen %s: the short credentials are not in force", listen)
			}
		}
	})

	t.Run("AllowedHostsAndOrigins", func(t *testing.T) {
		t.Parallel()
		cfg, err := config.Parse([]byte(`
http:
  allowed_hosts: [lethe.example.com, "lethe.internal:8443", 10.0.0.5, "[fd00::1]:8080", lethe-svc]
  allowed_origins: ["https://lethe.example.com", "http://10.0.0.5:8080"]
`), noEnv)
		if err != nil {
			t.Fatal(err)
		}
		if len(cfg.HTTP.AllowedHosts) != 5 || len(cfg.HTTP.AllowedOrigins) != 2 {
			t.Errorf("allowed hosts %q, origins %q", cfg.HTTP.AllowedHosts, cfg.HTTP.AllowedOrigins)
		}
		for in, want := range map[string]string{
			"https://lethe.example.com":     "https://lethe.example.com",
			"HTTPS://Lethe.Example.COM:443": "https://lethe.example.com",
			"http://lethe.example.com:80/":  "http://lethe.example.com",
			"http://127.0.0.1:8080":         "http://127.0.0.1:8080",
			"http://[::1]:8080":             "http://[::1]:8080",
		} {
			if got, err := config.ParseOrigin(in); err != nil || got != want {
				t.Errorf("ParseOrigin(%q) = %q, %v; want %q, the form browsers send", in, got, err, want)
			}
		}
	})

	t.Run("ScheduleForms", func(t *testing.T) {
		t.Parallel()
		from := time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC)
		for spec, want := range map[string]time.Time{
			"@every 30s":   from.Add(30 * time.Second),
			"*/15 * * * *": from.Add(15 * time.Minute),
			"@daily":       time.Date(2026, 1, 2, 0, 0, 0, 0, time.UTC),
		} {
			sched, err := config.ParseSchedule(spec)
			if err != nil {
				t.Fatalf("%s: %v", spec, err)
			}
			if got := sched.Next(from); !got.Equal(want) {
				t.Errorf("%s: next after %s = %s, want %s", spec, from, got, want)
			}
		}
	})
}
