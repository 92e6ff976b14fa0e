package testenv

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"github.com/lethehq/lethe/blob"
	"github.com/lethehq/lethe/internal/versitygw"
)

// Environment variables that point the tests at an existing S3-compatible
// server instead of a private versitygw.
const (
	envS3Endpoint  = "LETHE_TEST_S3_ENDPOINT"
	envS3AccessKey = "LETHE_TEST_S3_ACCESS_KEY"
	envS3SecretKey = "LETHE_TEST_S3_SECRET_KEY"
)

const (
	versitygwModule = "github.com/versity/versitygw/cmd/versitygw@v1.8.0"

	// versitygwDirPrefix names the server's data directory in the system's
	// temporary directory; the test binary's pid follows.
	versitygwDirPrefix = "lethe-versitygw-"
)

// s3Server is where the test process's S3 server listens.
type s3Server struct {
	endpoint  string
	accessKey string
	secretKey string
	root      string // the posix backend's directory; empty for an external server
}

// sharedS3Server starts (once per test binary) the server every S3 call uses.
var sharedS3Server = sync.OnceValues(startS3Server)

// S3 returns options for a fresh, empty bucket that is used by this test only
// and removed, with its objects, when the test ends.
//
// The bucket lives on a versitygw server shared by the whole test process,
// started on first use on a loopback port with the posix backend in a
// temporary directory; it dies with the test binary. When LETHE_TEST_S3_ENDPOINT
// is set (with LETHE_TEST_S3_ACCESS_KEY and LETHE_TEST_S3_SECRET_KEY), that
// server is used instead. Without a versitygw binary (LETHE_VERSITYGW,
// <repo>/bin/versitygw or PATH) one is installed into <repo>/bin with
// go install.
func S3(t testing.TB) blob.S3Options {
	t.Helper()

	server, err := sharedS3Server()
	if err != nil {
		t.Fatalf("testenv: s3 server: %v", err)
	}
	opts := blob.S3Options{
		Endpoint:        server.endpoint,
		Region:          "us-east-1",
		Bucket:          "lethe-test-" + randomHex(8),
		PathStyle:       true,
		AccessKeyID:     server.accessKey,
		SecretAccessKey: server.secretKey,
	}

	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	createOpts := opts
	createOpts.CreateBucket = true
	store, err := blob.NewS3(ctx, createOpts)
	if err != nil {
		t.Fatalf("testenv: %v", err)
	}
	t.Cleanup(func() {
		// The test's context is already cancelled when cleanups run.
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		if err := removeBucket(ctx, store); err != nil {
			t.Errorf("testenv: remove test bucket: %v", err)
		}
	})
	return opts
}

// S3Root returns the directory the test process's versitygw keeps its
// buckets in (one subdirectory each), so a test can check the filesystem
// around a bucket. It skips the test when an external server is in use.
func S3Root(t testing.TB) string {
	t.Helper()

	server, err := sharedS3Server()
	if err != nil {
		t.Fatalf("testenv: s3 server: %v", err)
	}
	if server.root == "" {
		t.Skipf("testenv: the S3 server at %s is external; its filesystem is not visible", server.endpoint)
	}
	return server.root
}

// S3Store returns a store over a fresh bucket from S3.
func S3Store(t testing.TB) *blob.S3 {
	t.Helper()

	store, err := blob.NewS3(context.Background(), S3(t))
	if err != nil {
		t.Fatalf("testenv: %v", err)
	}
	return store
}

func removeBucket(ctx context.Context, store *blob.S3) error {
	if _, err := store.DeletePrefix(ctx, ""); err != nil {
		return fmt.Errorf("empty %s: %w", store.Name(), err)
	}
	_, err := store.Client().DeleteBucket(ctx, &s3.DeleteBucketInput{Bucket: aws.String(store.Bucket())})
	if err != nil {
		return fmt.Errorf("delete %s: %w", store.Name(), err)
	}
	return nil
}

