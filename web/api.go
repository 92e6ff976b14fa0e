package web

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/internal/metrics"
	"github.com/lethehq/lethe/internal/quote"
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
	s.mux.Handle("PATCH /api/v1/policies/{policy}", auth(http.HandlerFunc(s.handlePatchPolicy)))
	s.mux.Handle("DELETE /api/v1/policies/{policy}/overrides", auth(http.HandlerFunc(s.handleDeletePolicyOverrides)))
	s.mux.Handle("GET /api/v1/policies/{policy}/preview", auth(http.HandlerFunc(s.handlePreviewPolicy)))
	s.mux.Handle("GET /api/v1/audit", auth(http.HandlerFunc(s.handleAudit)))
	s.mux.Handle("GET /api/v1/throughput", auth(http.HandlerFunc(s.handleThroughput)))
}

func (s *Server) handleOverview(w http.ResponseWriter, r *http.Request) {
	ov, err := s.overview(r.Context(), overviewMaxAge, overviewTimeout)
	if err != nil {
		writeError(w, http.StatusInternalServerError, "read overview: "+err.Error())
		return
	}
	live := *ov // the cached overview is shared: add the live parts to a copy
	live.Replica = s.replicaOverview()
	writeJSON(w, http.StatusOK, &live)
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
	p, ok := s.knownPolicy(w, name)
	if !ok {
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
	runs, err := db.ListPolicyRuns(ctx, s.opts.Pool)
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	ps, err := s.policyStats(ctx, p, states, totals, runs[name])
	if err == nil {
		err = s.setErrorJobStates(ctx, ps.Errors)
	}
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
	if _, ok := s.knownPolicy(w, name); !ok {
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
	s.recordOperator(r, operatorAction{action: db.ActionRunNow, policy: name, detail: map[string]any{"job_ids": ids}})
	writeJSON(w, http.StatusAccepted, map[string]any{"policy": name, "job_ids": ids})
}

func (s *Server) handlePausePolicy(paused bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		name := r.PathValue("policy")
		if _, ok := s.knownPolicy(w, name); !ok {
			return
		}
		if err := s.setPaused(r, name, paused); err != nil {
			writeError(w, http.StatusInternalServerError, err.Error())
			return
		}
		writeJSON(w, http.StatusOK, map[string]any{"policy": name, "paused": paused})
	}
}

// setPaused pauses or resumes policy name for the operator who sent r and
// audits it. POST …/pause and …/resume and PATCH {"paused": …} all go
// through it.
func (s *Server) setPaused(r *http.Request, name string, paused bool) error {
	if err := db.SetPolicyPaused(r.Context(), s.opts.Pool, name, paused); err != nil {
		return err
	}
	s.forget()
	action := db.ActionResumePolicy
	if paused {
		action = db.ActionPausePolicy
	}
	s.recordOperator(r, operatorAction{action: action, policy: name, detail: map[string]any{"paused": paused}})
	return nil
}

// auditParams are the query parameters GET /api/v1/audit takes.
var auditParams = []string{"policy", "action", "outcome", "entity", "key", "since", "until", "before", "limit", "format"}

// handleAudit lists audit entries, newest first: filtered by ?policy=,
// ?action=, ?outcome=, ?entity= and ?key= (auditEntityKey), ?since= and
// ?until= (RFC 3339, on finished_at),
// paged by ?before=<id> and ?limit= (1–1000, default 50), as JSON or, with
// ?format=csv, as CSV. Any other parameter, or a value it does not know,
// is 400 naming the parameter.
func (s *Server) handleAudit(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	f, limit, format, err := s.parseAuditQuery(q)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	var ok bool
	if f.Entity, f.Key, ok = s.auditEntityKey(w, r); !ok {
		return
	}
	entries, err := db.SearchAudit(r.Context(), s.opts.Pool, f, limit)
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	s.redactAudit(entries)
	if format == "csv" {
		writeAuditCSV(w, entries)
		return
	}
	if entries == nil {
		entries = []db.AuditEntry{}
	}
	refs := make([]jobRef, len(entries))
	for i := range entries {
		refs[i] = jobRef{id: entries[i].JobID, state: &entries[i].JobState}
	}
	if err := s.setJobStates(r.Context(), refs); err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	answer := map[string]any{"audit": entries}
	// A full page may have a next one: before=<its last ID> asks for it.
	if len(entries) == limit {
		answer["next_before"] = entries[len(entries)-1].ID
	}
	writeJSON(w, http.StatusOK, answer)
}

// parseAuditQuery reads GET /api/v1/audit's parameters; the error names the
// parameter that is unknown, repeated or invalid.
func (s *Server) parseAuditQuery(q url.Values) (f db.AuditFilter, limit int, format string, err error) {
	for name, values := range q {
		if !slices.Contains(auditParams, name) {
			return f, 0, "", fmt.Errorf("unknown query parameter %s (known: %s)", quote.Value(name), strings.Join(auditParams, ", "))
		}
		if len(values) > 1 {
			return f, 0, "", fmt.Errorf("%s: given %d times, want it once", name, len(values))
		}
	}
	if v := q.Get("policy"); v != "" {
		if s.opts.Config.Policy(v) == nil {
			return f, 0, "", fmt.Errorf("policy: unknown policy %s (configured: %s)", quote.Value(v), strings.Join(s.policyNames(), ", "))
		}
		f.Policy = v
	}
	if v := q.Get("action"); v != "" {
		if !slices.Contains(db.AuditActions, db.AuditAction(v)) {
			return f, 0, "", fmt.Errorf("action: unknown action %s (known: %s)", quote.Value(v), joinStrings(db.AuditActions))
		}
		f.Action = db.AuditAction(v)
	}
	if v := q.Get("outcome"); v != "" {
		if !slices.Contains(db.AuditOutcomes, v) {
			return f, 0, "", fmt.Errorf("outcome: unknown outcome %s (known: %s)", quote.Value(v), strings.Join(db.AuditOutcomes, ", "))
		}
		f.Outcome = v
	}
	for _, p := range []struct {
		name string
		to   *time.Time
	}{{"since", &f.Since}, {"until", &f.Until}} {
		v := q.Get(p.name)
		if v == "" {
			continue
		}
		t, err := time.Parse(time.RFC3339Nano, v)
		if err != nil {
			return f, 0, "", fmt.Errorf("%s: want an RFC 3339 time such as 2026-01-02T15:04:05Z, got %s", p.name, quote.Value(v))
		}
		*p.to = t
	}
	if !f.Since.IsZero() && !f.Until.IsZero() && !f.Since.Before(f.Until) {
		return f, 0, "", fmt.Errorf("until: %s is not after since %s", quote.Value(q.Get("until")), quote.Value(q.Get("since")))
	}
	if v := q.Get("before"); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 1 {
			return f, 0, "", fmt.Errorf("before: want the positive ID of an audit entry, got %s", quote.Value(v))
		}
		f.Before = n
	}
	limit = 50
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 1000 {
			return f, 0, "", fmt.Errorf("limit: want an integer from 1 to 1000, got %s", quote.Value(v))
		}
		limit = n
	}
	switch format = q.Get("format"); format {
	case "", "json", "csv":
	default:
		return f, 0, "", fmt.Errorf("format: want json or csv, got %s", quote.Value(format))
	}
	return f, limit, format, nil
}

