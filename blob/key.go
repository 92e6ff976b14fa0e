package blob

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/lethehq/lethe/internal/quote"
)

// Limits on keys. S3 caps a key at 1,024 bytes; most filesystems cap a path
// element at 255, so the local store could not write a longer one.
const (
	MaxKeyBytes     = 1024
	MaxElementBytes = 255
)

// ReservedPrefix starts the name of every file the local store is still
// writing. No key element may start with it, on any store, so a
// half-written object is never visible and a key is refused alike
// everywhere.
const ReservedPrefix = ".lethe-tmp-"

// ErrInvalidKey is wrapped by every error CheckKey, CheckPrefix and
// CheckKeyUnder return, so callers can tell a key that can never be stored
// from a store that is failing.
var ErrInvalidKey = errors.New("invalid key")

// KeyError is a key refused by CheckKey, CheckPrefix or CheckKeyUnder. Its
// message quotes at most the first 100 bytes of the key, so a huge key
// cannot flood a log.
type KeyError struct {
	Key    string
	Reason string
	prefix bool // a list prefix rather than a key
}

func (e *KeyError) Error() string {
	what := "key"
	if e.prefix {
		what = "prefix"
	}
	if e.Key == "" {
		return fmt.Sprintf("blob: invalid %s: %s", what, e.Reason)
	}
	return fmt.Sprintf("blob: invalid %s %s: %s", what, quote.Value(e.Key), e.Reason)
}

// Unwrap makes errors.Is(err, ErrInvalidKey) hold.
func (e *KeyError) Unwrap() error { return ErrInvalidKey }

// CheckKey reports whether key is a clean relative path that every store
// maps to exactly one object and no other: not empty, at most MaxKeyBytes,
// valid UTF-8, no leading "/", no empty, "." or ".." element, no element
// longer than MaxElementBytes or starting with ReservedPrefix, and no
// backslash or control character.
//
// It is the one predicate of which keys a store accepts: both stores call
// it before any request and refuse nothing else for the key's sake, so a
// key such as "../../etc/x" or "zz/../run1/ckpt" never reaches a
// filesystem or an S3 server that would resolve it to another object, and
// a caller that checks keys first (CheckKeyUnder, before an expire batch)
// sends no store a key it would refuse. What a store may still refuse is
// its own state: the local store refuses a key whose path meets a symbolic
// link.
func CheckKey(key string) error {
	if key == "" {
		return &KeyError{Reason: "empty"}
	}
	if len(key) > MaxKeyBytes {
		return &KeyError{Key: key, Reason: fmt.Sprintf("%d bytes, more than %d", len(key), MaxKeyBytes)}
	}
	if strings.HasPrefix(key, "/") {
		return &KeyError{Key: key, Reason: "absolute path"}
	}
	if reason := badText(key); reason != "" {
		return &KeyError{Key: key, Reason: reason}
	}
	for elem := range strings.SplitSeq(key, "/") {
		if reason := badElement(elem); reason != "" {
			return &KeyError{Key: key, Reason: reason}
		}
	}
	return nil
}

// CheckPrefix is CheckKey for a listing prefix, which may be empty and may
// end in "/" or in part of a name, but otherwise follows the same rules (a
// last, partial element starting with ReservedPrefix included: no key lies
// under it).
func CheckPrefix(prefix string) error {
	if prefix == "" {
		return nil
	}
	if len(prefix) > MaxKeyBytes {
		return &KeyError{Key: prefix, Reason: fmt.Sprintf("%d bytes, more than %d", len(prefix), MaxKeyBytes), prefix: true}
	}
	if strings.HasPrefix(prefix, "/") {
		return &KeyError{Key: prefix, Reason: "absolute path", prefix: true}
	}
	if reason := badText(prefix); reason != "" {
		return &KeyError{Key: prefix, Reason: reason, prefix: true}
	}
	elems := strings.Split(prefix, "/")
	for i, elem := range elems {
		if elem == "" && i == len(elems)-1 {
			continue // a trailing slash
		}
		if reason := badElement(elem); reason != "" {
			return &KeyError{Key: prefix, Reason: reason, prefix: true}
		}
	}
	return nil
}

// CheckKeyUnder is CheckKey for a key that must lie under prefix (a checked
// prefix ending in "/"): the key a policy that owns prefix may touch.
func CheckKeyUnder(prefix, key string) error {
	if err := CheckKey(key); err != nil {
		return err
	}
	if !strings.HasPrefix(key, prefix) || len(key) == len(prefix) {
		return &KeyError{Key: key, Reason: fmt.Sprintf("not under the prefix %s", quote.Value(prefix))}
	}
	return nil
}

// badText says what is wrong with s as a whole, or "".
func badText(s string) string {
	if !utf8.ValidString(s) {
		return "not valid UTF-8"
	}
	for _, r := range s {
		switch {
		case r == '\\':
			return "backslash"
		case r < 0x20 || r == 0x7f:
			return fmt.Sprintf("control character %U", r)
		}
	}
	return ""
}

// badElement says what is wrong with one "/"-separated element, or "".
func badElement(elem string) string {
	switch {
	case elem == "":
		return "empty path element"
	case elem == "." || elem == "..":
		return fmt.Sprintf("%q path element", elem)
	case len(elem) > MaxElementBytes:
		return fmt.Sprintf("path element of %d bytes, more than %d", len(elem), MaxElementBytes)
	case strings.HasPrefix(elem, ReservedPrefix):
		return fmt.Sprintf("path element starts with %q, reserved for temporary files", ReservedPrefix)
	}
	return ""
}
