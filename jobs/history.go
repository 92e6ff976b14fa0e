package jobs

// PruneHistory prunes Lethe's own history, the deletion audit: entries
// older than audit.retain, then the oldest beyond audit.max_rows, in small
// batches. Lethe schedules it on audit.schedule (default @hourly); insert it
// to prune now. It takes no arguments.
//
//	{}
type PruneHistory struct {
	decodeErr error // what UnmarshalJSON found wrong, reported by Validate
}

// Kind is KindPruneHistory (lethe.prune_history).
func (PruneHistory) Kind() string { return KindPruneHistory }

// UnmarshalJSON decodes the args strictly and never fails: Validate
// reports what is wrong.
func (a *PruneHistory) UnmarshalJSON(data []byte) error {
	*a = PruneHistory{decodeErr: decodeArgs(data)}
	return nil
}

// Validate reports malformed args; workers cancel such jobs.
func (a PruneHistory) Validate() error { return a.decodeErr }
