package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/internal/quote"
)

// maxBodyBytes bounds every request body, River UI's included: larger ones
// are answered 413.
const maxBodyBytes = 1 << 20

// The HTTP server's limits (see NewHTTPServer). writeTimeout bounds a whole
// answer, so it exceeds the longest request Lethe serves (an entity
// preview on a large entity, River UI's 10 s queries).
const (
	readHeaderTimeout = 10 * time.Second
	readTimeout       = 30 * time.Second
	writeTimeout      = 2 * time.Minute
	idleTimeout       = 60 * time.Second
	maxHeaderBytes    = 64 << 10
)

// NewHTTPServer returns the http.Server to serve h (a *Server) with: a
// client has 10 s to send its headers (at most 64 KiB) and 30 s for the
// whole request, an answer must be written within 2 minutes, and a
// keep-alive connection idle for 60 s is closed.
func NewHTTPServer(h http.Handler) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: readHeaderTimeout,
		ReadTimeout:       readTimeout,
		WriteTimeout:      writeTimeout,
		IdleTimeout:       idleTimeout,
		MaxHeaderBytes:    maxHeaderBytes,
	}
}

// Content security policies. The dashboard loads only its own script and
// stylesheet (its favicon is a data: URL). River UI's components add
// <style> elements, so it may use inline styles, never inline scripts or
// eval (its validation library probes for eval and works without). API
// answers are data, never documents. None may be framed.
const (
	cspDashboard = "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
	cspRiverUI   = "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
	cspData      = "default-src 'none'; frame-ancestors 'none'"
)

// setSecurityHeaders sets the headers every answer carries.
func setSecurityHeaders(h http.Header, path string) {
	csp := cspDashboard
	switch {
	case path == riverUIPrefix || strings.HasPrefix(path, riverUIPrefix+"/"):
		csp = cspRiverUI
	case strings.HasPrefix(path, "/api/") || probeOrMetrics(path):
		csp = cspData
	}
	h.Set("Content-Security-Policy", csp)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Cross-Origin-Resource-Policy", "same-origin")
}

// probeOrMetrics reports whether path is /healthz, /readyz or /metrics,
// whose GETs are answered whatever the Host: probes and Prometheus reach
// the service by IP or a service name, and these answers change nothing.
func probeOrMetrics(path string) bool {
	return path == "/healthz" || path == "/readyz" || path == "/metrics"
}

// guard holds what every request is checked against before it reaches a
// route: the hosts the service answers to and the origins whose pages may
// change state.
type guard struct {
	// listenHost is the listen address's host, "" when it is a wildcard.
	listenHost string
	// hosts are http.allowed_hosts entries without a port, hostPorts
	// those with one ("host:port").
	hosts, hostPorts map[string]bool
	// origins are http.allowed_origins, as browsers send them.
	origins map[string]bool
	// crossOrigin refuses state changes that Sec-Fetch-Site says come
	// from another site, unless from one of origins.
	crossOrigin *http.CrossOriginProtection
}

func newGuard(cfg config.HTTP) (*guard, error) {
	g := &guard{
		hosts: map[string]bool{}, hostPorts: map[string]bool{}, origins: map[string]bool{},
		crossOrigin: http.NewCrossOriginProtection(),
	}
	// A wildcard names no host; nor does an address no Host header can
	// spell (an IPv6 zone): loopback names and allowed_hosts remain.
	if host, _, err := net.SplitHostPort(cfg.Listen); err == nil && host != "" {
		if ip := net.ParseIP(host); ip == nil || !ip.IsUnspecified() {
			g.listenHost, _, _ = config.ParseHost(host)
		}
	}
	for _, entry := range cfg.AllowedHosts {
		host, port, err := config.ParseHost(entry)
		if err != nil {
			return nil, fmt.Errorf("http.allowed_hosts: %w", err)
		}
		if port == "" {
			g.hosts[host] = true
		} else {
			g.hostPorts[net.JoinHostPort(host, port)] = true
		}
	}
	for _, entry := range cfg.AllowedOrigins {
		origin, err := config.ParseOrigin(entry)
		if err != nil {
			return nil, fmt.Errorf("http.allowed_origins: %w", err)
		}
		if err := g.crossOrigin.AddTrustedOrigin(origin); err != nil {
			return nil, fmt.Errorf("http.allowed_origins: %w", err)
		}
		g.origins[origin] = true
	}
	return g, nil
}

// hostAllowed reports whether the service answers to a request carrying
// Host host: the listen address's host, a loopback name or address, or an
// http.allowed_hosts entry.
func (g *guard) hostAllowed(host string) bool {
	name, port, err := config.ParseHost(host)
	if err != nil {
		return false
	}
	if name == "localhost" || name == g.listenHost || g.hosts[name] {
		return true
	}
	if ip := net.ParseIP(name); ip != nil && ip.IsLoopback() {
		return true
	}
	return port != "" && g.hostPorts[net.JoinHostPort(name, port)]
}

// safeMethod reports whether method changes nothing, so needs no origin
// check.
func safeMethod(method string) bool {
	return method == http.MethodGet || method == http.MethodHead || method == http.MethodOptions
}

