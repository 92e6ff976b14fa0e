// Package web serves Lethe over HTTP: the operator dashboard at /, the REST
// API under /api/v1, River UI at /riverui/, Prometheus metrics at /metrics
// and the /healthz and /readyz probes. Everything that changes state, the
// dashboard and River UI sit behind the configured credentials. Before any
// route, every request must name a Host the service answers to, a state
// change must come from no browser or from a page of the service's own
// origin (or an allowed one), and paths, queries and bodies are bounded
// and checked (guard.go); every answer carries security headers that
// forbid framing and sniffing.
//
// Web reads state through package db and asks for work by inserting River
// jobs; it never calls workers directly.
package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"github.com/riverqueue/river"
	"riverqueue.com/riverui"

	"github.com/lethehq/lethe/blob"
	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/entity"
	"github.com/lethehq/lethe/internal/metrics"
	"github.com/lethehq/lethe/internal/quote"
	"github.com/lethehq/lethe/migrations"
	"github.com/lethehq/lethe/tombstone"
)

// Options are the parts the web server reads from and acts on.
type Options struct {
	Config  *config.Config
	Pool    *pgxpool.Pool
	River   *river.Client[pgx.Tx]
	Metrics *metrics.Metrics
	Logger  *slog.Logger
	// Blobs is the blob store, which a deletion preview counts an
	// entity's blobs in.
	Blobs blob.Store

	// RunNow inserts the jobs of policy's periodic runs immediately and
	// returns their River job IDs.
	RunNow func(ctx context.Context, policy string) ([]int64, error)
}

// riverUIPrefix is where River UI is mounted.
const riverUIPrefix = "/riverui"

// Server is Lethe's HTTP handler.
type Server struct {
	opts    Options
	mux     *http.ServeMux
	riverUI *riverui.Handler
	// guard checks every request's Host, origin, path, query and body
	// size before it reaches a route.
	guard *guard
	// credentials are the configured credentials, which authenticate
	// compares every request's against.
	credentials []credential
	// logins throttles each client's wrong credentials.
	logins *loginThrottle
	// tombstones serves the run and entity APIs' tombstone reads and
	// clears.
	tombstones tombstone.Store
	// entities resolves the declared entities on first use.
	entities *entity.Resolver

	// inFlight remembers the large deletions in flight the overview saw.
	inFlight inFlightTracker
	// processesCache and charts are the fleet view's cached reads.
	processesCache cache[*ProcessesView]
	charts         chartCaches

	// Cached reads, and how many actions (run, pause, …) invalidated them.
	overviewCache cache[*Overview]
	throughput    map[throughputKey]*cache[[]db.ThroughputPoint]
	gen           atomic.Uint64
}

// New builds the handler. Call Start before serving so River UI's background
// work runs.
func New(opts Options) (*Server, error) {
	if opts.Config == nil || opts.Pool == nil || opts.River == nil || opts.Metrics == nil || opts.Logger == nil || opts.Blobs == nil || opts.RunNow == nil {
		return nil, errors.New("web: Config, Pool, River, Metrics, Logger, Blobs and RunNow are required")
	}
	uiHandler, err := riverui.NewHandler(&riverui.HandlerOpts{
		Endpoints: riverui.NewEndpoints(opts.River, nil),
		// River UI logs request values whole: cut each one.
		Logger: slog.New(boundedHandler{opts.Logger.Handler()}).With(slog.String("component", "riverui")),
		Prefix: riverUIPrefix,
	})
	if err != nil {
		return nil, fmt.Errorf("build river ui: %w", err)
	}
	g, err := newGuard(opts.Config.HTTP)
	if err != nil {
		return nil, err
	}
	s := &Server{
		opts: opts, mux: http.NewServeMux(), riverUI: uiHandler, guard: g,
		credentials: credentialsOf(opts.Config.HTTP),
		logins:      newLoginThrottle(opts.Config.HTTP.FailedLoginsPerMinute),
		tombstones:  tombstone.NewPostgres(opts.Pool),
		entities:    entity.NewResolver(opts.Config, opts.Pool),
		throughput:  throughputCaches(opts.Config),
	}
	if err := opts.Metrics.Registry.Register(newStateCollector(s)); err != nil {
		return nil, fmt.Errorf("register state metrics: %w", err)
	}
	s.routes()
	return s, nil
}

// Start starts River UI's background services; they stop with ctx.
func (s *Server) Start(ctx context.Context) error {
	if err := s.riverUI.Start(ctx); err != nil {
		return fmt.Errorf("start river ui: %w", err)
	}
	return nil
}

// ServeHTTP implements http.Handler. Every answer carries the security
// headers (see setSecurityHeaders), and every request passes the guard
// (Host, origin of a state change, clean path and query, body size; see
// Server.guarded) before its route. Under /api/ the mux's own plain-text
// 404 and 405 answers are turned into JSON errors like every other.
//
// A panic in any handler (River UI's included) is recovered: the client
// gets a short JSON 500 (when nothing was written yet) and the log one
// bounded line, never a stack trace.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	setSecurityHeaders(w.Header(), r.URL.Path)
	tw := &trackingWriter{ResponseWriter: w}
	defer s.recoverPanic(tw, r)
	w = tw
	if strings.HasPrefix(r.URL.Path, "/api/") {
		w = &jsonErrorWriter{ResponseWriter: w}
	}
	if !s.guarded(w, r) {
		return
	}
	s.mux.ServeHTTP(w, r)
}

