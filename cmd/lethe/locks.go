package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/lethehq/lethe/db"
)

// gaveUpOnLock returns err, when it is a lock timeout (db.IsLockTimeout)
// on tables, wrapped in an error that names the session that held the
// lock (db.Blockers, looked up on exec right away), e.g. `gave up waiting
// for the ACCESS EXCLUSIVE lock on pastes held by pid 123 (app "billing",
// idle in transaction for 3s); try again: ...`. Any other error is
// returned as it is.
func gaveUpOnLock(ctx context.Context, exec db.Executor, tables []string, err error) error {
	if !db.IsLockTimeout(err) {
		return err
	}
	ctx = context.WithoutCancel(ctx)
	on := strings.Join(tables, ", ")
	holders, lookupErr := db.Blockers(ctx, exec, err, tables)
	var blocker string
	switch {
	case lookupErr != nil:
		blocker = fmt.Sprintf("a lock on %s (holder unknown: %v)", on, lookupErr)
	case len(holders) == 0:
		blocker = "a lock on " + on + ", released since"
	default:
		blocker = "the " + holders[0].String()
	}
	return fmt.Errorf("gave up waiting for %s; try again: %w", blocker, err)
}
