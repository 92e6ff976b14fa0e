package service_test

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/lethehq/lethe/internal/service"
	"github.com/lethehq/lethe/internal/service/servicetest"
	"github.com/lethehq/lethe/internal/testenv"
)

// TestServeWaitsForConnectionSlots: serve started while the database has
// too few connection slots for Lethe's role does not give up. River's start runs
// out of its own time, is tried again (said once, at WARN), and Lethe
// serves as soon as slots free.
func TestServeWaitsForConnectionSlots(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	cfg := servicetest.DefaultConfig(t)
	admin := testenv.Pool(t)

	// A role of Lethe's own with a connection limit, a member of the
	// owner of the test's tables (not a superuser: the limit applies).
	const limit = 4
	role := fmt.Sprintf("lethe_start_%d", time.Now().UnixNano())
	ident := pgx.Identifier{role}.Sanitize()
	if _, err := admin.Exec(ctx, `CREATE ROLE `+ident+` LOGIN CONNECTION LIMIT `+strconv.Itoa(limit)+` IN ROLE postgres`); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx := context.Background()
		_, _ = admin.Exec(ctx, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = $1`, role)
		_, _ = admin.Exec(ctx, `DROP ROLE IF EXISTS `+ident)
	})
	u, err := url.Parse(cfg.Database.URL)
	if err != nil {
		t.Fatal(err)
	}
	u.User = url.User(role)
	cfg.Database.URL = u.String()
	cfg.Database.MaxConns = limit

	var logs testenv.LogBuffer
	svc, err := service.Open(ctx, cfg, slog.New(slog.NewJSONHandler(&logs, nil)), service.OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer svc.Close(context.Background())

	// Others take every slot of the role but one, the service's idle ones
	// too: River's start gets a connection for its listener and none for
	// its queue.
	svc.Pool.Reset()
	var others []*pgx.Conn
	for range limit - 1 {
		conn, err := pgx.Connect(ctx, cfg.Database.URL)
		if err != nil {
			t.Fatal(err)
		}
		others = append(others, conn)
	}
	defer func() {
		for _, c := range others {
			_ = c.Close(context.Background())
		}
	}()

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	serveCtx, stop := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- svc.Serve(serveCtx, ln) }()
	defer func() {
		stop()
		if err := <-served; err != nil {
			t.Errorf("serve: %v", err)
		}
	}()

	testenv.WaitUntil(t, 60*time.Second, "the warning that River's start waits for the database", func() (bool, error) {
		return strings.Contains(logs.String(), `"msg":"River could not start: the database gave it no connection in time; trying again until it does"`), nil
	})
	select {
	case err := <-served:
		t.Fatalf("serve returned while the role had no slot: %v", err)
	case <-time.After(time.Second):
	}
	for _, c := range others {
		_ = c.Close(ctx)
	}
	others = nil

	testenv.WaitUntil(t, 90*time.Second, "Lethe serving once slots freed", func() (bool, error) {
		return strings.Contains(logs.String(), `"msg":"Lethe serving"`), nil
	})
	resp, err := http.Get("http://" + ln.Addr().String() + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("/healthz = %d after the start", resp.StatusCode)
	}
	if n := strings.Count(logs.String(), "River could not start"); n != 1 {
		t.Errorf("the wait was logged %d times, want once", n)
	}
	if !strings.Contains(logs.String(), `"msg":"River started after waiting for the database"`) {
		t.Errorf("no log that the wait ended:\n%.2000s", logs.String())
	}
}
