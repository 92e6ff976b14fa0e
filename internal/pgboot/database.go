package pgboot

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// WithDatabase returns connURL pointing at database name instead.
func WithDatabase(connURL, name string) (string, error) {
	if strings.HasPrefix(connURL, "postgres://") || strings.HasPrefix(connURL, "postgresql://") {
		u, err := url.Parse(connURL)
		if err != nil {
			return "", fmt.Errorf("parse server URL: %w", err)
		}
		u.Path = "/" + name
		u.RawPath = ""
		return u.String(), nil
	}
	// In keyword/value strings a later keyword overrides an earlier one.
	return connURL + " dbname=" + name, nil
}

// EnsureDatabase creates database name on the server at serverURL when it
// does not exist, and returns a URL for it. Lethe keeps its tables in a
// database of its own rather than in "postgres".
func EnsureDatabase(ctx context.Context, serverURL, name string) (string, error) {
	conn, err := pgx.Connect(ctx, serverURL)
	if err != nil {
		return "", fmt.Errorf("connect to create database %s: %w", name, err)
	}
	defer conn.Close(context.WithoutCancel(ctx))
	var exists bool
	if err := conn.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)`, name).Scan(&exists); err != nil {
		return "", fmt.Errorf("look up database %s: %w", name, err)
	}
	if !exists {
		err := CreateDatabase(ctx, conn, name)
		var pgErr *pgconn.PgError
		if err != nil && !(errors.As(err, &pgErr) && pgErr.Code == "42P04") { // duplicate_database: a racing creator won
			return "", fmt.Errorf("create database %s: %w", name, err)
		}
	}
	return WithDatabase(serverURL, name)
}

// execer is a *pgx.Conn or a *pgxpool.Pool.
type execer interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
}

// CreateDatabase runs CREATE DATABASE name through conn (a *pgx.Conn or a
// *pgxpool.Pool), retrying while template1 is busy: CREATE DATABASE copies
// it and fails with object_in_use if another session is connected to it at
// that moment, as happens when tests create databases side by side.
func CreateDatabase(ctx context.Context, conn execer, name string) error {
	for delay := 50 * time.Millisecond; ; delay = min(2*delay, time.Second) {
		_, err := conn.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize())
		var pgErr *pgconn.PgError
		if err == nil || !errors.As(err, &pgErr) || pgErr.Code != "55006" {
			return err
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("%w (last: %w)", ctx.Err(), err)
		case <-time.After(delay):
		}
	}
}

// DropDatabase drops database name through conn (a *pgx.Conn or a
// *pgxpool.Pool) if it exists, terminating the sessions still connected to
// it rather than waiting for them.
func DropDatabase(ctx context.Context, conn execer, name string) error {
	_, err := conn.Exec(ctx, "DROP DATABASE IF EXISTS "+pgx.Identifier{name}.Sanitize()+" WITH (FORCE)")
	return err
}

// maintenanceDatabases are where CreateMissing connects to create a
// database: every server has postgres, unless someone dropped it, and
// template1.
var maintenanceDatabases = []string{"postgres", "template1"}

// CreateMissing creates the database connURL names when the server
// answers that it does not exist (SQLSTATE 3D000), connecting with
// connURL's role and settings to the server's postgres (else template1)
// database, and reports whether it created it. When the role may not create
// databases (neither superuser nor CREATEDB), the error says so and names
// the statement that fixes it. It returns nil without creating anything when
// connURL connects, or fails for another reason: the caller's own connection
// then reports that.
func CreateMissing(ctx context.Context, connURL string) (created bool, err error) {
	cfg, err := pgx.ParseConfig(connURL)
	if err != nil {
		return false, nil // the caller's connection names the bad URL
	}
	probe, cancel := context.WithTimeout(ctx, pingTimeout)
	defer cancel()
	conn, err := pgx.ConnectConfig(probe, cfg.Copy())
	if err == nil {
		conn.Close(context.WithoutCancel(ctx))
		return false, nil
	}
	var pgErr *pgconn.PgError
	if !errors.As(err, &pgErr) || pgErr.Code != "3D000" { // invalid_catalog_name
		return false, nil
	}
	name := cmp.Or(cfg.Database, cfg.User) // PostgreSQL's default database is the role's name
	where := fmt.Sprintf("database %s does not exist on %s", pgx.Identifier{name}.Sanitize(), net.JoinHostPort(cfg.Host, strconv.Itoa(int(cfg.Port))))
	fix := fmt.Sprintf("CREATE DATABASE %s OWNER %s", pgx.Identifier{name}.Sanitize(), pgx.Identifier{cfg.User}.Sanitize())

	var errs []error
	for _, maintenance := range maintenanceDatabases {
		mcfg := cfg.Copy()
		mcfg.Database = maintenance
		conn, err = pgx.ConnectConfig(probe, mcfg)
		if err == nil {
			break
		}
		errs = append(errs, fmt.Errorf("%s: %w", maintenance, err))
	}
	if conn == nil {
		return false, fmt.Errorf("%s, and role %s cannot connect to create it (%w); as a role that may, run: %s",
			where, pgx.Identifier{cfg.User}.Sanitize(), errors.Join(errs...), fix)
	}
	defer conn.Close(context.WithoutCancel(ctx))
	var may bool
	if err := conn.QueryRow(ctx, `SELECT rolsuper OR rolcreatedb FROM pg_roles WHERE rolname = current_user`).Scan(&may); err != nil {
		return false, fmt.Errorf("%s; look up whether role %s may create it: %w", where, pgx.Identifier{cfg.User}.Sanitize(), err)
	}
	if !may {
		return false, fmt.Errorf("%s, and role %s may not create databases (it is neither superuser nor CREATEDB); as a role that may, run: %s",
			where, pgx.Identifier{cfg.User}.Sanitize(), fix)
	}
	err = CreateDatabase(ctx, conn, name)
	if errors.As(err, &pgErr) && pgErr.Code == "42P04" { // duplicate_database: a racing creator won
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("%s; create it: %w; as a role that may, run: %s", where, err, fix)
	}
	return true, nil
}
