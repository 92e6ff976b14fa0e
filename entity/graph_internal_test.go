package entity

import "testing"

// TestSpelledCanonically: the keys taken as the database spells them
// without asking it, and those left to it.
func TestSpelledCanonically(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		keyType, key string
		want         bool
	}{
		{"text", " Any Thing ", true},
		{"uuid", "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11", true},
		{"uuid", "A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11", false},
		{"uuid", "{a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11}", false},
		{"uuid", "a0eebc999c0b4ef8bb6d6bb9bd380a11", false},
		{"uuid", "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a1g", false},
		{"integer", "42", true},
		{"integer", "-42", true},
		{"integer", "0", true},
		{"integer", "042", false},
		{"integer", "+42", false},
		{"integer", " 42", false},
		{"integer", "2147483648", false},
		{"bigint", "2147483648", true},
		{"smallint", "32768", false},
		{"bigint", "", false},
	} {
		if got := spelledCanonically(c.keyType, c.key); got != c.want {
			t.Errorf("spelledCanonically(%s, %q) = %v, want %v", c.keyType, c.key, got, c.want)
		}
	}
}
