package web

import (
	"fmt"
	"net/http"
	"slices"

	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/jobs"
	"github.com/lethehq/lethe/tombstone"
)

// runsRoutes mounts the run deletion API: read a run, delete
// one or many (each a lethe.delete_entity job), clear a tombstone, list
// tombstones. Like the rest of the API, reads need the credentials too.
func (s *Server) runsRoutes() {
	auth := s.requireAuth
	s.mux.Handle("GET /api/v1/runs/{run_id}", auth(http.HandlerFunc(s.handleGetRun)))
	s.mux.Handle("DELETE /api/v1/runs/{run_id}", auth(http.HandlerFunc(s.handleDeleteRun)))
	s.mux.Handle("POST /api/v1/runs/delete", auth(http.HandlerFunc(s.handleDeleteRuns)))
	s.mux.Handle("POST /api/v1/runs/{run_id}/clear-tombstone/{$}", auth(http.HandlerFunc(s.handleClearTombstone)))
	s.mux.Handle("POST /api/v1/runs/{run_id}/clear-tombstone", auth(http.HandlerFunc(s.handleClearTombstone)))
	s.mux.Handle("GET /api/v1/tombstones", auth(http.HandlerFunc(s.handleListTombstones)))
}

// runID reads and checks the {run_id} path value, answering 400 when it is
// malformed.
func runID(w http.ResponseWriter, r *http.Request) (string, bool) {
	hash := r.PathValue("run_id")
	if err := jobs.ValidateRunHash("run_id", hash); err != nil {
		writeError(w, http.StatusBadRequest, bounded(err.Error(), hash))
		return "", false
	}
	return hash, true
}

// handleGetRun answers 200 with the run, 410 with its tombstone when it was
// deleted, 404 when it never existed.
func (s *Server) handleGetRun(w http.ResponseWriter, r *http.Request) {
	hash, ok := runID(w, r)
	if !ok {
		return
	}
	ctx := r.Context()
	ts, err := s.tombstones.Get(ctx, jobs.EntityRun, hash)
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	if ts != nil {
		writeJSON(w, http.StatusGone, map[string]any{"error": "run " + hash + " is deleted", "tombstone": ts})
		return
	}
	run, err := db.GetRun(ctx, s.opts.Pool, hash)
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	if run == nil {
		writeError(w, http.StatusNotFound, "run "+hash+" not found")
		return
	}
	writeJSON(w, http.StatusOK, run)
}

// handleDeleteRun inserts a delete_entity job for the run: 202 with the job
// ID. Deleting an already deleted run is accepted again (idempotent: the
// worker keeps the tombstone and purges the blobs once more); a run that
// neither exists nor was deleted is 404 unless ?force=true (see forced).
func (s *Server) handleDeleteRun(w http.ResponseWriter, r *http.Request) {
	hash, ok := runID(w, r)
	if !ok {
		return
	}
	force, ok := forced(w, r)
	if !ok {
		return
	}
	s.deleteRuns(w, r, []string{hash}, false, force)
}

type deleteRunsRequest struct {
	RunIDs []string `json:"run_ids"`
}

// handleDeleteRuns deletes a batch {"run_ids": [...]}: all or nothing. A
// body that is not JSON is 415, a malformed body (trailing data and unknown
// fields included) or run ID is 400, more than max_batch_delete_ids IDs or
// a body over 1 MiB is 413, any unknown run is 404 naming them unless
// ?force=true; otherwise every
// job is inserted in one transaction and the answer is 202 with their IDs.
func (s *Server) handleDeleteRuns(w http.ResponseWriter, r *http.Request) {
	var req deleteRunsRequest
	if !decodeBody(w, r, &req, `{"run_ids": ["<run_hash>", ...]}`) {
		return
	}
	if !s.checkBatchSize(w, jobs.EntityRun, "run_ids", "IDs", len(req.RunIDs)) {
		return
	}
	for i, hash := range req.RunIDs {
		if err := jobs.ValidateRunHash(fmt.Sprintf("run_ids[%d]", i), hash); err != nil {
			writeError(w, http.StatusBadRequest, bounded(err.Error(), hash))
			return
		}
	}
	force, ok := forced(w, r)
	if !ok {
		return
	}
	hashes := slices.Clone(req.RunIDs)
	slices.Sort(hashes)
	s.deleteRuns(w, r, slices.Compact(hashes), true, force)
}

// deleteRuns inserts one delete_entity job per run, in one transaction,
// unless a run neither exists nor was deleted and force is false.
func (s *Server) deleteRuns(w http.ResponseWriter, r *http.Request, hashes []string, batch, force bool) {
	ctx := r.Context()
	found, err := db.KnownRuns(ctx, s.opts.Pool, hashes)
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	var missing []string
	for _, h := range hashes {
		if !found[h] && !force {
			missing = append(missing, h)
		}
	}
	if len(missing) > 0 {
		if !batch {
			writeError(w, http.StatusNotFound, "run "+missing[0]+" not found (force=true deletes it anyway, leaving a tombstone that refuses its later creation)")
			return
		}
		writeJSON(w, http.StatusNotFound, map[string]any{"error": fmt.Sprintf("%d runs not found; nothing was deleted (force=true deletes them anyway)", len(missing)), "not_found": missing})
		return
	}
	// A held run's job is inserted all the same, and waits for the release.
	holds, err := db.HeldKeys(ctx, s.opts.Pool, jobs.EntityRun, hashes)
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	ids, err := s.insertDeletes(r, jobs.EntityRun, hashes)
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	answer := map[string]any{"run_ids": hashes, "job_ids": ids}
	if !batch {
		answer = map[string]any{"run_id": hashes[0], "job_id": ids[0]}
	}
	addHeld(answer, hashes, holds, batch)
	writeJSON(w, http.StatusAccepted, answer)
}

// handleClearTombstone removes the run's tombstone: 204, no body, whether or
// not there was one. Ingestion for the run is accepted again (in other
// processes after at most their deleted_cache_ttl).
func (s *Server) handleClearTombstone(w http.ResponseWriter, r *http.Request) {
	hash, ok := runID(w, r)
	if !ok {
		return
	}
	cleared, err := s.tombstones.Clear(r.Context(), jobs.EntityRun, hash)
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	s.forget()
	s.recordOperator(r, s.clearAction(jobs.EntityRun, hash, cleared))
	w.WriteHeader(http.StatusNoContent)
}

// handleListTombstones lists tombstones in key order, a page at a time:
// ?entity=run&after=<last key of the previous page>&limit=100 (at most
// 1000). entity is run (the default) or any declared entity. next_after is
// empty on the last page.
func (s *Server) handleListTombstones(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	entity := q.Get("entity")
	if entity == "" {
		entity = jobs.EntityRun
	}
	if entity != jobs.EntityRun && s.opts.Config.Entity(entity) == nil {
		writeError(w, http.StatusBadRequest, s.unknownEntity(entity))
		return
	}
	limit, ok := queryLimit(w, q, 100)
	if !ok {
		return
	}
	list, err := s.tombstones.List(r.Context(), entity, q.Get("after"), limit)
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	next := ""
	if len(list) == limit {
		next = list[len(list)-1].Key
	}
	if list == nil {
		list = []tombstone.Tombstone{}
	}
	writeJSON(w, http.StatusOK, map[string]any{"entity": entity, "tombstones": list, "next_after": next})
}
