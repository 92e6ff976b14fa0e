package web

import (
	"net/http"
)

// runsRoutes mounts the runs endpoints the dashboard uses. Minimal: the
// tombstone capability owns the full set (delete, batch delete, restore).
func (s *Server) runsRoutes() {
	s.mux.Handle("POST /api/v1/runs/{run_id}/clear-tombstone/", s.requireAuth(http.HandlerFunc(s.handleClearRunTombstone)))
}

// handleClearRunTombstone removes the run's tombstone so the run may be
// written again: 204, no body, idempotent.
func (s *Server) handleClearRunTombstone(w http.ResponseWriter, r *http.Request) {
	key := r.PathValue("run_id")
	if key == "" {
		writeError(w, http.StatusBadRequest, "run_id: required")
		return
	}
	if _, err := s.opts.Pool.Exec(r.Context(), `DELETE FROM lethe_tombstones WHERE entity = 'run' AND key = $1`, key); err != nil {
		writeError(w, http.StatusInternalServerError, "clear tombstone of run "+key+": "+err.Error())
		return
	}
	s.forgetOverview()
	w.WriteHeader(http.StatusNoContent)
}
