// Package pgboot finds a PostgreSQL server and, for the demo, the benchmarks and the tests only,
// starts a private one when there is none.
//
// Resolve tries, in order:
//
//  1. DATABASE_URL, returned as is once it answers a ping;
//  2. postgres://postgres@127.0.0.1:5432/postgres (then the current OS user instead of postgres);
//  3. with Options.StartCluster only, a private cluster in Options.DataDir, started from the
//     installed server binaries (pg_ctl, initdb, postgres), which are installed with apt-get
//     when missing, if Options.Install allows it and the process runs as root.
//
// Without StartCluster, Resolve only connects to servers that already answer: it never installs
// packages, creates users, changes permissions or starts a server. That is how `lethe serve` uses
// it.
//
// The private cluster listens on 127.0.0.1 only, trusts every local connection and keeps its unix
// socket inside its data directory. Its port is recorded in the data directory so a restart keeps
// the same URL. PostgreSQL refuses to run as root, so under root the cluster belongs to the
// postgres system user (or a lethe system user created for it) and every server command runs
// through runuser or su.
//
// Example:
//
//	srv, err := pgboot.Resolve(ctx, pgboot.Options{Logger: logger, StartCluster: true, Install: true})
//	if err != nil {
//		return err
//	}
//	defer srv.Stop(context.WithoutCancel(ctx))
//	pool, err := pgxpool.New(ctx, srv.URL)
package pgboot

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net"
	"net/url"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"
)

// Sources a Server can come from, as reported in Server.Source.
const (
	SourceEnv     = "DATABASE_URL"
	SourceLocal   = "127.0.0.1:5432"
	SourcePrivate = "private"
)

// ErrNoServer is wrapped by the error Resolve returns when no server answers and it may not
// start one.
var ErrNoServer = errors.New("no PostgreSQL found")

const (
	// LocalAddr is the address of the conventional local server tried when DATABASE_URL is
	// unset.
	LocalAddr = "127.0.0.1:5432"

	// pingTimeout bounds every probe of a server that may not be there.
	pingTimeout = 5 * time.Second

	// confFile holds the settings pgboot owns, included from postgresql.conf.
	confFile = "lethe.conf"

	// maxSocketPath is the longest unix socket path the kernel accepts (sun_path less the NUL).
	maxSocketPath = 107

	// serviceUser is created to own the cluster when running as root on a machine without a
	// postgres system user.
	serviceUser = "lethe"
)

// Options configures Resolve.
type Options struct {
	// DataDir is where a private cluster lives. Default: $XDG_CACHE_HOME/lethe/pg, else
	// ~/.cache/lethe/pg.
	DataDir string

	// Logger receives what pgboot does (Info) and what it probes (Debug). Default: discard.
	Logger *slog.Logger

	// LocalAddr is the host:port of the conventional local server. Default: LocalAddr
	// (127.0.0.1:5432).
	LocalAddr string

	// StartCluster lets Resolve start (or reuse) a private cluster in DataDir when neither
	// DATABASE_URL nor LocalAddr gives a server. Doing so may create a system user to own the
	// cluster and grant it access to the directories above DataDir. Without it, Resolve only
	// connects to servers that already answer.
	StartCluster bool

	// Install allows `apt-get install -y postgresql` when StartCluster needs the server binaries,
	// they are missing and the process runs as root. It has no effect without StartCluster.
	Install bool

	// Announce, when set, is told in one sentence what Resolve is about to do before it starts
	// a private cluster, and installs PostgreSQL first if it will.
	Announce func(plan string)
}

// Server is a PostgreSQL server that answered.
type Server struct {
	// URL connects as a superuser to an existing database.
	URL string

	// Source says where the server came from: SourceEnv, SourceLocal or SourcePrivate.
	Source string

	// Set for private clusters only.
	dataDir string
	binDir  string
	runAs   *account
	started bool // this Server started the cluster, so Stop stops it
	logger  *slog.Logger
}

