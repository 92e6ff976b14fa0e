package blob

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"

	"golang.org/x/sync/errgroup"
	"golang.org/x/sys/unix"
)

// listPageSize is the most keys Local.List hands to its callback at once,
// matching the page size of S3's ListObjectsV2.
const listPageSize = 1000

// Local is a Store over a directory on disk: the object under key "a/b/c" is
// the file dir/a/b/c. It is the embedded default for demos and single-machine
// deployments.
//
// Writes are atomic (a temporary file renamed into place) and deleting the
// last object of a directory removes the directories left empty. Unlike S3, a
// key cannot also be a "directory" of other keys: with an object under
// "runs/1", a Put to "runs/1/x" fails.
//
// Every file is reached beneath dir without following a symbolic link (see
// ErrSymlink): a call whose key's path meets one, as a folder or as the
// object, fails with an error naming the key, and List skips and logs the
// links it meets. Nothing outside dir is ever read, written, listed or
// removed. dir itself may be a link.
type Local struct {
	dir               string
	deleteConcurrency int
	logger            *slog.Logger
}

var _ Store = (*Local)(nil)

// NewLocal returns a Local store rooted at dir, creating the directory if it
// does not exist. It logs to slog.Default unless told otherwise (SetLogger).
func NewLocal(dir string) (*Local, error) {
	if dir == "" {
		return nil, errors.New("blob: local dir is required")
	}
	dir = filepath.Clean(dir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("blob: create local dir: %w", err)
	}
	return &Local{dir: dir, deleteConcurrency: DefaultDeleteConcurrency, logger: slog.Default()}, nil
}

// SetDeleteConcurrency sets how many files Delete removes at once (at least
// 1; DefaultDeleteConcurrency unless set). Call it before the store is used.
func (l *Local) SetDeleteConcurrency(n int) { l.deleteConcurrency = max(n, 1) }

// SetLogger sets where List reports the symbolic links it skips. Call it
// before the store is used.
func (l *Local) SetLogger(logger *slog.Logger) {
	if logger != nil {
		l.logger = logger
	}
}

// Yielding returns a copy of the store that removes one file at a time
// (see the package's Yielding).
func (l *Local) Yielding() Store {
	c := *l
	c.deleteConcurrency = 1
	return &c
}

// Name returns "local:" followed by the store's directory.
func (l *Local) Name() string { return "local:" + l.dir }

// Put writes data under key, replacing any existing object. Readers see
// either the old or the new content, never a partial write.
func (l *Local) Put(ctx context.Context, key string, data []byte) error {
	if err := CheckKey(key); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("blob: put %q: %w", key, err)
	}
	if err := l.put(key, data); err != nil {
		return fmt.Errorf("blob: put %q: %w", key, err)
	}
	return nil
}

func (l *Local) put(key string, data []byte) error {
	root, err := openRoot(l.dir, true)
	if err != nil {
		return err
	}
	defer unix.Close(root)
	folder, name := splitKey(key)

	// A concurrent delete may prune the folder between opening it and
	// creating the temporary file; once the file exists the folder is no
	// longer empty and stays put, so a few attempts are enough.
	var (
		dir     = -1
		tmp     *os.File
		tmpName string
	)
	for range 3 {
		if dir, err = openDirBeneath(root, folder, true); err != nil {
			return err
		}
		tmp, tmpName, err = createTempAt(dir)
		if err == nil || !errors.Is(err, fs.ErrNotExist) {
			break
		}
		_ = unix.Close(dir)
		dir = -1
	}
	if dir >= 0 {
		defer unix.Close(dir)
	}
	if err != nil {
		return err
	}
	if err := writeAndRename(tmp, dir, tmpName, name, data); err != nil {
		_ = unix.Unlinkat(dir, tmpName, 0)
		return err
	}
	return nil
}

