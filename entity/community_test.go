package entity_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/entity"
	"github.com/lethehq/lethe/internal/testenv"
)

// communityData fills the community schema around user 1, whose deletion
// reaches every kind of edge (testenv.CommunityData).
func communityData(t *testing.T, pool *pgxpool.Pool) {
	t.Helper()
	_, err := pool.Exec(t.Context(), testenv.CommunityData)
	if err != nil {
		t.Fatalf("community data: %v", err)
	}
}

// editedCommunityConfig is CommunityConfig with edit applied to its text.
func editedCommunityConfig(t *testing.T, edit func(string) string) *config.Config {
	t.Helper()
	cfg, err := config.Parse([]byte(edit(testenv.CommunityConfig)), nil)
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// TestSchemaOwnedEdges deletes a user of the community schema, whose
// foreign keys cascade and set NULL, and whose votes and follows refuse any
// DELETE but a cascade's: Lethe never deletes from them, the preview's trial
// reports what the database changes (other users' rows a cascade takes
// along flagged as beyond the entity), the real deletion counts the same,
// and the verification finds nothing left.
func TestSchemaOwnedEdges(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	pool := testenv.CommunityPool(t)
	communityData(t, pool)
	cfg := editedCommunityConfig(t, func(s string) string { return s })
	ent, err := entity.Resolve(ctx, pool, cfg, "user")
	if err != nil {
		t.Fatal(err)
	}

	p, err := ent.Preview(ctx, db.Timeouts{}.Pool(pool), nil, "1")
	if err != nil {
		t.Fatal(err)
	}
	wantRows := "map[comments:2 follows:2 moderation_actions:1 notifications:1 orders:1 payments:2 posts:2 users:1 votes:2]"
	if fmt.Sprint(p.Rows) != wantRows {
		t.Errorf("preview rows %v, want %s", p.Rows, wantRows)
	}
	if want := "map[notifications:1 users:1]"; fmt.Sprint(p.Nulled) != want {
		t.Errorf("preview nulled %v, want %s", p.Nulled, want)
	}
	tr := p.Trial
	if tr == nil || !tr.OK {
		t.Fatalf("trial failed: %+v", tr)
	}
	type counts struct{ deleted, nulled, beyond int64 }
	got := map[string]counts{}
	for table, tt := range tr.Tables {
		if tt.Deleted+tt.Nulled > 0 {
			got[table] = counts{tt.Deleted, tt.Nulled, tt.Beyond + tt.NulledBeyond}
		}
	}
	want := map[string]counts{
		"users": {1, 1, 0}, "posts": {2, 0, 0}, "comments": {3, 0, 1}, "votes": {2, 0, 0}, "follows": {2, 0, 0},
		"moderation_actions": {3, 0, 2}, "notifications": {1, 1, 0}, "orders": {1, 0, 0}, "payments": {2, 0, 0},
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("trial changed %v, want %v", got, want)
	}
	if !tr.Tables["votes"].SchemaOwned || !tr.Tables["follows"].SchemaOwned || tr.Tables["comments"].SchemaOwned {
		t.Errorf("schema-owned tables: %+v", tr.Tables)
	}
	if !strings.Contains(strings.Join(tr.Warnings, "\n"), "moderation_actions: 2 of the 3 rows deleted are beyond the entity's own") {
		t.Errorf("no warning of rows beyond the entity: %q", tr.Warnings)
	}
	for _, s := range tr.Statements {
		if s.Table == "votes" || s.Table == "follows" {
			t.Errorf("Lethe would delete from schema-owned %s", s.Table)
		}
	}
	// The trial was rolled back.
	if n := count(t, pool, `SELECT count(*) FROM moderation_actions`); n != 4 {
		t.Errorf("%d moderation actions after the trial, want 4", n)
	}

	var changes entity.Changes
	err = db.Timeouts{}.InTx(ctx, pool, func(tx db.Bounded) error {
		changes, err = ent.DeleteRows(ctx, tx, "1")
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	for table, c := range want {
		if changes.Deleted[table] != c.deleted || changes.Nulled[table] != c.nulled {
			t.Errorf("deletion changed %s: %d deleted %d nulled, want %d and %d", table, changes.Deleted[table], changes.Nulled[table], c.deleted, c.nulled)
		}
	}
	v, err := ent.Verify(ctx, db.Timeouts{}.Pool(pool), nil, "1")
	if err != nil || !v.Verified {
		t.Errorf("verification: %v %v", v, err)
	}
	// A row that still names the user, written past its foreign key, fails
	// the verification of a set_null edge; so does a row of a schema-owned
	// table the cascade should have taken.
	err = pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `SET LOCAL session_replication_role = replica;
			INSERT INTO notifications (user_id, actor_id, body) VALUES (2, 1, 'late');
			INSERT INTO follows (follower_id, followee_id) VALUES (4, 1)`)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	v, err = ent.Verify(ctx, db.Timeouts{}.Pool(pool), nil, "1")
	if err != nil || v.Verified || fmt.Sprint(v.Nulled) != "map[notifications:1]" || fmt.Sprint(v.Rows) != "map[follows:1]" {
		t.Errorf("verification with leftovers: %v %v, want notifications still referencing and a follow left", v, err)
	}
	err = pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `SET LOCAL session_replication_role = replica;
			DELETE FROM notifications WHERE body = 'late';
			DELETE FROM follows WHERE followee_id = 1`)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	// What is not user 1's stays: bob's own comment, cyd's vote, bob's
	// action, and cyd, no longer invited by anyone.
	if n := count(t, pool, `SELECT count(*) FROM users WHERE id = 3 AND invited_by IS NULL`); n != 1 {
		t.Errorf("cyd's invited_by not set to NULL")
	}
	if n := count(t, pool, `SELECT count(*) FROM comments`) + count(t, pool, `SELECT count(*) FROM votes`) + count(t, pool, `SELECT count(*) FROM moderation_actions`); n != 3 {
		t.Errorf("%d comments, votes and moderation actions left, want 3", n)
	}
}

// TestTrialReportsRefusals declares votes as Lethe's own: the trial runs
// Lethe's DELETE on votes, which the application's trigger refuses, and
// reports the table and the database's message. A foreign key whose
// referencing column lost its index is warned of.
func TestTrialReportsRefusals(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	pool := testenv.CommunityPool(t)
	communityData(t, pool)
	if _, err := pool.Exec(ctx, `DROP INDEX notifications_actor_id_idx; ANALYZE notifications`); err != nil {
		t.Fatal(err)
	}
	cfg := editedCommunityConfig(t, func(s string) string {
		return strings.Replace(s, "{table: votes, column: user_id, references: users.id, on_delete: cascade}", "{table: votes, column: user_id, references: users.id}", 1)
	})
	ent, err := entity.Resolve(ctx, pool, cfg, "user")
	if err != nil {
		t.Fatal(err)
	}
	p, err := ent.Preview(ctx, db.Timeouts{}.Pool(pool), nil, "1")
	if err != nil {
		t.Fatal(err)
	}
	f := p.Trial.Failure
	if p.Trial.OK || f == nil || f.Table != "votes" || !strings.Contains(f.Message, "rows of votes are deleted only by a cascade") {
		t.Fatalf("trial failure %+v, want the votes trigger's refusal", f)
	}
	warnings := strings.Join(p.Trial.Warnings, "\n")
	if !strings.Contains(warnings, "no index starts with notifications.actor_id") {
		t.Errorf("no warning of the unindexed foreign key: %s", warnings)
	}
	if n := countFK(t, p.Trial, "notifications"); n != 3 {
		t.Errorf("the trial reads %d rows of notifications per deleted user, want its 3", n)
	}
	for _, s := range p.Trial.Statements {
		if s.Table == "users" && (s.ForeignKeyReads == 0 || s.ForeignKeyReads != s.EstimatedRows*3) {
			t.Errorf("the delete from users is estimated to read %.0f rows in foreign key checks", s.ForeignKeyReads)
		}
	}
	if n := count(t, pool, `SELECT count(*) FROM posts`); n != 3 {
		t.Errorf("%d posts after the trial, want 3", n)
	}
}

// TestTrialRunsUnderTimeouts holds a lock on one of the user's orders: the
// trial gives up after the entity's lock_timeout and names the table.
func TestTrialRunsUnderTimeouts(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	pool := testenv.CommunityPool(t)
	communityData(t, pool)
	cfg := editedCommunityConfig(t, func(s string) string {
		return strings.Replace(s, "    key_column: id\n", "    key_column: id\n    lock_timeout: 100ms\n", 1)
	})
	ent, err := entity.Resolve(ctx, pool, cfg, "user")
	if err != nil {
		t.Fatal(err)
	}
	holder, err := pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer holder.Rollback(ctx) //nolint:errcheck
	if _, err := holder.Exec(ctx, `SELECT * FROM orders WHERE user_id = 1 FOR UPDATE`); err != nil {
		t.Fatal(err)
	}
	started := time.Now()
	p, err := ent.Preview(ctx, db.Timeouts{}.Pool(pool), nil, "1")
	if err != nil {
		t.Fatal(err)
	}
	if f := p.Trial.Failure; f == nil || f.Table != "orders" || f.SQLState != "55P03" || p.Trial.LockTimeout != "100ms" {
		t.Errorf("trial under a held lock: %+v (lock_timeout %s), want orders refused with 55P03", f, p.Trial.LockTimeout)
	}
	if took := time.Since(started); took > 5*time.Second {
		t.Errorf("the preview waited %s for the lock", took)
	}
}

// TestChunksShrinkWhenSlow makes the first chunk slower than a quarter of
// statement_timeout: the next chunk is half as large, and chunks grow back
// once fast.
func TestChunksShrinkWhenSlow(t *testing.T) {
	t.Parallel()
	a := setupAccounts(t)
	a.account(t, 1, 1, 1000)
	a.exec(t, `
		CREATE TABLE slow_once (done boolean NOT NULL);
		CREATE FUNCTION slow_first_delete() RETURNS trigger LANGUAGE plpgsql AS $$
		BEGIN
		    IF NOT EXISTS (SELECT 1 FROM slow_once) THEN
		        INSERT INTO slow_once VALUES (true);
		        PERFORM pg_sleep(0.4);
		    END IF;
		    RETURN NULL;
		END $$;
		CREATE TRIGGER tasks_slow BEFORE DELETE ON tasks FOR EACH STATEMENT EXECUTE FUNCTION slow_first_delete();`)
	res, err := a.ent.DeleteChunks(a.ctx, db.Timeouts{}.Pool(a.pool), uuid(1), entity.Chunking{Size: 200, StatementTimeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	var limits []int
	for _, c := range res.Chunks {
		if c.Table == "tasks" {
			limits = append(limits, c.Limit)
		}
	}
	if len(limits) < 3 || limits[0] != 200 || limits[1] != 100 || limits[2] <= 100 {
		t.Errorf("chunk limits %v, want 200, then 100, then growing", limits)
	}
	if res.Changes.Deleted["tasks"] != 1000 {
		t.Errorf("chunks deleted %d tasks, want 1000", res.Changes.Deleted["tasks"])
	}
}

// countFK is the rows of table that the trial says an unindexed foreign
// key's check reads.
func countFK(t *testing.T, tr *entity.Trial, table string) int64 {
	t.Helper()
	for _, fk := range tr.UnindexedForeignKeys {
		if fk.Table == table {
			return fk.TableRows
		}
	}
	t.Fatalf("no unindexed foreign key from %s: %+v", table, tr.UnindexedForeignKeys)
	return 0
}

func count(t *testing.T, pool *pgxpool.Pool, sql string) int64 {
	t.Helper()
	var n int64
	if err := pool.QueryRow(t.Context(), sql).Scan(&n); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
	return n
}
