package web

import (
	"crypto/subtle"
	"net/http"
	"strings"
)

// requireAuth lets a request through when it carries the configured bearer
// token or basic-auth credentials. Without configured credentials the
// service only listens on loopback (config refuses anything else), so every
// request is let through.
func (s *Server) requireAuth(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !s.authorized(r) {
			w.Header().Set("WWW-Authenticate", `Basic realm="lethe", charset="UTF-8"`)
			writeError(w, http.StatusUnauthorized, "authentication required: send Authorization: Bearer <token> or basic auth")
			return
		}
		next.ServeHTTP(w, r)
	})
}

func (s *Server) authorized(r *http.Request) bool {
	cfg := s.opts.Config.HTTP
	if !cfg.HasAuth() {
		return true
	}
	header := r.Header.Get("Authorization")
	if token, ok := strings.CutPrefix(header, "Bearer "); ok && cfg.Token != "" {
		return subtle.ConstantTimeCompare([]byte(token), []byte(cfg.Token)) == 1
	}
	if user, pass, ok := r.BasicAuth(); ok {
		if cfg.Username != "" && cfg.Password != "" &&
			subtle.ConstantTimeCompare([]byte(user), []byte(cfg.Username)) == 1 &&
			subtle.ConstantTimeCompare([]byte(pass), []byte(cfg.Password)) == 1 {
			return true
		}
		// Browsers can only send basic auth: the token works as the
		// password, with any user name.
		return cfg.Token != "" && subtle.ConstantTimeCompare([]byte(pass), []byte(cfg.Token)) == 1
	}
	return false
}
