package main

import (
	"context"
	"fmt"

	"github.com/lethehq/lethe/db"
)

// gaveUpOnLock returns err, when it is a lock timeout (db.IsLockTimeout)
// on tables, wrapped in an error that names the session that held the
// lock (db.Blocker, looked up on exec right away), e.g. `gave up waiting
// for the ACCESS EXCLUSIVE lock on pastes held by pid 123 (app "billing",
// idle in transaction for 3s); try again: ...`. Any other error is
// returned as it is.
func gaveUpOnLock(ctx context.Context, exec db.Executor, tables []string, err error) error {
	if !db.IsLockTimeout(err) {
		return err
	}
	holder, blocker, lookupErr := db.Blocker(ctx, exec, db.LockTimeout{Tables: tables, Err: err})
	switch {
	case lookupErr != nil:
		blocker += ": " + lookupErr.Error()
	case holder != nil:
		blocker = "the " + blocker
	}
	return fmt.Errorf("gave up waiting for %s; try again: %w", blocker, err)
}
