// Package jobs is Lethe's public enqueue contract: the River job args other
// services insert to ask Lethe for work. Kinds and JSON args are stable; see
// README.md ("Job kinds") for the same contract in JSON, for River's Python
// and Ruby insert-only clients.
//
// The package is deliberately light: it imports nothing beyond the standard
// library, so importing it never pulls in Lethe's server dependencies. Every
// type implements River's JobArgs interface (a Kind method), so a Go service
// enqueues with a River client of its own. Lethe's River tables live in their
// own schema ("lethe" unless the river.schema setting says otherwise), so the
// client names it; it needs no workers to insert:
//
//	lethe, err := river.NewClient(riverpgxv5.New(pool), &river.Config{Schema: "lethe"})
//	// ...
//	_, err = lethe.InsertTx(ctx, tx, jobs.DeleteEntity{Entity: "run", Key: runHash}, nil)
//
// Jobs go to River's default queue unless the caller says otherwise.
//
// Args are checked strictly, and a job whose args fail is cancelled at
// once (never retried) with an error naming the field: args must be one
// JSON object of at most MaxArgsBytes with only the kind's fields, spelled
// exactly, each required field present (only CreateRun's experiment and
// LogMetric's context may be left out or null) and each value of its
// field's type; then each type's Validate checks the values, strings
// included against the Max… limits. A Go client can call Validate before
// inserting.
package jobs

// Job kinds, one per args type. They are stored in river_job.kind and named
// by other services' insert-only clients: never change them.
const (
	KindExpirePlan      = "lethe.expire_plan"       // ExpirePlan
	KindExpireBatch     = "lethe.expire_batch"      // ExpireBatch
	KindExpireWatchdog  = "lethe.expire_watchdog"   // ExpireWatchdog
	KindExpireDelete    = "lethe.expire_delete"     // ExpireDelete
	KindSweep           = "lethe.sweep"             // Sweep
	KindDeleteEntity    = "lethe.delete_entity"     // DeleteEntity
	KindPurgeBlobs      = "lethe.purge_blobs"       // PurgeBlobs
	KindOrphanSweep     = "lethe.orphan_sweep"      // OrphanSweep
	KindTombstoneGC     = "lethe.tombstone_gc"      // TombstoneGC
	KindCreateRun       = "lethe.create_run"        // CreateRun
	KindLogMetric       = "lethe.log_metric"        // LogMetric
	KindSetTag          = "lethe.set_tag"           // SetTag
	KindSetAttribute    = "lethe.set_attribute"     // SetAttribute
	KindAddToExperiment = "lethe.add_to_experiment" // AddToExperiment
	KindPutRunBlob      = "lethe.put_run_blob"      // PutRunBlob
	KindPruneHistory    = "lethe.prune_history"     // PruneHistory
)