// Resolve returns the first PostgreSQL server that answers, in the order given in the package
// documentation. The error names everything that was tried; it wraps ErrNoServer when nothing
// answered and opts did not allow starting a cluster.
func Resolve(ctx context.Context, opts Options) (*Server, error) {
	logger := cmp.Or(opts.Logger, slog.New(slog.DiscardHandler))
	addr := cmp.Or(opts.LocalAddr, LocalAddr)

	if envURL := os.Getenv("DATABASE_URL"); envURL != "" {
		if err := ping(ctx, envURL); err != nil {
			return nil, fmt.Errorf("DATABASE_URL is set but its server does not answer: %w", err)
		}
		logger.Debug("pgboot: using DATABASE_URL")
		return &Server{URL: envURL, Source: SourceEnv}, nil
	}
	tried := []string{"DATABASE_URL unset"}

	local, err := Local(ctx, addr)
	if err == nil {
		logger.Debug("pgboot: using local server", slog.String("url", local.URL))
		return local, nil
	}
	tried = append(tried, describeProbe(addr, err))
	if !opts.StartCluster {
		return nil, fmt.Errorf("%w: %s", ErrNoServer, strings.Join(tried, ", "))
	}
	notFound := func(err error) error {
		tried = append(tried, err.Error())
		return fmt.Errorf("%w: %s", ErrNoServer, strings.Join(tried, ", "))
	}

	dataDir := opts.DataDir
	if dataDir == "" {
		if dataDir, err = defaultDataDir(); err != nil {
			return nil, notFound(err)
		}
	}
	if opts.Announce != nil {
		plan := fmt.Sprintf("DATABASE_URL is unset and no PostgreSQL answers at %s: starting a private cluster in %s", addr, dataDir)
		if len(serverBinDirs()) == 0 && opts.Install && canInstall() {
			plan += " (installing the postgresql package with apt-get first)"
		}
		opts.Announce(plan)
	}
	binDir, err := ServerBinDir(ctx, opts.Install, logger)
	if err != nil {
		return nil, notFound(err)
	}
	srv, err := startPrivate(ctx, dataDir, binDir, logger)
	if err != nil {
		return nil, notFound(err)
	}
	return srv, nil
}

// Local returns the server at addr (default LocalAddr, 127.0.0.1:5432), connecting as the
// postgres user, else as the current OS user, once it answers a ping. It only connects.
func Local(ctx context.Context, addr string) (*Server, error) {
	u := &url.URL{
		Scheme:   "postgres",
		User:     url.User("postgres"),
		Host:     cmp.Or(addr, LocalAddr),
		Path:     "/postgres",
		RawQuery: "sslmode=disable",
	}
	err := ping(ctx, u.String())
	if err == nil {
		return &Server{URL: u.String(), Source: SourceLocal}, nil
	}
	if isRefused(err) {
		return nil, err // no server at all: another user name will not help
	}
	cur, uerr := user.Current()
	if uerr != nil || cur.Username == "postgres" {
		return nil, err
	}
	u.User = url.User(cur.Username)
	if err2 := ping(ctx, u.String()); err2 != nil {
		return nil, fmt.Errorf("as postgres: %w; as %s: %w", err, cur.Username, err2)
	}
	return &Server{URL: u.String(), Source: SourceLocal}, nil
}

// StartPrivate starts (or reuses, when it already runs) a private cluster in dataDir from the
// installed server binaries, initialising dataDir first when it holds no cluster. It never
// installs anything; see ServerBinDir for that.
//
// Several processes may call StartPrivate on the same dataDir at once: a lock file next to
// dataDir serialises them, and all but the first reuse the running cluster.
func StartPrivate(ctx context.Context, dataDir string, logger *slog.Logger) (*Server, error) {
	logger = cmp.Or(logger, slog.New(slog.DiscardHandler))
	binDir, err := ServerBinDir(ctx, false, logger)
	if err != nil {
		return nil, err
	}
	return startPrivate(ctx, dataDir, binDir, logger)
}

