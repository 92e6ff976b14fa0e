package workers

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river/rivertype"

	"github.com/lethehq/lethe/blob"
	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/entity"
	"github.com/lethehq/lethe/internal/metrics"
	"github.com/lethehq/lethe/internal/testenv"
	"github.com/lethehq/lethe/jobs"
)

// lockedBuffer is a log destination for handlers used by several
// goroutines.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// communityRows fills the community schema around user 1
// (testenv.CommunityData).
func communityRows(t *testing.T, pool *pgxpool.Pool) {
	t.Helper()
	_, err := pool.Exec(t.Context(), testenv.CommunityData)
	if err != nil {
		t.Fatalf("community data: %v", err)
	}
}

// totalCommunityRows counts the rows of every community table.
func totalCommunityRows(t *testing.T, pool *pgxpool.Pool) int64 {
	t.Helper()
	var n int64
	err := pool.QueryRow(t.Context(), `SELECT (SELECT count(*) FROM users) + (SELECT count(*) FROM posts) + (SELECT count(*) FROM comments)
		+ (SELECT count(*) FROM votes) + (SELECT count(*) FROM follows) + (SELECT count(*) FROM moderation_actions)
		+ (SELECT count(*) FROM notifications) + (SELECT count(*) FROM orders) + (SELECT count(*) FROM payments)`).Scan(&n)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestDeletionFailsVisiblyAndRetryFinishes declares the community's votes
// as rows Lethe deletes itself: the deletion's chunks meet the
// application's trigger that refuses any DELETE on votes but a cascade's.
// The attempt fails visibly (an ERROR naming the table and the database's
// message, an error in the audit and on the policy's errors) and leaves
// the user tombstoned as deleting, its writes refused, not half-deleted
// and open. With the right declaration (on_delete: cascade) the retry
// finishes it: the tombstone is deleted, the verification passes, and the
// audits count every row the database removed, other moderators' cascaded
// follow-ups included, and the SET NULLs as such.
func TestDeletionFailsVisiblyAndRetryFinishes(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	pool := testenv.CommunityPool(t)
	communityRows(t, pool)
	before := totalCommunityRows(t, pool)

	parse := func(edit func(string) string) *config.Config {
		t.Helper()
		text := edit(testenv.CommunityConfig) + "    delete_chunk_size: 1\n"
		cfg, err := config.Parse([]byte(text), nil)
		if err != nil {
			t.Fatal(err)
		}
		return cfg
	}
	wrong := parse(func(s string) string {
		return strings.Replace(s, "{table: votes, column: user_id, references: users.id, on_delete: cascade}", "{table: votes, column: user_id, references: users.id}", 1)
	})
	right := parse(func(s string) string { return s })
	if _, unresolved, err := entity.InstallGuards(ctx, pool, pool, right); err != nil || unresolved != nil {
		t.Fatalf("install guards: %v %v", err, unresolved)
	}
	blobs, err := blob.NewLocal(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	logs := &lockedBuffer{}
	deps := func(cfg *config.Config) *Deps {
		return &Deps{Config: cfg, Pool: pool, Blobs: blobs, Metrics: metrics.New(), Logger: slog.New(slog.NewTextHandler(logs, nil))}
	}

	// The wrong declaration: the chunks fail on votes.
	client := startClient(t, pool, deps(wrong), registerTombstone, 1)
	inserted, err := client.Insert(ctx, jobs.DeleteEntity{Entity: "user", Key: "1"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	job := waitJob(t, client, inserted.Job.ID)
	if job.State != rivertype.JobStateRetryable {
		t.Fatalf("job %s, want retryable after the refused chunk", job.State)
	}
	stopCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := client.Stop(stopCtx); err != nil {
		t.Fatal(err)
	}
	log := logs.String()
	if !strings.Contains(log, "level=ERROR") || !strings.Contains(log, "table=votes") || !strings.Contains(log, "rows of votes are deleted only by a cascade") {
		t.Errorf("the failure is not logged as an error naming votes and the trigger's message:\n%s", log)
	}
	ts, err := db.GetTombstone(ctx, pool, "user", "1")
	if err != nil || ts == nil || ts.State != db.TombstoneDeleting {
		t.Fatalf("tombstone after the failed attempt: %+v %v, want deleting", ts, err)
	}
	if n := count(t, pool, `SELECT count(*) FROM users WHERE id = 1`); n != 1 {
		t.Errorf("user 1's row is gone after a failed attempt")
	}
	_, err = pool.Exec(ctx, `INSERT INTO posts (user_id, body) VALUES (1, 'late')`)
	if !db.IsTombstonedError(err) {
		t.Errorf("a write for the partly deleted user: %v, want refused (LT410)", err)
	}
	errs, err := db.RecentErrors(ctx, pool, "users", 10)
	if err != nil || len(errs) == 0 || errs[0].Action != db.ActionDeleteEntity || !strings.Contains(errs[0].Message, "votes") {
		t.Errorf("policy errors %+v (%v), want the failed deletion", errs, err)
	}
	audit, err := db.ListAudit(ctx, pool, "users", 10)
	if err != nil {
		t.Fatal(err)
	}
	// River may have retried once before the client stopped: every failed
	// attempt is audited, the first with the rows its chunks removed,
	// other moderators' follow-ups to user 1's action among them.
	var failedRows int64
	var chunked []string
	for _, a := range audit {
		if a.Action != db.ActionDeleteEntity || a.Outcome != db.OutcomeError {
			continue
		}
		if a.Detail["table"] != "votes" || !strings.Contains(fmt.Sprint(a.Detail["database_message"]), "rows of votes are deleted only by a cascade") {
			t.Errorf("audit of a failed attempt %+v", a)
		}
		failedRows += a.RowsDeleted
		chunked = append(chunked, fmt.Sprint(a.Detail["rows_in_chunks"]))
	}
	if !strings.Contains(strings.Join(chunked, " "), "moderation_actions:3") {
		t.Errorf("failed attempts' rows in chunks %s, want moderation_actions:3", chunked)
	}

	// The right declaration: the retry finishes the deletion.
	client = startClient(t, pool, deps(right), registerTombstone, 1)
	if _, err := client.JobRetry(ctx, inserted.Job.ID); err != nil {
		t.Fatal(err)
	}
	if job := waitJob(t, client, inserted.Job.ID); job.State != rivertype.JobStateCompleted {
		t.Fatalf("retried job %s: %v", job.State, job.Errors)
	}
	if ts, err := db.GetTombstone(ctx, pool, "user", "1"); err != nil || ts == nil || ts.State != db.TombstoneDeleted {
		t.Errorf("tombstone after the retry: %+v %v, want deleted", ts, err)
	}
	ent, err := entity.Resolve(ctx, pool, right, "user")
	if err != nil {
		t.Fatal(err)
	}
	if v, err := ent.Verify(ctx, db.Timeouts{}.Pool(pool), blobs, "1"); err != nil || !v.Verified {
		t.Errorf("verification after the retry: %v %v", v, err)
	}
	audit, err = db.ListAudit(ctx, pool, "users", 10)
	if err != nil {
		t.Fatal(err)
	}
	done := auditOf(audit, db.OutcomeOK)
	if done == nil {
		t.Fatalf("no audit of the finished deletion: %+v", audit)
	}
	removed := before - totalCommunityRows(t, pool)
	if got := failedRows + done.RowsDeleted; got != removed {
		t.Errorf("audits count %d + %d rows deleted, the database lost %d", failedRows, done.RowsDeleted, removed)
	}
	if got := fmt.Sprint(done.Detail["rows_nulled"]); got != "map[notifications:1 users:1]" {
		t.Errorf("finished deletion's rows set to NULL %s, want notifications:1 users:1", got)
	}
}

// auditOf returns the newest delete_entity entry of audit with outcome.
func auditOf(audit []db.AuditEntry, outcome string) *db.AuditEntry {
	for i := range audit {
		if audit[i].Action == db.ActionDeleteEntity && audit[i].Outcome == outcome {
			return &audit[i]
		}
	}
	return nil
}

func count(t *testing.T, pool *pgxpool.Pool, sql string) int64 {
	t.Helper()
	var n int64
	if err := pool.QueryRow(t.Context(), sql).Scan(&n); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
	return n
}
