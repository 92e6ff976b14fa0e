package blob_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/sync/errgroup"

	"github.com/lethehq/lethe/blob"
	"github.com/lethehq/lethe/internal/testenv"
)

// TestStores is the contract every blob.Store must keep, run against each
// implementation.
func TestStores(t *testing.T) {
	t.Parallel()

	stores := []struct {
		name     string
		newStore func(t *testing.T) blob.Store
	}{
		{"Local", func(t *testing.T) blob.Store {
			t.Helper()
			store, err := blob.NewLocal(t.TempDir())
			require.NoError(t, err)
			return store
		}},
		{"S3", func(t *testing.T) blob.Store {
			t.Helper()
			return testenv.S3Store(t)
		}},
		// What a paced batch deletes with: one file at a time.
		{"LocalYielding", func(t *testing.T) blob.Store {
			t.Helper()
			store, err := blob.NewLocal(t.TempDir())
			require.NoError(t, err)
			return blob.Yielding(store)
		}},
	}

	for _, tt := range stores {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			testStoreContract(t, tt.newStore)
		})
	}
}

func testStoreContract(t *testing.T, setup func(t *testing.T) blob.Store) {
	t.Helper()

	ctx := context.Background()

	t.Run("PutGetExists", func(t *testing.T) {
		t.Parallel()

		store := setup(t)

		require.NoError(t, store.Put(ctx, "pastes/42", []byte("hello")))
		data, err := store.Get(ctx, "pastes/42")
		require.NoError(t, err)
		require.Equal(t, "hello", string(data))

		exists, err := store.Exists(ctx, "pastes/42")
		require.NoError(t, err)
		require.True(t, exists)

		// Put replaces the whole object.
		require.NoError(t, store.Put(ctx, "pastes/42", []byte("bye")))
		data, err = store.Get(ctx, "pastes/42")
		require.NoError(t, err)
		require.Equal(t, "bye", string(data))

		// An empty object is still an object.
		require.NoError(t, store.Put(ctx, "pastes/empty", nil))
		data, err = store.Get(ctx, "pastes/empty")
		require.NoError(t, err)
		require.Empty(t, data)
	})

	t.Run("MissingKey", func(t *testing.T) {
		t.Parallel()

		store := setup(t)
		require.NoError(t, store.Put(ctx, "pastes/1", []byte("x")))

		for _, key := range []string{"pastes/2", "pastes", "nothing/here"} {
			_, err := store.Get(ctx, key)
			require.ErrorIs(t, err, blob.ErrNotFound, "key %q", key)
			require.ErrorContains(t, err, key)

			exists, err := store.Exists(ctx, key)
			require.NoError(t, err)
			require.False(t, exists, "key %q", key)
		}
	})

	t.Run("ListPagesUnderPrefix", func(t *testing.T) {
		t.Parallel()

		store := setup(t)

		var want []string
		for i := range 2500 {
			want = append(want, fmt.Sprintf("runs/r%d/metrics/%d", i%7, i))
		}
		// Neighbours of the prefix that must not be listed.
		putKeys(ctx, t, store, append([]string{"run", "runs.txt", "runs-old/1", "runt/1", "a/1", "z/1"}, want...))

		var (
			got   []string
			pages int
		)
		err := store.List(ctx, "runs/", func(keys []string) error {
			pages++
			require.NotEmpty(t, keys)
			require.LessOrEqual(t, len(keys), 1000)
			got = append(got, keys...)
			return nil
		})
		require.NoError(t, err)
		require.GreaterOrEqual(t, pages, 3)
		require.True(t, slices.IsSorted(got), "keys are not in lexicographic order")
		slices.Sort(want)
		require.Equal(t, want, got) // sorted and equal: every key exactly once
	})

	t.Run("ListLexicographicOrder", func(t *testing.T) {
		t.Parallel()

		store := setup(t)
		putKeys(ctx, t, store, []string{"o/a/b", "o/a-c", "o/a0", "o/b", "o/a/a/z"})

		got := listAll(ctx, t, store, "o/")
		// '-' < '/' < '0': a file system walk by names would put "o/a/…" first.
		require.Equal(t, []string{"o/a-c", "o/a/a/z", "o/a/b", "o/a0", "o/b"}, got)
	})

	t.Run("ListPartialPrefix", func(t *testing.T) {
		t.Parallel()

		store := setup(t)
		putKeys(ctx, t, store, []string{"runs/ab1/x", "runs/ab2/y", "runs/abc", "runs/b/z"})

		require.Equal(t, []string{"runs/ab1/x", "runs/ab2/y", "runs/abc"}, listAll(ctx, t, store, "runs/ab"))
		require.Equal(t, []string{"runs/ab1/x", "runs/ab2/y", "runs/abc", "runs/b/z"}, listAll(ctx, t, store, ""))
		require.Empty(t, listAll(ctx, t, store, "nothing/"))
	})

	t.Run("ListStopsOnCallbackError", func(t *testing.T) {
		t.Parallel()

		store := setup(t)
		var keys []string
		for i := range 1500 {
			keys = append(keys, fmt.Sprintf("k/%04d", i))
		}
		putKeys(ctx, t, store, keys)

		errStop := errors.New("stop")
		calls := 0
		err := store.List(ctx, "k/", func([]string) error {
			calls++
			return errStop
		})
		require.Equal(t, errStop, err) // returned as is, not wrapped
		require.Equal(t, 1, calls)
	})

	t.Run("DeleteManyKeysInOneCall", func(t *testing.T) {
		t.Parallel()

		store := setup(t)
		var keys []string
		for i := range 2345 {
			keys = append(keys, fmt.Sprintf("expired/%d/blob", i))
		}
		putKeys(ctx, t, store, append([]string{"kept/1"}, keys...))

		n, err := store.Delete(ctx, keys)
		require.NoError(t, err)
		require.Equal(t, len(keys), n)

		require.Empty(t, listAll(ctx, t, store, "expired/"))
		require.Equal(t, []string{"kept/1"}, listAll(ctx, t, store, ""))
	})

	t.Run("DeleteMissingKeysCountsAsDeleted", func(t *testing.T) {
		t.Parallel()

		store := setup(t)
		putKeys(ctx, t, store, []string{"a/1"})

		n, err := store.Delete(ctx, []string{"a/1", "a/2", "never/existed"})
		require.NoError(t, err)
		require.Equal(t, 3, n)

		// Deleting again, as a retried job would, is fine too.
		n, err = store.Delete(ctx, []string{"a/1", "a/2", "never/existed"})
		require.NoError(t, err)
		require.Equal(t, 3, n)

		n, err = store.Delete(ctx, nil)
		require.NoError(t, err)
		require.Zero(t, n)
	})

	t.Run("UncleanKeysNeverReachTheStore", func(t *testing.T) {
		t.Parallel()

		store := setup(t)
		putKeys(ctx, t, store, []string{"run1/ckpt", "run2/ckpt"})
		for _, key := range []string{"zz/../run1/ckpt", "run1/../run2/ckpt", "./run1/ckpt", "/run1/ckpt", "run1//ckpt", `run1\ckpt`, "run1/ckpt\x00"} {
			require.ErrorIs(t, store.Put(ctx, key, []byte("overwritten")), blob.ErrInvalidKey, key)
			_, err := store.Get(ctx, key)
			require.ErrorIs(t, err, blob.ErrInvalidKey, key)
			_, err = store.Exists(ctx, key)
			require.ErrorIs(t, err, blob.ErrInvalidKey, key)
			n, err := store.Delete(ctx, []string{"run1/ckpt", key})
			require.ErrorIs(t, err, blob.ErrInvalidKey, key)
			require.Zero(t, n, "a refused key must fail the whole call before any deletion")
		}
		require.Equal(t, []string{"run1/ckpt", "run2/ckpt"}, listAll(ctx, t, store, ""))
		for _, key := range []string{"run1/ckpt", "run2/ckpt"} {
			data, err := store.Get(ctx, key)
			require.NoError(t, err)
			require.Equal(t, "blob of "+key, string(data))
		}
	})

	t.Run("RefusesExactlyTheKeysCheckKeyRefuses", func(t *testing.T) {
		t.Parallel()

		store := setup(t)
		putKeys(ctx, t, store, []string{"pastes/1"})
		// One key of each class CheckKey refuses: what the expire batch
		// sets aside before any store sees it.
		for _, key := range refusedKeys {
			require.Error(t, blob.CheckKey(key), "%q", key)
			require.Error(t, blob.CheckKeyUnder("pastes/", key), "%q", key)
			require.ErrorIs(t, store.Put(ctx, key, []byte("x")), blob.ErrInvalidKey, "%q", key)
			_, err := store.Get(ctx, key)
			require.ErrorIs(t, err, blob.ErrInvalidKey, "%q", key)
			_, err = store.Exists(ctx, key)
			require.ErrorIs(t, err, blob.ErrInvalidKey, "%q", key)
			n, err := store.Delete(ctx, []string{"pastes/1", key})
			require.ErrorIs(t, err, blob.ErrInvalidKey, "%q", key)
			require.Zero(t, n)
		}
		// And a key it accepts, however odd, every store stores and deletes.
		for _, key := range oddButValidKeys {
			require.NoError(t, blob.CheckKeyUnder("pastes/", key), "%q", key)
			require.NoError(t, store.Put(ctx, key, []byte("odd")), "%q", key)
			data, err := store.Get(ctx, key)
			require.NoError(t, err, "%q", key)
			require.Equal(t, "odd", string(data))
		}
		require.Equal(t, sortedCopy(append([]string{"pastes/1"}, oddButValidKeys...)), listAll(ctx, t, store, "pastes/"))
		n, err := store.Delete(ctx, oddButValidKeys)
		require.NoError(t, err)
		require.Equal(t, len(oddButValidKeys), n)
		require.Equal(t, []string{"pastes/1"}, listAll(ctx, t, store, "pastes/"))
	})

	t.Run("DeletePrefix", func(t *testing.T) {
		t.Parallel()

		store := setup(t)
		var keys []string
		for i := range 1234 {
			keys = append(keys, fmt.Sprintf("run1/metrics/%d", i))
		}
		keys = append(keys, "run1/tags", "run1/artifacts/model.bin")
		// run10 shares the string prefix "run1" but not "run1/".
		putKeys(ctx, t, store, append([]string{"run10/tags", "run2/tags"}, keys...))

		n, err := store.DeletePrefix(ctx, "run1/")
		require.NoError(t, err)
		require.Equal(t, len(keys), n)
		require.Equal(t, []string{"run10/tags", "run2/tags"}, listAll(ctx, t, store, ""))

		n, err = store.DeletePrefix(ctx, "run1/")
		require.NoError(t, err)
		require.Zero(t, n)
	})
}

