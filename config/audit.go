package config

import (
	"cmp"
	"time"
)

// Audit bounds Lethe's own history: the deletion audit
// (lethe_deletion_audit), which gains a row per unit of deletion work and per
// operator action. A periodic job (lethe.prune_history, on Schedule) deletes
// the entries older than Retain and, when more than MaxRows remain, the
// oldest beyond MaxRows, in batches of BatchSize under LockTimeout and
// StatementTimeout, pausing Pause between batches and giving way to the
// foreground and a lagging standby as the policies do. Tombstones are not
// history: each tombstone policy collects its own (tombstone_max_age).
//
//	audit:
//	  retain: 2160h       # 90 days
//	  max_rows: 10000000
type Audit struct {
	// Retain is how long an audit entry is kept after it finished
	// (2160h, 90 days; at least 1h). Durations are Go's: 720h is 30 days.
	Retain Duration `yaml:"retain"`
	// MaxRows caps the entries kept (10,000,000): the oldest beyond it are
	// deleted even when younger than Retain.
	MaxRows int64 `yaml:"max_rows"`
	// Schedule runs the prune (@hourly).
	Schedule string `yaml:"schedule"`
	// BatchSize is the most entries one DELETE removes (10,000).
	BatchSize int `yaml:"batch_size"`
	// Pause is the pause between two batches (100ms); under foreground
	// load the pacing controller lengthens it (up to 1s or Pause) and
	// shrinks the batch (down to 100 entries or BatchSize).
	Pause Duration `yaml:"pause"`
	// LockTimeout (2s) and StatementTimeout (30s, or half of
	// river.job_timeout when that is less) bound each statement of
	// the prune. A prune that cannot get its lock in time stops and the
	// next run tries again.
	LockTimeout      Duration `yaml:"lock_timeout"`
	StatementTimeout Duration `yaml:"statement_timeout"`
}

// Defaults of the audit section.
const (
	DefaultAuditRetain    = Duration(90 * 24 * time.Hour)
	DefaultAuditMaxRows   = 10_000_000
	DefaultAuditSchedule  = "@hourly"
	DefaultAuditBatchSize = 10_000
)

// minAuditRetain is the shortest audit.retain: the dashboard's totals read
// the last hour of the audit.
const minAuditRetain = Duration(time.Hour)

// setDefaults fills what the file left out; jobTimeout is river.job_timeout,
// the prune job's timeout, which a default statement timeout stays within.
func (a *Audit) setDefaults(jobTimeout Duration) {
	a.Retain = cmp.Or(a.Retain, DefaultAuditRetain)
	a.MaxRows = cmp.Or(a.MaxRows, DefaultAuditMaxRows)
	a.Schedule = cmp.Or(a.Schedule, DefaultAuditSchedule)
	a.BatchSize = cmp.Or(a.BatchSize, DefaultAuditBatchSize)
	a.Pause = cmp.Or(a.Pause, Duration(100*time.Millisecond))
	a.StatementTimeout = cmp.Or(a.StatementTimeout, min(DefaultStatementTimeout, max(jobTimeout/2, Duration(time.Millisecond))))
	a.LockTimeout = cmp.Or(a.LockTimeout, min(DefaultLockTimeout, a.StatementTimeout))
}

// validate checks the section; its problems are named audit.<field>.
func (a *Audit) validate(errs *problems, c *Config) {
	v := &policyCheck{problems: errs, path: "audit"}
	if a.Retain < minAuditRetain {
		v.add("retain", "%s must be at least %s (e.g. 2160h for 90 days)", a.Retain.D(), minAuditRetain.D())
	}
	if a.MaxRows < 1 {
		v.add("max_rows", "must be at least 1, got %d", a.MaxRows)
	}
	v.schedule("schedule", a.Schedule)
	v.positive("batch_size", a.BatchSize)
	v.positiveDuration("pause", a.Pause)
	v.statementTimeouts(a.LockTimeout, a.StatementTimeout, jobTimeout{"river.job_timeout", c.River.JobTimeout})
}
