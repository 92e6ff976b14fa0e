package blob_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
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
	}

	for _, tt := range stores {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			testStoreContract(t, tt.newStore)
		})
	}
}

func testStoreContract(t *testing.T, newStore func(t *testing.T) blob.Store) {
	t.Helper()

	ctx := context.Background()

	setup := func(t *testing.T) blob.Store {
		t.Helper()
		return newStore(t)
	}

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

func TestLocal(t *testing.T) {
	t.Parallel()

	ctx := context.Background()

	type testBundle struct {
		dir string
	}

	setup := func(t *testing.T) (*blob.Local, *testBundle) {
		t.Helper()

		dir := filepath.Join(t.TempDir(), "blobs")
		store, err := blob.NewLocal(dir)
		require.NoError(t, err)
		return store, &testBundle{dir: dir}
	}

	t.Run("NewLocalCreatesDir", func(t *testing.T) {
		t.Parallel()

		store, bundle := setup(t)

		info, err := os.Stat(bundle.dir)
		require.NoError(t, err)
		require.True(t, info.IsDir())
		require.Equal(t, "local:"+bundle.dir, store.Name())

		_, err = blob.NewLocal("")
		require.EqualError(t, err, "blob: local dir is required")
	})

	t.Run("KeysAreFilesUnderDir", func(t *testing.T) {
		t.Parallel()

		store, bundle := setup(t)
		require.NoError(t, store.Put(ctx, "runs/abc/metrics/0", []byte("m")))

		data, err := os.ReadFile(filepath.Join(bundle.dir, "runs", "abc", "metrics", "0"))
		require.NoError(t, err)
		require.Equal(t, "m", string(data))
	})

	t.Run("RejectsUnsafeKeys", func(t *testing.T) {
		t.Parallel()

		store, bundle := setup(t)

		for _, key := range []string{"../x", "a/../../x", "a/..", "/etc/passwd", "./x", "a//b", "a/", ".lethe-tmp-1"} {
			err := store.Put(ctx, key, []byte("x"))
			require.ErrorContains(t, err, fmt.Sprintf("invalid key %q", key))

			_, err = store.Get(ctx, key)
			require.ErrorContains(t, err, fmt.Sprintf("invalid key %q", key))
			require.NotErrorIs(t, err, blob.ErrNotFound)

			_, err = store.Exists(ctx, key)
			require.ErrorContains(t, err, fmt.Sprintf("invalid key %q", key))

			n, err := store.Delete(ctx, []string{"ok", key})
			require.ErrorContains(t, err, fmt.Sprintf("invalid key %q", key))
			require.Zero(t, n)
		}

		err := store.Put(ctx, "", []byte("x"))
		require.EqualError(t, err, "blob: invalid key: empty")

		err = store.List(ctx, "../", func([]string) error { return nil })
		require.ErrorContains(t, err, `invalid prefix "../"`)

		_, err = os.Stat(filepath.Join(filepath.Dir(bundle.dir), "x"))
		require.ErrorIs(t, err, os.ErrNotExist, "a key escaped the store's directory")
	})

	t.Run("KeyUnderAnObjectFails", func(t *testing.T) {
		t.Parallel()

		store, _ := setup(t)
		require.NoError(t, store.Put(ctx, "runs/1", []byte("x")))

		err := store.Put(ctx, "runs/1/metrics", []byte("y"))
		require.ErrorContains(t, err, `put "runs/1/metrics"`)

		_, err = store.Get(ctx, "runs/1/metrics")
		require.ErrorIs(t, err, blob.ErrNotFound)
	})

	t.Run("ConcurrentPutsAreAtomic", func(t *testing.T) {
		t.Parallel()

		store, bundle := setup(t)
		require.NoError(t, store.Put(ctx, "hot/key", []byte(strings.Repeat("a", 1<<16))))

		var wg sync.WaitGroup
		for i := range 8 {
			wg.Go(func() {
				for range 20 {
					if err := store.Put(ctx, "hot/key", []byte(strings.Repeat(string(rune('a'+i)), 1<<16))); err != nil {
						t.Error(err)
						return
					}
				}
			})
			wg.Go(func() {
				for range 20 {
					data, err := store.Get(ctx, "hot/key")
					if err != nil {
						t.Error(err)
						return
					}
					if len(data) != 1<<16 || strings.Trim(string(data), string(data[:1])) != "" {
						t.Errorf("read a torn object of %d bytes", len(data))
						return
					}
				}
			})
		}
		wg.Wait()

		entries, err := os.ReadDir(filepath.Join(bundle.dir, "hot"))
		require.NoError(t, err)
		require.Len(t, entries, 1, "temporary files left behind")
	})

	t.Run("ListSkipsUnfinishedWrites", func(t *testing.T) {
		t.Parallel()

		store, bundle := setup(t)
		require.NoError(t, store.Put(ctx, "a/1", []byte("x")))
		require.NoError(t, os.WriteFile(filepath.Join(bundle.dir, "a", ".lethe-tmp-123"), []byte("half"), 0o600))

		require.Equal(t, []string{"a/1"}, listAll(ctx, t, store, ""))
	})

	t.Run("DeletesPruneEmptyDirs", func(t *testing.T) {
		t.Parallel()

		store, bundle := setup(t)
		putKeys(ctx, t, store, []string{"run1/metrics/0", "run1/metrics/1", "run1/tags", "run2/tags", "pastes/1"})

		_, err := store.Delete(ctx, []string{"pastes/1"})
		require.NoError(t, err)
		_, err = store.DeletePrefix(ctx, "run1/")
		require.NoError(t, err)

		entries, err := os.ReadDir(bundle.dir)
		require.NoError(t, err)
		var names []string
		for _, entry := range entries {
			names = append(names, entry.Name())
		}
		require.Equal(t, []string{"run2"}, names)

		// The root stays even when the store is empty.
		_, err = store.DeletePrefix(ctx, "")
		require.NoError(t, err)
		entries, err = os.ReadDir(bundle.dir)
		require.NoError(t, err)
		require.Empty(t, entries)
	})

	t.Run("CancelledContext", func(t *testing.T) {
		t.Parallel()

		store, _ := setup(t)
		ctx, cancel := context.WithCancel(ctx)
		cancel()

		require.ErrorIs(t, store.Put(ctx, "a", []byte("x")), context.Canceled)
		_, err := store.Delete(ctx, []string{"a"})
		require.ErrorIs(t, err, context.Canceled)
	})
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
