package config

import (
	"cmp"
	"time"
)

// OnDelete is what an expire policy does with a row whose batch finished.
type OnDelete string

// What a finished batch does with its rows.
const (
	OnDeleteDelete OnDelete = "delete" // DELETE the row
	OnDeleteMark   OnDelete = "mark"   // set its status to DELETED and keep it
)

// Expire is an expire policy: status-claimed expiry of rows whose expiry
// has passed, and of the blobs they point to. A planner claims batches, a
// batch job deletes each batch's blobs and then its rows, and a watchdog
// gives back claims that were never finished. Its workers are in
// workers/expire*.go and its statements in db/claim.go.
type Expire struct {
	PolicyBase `yaml:",inline"`

	// Table and its columns. Defaults: id, expires_at, deletion_status,
	// deletion_initiated_at; no blob column.
	Table             string `yaml:"table"`
	KeyColumn         string `yaml:"key_column"`
	ExpiresAtColumn   string `yaml:"expires_at_column"`
	StatusColumn      string `yaml:"status_column"`
	InitiatedAtColumn string `yaml:"initiated_at_column"`
	// BlobKeyColumn holds each row's blob key, deleted before the row.
	BlobKeyColumn string `yaml:"blob_key_column"`
	// BlobPrefix is the part of the blob store the policy owns (default
	// "<name>/"). A row whose key is not a clean path under it is set
	// aside, never sent to the store. No two policies' prefixes overlap.
	BlobPrefix string `yaml:"blob_prefix"`
	// HoldColumn names a boolean column that is true for rows under a
	// legal hold: they are never claimed nor deleted, whatever their
	// expiry (NULL counts as false). Optional.
	HoldColumn string `yaml:"hold_column"`

	// OnDelete is delete (the default) or mark (set DELETED).
	OnDelete OnDelete `yaml:"on_delete"`

	// BatchSize is the rows one claim takes (1000); MaxBatchesPerRun and
	// RunBudget bound one planner run (100 batches, 10s).
	BatchSize        int      `yaml:"batch_size"`
	MaxBatchesPerRun int      `yaml:"max_batches_per_run"`
	RunBudget        Duration `yaml:"run_budget"`

	// BatchTimeout is the batch job's timeout (5m), below
	// river.rescue_stuck_jobs_after.
	BatchTimeout Duration `yaml:"batch_timeout"`

	// WatchdogSchedule runs the watchdog (every 10m), which gives rows
	// claimed longer than StuckAfter (2h) back to the planner.
	WatchdogSchedule string   `yaml:"watchdog_schedule"`
	StuckAfter       Duration `yaml:"stuck_after"`

	// Pace adapts the planner's claim size (up to BatchSize) and its
	// pause between claims to the foreground; a pacing: block turns it on.
	Pace Pace `yaml:"pacing"`

	// LockTimeout (2s) and StatementTimeout (30s, or run_budget or half
	// of batch_timeout when shorter) bound each statement on the table: a
	// claim or a batch
	// that cannot get its locks in time gives up and tries again later
	// instead of queueing the application's statements behind its own.
	LockTimeout      Duration `yaml:"lock_timeout"`
	StatementTimeout Duration `yaml:"statement_timeout"`

	// lockTimeoutGiven and statementTimeoutGiven say the file set them;
	// otherwise they follow run_budget and batch_timeout, overrides
	// included (deriveTimeouts).
	lockTimeoutGiven, statementTimeoutGiven bool
}

// deriveTimeouts sets the statement and lock timeouts the file leaves out
// from run_budget and batch_timeout: at load, and again after an override
// changes those, so a shorter run_budget never leaves a statement_timeout
// derived from the longer one behind.
func (p *Expire) deriveTimeouts() {
	if !p.statementTimeoutGiven {
		p.StatementTimeout = min(DefaultStatementTimeout, p.RunBudget, p.BatchTimeout/2)
	}
	if !p.lockTimeoutGiven {
		p.LockTimeout = min(DefaultLockTimeout, p.StatementTimeout)
	}
}

// PolicyKind returns KindExpire.
func (*Expire) PolicyKind() Kind { return KindExpire }

