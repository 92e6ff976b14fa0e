// Package versitygw runs a private versitygw S3 server (posix backend,
// loopback port) for the tests and the benchmarks.
package versitygw

import (
	"bytes"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"syscall"
	"time"
)

// EnvBinary names the versitygw binary to run, overriding the search in a
// bin directory and PATH.
const EnvBinary = "LETHE_VERSITYGW"

// Root credentials of a private server; it only listens on loopback.
const (
	AccessKey = "lethe"
	SecretKey = "lethe-secret"
)

// Find returns the versitygw binary: $LETHE_VERSITYGW, else
// <binDir>/versitygw, else versitygw in PATH.
func Find(binDir string) (string, bool) {
	if bin := os.Getenv(EnvBinary); bin != "" {
		return bin, true
	}
	local := filepath.Join(binDir, "versitygw")
	if info, err := os.Stat(local); err == nil && info.Mode().IsRegular() {
		return local, true
	}
	if bin, err := exec.LookPath("versitygw"); err == nil {
		return bin, true
	}
	return "", false
}

// Server is a running versitygw.
type Server struct {
	// Endpoint is the server's URL, http://127.0.0.1:<port>.
	Endpoint string

	cmd    *exec.Cmd
	exited chan error
}

// Start runs bin with the posix backend on the directory root, on a free
// loopback port, writing its output to logPath, and waits until it accepts
// connections. The server is killed when this process dies, however it
// ends.
func Start(bin, root, logPath string) (*Server, error) {
	// The free port can be taken by someone else before versitygw binds it;
	// another port fixes that.
	for attempt := 1; ; attempt++ {
		srv, err := start(bin, root, logPath)
		if err == nil || attempt == 3 {
			return srv, err
		}
	}
}

func start(bin, root, logPath string) (*Server, error) {
	addr, err := freeLoopbackAddr()
	if err != nil {
		return nil, err
	}
	logFile, err := os.Create(logPath)
	if err != nil {
		return nil, fmt.Errorf("create versitygw log: %w", err)
	}
	cmd := exec.Command(bin,
		"--access", AccessKey,
		"--secret", SecretKey,
		"--port", addr,
		"--quiet",
		"posix", root)
	cmd.Stdout = logFile
	cmd.Stderr = logFile
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}

	// Pdeathsig fires when the thread that started the child exits, not the
	// process, so start it from a locked thread that lives as long as the
	// child does.
	started := make(chan error, 1)
	exited := make(chan error, 1)
	go func() {
		runtime.LockOSThread()
		if err := cmd.Start(); err != nil {
			started <- err
			return
		}
		started <- nil
		exited <- cmd.Wait()
		logFile.Close()
	}()
	if err := <-started; err != nil {
		logFile.Close()
		return nil, fmt.Errorf("start %s: %w", bin, err)
	}

	deadline := time.After(30 * time.Second)
	for {
		conn, err := net.DialTimeout("tcp", addr, time.Second)
		if err == nil {
			conn.Close()
			return &Server{Endpoint: "http://" + addr, cmd: cmd, exited: exited}, nil
		}
		select {
		case err := <-exited:
			return nil, fmt.Errorf("versitygw on %s exited (%v): %s", addr, err, readLog(logPath))
		case <-deadline:
			_ = cmd.Process.Kill()
			<-exited
			return nil, fmt.Errorf("versitygw on %s: no answer after 30s: %s", addr, readLog(logPath))
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// Stop kills the server and waits for it to exit.
func (s *Server) Stop() {
	_ = s.cmd.Process.Kill()
	<-s.exited
}

func readLog(path string) string {
	data, err := os.ReadFile(path)
	if err != nil {
		return err.Error()
	}
	data = bytes.TrimSpace(data)
	if len(data) > 4096 {
		data = data[len(data)-4096:]
	}
	return string(data)
}

func freeLoopbackAddr() (string, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", fmt.Errorf("find free port: %w", err)
	}
	defer l.Close()
	return l.Addr().String(), nil
}
