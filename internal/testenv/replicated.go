package testenv

import (
	"context"
	"log/slog"
	"os"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/lethehq/lethe/internal/pgboot"
)

// ReplicaPair is a private primary with a hot standby streaming from it,
// started for one test: Lethe's migrated database "lethe" on the primary,
// and the same database as the standby replays it.
type ReplicaPair struct {
	// PrimaryURL and StandbyURL connect as a superuser to the lethe
	// database of each.
	PrimaryURL string
	StandbyURL string
	// Clusters are the two servers themselves (URLs of their postgres
	// databases, replay control); the test's cleanup stops and removes them.
	Clusters *pgboot.Replicated
}

// Replicated starts a primary and a streaming standby of its own in a
// temporary directory (initdb, pg_basebackup -R; under root the clusters run
// as the postgres user), creates and migrates the lethe database on the
// primary as MigratedURL does, waits until the standby has it, and stops
// and removes both clusters when the test ends. It takes some seconds.
func Replicated(t testing.TB) *ReplicaPair {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	clusters, err := pgboot.StartReplicated(ctx, t.TempDir(), logger)
	if err != nil {
		t.Fatalf("testenv: %v", err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		defer cancel()
		if err := clusters.Stop(ctx); err != nil {
			t.Errorf("testenv: stop replicated clusters: %v", err)
		}
	})
	primaryURL, err := pgboot.EnsureDatabase(ctx, clusters.Primary.URL, "lethe")
	if err != nil {
		t.Fatalf("testenv: %v", err)
	}
	if err := migrateURL(ctx, primaryURL); err != nil {
		t.Fatalf("testenv: %v", err)
	}
	standbyURL, err := pgboot.WithDatabase(clusters.Standby.URL, "lethe")
	if err != nil {
		t.Fatalf("testenv: %v", err)
	}
	p := &ReplicaPair{PrimaryURL: primaryURL, StandbyURL: standbyURL, Clusters: clusters}
	WaitUntil(t, time.Minute, "the standby to replay the migrated database", func() (bool, error) {
		return p.caughtUp(ctx), nil
	})
	return p
}

// caughtUp reports whether the standby has the lethe database and has
// replayed everything the primary wrote.
func (p *ReplicaPair) caughtUp(ctx context.Context) bool {
	conn, err := pgxConnect(ctx, p.StandbyURL)
	if err != nil {
		return false
	}
	defer conn.Close(ctx)
	primary, err := pgxConnect(ctx, p.PrimaryURL)
	if err != nil {
		return false
	}
	defer primary.Close(ctx)
	var lsn string
	if err := primary.QueryRow(ctx, `SELECT pg_current_wal_lsn()::text`).Scan(&lsn); err != nil {
		return false
	}
	var done bool
	err = conn.QueryRow(ctx, `SELECT pg_wal_lsn_diff(pg_last_wal_replay_lsn(), $1::pg_lsn) >= 0`, lsn).Scan(&done)
	return err == nil && done
}

// PauseReplay pauses the standby's replay (pg_wal_replay_pause()).
func (p *ReplicaPair) PauseReplay(t testing.TB) {
	t.Helper()
	if err := p.Clusters.SetReplayPaused(context.Background(), true); err != nil {
		t.Fatalf("testenv: %v", err)
	}
}

// ResumeReplay resumes the standby's replay (pg_wal_replay_resume()).
func (p *ReplicaPair) ResumeReplay(t testing.TB) {
	t.Helper()
	if err := p.Clusters.SetReplayPaused(context.Background(), false); err != nil {
		t.Fatalf("testenv: %v", err)
	}
}

func pgxConnect(ctx context.Context, url string) (*pgx.Conn, error) {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	return pgx.Connect(ctx, url)
}