// refusedKeys holds one key, under "pastes/" where it can be, of every
// class blob.CheckKey refuses.
var refusedKeys = []string{
	"",
	"/pastes/1",
	"../../outside/victim",
	"pastes/../runs/1",
	"pastes/./1",
	"pastes//1",
	"pastes/1/",
	`pastes\1`,
	"pastes/1\x00",
	"pastes/1\n",
	"pastes/1\x7f",
	"pastes/1\xff",
	"pastes/" + strings.Repeat("x", 256),
	"pastes/" + strings.Repeat("x/", 510) + "x",
	"pastes/.lethe-tmp-1",
	"pastes/.lethe-tmp-dir/1",
	".lethe-tmp-1",
}

// oddButValidKeys are keys blob.CheckKey accepts that look close to
// refused ones.
var oddButValidKeys = []string{
	"pastes/.hidden",
	"pastes/..1",
	"pastes/.lethe-tmp",
	"pastes/x.lethe-tmp-1",
	"pastes/é ü",
	"pastes/" + strings.Repeat("y", 255),
}

func sortedCopy(keys []string) []string {
	out := slices.Clone(keys)
	slices.Sort(out)
	return out
}

// putKeys writes a small object under each key, several at a time.
func putKeys(ctx context.Context, t *testing.T, store blob.Store, keys []string) {
	t.Helper()

	var group errgroup.Group
	group.SetLimit(32)
	for _, key := range keys {
		group.Go(func() error { return store.Put(ctx, key, []byte("blob of "+key)) })
	}
	require.NoError(t, group.Wait())
}

// listAll returns every key under prefix.
func listAll(ctx context.Context, t *testing.T, store blob.Store, prefix string) []string {
	t.Helper()

	var all []string
	require.NoError(t, store.List(ctx, prefix, func(keys []string) error {
		all = append(all, keys...)
		return nil
	}))
	return all
}