func (p *Expire) setDefaults(given fieldSet) {
	p.Schedule = cmp.Or(p.Schedule, "@every 1m")
	p.KeyColumn = cmp.Or(p.KeyColumn, "id")
	p.ExpiresAtColumn = cmp.Or(p.ExpiresAtColumn, "expires_at")
	p.StatusColumn = cmp.Or(p.StatusColumn, "deletion_status")
	p.InitiatedAtColumn = cmp.Or(p.InitiatedAtColumn, "deletion_initiated_at")
	p.OnDelete = cmp.Or(p.OnDelete, OnDeleteDelete)
	if p.BlobKeyColumn != "" {
		p.BlobPrefix = cmp.Or(p.BlobPrefix, p.Name+"/")
	}
	p.BatchSize = cmp.Or(p.BatchSize, 1000)
	p.MaxBatchesPerRun = cmp.Or(p.MaxBatchesPerRun, 100)
	p.RunBudget = cmp.Or(p.RunBudget, Duration(10*time.Second))
	p.BatchTimeout = cmp.Or(p.BatchTimeout, Duration(5*time.Minute))
	p.WatchdogSchedule = cmp.Or(p.WatchdogSchedule, "@every 10m")
	p.StuckAfter = cmp.Or(p.StuckAfter, Duration(2*time.Hour))
	p.Pace.setDefaults(given["pacing"])
	p.lockTimeoutGiven, p.statementTimeoutGiven = given["lock_timeout"], given["statement_timeout"]
	p.deriveTimeouts()
}

func (p *Expire) validate(v *policyCheck, c *Config) {
	v.ident("table", p.Table, true)
	v.ident("key_column", p.KeyColumn, true)
	v.ident("expires_at_column", p.ExpiresAtColumn, true)
	v.ident("status_column", p.StatusColumn, true)
	v.ident("initiated_at_column", p.InitiatedAtColumn, true)
	v.ident("blob_key_column", p.BlobKeyColumn, false)
	v.ident("hold_column", p.HoldColumn, false)
	switch {
	case p.BlobKeyColumn == "" && p.BlobPrefix != "":
		v.add("blob_prefix", "applies only with blob_key_column")
	case p.BlobKeyColumn != "":
		v.blobPrefix("blob_prefix", p.BlobPrefix)
	}
	oneOf(v, "on_delete", p.OnDelete, OnDeleteDelete, OnDeleteMark)
	v.schedule("watchdog_schedule", p.WatchdogSchedule)
	v.positive("batch_size", p.BatchSize)
	if p.BatchSize > 100_000 {
		v.add("batch_size", "%d is too large (at most 100000)", p.BatchSize)
	}
	v.positive("max_batches_per_run", p.MaxBatchesPerRun)
	v.positiveDuration("run_budget", p.RunBudget)
	v.positiveDuration("stuck_after", p.StuckAfter)
	v.positiveDuration("batch_timeout", p.BatchTimeout)
	p.Pace.validate(v, p.BatchSize, 0)

	// The watchdog must never reset rows a live worker still owns: a batch
	// job is cancelled at batch_timeout and rescued by River only after
	// rescue_stuck_jobs_after, so stuck_after must exceed both.
	rescue := c.River.RescueStuckJobsAfter
	if p.BatchTimeout >= rescue {
		v.add("batch_timeout", "%s must be below river.rescue_stuck_jobs_after %s", p.BatchTimeout.D(), rescue.D())
	}
	// Nor reset them while River's rescued retry of a crashed batch may
	// still run (see Timeline).
	if retried := c.River.Rescued() + p.BatchTimeout.D(); p.StuckAfter.D() <= retried {
		v.add("stuck_after", "%s must exceed river.rescue_stuck_jobs_after %s + rescuer interval %s + first retry backoff %s + batch_timeout %s (the retry's run) = %s",
			p.StuckAfter.D(), rescue.D(), RescuerInterval, FirstRetryBackoff, p.BatchTimeout.D(), retried)
	}
	// The planner and the watchdog time out at twice run_budget; River
	// must not rescue them while they run.
	if p.RunBudget >= rescue/2 {
		v.add("run_budget", "%s must be below half of river.rescue_stuck_jobs_after %s", p.RunBudget.D(), rescue.D())
	}
	v.statementTimeouts(p.LockTimeout, p.StatementTimeout,
		jobTimeout{"batch_timeout", p.BatchTimeout}, jobTimeout{"twice run_budget (the planner's and watchdog's timeout)", 2 * p.RunBudget})
}
