package bench

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"time"

	"github.com/lethehq/lethe/blob"
)

// expireStartVersitygw starts a private versitygw (posix backend in a
// temporary directory, loopback port) and returns a store over a fresh
// bucket on it, and a function that stops the server and removes its data.
// bin defaults to $LETHE_VERSITYGW, then ./bin/versitygw, then PATH.
func expireStartVersitygw(ctx context.Context, bin string) (*blob.S3, func(), error) {
	if bin == "" {
		bin = os.Getenv("LETHE_VERSITYGW")
	}
	if bin == "" {
		if _, err := os.Stat("bin/versitygw"); err == nil {
			bin = "bin/versitygw"
		} else if found, err := exec.LookPath("versitygw"); err == nil {
			bin = found
		} else {
			return nil, nil, errors.New("versitygw not found: set LETHE_VERSITYGW, run `go tool task tools:versitygw`, or pass --no-s3")
		}
	}
	dir, err := os.MkdirTemp("", "lethe-bench-versitygw-")
	if err != nil {
		return nil, nil, err
	}
	root := filepath.Join(dir, "root")
	if err := os.MkdirAll(root, 0o755); err != nil {
		return nil, nil, err
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, nil, err
	}
	addr := l.Addr().String()
	l.Close()

	const access, secret = "lethe-bench", "lethe-bench-secret"
	cmd := exec.Command(bin, "--access", access, "--secret", secret, "--port", addr, "--quiet", "posix", root)
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		os.RemoveAll(dir)
		return nil, nil, fmt.Errorf("start %s: %w", bin, err)
	}
	stop := func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		os.RemoveAll(dir)
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		conn, err := net.DialTimeout("tcp", addr, time.Second)
		if err == nil {
			conn.Close()
			break
		}
		if time.Now().After(deadline) {
			stop()
			return nil, nil, fmt.Errorf("versitygw on %s: no answer after 30s", addr)
		}
		time.Sleep(50 * time.Millisecond)
	}
	store, err := blob.NewS3(ctx, blob.S3Options{
		Endpoint: "http://" + addr, Region: "us-east-1", Bucket: "lethe-bench", PathStyle: true,
		AccessKeyID: access, SecretAccessKey: secret, CreateBucket: true,
	})
	if err != nil {
		stop()
		return nil, nil, err
	}
	return store, stop, nil
}
