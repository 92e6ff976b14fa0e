package pgboot

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"time"

	"github.com/jackc/pgx/v5"
)

// replicationConf is added to a replicated primary's settings: WAL a
// standby can replay, and senders for it.
const replicationConf = `# A primary with a streaming standby (StartReplicated).
wal_level = replica
max_wal_senders = 4
hot_standby = on
`

// Replicated is a private primary with one hot standby streaming from it,
// for tests of what Lethe does with replicas: both listen on loopback
// ports of their own, and Stop removes both clusters.
type Replicated struct {
	Primary *Server
	Standby *Server
	dir     string
}

// StartReplicated creates a primary in dir/primary (initdb, wal_level
// replica), starts it, clones it with pg_basebackup -R into dir/standby and
// starts that as a hot standby. dir must not hold clusters yet. Under root
// both run as the postgres system user (see Server). It never installs
// anything.
func StartReplicated(ctx context.Context, dir string, logger *slog.Logger) (r *Replicated, err error) {
	return StartReplicatedWith(ctx, dir, "", logger)
}

// StartReplicatedWith is StartReplicated with primaryConf added to the
// primary's settings (lines of postgresql.conf; the standby has its own):
// an extension's shared_preload_libraries, say.
func StartReplicatedWith(ctx context.Context, dir, primaryConf string, logger *slog.Logger) (r *Replicated, err error) {
	logger = cmp.Or(logger, slog.New(slog.DiscardHandler))
	binDir, err := ServerBinDir(ctx, false, logger)
	if err != nil {
		return nil, err
	}
	if dir, err = filepath.Abs(dir); err != nil {
		return nil, fmt.Errorf("replicated clusters dir: %w", err)
	}
	runAs, err := serverAccount(ctx, logger)
	if err != nil {
		return nil, fmt.Errorf("replicated clusters in %s: %w", dir, err)
	}
	if err := prepareDataDir(dir, runAs, logger); err != nil {
		return nil, fmt.Errorf("replicated clusters in %s: %w", dir, err)
	}
	r = &Replicated{dir: dir}
	defer func() {
		if err != nil {
			err = errors.Join(err, r.Stop(context.WithoutCancel(ctx)))
			r = nil
		}
	}()

	primary := &Server{Source: SourcePrivate, dataDir: filepath.Join(dir, "primary"), binDir: binDir, runAs: runAs, logger: logger}
	if err := prepareDataDir(primary.dataDir, runAs, logger); err != nil {
		return r, fmt.Errorf("primary in %s: %w", primary.dataDir, err)
	}
	if err := initCluster(ctx, primary); err != nil {
		return r, err
	}
	r.Primary = primary
	if err := startCluster(ctx, primary, replicationConf+primaryConf); err != nil {
		return r, err
	}

	standby := &Server{Source: SourcePrivate, dataDir: filepath.Join(dir, "standby"), binDir: binDir, runAs: runAs, logger: logger}
	port, err := runningPort(primary.dataDir)
	if err != nil {
		return r, err
	}
	if _, err := runAs.run(ctx, filepath.Join(binDir, "pg_basebackup"),
		"-h", "127.0.0.1", "-p", fmt.Sprint(port), "-U", "postgres",
		"-D", standby.dataDir, "-R", "-X", "stream", "-c", "fast"); err != nil {
		return r, fmt.Errorf("clone the primary into %s: %w", standby.dataDir, err)
	}
	r.Standby = standby
	// The clone carries the primary's lethe.conf: its port is taken, and
	// the standby picks one of its own.
	if err := os.Remove(filepath.Join(standby.dataDir, confFile)); err != nil {
		return r, fmt.Errorf("standby in %s: %w", standby.dataDir, err)
	}
	if err := startCluster(ctx, standby, replicationConf); err != nil {
		return r, err
	}
	return r, nil
}

// startCluster writes the settings of an initialised cluster, with extra
// appended, starts it and waits until it answers.
func startCluster(ctx context.Context, srv *Server, extra string) error {
	port, err := choosePort(srv.dataDir)
	if err != nil {
		return fmt.Errorf("cluster in %s: %w", srv.dataDir, err)
	}
	if err := writeConf(srv.dataDir, port, srv.runAs); err != nil {
		return fmt.Errorf("cluster in %s: %w", srv.dataDir, err)
	}
	f, err := os.OpenFile(filepath.Join(srv.dataDir, confFile), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		return fmt.Errorf("cluster in %s: %w", srv.dataDir, err)
	}
	_, err = f.WriteString(extra)
	if err = errors.Join(err, f.Close()); err != nil {
		return fmt.Errorf("cluster in %s: %w", srv.dataDir, err)
	}
	logFile := filepath.Join(srv.dataDir, "postgres.log")
	srv.logger.Info("pgboot: starting PostgreSQL", slog.String("data_dir", srv.dataDir), slog.Int("port", port))
	if _, err := srv.runAs.run(ctx, filepath.Join(srv.binDir, "pg_ctl"), "start", "-D", srv.dataDir, "-l", logFile, "-w", "-t", "120"); err != nil {
		tail, _ := os.ReadFile(logFile)
		return fmt.Errorf("start cluster in %s: %w; server log: %s", srv.dataDir, err, lastLines(tail, 5))
	}
	srv.started = true
	srv.URL = privateURL(port)
	return ping(ctx, srv.URL)
}

// Stop stops the standby and the primary and removes their directory.
func (r *Replicated) Stop(ctx context.Context) error {
	var errs []error
	for _, srv := range []*Server{r.Standby, r.Primary} {
		if srv != nil {
			errs = append(errs, srv.Stop(ctx))
		}
	}
	errs = append(errs, os.RemoveAll(r.dir))
	return errors.Join(errs...)
}

// SetReplayPaused pauses (pg_wal_replay_pause) or resumes
// (pg_wal_replay_resume) the standby's replay and waits until it took
// effect.
func (r *Replicated) SetReplayPaused(ctx context.Context, paused bool) error {
	conn, err := pgx.Connect(ctx, r.Standby.URL)
	if err != nil {
		return fmt.Errorf("connect to the standby: %w", err)
	}
	defer conn.Close(context.WithoutCancel(ctx))
	call, want := "pg_wal_replay_resume()", "not paused"
	if paused {
		call, want = "pg_wal_replay_pause()", "paused"
	}
	if _, err := conn.Exec(ctx, "SELECT "+call); err != nil {
		return fmt.Errorf("standby: %s: %w", call, err)
	}
	for {
		var state string
		if err := conn.QueryRow(ctx, `SELECT pg_get_wal_replay_pause_state()`).Scan(&state); err != nil {
			return fmt.Errorf("standby: replay pause state: %w", err)
		}
		if state == want {
			return nil
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("standby: replay still %q: %w", state, ctx.Err())
		case <-time.After(20 * time.Millisecond):
		}
	}
}
