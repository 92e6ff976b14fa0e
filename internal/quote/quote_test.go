package quote

import (
	"strings"
	"testing"
)

func TestQuote(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("é", 100) // 200 bytes, two per character
	for _, c := range []struct{ got, want string }{
		{Cut("héllo", 2), "h"},
		{Cut("abc", 10), "abc"},
		{Prefix("short"), "short"},
		{Prefix(long), strings.Repeat("é", 32) + "…(200 bytes)"},
		{Value("a\nb"), `"a\nb"`},
		{Value(long), `"` + strings.Repeat("é", 32) + `"…(200 bytes)`},
		{Value(strings.Repeat("\x01", 100)), `"` + strings.Repeat(`\x01`, 16) + `"…(100 bytes)`},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}
