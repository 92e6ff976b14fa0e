package workers

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/entity"
	"github.com/lethehq/lethe/jobs"
)

// The restoration window (an entity's restore_window): a deletion captures
// the rows it removes in its own transaction (lethe_restorations), and its
// blob purge is scheduled at the window's end and refuses to run earlier,
// so `lethe undelete` can put the entity back until then. At the window's
// end the purge job purges the capture with the blobs, and verifies.

// deleteCapturing deletes the rows of key (ent.DeleteRows) in the
// deletion's final transaction b. With a restore_window, a deletion that
// starts here (no tombstone yet) first reads every row it is about to
// delete, then records them in the restoration log; one whose chunks ran
// captured them when it wrote its tombstone (putDeleting). It returns the
// insert options of the blob purge: scheduled at the end of the window of
// a capture that stands, nil without one.
func (e *entities) deleteCapturing(ctx context.Context, b db.Bounded, ent *entity.Entity, key string) (entity.Changes, *river.InsertOpts, error) {
	window := ent.Decl.RestoreWindow.D()
	if window <= 0 {
		changes, err := ent.DeleteRows(ctx, b, key)
		return changes, nil, err
	}
	ts, err := db.GetTombstone(ctx, b, ent.Name, key)
	if err != nil {
		return entity.Changes{}, nil, err
	}
	var capture *entity.Capture
	if ts == nil {
		if capture, err = ent.CaptureRows(ctx, b, key); err != nil {
			return entity.Changes{}, nil, err
		}
	}
	// The capture is written after the rows are deleted: what the
	// transaction deleted is counted from its start (DeleteRows).
	changes, err := ent.DeleteRows(ctx, b, key)
	if err != nil {
		return changes, nil, err
	}
	var r *db.Restoration
	if capture != nil {
		r, err = putCapture(ctx, b, capture, window)
	} else {
		r, err = db.GetRestoration(ctx, b, ent.Name, key)
	}
	if err != nil || r == nil || r.PurgedAt != nil {
		return changes, nil, err
	}
	return changes, &river.InsertOpts{ScheduledAt: r.PurgeAfter}, nil
}

// putDeleting writes the tombstone (deleting) of a large deletion before
// its first chunk, on conn, which holds the entity's lock for the whole of
// the chunks. With a restore_window it captures every row of the entity in
// the same transaction: from its commit the guards refuse the entity's
// writes, so the chunks and the final transaction delete no row the
// capture lacks.
func (e *entities) putDeleting(ctx context.Context, conn *pgxpool.Conn, timeouts db.Timeouts, ent *entity.Entity, key string) error {
	window := ent.Decl.RestoreWindow.D()
	if window <= 0 {
		_, err := db.PutTombstoneDeleting(ctx, conn, ent.Name, key)
		return err
	}
	return pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
		created, err := db.PutTombstoneDeleting(ctx, tx, ent.Name, key)
		if err != nil || !created {
			return err // an earlier attempt's capture stands
		}
		b := timeouts.Conn(conn).Within(tx)
		capture, err := ent.CaptureRows(ctx, b, key)
		if err != nil {
			return err
		}
		_, err = putCapture(ctx, b, capture, window)
		return err
	})
}

// putCapture compresses capture and records it in the restoration log.
func putCapture(ctx context.Context, exec db.Executor, capture *entity.Capture, window time.Duration) (*db.Restoration, error) {
	data, err := capture.Encode()
	if err != nil {
		return nil, err
	}
	return db.PutRestoration(ctx, exec, capture.Entity, capture.Key, window, capture.Rows(), capture.NulledRows(), data)
}

// restorableError is a blob purge of a key whose deletion can still be
// undone: it waits for the window's end.
type restorableError struct {
	entity, key string
	until       time.Time
}

func (e *restorableError) Error() string {
	return fmt.Sprintf("%s %s is restorable until %s: its blobs are kept until then", e.entity, e.key, e.until.UTC().Format(time.RFC3339))
}

// restorable returns a *restorableError when (entity, key) has a capture
// whose window has not ended (read in exec, under the entity's lock), and
// whether it has a capture to purge: one whose window has ended. A purge
// asks only when db.ReadPurgeCheck found a capture.
func restorable(ctx context.Context, exec db.Executor, entity, key string) (purge bool, err error) {
	r, err := db.GetRestoration(ctx, exec, entity, key)
	if err != nil || r == nil || r.PurgedAt != nil {
		return false, err
	}
	now, err := db.Now(ctx, exec)
	if err != nil {
		return false, err
	}
	if r.Restorable(now) {
		return false, &restorableError{entity: entity, key: key, until: r.PurgeAfter}
	}
	return true, nil
}

// purgeSnooze is the snooze of a purge_blobs job that ran before the
// window's end (a purge queued by a repeated deletion, or a job run early).
func purgeSnooze(err error) error {
	var r *restorableError
	if !errors.As(err, &r) {
		return nil
	}
	return river.JobSnooze(max(time.Until(r.until), time.Second))
}

// isRestorable reports whether err is a purge refused within a restore
// window.
func isRestorable(err error) bool {
	var r *restorableError
	return errors.As(err, &r)
}

// restorationGrace is how long after a window's end a capture is left to
// the purge job scheduled for it before the periodic purge takes it.
const restorationGrace = time.Hour

// restorationBatch and restorationBatches bound one periodic purge.
const (
	restorationBatch   = 100
	restorationBatches = 10
)

// purgeRestorations is the periodic purge of the captures of p's entity
// whose window ended more than restorationGrace ago (their purge job was
// lost: discarded, or removed by hand), run with the tombstone GC: in
// batches, each in a transaction that also enqueues the blob purge of every
// key it purged (which verifies the deletion as any purge does). It
// records an audit entry when it purged any.
func (e *entities) purgeRestorations(ctx context.Context, p *config.Tombstone, jobID *int64) error {
	client, err := river.ClientFromContextSafely[pgx.Tx](ctx)
	if err != nil {
		return fmt.Errorf("purge of expired captures needs the River client: %w", err)
	}
	started := time.Now()
	var purged []string
	for range restorationBatches {
		var keys []string
		err := e.deps.txFunc(ctx, func(tx pgx.Tx) error {
			var err error
			if keys, err = db.PurgeExpiredRestorations(ctx, tx, p.Entity, restorationGrace, restorationBatch); err != nil || len(keys) == 0 {
				return err
			}
			params := make([]river.InsertManyParams, len(keys))
			for i, key := range keys {
				params[i] = river.InsertManyParams{Args: jobs.PurgeBlobs{Entity: p.Entity, Key: key}}
			}
			_, err = client.InsertManyTx(ctx, tx, params)
			return err
		})
		if err != nil {
			return err
		}
		purged = append(purged, keys...)
		if len(keys) < restorationBatch {
			break
		}
	}
	if len(purged) == 0 {
		return nil
	}
	e.deps.Logger.InfoContext(ctx, "Purged expired captures", slog.String("entity", p.Entity), slog.Int("captures", len(purged)))
	return db.RecordAudit(context.WithoutCancel(ctx), e.deps.Pool, db.AuditEntry{
		Policy: p.Name, Action: db.ActionPurgeRestorations, JobID: jobID, StartedAt: started, Outcome: db.OutcomeOK,
		Detail: map[string]any{"entity": p.Entity, "keys": purged, "captures": len(purged)},
	})
}
