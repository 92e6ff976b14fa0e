package web

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/lethehq/lethe/db"
)

// operatorAction is one state change an operator made through r, for the
// audit: when it started (by time.Now, as db.RecordAudit wants; zero when
// it is recorded as it is made), what it was, on which policy ("" when none), the one job it
// concerns (nil when none or several) and what changed.
type operatorAction struct {
	started time.Time
	action  db.AuditAction
	policy  string
	jobID   *int64
	detail  map[string]any
}

// auditOperator records a in lethe_deletion_audit with outcome ok, naming
// who sent r (detail "by" and "role") and how (detail "method" and
// "path"). Pass the transaction that made the change so the record commits
// with it, and take a.started with time.Now before it began.
func auditOperator(ctx context.Context, exec db.Executor, r *http.Request, a operatorAction) error {
	p := principalFrom(r.Context())
	detail := map[string]any{"by": p.Name, "role": string(p.Role), "method": r.Method, "path": r.URL.Path}
	for k, v := range a.detail {
		detail[k] = v
	}
	return db.RecordAudit(ctx, exec, db.AuditEntry{
		Policy: a.policy, Action: a.action, JobID: a.jobID,
		StartedAt: a.started, Outcome: db.OutcomeOK, Detail: detail,
	})
}

// recordOperator records a after the change it describes was made (its
// started_at and finished_at both the moment of the record): a failure to
// record is logged, the change stands.
func (s *Server) recordOperator(r *http.Request, a operatorAction) {
	// The change is made: record it even if the client went away.
	ctx := context.WithoutCancel(r.Context())
	if err := auditOperator(ctx, s.opts.Pool, r, a); err != nil {
		s.opts.Logger.ErrorContext(ctx, "audit operator action", slog.String("action", string(a.action)),
			slog.String("by", principalFrom(r.Context()).Name), slog.String("error", err.Error()))
	}
}

// auditRiverUI records every state change River UI's API makes (its
// POST, PUT, PATCH and DELETE requests answered below 400) as
// ActionRiverUI, with the job IDs the request named. Viewers never get
// here: requireAuth refuses their state changes first.
func (s *Server) auditRiverUI(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if safeMethod(r.Method) {
			next.ServeHTTP(w, r)
			return
		}
		// The body is bounded by the guard (maxBodyBytes).
		body, err := io.ReadAll(r.Body)
		if err != nil {
			writeError(w, http.StatusRequestEntityTooLarge, "read body: "+err.Error())
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		sw := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
		next.ServeHTTP(sw, r)
		if sw.status >= 400 {
			return
		}
		detail := map[string]any{"status": sw.status}
		ids := riverUIJobIDs(body)
		if len(ids) > 0 {
			detail["job_ids"] = ids
		}
		if queue := riverUIQueue(r.URL.Path); queue != "" {
			detail["queue"] = queue
		}
		a := operatorAction{action: db.ActionRiverUI, detail: detail}
		if len(ids) == 1 {
			a.jobID = &ids[0]
		}
		s.recordOperator(r, a)
	})
}

// riverUIJobIDs reads the job IDs of a River UI job action's body
// ({"ids": [...]}, numbers or strings of digits); nil when it names none.
func riverUIJobIDs(body []byte) []int64 {
	var req struct {
		IDs []json.RawMessage `json:"ids"`
	}
	if json.Unmarshal(body, &req) != nil {
		return nil
	}
	var ids []int64
	for _, raw := range req.IDs {
		id, err := strconv.ParseInt(strings.Trim(string(raw), `"`), 10, 64)
		if err == nil {
			ids = append(ids, id)
		}
	}
	return ids
}

// riverUIQueue returns the queue a River UI queue action's path names
// (/riverui/api/queues/{name}[/pause|/resume]), or "".
func riverUIQueue(path string) string {
	rest, ok := strings.CutPrefix(path, riverUIPrefix+"/api/queues/")
	if !ok {
		return ""
	}
	name, _, _ := strings.Cut(rest, "/")
	return name
}

// statusRecorder notes the status of an answer.
type statusRecorder struct {
	http.ResponseWriter
	status      int
	wroteHeader bool
}

func (w *statusRecorder) WriteHeader(status int) {
	if !w.wroteHeader {
		w.status, w.wroteHeader = status, true
	}
	w.ResponseWriter.WriteHeader(status)
}

func (w *statusRecorder) Write(b []byte) (int, error) {
	w.wroteHeader = true
	return w.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the underlying writer.
func (w *statusRecorder) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// entityPolicy names the tombstone policy of entity in the audit, "" when
// it has none.
func (s *Server) entityPolicy(entity string) string {
	if p := s.opts.Config.TombstoneFor(entity); p != nil {
		return p.Name
	}
	return ""
}

// clearAction is an operator clearing entity's key's tombstone; cleared
// says whether there was one.
func (s *Server) clearAction(entity, key string, cleared bool) operatorAction {
	return operatorAction{action: db.ActionClearTombstone, policy: s.entityPolicy(entity),
		detail: map[string]any{"entity": entity, "key": key, "cleared": cleared}}
}

// deleteAction is an operator asking, at started, to delete entity's keys
// by the jobs ids (in the same order).
func (s *Server) deleteAction(started time.Time, entity string, keys []string, ids []int64) operatorAction {
	a := operatorAction{started: started, action: db.ActionRequestDelete, policy: s.entityPolicy(entity),
		detail: map[string]any{"entity": entity, "keys": keys, "job_ids": ids}}
	if len(ids) == 1 {
		a.jobID = &ids[0]
	}
	return a
}
