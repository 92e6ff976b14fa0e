// Package metrics defines Lethe's Prometheus collectors. One Metrics value is
// created per process (or per test) on its own registry and handed to the
// workers that count and the web server that exposes /metrics.
package metrics

import (
	"slices"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/jobs"
)

// OtherLabel is the label value that stands for every job kind that is not
// Lethe's and every entity that is not declared: what rows in the database
// name never adds series to /metrics. It starts with "_", so no declared
// entity or job kind is ever spelled like it.
const OtherLabel = "_other"

// Kinds returns Lethe's job kinds: the only values the kind label takes
// besides OtherLabel.
func Kinds() []string {
	return []string{
		jobs.KindExpirePlan, jobs.KindExpireBatch, jobs.KindExpireWatchdog, jobs.KindExpireDelete, jobs.KindSweep,
		jobs.KindDeleteEntity, jobs.KindPurgeBlobs, jobs.KindOrphanSweep, jobs.KindTombstoneGC,
		jobs.KindCreateRun, jobs.KindLogMetric, jobs.KindSetTag, jobs.KindSetAttribute,
		jobs.KindAddToExperiment, jobs.KindPutRunBlob, jobs.KindPruneHistory,
		jobs.KindLedgerFlush, jobs.KindLedgerPrune,
	}
}

// KindLabel returns kind when it is one of Lethe's job kinds, else
// OtherLabel.
func KindLabel(kind string) string {
	if slices.Contains(Kinds(), kind) {
		return kind
	}
	return OtherLabel
}

// Queues returns the River queues Lethe works: the only values the queue
// label takes besides OtherLabel. Every Lethe job goes to River's default
// queue.
func Queues() []string { return []string{river.QueueDefault} }

// QueueLabel returns queue when Lethe works it (see Queues), else
// OtherLabel.
func QueueLabel(queue string) string {
	if slices.Contains(Queues(), queue) {
		return queue
	}
	return OtherLabel
}

// Outcomes of a job on lethe_river_jobs_total: River's event kinds, and
// OutcomeJobDiscarded for a failure River will not retry.
const (
	OutcomeJobCompleted = string(river.EventKindJobCompleted)
	OutcomeJobFailed    = string(river.EventKindJobFailed)
	OutcomeJobDiscarded = "job_discarded"
	OutcomeJobCancelled = string(river.EventKindJobCancelled)
	OutcomeJobSnoozed   = string(river.EventKindJobSnoozed)
)

func jobOutcomes() []string {
	return []string{OutcomeJobCompleted, OutcomeJobFailed, OutcomeJobDiscarded, OutcomeJobCancelled, OutcomeJobSnoozed}
}

// Outcomes of the check after a purge that nothing of a deleted entity
// remains (the outcome label of lethe_entity_verifications_total).
const (
	VerificationVerified = "verified" // nothing remains
	VerificationFailed   = "failed"   // rows or blobs of the entity remain
	VerificationError    = "error"    // the check could not run
)

func verificationOutcomes() []string {
	return []string{VerificationVerified, VerificationFailed, VerificationError}
}

// JobCounter counts River jobs by kind and outcome. A job of a kind that is
// not Lethe's (another service's job in Lethe's queue, which River fails
// for want of a worker) counts under OtherLabel.
type JobCounter struct{ vec *prometheus.CounterVec }

// WithLabelValues returns the counter of kind (see KindLabel) and outcome.
func (c *JobCounter) WithLabelValues(kind, outcome string) prometheus.Counter {
	return c.vec.WithLabelValues(KindLabel(kind), outcome)
}

