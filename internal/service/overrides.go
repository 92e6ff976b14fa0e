package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"reflect"
	"time"

	"github.com/jackc/pgx/v5/pgconn"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/workers"
)

// OverridePollInterval is how often every node reads the policy overrides
// operators set (PATCH /api/v1/policies/{name}): a change takes effect on
// every node within about this long, without a restart.
const OverridePollInterval = 2 * time.Second

// loadOverrides applies the stored policy overrides to s.Config. Overrides
// that no longer pass validation (the file changed under them) are logged
// and left out: their policies keep the file's values. A database not yet
// migrated has none (readyz reports the pending migrations).
func (s *Service) loadOverrides(ctx context.Context) (config.Overrides, error) {
	overrides, err := db.ListPolicyOverrides(ctx, s.Pool)
	if undefinedTable(err) {
		s.Logger.WarnContext(ctx, "Policy overrides unavailable until the database is migrated", slog.String("error", err.Error()))
		return config.Overrides{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read policy overrides: %w", err)
	}
	if err := s.Config.SetOverrides(overrides); err != nil {
		s.Logger.WarnContext(ctx, "Policy overrides left out", slog.String("error", err.Error()))
	}
	return overrides, nil
}

// followOverrides polls the policy overrides every OverridePollInterval
// until ctx ends, applies them when they change, and moves the River
// periodic jobs whose schedule changed (on every node: whichever is leader
// enqueues them).
func (s *Service) followOverrides(ctx context.Context, seen config.Overrides) {
	schedules := map[string]string{}
	for _, p := range s.Periodics {
		schedules[p.ID()] = p.Schedule
	}
	ticker := time.NewTicker(OverridePollInterval)
	defer ticker.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-ticker.C:
		}
		overrides, err := db.ListPolicyOverrides(ctx, s.Pool)
		if err != nil {
			if ctx.Err() == nil && !undefinedTable(err) {
				s.Logger.WarnContext(ctx, "Failed to read policy overrides", slog.String("error", err.Error()))
			}
			continue
		}
		if !reflect.DeepEqual(overrides, seen) {
			if err := s.Config.SetOverrides(overrides); err != nil {
				s.Logger.WarnContext(ctx, "Policy overrides left out", slog.String("error", err.Error()))
			}
			seen = overrides
			s.Logger.InfoContext(ctx, "Applied policy overrides", slog.Int("policies", len(overrides)))
		}
		// The web server may have applied a change already: compare
		// schedules with what River has, not overrides with what was seen.
		s.reschedule(ctx, schedules)
	}
}

// reschedule replaces the River periodic jobs whose effective schedule
// differs from schedules (by periodic job ID), and records the new ones.
func (s *Service) reschedule(ctx context.Context, schedules map[string]string) {
	for _, p := range workers.Periodics(s.Config) {
		if schedules[p.ID()] == p.Schedule {
			continue
		}
		jobs, err := PeriodicJobs([]workers.Periodic{p})
		if err != nil {
			s.Logger.ErrorContext(ctx, "Bad overridden schedule", slog.String("periodic_job", p.ID()), slog.String("error", err.Error()))
			continue
		}
		bundle := s.River.PeriodicJobs()
		bundle.RemoveByID(p.ID())
		if _, err := bundle.AddSafely(jobs[0]); err != nil {
			s.Logger.ErrorContext(ctx, "Failed to reschedule periodic job", slog.String("periodic_job", p.ID()), slog.String("error", err.Error()))
			continue
		}
		s.Logger.InfoContext(ctx, "Rescheduled periodic job", slog.String("periodic_job", p.ID()),
			slog.String("from", schedules[p.ID()]), slog.String("to", p.Schedule))
		schedules[p.ID()] = p.Schedule
	}
}

// undefinedTable reports whether err is PostgreSQL's undefined_table: the
// migration that adds lethe_policy_overrides has not run.
func undefinedTable(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == "42P01" // undefined_table
}
