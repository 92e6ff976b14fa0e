package jobs

// Job kinds of the deletion ledger (package ledger). Lethe schedules them
// itself; insert one to run it now.
const (
	KindLedgerFlush = "lethe.ledger_flush" // LedgerFlush
	KindLedgerPrune = "lethe.ledger_prune" // LedgerPrune
)

// LedgerFlush writes the deletion ledger's pending entries to the blob
// store. Lethe schedules it every ledger.flush_interval (5s). It takes no
// arguments.
//
//	{}
type LedgerFlush struct {
	decodeErr error // what UnmarshalJSON found wrong, reported by Validate
}

// Kind is KindLedgerFlush (lethe.ledger_flush).
func (LedgerFlush) Kind() string { return KindLedgerFlush }

// UnmarshalJSON decodes the args strictly and never fails: Validate
// reports what is wrong.
func (a *LedgerFlush) UnmarshalJSON(data []byte) error {
	*a = LedgerFlush{decodeErr: decodeArgs(data)}
	return nil
}

// Validate reports malformed args; workers cancel such jobs.
func (a LedgerFlush) Validate() error { return a.decodeErr }

// LedgerPrune deletes the deletion ledger's segments older than
// ledger.retention. Lethe schedules it on ledger.prune_schedule (@daily). It
// takes no arguments.
//
//	{}
type LedgerPrune struct {
	decodeErr error // what UnmarshalJSON found wrong, reported by Validate
}

// Kind is KindLedgerPrune (lethe.ledger_prune).
func (LedgerPrune) Kind() string { return KindLedgerPrune }

// UnmarshalJSON decodes the args strictly and never fails: Validate
// reports what is wrong.
func (a *LedgerPrune) UnmarshalJSON(data []byte) error {
	*a = LedgerPrune{decodeErr: decodeArgs(data)}
	return nil
}

// Validate reports malformed args; workers cancel such jobs.
func (a LedgerPrune) Validate() error { return a.decodeErr }