// Metrics holds every collector Lethe updates as it works. Gauges that
// describe table state (backlog, stuck rows, tombstones) are refreshed by the
// web package's collector at scrape time.
type Metrics struct {
	Registry *prometheus.Registry

	RowsDeleted     *prometheus.CounterVec   // policy
	BlobsDeleted    *prometheus.CounterVec   // policy
	BatchDuration   *prometheus.HistogramVec // policy, action
	RowsClaimed     *prometheus.CounterVec   // policy
	WatchdogResets  *prometheus.CounterVec   // policy
	RowsSetAside    *prometheus.CounterVec   // policy
	SweepBatches    *prometheus.CounterVec   // policy
	SweepTimeouts   *prometheus.CounterVec   // policy
	SweepBatchSize  *prometheus.GaugeVec     // policy
	PolicyErrors    *prometheus.CounterVec   // policy
	EntitiesDeleted *prometheus.CounterVec   // entity
	IngestSkipped   *prometheus.CounterVec   // entity
	TombstonesGCed  *prometheus.CounterVec   // entity
	Verifications   *prometheus.CounterVec   // entity, outcome
	JobOutcomes     *JobCounter              // kind, outcome
	JobQueueWait    *prometheus.HistogramVec // kind
	JobRunDuration  *prometheus.HistogramVec // kind
	BlobErrors      *prometheus.CounterVec   // operation
	ScheduleSeconds *prometheus.GaugeVec     // policy
	Pace            PaceMetrics
	LockTimeouts    *prometheus.CounterVec // policy, step
	LockWaited      *prometheus.CounterVec // policy
	HistoryPruned   *prometheus.CounterVec // table
}

// HistoryLabel is the policy label of the history prune (lethe.prune_history)
// on the lock timeout and pacing series: it is no policy, and no policy can
// be named like it (policy names start with a letter or digit).
const HistoryLabel = "_history"

// Steps of a policy's work that give up on a lock after lock_timeout (the
// step label of lethe_lock_timeouts_total).
const (
	StepClaim        = "claim"         // expire: the planner's claim
	StepFinish       = "finish"        // expire: a batch's reads and its delete
	StepReset        = "reset"         // expire: the watchdog's reads and resets
	StepSweep        = "sweep"         // sweep: a batch delete
	StepPartition    = "partition"     // sweep, partitions mode: a partition's drop or creation
	StepDeleteEntity = "delete_entity" // tombstone: an entity's deletion
	StepIngest       = "ingest"        // tombstone: a run ingestion write
	StepPurge        = "purge"         // tombstone: recording a blob purge
	StepCount        = "count"         // expire, sweep: the dashboard's counts of the table
	StepPreview      = "preview"       // every kind: the API's preview of a policy or entity
	StepPrune        = "prune"         // the history prune (HistoryLabel): a batch of the audit
)

// LockSteps returns the steps of a policy of kind k.
func LockSteps(k config.Kind) []string {
	switch k {
	case config.KindExpire:
		return []string{StepClaim, StepFinish, StepReset, StepCount, StepPreview}
	case config.KindSweep:
		return []string{StepSweep, StepPartition, StepCount, StepPreview}
	case config.KindTombstone:
		return []string{StepDeleteEntity, StepIngest, StepPurge, StepPreview}
	}
	return nil
}

