// Package service wires Lethe together: configuration → database and blob
// store → River client with every worker and periodic job → HTTP server. The
// binary's serve and demo commands, and the end-to-end tests, run it. The
// other commands take only the parts they need: OpenPool, OpenBlobs and
// NewInsertOnlyClient.
package service

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertype"

	"github.com/lethehq/lethe/blob"
	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/entity"
	"github.com/lethehq/lethe/internal/metrics"
	"github.com/lethehq/lethe/internal/pgboot"
	"github.com/lethehq/lethe/migrations"
	"github.com/lethehq/lethe/web"
	"github.com/lethehq/lethe/workers"
)

// Service is a running Lethe: a pool, a blob store, a River client and an
// HTTP server.
type Service struct {
	Config  *config.Config
	Logger  *slog.Logger
	Pool    *pgxpool.Pool
	Blobs   blob.Store
	Metrics *metrics.Metrics
	River   *river.Client[pgx.Tx]
	Web     *web.Server
	// Periodics are the policies' periodic jobs as the service started
	// (overrides applied then); later schedule overrides move River's jobs
	// but leave these.
	Periodics []workers.Periodic

	// HardStop, when closed (a second SIGINT or SIGTERM), ends Serve's
	// graceful stop at once: running jobs are cancelled instead of getting
	// the rest of shutdown_grace. Nil means only the grace ends it.
	HardStop <-chan struct{}
	// Version is what the process reports as its version in the fleet
	// (lethe_processes); empty: the module version of the build.
	Version string

	working   bool             // the River client works jobs and has periodic jobs
	overrides config.Overrides // as applied by Open, for Serve to follow
}

// ErrJobsCancelled is what Serve returns when its stop had to cancel
// running jobs: shutdown_grace ran out, or HardStop closed. River makes
// those jobs available again and they run on the next start.
var ErrJobsCancelled = errors.New("running jobs cancelled")

// OpenOptions tune Open.
type OpenOptions struct {
	// NoWorkers builds an insert-only River client, for a process that only
	// enqueues or reads jobs.
	NoWorkers bool

	// Postgres says how to find a server when cfg.Database.URL is empty
	// (see DatabaseURL). The zero value only connects to 127.0.0.1:5432;
	// the demo sets StartCluster and Install.
	Postgres pgboot.Options

	// Prepare, when set, runs after the migrations and before the
	// late-write guards are checked: the demo creates its example tables
	// there, so a new database starts without a warning about them.
	Prepare func(ctx context.Context, pool *pgxpool.Pool) error
}

// Open connects everything cfg describes. It migrates when
// cfg.MigrateOnStart is set. Close releases what it opened.
func Open(ctx context.Context, cfg *config.Config, logger *slog.Logger, opts OpenOptions) (*Service, error) {
	s := &Service{Config: cfg, Logger: logger, Metrics: metrics.New()}
	s.Metrics.Init(cfg)
	ok := false
	defer func() {
		if !ok {
			s.Close(context.WithoutCancel(ctx))
		}
	}()

	pool, err := OpenPool(ctx, cfg, logger, opts.Postgres)
	if err != nil {
		return nil, err
	}
	s.Pool = pool
	if err := checkPrimary(ctx, pool); err != nil {
		return nil, err
	}

	if cfg.MigrateOnStart {
		applied, err := migrations.Up(ctx, pool, cfg.River.Schema)
		if err != nil {
			return nil, err
		}
		if len(applied) > 0 {
			logger.InfoContext(ctx, "Applied migrations", slog.Any("versions", applied))
		}
	}
	if opts.Prepare != nil {
		if err := opts.Prepare(ctx, pool); err != nil {
			return nil, err
		}
	}
	if err := s.guards(ctx); err != nil {
		return nil, err
	}

	if s.Blobs, err = OpenBlobs(ctx, cfg.Blob); err != nil {
		return nil, err
	}
	s.Blobs = s.Metrics.CountBlobErrors(s.Blobs)
	if !opts.NoWorkers && cfg.Ledger.On() {
		s.checkLedger(ctx)
	}

	// Overrides apply before the periodic jobs are built, so a restart
	// keeps them.
	if s.overrides, err = s.loadOverrides(ctx); err != nil {
		return nil, err
	}
	s.Periodics = workers.Periodics(cfg)
	s.working = !opts.NoWorkers
	riverConfig := newRiverConfig(cfg, logger)
	if !opts.NoWorkers {
		riverWorkers := river.NewWorkers()
		if err := workers.Register(riverWorkers, s.Deps()); err != nil {
			return nil, fmt.Errorf("register workers: %w", err)
		}
		riverConfig.Workers = riverWorkers
		riverConfig.Queues = map[string]river.QueueConfig{river.QueueDefault: {MaxWorkers: cfg.River.MaxWorkers}}
		if riverConfig.PeriodicJobs, err = PeriodicJobs(s.Periodics); err != nil {
			return nil, err
		}
	}
	if s.River, err = river.NewClient(riverpgxv5.New(pool), riverConfig); err != nil {
		return nil, fmt.Errorf("create river client: %w", err)
	}

	if s.Web, err = web.New(web.Options{
		Config: cfg, Pool: pool, River: s.River, Metrics: s.Metrics, Logger: logger, Blobs: s.Blobs,
		RunNow: s.RunNow,
	}); err != nil {
		return nil, err
	}
	ok = true
	return s, nil
}

