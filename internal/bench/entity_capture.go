package bench

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/entity"
)

// CaptureOptions configures the cost-of-capture benchmark (entity
// --capture).
type CaptureOptions struct {
	ServerURL string
	Logger    *slog.Logger
	// Small is how many small accounts (3 tasks each) are deleted each
	// way; Tasks the tasks of the large account, deleted Repeats times
	// each way.
	Small, Tasks, Repeats int
}

// CaptureReport is what the capture benchmark measured: per size, the
// deletion without and with a restore_window.
type CaptureReport struct {
	Small, Tasks int
	Sizes        []CaptureSize
}

// CaptureSize compares deleting one size of account without and with the
// capture.
type CaptureSize struct {
	Name               string
	Rows               int64
	Plain, Captured    CaptureRun
	CaptureBytesPerRow float64
}

// CaptureRun is one way's median time and WAL per deletion.
type CaptureRun struct {
	Time time.Duration
	WAL  int64
}

// EntityCapture measures what a restore_window costs a deletion: each
// account is deleted as the final transaction of delete_entity does
// (exclusive lock, rows, tombstone), without a capture, then with one (its
// rows read first in the same transaction, gzip-compressed into
// lethe_restorations). Small accounts (an account, 1 project, 3 tasks, an
// API key: 6 rows) measure throughput; a large one (opts.Tasks tasks, in
// 100 projects) the cost per row.
func EntityCapture(ctx context.Context, opts CaptureOptions) (*CaptureReport, error) {
	logger := opts.Logger
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	pool, drop, ent, err := accountsDatabase(ctx, opts.ServerURL, "capture", logger)
	if err != nil {
		return nil, err
	}
	defer drop()
	defer pool.Close()
	rep := &CaptureReport{Small: opts.Small, Tasks: opts.Tasks}
	serial := 0
	measure := func(name string, count, tasks int) error {
		size := CaptureSize{Name: name}
		var captureBytes int64
		for _, capture := range []bool{false, true} {
			var times []time.Duration
			var wals []int64
			for range count {
				serial++
				key := fmt.Sprintf("00000000-0000-4000-8000-%012d", serial)
				if err := loadSized(ctx, pool, key, tasks); err != nil {
					return err
				}
				// Each deletion starts after a checkpoint, so both ways
				// write the same full-page images.
				if _, err := pool.Exec(ctx, `CHECKPOINT`); err != nil {
					return err
				}
				took, wal, rows, err := deleteMeasured(ctx, pool, ent, key, capture)
				if err != nil {
					return err
				}
				times, wals, size.Rows = append(times, took), append(wals, wal), rows
			}
			run := CaptureRun{Time: medianDuration(times), WAL: medianInt(wals)}
			if capture {
				size.Captured = run
				if err := pool.QueryRow(ctx, `SELECT coalesce(sum(octet_length(capture)), 0) / greatest(count(*), 1) FROM lethe_restorations`).Scan(&captureBytes); err != nil {
					return err
				}
			} else {
				size.Plain = run
			}
			logger.Info("Deleted accounts", slog.String("size", name), slog.Bool("capture", capture), slog.Int("count", count),
				slog.Float64("median_seconds", run.Time.Seconds()), slog.Int64("median_wal_bytes", run.WAL))
		}
		if size.Rows > 0 {
			size.CaptureBytesPerRow = float64(captureBytes) / float64(size.Rows)
		}
		rep.Sizes = append(rep.Sizes, size)
		_, err := pool.Exec(ctx, `TRUNCATE lethe_restorations`)
		return err
	}
	if err := measure("small", max(opts.Small, 1), 3); err != nil {
		return nil, err
	}
	if err := measure("large", max(opts.Repeats, 1), opts.Tasks); err != nil {
		return nil, err
	}
	return rep, nil
}