func writeAndRename(tmp *os.File, dir int, tmpName, name string, data []byte) error {
	_, err := tmp.Write(data)
	if err == nil {
		err = tmp.Chmod(0o644) // created 0600; objects are plain files
	}
	if err == nil {
		// Without a sync, a crash after the rename can leave an empty file
		// where the object was.
		err = tmp.Sync()
	}
	if closeErr := tmp.Close(); err == nil {
		err = closeErr
	}
	if err != nil {
		return err
	}
	// The rename would replace a link, not follow it; a link is refused all
	// the same, as every other call refuses it.
	if isSymlinkAt(dir, name) {
		return &fs.PathError{Op: "rename", Path: name, Err: ErrSymlink}
	}
	if err := unix.Renameat(dir, tmpName, dir, name); err != nil {
		return &fs.PathError{Op: "rename", Path: name, Err: err}
	}
	return nil
}

// Get reads the object under key, returning an error wrapping ErrNotFound when
// there is none.
func (l *Local) Get(ctx context.Context, key string) ([]byte, error) {
	if err := CheckKey(key); err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("blob: get %q: %w", key, err)
	}
	data, err := l.get(key)
	if isNotExist(err) || errors.Is(err, errNotObject) {
		return nil, fmt.Errorf("blob: get %q: %w", key, ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("blob: get %q: %w", key, err)
	}
	return data, nil
}