// OpenPool connects a pool to the database DatabaseURL finds with pg. It
// neither migrates nor starts anything else. The pool holds at most
// database.max_conns - 1 connections: River's listener takes one more of
// its own (it hijacks a pool connection for LISTEN, and the pool may then
// open another), so a serving process never exceeds database.max_conns.
// Idle connections close after database.max_conn_idle_time, a server
// without a free slot is waited for, and every connection starts with
// database.lock_timeout and database.statement_timeout (db.ConnectPool).
func OpenPool(ctx context.Context, cfg *config.Config, logger *slog.Logger, pg pgboot.Options) (*pgxpool.Pool, error) {
	url, err := DatabaseURL(ctx, cfg, logger, pg)
	if err != nil {
		return nil, err
	}
	return db.ConnectPool(ctx, url, db.PoolOptions{
		MaxConns:         cfg.Database.MaxConns - 1,
		MaxConnIdleTime:  cfg.Database.MaxConnIdleTime.D(),
		Logger:           logger,
		LockTimeout:      cfg.Database.LockTimeout.D(),
		StatementTimeout: cfg.Database.StatementTimeout.D(),
	})
}

// NewInsertOnlyClient returns a River client on pool that inserts and reads
// jobs but works none: the jobs it inserts are worked by `lethe serve`.
func NewInsertOnlyClient(cfg *config.Config, pool *pgxpool.Pool, logger *slog.Logger) (*river.Client[pgx.Tx], error) {
	client, err := river.NewClient(riverpgxv5.New(pool), newRiverConfig(cfg, logger))
	if err != nil {
		return nil, fmt.Errorf("create insert-only river client: %w", err)
	}
	return client, nil
}

// newRiverConfig is the River configuration of every client: its tables in
// cfg.River.Schema, and without workers, queues or periodic jobs it is
// insert-only.
func newRiverConfig(cfg *config.Config, logger *slog.Logger) *river.Config {
	return &river.Config{
		Logger:               slog.New(quietHandler{logger.Handler()}).With(slog.String("component", "river")),
		Schema:               cfg.River.Schema,
		JobTimeout:           cfg.River.JobTimeout.D(),
		RescueStuckJobsAfter: cfg.River.RescueStuckJobsAfter.D(),
		FetchCooldown:        cfg.River.FetchCooldown.D(),
		Middleware:           []rivertype.Middleware{&workers.LockWaitMiddleware{}},
	}
}

// Deps are the workers' dependencies on s: what its River workers get, and
// what a command that runs a job's work in process passes.
func (s *Service) Deps() *workers.Deps {
	return &workers.Deps{Config: s.Config, Pool: s.Pool, Blobs: s.Blobs, Logger: s.Logger, Metrics: s.Metrics}
}

// DatabaseURL returns cfg.Database.URL (config fills it from DATABASE_URL)
// or, when it is empty, the "lethe" database, created when missing, on the
// server pgboot.Resolve finds with pg. Without pg.StartCluster that is
// only a server already answering at pg.LocalAddr (127.0.0.1:5432): nothing
// is installed or started, and when nothing answers the error says to set
// database.url.
func DatabaseURL(ctx context.Context, cfg *config.Config, logger *slog.Logger, pg pgboot.Options) (string, error) {
	if cfg.Database.URL != "" {
		return cfg.Database.URL, nil
	}
	pg.Logger = cmp.Or(pg.Logger, logger)
	srv, err := pgboot.Resolve(ctx, pg)
	if errors.Is(err, pgboot.ErrNoServer) && !pg.StartCluster {
		return "", fmt.Errorf("no database: database.url is empty, DATABASE_URL is unset and nothing answers at %s; set database.url (%w)",
			cmp.Or(pg.LocalAddr, pgboot.LocalAddr), err)
	}
	if err != nil {
		return "", err
	}
	url, err := pgboot.EnsureDatabase(ctx, srv.URL, "lethe")
	if err != nil {
		return "", err
	}
	logger.InfoContext(ctx, "Resolved PostgreSQL", slog.String("source", srv.Source), slog.String("url", config.Redacted(url)))
	return url, nil
}