// New registers Lethe's collectors, plus Go and process collectors, on a new
// registry.
func New() *Metrics {
	reg := prometheus.NewRegistry()
	m := &Metrics{
		Registry: reg,
		RowsDeleted: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "lethe_rows_deleted_total", Help: "Rows deleted (or marked DELETED), by policy.",
		}, []string{"policy"}),
		BlobsDeleted: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "lethe_blobs_deleted_total", Help: "Blob objects deleted, by policy.",
		}, []string{"policy"}),
		BatchDuration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "lethe_batch_duration_seconds",
			Help:    "Time to process one unit of deletion work, by policy and action.",
			Buckets: prometheus.ExponentialBuckets(0.005, 2, 14),
		}, []string{"policy", "action"}),
		RowsClaimed: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "lethe_rows_claimed_total", Help: "Rows claimed by planners (set DELETION_IN_PROGRESS), by policy.",
		}, []string{"policy"}),
		WatchdogResets: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "lethe_watchdog_resets_total", Help: "Rows reset from DELETION_IN_PROGRESS to NOT_EXPIRED by the watchdog.",
		}, []string{"policy"}),
		RowsSetAside: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "lethe_rows_set_aside_total", Help: "Expired rows set aside because their blob key was refused (not a clean path under the policy's blob_prefix).",
		}, []string{"policy"}),
		SweepBatches: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "lethe_sweep_batches_total", Help: "TTL sweep batches completed.",
		}, []string{"policy"}),
		SweepTimeouts: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "lethe_sweep_timeouts_total", Help: "TTL sweep batches that hit their statement timeout.",
		}, []string{"policy"}),
		SweepBatchSize: prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Name: "lethe_sweep_batch_size", Help: "Current (adaptive) TTL sweep batch size.",
		}, []string{"policy"}),
		PolicyErrors: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "lethe_policy_errors_total", Help: "Failed runs of a policy's jobs.",
		}, []string{"policy"}),
		EntitiesDeleted: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "lethe_entities_deleted_total", Help: "Entities deleted on request (tombstoned).",
		}, []string{"entity"}),
		IngestSkipped: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "lethe_ingest_skipped_total", Help: "Ingestion writes skipped because the entity is tombstoned.",
		}, []string{"entity"}),
		TombstonesGCed: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "lethe_tombstones_collected_total", Help: "Tombstones removed by tombstone GC.",
		}, []string{"entity"}),
		Verifications: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "lethe_entity_verifications_total",
			Help: "Checks after a purge that nothing of a deleted entity remains, by outcome: verified, failed (something remains) or error (the check could not run).",
		}, []string{"entity", "outcome"}),
		JobOutcomes: &JobCounter{prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "lethe_river_jobs_total", Help: "River jobs worked by this process, by kind (" + OtherLabel + " for kinds not Lethe's) and outcome.",
		}, []string{"kind", "outcome"})},
		JobQueueWait: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "lethe_river_job_queue_wait_seconds",
			Help:    "Time River jobs worked by this process waited from their scheduled time until a worker started them, by kind (" + OtherLabel + " for kinds not Lethe's).",
			Buckets: jobBuckets(),
		}, []string{"kind"}),
		JobRunDuration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "lethe_river_job_run_seconds",
			Help:    "Time River jobs worked by this process ran, by kind (" + OtherLabel + " for kinds not Lethe's).",
			Buckets: jobBuckets(),
		}, []string{"kind"}),
		BlobErrors: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "lethe_blob_errors_total",
			Help: "Failed blob store calls, by operation (put, get, exists, delete, list, delete_prefix); a missing key on get is not an error.",
		}, []string{"operation"}),
		ScheduleSeconds: prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Name: "lethe_policy_schedule_interval_seconds",
			Help: "Time between two runs of the policy's schedule (its planner, sweep or orphan blob sweep), set at start: what a backlog's age compares with.",
		}, []string{"policy"}),
		LockTimeouts: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "lethe_lock_timeouts_total",
			Help: "Statements on an application's table that gave up waiting for a lock after the policy's lock_timeout, by policy and step; the work is tried again later.",
		}, []string{"policy", "step"}),
		LockWaited: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "lethe_lock_throttled_seconds_total",
			Help: "Time the policy's statements waited on a lock another session held before giving way (lock_timeout each time), by policy: deletion held back by the application's locks.",
		}, []string{"policy"}),
		HistoryPruned: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "lethe_history_pruned_rows_total",
			Help: "Rows of Lethe's own history (the deletion audit) pruned by lethe.prune_history, older than audit.retain or beyond audit.max_rows, by table.",
		}, []string{"table"}),
	}
	reg.MustRegister(
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		m.RowsDeleted, m.BlobsDeleted, m.BatchDuration, m.RowsClaimed, m.WatchdogResets, m.RowsSetAside,
		m.SweepBatches, m.SweepTimeouts, m.SweepBatchSize, m.PolicyErrors,
		m.EntitiesDeleted, m.IngestSkipped, m.TombstonesGCed, m.Verifications, m.JobOutcomes.vec,
		m.JobQueueWait, m.JobRunDuration, m.BlobErrors, m.ScheduleSeconds, m.LockTimeouts, m.LockWaited, m.HistoryPruned,
	)
	m.Pace = newPaceMetrics(reg)
	return m
}

// jobBuckets span a job's queue wait and run time from 5 ms to about 1.5
// hours.
func jobBuckets() []float64 { return prometheus.ExponentialBuckets(0.005, 4, 11) }