// checkOrigin refuses a state-changing request a browser sent from a page
// of another origin: Sec-Fetch-Site must be same-origin or none (or the
// Origin one of http.allowed_origins), and an Origin, when present, must
// be this service's own or one of http.allowed_origins. Requests with
// neither header (curl, Go, scripts) pass: they are no browser's.
func (g *guard) checkOrigin(r *http.Request) error {
	if safeMethod(r.Method) {
		return nil
	}
	origin := r.Header.Get("Origin")
	if err := g.crossOrigin.Check(r); err != nil {
		site := r.Header.Get("Sec-Fetch-Site")
		if site == "" {
			site = "absent"
		}
		return fmt.Errorf("cross-origin request refused: Sec-Fetch-Site %s, Origin %s is not this service's own nor in http.allowed_origins",
			quote.Value(site), quote.Value(origin))
	}
	if origin == "" || g.origins[strings.ToLower(origin)] {
		return nil
	}
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	own := scheme + "://" + r.Host
	if strings.EqualFold(origin, own) {
		return nil
	}
	return fmt.Errorf("cross-origin request refused: Origin %s is not this service's own (%s) nor in http.allowed_origins",
		quote.Value(origin), quote.Value(own))
}

// checkClean refuses a path or query that cannot name anything Lethe
// stores: invalid UTF-8, a NUL, or a query that does not parse.
func checkClean(r *http.Request) error {
	if !cleanText(r.URL.Path) {
		return errors.New("path: invalid UTF-8 or NUL")
	}
	q, err := url.ParseQuery(r.URL.RawQuery)
	if err != nil {
		return fmt.Errorf("malformed query string: %s", bounded(err.Error()))
	}
	for key, values := range q {
		if !cleanText(key) {
			return errors.New("query: a parameter name has invalid UTF-8 or NUL")
		}
		for _, v := range values {
			if !cleanText(v) {
				return fmt.Errorf("query parameter %s: invalid UTF-8 or NUL", quote.Value(key))
			}
		}
	}
	return nil
}

func cleanText(s string) bool { return utf8.ValidString(s) && !strings.ContainsRune(s, 0) }

// guarded runs the checks every request passes, in order: the Host (421),
// the origin of a state change (403), the path and query (400) and the
// body's size (413). It answers and returns false when one fails; else it
// bounds r's body to maxBodyBytes.
func (s *Server) guarded(w http.ResponseWriter, r *http.Request) bool {
	exempt := safeMethod(r.Method) && probeOrMetrics(r.URL.Path)
	if !exempt && !s.guard.hostAllowed(r.Host) {
		writeError(w, http.StatusMisdirectedRequest, fmt.Sprintf(
			"host %s is not one this service answers to: add it to http.allowed_hosts (the listen address's host and localhost always are)",
			quote.Value(r.Host)))
		return false
	}
	if err := s.guard.checkOrigin(r); err != nil {
		writeError(w, http.StatusForbidden, err.Error())
		return false
	}
	if err := checkClean(r); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return false
	}
	if r.ContentLength > maxBodyBytes {
		writeError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("body is larger than %d bytes", maxBodyBytes))
		return false
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxBodyBytes)
	return true
}

// decodeBody decodes r's body into v strictly: the Content-Type must be
// application/json (415), the body one JSON value with only v's fields
// (400) of at most maxBodyBytes (413). want shows the expected body in the
// 400 answer. It answers and returns false when the body is refused.
func decodeBody(w http.ResponseWriter, r *http.Request, v any, want string) bool {
	ct := r.Header.Get("Content-Type")
	if mt, _, err := mime.ParseMediaType(ct); err != nil || mt != "application/json" {
		writeError(w, http.StatusUnsupportedMediaType, "Content-Type must be application/json, got "+quote.Value(ct))
		return false
	}
	// guarded has bounded r.Body to maxBodyBytes already.
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	if err == nil {
		// Nothing but white space may follow the value.
		if _, err = dec.Token(); err == nil {
			err = errors.New("more than one JSON value")
		} else if err == io.EOF {
			return true
		}
	}
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		writeError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("body is larger than %d bytes", maxBodyBytes))
		return false
	}
	writeError(w, http.StatusBadRequest, "malformed body: want "+want+": "+cutLongTokens(err.Error()))
	return false
}

// longQuoted and longToken match what a decoding error repeats of a body:
// a quoted field name or string, an unquoted number.
var (
	longQuoted = regexp.MustCompile(`"[^"]{` + strconv.Itoa(quote.Limit+1) + `,}"`)
	longToken  = regexp.MustCompile(`[^\s"]{` + strconv.Itoa(quote.Limit+1) + `,}`)
)

// cutLongTokens cuts every quoted string and every word of msg longer
// than quote.Limit bytes to its first quote.Limit bytes and "…": an error
// of encoding/json repeats a field name or a number of the body whole.
func cutLongTokens(msg string) string {
	msg = longQuoted.ReplaceAllStringFunc(msg, func(q string) string {
		return `"` + quote.Cut(q[1:len(q)-1], quote.Limit) + `…"`
	})
	return longToken.ReplaceAllStringFunc(msg, func(t string) string { return quote.Cut(t, quote.Limit) + "…" })
}