// OpenBlobs builds the configured blob store.
func OpenBlobs(ctx context.Context, cfg config.Blob) (blob.Store, error) {
	switch cfg.Kind {
	case "s3":
		store, err := blob.NewS3(ctx, blob.S3Options{
			Endpoint: cfg.S3.Endpoint, Region: cfg.S3.Region, Bucket: cfg.S3.Bucket, PathStyle: cfg.S3.PathStyle,
			AccessKeyID: cfg.S3.AccessKeyID, SecretAccessKey: cfg.S3.SecretAccessKey, CreateBucket: cfg.S3.CreateBucket,
			DeleteConcurrency: cfg.DeleteConcurrency,
		})
		if err != nil {
			return nil, fmt.Errorf("open s3 blob store: %w", err)
		}
		return store, nil
	default:
		store, err := blob.NewLocal(cfg.Local.Dir)
		if err != nil {
			return nil, fmt.Errorf("open local blob store: %w", err)
		}
		store.SetDeleteConcurrency(cfg.DeleteConcurrency)
		return store, nil
	}
}

// PeriodicJobs turns the policies' periodic jobs into River's. Each is unique
// among the jobs of its policy not finished yet (workers.PeriodicInsertOpts),
// so a firing while the last run is still going, or stuck, inserts nothing.
func PeriodicJobs(periodics []workers.Periodic) ([]*river.PeriodicJob, error) {
	out := make([]*river.PeriodicJob, 0, len(periodics))
	for _, p := range periodics {
		schedule, err := config.ParseSchedule(p.Schedule)
		if err != nil {
			return nil, fmt.Errorf("policy %s: %s schedule: %w", p.Policy, p.Name, err)
		}
		args := p.Args
		out = append(out, river.NewPeriodicJob(schedule, func() (river.JobArgs, *river.InsertOpts) {
			return args, workers.PeriodicInsertOpts()
		}, &river.PeriodicJobOpts{ID: p.ID(), RunOnStart: true}))
	}
	return out, nil
}

// RunNow inserts the periodic jobs of policy right away (the dashboard's
// "run now" and the CLI).
func (s *Service) RunNow(ctx context.Context, policy string) ([]int64, error) {
	var params []river.InsertManyParams
	for _, p := range s.Periodics {
		if p.Policy == policy && p.Main {
			params = append(params, river.InsertManyParams{Args: p.Args, InsertOpts: workers.PeriodicInsertOpts()})
		}
	}
	if len(params) == 0 {
		return nil, fmt.Errorf("policy %s has %w", policy, web.ErrNothingToRun)
	}
	res, err := s.River.InsertMany(ctx, params)
	if err != nil {
		return nil, fmt.Errorf("insert run-now jobs for %s: %w", policy, err)
	}
	ids := make([]int64, 0, len(res))
	for _, r := range res {
		ids = append(ids, r.Job.ID)
	}
	return ids, nil
}

// riverStartBackoff is how long Serve waits before it starts River again
// after a start that ran out of connections, doubling up to the maximum.
const (
	riverStartBackoff    = time.Second
	riverStartBackoffMax = 30 * time.Second
)

// startRiver starts River's work on runCtx. River gives each queue's start
// ten seconds; a server with no connection slot free for that long fails
// the start, which is tried again with backoff (logged once at WARN, and
// at INFO when it succeeds) until ctx ends: a busy server delays Lethe,
// it does not stop it. Any other failure returns at once.
func (s *Service) startRiver(ctx, runCtx context.Context) error {
	var (
		waiting time.Time
		backoff = riverStartBackoff
	)
	for {
		err := s.River.Start(runCtx)
		switch {
		case err == nil:
			if !waiting.IsZero() {
				s.Logger.InfoContext(ctx, "River started after waiting for the database", slog.Float64("waited_seconds", time.Since(waiting).Seconds()))
			}
			return nil
		case !db.IsConnectionShortage(err) || ctx.Err() != nil:
			return err
		case waiting.IsZero():
			waiting = time.Now()
			s.Logger.WarnContext(ctx, "River could not start: the database gave it no connection in time; trying again until it does",
				slog.String("error", err.Error()))
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("gave up waiting for the database: %w", err)
		case <-time.After(backoff + rand.N(backoff/2)):
		}
		backoff = min(2*backoff, riverStartBackoffMax)
	}
}

