package web

import (
	"net/http"

	"github.com/lethehq/lethe/db"
)

// apiRoutes mounts the REST API under /api/v1.
func (s *Server) apiRoutes() {
	auth := s.requireAuth
	s.mux.HandleFunc("GET /api/v1/policies", s.handleListPolicies)
	s.mux.Handle("POST /api/v1/policies/{policy}/run", auth(http.HandlerFunc(s.handleRunPolicy)))
	s.mux.Handle("POST /api/v1/policies/{policy}/pause", auth(http.HandlerFunc(s.handlePausePolicy(true))))
	s.mux.Handle("POST /api/v1/policies/{policy}/resume", auth(http.HandlerFunc(s.handlePausePolicy(false))))
}

type policyView struct {
	Name     string         `json:"name"`
	Kind     string         `json:"kind"`
	Table    string         `json:"table,omitempty"`
	Schedule string         `json:"schedule"`
	State    db.PolicyState `json:"state"`
}

func (s *Server) handleListPolicies(w http.ResponseWriter, r *http.Request) {
	states, err := db.ListPolicyStates(r.Context(), s.opts.Pool)
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	out := make([]policyView, 0, len(s.opts.Config.Policies))
	for _, p := range s.opts.Config.Policies {
		state, ok := states[p.Name]
		if !ok {
			state = db.PolicyState{Policy: p.Name}
		}
		out = append(out, policyView{Name: p.Name, Kind: p.Kind, Table: p.Table, Schedule: p.Schedule, State: state})
	}
	writeJSON(w, http.StatusOK, map[string]any{"policies": out})
}

func (s *Server) handleRunPolicy(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("policy")
	if s.opts.Config.Policy(name) == nil {
		writeError(w, http.StatusNotFound, "unknown policy "+name)
		return
	}
	ids, err := s.opts.RunNow(r.Context(), name)
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	writeJSON(w, http.StatusAccepted, map[string]any{"policy": name, "job_ids": ids})
}

func (s *Server) handlePausePolicy(paused bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		name := r.PathValue("policy")
		if s.opts.Config.Policy(name) == nil {
			writeError(w, http.StatusNotFound, "unknown policy "+name)
			return
		}
		if err := db.SetPolicyPaused(r.Context(), s.opts.Pool, name, paused); err != nil {
			writeError(w, http.StatusInternalServerError, err.Error())
			return
		}
		writeJSON(w, http.StatusOK, map[string]any{"policy": name, "paused": paused})
	}
}