// Stop stops the private cluster this Server started, waiting for it to shut down. It does
// nothing for a server it did not start: DATABASE_URL, 127.0.0.1:5432, or a private cluster that
// was already running (and may be serving other processes).
func (s *Server) Stop(ctx context.Context) error {
	if !s.started {
		return nil
	}
	if _, err := s.runAs.run(ctx, filepath.Join(s.binDir, "pg_ctl"), "stop", "-D", s.dataDir, "-m", "fast", "-w", "-t", "60"); err != nil {
		return fmt.Errorf("stop private PostgreSQL in %s: %w", s.dataDir, err)
	}
	s.started = false
	s.logger.Info("pgboot: stopped private PostgreSQL", slog.String("data_dir", s.dataDir))
	return nil
}

// ping connects to connURL and pings it, giving up after pingTimeout.
func ping(ctx context.Context, connURL string) error {
	ctx, cancel := context.WithTimeout(ctx, pingTimeout)
	defer cancel()
	conn, err := pgx.Connect(ctx, connURL)
	if err != nil {
		return err
	}
	defer conn.Close(context.WithoutCancel(ctx))
	return conn.Ping(ctx)
}

func isRefused(err error) bool {
	return errors.Is(err, syscall.ECONNREFUSED)
}

func describeProbe(what string, err error) string {
	if isRefused(err) {
		return what + " refused"
	}
	return fmt.Sprintf("%s did not answer (%v)", what, err)
}

func defaultDataDir() (string, error) {
	cache, err := os.UserCacheDir() // $XDG_CACHE_HOME, else ~/.cache
	if err != nil {
		return "", fmt.Errorf("no data dir for a private cluster: %w", err)
	}
	return filepath.Join(cache, "lethe", "pg"), nil
}

// ServerBinDir returns the directory holding pg_ctl, initdb and postgres: the one pg_ctl in PATH
// lives in (symlinks resolved), else the highest /usr/lib/postgresql/*/bin. When none has them
// and install is true and the process runs as root, it installs the Debian postgresql package
// with apt-get (running apt-get update when the first attempt fails) and looks again.
func ServerBinDir(ctx context.Context, install bool, logger *slog.Logger) (string, error) {
	logger = cmp.Or(logger, slog.New(slog.DiscardHandler))
	if dirs := serverBinDirs(); len(dirs) > 0 {
		return dirs[0], nil
	}
	const missing = "server binaries not found (looked in PATH and /usr/lib/postgresql/*/bin)"
	switch {
	case !install:
		return "", errors.New(missing + " and installing was not allowed")
	case os.Geteuid() != 0:
		return "", errors.New(missing + " and not root, so not installing them")
	}
	aptGet, err := exec.LookPath("apt-get")
	if err != nil {
		return "", errors.New(missing + " and apt-get unavailable")
	}
	if err := aptInstall(ctx, aptGet, logger); err != nil {
		return "", fmt.Errorf("%s and %w", missing, err)
	}
	if dirs := serverBinDirs(); len(dirs) > 0 {
		return dirs[0], nil
	}
	return "", errors.New(missing + ", not even after apt-get install postgresql")
}

// canInstall reports whether ServerBinDir could install the server binaries: the process runs as
// root and apt-get is there.
func canInstall() bool {
	_, err := exec.LookPath("apt-get")
	return os.Geteuid() == 0 && err == nil
}

func aptInstall(ctx context.Context, aptGet string, logger *slog.Logger) error {
	install := func() ([]byte, error) {
		// Another install on the machine holds apt's lock for a while:
		// wait for it rather than fail.
		cmd := exec.CommandContext(ctx, aptGet, "-o", aptLockWait, "install", "-y", "--no-install-recommends", "postgresql")
		cmd.Env = append(os.Environ(), "DEBIAN_FRONTEND=noninteractive")
		return cmd.CombinedOutput()
	}
	logger.Info("pgboot: installing PostgreSQL server with apt-get")
	if _, err := install(); err == nil {
		return nil
	}
	logger.Info("pgboot: apt-get install failed, running apt-get update and retrying")
	if out, err := exec.CommandContext(ctx, aptGet, "-o", aptLockWait, "update").CombinedOutput(); err != nil {
		return fmt.Errorf("apt-get update failed: %w: %s", err, lastLines(out, 5))
	}
	if out, err := install(); err != nil {
		return fmt.Errorf("apt-get install -y postgresql failed: %w: %s", err, lastLines(out, 5))
	}
	return nil
}

