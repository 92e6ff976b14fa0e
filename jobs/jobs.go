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
package jobs
