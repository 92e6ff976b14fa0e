package jobs

import "time"

// ExpirePlan runs the planner of an expire policy: it claims expired rows in
// batches and inserts one ExpireBatch job per batch. It is scheduled
// periodically per policy; inserting it by hand runs the policy now.
//
//	{"policy": "pastes"}
type ExpirePlan struct {
	Policy string `json:"policy"`
}

// Kind is "lethe.expire_plan".
func (ExpirePlan) Kind() string { return "lethe.expire_plan" }

// ExpireBatch deletes one claimed batch of an expire policy: the blobs first,
// then the rows that still hold this claim, i.e. whose status is still
// DELETION_IN_PROGRESS and whose initiated-at column still equals ClaimedAt.
// Only the planner inserts it; a batch naming rows it did not claim changes
// nothing.
//
// Keys are the key column's values in PostgreSQL's text form ("42" for a
// bigint, "0b5c…" for a uuid), whatever the column's type, so every client can
// write them; Lethe casts the parameter array to the column's type, never the
// column, so the primary key index is used.
//
//	{"policy": "pastes", "keys": ["41", "42"], "deletion_initiated_at": "2026-11-22T03:00:00.123456Z"}
type ExpireBatch struct {
	Policy    string    `json:"policy"`
	Keys      []string  `json:"keys"`
	ClaimedAt time.Time `json:"deletion_initiated_at"`
}

// Kind is "lethe.expire_batch".
func (ExpireBatch) Kind() string { return "lethe.expire_batch" }

// ExpireWatchdog runs the watchdog of an expire policy: rows stuck in
// DELETION_IN_PROGRESS for longer than the policy's stuck_after go back to
// NOT_EXPIRED so the planner claims them again.
//
//	{"policy": "pastes"}
type ExpireWatchdog struct {
	Policy string `json:"policy"`
}

// Kind is "lethe.expire_watchdog".
func (ExpireWatchdog) Kind() string { return "lethe.expire_watchdog" }
