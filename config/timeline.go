package config

import (
	"cmp"
	"fmt"
	"strings"
	"time"

	"github.com/lethehq/lethe/jobs"
)

// River's own timing, which its client does not let Lethe configure. Both
// are read from River's sources (v0.51): internal/maintenance/job_rescuer.go
// and internal/retrypolicy/default.go.
const (
	// RescuerInterval is how often River's rescuer, on the leader, looks for
	// jobs running longer than river.rescue_stuck_jobs_after
	// (JobRescuerIntervalDefault). A stuck job is rescued up to this much
	// after it became eligible.
	RescuerInterval = 30 * time.Second

	// FirstRetryBackoff is the longest wait River's default retry policy
	// puts before a job's first retry, a rescued job's included: attempt^4
	// seconds, 1s, plus up to 10 % jitter.
	FirstRetryBackoff = 1100 * time.Millisecond

	// ingestTimeout bounds one run ingestion write, unless river.job_timeout
	// is shorter.
	ingestTimeout = 30 * time.Second
)

// JobKinds lists every job kind Lethe's workers work. JobTimeout knows the
// timeout of each; a kind missing here fails the workers' tests.
var JobKinds = []string{
	jobs.KindExpirePlan, jobs.KindExpireBatch, jobs.KindExpireDelete, jobs.KindExpireWatchdog,
	jobs.KindSweep,
	jobs.KindDeleteEntity, jobs.KindPurgeBlobs, jobs.KindOrphanSweep, jobs.KindTombstoneGC,
	jobs.KindCreateRun, jobs.KindLogMetric, jobs.KindSetTag, jobs.KindSetAttribute,
	jobs.KindAddToExperiment, jobs.KindPutRunBlob,
	jobs.KindPruneHistory,
	jobs.KindLedgerFlush, jobs.KindLedgerPrune,
}

// JobTimeout is the Timeout() of a job of kind for policy (the job's
// policy argument; "" for kinds that name none), with the policy's
// overrides applied. Every Lethe worker takes its timeout from here, so
// validation (JobTimeouts) sees each one. ok is false for a kind Lethe does
// not work. An unknown policy gets river.job_timeout: its job is cancelled
// at once anyway.
func (c *Config) JobTimeout(kind, policy string) (timeout time.Duration, ok bool) {
	t, ok := c.jobTimeout(kind, c.Policy(policy))
	return t.Timeout, ok
}

// JobTimeoutOf is one job kind's timeout and the setting it comes from.
type JobTimeoutOf struct {
	Kind    string
	Policy  string // "" for kinds whose timeout no policy sets
	Timeout time.Duration
	// Field is the configuration path that sets it, e.g.
	// "policies[0] (pastes).batch_timeout".
	Field string
	// Rule says how Timeout follows from Field, e.g. "2 × run_budget".
	Rule string
}

// jobTimeout is JobTimeout for a policy (nil for none or unknown); Field is
// filled by JobTimeouts.
func (c *Config) jobTimeout(kind string, p Policy) (JobTimeoutOf, bool) {
	byJobTimeout := JobTimeoutOf{Kind: kind, Timeout: c.River.JobTimeout.D(), Field: "river.job_timeout"}
	switch kind {
	case jobs.KindExpirePlan, jobs.KindExpireWatchdog:
		if p, ok := p.(*Expire); ok {
			return JobTimeoutOf{Kind: kind, Policy: p.Name, Timeout: 2 * p.RunBudget.D(), Field: "run_budget", Rule: "2 × run_budget"}, true
		}
		return byJobTimeout, true
	case jobs.KindExpireBatch, jobs.KindExpireDelete:
		if p, ok := p.(*Expire); ok {
			return JobTimeoutOf{Kind: kind, Policy: p.Name, Timeout: p.BatchTimeout.D(), Field: "batch_timeout"}, true
		}
		return byJobTimeout, true
	case jobs.KindSweep:
		// Long enough for a large backlog, short enough that the rescuer
		// never retries a sweep still running.
		return JobTimeoutOf{Kind: kind, Timeout: c.River.RescueStuckJobsAfter.D() / 2, Field: "river.rescue_stuck_jobs_after", Rule: "half of river.rescue_stuck_jobs_after"}, true
	case jobs.KindDeleteEntity, jobs.KindPurgeBlobs, jobs.KindOrphanSweep, jobs.KindTombstoneGC, jobs.KindPruneHistory,
		jobs.KindLedgerFlush, jobs.KindLedgerPrune:
		return byJobTimeout, true
	case jobs.KindCreateRun, jobs.KindLogMetric, jobs.KindSetTag, jobs.KindSetAttribute,
		jobs.KindAddToExperiment, jobs.KindPutRunBlob:
		// One small write: 30s, or less when river.job_timeout is less.
		if c.River.JobTimeout.D() < ingestTimeout {
			return byJobTimeout, true
		}
		return JobTimeoutOf{Kind: kind, Timeout: ingestTimeout, Field: "river.job_timeout", Rule: "30s, or river.job_timeout when shorter"}, true
	}
	return JobTimeoutOf{}, false
}

// JobTimeouts lists the timeout of every job kind Lethe works: per expire
// policy for the expire kinds (none without an expire policy), once for the
// others. Validate keeps each
// below river.rescue_stuck_jobs_after.
func (c *Config) JobTimeouts() []JobTimeoutOf {
	var out []JobTimeoutOf
	for _, kind := range JobKinds {
		switch kind {
		case jobs.KindExpirePlan, jobs.KindExpireBatch, jobs.KindExpireWatchdog:
			// Without an expire policy these jobs are cancelled at once.
			for i, p := range c.Policies {
				if _, ok := p.(*Expire); ok {
					t, _ := c.jobTimeout(kind, p)
					t.Field = c.policyPath(i) + "." + t.Field
					out = append(out, t)
				}
			}
		default:
			t, _ := c.jobTimeout(kind, nil)
			out = append(out, t)
		}
	}
	return out
}