func startS3Server() (s3Server, error) {
	if endpoint := os.Getenv(envS3Endpoint); endpoint != "" {
		return s3Server{
			endpoint:  endpoint,
			accessKey: os.Getenv(envS3AccessKey),
			secretKey: os.Getenv(envS3SecretKey),
		}, nil
	}

	bin, err := versitygwBinary()
	if err != nil {
		return s3Server{}, err
	}
	removeStaleDirs()
	dir := filepath.Join(os.TempDir(), versitygwDirPrefix+strconv.Itoa(os.Getpid()))
	root := filepath.Join(dir, "root")
	if err := os.RemoveAll(dir); err != nil {
		return s3Server{}, fmt.Errorf("create versitygw dir: %w", err)
	}
	if err := os.MkdirAll(root, 0o755); err != nil {
		return s3Server{}, fmt.Errorf("create versitygw dir: %w", err)
	}

	// Nobody stops the server: it dies with the test binary.
	srv, err := versitygw.Start(bin, root, filepath.Join(dir, "versitygw.log"))
	if err != nil {
		return s3Server{}, err
	}
	return s3Server{
		endpoint:  srv.Endpoint,
		accessKey: versitygw.AccessKey,
		secretKey: versitygw.SecretKey,
		root:      root,
	}, nil
}

// removeStaleDirs removes the data directories of versitygw servers whose
// test binaries have exited. Nobody stops the server, so nobody removes its
// directory on the way out either.
func removeStaleDirs() {
	dirs, _ := filepath.Glob(filepath.Join(os.TempDir(), versitygwDirPrefix+"*"))
	for _, dir := range dirs {
		pid, err := strconv.Atoi(strings.TrimPrefix(filepath.Base(dir), versitygwDirPrefix))
		if err != nil || pid == os.Getpid() {
			continue
		}
		if err := syscall.Kill(pid, 0); errors.Is(err, syscall.ESRCH) {
			_ = os.RemoveAll(dir)
		}
	}
}

// versitygwBinary finds versitygw, installing it into <repo>/bin when it is
// nowhere to be found.
func versitygwBinary() (string, error) {
	root, err := repoRoot()
	if err != nil {
		return "", err
	}
	if bin, ok := versitygw.Find(filepath.Join(root, "bin")); ok {
		return bin, nil
	}
	if err := installVersitygw(root); err != nil {
		return "", err
	}
	return filepath.Join(root, "bin", "versitygw"), nil
}

// installVersitygw runs go install into <repo>/bin under a file lock, so
// packages tested in parallel install it once.
func installVersitygw(root string) error {
	binDir := filepath.Join(root, "bin")
	if err := os.MkdirAll(binDir, 0o755); err != nil {
		return fmt.Errorf("install versitygw: %w", err)
	}
	lock, err := os.OpenFile(filepath.Join(binDir, ".versitygw-install.lock"), os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return fmt.Errorf("install versitygw: %w", err)
	}
	defer lock.Close() // closing releases the lock
	if err := syscall.Flock(int(lock.Fd()), syscall.LOCK_EX); err != nil {
		return fmt.Errorf("install versitygw: lock: %w", err)
	}
	if isFile(filepath.Join(binDir, "versitygw")) {
		return nil // installed while we waited for the lock
	}

	cmd := exec.Command("go", "install", versitygwModule)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOBIN="+binDir)
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go install %s: %w\n%s", versitygwModule, err, out)
	}
	return nil
}

// repoRoot is the nearest directory at or above the working directory that
// holds a go.mod.
func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", fmt.Errorf("find repo root: %w", err)
	}
	for {
		if isFile(filepath.Join(dir, "go.mod")) {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("find repo root: no go.mod above the working directory")
		}
		dir = parent
	}
}

func isFile(path string) bool {
	info, err := os.Stat(path)
	return err == nil && info.Mode().IsRegular()
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b) // never fails, per crypto/rand
	return hex.EncodeToString(b)
}
