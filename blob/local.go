package blob

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"

	"golang.org/x/sync/errgroup"
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
type Local struct {
	dir               string
	deleteConcurrency int
}

var _ Store = (*Local)(nil)

// NewLocal returns a Local store rooted at dir, creating the directory if it
// does not exist.
func NewLocal(dir string) (*Local, error) {
	if dir == "" {
		return nil, errors.New("blob: local dir is required")
	}
	dir = filepath.Clean(dir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("blob: create local dir: %w", err)
	}
	return &Local{dir: dir, deleteConcurrency: DefaultDeleteConcurrency}, nil
}

// SetDeleteConcurrency sets how many files Delete removes at once (at least
// 1; DefaultDeleteConcurrency unless set). Call it before the store is used.
func (l *Local) SetDeleteConcurrency(n int) { l.deleteConcurrency = max(n, 1) }

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
	path, err := l.path(key)
	if err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("blob: put %q: %w", key, err)
	}

	// A concurrent delete may prune the parent directory between MkdirAll and
	// CreateTemp; once the temp file exists the directory is no longer empty
	// and stays put, so a few attempts are enough.
	var tmp *os.File
	for range 3 {
		if err = os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return fmt.Errorf("blob: put %q: %w", key, err)
		}
		tmp, err = os.CreateTemp(filepath.Dir(path), ReservedPrefix+"*")
		if !errors.Is(err, fs.ErrNotExist) {
			break
		}
	}
	if err != nil {
		return fmt.Errorf("blob: put %q: %w", key, err)
	}

	if err := writeAndRename(tmp, path, data); err != nil {
		_ = os.Remove(tmp.Name())
		return fmt.Errorf("blob: put %q: %w", key, err)
	}
	return nil
}

func writeAndRename(tmp *os.File, path string, data []byte) error {
	_, err := tmp.Write(data)
	if err == nil {
		err = tmp.Chmod(0o644) // CreateTemp uses 0600; objects are plain files
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
	return os.Rename(tmp.Name(), path)
}

// Get reads the object under key, returning an error wrapping ErrNotFound when
// there is none.
func (l *Local) Get(ctx context.Context, key string) ([]byte, error) {
	path, err := l.path(key)
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("blob: get %q: %w", key, err)
	}
	data, err := os.ReadFile(path)
	if isNotExist(err) || errors.Is(err, syscall.EISDIR) {
		return nil, fmt.Errorf("blob: get %q: %w", key, ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("blob: get %q: %w", key, err)
	}
	return data, nil
}

// Exists reports whether an object exists under key.
func (l *Local) Exists(ctx context.Context, key string) (bool, error) {
	path, err := l.path(key)
	if err != nil {
		return false, err
	}
	if err := ctx.Err(); err != nil {
		return false, fmt.Errorf("blob: exists %q: %w", key, err)
	}
	info, err := os.Stat(path)
	if isNotExist(err) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("blob: exists %q: %w", key, err)
	}
	return info.Mode().IsRegular(), nil
}

// Delete removes keys and prunes directories they leave empty. A key that
// does not exist counts as deleted. Keys are checked before anything is
// removed, so an invalid key fails the call without deleting anything.
func (l *Local) Delete(ctx context.Context, keys []string) (int, error) {
	paths := make([]string, len(keys))
	for i, key := range keys {
		path, err := l.path(key)
		if err != nil {
			return 0, err
		}
		paths[i] = path
	}

	// Each removal waits on the filesystem (lookup, unlink, directory
	// update), so a few run at once, each goroutine taking the next key.
	// The directories are pruned once each at the end, not after every
	// file: an attempt to remove a directory that is not empty yet costs
	// as much as the unlink, and contends for the same directory locks.
	var (
		next, deleted atomic.Int64
		mu            sync.Mutex
		dirs          = map[string]bool{}
	)
	defer func() {
		for _, dir := range slices.SortedFunc(maps.Keys(dirs), func(a, b string) int { return cmp.Compare(len(b), len(a)) }) {
			l.pruneFrom(dir) // deepest first
		}
	}()
	g, gctx := errgroup.WithContext(ctx)
	for range min(l.deleteConcurrency, len(paths)) {
		g.Go(func() error {
			for {
				i := int(next.Add(1) - 1)
				if i >= len(paths) {
					return nil
				}
				if err := gctx.Err(); err != nil {
					return fmt.Errorf("blob: delete %q: %w", keys[i], context.Cause(gctx))
				}
				removed, err := l.unlink(paths[i])
				if err != nil {
					return fmt.Errorf("blob: delete %q: %w", keys[i], err)
				}
				if removed {
					mu.Lock()
					dirs[filepath.Dir(paths[i])] = true
					mu.Unlock()
				}
				deleted.Add(1)
			}
		})
	}
	err := g.Wait()
	return int(deleted.Load()), err
}

