package db

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/lethehq/lethe/internal/sqlident"
)

// A claim's lock and the watchdog.
//
// A batch deletes blobs before rows, so it must delete exactly the rows whose
// blob keys it read. The watchdog resetting its claim in between would leave
// rows without their blobs. Three rules keep them apart, whatever the
// thresholds:
//
//   - the watchdog leaves a claim alone while River holds its batch job alive
//     (available, pending, retryable, running or scheduled): a job that
//     will run again finishes its own rows;
//   - the batch holds the claim's advisory lock (LockClaim) from before it
//     reads the keys until after its delete commits, and the watchdog resets
//     a claim only in a transaction that got the same lock without waiting
//     and found no alive job (ResetClaim). A job revived while the watchdog
//     resets (an operator retrying it) waits for the lock and then finds its
//     claim gone;
//   - a claim whose batch began deleting blobs (BeginBlobDeletes, committed
//     under the lock before the first blob store call) is never reset, only
//     finished: the lock covers a running batch, this record a batch that
//     stopped, however it stopped (claim_blobs.go).

// claimLockClass is the first of the two int4 keys of every claim lock
// ("lexp"). The two-int4 form of PostgreSQL's advisory locks is a key space
// of its own, apart from the one-bigint form that River (unique inserts),
// Lethe's migrations and its entity locks use.
const claimLockClass int32 = 0x6c657870

// claimLockKey is the second key of the lock of the claim made at claimedAt
// by policy. Two claims sharing a key (a hash collision) only serialise two
// batches or make the watchdog skip a claim until its next run.
func claimLockKey(policy string, claimedAt time.Time) int32 {
	h := fnv.New32a()
	h.Write([]byte(policy))
	h.Write([]byte{0})
	h.Write(binary.BigEndian.AppendUint64(nil, uint64(claimedAt.UnixMicro())))
	return int32(h.Sum32()) //nolint:gosec // a hash: wrapping is the point
}

// LockClaim takes the session-level advisory lock of the claim made at
// claimedAt, waiting while the watchdog holds it. conn must be one
// connection (not a pool) kept until UnlockClaim: the lock belongs to the
// session, so no transaction stays open while the batch calls the blob
// store. Should the connection die, the server releases the lock with it.
func (t *ExpireTable) LockClaim(ctx context.Context, conn Executor, claimedAt time.Time) error {
	if _, err := conn.Exec(ctx, claimLockSQL,
		claimLockClass, claimLockKey(t.Columns.Policy, claimedAt)); err != nil {
		return fmt.Errorf("lock claim %s of %s: %w", claimedAt.Format(time.RFC3339Nano), t.Columns.Table, err)
	}
	return nil
}

// ClaimLock is the lock of the claim claimedAt (LockClaim, UnlockClaim),
// for a Session.
func (t *ExpireTable) ClaimLock(claimedAt time.Time) *SessionLock {
	return &SessionLock{
		what: fmt.Sprintf("claim %s of %s", claimedAt.Format(time.RFC3339Nano), t.Columns.Table),
		lock: claimLockSQL, unlock: claimUnlockSQL,
		args: []any{claimLockClass, claimLockKey(t.Columns.Policy, claimedAt)},
	}
}

// claimLockSQL and claimUnlockSQL take and give back a claim's lock.
const (
	claimLockSQL   = `SELECT pg_advisory_lock($1::int4, $2::int4)`
	claimUnlockSQL = `SELECT pg_advisory_unlock($1::int4, $2::int4)`
)

// UnlockClaim releases the lock LockClaim took on the same connection.
func (t *ExpireTable) UnlockClaim(ctx context.Context, conn Executor, claimedAt time.Time) error {
	var held bool
	if err := conn.QueryRow(ctx, claimUnlockSQL,
		claimLockClass, claimLockKey(t.Columns.Policy, claimedAt)).Scan(&held); err != nil {
		return fmt.Errorf("unlock claim %s of %s: %w", claimedAt.Format(time.RFC3339Nano), t.Columns.Table, err)
	}
	if !held {
		return fmt.Errorf("unlock claim %s of %s: this session did not hold its lock", claimedAt.Format(time.RFC3339Nano), t.Columns.Table)
	}
	return nil
}