// Serve works jobs and serves HTTP on ln until ctx is cancelled, then shuts
// down gracefully: stop fetching jobs, let running ones finish within
// cfg.ShutdownGrace (or until HardStop closes), then cancel them and return
// ErrJobsCancelled.
func (s *Service) Serve(ctx context.Context, ln net.Listener) error {
	runCtx, cancelRun := context.WithCancel(context.WithoutCancel(ctx))
	defer cancelRun()

	if err := s.startRiver(ctx, runCtx); err != nil {
		return fmt.Errorf("start river: %w", err)
	}
	s.observeJobs(runCtx)
	followed := make(chan struct{})
	go func() {
		defer close(followed)
		if s.working {
			s.followOverrides(runCtx, s.overrides)
		}
	}()
	beating := make(chan struct{})
	go func() {
		defer close(beating)
		if s.working {
			s.heartbeat(runCtx)
		}
	}()
	defer func() { cancelRun(); <-followed; <-beating }()
	if err := s.Web.Start(runCtx); err != nil {
		return err
	}
	httpServer := web.NewHTTPServer(s.Web)
	httpErr := make(chan error, 1)
	go func() { httpErr <- httpServer.Serve(ln) }()

	s.Logger.InfoContext(ctx, "Lethe serving",
		slog.String("url", "http://"+ln.Addr().String()+"/"),
		slog.String("riverui", "http://"+ln.Addr().String()+"/riverui/"),
		slog.Int("policies", len(s.Config.Policies)),
		slog.Int("periodic_jobs", len(s.Periodics)))

	var serveErr error
	select {
	case <-ctx.Done():
	case err := <-httpErr:
		serveErr = fmt.Errorf("http server: %w", err)
	}

	if err := s.stop(httpServer); err != nil {
		return errors.Join(serveErr, err)
	}
	return serveErr
}

// stop shuts down gracefully: it stops accepting requests and fetching jobs
// and gives running jobs shutdown_grace to finish. When the grace runs out
// or HardStop closes first, it cancels them (River's StopAndCancel, which
// puts each back to available) and returns ErrJobsCancelled.
func (s *Service) stop(httpServer *http.Server) error {
	grace := s.Config.ShutdownGrace.D()
	s.Logger.Info("Shutting down; a second signal stops at once", slog.Float64("grace_seconds", grace.Seconds()))
	// The sweep's documented shutdown line.
	workers.SweepStopping(s.Logger, s.Config)
	graceCtx, cancel := context.WithTimeoutCause(context.Background(), grace, errGraceOver)
	defer cancel()
	if s.HardStop != nil {
		go func() {
			select {
			case <-s.HardStop:
				cancel()
			case <-graceCtx.Done():
			}
		}()
	}
	// Requests and jobs wind down together: River stops fetching at once,
	// not after the last request.
	httpDone := make(chan struct{})
	go func() {
		defer close(httpDone)
		_ = httpServer.Shutdown(graceCtx)
	}()
	err := s.River.Stop(graceCtx)
	<-httpDone
	if err == nil {
		s.Logger.Info("Stopped")
		return nil
	}
	why := "second signal"
	if errors.Is(context.Cause(graceCtx), errGraceOver) {
		why = "shutdown_grace ran out"
	}
	s.Logger.Warn("Cancelling running jobs; River makes them available again", slog.String("reason", why), slog.Float64("grace_seconds", grace.Seconds()))
	hardCtx, hardCancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer hardCancel()
	if err := s.River.StopAndCancel(hardCtx); err != nil {
		s.Logger.Error("Jobs still running after their cancellation", slog.String("error", err.Error()))
	}
	s.Logger.Info("Stopped", slog.String("reason", why))
	return fmt.Errorf("%w: %s", ErrJobsCancelled, why)
}

// errGraceOver is the cause of the graceful stop's end when shutdown_grace
// runs out, as opposed to a second signal.
var errGraceOver = errors.New("shutdown_grace ran out")

