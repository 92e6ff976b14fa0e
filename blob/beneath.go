package blob

import (
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// ErrSymlink is wrapped by the error of a local store's call whose key's
// path meets a symbolic link, as one of its folders or as the object
// itself. The local store never follows one, even to a file inside its
// directory: a link would give one object two keys, or a key an object
// outside the store.
var ErrSymlink = errors.New("symbolic link refused")

// The local store reaches every file from a descriptor of its directory,
// one element at a time, never following a symbolic link: a key is always
// beneath the root, whatever links others plant in it. On Linux 5.6 and
// later one openat2 call (RESOLVE_BENEATH|RESOLVE_NO_SYMLINKS) opens a
// directory; elsewhere, or when it fails, each element is opened with
// O_NOFOLLOW from the one before.

const dirFlags = unix.O_RDONLY | unix.O_DIRECTORY | unix.O_CLOEXEC

// openat is unix.Openat, again when a signal interrupts it (some file
// systems, FUSE or CIFS, do not restart the call).
func openat(dir int, name string, flags int, mode uint32) (int, error) {
	for {
		fd, err := unix.Openat(dir, name, flags, mode)
		if !errors.Is(err, unix.EINTR) {
			return fd, err
		}
	}
}

// openRoot opens dir, the store's directory, creating it first when create
// is set. The root itself may be a link: it is the operator's choice.
func openRoot(dir string, create bool) (int, error) {
	fd, err := openat(unix.AT_FDCWD, dir, dirFlags, 0)
	if create && errors.Is(err, unix.ENOENT) {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return -1, err
		}
		fd, err = openat(unix.AT_FDCWD, dir, dirFlags, 0)
	}
	if err != nil {
		return -1, &fs.PathError{Op: "open", Path: dir, Err: err}
	}
	return fd, nil
}

// openDirBeneath opens the directory rel (a checked key's folders, "" for
// the root) beneath root, creating missing directories when create is set.
// A link on the way fails with ErrSymlink, a missing directory or a file
// where a directory should be with an error isNotExist knows.
func openDirBeneath(root int, rel string, create bool) (int, error) {
	if rel == "" {
		fd, err := openat(root, ".", dirFlags, 0)
		if err != nil {
			return -1, &fs.PathError{Op: "open", Path: ".", Err: err}
		}
		return fd, nil
	}
	fd, err := openat2Beneath(root, rel)
	switch {
	case err == nil:
		return fd, nil
	case !create && (errors.Is(err, unix.ENOENT) || errors.Is(err, unix.ENOTDIR)):
		return -1, &fs.PathError{Op: "open", Path: rel, Err: err}
	}
	// A directory to create, a link to name, or no openat2: one element
	// at a time.
	return walkBeneath(root, rel, create)
}

// walkBeneath is openDirBeneath one element at a time.
func walkBeneath(root int, rel string, create bool) (int, error) {
	fd, err := openat(root, ".", dirFlags, 0)
	if err != nil {
		return -1, &fs.PathError{Op: "open", Path: ".", Err: err}
	}
	opened := 0 // bytes of rel opened so far
	for name := range strings.SplitSeq(rel, "/") {
		child, err := openChildDir(fd, name, create)
		_ = unix.Close(fd)
		opened += len(name)
		if err != nil {
			return -1, &fs.PathError{Op: "open", Path: rel[:opened], Err: err}
		}
		fd = child
		opened++ // the slash
	}
	return fd, nil
}

// openChildDir opens the directory name in parent without following a
// link, creating it when create is set and it is missing.
func openChildDir(parent int, name string, create bool) (int, error) {
	for range 3 {
		fd, err := openat(parent, name, dirFlags|unix.O_NOFOLLOW, 0)
		switch {
		case err == nil:
			return fd, nil
		case create && errors.Is(err, unix.ENOENT):
			if err := unix.Mkdirat(parent, name, 0o755); err != nil && !errors.Is(err, unix.EEXIST) {
				return -1, err
			}
			continue // opened on the next turn, whoever made it
		case isSymlinkAt(parent, name):
			return -1, ErrSymlink
		}
		return -1, err
	}
	return -1, unix.ENOENT // removed as soon as made, three times
}

// isSymlinkAt reports whether name in dir is a symbolic link.
func isSymlinkAt(dir int, name string) bool {
	var st unix.Stat_t
	return unix.Fstatat(dir, name, &st, unix.AT_SYMLINK_NOFOLLOW) == nil && st.Mode&unix.S_IFMT == unix.S_IFLNK
}

// fileType is what a name in a directory is, without following a link.
type fileType int

const (
	typeNone fileType = iota
	typeRegular
	typeDir
	typeSymlink
	typeOther
)

// typeAt returns what name in dir is; typeNone when it does not exist.
func typeAt(dir int, name string) (fileType, error) {
	var st unix.Stat_t
	err := unix.Fstatat(dir, name, &st, unix.AT_SYMLINK_NOFOLLOW)
	if isNotExist(err) {
		return typeNone, nil
	}
	if err != nil {
		return typeNone, &fs.PathError{Op: "stat", Path: name, Err: err}
	}
	switch st.Mode & unix.S_IFMT {
	case unix.S_IFREG:
		return typeRegular, nil
	case unix.S_IFDIR:
		return typeDir, nil
	case unix.S_IFLNK:
		return typeSymlink, nil
	}
	return typeOther, nil
}

// errNotObject is a name that exists but is no regular file: a directory
// (of other keys), a device, a pipe.
var errNotObject = errors.New("not a regular file")

// openFileAt opens the regular file name in dir for reading without
// following a link. O_NONBLOCK keeps a planted pipe from blocking the open;
// it changes nothing for a regular file.
func openFileAt(dir int, name string) (*os.File, error) {
	fd, err := openat(dir, name, unix.O_RDONLY|unix.O_NOFOLLOW|unix.O_NONBLOCK|unix.O_CLOEXEC, 0)
	if err != nil {
		if isSymlinkAt(dir, name) {
			err = ErrSymlink
		}
		return nil, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil {
		_ = unix.Close(fd)
		return nil, &fs.PathError{Op: "stat", Path: name, Err: err}
	}
	if st.Mode&unix.S_IFMT != unix.S_IFREG {
		_ = unix.Close(fd)
		return nil, &fs.PathError{Op: "open", Path: name, Err: errNotObject}
	}
	return os.NewFile(uintptr(fd), name), nil
}

// createTempAt creates a new temporary file in dir, named ReservedPrefix
// and a random suffix, and returns it with its name.
func createTempAt(dir int) (*os.File, string, error) {
	for range 100 {
		name := ReservedPrefix + strconv.FormatUint(rand.Uint64(), 36)
		fd, err := openat(dir, name, unix.O_WRONLY|unix.O_CREAT|unix.O_EXCL|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0o600)
		if errors.Is(err, unix.EEXIST) {
			continue
		}
		if err != nil {
			return nil, "", &fs.PathError{Op: "create", Path: name, Err: err}
		}
		return os.NewFile(uintptr(fd), name), name, nil
	}
	return nil, "", fmt.Errorf("create a temporary file: %w", fs.ErrExist)
}
