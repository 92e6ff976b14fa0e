package web

import (
	"log/slog"
	"net/http"
	"time"
)

// SetClock makes s's login throttle read the time from now. Call it before
// s serves.
func SetClock(s *Server, now func() time.Time) { s.logins.now = now }

// Equal is the comparison credentials are checked with.
var Equal = equal

// Handle mounts h at pattern on s's mux, behind everything every request
// passes.
func Handle(s *Server, pattern string, h http.Handler) { s.mux.Handle(pattern, h) }

// BoundedLogger returns l cutting long values, as River UI's logger does.
func BoundedLogger(l *slog.Logger) *slog.Logger { return slog.New(boundedHandler{l.Handler()}) }
