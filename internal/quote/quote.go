// Package quote bounds how much of a value from outside (a job's args, a
// request, a configuration file, a blob key) an error message or a log line
// repeats: a huge value must not flood a log or a job's stored error.
package quote

import (
	"fmt"
	"strconv"
	"unicode/utf8"
)

// Limit is how many bytes of a value a message repeats.
const Limit = 64

// Cut returns the first n bytes of s, fewer when the n-th byte falls
// inside a character.
func Cut(s string, n int) string {
	if n >= len(s) {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// Prefix returns s when it is at most Limit bytes, else its first Limit
// bytes followed by its length: "aaaa…(2000000 bytes)".
func Prefix(s string) string {
	if len(s) <= Limit {
		return s
	}
	return fmt.Sprintf("%s…(%d bytes)", Cut(s, Limit), len(s))
}

// Value quotes s (strconv.Quote) when the quoted form is at most Limit
// bytes besides its quotes, else the longest prefix of s whose quoted form
// is, followed by the length of s: "aaaa"…(2000000 bytes). Bounding the
// quoted form keeps a value of control characters, each quoted as four
// bytes, as short as any other.
func Value(s string) string {
	if q := strconv.Quote(s); len(q) <= Limit+2 {
		return q
	}
	best := `""`
	for i := 0; i < len(s); {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
		q := strconv.Quote(s[:i])
		if len(q) > Limit+2 {
			break
		}
		best = q
	}
	return fmt.Sprintf("%s…(%d bytes)", best, len(s))
}
