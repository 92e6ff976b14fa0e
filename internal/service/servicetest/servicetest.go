// Package servicetest runs a whole Lethe service (River workers and HTTP) in
// a test.
package servicetest

import (
	"context"
	"log/slog"
	"net"
	"testing"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/internal/service"
)

// Serve opens the service cfg describes, logging nowhere, and serves it on a
// loopback port until the test ends; then it shuts the service down, failing
// the test when serving failed, and closes it. It returns the service and
// its base URL (http://127.0.0.1:port).
func Serve(t testing.TB, cfg *config.Config) (*service.Service, string) {
	t.Helper()
	svc, err := service.Open(context.Background(), cfg, slog.New(slog.DiscardHandler), service.OpenOptions{})
	if err != nil {
		t.Fatalf("open service: %v", err)
	}
	t.Cleanup(func() { svc.Close(context.Background()) })
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- svc.Serve(ctx, ln) }()
	t.Cleanup(func() {
		stop()
		if err := <-served; err != nil {
			t.Errorf("serve: %v", err)
		}
	})
	return svc, "http://" + ln.Addr().String()
}
