package db

import (
	"context"
	"log/slog"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/internal/testenv"
)

// limitedRole creates a login role allowed limit connections and returns
// the URL of dbURL's database as that role. The role is dropped when the
// test ends.
func limitedRole(t *testing.T, admin *pgxpool.Pool, dbURL string, limit int) string {
	t.Helper()
	ctx := t.Context()
	name := "lethe_limited_" + strings.ReplaceAll(strings.ToLower(t.Name()), "/", "_")
	name = name[:min(len(name), 63)]
	ident := pgx.Identifier{name}.Sanitize()
	if _, err := admin.Exec(ctx, `DROP ROLE IF EXISTS `+ident); err != nil {
		t.Fatal(err)
	}
	if _, err := admin.Exec(ctx, `CREATE ROLE `+ident+` LOGIN CONNECTION LIMIT `+strconv.Itoa(limit)); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx := context.Background()
		_, _ = admin.Exec(ctx, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = $1`, name)
		_, _ = admin.Exec(ctx, `DROP ROLE IF EXISTS `+ident)
	})
	u, err := url.Parse(dbURL)
	if err != nil {
		t.Fatal(err)
	}
	u.User = url.User(name)
	return u.String()
}

// TestConnectWaitsForSlot: with the role at its CONNECTION LIMIT, opening
// a pool and acquiring a connection wait, logging why once, and go on when
// a slot frees; nothing fails.
func TestConnectWaitsForSlot(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	admin := testenv.Pool(t)
	roleURL := limitedRole(t, admin, admin.Config().ConnString(), 2)

	// Someone else holds both of the role's slots.
	var others []*pgx.Conn
	for range 2 {
		conn, err := pgx.Connect(ctx, roleURL)
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

	var logs testenv.LogBuffer
	logger := slog.New(slog.NewJSONHandler(&logs, nil))
	type opened struct {
		pool *pgxpool.Pool
		err  error
	}
	done := make(chan opened, 1)
	go func() {
		pool, err := ConnectPool(ctx, roleURL, PoolOptions{MaxConns: 4, Logger: logger})
		done <- opened{pool, err}
	}()
	testenv.WaitUntil(t, 10*time.Second, "the warning that Lethe waits for a slot", func() (bool, error) {
		return strings.Contains(logs.String(), `"msg":"PostgreSQL has no connection slot for Lethe; waiting for one","sqlstate":"53300"`), nil
	})
	select {
	case o := <-done:
		t.Fatalf("ConnectPool returned while the role had no slot: %v", o.err)
	case <-time.After(time.Second):
	}
	_ = others[0].Close(ctx)
	var o opened
	select {
	case o = <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("ConnectPool still waiting 30s after a slot freed")
	}
	if o.err != nil {
		t.Fatalf("ConnectPool after the slot freed: %v", o.err)
	}
	defer o.pool.Close()
	if !strings.Contains(logs.String(), `"msg":"PostgreSQL connection slot free again; Lethe proceeds"`) {
		t.Errorf("no log that the wait ended:\n%s", logs.String())
	}

	// The pool holds one connection, the other holds the second slot: a
	// second connection of the pool waits for it too, and logs once more
	// (a new shortage).
	held, err := o.pool.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer held.Release()
	acquired := make(chan error, 1)
	go func() {
		conn, err := o.pool.Acquire(ctx)
		if err == nil {
			_, err = conn.Exec(ctx, `SELECT 1`)
			conn.Release()
		}
		acquired <- err
	}()
	testenv.WaitUntil(t, 10*time.Second, "the second warning", func() (bool, error) {
		return strings.Count(logs.String(), "waiting for one") == 2, nil
	})
	_ = others[1].Close(ctx)
	select {
	case err := <-acquired:
		if err != nil {
			t.Fatalf("acquire after the slot freed: %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("acquire still waiting 30s after a slot freed")
	}
	if n := strings.Count(logs.String(), `"level":"WARN"`); n != 2 {
		t.Errorf("%d warnings for two shortages, want one each:\n%s", n, logs.String())
	}
}

// TestConnectFailsFastOtherwise: a refusal that is not a lack of slots
// (a role that may not log in) fails at once, naming the server's error.
func TestConnectFailsFastOtherwise(t *testing.T) {
	t.Parallel()
	admin := testenv.Pool(t)
	roleURL := limitedRole(t, admin, admin.Config().ConnString(), 2)
	u, _ := url.Parse(roleURL)
	if _, err := admin.Exec(t.Context(), `ALTER ROLE `+pgx.Identifier{u.User.Username()}.Sanitize()+` NOLOGIN`); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	_, err := ConnectPool(t.Context(), roleURL, PoolOptions{MaxConns: 2})
	if err == nil || !strings.Contains(err.Error(), "is not permitted to log in") {
		t.Fatalf("error %v, want the server's refusal", err)
	}
	if took := time.Since(start); took > 10*time.Second {
		t.Errorf("took %s to fail", took)
	}
}