// BatchJobs says where the batch jobs of expire policies are: River's schema
// (river.schema) and the batch job kind (lethe.expire_batch).
type BatchJobs struct {
	Schema string
	Kind   string
}

// ClaimSet is a set of claim timestamps, to the microsecond PostgreSQL
// keeps.
type ClaimSet map[int64]struct{}

// Has reports whether the claim made at claimedAt is in s.
func (s ClaimSet) Has(claimedAt time.Time) bool {
	_, ok := s[claimedAt.UnixMicro()]
	return ok
}

// AliveClaims returns the claims whose batch job River still holds alive:
// available, pending, retryable, running or scheduled. The job names its
// claim by timestamp, written in the inserting process's time zone, so the
// timestamps are compared here as instants; args that do not parse name no
// claim (the worker cancels such a job).
func (t *ExpireTable) AliveClaims(ctx context.Context, exec Executor, batches BatchJobs) (ClaimSet, error) {
	rows, err := exec.Query(ctx, `
		SELECT args->>'deletion_initiated_at'
		FROM `+pgx.Identifier{batches.Schema, "river_job"}.Sanitize()+`
		WHERE state IN ('available', 'pending', 'retryable', 'running', 'scheduled')
		  AND kind = $1 AND args @> jsonb_build_object('policy', $2::text)`,
		batches.Kind, t.Columns.Policy)
	if err != nil {
		return nil, fmt.Errorf("list alive batch jobs of policy %s: %w", t.Columns.Policy, err)
	}
	stamps, err := pgx.CollectRows(rows, pgx.RowTo[*string])
	if err != nil {
		return nil, fmt.Errorf("list alive batch jobs of policy %s: %w", t.Columns.Policy, err)
	}
	set := ClaimSet{}
	for _, s := range stamps {
		if s == nil {
			continue
		}
		if at, err := time.Parse(time.RFC3339Nano, *s); err == nil {
			set[at.UnixMicro()] = struct{}{}
		}
	}
	return set, nil
}

// watchdogSQL are the watchdog's statements of an expire table.
type watchdogSQL struct {
	stuckClaims string
	resetClaim  string
}

func (t *ExpireTable) buildWatchdog(r sqlident.Template) {
	// Distinct claim timestamps in order, one index descent each (a loose
	// index scan of the in-progress index) rather than a walk over every
	// claimed row. $1 > '-infinity' leaves set-aside rows out.
	t.watchdog.stuckClaims = r.Fill(`
		WITH RECURSIVE claims (at) AS (
			(SELECT {initiated_at} FROM {table}
			 WHERE {status} = 'DELETION_IN_PROGRESS' AND {initiated_at} > $1
			   AND {initiated_at} < now() - make_interval(secs => $2)
			 ORDER BY {initiated_at} LIMIT 1)
			UNION ALL
			SELECT (SELECT {initiated_at} FROM {table}
			        WHERE {status} = 'DELETION_IN_PROGRESS' AND {initiated_at} > claims.at
			          AND {initiated_at} < now() - make_interval(secs => $2)
			        ORDER BY {initiated_at} LIMIT 1)
			FROM claims WHERE claims.at IS NOT NULL
		)
		SELECT at FROM claims WHERE at IS NOT NULL LIMIT $3`)
	t.watchdog.resetClaim = r.Fill(`
		UPDATE {table} SET {status} = 'NOT_EXPIRED', {initiated_at} = NULL
		WHERE {status} = 'DELETION_IN_PROGRESS' AND {initiated_at} = $1`)
}