// policyPath names the i-th policy in messages as the file numbers it:
// "policies[0] (pastes)".
func (c *Config) policyPath(i int) string {
	b := c.Policies[i].Base()
	path := fmt.Sprintf("policies[%d]", cmp.Or(b.index, i+1)-1)
	if b.Name != "" {
		path += " (" + b.Name + ")"
	}
	return path
}

// checkJobTimeouts refuses any job timeout at or above
// river.rescue_stuck_jobs_after: River's rescuer would run a second copy of
// a job still running. Fields already named by a kind's own check are not
// named twice.
func (c *Config) checkJobTimeouts(errs *problems) {
	named := map[string]bool{}
	for _, p := range *errs {
		named[problemPath(p)] = true
	}
	rescue := c.River.RescueStuckJobsAfter.D()
	var fields []string
	over := map[string][]JobTimeoutOf{}
	for _, t := range c.JobTimeouts() {
		if t.Timeout < rescue || named[t.Field] {
			continue
		}
		if over[t.Field] == nil {
			fields = append(fields, t.Field)
		}
		over[t.Field] = append(over[t.Field], t)
	}
	for _, field := range fields {
		var kinds []string
		for _, t := range over[field] {
			kinds = append(kinds, t.Kind)
		}
		t := over[field][0]
		rule := ""
		if t.Rule != "" {
			rule = " (" + t.Rule + ")"
		}
		// The kinds go in the format, not as an argument add would shorten.
		errs.add(field, "gives "+strings.Join(kinds, ", ")+" a timeout of %s%s, which must be below river.rescue_stuck_jobs_after %s",
			t.Timeout, rule, rescue)
	}
}

// Rescued is the latest a job that started at 0 and whose worker vanished
// is made available again by River: rescue_stuck_jobs_after, plus the
// rescuer's interval, plus the first retry's backoff.
func (r River) Rescued() time.Duration {
	return r.RescueStuckJobsAfter.D() + RescuerInterval + FirstRetryBackoff
}

// TimelineStep is one point of a policy's timeline: At, counted from the
// start of its work, something happens at the latest (the watchdog, at the
// earliest).
type TimelineStep struct {
	At   time.Duration
	Name string // claim, batch timeout, rescue, retry, watchdog, ...
	What string
}

// Timeline returns how policy p's work is bounded in time, step after step:
// for expire, claim → batch timeout → rescue → retry → watchdog; for sweep,
// run → job timeout → rescue; for tombstone, its jobs' and the entity
// deletion's. Validation keeps the steps in order, so no step can begin
// while an earlier one may still run.
func (c *Config) Timeline(p Policy) []TimelineStep {
	r := c.River
	rescue := r.RescueStuckJobsAfter.D()
	rescueSteps := func(run time.Duration, what string) []TimelineStep {
		return []TimelineStep{
			{rescue, "rescue", fmt.Sprintf("river.rescue_stuck_jobs_after: %s whose worker died becomes rescuable", what)},
			{rescue + RescuerInterval, "rescued", fmt.Sprintf("+ rescuer interval %s: rescued at the latest", RescuerInterval)},
			{r.Rescued(), "retry", fmt.Sprintf("+ first retry backoff %s: the retry starts at the latest", FirstRetryBackoff)},
			{r.Rescued() + run, "retry done", fmt.Sprintf("+ %s: the retry ends at the latest", run)},
		}
	}
	switch p := p.(type) {
	case *Expire:
		steps := []TimelineStep{
			{0, "claim", "claim: rows DELETION_IN_PROGRESS, batch job inserted in the same transaction"},
			{p.BatchTimeout.D(), "batch timeout", "batch_timeout: the batch's attempt is cancelled, its rows keep their claim"},
		}
		steps = append(steps, rescueSteps(p.BatchTimeout.D(), "a batch")...)
		return append(steps, TimelineStep{p.StuckAfter.D(), "watchdog",
			fmt.Sprintf("stuck_after: the watchdog (%s) may reset the rows, if their batch job is gone and no blob delete began", p.WatchdogSchedule)})
	case *Sweep:
		timeout, _ := c.jobTimeout(jobs.KindSweep, p)
		steps := []TimelineStep{
			{0, "run", fmt.Sprintf("sweep run starts; each batch is bounded by statement_timeout %s", p.StatementTimeout.D())},
			{timeout.Timeout, "job timeout", "half of river.rescue_stuck_jobs_after: the run stops between batches"},
		}
		return append(steps, rescueSteps(timeout.Timeout, "a run")...)
	case *Tombstone:
		steps := []TimelineStep{
			{0, "run", "delete_entity, purge_blobs, orphan_sweep or tombstone_gc starts"},
			{r.JobTimeout.D(), "job timeout", "river.job_timeout: the attempt is cancelled; a deletion's last transaction rolls back"},
		}
		return append(steps, rescueSteps(r.JobTimeout.D(), "a job")...)
	}
	return nil
}

// EntityTimeline is Timeline for a delete_entity job of an entity no
// tombstone policy names: deleted through River all the same.
func (c *Config) EntityTimeline() []TimelineStep {
	return c.Timeline(&Tombstone{})
}
