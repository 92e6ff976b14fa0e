package blob_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/lethehq/lethe/blob"
)

// The behaviour shared with S3 is in TestStores; these are Local's own.
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
	t.Run("YieldingRemovesOneFileAtATime", func(t *testing.T) {
		t.Parallel()

		store, bundle := setup(t)
		keys := []string{"runs/0", "runs/1", "runs/2", "runs/3", "runs/4"}
		for _, key := range keys {
			require.NoError(t, store.Put(ctx, key, []byte("x")))
		}
		// An immutable file is one that even root cannot remove.
		stuck := filepath.Join(bundle.dir, "runs", "2")
		if out, err := exec.Command("chattr", "+i", stuck).CombinedOutput(); err != nil {
			t.Skipf("cannot make a file immutable here: %v: %s", err, out)
		}
		t.Cleanup(func() { _ = exec.Command("chattr", "-i", stuck).Run() })

		// In order, one at a time: the two keys before the stuck file are
		// removed, and none after it is tried.
		deleted, err := blob.Yielding(store).Delete(ctx, keys)
		require.ErrorContains(t, err, `blob: delete "runs/2"`)
		require.Equal(t, 2, deleted)
		for i, key := range keys {
			exists, err := store.Exists(ctx, key)
			require.NoError(t, err)
			require.Equal(t, i >= 2, exists, "key %s", key)
		}
	})
}