// aptLockWait has apt wait up to 10 minutes for a lock another apt holds.
const aptLockWait = "DPkg::Lock::Timeout=600"

// serverBinDirs lists every directory holding all three server binaries, best first.
func serverBinDirs() []string {
	var dirs []string
	complete := func(dir string) bool {
		for _, name := range []string{"pg_ctl", "initdb", "postgres"} {
			if fi, err := os.Stat(filepath.Join(dir, name)); err != nil || fi.IsDir() || fi.Mode()&0o111 == 0 {
				return false
			}
		}
		return true
	}
	add := func(dir string) {
		if dir != "" && complete(dir) && !slices.Contains(dirs, dir) {
			dirs = append(dirs, dir)
		}
	}

	// pg_ctl finds postgres next to itself, so the directory that counts is the real one.
	if p, err := exec.LookPath("pg_ctl"); err == nil {
		if real, err := filepath.EvalSymlinks(p); err == nil {
			add(filepath.Dir(real))
		}
	}
	versioned, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	slices.SortFunc(versioned, func(a, b string) int { return cmp.Compare(binDirVersion(b), binDirVersion(a)) })
	for _, dir := range versioned {
		add(dir)
	}
	return dirs
}

// binDirVersion returns the version number of /usr/lib/postgresql/<version>/bin, or -1.
func binDirVersion(dir string) float64 {
	v, err := strconv.ParseFloat(filepath.Base(filepath.Dir(dir)), 64)
	if err != nil {
		return -1
	}
	return v
}

// binDirMatching prefers, for an existing cluster, the binaries of the major version that
// created it: a newer postgres cannot open an older data directory.
func binDirMatching(dataDir, binDir string) string {
	raw, err := os.ReadFile(filepath.Join(dataDir, "PG_VERSION"))
	if err != nil {
		return binDir
	}
	want := strings.TrimSpace(string(raw))
	if dir := filepath.Join("/usr/lib/postgresql", want, "bin"); slices.Contains(serverBinDirs(), dir) {
		return dir
	}
	return binDir
}

