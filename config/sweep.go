package config

import (
	"cmp"
	"time"
)

// SweepMode is how a sweep policy deletes.
type SweepMode string

// Sweep modes.
const (
	SweepRows       SweepMode = "rows"       // batched DELETEs of expired rows
	SweepPartitions SweepMode = "partitions" // drop whole expired partitions
)

// PartitionPeriod is the range of one partition in partitions mode.
type PartitionPeriod string

// Partition periods.
const (
	PartitionHour  PartitionPeriod = "hour"
	PartitionDay   PartitionPeriod = "day"
	PartitionMonth PartitionPeriod = "month"
)

// Sweep is a sweep policy: a TTL sweep of short-lived keys with no side
// effects (idempotency keys), in batched DELETEs with pauses, statement
// timeouts and an adaptive batch size, or by dropping whole partitions. Its
// worker is in workers/sweep*.go and its statements in db/sweep*.go.
type Sweep struct {
	PolicyBase `yaml:",inline"`

	// Table and its columns. ExpiresAtColumn defaults to expires_at;
	// KeyColumn is required in rows mode.
	Table           string `yaml:"table"`
	KeyColumn       string `yaml:"key_column"`
	ExpiresAtColumn string `yaml:"expires_at_column"`
	// HoldColumn names a boolean column that is true for rows under a
	// legal hold: they are never deleted, whatever their expiry (NULL
	// counts as false). Optional; rows mode only (a partition is dropped
	// whole).
	HoldColumn string `yaml:"hold_column"`

	// BatchSize rows per DELETE (10,000), Pause between batches (100ms;
	// "0s" for none), StatementTimeout per batch (30s) and LockTimeout
	// (2s), how long a batch waits for a table lock before the run ends
	// early (rows others hold are skipped, never waited for).
	BatchSize        int      `yaml:"batch_size"`
	Pause            Duration `yaml:"pause"`
	StatementTimeout Duration `yaml:"statement_timeout"`
	LockTimeout      Duration `yaml:"lock_timeout"`

	// Adaptive (true unless set to false) halves the batch after a
	// statement timeout, down to MinBatchSize, and grows it by half after
	// a batch faster than TargetBatchDuration (1s), up to MaxBatchSize,
	// which defaults to BatchSize.
	Adaptive            bool     `yaml:"adaptive"`
	MinBatchSize        int      `yaml:"min_batch_size"`
	MaxBatchSize        int      `yaml:"max_batch_size"`
	TargetBatchDuration Duration `yaml:"target_batch_duration"`

	// YieldToForeground makes a rows-mode sweep give way to other
	// sessions: while any other client of the database ran a statement in
	// the last second, batches shrink to YieldBatchSize and pauses grow to
	// YieldPause; on an otherwise idle database it runs at full speed.
	YieldToForeground bool     `yaml:"yield_to_foreground"`
	YieldBatchSize    int      `yaml:"yield_batch_size"`
	YieldPause        Duration `yaml:"yield_pause"`

	// Pace adapts batch and pause to the foreground (rows mode); a pacing:
	// block or yield_to_foreground turns it on. Under load the controller
	// starts at YieldBatchSize and YieldPause.
	Pace Pace `yaml:"pacing"`

	// Mode is rows (the default) or partitions. In partitions mode the
	// table is range-partitioned by ExpiresAtColumn, one partition per
	// PartitionPeriod (day), and PartitionsAhead (3) upcoming partitions
	// are created.
	Mode            SweepMode       `yaml:"mode"`
	PartitionPeriod PartitionPeriod `yaml:"partition_period"`
	PartitionsAhead int             `yaml:"partitions_ahead"`
}

// Paced reports whether the sweep paces itself under foreground load.
func (p *Sweep) Paced() bool { return p.Mode != SweepPartitions && (p.Pace.On || p.YieldToForeground) }

// PolicyKind returns KindSweep.
func (*Sweep) PolicyKind() Kind { return KindSweep }

