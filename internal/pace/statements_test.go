package pace

import (
	"fmt"
	"testing"
	"time"

	"github.com/lethehq/lethe/db"
)

// TestStatementClock: readings of the foreground's sessions time each
// statement once, exactly when it is seen ended and at least as long as it
// was seen running when the session went straight on to another; the first
// reading, and one after a long gap, time nothing.
func TestStatementClock(t *testing.T) {
	t.Parallel()
	t0 := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	ms := func(n int) time.Time { return t0.Add(time.Duration(n) * time.Millisecond) }
	idle := func(pid int32, start, end int) db.Session {
		return db.Session{PID: pid, QueryStart: ms(start), StateChange: ms(end)}
	}
	active := func(pid int32, start int) db.Session {
		return db.Session{PID: pid, Active: true, QueryStart: ms(start), StateChange: ms(start)}
	}
	c := newStatementClock()
	for _, step := range []struct {
		at       int
		sessions []db.Session
		want     string
	}{
		// The first reading: statements that ended before it are of
		// unknown age.
		{at: 0, sessions: []db.Session{idle(1, -500, -400), active(2, -20)}, want: "[]"},
		// Session 1 ran a 5ms statement since; session 2's statement,
		// seen running, ended after 45ms.
		{at: 30, sessions: []db.Session{idle(1, 10, 15), idle(2, -20, 25)}, want: "[5ms 45ms]"},
		// Nothing new: nothing counted twice.
		{at: 60, sessions: []db.Session{idle(1, 10, 15), idle(2, -20, 25)}, want: "[]"},
		// Session 1 runs a statement; session 2 a 2ms one.
		{at: 90, sessions: []db.Session{active(1, 70), idle(2, 80, 82)}, want: "[2ms]"},
		// Session 1 went straight on to another statement: the first
		// counts as the 20ms it was seen running, at least.
		{at: 120, sessions: []db.Session{active(1, 115), idle(2, 80, 82)}, want: "[20ms]"},
		// Still running, then ended: 60ms.
		{at: 150, sessions: []db.Session{active(1, 115)}, want: "[]"},
		{at: 180, sessions: []db.Session{idle(1, 115, 175)}, want: "[60ms]"},
		// A reading after a long gap starts afresh.
		{at: 5000, sessions: []db.Session{idle(1, 4000, 4900)}, want: "[]"},
		{at: 5030, sessions: []db.Session{idle(1, 5010, 5013)}, want: "[3ms]"},
	} {
		if got := fmt.Sprint(c.observe(ms(step.at), step.sessions)); got != step.want {
			t.Fatalf("reading at %dms: timed %s, want %s", step.at, got, step.want)
		}
	}
}
