package web

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"net/http"
	"strings"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/internal/quote"
)

// Role is what a credential may do.
type Role string

// Roles.
const (
	// RoleOperator may read and change everything: the operator
	// credentials (http.token, http.username and http.password, and
	// http.operators), and every request when no credentials are
	// configured (loopback only).
	RoleOperator Role = "operator"
	// RoleViewer may read everything and change nothing: the
	// credentials of http.viewers.
	RoleViewer Role = "viewer"
)

// Principal is who sent a request: the name of the credential it carried
// (config.OperatorName for http.token and http.username, the name of one of
// http.operators or http.viewers, or config.AnonymousName when no
// credentials are configured) and that credential's role.
type Principal struct {
	Name string `json:"name"`
	Role Role   `json:"role"`
}

type principalKey struct{}

// principalFrom returns who sent the request whose context is ctx, as
// requireAuth found; anonymous operator outside requireAuth.
func principalFrom(ctx context.Context) Principal {
	if p, ok := ctx.Value(principalKey{}).(Principal); ok {
		return p
	}
	return Principal{Name: config.AnonymousName, Role: RoleOperator}
}

// requireAuth lets a request through when it carries credentials: the
// operator's bearer token or basic-auth credentials, or a viewer's. A
// viewer's request that would change state (any method but GET, HEAD and
// OPTIONS) is refused 403. Without configured credentials the service only
// listens on loopback (config refuses anything else), so every request is
// let through as an anonymous operator. Handlers find who sent the request
// with principalFrom.
//
// Wrong credentials are throttled per client (loginThrottle): past
// http.failed_logins_per_minute of them, the client's requests carrying
// credentials are answered 429 with Retry-After, unchecked. Requests
// without credentials (a browser before its prompt) are not counted.
func (s *Server) requireAuth(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		client, counted := "", s.opts.Config.HTTP.HasAuth() && r.Header.Get("Authorization") != ""
		if counted {
			client = clientOf(r)
			if wait := s.logins.retryAfter(client); wait > 0 {
				writeTooManyLogins(w, wait)
				return
			}
		}
		p, ok := s.authenticate(r)
		if !ok {
			if counted {
				if wait := s.logins.fail(client); wait > 0 {
					writeTooManyLogins(w, wait)
					return
				}
			}
			w.Header().Set("WWW-Authenticate", `Basic realm="lethe", charset="UTF-8"`)
			writeError(w, http.StatusUnauthorized, "authentication required: send Authorization: Bearer <token> or basic auth")
			return
		}
		if p.Role == RoleViewer && !safeMethod(r.Method) {
			writeError(w, http.StatusForbidden, "credential "+quote.Value(p.Name)+" is read-only (a viewer): it may read everything but change nothing; use an operator credential")
			return
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), principalKey{}, p)))
	})
}

// authenticate returns who r's credentials name, false when they name no
// one. Every configured credential is compared, in constant time.
func (s *Server) authenticate(r *http.Request) (Principal, bool) {
	if !s.opts.Config.HTTP.HasAuth() {
		return Principal{Name: config.AnonymousName, Role: RoleOperator}, true
	}
	header := r.Header.Get("Authorization")
	if token, ok := strings.CutPrefix(header, "Bearer "); ok {
		return match(s.credentials, func(c credential) bool { return c.token != "" && equal(token, c.token) })
	}
	if user, pass, ok := r.BasicAuth(); ok {
		return match(s.credentials, func(c credential) bool {
			// Browsers can only send basic auth: a token works as the
			// password, with any user name.
			basic := c.username != "" && c.password != "" && equal(user, c.username) && equal(pass, c.password)
			return basic || (c.token != "" && equal(pass, c.token))
		})
	}
	return Principal{}, false
}

// credential is one configured credential and who it names.
type credential struct {
	Principal
	token, username, password string
}

// credentialsOf lists every credential cfg configures, the operator's
// (http.token, http.username and http.password) first; New builds it once.
func credentialsOf(cfg config.HTTP) []credential {
	creds := make([]credential, 0, 1+len(cfg.Operators)+len(cfg.Viewers))
	creds = append(creds, credential{
		Principal: Principal{Name: config.OperatorName, Role: RoleOperator},
		token:     cfg.Token, username: cfg.Username, password: cfg.Password,
	})
	for _, list := range []struct {
		role  Role
		creds []config.Credential
	}{{RoleOperator, cfg.Operators}, {RoleViewer, cfg.Viewers}} {
		for _, c := range list.creds {
			creds = append(creds, credential{
				Principal: Principal{Name: c.Name, Role: list.role},
				token:     c.Token, username: c.Username, password: c.Password,
			})
		}
	}
	return creds
}

// match returns the credential ok accepts, comparing all of them so the
// time taken does not tell which matched (config makes secrets unique).
func match(creds []credential, ok func(credential) bool) (Principal, bool) {
	var found *Principal
	for i := range creds {
		if ok(creds[i]) && found == nil {
			found = &creds[i].Principal
		}
	}
	if found == nil {
		return Principal{}, false
	}
	return *found, true
}

// equal reports whether a and b are the same secret in constant time: both
// are hashed first, so a length mismatch takes as long as any other
// (subtle.ConstantTimeCompare alone returns at once on one).
func equal(a, b string) bool {
	ha, hb := sha256.Sum256([]byte(a)), sha256.Sum256([]byte(b))
	return subtle.ConstantTimeCompare(ha[:], hb[:]) == 1
}
