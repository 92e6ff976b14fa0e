package testenv

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivermigrate"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/internal/demo/schema"
	"github.com/lethehq/lethe/internal/pgboot"
	"github.com/lethehq/lethe/migrations"
)

// templatePrefix starts the name of every migrated template database: lethe_tmpl_<hash>, where
// hash identifies the migrations it holds.
const templatePrefix = "lethe_tmpl_"

// partialSuffix marks a template still being built. Only a template renamed to its final name is
// complete, so a build that crashed half way is never copied; the next build drops it.
const partialSuffix = "_part"

// SQLSTATEs the template code waits out or recovers from.
const (
	codeObjectInUse       = "55006" // object_in_use: a session is still connected to the source database
	codeUndefinedDatabase = "3D000" // invalid_catalog_name: the template was dropped meanwhile
)

// templateSet is a family of template databases: one per migration hash, named prefix+hash, built
// by migrate. Tests of this package use their own prefix so they never touch the real templates.
type templateSet struct {
	prefix string

	// migrate brings the empty database at dbURL up to the schema the hash stands for.
	migrate func(ctx context.Context, dbURL string) error

	// keepOthersFor spares the templates of other hashes built less than this long ago: another
	// checkout with other migrations, sharing the server, may be copying from one right now, and
	// dropping it would make the two rebuild each other's templates in turn.
	keepOthersFor time.Duration
}

// builtComment is the comment a template carries: when it was built, so the builders of other
// hashes know whether it may still be in use.
const builtComment = "lethe test template built "

// migratedTemplates holds Lethe's schema: River's migrations in the default river.schema, Lethe's
// migrations and the example schemas.
var migratedTemplates = templateSet{prefix: templatePrefix, migrate: migrateURL, keepOthersFor: 10 * time.Minute}

func migrateURL(ctx context.Context, dbURL string) error {
	pool, err := pgxpool.New(ctx, dbURL)
	if err != nil {
		return fmt.Errorf("open template database: %w", err)
	}
	defer pool.Close()
	if _, err := migrations.Up(ctx, pool, config.DefaultRiverSchema); err != nil {
		return fmt.Errorf("migrate template database: %w", err)
	}
	if _, err := schema.Apply(ctx, pool); err != nil {
		return fmt.Errorf("apply example schemas to template database: %w", err)
	}
	pool.Close()
	_, err = installGuards(dbURL)
	return err
}

// migrationHash identifies the schema migrateURL builds, so a changed migration (Lethe's, an
// example schema's, River's after an upgrade, or River's schema name) gets a template of its own.
// It is computed once per process.
var migrationHash = sync.OnceValues(func() (string, error) {
	lethe, err := migrations.All()
	if err != nil {
		return "", fmt.Errorf("hash migrations: %w", err)
	}
	// A driver without a pool is enough to list River's migrations.
	migrator, err := rivermigrate.New(riverpgxv5.New(nil), nil)
	if err != nil {
		return "", fmt.Errorf("hash migrations: river migrator: %w", err)
	}
	examples, err := schema.Files()
	if err != nil {
		return "", fmt.Errorf("hash migrations: %w", err)
	}
	h := sha256.New()
	fmt.Fprintf(h, "river schema %s\n", config.DefaultRiverSchema)
	for _, m := range lethe {
		fmt.Fprintf(h, "lethe %d %s\n%s\n%s\n", m.Version, m.Name, m.Up, m.Down)
	}
	for _, m := range migrator.AllVersions() {
		fmt.Fprintf(h, "river %d %s\n%s\n", m.Version, m.Name, m.SQLUp)
	}
	for _, f := range examples {
		fmt.Fprintf(h, "example %d %s\n%s\n", f.Version, f.Name, f.SQL)
	}
	return hex.EncodeToString(h.Sum(nil))[:12], nil
})

// templateHash names today's template: migrationHash and the UTC date. The example
// partitioned table is created with the partitions of the day it is migrated and the next
// three, so a template built yesterday would hand every copy yesterday's partitions. The
// first template built on a new day drops the last day's (see dropOthers).
func templateHash() (string, error) {
	hash, err := migrationHash()
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256([]byte(hash + " " + time.Now().UTC().Format(time.DateOnly)))
	return hex.EncodeToString(sum[:])[:12], nil
}

// lockKey is the advisory lock serialising the builders of a template set. Advisory locks belong
// to one database, so every process must take it through the same one: the admin connection's.
func (s templateSet) lockKey() int64 {
	sum := sha256.Sum256([]byte("testenv template " + s.prefix))
	return int64(binary.BigEndian.Uint64(sum[:8]))
}

// ensure returns the name of the complete template for hash, building it when it is missing.
// created reports whether this call built it. Safe to call from any number of goroutines and
// processes at once: builders wait for each other on an advisory lock, and the template appears
// under its final name only once complete. Building a template drops the set's other templates:
// those of other hashes (stale ones) and any left half built by a crash.
func (s templateSet) ensure(ctx context.Context, admin *pgxpool.Pool, hash string) (name string, created bool, err error) {
	name = s.prefix + hash
	// The final name only ever names a complete template, so finding it needs no lock.
	if ok, err := hasDatabase(ctx, admin, name); err != nil || ok {
		return name, false, err
	}

	conn, err := admin.Acquire(ctx)
	if err != nil {
		return "", false, fmt.Errorf("build template %s: acquire admin connection: %w", name, err)
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock($1)`, s.lockKey()); err != nil {
		return "", false, fmt.Errorf("build template %s: take lock: %w", name, err)
	}
	defer conn.Exec(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1)`, s.lockKey()) //nolint:errcheck

	// Another builder may have finished while we waited.
	if ok, err := hasDatabase(ctx, conn, name); err != nil || ok {
		return name, false, err
	}
	if err := s.dropOthers(ctx, conn.Conn(), name); err != nil {
		return "", false, fmt.Errorf("build template %s: %w", name, err)
	}
	if err := s.build(ctx, conn.Conn(), name); err != nil {
		return "", false, fmt.Errorf("build template %s: %w", name, err)
	}
	return name, true, nil
}

