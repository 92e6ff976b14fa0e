package blob

import (
	"errors"

	"golang.org/x/sys/unix"
)

// openat2Beneath opens the directory rel beneath root in one call, refusing
// any symbolic link and any path out of root. An error other than ENOENT or
// ENOTDIR (ENOSYS before Linux 5.6, EPERM under some sandboxes, ELOOP for a
// link) sends the caller to the element-by-element walk, which names the
// link.
func openat2Beneath(root int, rel string) (int, error) {
	how := unix.OpenHow{
		Flags:   dirFlags,
		Resolve: unix.RESOLVE_BENEATH | unix.RESOLVE_NO_SYMLINKS,
	}
	for range 3 {
		fd, err := unix.Openat2(root, rel, &how)
		// EAGAIN: a concurrent rename somewhere in the tree; try again.
		if !errors.Is(err, unix.EAGAIN) && !errors.Is(err, unix.EINTR) {
			return fd, err
		}
	}
	return -1, unix.EAGAIN
}
