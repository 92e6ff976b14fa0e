package main

import (
	"context"
	"fmt"
	"net"
	"runtime/debug"
	"strings"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/internal/service"
)

func serveCommand() command {
	cmd := command{
		name:    "serve",
		summary: "Run the worker pool, periodic jobs, dashboard, API and River UI until SIGINT/SIGTERM.",
		usage:   "[--config lethe.yaml] [--listen host:port]",
	}
	cmd.run = func(ctx context.Context, c *cli, args []string) error {
		var configPath, listen string
		fs := c.flags(cmd, &configPath)
		fs.StringVar(&listen, "listen", "", "HTTP listen address, `host:port` (overrides http.listen)")
		if err := parseNoArgs(fs, args); err != nil {
			return err
		}
		cfg, err := c.loadConfig(fs, configPath)
		if err != nil {
			return err
		}
		if listen != "" {
			cfg.HTTP.Listen = listen
			if err := cfg.Validate(); err != nil {
				return err
			}
		}
		return serve(ctx, c, cfg, service.OpenOptions{Postgres: c.postgres()}, nil)
	}
	return cmd
}

// serve opens the service with opts (opts.Postgres finds PostgreSQL when cfg
// names no database), calls ready (when set) once it listens, and runs it until ctx is
// cancelled.
func serve(ctx context.Context, c *cli, cfg *config.Config, opts service.OpenOptions, ready func(s *service.Service, addr string) error) error {
	logger := c.logger(cfg)
	svc, err := service.Open(ctx, cfg, logger, opts)
	if err != nil {
		return err
	}
	defer svc.Close(context.WithoutCancel(ctx))
	svc.HardStop = c.hardStop
	info, _ := debug.ReadBuildInfo()
	svc.Version = strings.TrimPrefix(version(info), "lethe ")

	ln, err := net.Listen("tcp", cfg.HTTP.Listen)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", cfg.HTTP.Listen, err)
	}
	if ready != nil {
		if err := ready(svc, ln.Addr().String()); err != nil {
			ln.Close()
			return err
		}
	}
	return svc.Serve(ctx, ln)
}