func (p *Sweep) setDefaults(given fieldSet) {
	p.Schedule = cmp.Or(p.Schedule, "@every 1h")
	p.ExpiresAtColumn = cmp.Or(p.ExpiresAtColumn, "expires_at")
	p.BatchSize = cmp.Or(p.BatchSize, 10_000)
	if !given["pause"] {
		p.Pause = Duration(100 * time.Millisecond)
	}
	p.StatementTimeout = cmp.Or(p.StatementTimeout, Duration(30*time.Second))
	p.LockTimeout = cmp.Or(p.LockTimeout, min(DefaultLockTimeout, p.StatementTimeout))
	if !given["adaptive"] {
		p.Adaptive = true
	}
	p.MinBatchSize = cmp.Or(p.MinBatchSize, min(100, p.BatchSize))
	p.MaxBatchSize = cmp.Or(p.MaxBatchSize, p.BatchSize)
	p.TargetBatchDuration = cmp.Or(p.TargetBatchDuration, Duration(time.Second))
	p.YieldBatchSize = cmp.Or(p.YieldBatchSize, min(1000, p.BatchSize))
	p.YieldPause = cmp.Or(p.YieldPause, Duration(100*time.Millisecond))
	p.Pace.setDefaults(given["pacing"])
	p.Mode = cmp.Or(p.Mode, SweepRows)
	if p.Mode == SweepPartitions {
		p.PartitionPeriod = cmp.Or(p.PartitionPeriod, PartitionDay)
		if !given["partitions_ahead"] {
			p.PartitionsAhead = 3
		}
	}
}

func (p *Sweep) validate(v *policyCheck, c *Config) {
	v.ident("table", p.Table, true)
	v.ident("key_column", p.KeyColumn, p.Mode != SweepPartitions)
	v.ident("expires_at_column", p.ExpiresAtColumn, true)
	v.ident("hold_column", p.HoldColumn, false)
	v.positive("batch_size", p.BatchSize)
	v.positive("min_batch_size", p.MinBatchSize)
	if p.MaxBatchSize < p.BatchSize {
		v.add("max_batch_size", "%d must be at least batch_size %d", p.MaxBatchSize, p.BatchSize)
	}
	if p.MinBatchSize > p.BatchSize {
		v.add("min_batch_size", "%d must be at most batch_size %d", p.MinBatchSize, p.BatchSize)
	}
	if p.Pause < 0 {
		v.add("pause", "must not be negative")
	}
	v.positiveDuration("statement_timeout", p.StatementTimeout)
	v.positiveDuration("target_batch_duration", p.TargetBatchDuration)
	v.positive("yield_batch_size", p.YieldBatchSize)
	v.positiveDuration("yield_pause", p.YieldPause)
	p.Pace.validate(v, p.MaxBatchSize, p.Pause)
	// The sweep job's timeout is half of rescue_stuck_jobs_after; one
	// batch must fit in it.
	if rescue := c.River.RescueStuckJobsAfter; p.StatementTimeout >= rescue/2 {
		v.add("statement_timeout", "%s must be below half of river.rescue_stuck_jobs_after %s (the sweep job's timeout)", p.StatementTimeout.D(), rescue.D())
	}
	if p.LockTimeout <= 0 {
		v.positiveDuration("lock_timeout", p.LockTimeout)
	} else if p.LockTimeout > p.StatementTimeout {
		v.add("lock_timeout", "%s must not exceed statement_timeout %s", p.LockTimeout.D(), p.StatementTimeout.D())
	}
	oneOf(v, "mode", p.Mode, SweepRows, SweepPartitions)
	if p.Mode == SweepPartitions {
		oneOf(v, "partition_period", p.PartitionPeriod, PartitionHour, PartitionDay, PartitionMonth)
		if p.PartitionsAhead < 0 {
			v.add("partitions_ahead", "must not be negative")
		}
		if p.HoldColumn != "" {
			v.add("hold_column", "applies only to mode rows: mode partitions drops whole partitions, held rows included")
		}
	} else {
		if p.PartitionPeriod != "" {
			v.add("partition_period", "applies only to mode partitions")
		}
		if p.PartitionsAhead != 0 {
			v.add("partitions_ahead", "applies only to mode partitions")
		}
	}
}
