package jobs

import (
	"errors"
	"fmt"
	"time"
)

// ExpirePlan runs the planner of an expire policy: it claims expired rows in
// batches and inserts one ExpireBatch job per batch. It is scheduled
// periodically per policy; inserting it by hand runs the policy now.
//
//	{"policy": "pastes"}
type ExpirePlan struct {
	Policy string `json:"policy"`

	decodeErr error // what UnmarshalJSON found wrong, reported by Validate
}

// Kind is KindExpirePlan (lethe.expire_plan).
func (ExpirePlan) Kind() string { return KindExpirePlan }

// UnmarshalJSON decodes the args strictly and never fails: Validate
// reports what is wrong.
func (a *ExpirePlan) UnmarshalJSON(data []byte) error {
	var v ExpirePlan
	v.decodeErr = decodePolicyArgs(data, &v.Policy)
	*a = v
	return nil
}

// Validate reports malformed args; workers cancel such jobs.
func (a ExpirePlan) Validate() error { return validatePolicyArgs(a.decodeErr, a.Policy) }

// ExpireBatch deletes one claimed batch of an expire policy: the blobs first,
// then the rows that still hold this claim, i.e. whose status is still
// DELETION_IN_PROGRESS and whose initiated-at column still equals ClaimedAt.
// The claim's timestamp names the batch (the planner never gives two batches
// of a policy the same one), so the job carries no keys. The planner inserts
// it, and the watchdog again for a claim whose blob deletes began and whose
// job River no longer holds; a batch naming a claim that no row holds
// changes nothing.
//
//	{"policy": "pastes", "deletion_initiated_at": "2026-11-22T03:00:00.123456Z", "rows": 2000}
type ExpireBatch struct {
	Policy    string    `json:"policy" river:"unique"`
	ClaimedAt time.Time `json:"deletion_initiated_at" river:"unique"`
	Rows      int       `json:"rows"` // how many rows the planner claimed

	decodeErr error // what UnmarshalJSON found wrong, reported by Validate
}

// Kind is KindExpireBatch (lethe.expire_batch).
func (ExpireBatch) Kind() string { return KindExpireBatch }

// UnmarshalJSON decodes the args strictly and never fails: Validate
// reports what is wrong.
func (a *ExpireBatch) UnmarshalJSON(data []byte) error {
	var v ExpireBatch
	if err := decodeArgs(data,
		stringField("policy", &v.Policy, required),
		timeField("deletion_initiated_at", &v.ClaimedAt, required),
		integerField("rows", &v.Rows, required),
	); err != nil {
		v = ExpireBatch{decodeErr: err}
	}
	*a = v
	return nil
}

// Validate reports malformed args; workers cancel such jobs.
func (a ExpireBatch) Validate() error {
	if a.decodeErr != nil {
		return a.decodeErr
	}
	if err := validatePolicy(a.Policy); err != nil {
		return err
	}
	if a.ClaimedAt.IsZero() {
		return errors.New("deletion_initiated_at is required")
	}
	if a.Rows < 0 {
		return fmt.Errorf("rows %d is negative", a.Rows)
	}
	return nil
}

// ExpireDelete deletes one batch of an expire policy without a blob column:
// in one transaction it locks up to Rows due rows (NOT_EXPIRED, expired) in
// expiry order from From on, skipping rows others hold, deletes them (or
// marks them DELETED) and completes the job. Nothing happens outside that
// transaction, so such a policy needs no status claim. Only the planner
// inserts it.
//
//	{"policy": "sessions", "rows": 5000, "from": "2026-11-22T03:00:00.123456Z"}
type ExpireDelete struct {
	Policy string `json:"policy"`
	Rows   int    `json:"rows"` // the most rows this batch deletes
	// From is the expiry the batch starts at, so the batches of one
	// planner run take disjoint ranges of the expiry index instead of
	// each walking over the rows the others locked or deleted. Optional:
	// without it the batch starts at the oldest due row.
	From time.Time `json:"from,omitzero"`

	decodeErr error // what UnmarshalJSON found wrong, reported by Validate
}

// Kind is KindExpireDelete (lethe.expire_delete).
func (ExpireDelete) Kind() string { return KindExpireDelete }

// UnmarshalJSON decodes the args strictly and never fails: Validate
// reports what is wrong.
func (a *ExpireDelete) UnmarshalJSON(data []byte) error {
	var v ExpireDelete
	if err := decodeArgs(data,
		stringField("policy", &v.Policy, required),
		integerField("rows", &v.Rows, required),
		timeField("from", &v.From, optional),
	); err != nil {
		v = ExpireDelete{decodeErr: err}
	}
	*a = v
	return nil
}

// Validate reports malformed args; workers cancel such jobs.
func (a ExpireDelete) Validate() error {
	if a.decodeErr != nil {
		return a.decodeErr
	}
	if err := validatePolicy(a.Policy); err != nil {
		return err
	}
	if a.Rows < 1 {
		return fmt.Errorf("rows %d must be at least 1", a.Rows)
	}
	return nil
}

// ExpireWatchdog runs the watchdog of an expire policy: claims older than
// the policy's stuck_after whose batch job River gave up on go back to
// NOT_EXPIRED so the planner claims their rows again.
//
//	{"policy": "pastes"}
type ExpireWatchdog struct {
	Policy string `json:"policy"`

	decodeErr error // what UnmarshalJSON found wrong, reported by Validate
}

// Kind is KindExpireWatchdog (lethe.expire_watchdog).
func (ExpireWatchdog) Kind() string { return KindExpireWatchdog }

// UnmarshalJSON decodes the args strictly and never fails: Validate
// reports what is wrong.
func (a *ExpireWatchdog) UnmarshalJSON(data []byte) error {
	var v ExpireWatchdog
	v.decodeErr = decodePolicyArgs(data, &v.Policy)
	*a = v
	return nil
}

// Validate reports malformed args; workers cancel such jobs.
func (a ExpireWatchdog) Validate() error { return validatePolicyArgs(a.decodeErr, a.Policy) }
