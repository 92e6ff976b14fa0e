package workers

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/lethehq/lethe/blob"
	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/entity"
	"github.com/lethehq/lethe/internal/metrics"
	"github.com/lethehq/lethe/internal/testenv"
	"github.com/lethehq/lethe/jobs"
)

// communityTables are the tables of the community schema.
var communityTables = []string{"users", "posts", "comments", "votes", "follows", "moderation_actions", "notifications", "orders", "payments"}

// communityDigest is the md5 of every row of the community schema, table by
// table, in a stable order. users.updated_at is left out: the
// application's trigger touches it on every update, the SET NULL of a
// deletion and the restore of it alike.
func communityDigest(t *testing.T, pool *pgxpool.Pool) string {
	t.Helper()
	var out []string
	for _, table := range communityTables {
		var sum string
		err := pool.QueryRow(t.Context(), `SELECT coalesce(md5(string_agg(r::text, ',' ORDER BY r::text)), 'empty')
			FROM (SELECT to_jsonb(t) - 'updated_at' AS r FROM `+pgx.Identifier{table}.Sanitize()+` t) x`).Scan(&sum)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, table+"="+sum)
	}
	return strings.Join(out, " ")
}

type restoreBundle struct {
	ctx    context.Context
	pool   *pgxpool.Pool
	cfg    *config.Config
	blobs  blob.Store
	client *river.Client[pgx.Tx]
	ent    *entity.Entity
}

// restoreSetup is the community schema with user 1's rows and blobs, its
// user entity declared with a 14-day restore_window and a blob prefix,
// guards installed and a River client working its deletions.
func restoreSetup(t *testing.T, chunk int) *restoreBundle {
	t.Helper()
	return restoreSetupOn(t, chunk, localStore(t))
}

// restoreStores are the blob stores the restore window is tested on: the
// local store and an S3 server (versitygw).
var restoreStores = map[string]func(t *testing.T) blob.Store{
	"local": func(t *testing.T) blob.Store { return localStore(t) },
	"s3":    func(t *testing.T) blob.Store { return testenv.S3Store(t) },
}

// onEachStore runs test, in parallel, on each of restoreStores.
func onEachStore(t *testing.T, test func(t *testing.T, store blob.Store)) {
	for name, store := range restoreStores {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			test(t, store(t))
		})
	}
}

// restoreSetupOn is restoreSetup with the blobs on store.
func restoreSetupOn(t *testing.T, chunk int, store blob.Store) *restoreBundle {
	t.Helper()
	b := &restoreBundle{ctx: t.Context(), pool: testenv.CommunityPool(t)}
	communityRows(t, b.pool)
	text := strings.Replace(testenv.CommunityConfig, "    key_column: id\n", "    key_column: id\n    blob_prefix: users/{key}/\n    restore_window: 14d\n", 1)
	if chunk > 0 {
		text += fmt.Sprintf("    delete_chunk_size: %d\n", chunk)
	}
	var err error
	if b.cfg, err = config.Parse([]byte(text), nil); err != nil {
		t.Fatal(err)
	}
	if _, unresolved, err := entity.InstallGuards(b.ctx, b.pool, b.pool, b.cfg); err != nil || unresolved != nil {
		t.Fatalf("install guards: %v %v", err, unresolved)
	}
	b.blobs = store
	for _, key := range []string{"users/1/avatar.png", "users/1/cv.pdf"} {
		if err := b.blobs.Put(b.ctx, key, []byte("blob "+key)); err != nil {
			t.Fatal(err)
		}
	}
	deps := &Deps{Config: b.cfg, Pool: b.pool, Blobs: b.blobs, Metrics: metrics.New(), Logger: slog.New(slog.DiscardHandler)}
	b.client = startClient(t, b.pool, deps, registerTombstone, 1)
	if b.ent, err = entity.Resolve(b.ctx, b.pool, b.cfg, "user"); err != nil {
		t.Fatal(err)
	}
	return b
}

// deleteUser deletes user key through its job and returns the purge job
// it scheduled.
func (b *restoreBundle) deleteUser(t *testing.T, key string) *rivertype.JobRow {
	t.Helper()
	inserted, err := b.client.Insert(b.ctx, jobs.DeleteEntity{Entity: "user", Key: key}, nil)
	if err != nil {
		t.Fatal(err)
	}
	waitJobCompleted(t, b.client, inserted.Job.ID)
	var purgeID int64
	err = b.pool.QueryRow(b.ctx, `SELECT id FROM lethe.river_job WHERE kind = 'lethe.purge_blobs' AND args->>'key' = $1 ORDER BY id DESC LIMIT 1`, key).Scan(&purgeID)
	if err != nil {
		t.Fatal(err)
	}
	job, err := b.client.JobGet(b.ctx, purgeID)
	if err != nil {
		t.Fatal(err)
	}
	return job
}