// Init creates, at zero, every series cfg can ever produce: the per-policy
// series of each configured policy (those its kind updates), the
// per-entity series of each entity Lethe deletes, and the per-kind series
// of Lethe's job kinds. A counter that does not exist until its first event
// leaves an alert on it (rate(...) > 0) with nothing to evaluate, and a
// dashboard with gaps; with Init, /metrics lists them from the start. It
// also sets each policy's lethe_policy_schedule_interval_seconds.
func (m *Metrics) Init(cfg *config.Config) {
	now := time.Now()
	for _, p := range cfg.Policies {
		name := p.Base().Name
		if sched, err := config.ParseSchedule(p.Base().Schedule); err == nil {
			next := sched.Next(now)
			m.ScheduleSeconds.WithLabelValues(name).Set(sched.Next(next).Sub(next).Seconds())
		}
		m.RowsDeleted.WithLabelValues(name)
		m.PolicyErrors.WithLabelValues(name)
		for _, step := range LockSteps(p.PolicyKind()) {
			m.LockTimeouts.WithLabelValues(name, step)
		}
		var actions []db.AuditAction
		switch p := p.(type) {
		case *config.Expire:
			m.initPace(name, p.Pace.On)
			m.BlobsDeleted.WithLabelValues(name)
			m.RowsClaimed.WithLabelValues(name)
			m.WatchdogResets.WithLabelValues(name)
			m.RowsSetAside.WithLabelValues(name)
			actions = []db.AuditAction{db.ActionExpireBatch, db.ActionWatchdog}
		case *config.Sweep:
			m.initPace(name, p.Paced())
			m.SweepBatches.WithLabelValues(name)
			m.SweepTimeouts.WithLabelValues(name)
			actions = []db.AuditAction{db.ActionSweep}
			if p.Mode == config.SweepPartitions {
				actions = []db.AuditAction{db.ActionSweepPartition}
			} else {
				// The size its first batch starts with.
				m.SweepBatchSize.WithLabelValues(name).Set(float64(min(max(p.BatchSize, p.MinBatchSize), p.MaxBatchSize)))
			}
		case *config.Tombstone:
			m.BlobsDeleted.WithLabelValues(name)
			actions = []db.AuditAction{db.ActionOrphanSweep}
		}
		for _, action := range actions {
			m.BatchDuration.WithLabelValues(name, string(action))
		}
	}
	for _, entity := range cfg.EntityNames() {
		m.EntitiesDeleted.WithLabelValues(entity)
		m.IngestSkipped.WithLabelValues(entity)
		m.TombstonesGCed.WithLabelValues(entity)
		for _, outcome := range verificationOutcomes() {
			m.Verifications.WithLabelValues(entity, outcome)
		}
		if cfg.TombstoneFor(entity) == nil {
			// Its deletions count under the entity's own name.
			for _, step := range LockSteps(config.KindTombstone) {
				m.LockTimeouts.WithLabelValues(entity, step)
			}
		}
	}
	for _, kind := range Kinds() {
		for _, outcome := range jobOutcomes() {
			m.JobOutcomes.WithLabelValues(kind, outcome)
		}
		m.JobQueueWait.WithLabelValues(kind)
		m.JobRunDuration.WithLabelValues(kind)
	}
	for _, op := range blobOperations() {
		m.BlobErrors.WithLabelValues(op)
	}
	m.HistoryPruned.WithLabelValues(db.AuditTable)
	m.LockTimeouts.WithLabelValues(HistoryLabel, StepPrune)
}

// ObserveJob records a River job event of this process's workers: its
// outcome on lethe_river_jobs_total, and how long it waited and ran.
func (m *Metrics) ObserveJob(ev *river.Event) {
	if ev == nil || ev.Job == nil {
		return
	}
	outcome := string(ev.Kind)
	if ev.Kind == river.EventKindJobFailed && ev.Job.State == rivertype.JobStateDiscarded {
		outcome = OutcomeJobDiscarded
	}
	m.JobOutcomes.WithLabelValues(ev.Job.Kind, outcome).Inc()
	if ev.JobStats != nil {
		kind := KindLabel(ev.Job.Kind)
		m.JobQueueWait.WithLabelValues(kind).Observe(ev.JobStats.QueueWaitDuration.Seconds())
		m.JobRunDuration.WithLabelValues(kind).Observe(ev.JobStats.RunDuration.Seconds())
	}
}