// loadSized creates account key: one project with tasks tasks when tasks
// is under 100, else 100 projects sharing them, and an API key.
func loadSized(ctx context.Context, pool *pgxpool.Pool, key string, tasks int) error {
	if tasks >= 100 {
		return loadAccount(ctx, pool, key, tasks)
	}
	for _, sql := range []string{
		`INSERT INTO accounts (id) VALUES ($1)`,
		`INSERT INTO projects (account_id) VALUES ($1)`,
		`INSERT INTO api_keys (key, account_id) VALUES ($1::text, $1::uuid)`,
	} {
		if _, err := pool.Exec(ctx, sql, key); err != nil {
			return fmt.Errorf("load account: %w", err)
		}
	}
	_, err := pool.Exec(ctx, `INSERT INTO tasks (project_id, title) SELECT p.id, 'task ' || g FROM projects p, generate_series(1, $2::int) g WHERE p.account_id = $1`, key, tasks)
	return err
}

// deleteMeasured deletes key in one transaction as delete_entity's final
// transaction does, capturing its rows first when capture is set, and
// returns its duration, the WAL it wrote and the rows deleted.
func deleteMeasured(ctx context.Context, pool *pgxpool.Pool, ent *entity.Entity, key string, capture bool) (time.Duration, int64, int64, error) {
	var lsn string
	if err := pool.QueryRow(ctx, `SELECT pg_current_wal_insert_lsn()::text`).Scan(&lsn); err != nil {
		return 0, 0, 0, err
	}
	var rows int64
	started := time.Now()
	err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if err := db.LockExclusive(ctx, tx, ent.Name, key); err != nil {
			return err
		}
		bounded, err := db.Timeouts{}.Tx(ctx, tx)
		if err != nil {
			return err
		}
		var c *entity.Capture
		if capture {
			if c, err = ent.CaptureRows(ctx, bounded, key); err != nil {
				return err
			}
		}
		deleted, err := ent.DeleteRows(ctx, bounded, key)
		if err != nil {
			return err
		}
		rows = deleted.TotalDeleted()
		if c != nil {
			data, err := c.Encode()
			if err != nil {
				return err
			}
			if _, err := db.PutRestoration(ctx, tx, ent.Name, key, 14*24*time.Hour, c.Rows(), c.NulledRows(), data); err != nil {
				return err
			}
		}
		_, err = db.PutTombstone(ctx, tx, ent.Name, key)
		return err
	})
	took := time.Since(started)
	if err != nil {
		return 0, 0, 0, err
	}
	var wal int64
	if err := pool.QueryRow(ctx, `SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), $1::pg_lsn)::bigint`, lsn).Scan(&wal); err != nil {
		return 0, 0, 0, err
	}
	return took, wal, rows, nil
}

func medianInt(ns []int64) int64 {
	s := slices.Clone(ns)
	slices.Sort(s)
	return s[len(s)/2]
}

// Print writes the report, ending with "ratio NAME VALUE" lines: time and
// WAL of a captured deletion over a plain one, per size.
func (r *CaptureReport) Print(w io.Writer) {
	fmt.Fprintf(w, "Deleting accounts without and with a restore_window (capture): %d small ones (6 rows), and a large one with %d tasks; medians.\n", r.Small, r.Tasks)
	fmt.Fprintf(w, "%-6s %9s %12s %12s %14s %14s %12s\n", "size", "rows", "plain", "captured", "plain WAL", "captured WAL", "capture B/row")
	for _, s := range r.Sizes {
		fmt.Fprintf(w, "%-6s %9d %12s %12s %14d %14d %12.1f\n", s.Name, s.Rows, s.Plain.Time.Round(10*time.Microsecond), s.Captured.Time.Round(10*time.Microsecond),
			s.Plain.WAL, s.Captured.WAL, s.CaptureBytesPerRow)
	}
	for _, s := range r.Sizes {
		if s.Plain.Time > 0 && s.Plain.WAL > 0 {
			fmt.Fprintf(w, "ratio entity_capture_time_%s %.4f\n", s.Name, float64(s.Captured.Time)/float64(s.Plain.Time))
			fmt.Fprintf(w, "ratio entity_capture_wal_%s %.4f\n", s.Name, float64(s.Captured.WAL)/float64(s.Plain.WAL))
		}
	}
}