func startPrivate(ctx context.Context, dataDir, binDir string, logger *slog.Logger) (*Server, error) {
	dataDir, err := filepath.Abs(dataDir)
	if err != nil {
		return nil, fmt.Errorf("private cluster data dir: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(dataDir), 0o755); err != nil {
		return nil, fmt.Errorf("private cluster data dir: %w", err)
	}
	unlock, err := lockFile(ctx, dataDir+".lock")
	if err != nil {
		return nil, fmt.Errorf("lock private cluster %s: %w", dataDir, err)
	}
	defer unlock()

	runAs, err := serverAccount(ctx, logger)
	if err != nil {
		return nil, fmt.Errorf("private cluster in %s: %w", dataDir, err)
	}
	binDir = binDirMatching(dataDir, binDir)
	srv := &Server{Source: SourcePrivate, dataDir: dataDir, binDir: binDir, runAs: runAs, logger: logger}
	pgCtl := filepath.Join(binDir, "pg_ctl")

	if err := prepareDataDir(dataDir, runAs, logger); err != nil {
		return nil, fmt.Errorf("private cluster in %s: %w", dataDir, err)
	}

	if _, err := os.Stat(filepath.Join(dataDir, "PG_VERSION")); errors.Is(err, fs.ErrNotExist) {
		if err := initCluster(ctx, srv); err != nil {
			return nil, err
		}
	}

	// pg_ctl status: 0 running, 3 not running, 4 no usable data directory.
	if _, err := runAs.run(ctx, pgCtl, "status", "-D", dataDir); err == nil {
		port, err := runningPort(dataDir)
		if err != nil {
			return nil, fmt.Errorf("private cluster in %s runs but: %w", dataDir, err)
		}
		srv.URL = privateURL(port)
		if err := ping(ctx, srv.URL); err != nil {
			return nil, fmt.Errorf("private cluster in %s runs but does not answer on port %d: %w", dataDir, port, err)
		}
		logger.Debug("pgboot: reusing running private PostgreSQL", slog.String("data_dir", dataDir), slog.Int("port", port))
		return srv, nil
	}

	port, err := choosePort(dataDir)
	if err != nil {
		return nil, fmt.Errorf("private cluster in %s: %w", dataDir, err)
	}
	if err := writeConf(dataDir, port, runAs); err != nil {
		return nil, fmt.Errorf("private cluster in %s: %w", dataDir, err)
	}
	logFile := filepath.Join(dataDir, "postgres.log")
	logger.Info("pgboot: starting private PostgreSQL", slog.String("data_dir", dataDir), slog.Int("port", port), slog.String("bin_dir", binDir))
	if _, err := runAs.run(ctx, pgCtl, "start", "-D", dataDir, "-l", logFile, "-w", "-t", "120"); err != nil {
		tail, _ := os.ReadFile(logFile)
		return nil, fmt.Errorf("start private cluster in %s with %s: %w; server log: %s (if the cluster is damaged, remove %s)",
			dataDir, pgCtl, err, lastLines(tail, 5), dataDir)
	}
	srv.started = true
	srv.URL = privateURL(port)
	if err := ping(ctx, srv.URL); err != nil {
		stopErr := srv.Stop(context.WithoutCancel(ctx))
		return nil, errors.Join(fmt.Errorf("private cluster in %s started but does not answer on port %d: %w", dataDir, port, err), stopErr)
	}
	return srv, nil
}

func privateURL(port int) string {
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/postgres?sslmode=disable", port)
}

func initCluster(ctx context.Context, srv *Server) error {
	initdb := filepath.Join(srv.binDir, "initdb")
	srv.logger.Info("pgboot: creating private PostgreSQL cluster", slog.String("data_dir", srv.dataDir), slog.String("initdb", initdb))
	_, err := srv.runAs.run(ctx, initdb,
		"-D", srv.dataDir,
		"--username=postgres",
		"--auth=trust",
		"--encoding=UTF8",
		"--no-locale",
	)
	if err != nil {
		return fmt.Errorf("initdb private cluster in %s with %s: %w", srv.dataDir, initdb, err)
	}
	f, err := os.OpenFile(filepath.Join(srv.dataDir, "postgresql.conf"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		return fmt.Errorf("include %s in postgresql.conf: %w", confFile, err)
	}
	_, err = fmt.Fprintf(f, "\n# Settings owned by lethe (internal/pgboot).\ninclude_if_exists = '%s'\n", confFile)
	return errors.Join(err, f.Close())
}

// prepareDataDir makes dataDir usable by the account the server runs as: under root that means
// chowning it to that account and letting it search every parent directory.
func prepareDataDir(dataDir string, runAs *account, logger *slog.Logger) error {
	if err := os.MkdirAll(dataDir, 0o700); err != nil {
		return err
	}
	if runAs == nil {
		return nil
	}
	if err := grantSearch(filepath.Dir(dataDir), runAs, logger); err != nil {
		return err
	}
	fi, err := os.Stat(dataDir)
	if err != nil {
		return err
	}
	if st, ok := fi.Sys().(*syscall.Stat_t); ok && int(st.Uid) == runAs.uid {
		return nil
	}
	logger.Info("pgboot: handing data dir to the server account", slog.String("data_dir", dataDir), slog.String("user", runAs.name))
	return filepath.WalkDir(dataDir, func(path string, _ fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		return os.Lchown(path, runAs.uid, runAs.gid)
	})
}

// grantSearch adds the execute (search) bit, never the read bit, to each directory from dir up
// to / that runAs could not otherwise traverse: a root-owned 0700 parent such as /root or a test
// temp dir would keep postgres from reaching its data directory.
func grantSearch(dir string, runAs *account, logger *slog.Logger) error {
	for {
		fi, err := os.Stat(dir)
		if err != nil {
			return err
		}
		st, ok := fi.Sys().(*syscall.Stat_t)
		if !ok {
			return nil
		}
		perm := fi.Mode().Perm()
		var bit fs.FileMode
		switch {
		case int(st.Uid) == runAs.uid:
			bit = 0o100
		case int(st.Gid) == runAs.gid:
			bit = 0o010
		default:
			bit = 0o001
		}
		if perm&bit == 0 {
			logger.Info("pgboot: letting the server account traverse a parent of the data dir",
				slog.String("dir", dir), slog.String("user", runAs.name), slog.String("mode", (perm|bit).String()))
			if err := os.Chmod(dir, fi.Mode()|bit); err != nil {
				return fmt.Errorf("let %s traverse %s: %w", runAs.name, dir, err)
			}
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return nil
		}
		dir = parent
	}
}

// choosePort returns the port recorded in the data dir when it is still free, else a free one.
func choosePort(dataDir string) (int, error) {
	if port := recordedPort(dataDir); port > 0 {
		if l, err := net.Listen("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(port))); err == nil {
			l.Close()
			return port, nil
		}
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, fmt.Errorf("find a free loopback port: %w", err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

func recordedPort(dataDir string) int {
	raw, err := os.ReadFile(filepath.Join(dataDir, confFile))
	if err != nil {
		return 0
	}
	sc := bufio.NewScanner(bytes.NewReader(raw))
	for sc.Scan() {
		key, value, ok := strings.Cut(sc.Text(), "=")
		if ok && strings.TrimSpace(key) == "port" {
			port, _ := strconv.Atoi(strings.TrimSpace(value))
			return port
		}
	}
	return 0
}

// writeConf records the settings pgboot owns, port first among them.
func writeConf(dataDir string, port int, runAs *account) error {
	socketDir := dataDir
	if len(filepath.Join(dataDir, ".s.PGSQL.65535.lock")) > maxSocketPath {
		socketDir = "" // too long for a unix socket: TCP only
	}
	conf := fmt.Sprintf(`# Written by lethe (internal/pgboot) before each start; edits are overwritten.
# A private development cluster: loopback only, socket in the data dir.
listen_addresses = '127.0.0.1'
port = %d
unix_socket_directories = '%s'
# Room for many test packages running at once, each with its own pools.
max_connections = 300
# Losing the last commits on a crash is fine here; waiting for every flush is not.
synchronous_commit = off
`, port, strings.ReplaceAll(socketDir, "'", "''"))
	path := filepath.Join(dataDir, confFile)
	if err := os.WriteFile(path, []byte(conf), 0o600); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if runAs != nil {
		if err := os.Chown(path, runAs.uid, runAs.gid); err != nil {
			return fmt.Errorf("chown %s: %w", path, err)
		}
	}
	return nil
}

// runningPort reads the port of a running cluster from postmaster.pid (its fourth line).
func runningPort(dataDir string) (int, error) {
	raw, err := os.ReadFile(filepath.Join(dataDir, "postmaster.pid"))
	if err != nil {
		return 0, fmt.Errorf("read port: %w", err)
	}
	lines := strings.Split(string(raw), "\n")
	if len(lines) < 4 {
		return 0, errors.New("read port: postmaster.pid is incomplete")
	}
	port, err := strconv.Atoi(strings.TrimSpace(lines[3]))
	if err != nil {
		return 0, fmt.Errorf("read port from postmaster.pid: %w", err)
	}
	return port, nil
}

// lockFile takes an exclusive flock on path, polling so that ctx can cancel the wait.
func lockFile(ctx context.Context, path string) (unlock func(), err error) {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, err
	}
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if err == nil {
			return func() {
				_ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
				f.Close()
			}, nil
		}
		if !errors.Is(err, syscall.EWOULDBLOCK) {
			f.Close()
			return nil, err
		}
		select {
		case <-ctx.Done():
			f.Close()
			return nil, ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// account is the non-root user server commands run as when the process is root. A nil *account
// means "run as the current user".
type account struct {
	name     string
	uid, gid int
}

// serverAccount returns nil unless running as root, where it returns the postgres system user,
// creating a lethe system user when there is no postgres one.
func serverAccount(ctx context.Context, logger *slog.Logger) (*account, error) {
	if os.Geteuid() != 0 {
		return nil, nil
	}
	for _, name := range []string{"postgres", serviceUser} {
		if acc, err := lookupAccount(name); err == nil {
			return acc, nil
		}
	}
	logger.Info("pgboot: creating system user to own the private cluster", slog.String("user", serviceUser))
	out, err := exec.CommandContext(ctx, "useradd", "--system", "--user-group", "--no-create-home",
		"--home-dir", "/nonexistent", "--shell", "/usr/sbin/nologin", serviceUser).CombinedOutput()
	if err != nil {
		return nil, fmt.Errorf("running as root, which PostgreSQL refuses, with no postgres user, and useradd %s failed: %w: %s",
			serviceUser, err, lastLines(out, 3))
	}
	return lookupAccount(serviceUser)
}

func lookupAccount(name string) (*account, error) {
	u, err := user.Lookup(name)
	if err != nil {
		return nil, err
	}
	uid, err := strconv.Atoi(u.Uid)
	if err != nil {
		return nil, fmt.Errorf("user %s: uid %q: %w", name, u.Uid, err)
	}
	gid, err := strconv.Atoi(u.Gid)
	if err != nil {
		return nil, fmt.Errorf("user %s: gid %q: %w", name, u.Gid, err)
	}
	return &account{name: name, uid: uid, gid: gid}, nil
}

// run runs a server command as the account (directly when a is nil), returning its combined
// output; a failure's error carries the output's last lines.
func (a *account) run(ctx context.Context, bin string, args ...string) ([]byte, error) {
	var cmd *exec.Cmd
	switch {
	case a == nil:
		cmd = exec.CommandContext(ctx, bin, args...)
	default:
		if runuser, err := exec.LookPath("runuser"); err == nil {
			cmd = exec.CommandContext(ctx, runuser, append([]string{"-u", a.name, "--", bin}, args...)...)
		} else if su, err := exec.LookPath("su"); err == nil {
			cmd = exec.CommandContext(ctx, su, "-s", "/bin/sh", "-c", shellQuote(append([]string{bin}, args...)), a.name)
		} else {
			return nil, fmt.Errorf("run %s as %s: neither runuser nor su found", filepath.Base(bin), a.name)
		}
	}
	// The account may not be able to enter our working directory (e.g. /root), and stray PG*
	// variables would steer the server commands elsewhere.
	cmd.Dir = "/"
	cmd.Env = slices.DeleteFunc(os.Environ(), func(kv string) bool { return strings.HasPrefix(kv, "PG") })
	// pg_ctl start leaves the postmaster running; its output goes to the log file, but never
	// wait forever on pipes a child might hold.
	cmd.WaitDelay = 10 * time.Second
	out, err := cmd.CombinedOutput()
	if err != nil {
		return out, fmt.Errorf("%s %s: %w: %s", filepath.Base(bin), strings.Join(args, " "), err, lastLines(out, 5))
	}
	return out, nil
}

func shellQuote(words []string) string {
	quoted := make([]string, len(words))
	for i, w := range words {
		quoted[i] = "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
	}
	return strings.Join(quoted, " ")
}

// lastLines returns the last n non-empty lines of out joined by " | ", for error messages.
func lastLines(out []byte, n int) string {
	var lines []string
	for line := range strings.SplitSeq(string(out), "\n") {
		if line = strings.TrimSpace(line); line != "" {
			lines = append(lines, line)
		}
	}
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	if len(lines) == 0 {
		return "(no output)"
	}
	return strings.Join(lines, " | ")
}
