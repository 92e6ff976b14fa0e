package pgboot

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"

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
		_, err := conn.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize())
		var pgErr *pgconn.PgError
		if err != nil && !(errors.As(err, &pgErr) && pgErr.Code == "42P04") { // duplicate_database: a racing creator won
			return "", fmt.Errorf("create database %s: %w", name, err)
		}
	}
	return WithDatabase(serverURL, name)
}
