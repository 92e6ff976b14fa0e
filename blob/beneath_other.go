//go:build unix && !linux

package blob

import "golang.org/x/sys/unix"

// openat2Beneath is Linux's; elsewhere the walk opens one element at a time.
func openat2Beneath(int, string) (int, error) { return -1, unix.ENOSYS }
