package bench

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/lethehq/lethe/internal/testenv"
)

// TestForegroundProcess runs the foreground load as the benchmarks do, in
// a process of its own: its inserts land in the database, its latencies
// come back sorted by the phase they arrived in, and it stops when told.
func TestForegroundProcess(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	url := testenv.DatabaseURL(t)
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(ctx, `
		CREATE TABLE pastes (id bigint PRIMARY KEY, title text NOT NULL, expires_at timestamptz NOT NULL);
		INSERT INTO pastes SELECT i, 'loaded', now() + interval '1 day' FROM generate_series(1, 100) i`); err != nil {
		t.Fatal(err)
	}

	// Two processes one after the other on the same table, as two runs
	// of a benchmark without a reload between them: their inserts do not
	// collide.
	fg := newForeground(foregroundSpec{URL: url, Table: "pastes", Workers: 2, Rate: 200, Live: 50})
	for _, phase := range []string{"first", "idle"} {
		stop, err := fg.start()
		if err != nil {
			t.Fatalf("start: %v", err)
		}
		fg.mark(phase)
		time.Sleep(500 * time.Millisecond)
		stopped := make(chan struct{})
		go func() { stop(); close(stopped) }()
		select {
		case <-stopped:
		case <-time.After(10 * time.Second):
			t.Fatal("the foreground process did not stop within 10s of its standard input closing")
		}
		if err := fg.failure(); err != nil {
			t.Fatalf("foreground, phase %s: %v", phase, err)
		}
	}
	if fg.count("idle/insert") == 0 || fg.count("idle/read") == 0 || fg.count("idle") != fg.count("idle/insert")+fg.count("idle/read") {
		t.Errorf("phase idle: %d operations, %d inserts and %d reads; want both kinds, adding up",
			fg.count("idle"), fg.count("idle/insert"), fg.count("idle/read"))
	}
	var inserted int
	if err := conn.QueryRow(ctx, `SELECT count(*) FROM pastes WHERE title = 'foreground'`).Scan(&inserted); err != nil {
		t.Fatal(err)
	}
	if timed := fg.count("first/insert") + fg.count("idle/insert"); inserted < timed {
		t.Errorf("%d foreground rows in pastes, want at least the %d inserts timed", inserted, timed)
	}
	if s := fg.summary("idle"); s.P50 <= 0 || s.P99 < s.P50 {
		t.Errorf("idle latencies: p50 %v, p99 %v", s.P50, s.P99)
	}
}

// TestForegroundProcessFails checks that a workload the process cannot run
// fails the start, and a failing operation the run, each naming the cause.
func TestForegroundProcessFails(t *testing.T) {
	t.Parallel()
	url := testenv.DatabaseURL(t)

	fg := newForeground(foregroundSpec{URL: url, Table: "users", Workers: 1, Rate: 10})
	if _, err := fg.start(); err == nil || !strings.Contains(err.Error(), `unknown table "users"`) {
		t.Errorf("start with table users: %v, want an error naming the unknown table", err)
	}

	// pastes does not exist in this database: the first insert fails.
	fg = newForeground(foregroundSpec{URL: url, Table: "pastes", Workers: 1, Rate: 50, Live: 1})
	stop, err := fg.start()
	if err != nil {
		t.Fatalf("start: %v", err)
	}
	time.Sleep(200 * time.Millisecond)
	stop()
	if err := fg.failure(); err == nil || !strings.Contains(err.Error(), `relation "pastes" does not exist`) {
		t.Errorf("failure: %v, want the missing table named", err)
	}
}
