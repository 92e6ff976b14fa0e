package config

import (
	"errors"
	"fmt"
	"net"
	"net/url"
	"strconv"
	"strings"
)

// ParseHost splits a Host header value or an http.allowed_hosts entry
// ("host", "host:port", an IP literal, an IPv6 literal in brackets) into
// its host, lower-cased without a trailing dot (IPv6 without brackets),
// and its port ("" when none). It refuses anything else: a scheme, a path,
// a wildcard, a name that is not a DNS name.
func ParseHost(s string) (host, port string, err error) {
	if s == "" {
		return "", "", errors.New("empty host")
	}
	if strings.Contains(s, "/") {
		return "", "", fmt.Errorf("%q is not a host: want a name or host:port, without scheme or path", s)
	}
	host = s
	bracketed := strings.HasPrefix(s, "[")
	switch {
	case bracketed && strings.HasSuffix(s, "]"):
		host = s[1 : len(s)-1]
	case bracketed, strings.Count(s, ":") == 1:
		if host, port, err = net.SplitHostPort(s); err != nil {
			return "", "", fmt.Errorf("%q is not a host: want a name or host:port", s)
		}
	}
	if port != "" {
		if n, err := strconv.Atoi(port); err != nil || n < 1 || n > 65535 || strconv.Itoa(n) != port {
			return "", "", fmt.Errorf("%q has a bad port %q: want 1 to 65535", s, port)
		}
	}
	if ip := net.ParseIP(host); ip != nil && (!bracketed || ip.To4() == nil) {
		return ip.String(), port, nil
	}
	if bracketed {
		return "", "", fmt.Errorf("%q is not a host: only IPv6 addresses go in brackets", s)
	}
	host = strings.ToLower(strings.TrimSuffix(host, "."))
	if !validDNSName(host) {
		return "", "", fmt.Errorf("%q is not a host name (letters, digits, '-' and '.'; no wildcards)", s)
	}
	return host, port, nil
}

// validDNSName reports whether name is a DNS name: dot-separated labels of
// letters, digits, '-' and '_', none empty or longer than 63, none starting
// or ending with '-'.
func validDNSName(name string) bool {
	if name == "" || len(name) > 253 {
		return false
	}
	for label := range strings.SplitSeq(name, ".") {
		if label == "" || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' {
			return false
		}
		for _, c := range []byte(label) {
			if !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
				return false
			}
		}
	}
	return true
}

// ParseOrigin checks an http.allowed_origins entry, "scheme://host[:port]"
// with scheme http or https, and returns it as browsers send it in the
// Origin header: lower case, without the scheme's default port.
func ParseOrigin(s string) (string, error) {
	u, err := url.Parse(s)
	if err != nil || u.Opaque != "" || u.Host == "" {
		return "", fmt.Errorf("%q is not an origin: want scheme://host[:port], e.g. https://lethe.example.com", s)
	}
	scheme := strings.ToLower(u.Scheme)
	if scheme != "http" && scheme != "https" {
		return "", fmt.Errorf("%q: scheme must be http or https", s)
	}
	if u.User != nil || (u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" || u.ForceQuery {
		return "", fmt.Errorf("%q is not an origin: no user, path, query or fragment (want scheme://host[:port])", s)
	}
	host, port, err := ParseHost(u.Host)
	if err != nil {
		return "", err
	}
	if (scheme == "http" && port == "80") || (scheme == "https" && port == "443") {
		port = ""
	}
	if strings.Contains(host, ":") {
		host = "[" + host + "]"
	}
	if port != "" {
		host += ":" + port
	}
	return scheme + "://" + host, nil
}

// validateCredentials checks http.operators and http.viewers: each has a
// name no other has that is neither OperatorName nor AnonymousName, a token
// or a username and password (together), secrets of at least MinSecretLen
// characters when the service listens beyond loopback (strong), and no
// secret or username another credential has, so every request names one
// credential. Viewers need operator credentials beside them.
func (c *Config) validateCredentials(errs *problems, strong bool) {
	if len(c.HTTP.Operators) == 0 && len(c.HTTP.Viewers) == 0 {
		return
	}
	if len(c.HTTP.Viewers) > 0 && !c.HTTP.hasOperator() {
		errs.add("http.viewers", "viewers need operator credentials beside them: set http.token, http.username and http.password, or http.operators")
	}
	// Who holds each secret (a token also works as a basic-auth
	// password) and each username.
	secrets := map[string]string{}
	users := map[string]string{}
	if c.HTTP.Token != "" {
		secrets[c.HTTP.Token] = "http.token"
	}
	if c.HTTP.Password != "" {
		secrets[c.HTTP.Password] = "http.password"
	}
	if c.HTTP.Username != "" {
		users[c.HTTP.Username] = "http.username"
	}
	names := map[string]string{}
	for _, list := range []struct {
		path  string
		creds []Credential
	}{{"http.operators", c.HTTP.Operators}, {"http.viewers", c.HTTP.Viewers}} {
		for i, cred := range list.creds {
			path := fmt.Sprintf("%s[%d]", list.path, i)
			switch {
			case cred.Name == "":
				errs.add(path+".name", "required: the name the audit gives this credential")
			case !credentialNameRE.MatchString(cred.Name):
				errs.add(path+".name", "%q: want 1 to 63 letters, digits, '_', '.', '@' or '-', starting with a letter or digit", cred.Name)
			case cred.Name == OperatorName || cred.Name == AnonymousName:
				errs.add(path+".name", "%q is reserved: the audit names http.token and http.username %q and requests without credentials %q", cred.Name, OperatorName, AnonymousName)
			case names[cred.Name] != "":
				errs.add(path+".name", "%q is taken by %s", cred.Name, names[cred.Name])
			default:
				names[cred.Name] = path
			}
			if (cred.Username == "") != (cred.Password == "") {
				errs.add(path+".username", "username and password must be set together")
			}
			if cred.Token == "" && cred.Password == "" {
				errs.add(path, "needs a token or a username and password")
			}
			for _, secret := range []struct{ field, value string }{{"token", cred.Token}, {"password", cred.Password}} {
				if secret.value == "" {
					continue
				}
				if strong && len(strings.TrimSpace(secret.value)) < MinSecretLen {
					errs.add(path+"."+secret.field, "too weak for the non-loopback address %q: use at least %d characters besides surrounding whitespace (e.g. openssl rand -hex 32)", c.HTTP.Listen, MinSecretLen)
				}
				if owner, ok := secrets[secret.value]; ok {
					errs.add(path+"."+secret.field, "same secret as %s: every credential needs its own", owner)
					continue
				}
				secrets[secret.value] = path + "." + secret.field
			}
			if cred.Username != "" {
				if owner, ok := users[cred.Username]; ok {
					errs.add(path+".username", "%q is already the username of %s", cred.Username, owner)
				} else {
					users[cred.Username] = path + ".username"
				}
			}
		}
	}
}
