package main

import (
	"context"
	"fmt"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/internal/demo"
	"github.com/lethehq/lethe/internal/service"
)

func demoCommand() command {
	cmd := command{
		name:    "demo",
		summary: "Run Lethe with seeded example data on the embedded configuration or --config's, faster schedules, and PostgreSQL found or started for you.",
		usage:   "[--config file] [--listen host:port] [--no-seed]",
	}
	cmd.run = func(ctx context.Context, c *cli, args []string) error {
		var (
			configPath, listen string
			noSeed             bool
		)
		fs := c.flags(cmd, nil)
		fs.StringVar(&configPath, "config", "", "configuration file (default: the embedded configuration, blobs in .lethe/blobs)")
		fs.StringVar(&listen, "listen", "", "HTTP listen address (default: http.listen, 127.0.0.1:8080 in the embedded configuration)")
		fs.BoolVar(&noSeed, "no-seed", false, "do not seed example data")
		if err := parseNoArgs(fs, args); err != nil {
			return err
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
		return serve(ctx, c, cfg, pg, func(s *service.Service, addr string) error {
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