func (l *Local) get(key string) ([]byte, error) {
	root, err := openRoot(l.dir, false)
	if err != nil {
		return nil, err
	}
	defer unix.Close(root)
	folder, name := splitKey(key)
	dir, err := openDirBeneath(root, folder, false)
	if err != nil {
		return nil, err
	}
	defer unix.Close(dir)
	f, err := openFileAt(dir, name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(f)
}

// Exists reports whether an object exists under key.
func (l *Local) Exists(ctx context.Context, key string) (bool, error) {
	if err := CheckKey(key); err != nil {
		return false, err
	}
	if err := ctx.Err(); err != nil {
		return false, fmt.Errorf("blob: exists %q: %w", key, err)
	}
	typ, err := l.typeOf(key)
	if err != nil {
		return false, fmt.Errorf("blob: exists %q: %w", key, err)
	}
	if typ == typeSymlink {
		return false, fmt.Errorf("blob: exists %q: %w", key, &fs.PathError{Op: "stat", Path: key, Err: ErrSymlink})
	}
	return typ == typeRegular, nil
}

func (l *Local) typeOf(key string) (fileType, error) {
	root, err := openRoot(l.dir, false)
	if isNotExist(err) {
		return typeNone, nil
	}
	if err != nil {
		return typeNone, err
	}
	defer unix.Close(root)
	folder, name := splitKey(key)
	dir, err := openDirBeneath(root, folder, false)
	if isNotExist(err) {
		return typeNone, nil
	}
	if err != nil {
		return typeNone, err
	}
	defer unix.Close(dir)
	return typeAt(dir, name)
}

// Delete removes keys and prunes directories they leave empty. A key that
// does not exist counts as deleted. Keys are checked before anything is
// removed, so an invalid key fails the call without deleting anything. A key
// whose path meets a symbolic link fails the call (ErrSymlink); neither the
// link nor what it points to is removed.
func (l *Local) Delete(ctx context.Context, keys []string) (int, error) {
	for _, key := range keys {
		if err := CheckKey(key); err != nil {
			return 0, err
		}
	}
	if len(keys) == 0 {
		return 0, nil
	}
	if err := ctx.Err(); err != nil {
		return 0, fmt.Errorf("blob: delete %q: %w", keys[0], err)
	}
	root, err := openRoot(l.dir, false)
	if isNotExist(err) {
		return len(keys), nil // no directory, no object
	}
	if err != nil {
		return 0, fmt.Errorf("blob: delete %d keys: %w", len(keys), err)
	}
	defer unix.Close(root)

	// Each removal waits on the filesystem (lookup, unlink, directory
	// update), so a few run at once, each goroutine taking the next key.
	// The directories are pruned once each at the end, not after every
	// file: an attempt to remove a directory that is not empty yet costs
	// as much as the unlink, and contends for the same directory locks.
	var (
		next, deleted atomic.Int64
		mu            sync.Mutex
		folders       = map[string]bool{}
	)
	defer func() {
		for _, folder := range slices.SortedFunc(maps.Keys(folders), func(a, b string) int { return cmp.Compare(len(b), len(a)) }) {
			pruneFrom(root, folder) // deepest first
		}
	}()
	g, gctx := errgroup.WithContext(ctx)
	for range min(l.deleteConcurrency, len(keys)) {
		g.Go(func() error {
			// Keys of a batch mostly share their folder: each goroutine
			// keeps the last one it opened.
			var last openFolder
			defer last.close()
			for {
				i := int(next.Add(1) - 1)
				if i >= len(keys) {
					return nil
				}
				if err := gctx.Err(); err != nil {
					return fmt.Errorf("blob: delete %q: %w", keys[i], context.Cause(gctx))
				}
				folder, removed, err := last.unlink(root, keys[i])
				if err != nil {
					return fmt.Errorf("blob: delete %q: %w", keys[i], err)
				}
				if removed {
					mu.Lock()
					folders[folder] = true
					mu.Unlock()
				}
				deleted.Add(1)
			}
		})
	}
	err = g.Wait()
	return int(deleted.Load()), err
}

// openFolder is the folder a Delete goroutine opened last.
type openFolder struct {
	name string
	fd   int
	open bool
}

func (f *openFolder) close() {
	if f.open {
		_ = unix.Close(f.fd)
		f.open = false
	}
}

// unlink deletes the file of key beneath root and reports its folder and
// whether it removed a file. A missing file, or a directory (a "directory"
// of other keys is not an object), is no error; a link is.
func (f *openFolder) unlink(root int, key string) (string, bool, error) {
	folder, name := splitKey(key)
	if !f.open || f.name != folder {
		f.close()
		fd, err := openDirBeneath(root, folder, false)
		if isNotExist(err) {
			return folder, false, nil
		}
		if err != nil {
			return folder, false, err
		}
		f.name, f.fd, f.open = folder, fd, true
	}
	typ, err := typeAt(f.fd, name)
	switch {
	case err != nil:
		return folder, false, err
	case typ == typeSymlink:
		return folder, false, &fs.PathError{Op: "remove", Path: key, Err: ErrSymlink}
	case typ == typeNone || typ == typeDir:
		return folder, false, nil
	}
	err = unix.Unlinkat(f.fd, name, 0)
	switch {
	case err == nil:
		return folder, true, nil
	case isNotExist(err):
		return folder, false, nil
	}
	// Replaced by a directory since: unlinking it fails with EISDIR on
	// Linux, EPERM elsewhere.
	if typ, _ := typeAt(f.fd, name); typ == typeDir {
		return folder, false, nil
	}
	return folder, false, &fs.PathError{Op: "remove", Path: key, Err: err}
}

// pruneFrom removes the folder beneath root and its parents, stopping at
// the root or at the first one that is not empty (or is a link). Failures
// are ignored: a directory that cannot be removed is most likely in use by
// a concurrent Put.
func pruneFrom(root int, folder string) {
	for folder != "" {
		parent, name := splitKey(folder)
		dir, err := openDirBeneath(root, parent, false)
		if err != nil {
			return
		}
		err = unix.Unlinkat(dir, name, unix.AT_REMOVEDIR)
		_ = unix.Close(dir)
		if err != nil {
			return
		}
		folder = parent
	}
}

// List calls fn with every key under prefix, in pages of up to 1000 keys, in
// lexicographic order. It never calls fn with an empty page. A symbolic link
// it meets is skipped and logged, never followed.
func (l *Local) List(ctx context.Context, prefix string, fn func(keys []string) error) error {
	if err := CheckPrefix(prefix); err != nil {
		return err
	}

	// Only the directory holding the prefix's last complete element can hold
	// matching keys: "runs/ab" starts the walk in dir/runs.
	base := prefix[:strings.LastIndex(prefix, "/")+1]
	page := make([]string, 0, listPageSize)
	var fnErr error
	err := l.walkFrom(ctx, base, func(key string) error {
		if !strings.HasPrefix(key, prefix) || CheckKey(key) != nil {
			return nil // a name no call of this store could address
		}
		page = append(page, key)
		if len(page) < listPageSize {
			return nil
		}
		if fnErr = fn(page); fnErr != nil {
			return fnErr
		}
		page = make([]string, 0, listPageSize) // fn may keep the slice it got
		return nil
	})
	if fnErr != nil {
		return fnErr
	}
	if err != nil {
		return fmt.Errorf("blob: list %q: %w", prefix, err)
	}
	if len(page) > 0 {
		return fn(page)
	}
	return nil
}

// walkFrom opens the directory for keyDir (empty, or ending in a slash)
// beneath the root and walks it.
func (l *Local) walkFrom(ctx context.Context, keyDir string, visit func(key string) error) error {
	root, err := openRoot(l.dir, false)
	if isNotExist(err) {
		return nil
	}
	if err != nil {
		return err
	}
	defer unix.Close(root)
	dir, err := openDirBeneath(root, strings.TrimSuffix(keyDir, "/"), false)
	switch {
	case isNotExist(err):
		return nil // nothing under this prefix, or pruned while we listed
	case errors.Is(err, ErrSymlink):
		l.skipLink(ctx, err)
		return nil
	case err != nil:
		return err
	}
	return l.walk(ctx, dir, keyDir, visit)
}

// walk calls visit with every key under dir, the open directory for keyDir,
// in lexicographic key order, and closes dir.
//
// Sorting by name is not enough: it puts "a/b" (from directory "a") before
// "a-c", while as keys "a-c" < "a/b". Sorting directories as "name/" gives
// the order S3 lists in.
func (l *Local) walk(ctx context.Context, dir int, keyDir string, visit func(key string) error) error {
	// The path only serves ReadDir's lstat on file systems that do not
	// report types; it lists dir's descriptor.
	f := os.NewFile(uintptr(dir), filepath.Join(l.dir, filepath.FromSlash(keyDir)))
	defer f.Close()
	if err := ctx.Err(); err != nil {
		return err
	}
	entries, err := f.ReadDir(-1)
	if isNotExist(err) {
		return nil // pruned while we listed
	}
	if err != nil {
		return err
	}

	names := make([]string, 0, len(entries))
	for _, entry := range entries {
		switch {
		case strings.HasPrefix(entry.Name(), ReservedPrefix):
		case entry.IsDir():
			names = append(names, entry.Name()+"/")
		case entry.Type().IsRegular():
			names = append(names, entry.Name())
		case entry.Type()&fs.ModeSymlink != 0:
			l.skipLink(ctx, &fs.PathError{Op: "list", Path: keyDir + entry.Name(), Err: ErrSymlink})
		}
	}
	slices.SortFunc(names, cmp.Compare)

	for _, name := range names {
		if sub, ok := strings.CutSuffix(name, "/"); ok {
			child, err := openChildDir(dir, sub, false)
			switch {
			case isNotExist(err):
				continue
			case errors.Is(err, ErrSymlink): // replaced since ReadDir
				l.skipLink(ctx, &fs.PathError{Op: "list", Path: keyDir + sub, Err: err})
				continue
			case err != nil:
				return &fs.PathError{Op: "open", Path: keyDir + sub, Err: err}
			}
			err = l.walk(ctx, child, keyDir+name, visit)
		} else {
			err = visit(keyDir + name)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// skipLink reports a symbolic link List did not follow.
func (l *Local) skipLink(ctx context.Context, err error) {
	l.logger.WarnContext(ctx, "Symbolic link in the local blob store skipped",
		slog.String("store", l.Name()), slog.String("error", err.Error()))
}

// DeletePrefix removes every object under prefix, pruning the directories it
// empties, and returns how many objects it deleted.
func (l *Local) DeletePrefix(ctx context.Context, prefix string) (int, error) {
	return deletePrefix(ctx, l, prefix)
}

// splitKey splits a checked key (or folder) into its folder, "" at the
// root, and its last element.
func splitKey(key string) (folder, name string) {
	i := strings.LastIndexByte(key, '/')
	if i < 0 {
		return "", key
	}
	return key[:i], key[i+1:]
}

// isNotExist reports whether err means there is no file at a path, including
// when a parent is a regular file ("runs/1" exists and "runs/1/x" is asked).
func isNotExist(err error) bool {
	return errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR)
}
