package service_test

import (
	"context"
	"log/slog"
	"net"
	"os"
	"testing"
	"time"

	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/internal/service"
	"github.com/lethehq/lethe/internal/service/servicetest"
	"github.com/lethehq/lethe/internal/testenv"
)

// TestFleetRegistration: a serving Lethe registers itself in
// lethe_processes with its host, pid, version and max_workers, keeps its
// heartbeat moving, records minute samples and removes its row when it
// stops cleanly.
func TestFleetRegistration(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	cfg := servicetest.DefaultConfig(t)
	svc, err := service.Open(ctx, cfg, slog.New(slog.DiscardHandler), service.OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer svc.Close(context.Background())
	svc.Version = "v9.9.9 commit 0123abcd4567"
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	serveCtx, stop := context.WithCancel(ctx)
	served := make(chan error, 1)
	go func() { served <- svc.Serve(serveCtx, ln) }()

	var first time.Time
	testenv.WaitUntil(t, 30*time.Second, "the process to register", func() (bool, error) {
		list, err := db.ListProcesses(ctx, svc.Pool, cfg.River.Schema)
		if err != nil || len(list) == 0 {
			return false, err
		}
		p := list[0]
		host, _ := os.Hostname()
		if p.ClientID != svc.River.ID() || p.PID != os.Getpid() || p.Host != host || p.Version != "v9.9.9 commit 0123abcd4567" || p.MaxWorkers != cfg.River.MaxWorkers {
			t.Fatalf("registered %+v, want this process's client ID, pid, host, version and max_workers", p)
		}
		first = p.HeartbeatAt
		return true, nil
	})
	testenv.WaitUntil(t, 30*time.Second, "a heartbeat and a minute sample", func() (bool, error) {
		list, err := db.ListProcesses(ctx, svc.Pool, cfg.River.Schema)
		if err != nil || len(list) == 0 {
			return false, err
		}
		var samples int
		if err := svc.Pool.QueryRow(ctx, `SELECT count(*) FROM lethe_minute_samples WHERE client_id = $1`, svc.River.ID()).Scan(&samples); err != nil {
			return false, err
		}
		return list[0].HeartbeatAt.After(first) && samples > 0, nil
	})

	stop()
	if err := <-served; err != nil {
		t.Fatalf("serve: %v", err)
	}
	var left int
	if err := svc.Pool.QueryRow(ctx, `SELECT count(*) FROM lethe_processes`).Scan(&left); err != nil || left != 0 {
		t.Errorf("%d process rows left after a clean stop (%v), want none", left, err)
	}
}
