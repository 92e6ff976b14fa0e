package blob_test

import (
	"bytes"
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/lethehq/lethe/blob"
)

// TestLocalSymlinks: the local store never follows a symbolic link, whether
// it points out of its directory or into it.
func TestLocalSymlinks(t *testing.T) {
	t.Parallel()

	ctx := context.Background()

	type testBundle struct {
		dir, outside string
		log          *syncBuffer
	}

	// setup plants, beside real objects pastes/1 and runs/real/ckpt:
	//
	//	runs/abc    -> outside/run      (a run's folder, out of the store)
	//	runs/inner  -> runs/real        (a folder, inside the store)
	//	pastes/evil -> outside/victim   (an object, out of the store)
	//	pastes/alias -> pastes/1        (an object, inside the store)
	setup := func(t *testing.T, yielding bool) (blob.Store, *testBundle) {
		t.Helper()

		tmp := t.TempDir()
		b := &testBundle{dir: filepath.Join(tmp, "blobs"), outside: filepath.Join(tmp, "outside"), log: &syncBuffer{}}
		local, err := blob.NewLocal(b.dir)
		require.NoError(t, err)
		local.SetLogger(slog.New(slog.NewTextHandler(b.log, nil)))
		var store blob.Store = local
		if yielding {
			store = blob.Yielding(local)
		}
		putKeys(ctx, t, store, []string{"pastes/1", "runs/real/ckpt"})

		writeFile(t, filepath.Join(b.outside, "victim"), "outside")
		writeFile(t, filepath.Join(b.outside, "run", "ckpt"), "outside")
		writeFile(t, filepath.Join(b.outside, "run", "sub", "ckpt"), "outside")
		require.NoError(t, os.Symlink(filepath.Join(b.outside, "run"), filepath.Join(b.dir, "runs", "abc")))
		require.NoError(t, os.Symlink("real", filepath.Join(b.dir, "runs", "inner")))
		require.NoError(t, os.Symlink(filepath.Join(b.outside, "victim"), filepath.Join(b.dir, "pastes", "evil")))
		require.NoError(t, os.Symlink("1", filepath.Join(b.dir, "pastes", "alias")))
		return store, b
	}

	// untouched checks that nothing outside the store, no link and no
	// object a link points to changed.
	untouched := func(t *testing.T, b *testBundle) {
		t.Helper()

		for _, path := range []string{"victim", "run/ckpt", "run/sub/ckpt"} {
			data, err := os.ReadFile(filepath.Join(b.outside, filepath.FromSlash(path)))
			require.NoError(t, err, "outside/%s", path)
			require.Equal(t, "outside", string(data), "outside/%s", path)
		}
		entries, err := os.ReadDir(filepath.Join(b.outside, "run"))
		require.NoError(t, err)
		require.Len(t, entries, 2, "a file or folder appeared or vanished outside the store")
		for _, link := range []string{"runs/abc", "runs/inner", "pastes/evil", "pastes/alias"} {
			info, err := os.Lstat(filepath.Join(b.dir, filepath.FromSlash(link)))
			require.NoError(t, err, link)
			require.Equal(t, os.ModeSymlink, info.Mode().Type(), link)
		}
	}

	// links are the keys whose path meets a link, outside and inside.
	links := []string{"runs/abc/ckpt", "runs/abc/sub/ckpt", "runs/inner/ckpt", "pastes/evil", "pastes/alias"}

	for _, yielding := range []bool{false, true} {
		name := "Local"
		if yielding {
			name = "LocalYielding"
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()

			t.Run("DeleteRefusesALinkAndRemovesNothing", func(t *testing.T) {
				t.Parallel()

				store, b := setup(t, yielding)
				for _, key := range links {
					n, err := store.Delete(ctx, []string{key})
					require.ErrorIs(t, err, blob.ErrSymlink, key)
					require.ErrorContains(t, err, `blob: delete "`+key+`"`)
					require.Zero(t, n, key)
				}
				untouched(t, b)
				for _, key := range []string{"pastes/1", "runs/real/ckpt"} {
					exists, err := store.Exists(ctx, key)
					require.NoError(t, err)
					require.True(t, exists, "%s, a link's target inside the store, is gone", key)
				}
			})

			t.Run("GetAndExistsRefuseALink", func(t *testing.T) {
				t.Parallel()

				store, b := setup(t, yielding)
				for _, key := range links {
					data, err := store.Get(ctx, key)
					require.ErrorIs(t, err, blob.ErrSymlink, key)
					require.NotErrorIs(t, err, blob.ErrNotFound, key)
					require.ErrorContains(t, err, `blob: get "`+key+`"`)
					require.Nil(t, data, key)

					_, err = store.Exists(ctx, key)
					require.ErrorIs(t, err, blob.ErrSymlink, key)
				}
				untouched(t, b)
			})

			t.Run("PutRefusesALinkAndWritesNothing", func(t *testing.T) {
				t.Parallel()

				store, b := setup(t, yielding)
				for _, key := range append([]string{"runs/abc/new", "runs/abc/sub/new", "runs/inner/new"}, links...) {
					err := store.Put(ctx, key, []byte("written"))
					require.ErrorIs(t, err, blob.ErrSymlink, key)
					require.ErrorContains(t, err, `blob: put "`+key+`"`)
				}
				untouched(t, b)
				for _, path := range []string{"run/new", "run/sub/new"} {
					_, err := os.Lstat(filepath.Join(b.outside, filepath.FromSlash(path)))
					require.ErrorIs(t, err, os.ErrNotExist, path)
				}
				data, err := store.Get(ctx, "pastes/1")
				require.NoError(t, err)
				require.Equal(t, "blob of pastes/1", string(data))
				_, err = os.Lstat(filepath.Join(b.dir, "runs", "real", "new"))
				require.ErrorIs(t, err, os.ErrNotExist)
				entries, err := os.ReadDir(filepath.Join(b.dir, "pastes"))
				require.NoError(t, err)
				require.Len(t, entries, 3, "a temporary file was left behind")
			})

			t.Run("ListSkipsAndLogsLinks", func(t *testing.T) {
				t.Parallel()

				store, b := setup(t, yielding)
				require.Equal(t, []string{"pastes/1", "runs/real/ckpt"}, listAll(ctx, t, store, ""))
				for _, link := range []string{"runs/abc", "runs/inner", "pastes/evil", "pastes/alias"} {
					require.Contains(t, b.log.String(), link+": symbolic link refused")
				}
				// A prefix that is itself a link: nothing listed.
				require.Empty(t, listAll(ctx, t, store, "runs/abc/"))
				require.Empty(t, listAll(ctx, t, store, "runs/abc/sub/"))
				require.Empty(t, listAll(ctx, t, store, "runs/inner/"))
				require.Equal(t, []string{"runs/real/ckpt"}, listAll(ctx, t, store, "runs/"))
				untouched(t, b)
			})

			t.Run("DeletePrefixNeverLeavesTheStore", func(t *testing.T) {
				t.Parallel()

				store, b := setup(t, yielding)
				// A run whose folder is a link: purging it deletes nothing.
				for _, prefix := range []string{"runs/abc/", "runs/abc/sub/", "runs/inner/"} {
					n, err := store.DeletePrefix(ctx, prefix)
					require.NoError(t, err, prefix)
					require.Zero(t, n, prefix)
				}
				untouched(t, b)

				// Everything: the objects go, their emptied folders are
				// pruned, the links and what they point to stay.
				n, err := store.DeletePrefix(ctx, "")
				require.NoError(t, err)
				require.Equal(t, 2, n)
				untouched(t, b)
				_, err = os.Lstat(filepath.Join(b.dir, "runs", "real"))
				require.ErrorIs(t, err, os.ErrNotExist, "the emptied folder was not pruned")
				require.Empty(t, listAll(ctx, t, store, ""))
			})
		})
	}

	t.Run("ALinkAsTheStoresOwnDirectoryIsFollowed", func(t *testing.T) {
		t.Parallel()

		tmp := t.TempDir()
		real := filepath.Join(tmp, "real")
		require.NoError(t, os.Mkdir(real, 0o755))
		require.NoError(t, os.Symlink(real, filepath.Join(tmp, "blobs")))
		store, err := blob.NewLocal(filepath.Join(tmp, "blobs"))
		require.NoError(t, err)
		require.NoError(t, store.Put(ctx, "a/1", []byte("x")))
		require.Equal(t, []string{"a/1"}, listAll(ctx, t, store, ""))
		data, err := os.ReadFile(filepath.Join(real, "a", "1"))
		require.NoError(t, err)
		require.Equal(t, "x", string(data))
	})

	t.Run("PipesAndDevicesAreNoObjects", func(t *testing.T) {
		t.Parallel()

		dir := t.TempDir()
		store, err := blob.NewLocal(dir)
		require.NoError(t, err)
		if err := syscall.Mkfifo(filepath.Join(dir, "fifo"), 0o644); err != nil {
			t.Skipf("cannot make a pipe here: %v", err)
		}
		_, err = store.Get(ctx, "fifo")
		require.ErrorIs(t, err, blob.ErrNotFound, "reading a pipe must not block")
		exists, err := store.Exists(ctx, "fifo")
		require.NoError(t, err)
		require.False(t, exists)
		require.Empty(t, listAll(ctx, t, store, ""))
	})
}

func writeFile(t *testing.T, path, data string) {
	t.Helper()
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	require.NoError(t, os.WriteFile(path, []byte(data), 0o644))
}

// syncBuffer is a log destination safe for concurrent writes.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
