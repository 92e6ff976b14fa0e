package web

import (
	"context"
	"log/slog"
	"slices"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/internal/metrics"
)

// Scrape-time gauges read the same cached overview as the dashboard: a
// scrape costs at most one round of queries per scrapeMaxAge, bounded by
// scrapeTimeout, however often Prometheus (or several of them) scrape.
const (
	scrapeMaxAge  = 10 * time.Second
	scrapeTimeout = 3 * time.Second
)

var (
	descBacklog = prometheus.NewDesc("lethe_backlog_rows",
		"Rows past their expiry not yet claimed for deletion (expire policies).", []string{"policy"}, nil)
	descInProgress = prometheus.NewDesc("lethe_in_progress_rows",
		"Rows claimed for deletion (DELETION_IN_PROGRESS), by expire policy.", []string{"policy"}, nil)
	descStuck = prometheus.NewDesc("lethe_stuck_rows",
		"Rows in DELETION_IN_PROGRESS longer than stuck_after: the watchdog resets them.", []string{"policy"}, nil)
	descSetAside = prometheus.NewDesc("lethe_set_aside_rows",
		"Rows set aside because their blob key was refused: they wait for lethe release (expire policies).", []string{"policy"}, nil)
	descOldestExpired = prometheus.NewDesc("lethe_oldest_expired_age_seconds",
		"Age past expiry of the oldest row not yet claimed or swept (0 when none).", []string{"policy"}, nil)
	descSweepExpired = prometheus.NewDesc("lethe_expired_keys",
		"Keys past their expiry not yet swept (sweep policies).", []string{"policy"}, nil)
	descPaused = prometheus.NewDesc("lethe_policy_paused",
		"1 while an operator has paused the policy.", []string{"policy"}, nil)
	descTombstones = prometheus.NewDesc("lethe_tombstones",
		"Tombstones present, by entity.", []string{"entity"}, nil)
	descUnpurged = prometheus.NewDesc("lethe_tombstones_unpurged",
		"Tombstones whose blob purge has not completed yet, by entity.", []string{"entity"}, nil)
	descTombstoneAge = prometheus.NewDesc("lethe_tombstone_oldest_age_seconds",
		"Age of the oldest tombstone, by entity (0 when none).", []string{"entity"}, nil)
	descStatsUp = prometheus.NewDesc("lethe_stats_up",
		"1 when the last read of table state for these gauges succeeded.", nil, nil)
	descRiverJobs = prometheus.NewDesc("lethe_river_queue_jobs",
		"River jobs waiting or running, by queue ("+metrics.OtherLabel+" for queues Lethe does not work) and state (available, running, retryable, scheduled); each count stops at 1,000,000.",
		[]string{"queue", "state"}, nil)
	descRiverLeader = prometheus.NewDesc("lethe_river_leader",
		"1 while a River client on Lethe's schema holds the leadership that inserts periodic jobs and runs River's maintenance.", nil, nil)
	descOwnRows = prometheus.NewDesc("lethe_own_table_rows",
		"Rows of Lethe's own tables (lethe_*): exact below 100,000, else PostgreSQL's estimate (pg_class.reltuples).", []string{"table"}, nil)
	descOwnBytes = prometheus.NewDesc("lethe_own_table_bytes",
		"Size on disk of Lethe's own tables (lethe_*) with their indexes and TOAST (pg_total_relation_size).", []string{"table"}, nil)
	descRiverStatsUp = prometheus.NewDesc("lethe_river_stats_up",
		"1 when the last read of River's tables for lethe_river_queue_jobs and lethe_river_leader succeeded.", nil, nil)
)

// riverState is River's side of the scrape-time gauges.
type riverState struct {
	counts []db.RiverJobCount
	leader bool
}

// stateCollector exposes table state (backlogs, stuck rows, tombstones,
// River's queues and leader) at scrape time.
type stateCollector struct {
	s     *Server
	river *cache[riverState]
}

func newStateCollector(s *Server) stateCollector {
	return stateCollector{s: s, river: new(cache[riverState])}
}

func (c stateCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{descBacklog, descInProgress, descStuck, descSetAside, descOldestExpired,
		descSweepExpired, descPaused, descTombstones, descUnpurged, descTombstoneAge, descOwnRows, descOwnBytes, descStatsUp,
		descRiverJobs, descRiverLeader, descRiverStatsUp} {
		ch <- d
	}
}