// StuckClaims returns up to limit claims made more than stuckAfter ago and
// after the claim at after (the zero time: from the first), oldest first.
// Set-aside rows are no claim.
func (t *ExpireTable) StuckClaims(ctx context.Context, exec Bounded, stuckAfter time.Duration, after time.Time, limit int) ([]time.Time, error) {
	if stuckAfter <= 0 {
		return nil, errors.New("list stuck claims: stuck_after must be positive")
	}
	from := pgtype.Timestamptz{Time: after, Valid: true}
	if after.IsZero() {
		from.InfinityModifier = pgtype.NegativeInfinity
	}
	rows, err := exec.Query(ctx, t.watchdog.stuckClaims, from, stuckAfter.Seconds(), limit)
	if err != nil {
		return nil, fmt.Errorf("list stuck claims of %s: %w", t.Columns.Table, err)
	}
	claims, err := pgx.CollectRows(rows, pgx.RowTo[time.Time])
	if err != nil {
		return nil, fmt.Errorf("list stuck claims of %s: %w", t.Columns.Table, err)
	}
	return claims, nil
}

// ClaimReset is what ResetClaim did with one claim.
type ClaimReset struct {
	Rows   int64 // rows given back to the planner
	Locked bool  // a batch holds the claim's lock: left alone
	Alive  bool  // River holds the claim's batch job alive: left alone
	// Begun: the claim's batch began deleting blobs (BeginBlobDeletes),
	// so its rows were left claimed for the batch to finish; JobID is the
	// batch job that began (0 if not recorded). The caller runs that job
	// again in the same transaction, still under the claim's lock.
	Begun bool
	JobID int64
}

// ResetClaim gives the rows of the claim made at claimedAt back to the
// planner (NOT_EXPIRED, no timestamp), unless a batch holds the claim's lock,
// River holds its batch job alive, or its batch began deleting blobs (then
// its blobs may be gone and the rows must be deleted, not given back: it
// reports Begun). Run it in a transaction of its own: the lock, taken
// without waiting, is held until that transaction ends, so no batch reads
// the claim's blob keys or begins deleting them between the check and the
// commit.
func (t *ExpireTable) ResetClaim(ctx context.Context, tx Bounded, claimedAt time.Time, batches BatchJobs) (ClaimReset, error) {
	return t.settleClaim(ctx, tx, claimedAt, batches, true)
}

// CheckBegunClaim is ResetClaim for a claim listed by BegunClaims, of any
// age: it never resets. It reports Begun, with the lock taken, when the
// claim's batch job must run again; Locked or Alive when a batch has it in
// hand; nothing when the batch finished meanwhile.
func (t *ExpireTable) CheckBegunClaim(ctx context.Context, tx Bounded, claimedAt time.Time, batches BatchJobs) (ClaimReset, error) {
	return t.settleClaim(ctx, tx, claimedAt, batches, false)
}

func (t *ExpireTable) settleClaim(ctx context.Context, tx Bounded, claimedAt time.Time, batches BatchJobs, reset bool) (ClaimReset, error) {
	var got bool
	if err := tx.QueryRow(ctx, `SELECT pg_try_advisory_xact_lock($1::int4, $2::int4)`,
		claimLockClass, claimLockKey(t.Columns.Policy, claimedAt)).Scan(&got); err != nil {
		return ClaimReset{}, fmt.Errorf("lock claim %s of %s: %w", claimedAt.Format(time.RFC3339Nano), t.Columns.Table, err)
	}
	if !got {
		return ClaimReset{Locked: true}, nil
	}
	alive, err := t.AliveClaims(ctx, tx, batches)
	if err != nil {
		return ClaimReset{}, err
	}
	if alive.Has(claimedAt) {
		return ClaimReset{Alive: true}, nil
	}
	jobID, begun, err := t.blobDeletesBegun(ctx, tx, claimedAt)
	if err != nil {
		return ClaimReset{}, err
	}
	if begun {
		return ClaimReset{Begun: true, JobID: jobID}, nil
	}
	if !reset {
		return ClaimReset{}, nil
	}
	tag, err := tx.Exec(ctx, t.watchdog.resetClaim, claimedAt)
	if err != nil {
		return ClaimReset{}, fmt.Errorf("reset claim %s of %s: %w", claimedAt.Format(time.RFC3339Nano), t.Columns.Table, err)
	}
	return ClaimReset{Rows: tag.RowsAffected()}, nil
}
