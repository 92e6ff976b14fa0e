package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
)

// ErrNothingToRun is what Options.RunNow returns (wrapped) when a policy has
// no job to run now; the API answers 409.
var ErrNothingToRun = errors.New("no job to run")

// How fresh the dashboard's numbers and chart are: several open dashboards
// polling every few seconds cost one round of queries per overviewMaxAge.
const (
	overviewMaxAge  = 2 * time.Second
	overviewTimeout = 10 * time.Second
)

// apiRoutes mounts the REST API under /api/v1 (documented in docs/api.md).
func (s *Server) apiRoutes() {
	auth := s.requireAuth
	s.mux.Handle("GET /api/v1/overview", auth(http.HandlerFunc(s.handleOverview)))
	s.mux.Handle("GET /api/v1/policies", auth(http.HandlerFunc(s.handleListPolicies)))
	s.mux.Handle("GET /api/v1/policies/{policy}", auth(http.HandlerFunc(s.handleGetPolicy)))
	s.mux.Handle("POST /api/v1/policies/{policy}/run", auth(http.HandlerFunc(s.handleRunPolicy)))
	s.mux.Handle("POST /api/v1/policies/{policy}/pause", auth(http.HandlerFunc(s.handlePausePolicy(true))))
	s.mux.Handle("POST /api/v1/policies/{policy}/resume", auth(http.HandlerFunc(s.handlePausePolicy(false))))
	s.mux.Handle("GET /api/v1/audit", auth(http.HandlerFunc(s.handleAudit)))
	s.mux.Handle("GET /api/v1/throughput", auth(http.HandlerFunc(s.handleThroughput)))
}

func (s *Server) handleOverview(w http.ResponseWriter, r *http.Request) {
	ov, err := s.overview(r.Context(), overviewMaxAge, overviewTimeout)
	if err != nil {
		writeError(w, http.StatusInternalServerError, "read overview: "+err.Error())
		return
	}
	writeJSON(w, http.StatusOK, ov)
}

func (s *Server) handleListPolicies(w http.ResponseWriter, r *http.Request) {
	ov, err := s.overview(r.Context(), overviewMaxAge, overviewTimeout)
	if err != nil {
		writeError(w, http.StatusInternalServerError, "read policies: "+err.Error())
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"policies": ov.Policies})
}

// handleGetPolicy answers one policy's stats, fresh (not cached), with its
// recent audit entries.
func (s *Server) handleGetPolicy(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("policy")
	p := s.opts.Config.Policy(name)
	if p == nil {
		writeError(w, http.StatusNotFound, "unknown policy "+strconv.Quote(name))
		return
	}
	ctx := r.Context()
	states, err := db.ListPolicyStates(ctx, s.opts.Pool)
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	totals, err := db.AuditTotals(ctx, s.opts.Pool)
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	ps, err := s.policyStats(ctx, p, states, totals)
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	audit, err := db.ListAudit(ctx, s.opts.Pool, name, 20)
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	if audit == nil {
		audit = []db.AuditEntry{}
	}
	writeJSON(w, http.StatusOK, map[string]any{"policy": ps, "audit": audit})
}

func (s *Server) handleRunPolicy(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("policy")
	if s.opts.Config.Policy(name) == nil {
		writeError(w, http.StatusNotFound, "unknown policy "+strconv.Quote(name))
		return
	}
	state, err := db.GetPolicyState(r.Context(), s.opts.Pool, name)
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	if state.Paused {
		writeError(w, http.StatusConflict, "policy "+name+" is paused: resume it to run it")
		return
	}
	ids, err := s.opts.RunNow(r.Context(), name)
	if errors.Is(err, ErrNothingToRun) {
		writeError(w, http.StatusConflict, err.Error())
		return
	}
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	s.forget()
	writeJSON(w, http.StatusAccepted, map[string]any{"policy": name, "job_ids": ids})
}

