package db

import (
	"strings"
	"testing"

	"github.com/lethehq/lethe/internal/testenv"
)

// TestCheckPolicyTables: the checks check-config --db prints for expire and
// sweep policies, on tables whose columns are missing, of the wrong type,
// or indexed only partially.
func TestCheckPolicyTables(t *testing.T) {
	t.Parallel()
	pool := testenv.Pool(t)
	if _, err := pool.Exec(t.Context(), `
		CREATE TYPE deletion_state AS ENUM ('NOT_EXPIRED', 'DELETION_IN_PROGRESS', 'DELETED');
		CREATE TABLE uploads (
			id bigint PRIMARY KEY, expires_at timestamptz NOT NULL,
			state deletion_state NOT NULL DEFAULT 'NOT_EXPIRED', claimed_at timestamptz, size bigint);
		CREATE INDEX ON uploads (expires_at) WHERE state = 'NOT_EXPIRED';
		CREATE INDEX ON uploads (claimed_at) WHERE state = 'DELETED';
		CREATE TABLE keys (k text PRIMARY KEY, ttl integer NOT NULL);`); err != nil {
		t.Fatal(err)
	}
	ctx := t.Context()
	cols := ExpireColumns{Policy: "uploads", Table: "uploads", Key: "id", ExpiresAt: "expires_at", Status: "state", InitiatedAt: "claimed_at"}

	// An enum status works; the batches' index has the wrong predicate.
	findings, err := CheckExpireTable(ctx, Timeouts{}.Pool(pool), cols)
	if err != nil {
		t.Fatal(err)
	}
	if len(findings) != 1 || !findings[0].Warning || findings[0].Column != "claimed_at" || !strings.Contains(findings[0].Fix, `WHERE "state" = 'DELETION_IN_PROGRESS'`) {
		t.Fatalf("enum status, partial index with another predicate: %+v", findings)
	}

	// A numeric expiry column is an error naming it.
	cols.ExpiresAt = "size"
	if findings, err = CheckExpireTable(ctx, Timeouts{}.Pool(pool), cols); err != nil {
		t.Fatal(err)
	}
	if len(findings) != 1 || findings[0].Warning || !strings.Contains(findings[0].Problem, `expires_at_column: column "size" of table "uploads" is bigint`) {
		t.Fatalf("numeric expiry: %+v", findings)
	}

	// A sweep whose expiry column is an integer, and one whose columns do
	// not exist: errors naming each column.
	findings, err = CheckSweepTable(ctx, Timeouts{}.Pool(pool), "keys", SweepTable{Table: "keys", KeyColumn: "k", ExpiresAtColumn: "ttl"}, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(findings) != 1 || findings[0].Warning || !strings.Contains(findings[0].Problem, `column "ttl" of table "keys" is integer, want a timestamp or date`) {
		t.Fatalf("integer expiry: %+v", findings)
	}
	findings, err = CheckSweepTable(ctx, Timeouts{}.Pool(pool), "keys", SweepTable{Table: "keys", KeyColumn: "key", ExpiresAtColumn: "expires_at"}, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(findings) != 2 || !strings.Contains(findings[0].Problem, `has no column "expires_at"`) || !strings.Contains(findings[1].Problem, `has no column "key"`) {
		t.Fatalf("missing sweep columns: %+v", findings)
	}
	for _, f := range findings {
		if f.Fix == "" {
			t.Errorf("finding without a fix: %+v", f)
		}
	}
	findings, err = CheckSweepTable(ctx, Timeouts{}.Pool(pool), "ghost", SweepTable{Table: "ghost", KeyColumn: "k", ExpiresAtColumn: "expires_at"}, false)
	if err != nil || len(findings) != 1 || !strings.Contains(findings[0].Problem, `table "ghost" does not exist`) {
		t.Fatalf("missing table: %+v %v", findings, err)
	}
}