// auditCSVHeader is the CSV export's header row: the JSON answer's fields.
var auditCSVHeader = []string{"id", "policy", "action", "job_id", "rows_deleted", "blobs_deleted",
	"started_at", "finished_at", "outcome", "error", "detail"}

// writeAuditCSV writes entries as CSV, one row per entry under a header
// row, streamed: times in RFC 3339, detail as JSON text, absent values
// empty.
func writeAuditCSV(w http.ResponseWriter, entries []db.AuditEntry) {
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="lethe-audit.csv"`)
	w.WriteHeader(http.StatusOK)
	cw := csv.NewWriter(w)
	_ = cw.Write(auditCSVHeader)
	for i, e := range entries {
		jobID, detail := "", ""
		if e.JobID != nil {
			jobID = strconv.FormatInt(*e.JobID, 10)
		}
		if e.Detail != nil {
			b, err := json.Marshal(e.Detail)
			if err == nil {
				detail = string(b)
			}
		}
		if err := cw.Write([]string{
			strconv.FormatInt(e.ID, 10), e.Policy, string(e.Action), jobID,
			strconv.FormatInt(e.RowsDeleted, 10), strconv.FormatInt(e.BlobsDeleted, 10),
			e.StartedAt.UTC().Format(time.RFC3339Nano), e.FinishedAt.UTC().Format(time.RFC3339Nano),
			e.Outcome, e.Error, detail,
		}); err != nil {
			return
		}
		if i%100 == 99 {
			cw.Flush()
		}
	}
	cw.Flush()
}

// knownPolicy returns the policy named name, answering 404 when there is
// none.
func (s *Server) knownPolicy(w http.ResponseWriter, name string) (config.Policy, bool) {
	p := s.opts.Config.Policy(name)
	if p == nil {
		writeError(w, http.StatusNotFound, "unknown policy "+quote.Value(name))
		return nil, false
	}
	return p, true
}

// policyNames are the configured policies' names, in configuration order.
func (s *Server) policyNames() []string {
	names := make([]string, 0, len(s.opts.Config.Policies))
	for _, p := range s.opts.Config.Policies {
		names = append(names, p.Base().Name)
	}
	return names
}

// joinStrings joins values of a string type with ", ".
func joinStrings[T ~string](values []T) string {
	out := make([]string, len(values))
	for i, v := range values {
		out[i] = string(v)
	}
	return strings.Join(out, ", ")
}

// sweepPreviewBatches bounds a sweep policy's preview: a sweep run deletes
// all it finds, so the preview counts up to this many of its largest
// batches (an expire policy's counts one run, batch_size ×
// max_batches_per_run).
const sweepPreviewBatches = 10

// handlePreviewPolicy answers what an expire or sweep policy's next run
// would delete (db.PolicyPreview). A tombstone policy deletes entities on
// request: 400 pointing to the entity preview.
func (s *Server) handlePreviewPolicy(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("policy")
	policy, ok := s.knownPolicy(w, name)
	if !ok {
		return
	}
	for param := range r.URL.Query() {
		writeError(w, http.StatusBadRequest, fmt.Sprintf("unknown query parameter %s (the preview takes none)", quote.Value(param)))
		return
	}
	var (
		preview db.PolicyPreview
		err     error
	)
	switch p := policy.(type) {
	case *config.Expire:
		run := int64(p.BatchSize) * int64(p.MaxBatchesPerRun)
		preview, err = db.PreviewExpire(r.Context(), db.Timeouts{Lock: p.LockTimeout.D()}.Pool(s.opts.Pool), db.ExpireColumns{
			Policy: p.Name, Table: p.Table, Key: p.KeyColumn, ExpiresAt: p.ExpiresAtColumn,
			Status: p.StatusColumn, InitiatedAt: p.InitiatedAtColumn, BlobKey: p.BlobKeyColumn, Hold: p.HoldColumn,
		}, run, run)
	case *config.Sweep:
		t := db.SweepTable{Table: p.Table, KeyColumn: p.KeyColumn, ExpiresAtColumn: p.ExpiresAtColumn, HoldColumn: p.HoldColumn}
		countCap := int64(p.MaxBatchSize) * sweepPreviewBatches
		bounded := db.Timeouts{Lock: p.LockTimeout.D()}.Pool(s.opts.Pool)
		if p.Mode == config.SweepPartitions {
			preview, err = db.PreviewSweepPartitions(r.Context(), bounded, t, countCap)
		} else {
			preview, err = db.PreviewSweep(r.Context(), bounded, t, countCap)
		}
	case *config.Tombstone:
		writeError(w, http.StatusBadRequest, fmt.Sprintf(
			"policy %s is a tombstone policy: it deletes entities on request, so preview one entity with GET /api/v1/entities/%s/{key}/preview",
			name, p.Entity))
		return
	default:
		writeError(w, http.StatusBadRequest, fmt.Sprintf("policy %s: a %s policy has no preview", name, policy.Base().Kind))
		return
	}
	if err != nil {
		if db.IsLockTimeout(err) {
			// The application holds the table: say so, as the workers do.
			lock, table := previewLock(policy)
			s.lockTimedOut(r.Context(), name, metrics.StepPreview, table, lock, err)
		}
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"policy": name, "kind": policy.Base().Kind, "preview": preview})
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
		writeError(w, http.StatusBadRequest, fmt.Sprintf("limit: want an integer from 1 to 1000, got %s", quote.Value(v)))
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
		writeError(w, http.StatusBadRequest, fmt.Sprintf("window: want 1h, 6h, 24h or 7d, got %s", quote.Value(window)))
		return
	}
	policy := q.Get("policy")
	if policy != "" {
		if _, ok := s.knownPolicy(w, policy); !ok {
			return
		}
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

// previewLock is the lock_timeout and table of a policy's preview.
func previewLock(policy config.Policy) (time.Duration, string) {
	switch p := policy.(type) {
	case *config.Expire:
		return p.LockTimeout.D(), p.Table
	case *config.Sweep:
		return p.LockTimeout.D(), p.Table
	}
	return 0, ""
}
