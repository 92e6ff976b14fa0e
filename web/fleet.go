package web

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"time"

	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/internal/quote"
)

// Process states the fleet view shows.
const (
	// ProcessRunning: the process moved its heartbeat within
	// db.ProcessGoneAfter.
	ProcessRunning = "running"
	// ProcessGone: no heartbeat for longer (killed, or cut off from the
	// database); its row is deleted after db.ProcessPruneAfter.
	ProcessGone = "gone"
)

// ProcessView is one `lethe serve` process as GET /api/v1/processes
// shows it.
type ProcessView struct {
	db.ProcessStatus
	// State is running or gone.
	State string `json:"state"`
}

// ProcessesView is the fleet: every `lethe serve` process registered, the
// leader first, then the other running ones, then the gone ones.
type ProcessesView struct {
	GeneratedAt time.Time `json:"generated_at"`
	// HeartbeatSeconds is how often a process moves its heartbeat,
	// GoneAfterSeconds after how long without one it reads as gone.
	HeartbeatSeconds float64       `json:"heartbeat_seconds"`
	GoneAfterSeconds float64       `json:"gone_after_seconds"`
	Running          int           `json:"running"`
	Gone             int           `json:"gone"`
	BusyWorkers      int64         `json:"busy_workers"`
	MaxWorkers       int64         `json:"max_workers"`
	Processes        []ProcessView `json:"processes"`
	// Leader is the client ID of the process that leads (inserts the
	// periodic jobs and runs River's maintenance); "" when none of the
	// registered ones does.
	Leader string `json:"leader"`
}

// fleetRoutes mounts the fleet view's API: the processes and the charts.
func (s *Server) fleetRoutes() {
	auth := s.requireAuth
	s.mux.Handle("GET /api/v1/processes", auth(http.HandlerFunc(s.handleProcesses)))
	s.mux.Handle("GET /api/v1/charts", auth(http.HandlerFunc(s.handleCharts)))
}

func (s *Server) handleProcesses(w http.ResponseWriter, r *http.Request) {
	for param := range r.URL.Query() {
		writeError(w, http.StatusBadRequest, fmt.Sprintf("unknown query parameter %s (the processes take none)", quote.Value(param)))
		return
	}
	v, err := s.processesCache.get(r.Context(), &s.gen, overviewMaxAge, overviewTimeout, s.computeProcesses)
	if err != nil {
		writeError(w, http.StatusInternalServerError, "read processes: "+err.Error())
		return
	}
	writeJSON(w, http.StatusOK, v)
}

func (s *Server) computeProcesses(ctx context.Context) (*ProcessesView, error) {
	list, err := db.ListProcesses(ctx, s.opts.Pool, s.opts.Config.River.Schema)
	if err != nil {
		return nil, err
	}
	v := &ProcessesView{
		GeneratedAt:      time.Now().UTC(),
		HeartbeatSeconds: db.HeartbeatInterval.Seconds(), GoneAfterSeconds: db.ProcessGoneAfter.Seconds(),
		Processes: make([]ProcessView, 0, len(list)),
	}
	for _, p := range list {
		pv := ProcessView{ProcessStatus: p, State: ProcessRunning}
		if p.SecondsSinceHeartbeat > db.ProcessGoneAfter.Seconds() {
			pv.State = ProcessGone
			v.Gone++
		} else {
			v.Running++
			v.BusyWorkers += p.BusyWorkers
			v.MaxWorkers += int64(p.MaxWorkers)
		}
		if p.Leader {
			v.Leader = p.ClientID
		}
		v.Processes = append(v.Processes, pv)
	}
	// The leader first, then the other running processes, then the gone
	// ones; each group by start, as listed.
	rank := func(p ProcessView) int {
		switch {
		case p.Leader:
			return 0
		case p.State == ProcessRunning:
			return 1
		}
		return 2
	}
	slices.SortStableFunc(v.Processes, func(a, b ProcessView) int { return rank(a) - rank(b) })
	return v, nil
}