func (c stateCollector) Collect(ch chan<- prometheus.Metric) {
	c.collectRiver(ch)
	ov, err := c.s.overview(context.Background(), scrapeMaxAge, scrapeTimeout)
	if err != nil {
		c.s.opts.Logger.Warn("Failed to read table state for /metrics", slog.String("error", err.Error()))
		ch <- prometheus.MustNewConstMetric(descStatsUp, prometheus.GaugeValue, 0)
		return
	}
	ch <- prometheus.MustNewConstMetric(descStatsUp, prometheus.GaugeValue, 1)
	gauge := func(d *prometheus.Desc, v float64, label string) {
		ch <- prometheus.MustNewConstMetric(d, prometheus.GaugeValue, v, label)
	}
	now := time.Now()
	for _, p := range ov.Policies {
		gauge(descPaused, boolFloat(p.Paused), p.Name)
		if p.Backlog == nil {
			continue
		}
		age := 0.0
		if p.OldestExpiredAt != nil {
			age = now.Sub(*p.OldestExpiredAt).Seconds()
		}
		gauge(descOldestExpired, age, p.Name)
		switch p.Kind {
		case config.KindExpire:
			gauge(descBacklog, float64(*p.Backlog), p.Name)
			gauge(descInProgress, float64(*p.InProgress), p.Name)
			gauge(descStuck, float64(*p.Stuck), p.Name)
			gauge(descSetAside, float64(*p.SetAside), p.Name)
		case config.KindSweep:
			gauge(descSweepExpired, float64(*p.Backlog), p.Name)
		}
	}
	for _, e := range c.tombstonesByLabel(ov.Tombstones.Entities) {
		gauge(descTombstones, float64(e.Count), e.Entity)
		gauge(descUnpurged, float64(e.Unpurged), e.Entity)
		age := 0.0
		if e.OldestAt != nil {
			age = now.Sub(*e.OldestAt).Seconds()
		}
		gauge(descTombstoneAge, age, e.Entity)
	}
	for _, t := range ov.History.Tables {
		gauge(descOwnRows, float64(t.Rows), t.Table)
		gauge(descOwnBytes, float64(t.Bytes), t.Table)
	}
}

// collectRiver exposes the depth of River's queues and whether River has a
// leader, read at most every scrapeMaxAge. Lethe's queues and the four
// states are always present, at zero when empty, so alerts on them have a
// series to evaluate; jobs of queues Lethe does not work are summed under
// metrics.OtherLabel.
func (c stateCollector) collectRiver(ch chan<- prometheus.Metric) {
	schema := c.s.opts.Config.River.Schema
	st, err := c.river.get(context.Background(), &c.s.gen, scrapeMaxAge, scrapeTimeout, func(ctx context.Context) (riverState, error) {
		counts, err := db.RiverJobCounts(ctx, c.s.opts.Pool, schema, countCap)
		if err != nil {
			return riverState{}, err
		}
		leader, err := db.RiverHasLeader(ctx, c.s.opts.Pool, schema)
		return riverState{counts: counts, leader: leader}, err
	})
	if err != nil {
		c.s.opts.Logger.Warn("Failed to read River's tables for /metrics", slog.String("error", err.Error()))
		ch <- prometheus.MustNewConstMetric(descRiverStatsUp, prometheus.GaugeValue, 0)
		return
	}
	ch <- prometheus.MustNewConstMetric(descRiverStatsUp, prometheus.GaugeValue, 1)
	ch <- prometheus.MustNewConstMetric(descRiverLeader, prometheus.GaugeValue, boolFloat(st.leader))
	type key struct{ queue, state string }
	depth := map[key]int64{}
	for _, q := range metrics.Queues() {
		for _, state := range db.RiverQueueStates() {
			depth[key{q, string(state)}] = 0
		}
	}
	for _, n := range st.counts {
		depth[key{metrics.QueueLabel(n.Queue), string(n.State)}] += n.Count
	}
	for k, n := range depth {
		ch <- prometheus.MustNewConstMetric(descRiverJobs, prometheus.GaugeValue, float64(n), k.queue, k.state)
	}
}

// tombstonesByLabel returns the tombstone stats of every entity Lethe
// deletes (zero for those without tombstones, so their series exist from
// the start), and those of every entity the configuration does not declare
// (rows left by an older configuration, or written by hand) summed under
// metrics.OtherLabel: entity labels come from the configuration only.
func (c stateCollector) tombstonesByLabel(stats []db.TombstoneStats) []db.TombstoneStats {
	var out []db.TombstoneStats
	for _, name := range c.s.opts.Config.EntityNames() {
		e := db.TombstoneStats{Entity: name}
		if i := slices.IndexFunc(stats, func(s db.TombstoneStats) bool { return s.Entity == name }); i >= 0 {
			e = stats[i]
		}
		out = append(out, e)
	}
	other := db.TombstoneStats{Entity: metrics.OtherLabel}
	for _, e := range stats {
		if slices.ContainsFunc(out, func(s db.TombstoneStats) bool { return s.Entity == e.Entity }) {
			continue
		}
		other.Count += e.Count
		other.Unpurged += e.Unpurged
		if e.OldestAt != nil && (other.OldestAt == nil || e.OldestAt.Before(*other.OldestAt)) {
			other.OldestAt = e.OldestAt
		}
	}
	if other.Count > 0 {
		out = append(out, other)
	}
	return out
}

func boolFloat(b bool) float64 {
	if b {
		return 1
	}
	return 0
}
