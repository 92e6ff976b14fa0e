package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/entity"
	"github.com/lethehq/lethe/internal/demo"
	"github.com/lethehq/lethe/internal/demo/schema"
	"github.com/lethehq/lethe/internal/pgboot"
	"github.com/lethehq/lethe/internal/service"
)

func demoCommand() command {
	cmd := command{
		name:    "demo",
		summary: "Run Lethe with seeded example data on the embedded configuration or --config's, faster schedules, and PostgreSQL found or started for you.",
		usage:   "[--config file] [--listen host:port] [--no-seed | --seed-only]",
	}
	cmd.run = func(ctx context.Context, c *cli, args []string) error {
		var (
			configPath, listen string
			noSeed, seedOnly   bool
		)
		fs := c.flags(cmd, nil)
		fs.StringVar(&configPath, "config", "", "configuration `file` (default: the embedded configuration, blobs in .lethe/blobs)")
		fs.StringVar(&listen, "listen", "", "HTTP listen address, `host:port` (default: http.listen, 127.0.0.1:8080 in the embedded configuration)")
		fs.BoolVar(&noSeed, "no-seed", false, "do not seed example data (the example tables are still created)")
		fs.BoolVar(&seedOnly, "seed-only", false, "create the example tables and seed example data, then exit")
		if err := parseNoArgs(fs, args); err != nil {
			return err
		}
		if noSeed && seedOnly {
			return usagef("--no-seed and --seed-only exclude each other")
		}
		cfg, err := config.Load(configPath, c.getenv)
		if err != nil {
			return err
		}
		if listen != "" {
			cfg.HTTP.Listen = listen
		}
		// Faster schedules than production so there is something to watch.
		for _, p := range cfg.Policies {
			switch p := p.(type) {
			case *config.Expire:
				p.Schedule, p.WatchdogSchedule = "@every 5s", "@every 1m"
			case *config.Sweep:
				if c.getenv("IDEMPOTENCY_CLEANUP_INTERVAL") == "" {
					p.Schedule = "@every 30s"
				}
			case *config.Tombstone:
				p.Schedule, p.GCSchedule = "@every 1m", "@every 10m"
			}
		}
		if err := cfg.Validate(); err != nil {
			return err
		}
		// Unlike serve, the demo starts a private PostgreSQL cluster, and
		// installs PostgreSQL first if need be, when it finds no server.
		pg := c.postgres()
		pg.StartCluster, pg.Install = true, true
		pg.Announce = func(plan string) { fmt.Fprintln(c.stdout, plan) }
		// The demo creates the database database.url names when it is
		// missing, as it creates "lethe" when no URL is set.
		if cfg.Database.URL != "" {
			created, err := pgboot.CreateMissing(ctx, cfg.Database.URL)
			if err != nil {
				return fmt.Errorf("%w; or point database.url (DATABASE_URL) at a database that exists", err)
			}
			if created {
				fmt.Fprintf(c.stdout, "The database database.url names did not exist: created it (%s).\n", config.Redacted(cfg.Database.URL))
			}
		}
		if seedOnly {
			logger := c.logger(cfg)
			s, err := service.Open(ctx, cfg, logger, service.OpenOptions{NoWorkers: true, Postgres: pg, Prepare: exampleTables(cfg, logger)})
			if err != nil {
				return err
			}
			defer s.Close(context.WithoutCancel(ctx))
			if err := demo.Seed(ctx, s.Pool, s.Blobs, s.Logger); err != nil {
				return err
			}
			fmt.Fprintln(c.stdout, "Example tables created and seeded.")
			return nil
		}
		opts := service.OpenOptions{Postgres: pg, Prepare: exampleTables(cfg, c.logger(cfg))}
		return serve(ctx, c, cfg, opts, func(s *service.Service, addr string) error {
			if !noSeed {
				if err := demo.Seed(ctx, s.Pool, s.Blobs, s.Logger); err != nil {
					return err
				}
				go demo.Trickle(ctx, s.Pool, s.Blobs, s.Logger)
			}
			fmt.Fprintf(c.stdout, "\nLethe demo is running.\n  Dashboard: http://%s/\n  River UI:  http://%s/riverui/\nPress Ctrl-C to stop.\n\n", addr, addr)
			return nil
		})
	}
	return cmd
}

// exampleTables returns the service's Prepare step for the demo: it creates
// the example tables the demo's policies work on, when missing, and their
// entities' late-write guards, before the service checks the guards.
func exampleTables(cfg *config.Config, logger *slog.Logger) func(ctx context.Context, pool *pgxpool.Pool) error {
	return func(ctx context.Context, pool *pgxpool.Pool) error {
		applied, err := schema.Apply(ctx, pool)
		if err != nil {
			return err
		}
		if len(applied) > 0 {
			logger.InfoContext(ctx, "Created the example tables", slog.Any("versions", applied))
		}
		changes, unresolved, err := entity.InstallGuards(ctx, pool, pool, cfg)
		if err = errors.Join(err, unresolved); err != nil {
			return fmt.Errorf("install the example entities' guards: %w", err)
		}
		service.LogGuardChanges(ctx, logger, changes)
		return nil
	}
}