// observeJobs counts job outcomes and times for /metrics.
func (s *Service) observeJobs(ctx context.Context) {
	events, cancel := s.River.Subscribe(river.EventKindJobCompleted, river.EventKindJobFailed, river.EventKindJobCancelled, river.EventKindJobSnoozed)
	go func() {
		defer cancel()
		for {
			select {
			case <-ctx.Done():
				return
			case ev, ok := <-events:
				if !ok {
					return
				}
				s.Metrics.ObserveJob(ev)
			}
		}
	}()
}

// Close releases the pool. A private PostgreSQL cluster started by Open is
// left running on purpose: the next start reuses it at once.
func (s *Service) Close(ctx context.Context) {
	if s.Pool != nil {
		s.Pool.Close()
	}
}

// quietHandler passes River's own INFO chatter (producer job counts every
// few seconds) only when the logger is at debug level; warnings and errors
// always pass.
type quietHandler struct{ slog.Handler }

func (h quietHandler) Enabled(ctx context.Context, level slog.Level) bool {
	if level < slog.LevelWarn && !h.Handler.Enabled(ctx, slog.LevelDebug) {
		return false
	}
	return h.Handler.Enabled(ctx, level)
}

func (h quietHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	return quietHandler{h.Handler.WithAttrs(attrs)}
}

func (h quietHandler) WithGroup(name string) slog.Handler {
	return quietHandler{h.Handler.WithGroup(name)}
}

// guards brings the late-write guards of the configured entities up to date
// when migrate_on_start is set, and otherwise refuses to start while they
// are missing or stale: deleting an entity whose tables take writes
// unguarded could let it come back. An entity whose tables do not exist yet
// is logged and left for later. The guards of an entity the configuration
// does not declare stay, with a warning: only `lethe guards remove` drops
// them.
func (s *Service) guards(ctx context.Context) error {
	if s.Config.MigrateOnStart {
		changes, unresolved, err := entity.InstallGuards(ctx, s.Pool, s.Pool, s.Config)
		if err != nil {
			return fmt.Errorf("install late-write guards: %w", err)
		}
		LogGuardChanges(ctx, s.Logger, changes)
		if unresolved != nil {
			s.Logger.WarnContext(ctx, "Entities without late-write guards", slog.String("error", unresolved.Error()))
		}
		return nil
	}
	changes, unresolved, err := entity.CheckGuards(ctx, s.Pool, s.Config)
	if err != nil {
		return fmt.Errorf("check late-write guards: %w", err)
	}
	if unresolved != nil {
		s.Logger.WarnContext(ctx, "Entities without late-write guards", slog.String("error", unresolved.Error()))
	}
	var (
		undeclared []entity.GuardChange
		behind     []string
	)
	for _, c := range changes {
		if c.Action == "undeclared" {
			// Harmless to start with: it refuses writes for keys deleted
			// while it was declared.
			undeclared = append(undeclared, c)
			continue
		}
		behind = append(behind, c.String())
	}
	LogGuardChanges(ctx, s.Logger, undeclared)
	if len(behind) > 0 {
		return fmt.Errorf("late-write guards are not current (%s): run `lethe guards install`, or set migrate_on_start", strings.Join(behind, "; "))
	}
	return nil
}

// LogGuardChanges logs what installing the guards changed (guards added or
// replaced at info, dropped at warn) and, at warn, the guards no
// declaration asks for: one line per guard on a table its entity no longer
// lists (installing drops it), and one per entity the configuration does
// not declare, naming its tables (they stay until `lethe guards remove`).
func LogGuardChanges(ctx context.Context, logger *slog.Logger, changes []entity.GuardChange) {
	var (
		entities []string
		tables   = map[string][]string{}
	)
	for _, c := range changes {
		attrs := []any{slog.String("entity", c.Entity), slog.String("table", c.Table)}
		switch {
		case !c.EntityDeclared:
			if _, ok := tables[c.Entity]; !ok {
				entities = append(entities, c.Entity)
			}
			tables[c.Entity] = append(tables[c.Entity], c.Table)
		case c.Action == "drop":
			logger.WarnContext(ctx, "Late-write guard dropped: its entity's declaration no longer lists the table", attrs...)
		case c.Action == "undeclared":
			logger.WarnContext(ctx, "Late-write guard on a table its entity's declaration no longer lists; lethe guards install drops it", attrs...)
		default:
			logger.InfoContext(ctx, "Late-write guard "+c.Action, attrs...)
		}
	}
	for _, name := range entities {
		logger.WarnContext(ctx, "Late-write guards of an entity the configuration does not declare; left in place",
			slog.String("entity", name), slog.Any("tables", tables[name]), slog.String("fix", entity.GuardsRemoveCommand+" "+name))
	}
}