// undelete undoes the deletion of user key as the CLI and the API do.
func (b *restoreBundle) undelete(key string) (*db.Undeleted, error) {
	return db.Undelete(b.ctx, b.pool, db.Undeletion{
		Timeouts: db.EntityTimeouts(b.cfg, "user"), RiverSchema: b.cfg.River.Schema,
		Entity: "user", Key: key, Ledger: b.cfg.Ledger.On(),
		Restore: func(ctx context.Context, tx db.Bounded, capture []byte) (any, error) {
			return b.ent.RestoreEncoded(ctx, tx, key, capture)
		},
		Audit: func(ctx context.Context, tx pgx.Tx, detail map[string]any) error {
			detail["by"] = "test"
			return db.RecordAudit(ctx, tx, db.AuditEntry{Policy: "users", Action: db.ActionUndeleteEntity, StartedAt: time.Now(), Outcome: db.OutcomeOK, Detail: detail})
		},
	})
}

func (b *restoreBundle) blobCount(t *testing.T, prefix string) int {
	t.Helper()
	n := 0
	if err := b.blobs.List(b.ctx, prefix, func(keys []string) error { n += len(keys); return nil }); err != nil {
		t.Fatal(err)
	}
	return n
}

func (b *restoreBundle) count(t *testing.T, sql string, args ...any) int64 {
	t.Helper()
	var n int64
	if err := b.pool.QueryRow(b.ctx, sql, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestDeletionWithinRestoreWindowUndeletes: with restore_window, deleting
// user 1 removes its rows and guards its writes as any deletion, keeps its
// blobs with their purge scheduled at the window's end, and captures the
// rows compressed (not a word of them readable in the table). Undelete puts
// every row back as it was (the md5 of every table matches the one before
// the deletion, other users' rows the deletion set to NULL included),
// keeps the blobs, clears the tombstone so writes are accepted again,
// removes the capture and is audited; a second undelete has nothing to do.
func TestDeletionWithinRestoreWindowUndeletes(t *testing.T) {
	t.Parallel()
	onEachStore(t, testDeletionWithinRestoreWindowUndeletes)
}

func testDeletionWithinRestoreWindowUndeletes(t *testing.T, store blob.Store) {
	b := restoreSetupOn(t, 0, store)
	before := communityDigest(t, b.pool)

	purge := b.deleteUser(t, "1")
	if purge.State != rivertype.JobStateScheduled || purge.ScheduledAt.Before(time.Now().Add(13*24*time.Hour)) {
		t.Fatalf("blob purge %s at %s, want scheduled at the window's end (14 days on)", purge.State, purge.ScheduledAt)
	}
	if n := b.count(t, `SELECT count(*) FROM users WHERE id = 1`); n != 0 {
		t.Fatalf("user 1 still has %d rows", n)
	}
	if n := b.count(t, `SELECT count(*) FROM users WHERE id = 3 AND invited_by IS NULL`); n != 1 {
		t.Fatal("cyd's invited_by was not set to NULL by the deletion")
	}
	if _, err := b.pool.Exec(b.ctx, `INSERT INTO posts (user_id, body) VALUES (1, 'late')`); !db.IsTombstonedError(err) {
		t.Fatalf("late write for the deleted user: %v, want the guard's refusal", err)
	}
	if n := b.blobCount(t, "users/1/"); n != 2 {
		t.Fatalf("%d blobs of user 1 left within the window, want 2", n)
	}
	var capture []byte
	var rows, nulled int64
	if err := b.pool.QueryRow(b.ctx, `SELECT capture, rows, nulled FROM lethe_restorations WHERE entity = 'user' AND key = '1'`).Scan(&capture, &rows, &nulled); err != nil {
		t.Fatal(err)
	}
	for _, word := range []string{"ann", "bob on ann", "p1", "ann flags", "from ann"} {
		if bytes.Contains(capture, []byte(word)) {
			t.Fatalf("the capture holds %q as plain text", word)
		}
	}
	// ann's rows, cyd's reply and the follow-ups that cascaded with them;
	// cyd invited by ann and the notification ann caused, set to NULL.
	if rows != 17 || nulled != 2 {
		t.Fatalf("capture of %d rows and %d nulled, want 17 and 2", rows, nulled)
	}

	// The purge job, run now, keeps the blobs and waits for the window.
	if _, err := b.client.JobRetry(b.ctx, purge.ID); err != nil {
		t.Fatal(err)
	}
	testenv.WaitUntil(t, 30*time.Second, "purge job snoozed", func() (bool, error) {
		job, err := b.client.JobGet(b.ctx, purge.ID)
		return err == nil && job.State == rivertype.JobStateScheduled && job.AttemptedAt != nil, err
	})
	if n := b.blobCount(t, "users/1/"); n != 2 {
		t.Fatalf("an early purge left %d blobs of user 1, want 2", n)
	}

	done, err := b.undelete("1")
	if err != nil {
		t.Fatal(err)
	}
	if !done.TombstoneCleared || done.Restoration.Rows != 17 || done.PurgesCancelled != 1 {
		t.Fatalf("undelete %+v, want the tombstone cleared, 17 rows and the blob purge cancelled", done)
	}
	if after := communityDigest(t, b.pool); after != before {
		t.Fatalf("rows after undelete differ:\n before %s\n after  %s", before, after)
	}
	if n := b.blobCount(t, "users/1/"); n != 2 {
		t.Fatalf("%d blobs of user 1 after undelete, want 2", n)
	}
	if _, err := b.pool.Exec(b.ctx, `INSERT INTO posts (id, user_id, body) VALUES (100, 1, 'back')`); err != nil {
		t.Fatalf("write for the undeleted user: %v", err)
	}
	if n := b.count(t, `SELECT count(*) FROM lethe_restorations`); n != 0 {
		t.Fatalf("%d captures left after undelete", n)
	}
	// The ledger holds the undelete after the deletion (flushed or not
	// yet): a replay of it leaves user 1 alone.
	if n := b.count(t, `SELECT count(*) FROM lethe_deletion_audit WHERE action = 'undelete_entity' AND detail->>'key' = '1' AND detail ? 'ledger_id'`); n != 1 {
		t.Errorf("%d undelete audits of user 1 name a ledger entry, want 1", n)
	}
	if n := b.count(t, `SELECT count(*) FROM lethe_deletion_audit WHERE action = 'undelete_entity' AND detail->>'key' = '1' AND detail->>'by' = 'test'`); n != 1 {
		t.Fatalf("%d audit entries of the undelete, want 1", n)
	}
	var notRestorable *db.NotRestorableError
	if _, err := b.undelete("1"); !errors.As(err, &notRestorable) || notRestorable.Since != nil {
		t.Fatalf("second undelete: %v, want nothing captured", err)
	}
	if job, err := b.client.JobGet(b.ctx, purge.ID); err != nil || job.State != rivertype.JobStateCancelled {
		t.Fatalf("the blob purge after the undelete: %v %v, want cancelled", job.State, err)
	}
}

// TestUndeleteConflictRefusesAndChangesNothing: a column added NOT NULL
// without a default, or a unique value taken since the deletion, refuses
// the undelete with a message naming the table and column, and nothing
// changes: the rows stay deleted, the tombstone and the capture stay. With
// the conflict gone, the undelete goes through.
func TestUndeleteConflictRefusesAndChangesNothing(t *testing.T) {
	t.Parallel()
	b := restoreSetup(t, 0)
	b.deleteUser(t, "1")
	var deleted string

	refused := func(wantTable, wantColumn string) {
		t.Helper()
		_, err := b.undelete("1")
		var conflict *entity.ConflictError
		if !errors.As(err, &conflict) || conflict.Table != wantTable || conflict.Column != wantColumn {
			t.Fatalf("undelete: %v, want a conflict on %s.%s", err, wantTable, wantColumn)
		}
		if !strings.Contains(err.Error(), "table "+wantTable) || !strings.Contains(err.Error(), "column "+wantColumn) {
			t.Fatalf("message %q names neither table %s nor column %s", err, wantTable, wantColumn)
		}
		if got := communityDigest(t, b.pool); got != deleted {
			t.Fatal("a refused undelete changed rows")
		}
		if n := b.count(t, `SELECT count(*) FROM lethe_tombstones WHERE entity = 'user' AND key = '1'`) + b.count(t, `SELECT count(*) FROM lethe_restorations WHERE capture IS NOT NULL`); n != 2 {
			t.Fatal("a refused undelete removed the tombstone or the capture")
		}
	}
	if _, err := b.pool.Exec(b.ctx, `ALTER TABLE posts ADD COLUMN slug text NOT NULL DEFAULT 'x'; ALTER TABLE posts ALTER COLUMN slug DROP DEFAULT`); err != nil {
		t.Fatal(err)
	}
	deleted = communityDigest(t, b.pool)
	refused("posts", "slug")
	if _, err := b.pool.Exec(b.ctx, `ALTER TABLE posts DROP COLUMN slug; CREATE UNIQUE INDEX users_name_key ON users (name); INSERT INTO users (id, name) VALUES (9, 'ann')`); err != nil {
		t.Fatal(err)
	}
	deleted = communityDigest(t, b.pool)
	refused("users", "name")
	if _, err := b.pool.Exec(b.ctx, `DELETE FROM users WHERE id = 9`); err != nil {
		t.Fatal(err)
	}
	if _, err := b.undelete("1"); err != nil {
		t.Fatalf("undelete once the conflicts are gone: %v", err)
	}
}

// TestLargeDeletionWithinRestoreWindowUndeletes: a deletion in chunks (one
// row per chunk) captures the user's rows when it writes its tombstone,
// before its first chunk, and the undelete puts back every row the chunks
// and the final transaction removed.
func TestLargeDeletionWithinRestoreWindowUndeletes(t *testing.T) {
	t.Parallel()
	b := restoreSetup(t, 1)
	before := communityDigest(t, b.pool)
	b.deleteUser(t, "1")
	if n := b.count(t, `SELECT count(*) FROM lethe_deletion_audit WHERE action = 'delete_entity' AND outcome = 'ok' AND (detail->>'chunks')::int > 0`); n != 1 {
		t.Fatal("the deletion ran without chunks")
	}
	if n := b.count(t, `SELECT count(*) FROM posts WHERE user_id = 1`); n != 0 {
		t.Fatalf("%d posts of user 1 left", n)
	}
	if _, err := b.undelete("1"); err != nil {
		t.Fatal(err)
	}
	if after := communityDigest(t, b.pool); after != before {
		t.Fatalf("rows after undelete differ:\n before %s\n after  %s", before, after)
	}
}

// TestRestoreWindowEndPurges: at the window's end the purge job scheduled
// by the deletion purges the capture and the blobs and verifies the
// deletion; the deletion is then unrecoverable since that time. A capture
// whose purge job was lost is purged by the tombstone GC's run an hour
// after its window, which enqueues its blob purge.
func TestRestoreWindowEndPurges(t *testing.T) {
	t.Parallel()
	onEachStore(t, testRestoreWindowEndPurges)
}

func testRestoreWindowEndPurges(t *testing.T, store blob.Store) {
	b := restoreSetupOn(t, 0, store)
	purge := b.deleteUser(t, "1")
	if _, err := b.pool.Exec(b.ctx, `UPDATE lethe_restorations SET purge_after = now() - interval '1 second'`); err != nil {
		t.Fatal(err)
	}
	if _, err := b.client.JobRetry(b.ctx, purge.ID); err != nil {
		t.Fatal(err)
	}
	waitJobCompleted(t, b.client, purge.ID)
	if n := b.blobCount(t, "users/1/"); n != 0 {
		t.Fatalf("%d blobs of user 1 left after the window", n)
	}
	var purgedAt *time.Time
	var capture []byte
	if err := b.pool.QueryRow(b.ctx, `SELECT capture, purged_at FROM lethe_restorations WHERE key = '1'`).Scan(&capture, &purgedAt); err != nil {
		t.Fatal(err)
	}
	if capture != nil || purgedAt == nil {
		t.Fatal("the capture outlived its window")
	}
	testenv.WaitUntil(t, 30*time.Second, "verification", func() (bool, error) {
		var n int64
		err := b.pool.QueryRow(b.ctx, `SELECT count(*) FROM lethe_deletion_audit WHERE action = 'verify_entity' AND outcome = 'ok' AND detail->>'key' = '1' AND (detail->>'verified')::bool`).Scan(&n)
		return n == 1, err
	})
	var notRestorable *db.NotRestorableError
	if _, err := b.undelete("1"); !errors.As(err, &notRestorable) || notRestorable.Since == nil || !strings.Contains(err.Error(), "unrecoverable since") {
		t.Fatalf("undelete after the window: %v, want unrecoverable since the window's end", err)
	}

	// User 4's purge job is lost; the GC's run purges its capture.
	if err := b.blobs.Put(b.ctx, "users/4/a.txt", []byte("dee")); err != nil {
		t.Fatal(err)
	}
	lost := b.deleteUser(t, "4")
	if _, err := b.client.JobCancel(b.ctx, lost.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := b.pool.Exec(b.ctx, `UPDATE lethe_restorations SET purge_after = now() - interval '2 hours' WHERE key = '4'`); err != nil {
		t.Fatal(err)
	}
	gc, err := b.client.Insert(b.ctx, jobs.TombstoneGC{Policy: "users"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	waitJobCompleted(t, b.client, gc.Job.ID)
	testenv.WaitUntil(t, 30*time.Second, "user 4's blobs purged", func() (bool, error) {
		return b.blobCount(t, "users/4/") == 0, nil
	})
	if n := b.count(t, `SELECT count(*) FROM lethe_restorations WHERE key = '4' AND capture IS NULL`); n != 1 {
		t.Fatal("the GC's run left user 4's capture")
	}
	if n := b.count(t, `SELECT count(*) FROM lethe_deletion_audit WHERE action = 'purge_restorations' AND detail->'keys' ? '4'`); n != 1 {
		t.Fatal("the purge of user 4's capture is not audited")
	}
}
