package config

import (
	"strings"
	"time"

	"github.com/lethehq/lethe/blob"
)

// Kind is a policy's kind: it picks the policy's type, workers and fields.
type Kind string

// Policy kinds.
const (
	KindExpire    Kind = "expire"    // status-claimed expiry (planner, batch worker, watchdog)
	KindSweep     Kind = "sweep"     // TTL sweep of short-lived keys
	KindTombstone Kind = "tombstone" // entity deletion with tombstones
)

// Kinds lists every policy kind.
var Kinds = []Kind{KindExpire, KindSweep, KindTombstone}

func kindList() string {
	names := make([]string, len(Kinds))
	for i, k := range Kinds {
		names[i] = string(k)
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// newPolicy returns an empty policy of kind k, or nil for an unknown kind.
func newPolicy(k Kind) Policy {
	switch k {
	case KindExpire:
		return &Expire{}
	case KindSweep:
		return &Sweep{}
	case KindTombstone:
		return &Tombstone{}
	}
	return nil
}

// Policy is one entry of the policies list: an *Expire, *Sweep or
// *Tombstone. Switch on the type for a kind's own fields; Base has the
// fields every kind shares.
type Policy interface {
	// Base returns the fields every kind shares.
	Base() *PolicyBase
	// PolicyKind is the kind the type implements (callable on a nil
	// pointer).
	PolicyKind() Kind

	setDefaults(given fieldSet)
	validate(v *policyCheck, c *Config)
}

// PolicyBase holds the fields every policy kind has.
type PolicyBase struct {
	// Name identifies the policy: lowercase letters, digits, _ and -.
	Name string `yaml:"name"`
	// Kind is expire, sweep or tombstone.
	Kind Kind `yaml:"kind"`
	// Schedule is a cron expression ("*/5 * * * *", "@daily") or "@every
	// 30s". For expire it drives the planner, for sweep the sweep, for
	// tombstone the orphan blob sweep.
	Schedule string `yaml:"schedule"`
	// Paused policies are registered but their periodic jobs do nothing.
	Paused bool `yaml:"paused"`

	index int // 1 + the policy's position in the file, so messages number it as the file does
}

// Base returns b.
func (b *PolicyBase) Base() *PolicyBase { return b }

// policyCheck records the problems of one policy under its path
// ("policies[0] (pastes)"), with the checks the kinds share.
type policyCheck struct {
	problems *problems
	path     string
	kind     Kind
}

func (v *policyCheck) add(field, format string, args ...any) {
	v.problems.add(v.path+"."+field, format, args...)
}

// ident checks a table or column name.
func (v *policyCheck) ident(field, value string, required bool) {
	switch {
	case value == "" && required && v.kind == "":
		v.add(field, "required")
	case value == "" && required:
		v.add(field, "required for kind %s", v.kind)
	case value != "" && !identRE.MatchString(value):
		v.add(field, "unsafe identifier %q (letters, digits and _ only, at most 63)", value)
	}
}

// blobPrefix checks a prefix a policy owns in the blob store: a clean
// relative path ending in "/".
func (v *policyCheck) blobPrefix(field, prefix string) {
	switch {
	case prefix == "":
		v.add(field, "required")
	case !strings.HasSuffix(prefix, "/"):
		v.add(field, "%q must end in /", prefix)
	default:
		if err := blob.CheckPrefix(prefix); err != nil {
			v.add(field, "%v", err)
		}
	}
}

func (v *policyCheck) schedule(field, spec string) {
	if _, err := ParseSchedule(spec); err != nil {
		v.add(field, "%v", err)
	}
}

func (v *policyCheck) positive(field string, n int) {
	if n < 1 {
		v.add(field, "must be at least 1, got %d", n)
	}
}

func (v *policyCheck) positiveDuration(field string, d Duration) {
	if d <= 0 {
		v.add(field, "must be a positive duration, got %s", d.D())
	}
}

// Defaults of the lock_timeout and statement_timeout of the statements
// Lethe runs on an application's tables.
const (
	DefaultLockTimeout      = Duration(2 * time.Second)
	DefaultStatementTimeout = Duration(30 * time.Second)
)

// Defaults of database.lock_timeout and database.statement_timeout, the
// session defaults of every connection Lethe opens.
const (
	DefaultConnLockTimeout      = Duration(5 * time.Second)
	DefaultConnStatementTimeout = Duration(5 * time.Minute)
)

// jobTimeout is the timeout of a job that runs a policy's statements, and
// how the error names it.
type jobTimeout struct {
	name string
	d    Duration
}

// statementTimeouts checks a lock_timeout and statement_timeout: positive,
// the lock's at most the statement's, and the statement's below the
// timeout of every job that runs it, so a statement gives up before its job
// is cancelled.
func (v *policyCheck) statementTimeouts(lock, statement Duration, jobs ...jobTimeout) {
	v.positiveDuration("lock_timeout", lock)
	v.positiveDuration("statement_timeout", statement)
	if lock > statement && statement > 0 {
		v.add("lock_timeout", "%s must not exceed statement_timeout %s", lock.D(), statement.D())
	}
	for _, j := range jobs {
		if j.d > 0 && statement >= j.d {
			v.add("statement_timeout", "%s must be below %s %s", statement.D(), j.name, j.d.D())
		}
	}
}

// oneOf checks that value is one of allowed.
func oneOf[T ~string](v *policyCheck, field string, value T, allowed ...T) {
	for _, a := range allowed {
		if value == a {
			return
		}
	}
	names := make([]string, len(allowed))
	for i, a := range allowed {
		names[i] = string(a)
	}
	v.add(field, "unknown value %q (use %s)", value, strings.Join(names, " or "))
}
