package workers

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/internal/testenv"
	"github.com/lethehq/lethe/jobs"
)

// placeHold holds run key as an operator would.
func placeHold(t *testing.T, pool *pgxpool.Pool, key string) {
	t.Helper()
	err := pgx.BeginFunc(t.Context(), pool, func(tx pgx.Tx) error {
		_, _, err := db.PlaceHold(t.Context(), tx, db.Hold{Entity: jobs.EntityRun, Key: key, Reason: "litigation " + key, HeldBy: "test"})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

// releaseHold releases run key's hold.
func releaseHold(t *testing.T, pool *pgxpool.Pool, key string) {
	t.Helper()
	err := pgx.BeginFunc(t.Context(), pool, func(tx pgx.Tx) error {
		_, err := db.ReleaseHold(t.Context(), tx, config.DefaultRiverSchema, jobs.EntityRun, key)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

// waitHeld waits until job id records that it waits on a hold and returns
// what it recorded and its row.
func waitHeld(t *testing.T, client *river.Client[pgx.Tx], id int64) (HoldWait, *rivertype.JobRow) {
	t.Helper()
	var (
		wait HoldWait
		job  *rivertype.JobRow
	)
	testenv.WaitUntil(t, 20*time.Second, fmt.Sprintf("job %d to report its hold", id), func() (bool, error) {
		var err error
		if job, err = client.JobGet(t.Context(), id); err != nil || len(job.Output()) == 0 {
			return false, err
		}
		return true, json.Unmarshal(job.Output(), &wait)
	})
	return wait, job
}

// TestDeleteEntityHold: a held run's delete_entity job waits, snoozed with
// output saying held, deleting nothing; other runs are deleted meanwhile;
// after the release it completes without a failed attempt. Large runs
// (deleted in chunks) wait before their tombstone is written.
func TestDeleteEntityHold(t *testing.T) {
	t.Parallel()
	for _, chunked := range []bool{false, true} {
		t.Run(fmt.Sprintf("chunked=%t", chunked), func(t *testing.T) {
			t.Parallel()
			ctx := t.Context()
			b := setupTomb(t, func(c *config.Config) {
				if chunked {
					c.TombstoneFor("run").DeleteChunkSize = 1
				}
			})
			client := startClient(t, b.pool, b.deps, registerTombstone, 4)
			b.ingestAll(t, "r-hold")
			b.ingestAll(t, "r-free")
			placeHold(t, b.pool, "r-hold")
			held, err := client.Insert(ctx, jobs.DeleteEntity{Entity: "run", Key: "r-hold"}, nil)
			if err != nil {
				t.Fatal(err)
			}
			free, err := client.Insert(ctx, jobs.DeleteEntity{Entity: "run", Key: "r-free"}, nil)
			if err != nil {
				t.Fatal(err)
			}
			wait, job := waitHeld(t, client, held.Job.ID)
			if !wait.Held || wait.Reason != "litigation r-hold" || wait.HeldBy != "test" || wait.Since.IsZero() ||
				!strings.HasPrefix(wait.WaitingOn, "legal hold on run r-hold by test") {
				t.Errorf("held job's output %+v", wait)
			}
			if job.State != rivertype.JobStateScheduled || len(job.Errors) != 0 {
				t.Errorf("held job is %s with errors %v, want scheduled (snoozed) without errors", job.State, job.Errors)
			}
			waitJobCompleted(t, client, free.Job.ID)
			if rows := totalRows(rowsOf(t, b.pool, "r-free")); rows != 0 {
				t.Errorf("%d rows of the unheld run left", rows)
			}
			if rows := totalRows(rowsOf(t, b.pool, "r-hold")); rows == 0 {
				t.Fatal("held run deleted")
			}
			if ts, err := db.GetTombstone(ctx, b.pool, "run", "r-hold"); err != nil || ts != nil {
				t.Errorf("held run has tombstone %+v (err %v)", ts, err)
			}

			releaseHold(t, b.pool, "r-hold")
			job = waitJobCompleted(t, client, held.Job.ID)
			if len(job.Errors) != 0 {
				t.Errorf("released job recorded errors %v; a hold is no error", job.Errors)
			}
			if rows := totalRows(rowsOf(t, b.pool, "r-hold")); rows != 0 {
				t.Errorf("%d rows of the released run left", rows)
			}
		})
	}
}

// TestHoldRacesDeletion places holds and enqueues deletions from many
// goroutines at once, for the same and for different runs: no held run is
// deleted (not a row, no tombstone), every unheld run is, the held runs'
// jobs wait snoozed (never failed or discarded), and they complete once
// released.
func TestHoldRacesDeletion(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	b := setupTomb(t)
	client := startClient(t, b.pool, b.deps, registerTombstone, 8)
	const runs = 24
	keys := make([]string, runs)
	for i := range keys {
		keys[i] = fmt.Sprintf("race-%02d", i)
		b.ingestAll(t, keys[i])
	}
	isHeld := func(i int) bool { return i%3 == 0 }
	var (
		wg     sync.WaitGroup
		mu     sync.Mutex
		jobIDs = map[string][]int64{}
		errs   = make(chan error, runs*8)
	)
	for i, key := range keys {
		// Two deletions of every run race the hold of every third one,
		// and a second hold of the same run.
		for range 2 {
			wg.Go(func() {
				res, err := client.Insert(ctx, jobs.DeleteEntity{Entity: "run", Key: key}, nil)
				if err != nil {
					errs <- err
					return
				}
				mu.Lock()
				jobIDs[key] = append(jobIDs[key], res.Job.ID)
				mu.Unlock()
			})
			if isHeld(i) {
				wg.Go(func() {
					// Some holds land while their run's deletion runs.
					time.Sleep(rand.N(800 * time.Millisecond))
					errs <- pgx.BeginFunc(ctx, b.pool, func(tx pgx.Tx) error {
						_, _, err := db.PlaceHold(ctx, tx, db.Hold{Entity: "run", Key: key, Reason: "race", HeldBy: "test"})
						return err
					})
				})
			}
		}
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	// Every job settles: completed, or snoozed behind the hold. A job may
	// have completed before its run's hold was placed.
	deletedBeforeHold := map[string]bool{}
	for i, key := range keys {
		for _, id := range jobIDs[key] {
			var job *rivertype.JobRow
			testenv.WaitUntil(t, 30*time.Second, fmt.Sprintf("job %d of %s to settle", id, key), func() (bool, error) {
				var err error
				if job, err = client.JobGet(ctx, id); err != nil {
					return false, err
				}
				return job.State == rivertype.JobStateCompleted || (job.State == rivertype.JobStateScheduled && len(job.Output()) > 0), nil
			})
			if len(job.Errors) != 0 {
				t.Errorf("job %d of %s recorded errors %v", id, key, job.Errors)
			}
			switch {
			case !isHeld(i) && job.State != rivertype.JobStateCompleted:
				t.Errorf("job %d of unheld %s is %s", id, key, job.State)
			case isHeld(i) && job.State == rivertype.JobStateCompleted:
				deletedBeforeHold[key] = true
			}
		}
	}
	for i, key := range keys {
		rows := totalRows(rowsOf(t, b.pool, key))
		ts, err := db.GetTombstone(ctx, b.pool, "run", key)
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case !isHeld(i) && (rows != 0 || ts == nil):
			t.Errorf("unheld %s: %d rows left, tombstone %v", key, rows, ts)
		case isHeld(i) && !deletedBeforeHold[key] && (rows == 0 || ts != nil):
			t.Errorf("held %s was deleted: %d rows left, tombstone %v", key, rows, ts)
		case isHeld(i) && deletedBeforeHold[key] && (rows != 0 || ts == nil):
			t.Errorf("%s, deleted before its hold, is half deleted: %d rows, tombstone %v", key, rows, ts)
		}
	}
	// A held run deleted before its hold was placed is fine (the hold came
	// too late, and found it deleted whole); the others waited.
	t.Logf("%d of %d held runs were deleted before their hold", len(deletedBeforeHold), runs/3)
	for i, key := range keys {
		if isHeld(i) {
			releaseHold(t, b.pool, key)
		}
	}
	for _, key := range keys {
		for _, id := range jobIDs[key] {
			if job := waitJobCompleted(t, client, id); len(job.Errors) != 0 {
				t.Errorf("job %d of %s recorded errors %v after the release", id, key, job.Errors)
			}
		}
		if rows := totalRows(rowsOf(t, b.pool, key)); rows != 0 {
			t.Errorf("%s: %d rows left after the release", key, rows)
		}
	}
}
