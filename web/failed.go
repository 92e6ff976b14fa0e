package web

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river/rivertype"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/internal/quote"
)

// Bounds of the failed-jobs routes.
const (
	// failedCountCap bounds each failed count, in the overview and GET
	// …/failed: past it the count is a lower bound (capped).
	failedCountCap = 10_000
	// failedActionMax is the most jobs one retry-all or discard-all acts
	// on, oldest first; the dry run says when there are more (more: true)
	// and the operator repeats the action for the rest.
	failedActionMax = 1000
	// failedSampleIDs is how many job IDs a dry run or a 409 names.
	failedSampleIDs = 10
	// failedActionTimeout bounds an action's transaction, lock waits on
	// the jobs' rows included.
	failedActionTimeout = 30 * time.Second
)

// failedRoutes mounts a policy's failed River jobs: GET …/failed lists
// them, POST …/failed/retry and …/failed/discard act on them all, after a
// dry run (docs/api.md).
func (s *Server) failedRoutes() {
	auth := s.requireAuth
	s.mux.Handle("GET /api/v1/policies/{policy}/failed", auth(http.HandlerFunc(s.handleFailed)))
	s.mux.Handle("POST /api/v1/policies/{policy}/failed/retry", auth(http.HandlerFunc(s.handleFailedAction(failedRetry))))
	s.mux.Handle("POST /api/v1/policies/{policy}/failed/discard", auth(http.HandlerFunc(s.handleFailedAction(failedDiscard))))
}

// policyJobs names the River jobs of policy: those carrying its name and,
// for a tombstone policy, the entity jobs of its entity.
func policyJobs(policy config.Policy) db.PolicyJobs {
	pj := db.PolicyJobs{Policy: policy.Base().Name}
	if t, ok := policy.(*config.Tombstone); ok {
		pj.Entity = t.Entity
	}
	return pj
}

// failedCounts is policy's failed jobs as the overview shows them: two
// bounded counts.
func (s *Server) failedCounts(ctx context.Context, policy config.Policy) (db.FailedJobCounts, error) {
	return db.CountFailedJobs(ctx, s.opts.Pool, s.opts.Config.River.Schema, policyJobs(policy), failedCountCap)
}

// handleFailed answers a policy's failed jobs: the counts and the newest
// ?limit= (1–1000, default 10) jobs with their newest error.
func (s *Server) handleFailed(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("policy")
	policy, ok := s.knownPolicy(w, name)
	if !ok {
		return
	}
	q := r.URL.Query()
	for param, values := range q {
		if param != "limit" {
			writeError(w, http.StatusBadRequest, fmt.Sprintf("unknown query parameter %s (known: limit)", quote.Value(param)))
			return
		}
		if len(values) > 1 {
			writeError(w, http.StatusBadRequest, fmt.Sprintf("limit: given %d times, want it once", len(values)))
			return
		}
	}
	limit, ok := queryLimit(w, q, 10)
	if !ok {
		return
	}
	ctx := r.Context()
	counts, err := s.failedCounts(ctx, policy)
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	jobs, err := db.FailedJobs(ctx, s.opts.Pool, s.opts.Config.River.Schema, policyJobs(policy), limit)
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	if jobs == nil {
		jobs = []db.FailedJob{}
	}
	writeJSON(w, http.StatusOK, map[string]any{"policy": name, "failed": counts, "jobs": jobs})
}

// failedAction is retry-all or discard-all: the states of the jobs it acts
// on, what it does to one, and how it is audited.
type failedAction struct {
	name   string
	states []rivertype.JobState
	audit  db.AuditAction
	act    func(s *Server, ctx context.Context, tx pgx.Tx, id int64) error
}

var (
	// failedRetry makes retryable and discarded jobs available now
	// (River's JobRetry; a discarded job gets one more attempt).
	failedRetry = failedAction{
		name: "retry", states: db.FailedStates, audit: db.ActionRetryFailed,
		act: func(s *Server, ctx context.Context, tx pgx.Tx, id int64) error {
			_, err := s.opts.River.JobRetryTx(ctx, tx, id)
			return err
		},
	}
	// failedDiscard stops retryable jobs for good (River's JobCancel: they
	// end cancelled). Discarded jobs are stopped already.
	failedDiscard = failedAction{
		name: "discard", states: []rivertype.JobState{rivertype.JobStateRetryable}, audit: db.ActionDiscardFailed,
		act: func(s *Server, ctx context.Context, tx pgx.Tx, id int64) error {
			_, err := s.opts.River.JobCancelTx(ctx, tx, id)
			return err
		},
	}
)

// failedActionWant is the body the actions take, shown in their 400
// answers.
const failedActionWant = `{"dry_run": true} to count the jobs, then {"confirm": <that count>}`

// failedActionBody is the body of POST …/failed/retry and …/discard.
type failedActionBody struct {
	DryRun  bool   `json:"dry_run"`
	Confirm *int64 `json:"confirm"`
}

