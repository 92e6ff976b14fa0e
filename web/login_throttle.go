package web

import (
	"net/http"
	"net/netip"
	"strconv"
	"sync"
	"time"

	"github.com/lethehq/lethe/config"
)

// loginWindow is how long a failed login counts against its client.
const loginWindow = time.Minute

// maxThrottledClients bounds how many clients loginThrottle remembers
// failures of: past it, a client it does not know is refused after its
// first failure instead (see loginThrottle.fail), so a flood of addresses
// can neither grow the table nor escape the throttle.
const maxThrottledClients = 10_000

// loginThrottle counts each client's failed logins over the last
// loginWindow: once a client has max of them, every request of its that
// carries credentials is refused 429, whether or not they are right,
// until the oldest failure is loginWindow old. Letting right credentials
// through would tell a guess that hits from one that misses, and the
// throttle would slow nothing. A success does not forget failures: a
// viewer could otherwise reset its count while guessing an operator's
// password. Other clients are not affected.
type loginThrottle struct {
	max int
	now func() time.Time

	mu sync.Mutex
	// failures are each client's failures within the window, oldest
	// first, at most max of them.
	failures map[string][]time.Time
}

// newLoginThrottle throttles after max failures a window
// (config.DefaultFailedLoginsPerMinute when max is not positive).
func newLoginThrottle(max int) *loginThrottle {
	if max < 1 {
		max = config.DefaultFailedLoginsPerMinute
	}
	return &loginThrottle{max: max, now: time.Now, failures: map[string][]time.Time{}}
}

// retryAfter returns how long client must wait before its credentials are
// checked again; 0 when they are checked now.
func (t *loginThrottle) retryAfter(client string) time.Duration {
	t.mu.Lock()
	defer t.mu.Unlock()
	now := t.now()
	recent := t.recent(client, now)
	if len(recent) < t.max {
		return 0
	}
	return recent[0].Add(loginWindow).Sub(now)
}

// fail records a failed login of client. It returns how long client must
// wait when the table is full and client is not in it (it cannot be
// counted, so it is refused), else 0.
func (t *loginThrottle) fail(client string) time.Duration {
	t.mu.Lock()
	defer t.mu.Unlock()
	now := t.now()
	recent := t.recent(client, now)
	if recent == nil && len(t.failures) >= maxThrottledClients {
		for c := range t.failures {
			t.recent(c, now) // forgets clients without recent failures
		}
		if len(t.failures) >= maxThrottledClients {
			return loginWindow
		}
	}
	if len(recent) == t.max {
		recent = recent[1:]
	}
	t.failures[client] = append(recent, now)
	return 0
}

// recent returns client's failures within the window before now, and
// forgets the older ones (and the client, when none is left).
func (t *loginThrottle) recent(client string, now time.Time) []time.Time {
	list := t.failures[client]
	i := 0
	for i < len(list) && !list[i].Add(loginWindow).After(now) {
		i++
	}
	if i == len(list) {
		delete(t.failures, client)
		return nil
	}
	if i > 0 {
		list = list[i:]
		t.failures[client] = list
	}
	return list
}

// clientOf names who sent r for the throttle: its remote IP address, an
// IPv6 one by its /64 (one host's share of addresses). Behind a reverse
// proxy every request has the proxy's.
func clientOf(r *http.Request) string {
	ap, err := netip.ParseAddrPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	addr := ap.Addr().Unmap()
	if addr.Is6() {
		if p, err := addr.Prefix(64); err == nil {
			return p.String()
		}
	}
	return addr.String()
}

// writeTooManyLogins answers 429 with Retry-After in whole seconds (at
// least 1).
func writeTooManyLogins(w http.ResponseWriter, wait time.Duration) {
	secs := int((wait + time.Second - 1) / time.Second)
	secs = max(secs, 1)
	w.Header().Set("Retry-After", strconv.Itoa(secs))
	writeError(w, http.StatusTooManyRequests, "too many failed logins from this address: retry in "+strconv.Itoa(secs)+" s")
}
