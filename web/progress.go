package web

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
)

// progressWindow is how far back a policy's deletion rate is measured: the
// rows its audit entries of the window deleted, over the whole window, so
// time spent throttled (paced, paused for a standby, giving way to locks)
// and between runs lowers the rate as it lowers the real progress.
const progressWindow = 15 * time.Minute

// PolicyProgress is how fast a policy works through its backlog and when
// it would be done at that pace (GET /api/v1/overview, per policy).
type PolicyProgress struct {
	WindowMinutes int `json:"window_minutes"`
	// DeletedInWindow is what the policy deleted in the last
	// WindowMinutes, RatePerMinute the same per minute of the window.
	DeletedInWindow int64   `json:"deleted_in_window"`
	RatePerMinute   float64 `json:"rate_per_minute"`
	// Remaining is what is left to delete: the backlog and, for an expire
	// policy, the rows claimed and not deleted yet; null when not counted
	// (tombstone policies, a failed count). RemainingCapped says it is a
	// lower bound.
	Remaining       *int64 `json:"remaining"`
	RemainingCapped bool   `json:"remaining_capped,omitempty"`
	// ETASeconds and ETAAt are when Remaining would be deleted at
	// RatePerMinute; null when there is no honest estimate (Note says why).
	ETASeconds *float64   `json:"eta_seconds"`
	ETAAt      *time.Time `json:"eta_at"`
	// Throttled is "throttled: <reason>" while the policy is throttled:
	// the ETA is at the pace achieved while throttled.
	Throttled string `json:"throttled,omitempty"`
	// Note says what the estimate means, or why there is none.
	Note string `json:"note"`
}

// policyProgress estimates ps's progress from the rows it deleted in the
// window (rate) at now. Paused, failing and stalled policies get no ETA:
// their rate says nothing of when they will be done.
func policyProgress(ps PolicyStats, rate db.PolicyRate, now time.Time) *PolicyProgress {
	p := &PolicyProgress{WindowMinutes: int(progressWindow / time.Minute), DeletedInWindow: rate.Rows}
	p.RatePerMinute = float64(rate.Rows) / progressWindow.Minutes()
	if ps.Backlog != nil {
		remaining := *ps.Backlog
		if ps.InProgress != nil {
			remaining += *ps.InProgress
		}
		p.Remaining, p.RemainingCapped = &remaining, ps.Capped
	}
	if ps.Health.State == HealthThrottled {
		p.Throttled = "throttled: " + ps.Health.Reason
	}
	switch {
	case ps.Kind == config.KindTombstone:
		p.Note = "deletes entities on request: see the deletions in flight"
	case ps.Health.State == HealthPaused || ps.Health.State == HealthFailing || ps.Health.State == HealthStalled:
		p.Note = "no ETA while " + string(ps.Health.State)
	case p.Remaining == nil:
		p.Note = "no ETA: the backlog is not counted"
	case *p.Remaining == 0:
		zero := 0.0
		p.ETASeconds, p.ETAAt = &zero, &now
		p.Note = "nothing left to delete"
	case rate.Rows == 0:
		p.Note = fmt.Sprintf("no ETA: nothing deleted in the last %d minutes", p.WindowMinutes)
	default:
		eta := float64(*p.Remaining) / p.RatePerMinute * 60
		at := now.Add(time.Duration(eta * float64(time.Second))).UTC()
		p.ETASeconds, p.ETAAt = &eta, &at
		p.Note = fmt.Sprintf("at the pace of the last %d minutes", p.WindowMinutes)
		if p.RemainingCapped {
			p.Note += "; at least, the backlog is larger than counted"
		}
	}
	return p
}

// deletionsInFlightLimit bounds how many large deletions in flight the
// overview counts the rows of.
const deletionsInFlightLimit = 10

// DeletionInFlight is a large entity deletion whose chunks run (its
// tombstone is deleting), with its progress (GET /api/v1/overview).
type DeletionInFlight struct {
	Entity string `json:"entity"`
	// Key is shown as privacy.key_display says.
	Key   string    `json:"key"`
	Since time.Time `json:"since"`
	// RowsRemaining is the entity's rows left now; RowsDone what its
	// chunks deleted: by failed attempts, and since this server first saw
	// it (ObservedSince) by the running one; RowsTotal their sum, an
	// estimate of the whole. Null when the rows could not be counted.
	RowsRemaining *int64    `json:"rows_remaining"`
	RowsDone      int64     `json:"rows_done"`
	RowsTotal     *int64    `json:"rows_total"`
	Percent       *float64  `json:"percent"`
	ObservedSince time.Time `json:"observed_since"`
	// RatePerMinute is the rows deleted per minute since ObservedSince,
	// ETASeconds when the rest would be deleted at that pace.
	RatePerMinute  *float64 `json:"rate_per_minute"`
	ETASeconds     *float64 `json:"eta_seconds"`
	FailedAttempts int64    `json:"failed_attempts"`
	Note           string   `json:"note,omitempty"`
}

