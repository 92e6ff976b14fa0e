package blob_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/lethehq/lethe/blob"
)

func TestCheckKey(t *testing.T) {
	t.Parallel()

	t.Run("CleanKeysPass", func(t *testing.T) {
		t.Parallel()

		for _, key := range []string{"pastes/42", "runs/abc/metrics/0", "a", "a-b_c.d/x.y", "é/ü", "a/.hidden", "a/..b", "a/.lethe-tmp", "a/x.lethe-tmp-1", strings.Repeat("x", 255)} {
			require.NoError(t, blob.CheckKey(key), key)
		}
	})

	t.Run("UnsafeKeysAreRefusedWithTheReason", func(t *testing.T) {
		t.Parallel()

		tests := []struct {
			key    string
			reason string
		}{
			{"", "empty"},
			{"/etc/passwd", "absolute path"},
			{"../../outside/victim", `".." path element`},
			{"zz/../run1/ckpt", `".." path element`},
			{"run1/../run2/ckpt", `".." path element`},
			{"./x", `"." path element`},
			{"a//b", "empty path element"},
			{"a/", "empty path element"},
			{`a\..\b`, "backslash"},
			{"a\x00b", "control character U+0000"},
			{"a\nb", "control character U+000A"},
			{"a\x7fb", "control character U+007F"},
			{"a\xffb", "not valid UTF-8"},
			{strings.Repeat("x", 256), "path element of 256 bytes, more than 255"},
			{strings.Repeat("x/", 600) + "x", "1201 bytes, more than 1024"},
			{".lethe-tmp-1", `path element starts with ".lethe-tmp-", reserved for temporary files`},
			{"pastes/.lethe-tmp-abc", `path element starts with ".lethe-tmp-", reserved for temporary files`},
			{"pastes/.lethe-tmp-/x", `path element starts with ".lethe-tmp-", reserved for temporary files`},
		}
		for _, tt := range tests {
			err := blob.CheckKey(tt.key)
			require.Error(t, err, "%q", tt.key)
			require.ErrorIs(t, err, blob.ErrInvalidKey)
			require.ErrorContains(t, err, tt.reason, "%q", tt.key)
			var keyErr *blob.KeyError
			require.True(t, errors.As(err, &keyErr))
			if tt.key != "" {
				require.Equal(t, tt.key, keyErr.Key, "the error keeps the whole key for the caller")
			}
		}
	})

	t.Run("ErrorsQuoteAShortPrefixOnly", func(t *testing.T) {
		t.Parallel()

		huge := strings.Repeat("a", 2<<20) + "/../x"
		err := blob.CheckKey(huge)
		require.ErrorIs(t, err, blob.ErrInvalidKey)
		require.Less(t, len(err.Error()), 300, "a 2 MiB key must not be echoed whole")
		require.Contains(t, err.Error(), "(2097157 bytes)")
	})

	t.Run("Prefixes", func(t *testing.T) {
		t.Parallel()

		for _, prefix := range []string{"", "runs/", "runs/ab", "pastes/", "pastes/.lethe-t"} {
			require.NoError(t, blob.CheckPrefix(prefix), prefix)
		}
		for _, prefix := range []string{"../", "/runs/", "runs//", "a/../b/", `a\`, "a\x00", ".lethe-tmp-1/", "a/.lethe-tmp-"} {
			err := blob.CheckPrefix(prefix)
			require.ErrorIs(t, err, blob.ErrInvalidKey, prefix)
			require.ErrorContains(t, err, "invalid prefix", prefix)
		}
	})

	t.Run("KeyUnderPrefix", func(t *testing.T) {
		t.Parallel()

		require.NoError(t, blob.CheckKeyUnder("pastes/", "pastes/42"))
		for _, key := range []string{"pastes", "pastes/", "pastesx/1", "runs/1", "pastes/../runs/1", "pastes/.lethe-tmp-1"} {
			err := blob.CheckKeyUnder("pastes/", key)
			require.ErrorIs(t, err, blob.ErrInvalidKey, key)
		}
		require.ErrorContains(t, blob.CheckKeyUnder("pastes/", "runs/1"), `not under the prefix "pastes/"`)
	})
}