func (s *Server) handlePausePolicy(paused bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		name := r.PathValue("policy")
		if s.opts.Config.Policy(name) == nil {
			writeError(w, http.StatusNotFound, "unknown policy "+strconv.Quote(name))
			return
		}
		if err := db.SetPolicyPaused(r.Context(), s.opts.Pool, name, paused); err != nil {
			writeError(w, http.StatusInternalServerError, err.Error())
			return
		}
		s.forget()
		writeJSON(w, http.StatusOK, map[string]any{"policy": name, "paused": paused})
	}
}

// handleAudit lists the newest audit entries: ?policy= (optional) and
// ?limit= (1–1000, default 50).
func (s *Server) handleAudit(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	policy := q.Get("policy")
	if policy != "" && s.opts.Config.Policy(policy) == nil {
		writeError(w, http.StatusNotFound, "unknown policy "+strconv.Quote(policy))
		return
	}
	limit, ok := queryLimit(w, q, 50)
	if !ok {
		return
	}
	entries, err := db.ListAudit(r.Context(), s.opts.Pool, policy, limit)
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	if entries == nil {
		entries = []db.AuditEntry{}
	}
	writeJSON(w, http.StatusOK, map[string]any{"audit": entries})
}

// queryLimit reads ?limit= (1–1000, def when absent), answering 400 when it
// is anything else.
func queryLimit(w http.ResponseWriter, q url.Values, def int) (int, bool) {
	v := q.Get("limit")
	if v == "" {
		return def, true
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > 1000 {
		writeError(w, http.StatusBadRequest, fmt.Sprintf("limit: want an integer from 1 to 1000, got %q", v))
		return 0, false
	}
	return n, true
}

// throughputWindows are the windows the chart offers and their bucket
// widths: 48 to 72 buckets each.
var throughputWindows = map[string]struct{ span, bucket time.Duration }{
	"1h":  {time.Hour, time.Minute},
	"6h":  {6 * time.Hour, 5 * time.Minute},
	"24h": {24 * time.Hour, 30 * time.Minute},
	"7d":  {7 * 24 * time.Hour, 3 * time.Hour},
}

// throughputKey names one chart: a window and a policy ("" for all).
type throughputKey struct{ window, policy string }

// throughputCaches has a cache for every chart the API answers, so every
// open dashboard polling the chart costs one query per overviewMaxAge, like
// the overview.
func throughputCaches(cfg *config.Config) map[throughputKey]*cache[[]db.ThroughputPoint] {
	caches := map[throughputKey]*cache[[]db.ThroughputPoint]{}
	for window := range throughputWindows {
		caches[throughputKey{window, ""}] = new(cache[[]db.ThroughputPoint])
		for _, p := range cfg.Policies {
			caches[throughputKey{window, p.Base().Name}] = new(cache[[]db.ThroughputPoint])
		}
	}
	return caches
}

// handleThroughput answers rows and blobs deleted per bucket over a window:
// ?window=1h|6h|24h|7d (default 1h), ?policy= (optional).
func (s *Server) handleThroughput(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	window := q.Get("window")
	if window == "" {
		window = "1h"
	}
	win, ok := throughputWindows[window]
	if !ok {
		writeError(w, http.StatusBadRequest, fmt.Sprintf("window: want 1h, 6h, 24h or 7d, got %q", window))
		return
	}
	policy := q.Get("policy")
	if policy != "" && s.opts.Config.Policy(policy) == nil {
		writeError(w, http.StatusNotFound, "unknown policy "+strconv.Quote(policy))
		return
	}
	points, err := s.throughput[throughputKey{window, policy}].get(r.Context(), &s.gen, overviewMaxAge, overviewTimeout,
		func(ctx context.Context) ([]db.ThroughputPoint, error) {
			return db.Throughput(ctx, s.opts.Pool, policy, win.span, win.bucket)
		})
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	var rows, blobs int64
	for _, p := range points {
		rows += p.Rows
		blobs += p.Blobs
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"window": window, "bucket_seconds": int(win.bucket.Seconds()), "policy": policy,
		"rows": rows, "blobs": blobs, "points": points,
	})
}
