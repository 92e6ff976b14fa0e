package db

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river/rivertype"
)

// RiverJobCount is how many River jobs of one queue are in one state.
type RiverJobCount struct {
	Queue string
	State rivertype.JobState
	Count int64
}

// RiverQueueStates are the states RiverJobCounts counts: jobs waiting to
// run or running, the depth of a queue.
func RiverQueueStates() []rivertype.JobState {
	return []rivertype.JobState{
		rivertype.JobStateAvailable, rivertype.JobStateRunning,
		rivertype.JobStateRetryable, rivertype.JobStateScheduled,
	}
}

// RiverJobCounts counts the River jobs in riverSchema (river.schema) by
// queue and state, for each of RiverQueueStates, stopping at limit jobs per
// state so a huge queue costs a bounded scan of River's state index. Queues
// without jobs in a state are left out.
//
// River's API counts only by listing: this reads river_job directly.
func RiverJobCounts(ctx context.Context, exec Executor, riverSchema string, limit int) ([]RiverJobCount, error) {
	states := make([]string, 0, len(RiverQueueStates()))
	for _, s := range RiverQueueStates() {
		states = append(states, string(s))
	}
	rows, err := exec.Query(ctx, `
		SELECT j.queue, s.state::text, count(*)
		FROM unnest($1::`+pgx.Identifier{riverSchema, "river_job_state"}.Sanitize()+`[]) AS s(state)
		CROSS JOIN LATERAL (
			SELECT queue FROM `+pgx.Identifier{riverSchema, "river_job"}.Sanitize()+`
			WHERE state = s.state
			LIMIT $2
		) AS j
		GROUP BY j.queue, s.state`, states, limit)
	if err != nil {
		return nil, fmt.Errorf("count river jobs by queue and state: %w", err)
	}
	counts, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (RiverJobCount, error) {
		var c RiverJobCount
		err := row.Scan(&c.Queue, &c.State, &c.Count)
		return c, err
	})
	if err != nil {
		return nil, fmt.Errorf("count river jobs by queue and state: %w", err)
	}
	return counts, nil
}

// RiverHasLeader reports whether a River client of riverSchema holds an
// unexpired leadership: without a leader no periodic job is inserted and
// River's maintenance (rescuing stuck jobs, cleaning old ones) stops.
func RiverHasLeader(ctx context.Context, exec Executor, riverSchema string) (bool, error) {
	var has bool
	err := exec.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM `+pgx.Identifier{riverSchema, "river_leader"}.Sanitize()+` WHERE expires_at > now())`).Scan(&has)
	if err != nil {
		return false, fmt.Errorf("read river leader: %w", err)
	}
	return has, nil
}

// JobStateGone is the state RiverJobStates reports for a job River no
// longer has (its job cleaner deletes finished jobs after a while).
const JobStateGone = "gone"

// RiverJobStates returns the state of each of ids in riverSchema's job
// table, JobStateGone for those that no longer exist, so links into River
// UI only point at jobs it can show.
func RiverJobStates(ctx context.Context, exec Executor, riverSchema string, ids []int64) (map[int64]string, error) {
	states := make(map[int64]string, len(ids))
	if len(ids) == 0 {
		return states, nil
	}
	rows, err := exec.Query(ctx, `SELECT id, state::text FROM `+pgx.Identifier{riverSchema, "river_job"}.Sanitize()+` WHERE id = ANY ($1::bigint[])`, ids)
	if err != nil {
		return nil, fmt.Errorf("read river job states: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var state string
		if err := rows.Scan(&id, &state); err != nil {
			return nil, fmt.Errorf("read river job states: %w", err)
		}
		states[id] = state
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read river job states: %w", err)
	}
	for _, id := range ids {
		if _, ok := states[id]; !ok {
			states[id] = JobStateGone
		}
	}
	return states, nil
}
