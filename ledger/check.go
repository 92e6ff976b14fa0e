package ledger

import (
	"context"
	"fmt"
	"time"

	"github.com/lethehq/lethe/blob"
	"github.com/lethehq/lethe/db"
)

// Behind is what the ledger holds that the database does not: deletions
// flushed after the database's last flush, which a database restored from
// a backup lacks.
type Behind struct {
	// Entries counts those deletions, one per deletion ID.
	Entries int
	// Since is the time of the oldest: `lethe replay --since` it.
	Since time.Time
	// Newest is the time of the newest.
	Newest time.Time
}

// maxPendingIDs bounds the outbox entries Check reads: a flush keeps the
// outbox far below it.
const maxPendingIDs = 100_000

// Check compares the database's ledger point (its last flushed segment)
// with the segments in store under prefix and returns what the store holds
// after it. Entries still in the database's outbox are not counted: the
// database has them (a backup taken between a segment's write and its
// mark). A database that never flushed is compared with every segment.
func Check(ctx context.Context, exec db.Executor, store blob.Store, prefix string, now time.Time) (Behind, error) {
	state, err := db.GetLedgerState(ctx, exec)
	if err != nil {
		return Behind{}, err
	}
	var names []string
	if from, ok := SegmentTime(prefix, state.FlushedSegment); ok {
		all, err := Segments(ctx, store, prefix, from, now)
		if err != nil {
			return Behind{}, err
		}
		for _, name := range all {
			if name > state.FlushedSegment {
				names = append(names, name)
			}
		}
	} else {
		err := store.List(ctx, prefix, func(keys []string) error {
			for _, k := range keys {
				if _, ok := SegmentTime(prefix, k); ok {
					names = append(names, k)
				}
			}
			return nil
		})
		if err != nil {
			return Behind{}, fmt.Errorf("ledger: list segments: %w", err)
		}
	}
	if len(names) == 0 {
		return Behind{}, nil
	}
	pending, err := db.PendingLedgerIDs(ctx, exec, maxPendingIDs)
	if err != nil {
		return Behind{}, err
	}
	entries, err := readAll(ctx, store, names, func(e Entry) bool { return !pending[e.ID] })
	if err != nil || len(entries) == 0 {
		return Behind{}, err
	}
	return Behind{Entries: len(entries), Since: entries[0].At, Newest: entries[len(entries)-1].At}, nil
}
