package testenv

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

func TestReplicated(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	p := Replicated(t)

	// The standby is in recovery and has the migrated schema.
	standby, err := pgx.Connect(ctx, p.StandbyURL)
	if err != nil {
		t.Fatal(err)
	}
	defer standby.Close(ctx)
	var inRecovery bool
	var tables int
	if err := standby.QueryRow(ctx, `SELECT pg_is_in_recovery(), (SELECT count(*) FROM pg_tables WHERE tablename = 'pastes')`).Scan(&inRecovery, &tables); err != nil {
		t.Fatal(err)
	}
	if !inRecovery || tables != 1 {
		t.Fatalf("standby: in recovery %t, pastes tables %d; want a standby with the migrated schema", inRecovery, tables)
	}

	// A write on the primary reaches the standby only while replay runs.
	primary, err := pgx.Connect(ctx, p.PrimaryURL)
	if err != nil {
		t.Fatal(err)
	}
	defer primary.Close(ctx)
	p.PauseReplay(t)
	if _, err := primary.Exec(ctx, `CREATE TABLE replicated_marker (id int)`); err != nil {
		t.Fatal(err)
	}
	p.ResumeReplay(t)
	WaitUntil(t, time.Minute, "the marker on the standby", func() (bool, error) {
		var n int
		err := standby.QueryRow(ctx, `SELECT count(*) FROM pg_tables WHERE tablename = 'replicated_marker'`).Scan(&n)
		return n == 1, err
	})
}
