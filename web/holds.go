package web

import (
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/internal/quote"
)

// holdsRoutes mounts the legal hold API: hold and release an entity key,
// list the holds. Placing and releasing are operator actions (requireAuth
// refuses viewers; the guard applies the same-origin rules of every state
// change) and are audited in the transaction that makes them.
func (s *Server) holdsRoutes() {
	auth := s.requireAuth
	s.mux.Handle("POST /api/v1/entities/{entity}/{key}/hold", auth(http.HandlerFunc(s.handlePlaceHold)))
	s.mux.Handle("DELETE /api/v1/entities/{entity}/{key}/hold", auth(http.HandlerFunc(s.handleReleaseHold)))
	s.mux.Handle("GET /api/v1/holds", auth(http.HandlerFunc(s.handleListHolds)))
}

type holdRequest struct {
	Reason string `json:"reason"`
}

// handlePlaceHold holds the key: {"reason": "..."} is required (at most
// db.MaxHoldReason bytes). 201 with the hold when it is new, 200 with the
// standing hold (kept as it was) when the key was held already; 409 when
// the key's lock was not granted in time (a deletion of it is running).
func (s *Server) handlePlaceHold(w http.ResponseWriter, r *http.Request) {
	ent, key, ok := s.entityAndKey(w, r)
	if !ok {
		return
	}
	var req holdRequest
	if !decodeBody(w, r, &req, `{"reason": "<why>"}`) {
		return
	}
	if err := db.CheckHoldReason(req.Reason); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	started := time.Now()
	var (
		hold   *db.Hold
		placed bool
	)
	err := s.holdTx(r, ent.Name, func(tx pgx.Tx) error {
		var err error
		hold, placed, err = db.PlaceHold(r.Context(), tx, db.Hold{Entity: ent.Name, Key: key, Reason: req.Reason, HeldBy: principalFrom(r.Context()).Name})
		if err != nil {
			return err
		}
		return auditOperator(r.Context(), tx, r, operatorAction{started: started, action: db.ActionPlaceHold, policy: s.entityPolicy(ent.Name),
			detail: map[string]any{"entity": ent.Name, "key": key, "reason": req.Reason, "placed": placed}})
	})
	if err != nil {
		s.holdError(w, ent.Name, key, err)
		return
	}
	status := http.StatusOK
	if placed {
		status = http.StatusCreated
	}
	writeJSON(w, status, map[string]any{"hold": hold, "placed": placed})
}

// handleReleaseHold releases the key's hold: 200 with {"released": true,
// "hold": ...} (the hold removed) or {"released": false} when the key was
// not held. A body {"reason": "..."} is optional and goes to the audit.
// The key's waiting deletions proceed.
func (s *Server) handleReleaseHold(w http.ResponseWriter, r *http.Request) {
	ent, key, ok := s.entityAndKey(w, r)
	if !ok {
		return
	}
	var req holdRequest
	if r.ContentLength != 0 && !decodeBody(w, r, &req, `{"reason": "<why>"} or no body`) {
		return
	}
	if req.Reason != "" {
		if err := db.CheckHoldReason(req.Reason); err != nil {
			writeError(w, http.StatusBadRequest, err.Error())
			return
		}
	}
	started := time.Now()
	var released *db.Hold
	err := s.holdTx(r, ent.Name, func(tx pgx.Tx) error {
		var err error
		if released, err = db.ReleaseHold(r.Context(), tx, s.opts.Config.River.Schema, ent.Name, key); err != nil {
			return err
		}
		detail := map[string]any{"entity": ent.Name, "key": key, "released": released != nil}
		if req.Reason != "" {
			detail["reason"] = req.Reason
		}
		if released != nil {
			detail["hold_reason"], detail["held_by"], detail["held_at"] = released.Reason, released.HeldBy, released.HeldAt
		}
		return auditOperator(r.Context(), tx, r, operatorAction{started: started, action: db.ActionReleaseHold, policy: s.entityPolicy(ent.Name), detail: detail})
	})
	if err != nil {
		s.holdError(w, ent.Name, key, err)
		return
	}
	answer := map[string]any{"entity": ent.Name, "key": key, "released": released != nil}
	if released != nil {
		answer["hold"] = released
	}
	writeJSON(w, http.StatusOK, answer)
}

// holdTx runs fn in a transaction with the entity's lock and statement
// timeouts, as its deletion has them.
func (s *Server) holdTx(r *http.Request, entity string, fn func(tx pgx.Tx) error) error {
	return db.EntityTimeouts(s.opts.Config, entity).InTx(r.Context(), s.opts.Pool, func(b db.Bounded) error { return fn(b.Tx()) })
}

// holdError answers a failed hold or release: 409 when the key's lock was
// not granted in time, 500 otherwise.
func (s *Server) holdError(w http.ResponseWriter, entity, key string, err error) {
	if db.IsLockTimeout(err) {
		writeError(w, http.StatusConflict, bounded(fmt.Sprintf("%s %s is being deleted or held right now (its lock was not granted in time); try again", entity, quote.Value(key)), key))
		return
	}
	writeError(w, http.StatusInternalServerError, bounded(err.Error(), key))
}

// holdsParams are the query parameters GET /api/v1/holds takes.
var holdsParams = []string{"entity", "after_entity", "after_key", "limit"}

// handleListHolds lists the holds in (entity, key) order: of one entity
// with ?entity=, after ?after_entity=&after_key= (the next_after of the
// previous page), ?limit= of them (1–1000, default 100). Unknown or
// repeated parameters are 400 naming them.
func (s *Server) handleListHolds(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	for name, values := range q {
		if !slices.Contains(holdsParams, name) {
			writeError(w, http.StatusBadRequest, fmt.Sprintf("unknown query parameter %s (known: %s)", quote.Value(name), strings.Join(holdsParams, ", ")))
			return
		}
		if len(values) > 1 {
			writeError(w, http.StatusBadRequest, fmt.Sprintf("%s: given %d times, want it once", name, len(values)))
			return
		}
	}
	f := db.HoldFilter{Entity: q.Get("entity"), AfterEntity: q.Get("after_entity"), AfterKey: q.Get("after_key")}
	if f.AfterKey != "" && f.AfterEntity == "" {
		writeError(w, http.StatusBadRequest, "after_key: needs after_entity")
		return
	}
	limit := 100
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 1000 {
			writeError(w, http.StatusBadRequest, "limit: want an integer from 1 to 1000, got "+quote.Value(v))
			return
		}
		limit = n
	}
	holds, err := db.ListHolds(r.Context(), s.opts.Pool, f, limit)
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	answer := map[string]any{"holds": holds}
	if len(holds) == limit {
		last := holds[len(holds)-1]
		answer["next_after"] = map[string]string{"after_entity": last.Entity, "after_key": last.Key}
	}
	writeJSON(w, http.StatusOK, answer)
}

// addHeld adds to a delete's answer the holds among its keys (holds, by
// key, as db.HeldKeys read them before the jobs were inserted): a held
// key's job is inserted all the same and waits until the hold is released.
// A single delete says "held": true or false (and the hold); a batch lists
// its held keys.
func addHeld(answer map[string]any, keys []string, holds map[string]db.Hold, batch bool) {
	if !batch {
		h, ok := holds[keys[0]]
		answer["held"] = ok
		if ok {
			answer["hold"] = h
		}
		return
	}
	held := []string{}
	for _, key := range keys {
		if _, ok := holds[key]; ok {
			held = append(held, key)
		}
	}
	answer["held"] = held
}