// inFlightTracker remembers, per deletion in flight, when this server
// first counted its remaining rows and how many there were: the chunks of
// a running attempt record nothing until it ends, so its progress is what
// the count lost since.
type inFlightTracker struct {
	mu   sync.Mutex
	seen map[[2]string]observation
}

type observation struct {
	at        time.Time
	remaining int64
}

// observe returns the first observation of (entity, key), recording
// remaining at now when there is none, and forgets the deletions not in
// current.
func (t *inFlightTracker) observe(entity, key string, remaining int64, now time.Time) observation {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.seen == nil {
		t.seen = map[[2]string]observation{}
	}
	k := [2]string{entity, key}
	o, ok := t.seen[k]
	if !ok || remaining > o.remaining {
		// New, or rows came back (a restore): measure from here.
		o = observation{at: now, remaining: remaining}
		t.seen[k] = o
	}
	return o
}

// keep forgets every deletion but those in current.
func (t *inFlightTracker) keep(current []db.DeletionInFlight) {
	t.mu.Lock()
	defer t.mu.Unlock()
	live := map[[2]string]bool{}
	for _, d := range current {
		live[[2]string{d.Entity, d.Key}] = true
	}
	for k := range t.seen {
		if !live[k] {
			delete(t.seen, k)
		}
	}
}

// deletionsInFlight reads the large deletions in flight and counts what
// each has left.
func (s *Server) deletionsInFlight(ctx context.Context) ([]DeletionInFlight, error) {
	list, err := db.DeletionsInFlight(ctx, s.opts.Pool, deletionsInFlightLimit)
	if err != nil {
		return nil, err
	}
	s.inFlight.keep(list)
	out := make([]DeletionInFlight, 0, len(list))
	for _, d := range list {
		v := DeletionInFlight{
			Entity: d.Entity, Key: s.opts.Config.Privacy.DisplayKey(d.Key), Since: d.Since,
			RowsDone: d.FailedRows, FailedAttempts: d.FailedAttempts, ObservedSince: time.Now().UTC(),
		}
		remaining, err := s.remainingRows(ctx, d.Entity, d.Key)
		if err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			v.Note = "its rows could not be counted: " + redactKey(err.Error(), d.Key, s.opts.Config.Privacy)
			out = append(out, v)
			continue
		}
		now := time.Now()
		first := s.inFlight.observe(d.Entity, d.Key, remaining, now)
		done := first.remaining - remaining
		total := d.FailedRows + first.remaining
		v.RowsRemaining, v.RowsTotal, v.ObservedSince = &remaining, &total, first.at.UTC()
		v.RowsDone += done
		if total > 0 {
			pct := 100 * float64(v.RowsDone) / float64(total)
			v.Percent = &pct
		}
		elapsed := now.Sub(first.at)
		switch {
		case remaining == 0:
			v.Note = "no row left: the final transaction follows"
		case done > 0 && elapsed > 0:
			rate := float64(done) / elapsed.Minutes()
			eta := float64(remaining) / rate * 60
			v.RatePerMinute, v.ETASeconds = &rate, &eta
			v.Note = "at the pace since " + first.at.UTC().Format(time.TimeOnly) + " UTC"
		case d.FailedAttempts > 0:
			v.Note = fmt.Sprintf("no ETA: %s failed; the next retry goes on from here", plural(d.FailedAttempts, "attempt"))
		default:
			v.Note = "no ETA yet: measuring"
		}
		out = append(out, v)
	}
	return out, nil
}

// remainingRows counts the rows of entity key left, under the entity's
// timeouts.
func (s *Server) remainingRows(ctx context.Context, name, key string) (int64, error) {
	if s.opts.Config.Entity(name) == nil {
		return 0, fmt.Errorf("entity %s is not declared", name)
	}
	ent, err := s.entities.Get(ctx, name)
	if err != nil {
		return 0, err
	}
	counts, err := ent.CountRows(ctx, db.EntityTimeouts(s.opts.Config, name).Pool(s.opts.Pool), key)
	if err != nil {
		return 0, err
	}
	var n int64
	for _, c := range counts {
		n += c
	}
	return n, nil
}

// plural is "1 attempt", "2 attempts".
func plural(n int64, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