// recoverPanic, deferred, turns a handler's panic into a 500 and one log
// line naming the request and where it panicked, each value bounded. An
// http.ErrAbortHandler panic is passed on: it is how a handler asks the
// server to drop the connection silently.
func (s *Server) recoverPanic(w *trackingWriter, r *http.Request) {
	v := recover()
	if v == nil {
		return
	}
	if v == http.ErrAbortHandler {
		panic(v)
	}
	s.opts.Logger.Error("web: handler panicked; answered 500",
		slog.String("method", quote.Prefix(r.Method)),
		slog.String("path", quote.Prefix(r.URL.Path)),
		slog.String("panic", quote.Prefix(fmt.Sprint(v))),
		slog.String("at", panicSite()))
	if w.wrote {
		return // the status is sent: the client sees a cut answer
	}
	writeError(w, http.StatusInternalServerError, "internal error: the request could not be answered (the service logged why)")
}

// panicSite names the function and line that panicked: the first frame
// below the runtime's panic machinery, as recoverPanic's caller sees it.
func panicSite() string {
	pcs := make([]uintptr, 32)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(3, pcs)])
	for {
		f, more := frames.Next()
		if !strings.HasPrefix(f.Function, "runtime.") {
			return fmt.Sprintf("%s (%s:%d)", f.Function, filepath.Base(f.File), f.Line)
		}
		if !more {
			return "unknown"
		}
	}
}

// trackingWriter notes whether the answer's status was sent, so a
// recovered panic answers only when it was not.
type trackingWriter struct {
	http.ResponseWriter
	wrote bool
}

func (w *trackingWriter) WriteHeader(status int) {
	if status >= 200 {
		w.wrote = true
	}
	w.ResponseWriter.WriteHeader(status)
}

func (w *trackingWriter) Write(b []byte) (int, error) {
	w.wrote = true
	return w.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the underlying writer.
func (w *trackingWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// routes mounts everything. When credentials are configured, everything but
// the probes and /metrics (unless http.metrics_auth) requires them: the
// dashboard, its assets, the whole API (reads included) and River UI (page,
// assets and its API). Viewers may only read (requireAuth); River UI's
// state changes are audited (auditRiverUI), like the API's actions; its
// API gets only page sizes it can serve and answers short errors
// (guardRiverUIAPI).
func (s *Server) routes() {
	auth := s.requireAuth
	s.mux.HandleFunc("GET /healthz", s.handleHealthz)
	s.mux.HandleFunc("GET /readyz", s.handleReadyz)
	var metricsHandler http.Handler = promhttp.HandlerFor(s.opts.Metrics.Registry, promhttp.HandlerOpts{})
	if s.opts.Config.HTTP.MetricsAuth {
		metricsHandler = auth(metricsHandler)
	}
	s.mux.Handle("GET /metrics", metricsHandler)
	s.mux.Handle(riverUIPrefix+"/", auth(guardRiverUIAPI(s.auditRiverUI(s.riverUI))))
	s.mux.Handle(riverUIPrefix, auth(http.RedirectHandler(riverUIPrefix+"/", http.StatusMovedPermanently)))
	s.dashboardRoutes()
	s.apiRoutes()
	s.runsRoutes()
	s.entitiesRoutes()
	s.lookupRoutes()
	s.holdsRoutes()
	s.undeleteRoutes()
	s.failedRoutes()
	s.fleetRoutes()
}

func (s *Server) handleHealthz(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}

// handleReadyz answers 200 only when the database answers and the schema is
// fully migrated.
func (s *Server) handleReadyz(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 3*time.Second)
	defer cancel()
	if err := s.opts.Pool.Ping(ctx); err != nil {
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "unavailable", "error": "database: " + err.Error()})
		return
	}
	pending, err := migrations.Pending(ctx, s.opts.Pool, s.opts.Config.River.Schema)
	if err != nil {
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "unavailable", "error": "migrations: " + err.Error()})
		return
	}
	if pending > 0 {
		writeJSON(w, http.StatusServiceUnavailable, map[string]any{"status": "unavailable", "error": fmt.Sprintf("%d migrations pending (run lethe migrate up)", pending)})
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": "ready"})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// writeError writes {"error": msg} with status, msg cut to maxMessage
// bytes (see cutMessage).
func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, map[string]string{"error": cutMessage(msg)})
}

// cutMessage returns msg when it is at most maxMessage bytes, else its
// first bytes and "…", maxMessage bytes in all: docs/api.md promises that
// an error message is never longer, whatever a request repeated in it.
func cutMessage(msg string) string {
	if len(msg) <= maxMessage {
		return msg
	}
	const more = "…"
	return quote.Cut(msg, maxMessage-len(more)) + more
}

// jsonErrorWriter rewrites plain-text error answers (http.Error, as the mux
// writes for 404 and 405) into {"error": ...}.
type jsonErrorWriter struct {
	http.ResponseWriter
	swallow bool // a JSON error replaced the plain-text body
}

func (w *jsonErrorWriter) WriteHeader(status int) {
	h := w.Header()
	if status >= 400 && strings.HasPrefix(h.Get("Content-Type"), "text/plain") {
		msg := strings.ToLower(http.StatusText(status))
		if status == http.StatusMethodNotAllowed {
			msg = "method not allowed (allowed: " + h.Get("Allow") + ")"
		}
		writeError(w.ResponseWriter, status, msg)
		w.swallow = true
		return
	}
	w.ResponseWriter.WriteHeader(status)
}

func (w *jsonErrorWriter) Write(b []byte) (int, error) {
	if w.swallow {
		return len(b), nil
	}
	return w.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the underlying writer.
func (w *jsonErrorWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
