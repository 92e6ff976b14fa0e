package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/entity"
	"github.com/lethehq/lethe/internal/quote"
)

// undeleteRoutes mounts the undelete of an entity whose restore_window
// has not ended: an operator action (requireAuth refuses viewers), audited
// with who in the transaction that makes it.
func (s *Server) undeleteRoutes() {
	s.mux.Handle("POST /api/v1/entities/{entity}/{key}/undelete", s.requireAuth(http.HandlerFunc(s.handleUndelete)))
}

// handleUndelete puts the key's deleted rows back from their capture
// (db.Undelete): 200 with what came back; 404 when no deletion of the key
// is captured; 410 when its window has ended (unrecoverable_since); 409
// when the tables no longer take the rows (a conflict, naming its table
// and column), when its deletion has not finished, or when its lock was
// not granted in time. Nothing changes unless it is 200.
func (s *Server) handleUndelete(w http.ResponseWriter, r *http.Request) {
	ent, key, ok := s.entityAndKey(w, r)
	if !ok {
		return
	}
	started := time.Now()
	var restored entity.Restored
	done, err := db.Undelete(r.Context(), s.opts.Pool, db.Undeletion{
		Timeouts:    db.EntityTimeouts(s.opts.Config, ent.Name),
		RiverSchema: s.opts.Config.River.Schema, Entity: ent.Name, Key: key,
		Ledger: s.opts.Config.Ledger.On(),
		Restore: func(ctx context.Context, tx db.Bounded, capture []byte) (any, error) {
			var err error
			restored, err = ent.RestoreEncoded(ctx, tx, key, capture)
			return restored, err
		},
		Audit: func(ctx context.Context, tx pgx.Tx, detail map[string]any) error {
			return auditOperator(ctx, tx, r, operatorAction{started: started, action: db.ActionUndeleteEntity, policy: s.entityPolicy(ent.Name), detail: detail})
		},
	})
	var (
		notRestorable *db.NotRestorableError
		unfinished    *db.DeletionUnfinishedError
		conflict      *entity.ConflictError
	)
	switch {
	case err == nil:
		writeJSON(w, http.StatusOK, map[string]any{
			"entity": ent.Name, "key": key, "undeleted": true, "rows": restored.Rows, "nulled": restored.Nulled,
			"tombstone_cleared": done.TombstoneCleared, "deleted_at": done.Restoration.DeletedAt,
		})
	case errors.As(err, &conflict):
		writeJSON(w, http.StatusConflict, map[string]any{"error": bounded(err.Error(), key), "table": conflict.Table, "column": conflict.Column})
	case errors.As(err, &notRestorable) && notRestorable.Since != nil:
		writeJSON(w, http.StatusGone, map[string]any{"error": bounded(err.Error(), key), "unrecoverable_since": notRestorable.Since})
	case errors.As(err, &notRestorable):
		writeError(w, http.StatusNotFound, bounded(err.Error(), key))
	case errors.As(err, &unfinished):
		writeError(w, http.StatusConflict, bounded(err.Error(), key))
	case db.IsLockTimeout(err):
		writeError(w, http.StatusConflict, bounded(fmt.Sprintf("%s %s is being deleted or held right now (its lock was not granted in time); try again", ent.Name, quote.Value(key)), key))
	default:
		writeError(w, http.StatusInternalServerError, bounded(err.Error(), key))
	}
}