// handleFailedAction retries or discards all of a policy's failed jobs
// (up to failedActionMax, oldest first) in two steps: {"dry_run": true}
// counts them and names the first few; {"confirm": N} acts only when the
// count is still N, else 409 with the new count. The jobs' rows stay
// locked from the count to the commit, so exactly the jobs counted are
// acted on, and the action is audited in the same transaction.
func (s *Server) handleFailedAction(a failedAction) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		name := r.PathValue("policy")
		policy, ok := s.knownPolicy(w, name)
		if !ok {
			return
		}
		var body failedActionBody
		if !decodeBody(w, r, &body, failedActionWant) {
			return
		}
		switch {
		case body.DryRun && body.Confirm != nil:
			writeError(w, http.StatusBadRequest, "give dry_run or confirm, not both: want "+failedActionWant)
			return
		case !body.DryRun && body.Confirm == nil:
			writeError(w, http.StatusBadRequest, "nothing asked: want "+failedActionWant)
			return
		case body.Confirm != nil && *body.Confirm < 1:
			writeError(w, http.StatusBadRequest, "confirm: want the positive job count of the dry run, got "+strconv.FormatInt(*body.Confirm, 10))
			return
		}
		pj := policyJobs(policy)
		schema := s.opts.Config.River.Schema
		if body.DryRun {
			ids, err := db.FailedJobIDs(r.Context(), s.opts.Pool, schema, pj, a.states, failedActionMax+1)
			if err != nil {
				writeError(w, http.StatusInternalServerError, err.Error())
				return
			}
			writeJSON(w, http.StatusOK, failedAnswer(name, a, ids, true))
			return
		}
		started := time.Now()
		ctx, cancel := context.WithTimeout(r.Context(), failedActionTimeout)
		defer cancel()
		var ids []int64
		status, err := s.inTx(ctx, func(tx pgx.Tx) (int, error) {
			var err error
			if ids, err = db.LockFailedJobIDs(ctx, tx, schema, pj, a.states, failedActionMax+1); err != nil {
				return http.StatusInternalServerError, err
			}
			if n := min(len(ids), failedActionMax); int64(n) != *body.Confirm {
				return http.StatusConflict, fmt.Errorf("policy %s has %d jobs to %s now, not %d: check them and confirm again", name, n, a.name, *body.Confirm)
			}
			ids = ids[:min(len(ids), failedActionMax)]
			for _, id := range ids {
				if err := a.act(s, ctx, tx, id); err != nil {
					return http.StatusInternalServerError, fmt.Errorf("%s job %d of policy %s: %w", a.name, id, name, err)
				}
			}
			return 0, auditOperator(ctx, tx, r, operatorAction{started: started, action: a.audit, policy: name,
				detail: map[string]any{"jobs": len(ids), "job_ids": ids}})
		})
		if status == http.StatusConflict {
			answer := failedAnswer(name, a, ids, false)
			answer["error"] = cutMessage(err.Error())
			writeJSON(w, status, answer)
			return
		}
		if err != nil {
			writeError(w, status, err.Error())
			return
		}
		s.forget()
		writeJSON(w, http.StatusOK, failedAnswer(name, a, ids, false))
	}
}

// failedAnswer is what the actions answer: how many jobs (at most
// failedActionMax of the ids found), whether there are more, and the first
// few IDs.
func failedAnswer(policy string, a failedAction, ids []int64, dryRun bool) map[string]any {
	n := min(len(ids), failedActionMax)
	sample := ids[:min(n, failedSampleIDs)]
	if sample == nil {
		sample = []int64{}
	}
	return map[string]any{
		"policy": policy, "action": a.name, "dry_run": dryRun,
		"jobs": n, "more": len(ids) > failedActionMax, "job_ids": sample,
	}
}

// inTx runs fn in a transaction, committed when fn returns no error; it
// returns fn's status (http.StatusInternalServerError when the
// transaction itself fails) and error.
func (s *Server) inTx(ctx context.Context, fn func(tx pgx.Tx) (int, error)) (int, error) {
	tx, err := s.opts.Pool.Begin(ctx)
	if err != nil {
		return http.StatusInternalServerError, fmt.Errorf("begin: %w", err)
	}
	defer func() { _ = tx.Rollback(context.WithoutCancel(ctx)) }()
	// Rows a worker holds are waited for, briefly.
	if _, err := tx.Exec(ctx, "SET LOCAL lock_timeout = '5s'"); err != nil {
		return http.StatusInternalServerError, fmt.Errorf("set lock timeout: %w", err)
	}
	if status, err := fn(tx); err != nil {
		return status, err
	}
	if err := tx.Commit(ctx); err != nil {
		return http.StatusInternalServerError, fmt.Errorf("commit: %w", err)
	}
	return http.StatusOK, nil
}
