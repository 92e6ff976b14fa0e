package blob

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/sys/unix"
)

// TestBeneathWalk: the element-by-element walk, all a kernel without
// openat2 has, refuses what openat2 refuses.
func TestBeneathWalk(t *testing.T) {
	t.Parallel()

	tmp := t.TempDir()
	dir := filepath.Join(tmp, "blobs")
	for _, d := range []string{"blobs/runs/real", "outside/run"} {
		if err := os.MkdirAll(filepath.Join(tmp, filepath.FromSlash(d)), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "runs", "file"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(tmp, "outside", "run"), filepath.Join(dir, "runs", "abc")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("real", filepath.Join(dir, "runs", "inner")); err != nil {
		t.Fatal(err)
	}
	root, err := openRoot(dir, false)
	if err != nil {
		t.Fatal(err)
	}
	defer unix.Close(root)

	for _, create := range []bool{false, true} {
		for _, open := range []struct {
			name string
			fn   func(root int, rel string, create bool) (int, error)
		}{{"walk", walkBeneath}, {"openDirBeneath", openDirBeneath}} {
			for _, rel := range []string{"runs/abc", "runs/abc/sub", "runs/inner", "runs/inner/x"} {
				fd, err := open.fn(root, rel, create)
				if err == nil {
					_ = unix.Close(fd)
				}
				if !errors.Is(err, ErrSymlink) {
					t.Errorf("%s(%q, create %v) = %v, want ErrSymlink", open.name, rel, create, err)
				}
			}
			fd, err := open.fn(root, "runs/file/x", create)
			if err == nil {
				_ = unix.Close(fd)
			}
			if !isNotExist(err) {
				t.Errorf("%s under a file = %v, want ENOTDIR", open.name, err)
			}
			fd, err = open.fn(root, "runs/real", create)
			if err != nil {
				t.Errorf("%s(runs/real) = %v", open.name, err)
			} else {
				_ = unix.Close(fd)
			}
		}
	}
	if _, err := os.Lstat(filepath.Join(tmp, "outside", "run", "sub")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a folder was made outside the store: %v", err)
	}
	fd, err := walkBeneath(root, "new/deep", true)
	if err != nil {
		t.Fatalf("walk creating new/deep: %v", err)
	}
	_ = unix.Close(fd)
	if info, err := os.Lstat(filepath.Join(dir, "new", "deep")); err != nil || !info.IsDir() {
		t.Errorf("new/deep not made: %v", err)
	}
}
