package workers

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"time"

	"github.com/riverqueue/river"

	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/entity"
)

// A delete_entity job of a held entity checks the hold again after
// holdRecheck plus up to holdRecheckJitter; a release makes it available
// at once (db.ReleaseHold).
const (
	holdRecheck       = 30 * time.Second
	holdRecheckJitter = 30 * time.Second
)

// HoldWait is the output a delete_entity job records while its entity is
// under a legal hold (db.Hold): the job is snoozed, not failed, and checks
// again until the hold is released. WaitingOn makes `lethe delete --wait`
// and River UI show it as any other wait (LockWait), and the next attempt
// clears it (LockWaitMiddleware).
type HoldWait struct {
	WaitingOn string    `json:"waiting_on"` // legal hold on account 42 by alice: litigation 7
	Held      bool      `json:"held"`
	Reason    string    `json:"reason"`
	HeldBy    string    `json:"held_by"`
	Since     time.Time `json:"since"` // when the hold was placed
}

// heldError is a deletion that found its entity held, under the entity's
// lock: it deleted nothing.
type heldError struct{ hold *db.Hold }

func (e *heldError) Error() string {
	return fmt.Sprintf("%s %s is under a legal hold", e.hold.Entity, e.hold.Key)
}

// checkHold returns a *heldError when (entity, key) is held. Call it with
// the entity's exclusive lock taken (db.LockExclusive or its session
// lock): a hold takes the same lock, so it is either seen here or placed
// after the deletion committed.
func checkHold(ctx context.Context, exec db.Executor, entity, key string) error {
	h, err := db.GetHold(ctx, exec, entity, key)
	if err != nil {
		return err
	}
	if h != nil {
		return &heldError{hold: h}
	}
	return nil
}

// holdSnooze returns nil unless err is a *heldError. Then it records that
// the deletion of ent waits on a legal hold, logs it and returns the
// job's snooze: a snooze does not count as a failed attempt, so a job
// waits as long as the hold stands.
func (e *entities) holdSnooze(ctx context.Context, ent *entity.Entity, err error) error {
	var held *heldError
	if !errors.As(err, &held) {
		return nil
	}
	h := held.hold
	wait := HoldWait{
		WaitingOn: fmt.Sprintf("legal hold on %s %s by %s: %s", h.Entity, h.Key, h.HeldBy, h.Reason),
		Held:      true, Reason: h.Reason, HeldBy: h.HeldBy, Since: h.HeldAt.UTC(),
	}
	_ = river.RecordOutput(ctx, wait)
	e.deps.Logger.InfoContext(ctx, "Deletion waits on a legal hold",
		slog.String("entity", ent.Name), slog.String("key", h.Key),
		slog.String("held_by", h.HeldBy), slog.Time("held_since", h.HeldAt))
	return river.JobSnooze(holdRecheck + rand.N(holdRecheckJitter))
}
