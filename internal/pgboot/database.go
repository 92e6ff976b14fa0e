package pgboot

import (
	"context"
	"errors"
	"fmt"
	"net/url"
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
