// Package metrics defines Lethe's Prometheus collectors. One Metrics value is
// created per process (or per test) on its own registry and handed to the
// workers that count and the web server that exposes /metrics.
package metrics

import (
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"

	"github.com/lethehq/lethe/jobs"
)

// OtherLabel is the label value that stands for every job kind that is not
// Lethe's and every entity that is not declared: what rows in the database
// name never adds series to /metrics. It starts with "_", so no declared
// entity or job kind is ever spelled like it.
const OtherLabel = "_other"

// KindLabel returns kind when it is one of Lethe's job kinds, else
// OtherLabel.
func KindLabel(kind string) string {
	switch kind {
	case jobs.KindExpirePlan, jobs.KindExpireBatch, jobs.KindExpireWatchdog, jobs.KindSweep,
		jobs.KindDeleteEntity, jobs.KindPurgeBlobs, jobs.KindOrphanSweep, jobs.KindTombstoneGC,
		jobs.KindCreateRun, jobs.KindLogMetric, jobs.KindSetTag, jobs.KindSetAttribute,
		jobs.KindAddToExperiment, jobs.KindPutRunBlob:
		return kind
	}
	return OtherLabel
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
	}
	reg.MustRegister(
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		m.RowsDeleted, m.BlobsDeleted, m.BatchDuration, m.RowsClaimed, m.WatchdogResets, m.RowsSetAside,
		m.SweepBatches, m.SweepTimeouts, m.SweepBatchSize, m.PolicyErrors,
		m.EntitiesDeleted, m.IngestSkipped, m.TombstonesGCed, m.Verifications, m.JobOutcomes.vec,
	)
	return m
}
