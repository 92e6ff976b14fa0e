package web

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/internal/quote"
)

// Bounds of GET /api/v1/charts?minutes=: one point a minute, up to a day
// (minute samples are kept a day).
const (
	chartsDefaultMinutes = 60
	chartsMaxMinutes     = 1440
)

// Charts are the dashboard's charts over the last minutes, one point a
// minute, oldest first (GET /api/v1/charts).
type Charts struct {
	Minutes       int              `json:"minutes"`
	BucketSeconds int              `json:"bucket_seconds"`
	GeneratedAt   time.Time        `json:"generated_at"`
	Totals        ChartTotals      `json:"totals"`
	Points        []db.ChartMinute `json:"points"`
}

// ChartTotals sum the points: what the window deleted, failed and
// throttled, and its worst queue wait and replica lag.
type ChartTotals struct {
	DeletedRows      int64    `json:"deleted_rows"`
	FailedJobs       int64    `json:"failed_jobs"`
	ThrottledSeconds float64  `json:"throttled_seconds"`
	QueueWaitP95Max  *float64 `json:"queue_wait_p95_max_seconds"`
	ReplicaLagMax    *float64 `json:"replica_lag_max_seconds"`
}

// chartCaches keeps one cached read per window asked for (at most
// chartsMaxMinutes of them), so open dashboards cost one query per
// overviewMaxAge like the overview.
type chartCaches struct {
	mu sync.Mutex
	m  map[int]*cache[*Charts]
}

func (c *chartCaches) of(minutes int) *cache[*Charts] {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil {
		c.m = map[int]*cache[*Charts]{}
	}
	if c.m[minutes] == nil {
		c.m[minutes] = new(cache[*Charts])
	}
	return c.m[minutes]
}

// handleCharts answers the charts of the last ?minutes= minutes (1–1440,
// default 60).
func (s *Server) handleCharts(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	for name, values := range q {
		if name != "minutes" {
			writeError(w, http.StatusBadRequest, fmt.Sprintf("unknown query parameter %s (known: minutes)", quote.Value(name)))
			return
		}
		if len(values) > 1 {
			writeError(w, http.StatusBadRequest, fmt.Sprintf("minutes: given %d times, want it once", len(values)))
			return
		}
	}
	minutes := chartsDefaultMinutes
	if v := q.Get("minutes"); v != "" || q.Has("minutes") {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > chartsMaxMinutes {
			writeError(w, http.StatusBadRequest, fmt.Sprintf("minutes: want an integer from 1 to %d, got %s", chartsMaxMinutes, quote.Value(v)))
			return
		}
		minutes = n
	}
	charts, err := s.charts.of(minutes).get(r.Context(), &s.gen, overviewMaxAge, overviewTimeout, func(ctx context.Context) (*Charts, error) {
		points, err := db.Charts(ctx, s.opts.Pool, s.opts.Config.River.Schema, minutes)
		if err != nil {
			return nil, err
		}
		c := &Charts{Minutes: minutes, BucketSeconds: 60, GeneratedAt: time.Now().UTC(), Points: points}
		for _, p := range points {
			c.Totals.DeletedRows += p.DeletedRows
			c.Totals.FailedJobs += p.FailedJobs
			if p.ThrottledSeconds != nil {
				c.Totals.ThrottledSeconds += *p.ThrottledSeconds
			}
			c.Totals.QueueWaitP95Max = maxOf(c.Totals.QueueWaitP95Max, p.QueueWaitP95)
			c.Totals.ReplicaLagMax = maxOf(c.Totals.ReplicaLagMax, p.ReplicaLag)
		}
		return c, nil
	})
	if err != nil {
		writeError(w, http.StatusInternalServerError, "read charts: "+err.Error())
		return
	}
	writeJSON(w, http.StatusOK, charts)
}

// maxOf is the larger of a and b, either nil when unknown.
func maxOf(a, b *float64) *float64 {
	if b == nil || (a != nil && *a >= *b) {
		return a
	}
	return b
}