// unlink deletes the file at path, in one system call when it is a file,
// and reports whether it removed one. A missing file, or a directory (a
// "directory" of other keys is not an object), is no error.
func (l *Local) unlink(path string) (bool, error) {
	err := syscall.Unlink(path)
	switch {
	case err == nil:
		return true, nil
	case isNotExist(err):
		return false, nil
	}
	// Unlinking a directory fails with EISDIR on Linux, EPERM elsewhere.
	if info, statErr := os.Lstat(path); statErr == nil && info.IsDir() {
		return false, nil
	}
	return false, &fs.PathError{Op: "remove", Path: path, Err: err}
}

// pruneFrom removes dir and its parents, stopping at the store's root or at
// the first directory that is not empty. Failures are ignored: a directory
// that cannot be removed is most likely in use by a concurrent Put.
func (l *Local) pruneFrom(dir string) {
	for dir != l.dir && strings.HasPrefix(dir, l.dir+string(filepath.Separator)) {
		if err := os.Remove(dir); err != nil {
			return
		}
		dir = filepath.Dir(dir)
	}
}

// List calls fn with every key under prefix, in pages of up to 1000 keys, in
// lexicographic order. It never calls fn with an empty page.
func (l *Local) List(ctx context.Context, prefix string, fn func(keys []string) error) error {
	if err := CheckPrefix(prefix); err != nil {
		return err
	}

	// Only the directory holding the prefix's last complete element can hold
	// matching keys: "runs/ab" starts the walk in dir/runs.
	base := prefix[:strings.LastIndex(prefix, "/")+1]
	page := make([]string, 0, listPageSize)
	var fnErr error
	err := l.walk(ctx, base, func(key string) error {
		if !strings.HasPrefix(key, prefix) {
			return nil
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

// walk calls visit with every key under the directory for keyDir (empty, or
// ending in a slash) in lexicographic key order.
//
// filepath.WalkDir is not enough: it sorts by name, which puts "a/b" (from
// directory "a") before "a-c", while as keys "a-c" < "a/b". Sorting
// directories as "name/" gives the order S3 lists in.
func (l *Local) walk(ctx context.Context, keyDir string, visit func(key string) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	entries, err := os.ReadDir(filepath.Join(l.dir, filepath.FromSlash(keyDir)))
	if isNotExist(err) {
		return nil // nothing under this prefix, or pruned while we listed
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
		}
	}
	slices.SortFunc(names, cmp.Compare)

	for _, name := range names {
		if strings.HasSuffix(name, "/") {
			err = l.walk(ctx, keyDir+name, visit)
		} else {
			err = visit(keyDir + name)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// DeletePrefix removes every object under prefix, pruning the directories it
// empties, and returns how many objects it deleted.
func (l *Local) DeletePrefix(ctx context.Context, prefix string) (int, error) {
	return deletePrefix(ctx, l, prefix)
}

// path maps key to its file under the store's directory, rejecting keys that
// could escape it or that do not name a file.
func (l *Local) path(key string) (string, error) {
	if err := CheckKey(key); err != nil {
		return "", err
	}
	return filepath.Join(l.dir, filepath.FromSlash(key)), nil
}

// isNotExist reports whether err means there is no file at a path, including
// when a parent is a regular file ("runs/1" exists and "runs/1/x" is asked).
func isNotExist(err error) bool {
	return errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR)
}