// build creates, migrates and seals template name under its partial name, then renames it.
func (s templateSet) build(ctx context.Context, conn *pgx.Conn, name string) error {
	partial := name + partialSuffix
	if err := pgboot.CreateDatabase(ctx, conn, partial); err != nil {
		return fmt.Errorf("create: %w", err)
	}
	dbURL, err := pgboot.WithDatabase(conn.Config().ConnString(), partial)
	if err != nil {
		return err
	}
	if err := s.migrate(ctx, dbURL); err != nil {
		return err
	}
	comment := builtComment + time.Now().UTC().Format(time.RFC3339)
	if _, err := conn.Exec(ctx, "COMMENT ON DATABASE "+pgx.Identifier{partial}.Sanitize()+" IS "+quoteLiteral(comment)); err != nil {
		return fmt.Errorf("record build time: %w", err)
	}
	// Nobody may connect to a template: CREATE DATABASE … TEMPLATE fails while anyone is.
	if _, err := conn.Exec(ctx, "ALTER DATABASE "+pgx.Identifier{partial}.Sanitize()+" WITH IS_TEMPLATE true ALLOW_CONNECTIONS false"); err != nil {
		return fmt.Errorf("mark as template: %w", err)
	}
	// The migration's sessions may still be closing server side; the rename waits for them.
	if err := retryInUse(ctx, func() error {
		_, err := conn.Exec(ctx, "ALTER DATABASE "+pgx.Identifier{partial}.Sanitize()+" RENAME TO "+pgx.Identifier{name}.Sanitize())
		return err
	}); err != nil {
		return fmt.Errorf("rename from %s: %w", partial, err)
	}
	return nil
}

// dropOthers drops every database of the set but keep: partial builds, and templates of other
// hashes built more than keepOthersFor ago (or at an unknown time). The caller holds the set's
// lock, so none of them is being built.
func (s templateSet) dropOthers(ctx context.Context, conn *pgx.Conn, keep string) error {
	rows, err := conn.Query(ctx, `
		SELECT datname FROM pg_database
		WHERE starts_with(datname, $1) AND datname <> $2
		  AND CASE WHEN datistemplate AND coalesce(shobj_description(oid, 'pg_database'), '') LIKE $3 || '%'
		      THEN substr(shobj_description(oid, 'pg_database'), length($3) + 1)::timestamptz <= now() - make_interval(secs => $4)
		      ELSE true END`,
		s.prefix, keep, builtComment, s.keepOthersFor.Seconds())
	if err != nil {
		return fmt.Errorf("list stale templates: %w", err)
	}
	names, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return fmt.Errorf("list stale templates: %w", err)
	}
	for _, name := range names {
		if err := dropDatabase(ctx, conn, name); err != nil {
			return fmt.Errorf("drop stale template %s: %w", name, err)
		}
	}
	return nil
}

// createFromTemplate creates database name as a copy of the set's template for hash, building the
// template first when needed. It recovers from a template dropped under it by a process with other
// migrations (another checkout sharing the server) by building it again.
func (s templateSet) createFromTemplate(ctx context.Context, admin *pgxpool.Pool, name, hash string) error {
	var err error
	for range 5 {
		var tmpl string
		if tmpl, _, err = s.ensure(ctx, admin, hash); err != nil {
			return err
		}
		err = retryInUse(ctx, func() error {
			_, err := admin.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize()+" TEMPLATE "+pgx.Identifier{tmpl}.Sanitize())
			return err
		})
		if !isCode(err, codeUndefinedDatabase) {
			break
		}
	}
	if err != nil {
		return fmt.Errorf("create database %s from template: %w", name, err)
	}
	return nil
}

// retryInUse runs fn until it stops failing with object_in_use: the error of CREATE DATABASE
// … TEMPLATE and of RENAME while a session is still connected to the database, which happens
// briefly after a pool on it is closed.
func retryInUse(ctx context.Context, fn func() error) error {
	for delay := 20 * time.Millisecond; ; delay = min(2*delay, time.Second) {
		err := fn()
		if !isCode(err, codeObjectInUse) {
			return err
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("%w (last: %w)", ctx.Err(), err)
		case <-time.After(delay):
		}
	}
}

// dropDatabase drops database name, a template or not, if it exists. A template must be unmarked
// first: PostgreSQL refuses to drop one.
func dropDatabase(ctx context.Context, conn *pgx.Conn, name string) error {
	_, err := conn.Exec(ctx, "ALTER DATABASE "+pgx.Identifier{name}.Sanitize()+" WITH IS_TEMPLATE false")
	if err != nil && !isCode(err, codeUndefinedDatabase) {
		return fmt.Errorf("unmark template: %w", err)
	}
	return pgboot.DropDatabase(ctx, conn, name)
}

// quoteLiteral quotes s as an SQL string literal (COMMENT takes no parameters).
func quoteLiteral(s string) string {
	return "'" + strings.ReplaceAll(s, "'", "''") + "'"
}

// queryRower is a *pgx.Conn, a *pgxpool.Conn or a *pgxpool.Pool.
type queryRower interface {
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

func hasDatabase(ctx context.Context, conn queryRower, name string) (bool, error) {
	var exists bool
	if err := conn.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)`, name).Scan(&exists); err != nil {
		return false, fmt.Errorf("look up database %s: %w", name, err)
	}
	return exists, nil
}

func isCode(err error, code string) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == code
}
