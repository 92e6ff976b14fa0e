package web

import (
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/entity"
	"github.com/lethehq/lethe/internal/metrics"
	"github.com/lethehq/lethe/internal/quote"
	"github.com/lethehq/lethe/jobs"
)

// entitiesRoutes mounts the deletion API of every declared entity: list
// them, preview what deleting one would remove, delete one or many (each a
// lethe.delete_entity job) and clear a tombstone. The runs API stays as it
// was; these routes serve the run entity too.
func (s *Server) entitiesRoutes() {
	auth := s.requireAuth
	s.mux.Handle("GET /api/v1/entities", auth(http.HandlerFunc(s.handleListEntities)))
	s.mux.Handle("GET /api/v1/entities/{entity}", auth(http.HandlerFunc(s.handleGetEntity)))
	s.mux.Handle("GET /api/v1/entities/{entity}/{key}/preview", auth(http.HandlerFunc(s.handlePreviewEntity)))
	s.mux.Handle("DELETE /api/v1/entities/{entity}/{key}", auth(http.HandlerFunc(s.handleDeleteEntity)))
	s.mux.Handle("POST /api/v1/entities/{entity}/delete", auth(http.HandlerFunc(s.handleDeleteEntities)))
	s.mux.Handle("POST /api/v1/entities/{entity}/{key}/clear-tombstone", auth(http.HandlerFunc(s.handleClearEntityTombstone)))
	s.mux.Handle("POST /api/v1/entities/{entity}/{key}/clear-tombstone/{$}", auth(http.HandlerFunc(s.handleClearEntityTombstone)))
}

// EntityInfo is a declared entity as GET /api/v1/entities lists it.
type EntityInfo struct {
	Name      string `json:"name"`
	Table     string `json:"table"`
	KeyColumn string `json:"key_column"`
	// KeyType is the type keys are read as (text, bigint, integer,
	// smallint or uuid); empty when the entity does not resolve.
	KeyType string `json:"key_type,omitempty"`
	// BlobPrefix is the template of where an entity's blobs live ("" for
	// none); {key} stands for the key.
	BlobPrefix string       `json:"blob_prefix"`
	Edges      []EntityEdge `json:"edges"`
	// Tables are the entity's tables, parents first.
	Tables []string `json:"tables"`
	// Policy is the entity's tombstone policy ("" without one), and
	// MaxBatchDeleteIDs how many keys one batch delete may name.
	Policy            string `json:"policy,omitempty"`
	MaxBatchDeleteIDs int    `json:"max_batch_delete_ids"`
	// Error says why the entity does not resolve against the database (a
	// table or column missing); its routes answer 500 until it does.
	Error string `json:"error,omitempty"`
}

// EntityEdge is one edge of an entity: rows of Table whose Column equals
// References ("table.column") of one of its rows belong to it too.
type EntityEdge struct {
	Table      string `json:"table"`
	Column     string `json:"column"`
	References string `json:"references"`
}

// defaultMaxBatchDeleteIDs caps a batch of an entity without a tombstone
// policy, as the policy's default does.
const defaultMaxBatchDeleteIDs = 1000

// maxBatchDelete is how many keys one batch delete of entity may name.
func (s *Server) maxBatchDelete(entity string) int {
	if p := s.opts.Config.TombstoneFor(entity); p != nil {
		return p.MaxBatchDeleteIDs
	}
	return defaultMaxBatchDeleteIDs
}

// entityInfo describes the entity decl declares, resolving it to learn its
// key type and table order.
func (s *Server) entityInfo(r *http.Request, decl *config.Entity) EntityInfo {
	info := EntityInfo{
		Name: decl.Name, Table: decl.Table, KeyColumn: decl.KeyColumn, BlobPrefix: decl.BlobPrefix,
		Edges: make([]EntityEdge, len(decl.Edges)), Tables: decl.Tables(), MaxBatchDeleteIDs: s.maxBatchDelete(decl.Name),
	}
	for i, e := range decl.Edges {
		info.Edges[i] = EntityEdge{Table: e.Table, Column: e.Column, References: e.References}
	}
	if p := s.opts.Config.TombstoneFor(decl.Name); p != nil {
		info.Policy = p.Name
	}
	ent, err := s.entities.Get(r.Context(), decl.Name)
	if err != nil {
		info.Error = err.Error()
		return info
	}
	info.KeyType, info.Tables = ent.KeyType, ent.Tables()
	return info
}

// handleListEntities lists the declared entities in configuration order.
func (s *Server) handleListEntities(w http.ResponseWriter, r *http.Request) {
	list := []EntityInfo{}
	for _, name := range s.opts.Config.EntityNames() {
		list = append(list, s.entityInfo(r, s.opts.Config.Entity(name)))
	}
	writeJSON(w, http.StatusOK, map[string]any{"entities": list})
}

// handleGetEntity describes one declared entity; 404 names the declared
// ones.
func (s *Server) handleGetEntity(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("entity")
	decl := s.opts.Config.Entity(name)
	if decl == nil {
		writeError(w, http.StatusNotFound, s.unknownEntity(name))
		return
	}
	writeJSON(w, http.StatusOK, s.entityInfo(r, decl))
}

// unknownEntity says that name is not declared and which entities are.
func (s *Server) unknownEntity(name string) string {
	known := s.opts.Config.EntityNames()
	if len(known) == 0 {
		return fmt.Sprintf("unknown entity %s: the configuration declares none", quote.Value(name))
	}
	return fmt.Sprintf("unknown entity %s (declared: %s)", quote.Value(name), strings.Join(known, ", "))
}

// lookupEntity resolves the {entity} path value, answering 404 naming the
// declared entities when it is not one, and 500 when it does not resolve
// against the database.
func (s *Server) lookupEntity(w http.ResponseWriter, r *http.Request) (*entity.Entity, bool) {
	name := r.PathValue("entity")
	if s.opts.Config.Entity(name) == nil {
		writeError(w, http.StatusNotFound, s.unknownEntity(name))
		return nil, false
	}
	ent, err := s.entities.Get(r.Context(), name)
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return nil, false
	}
	return ent, true
}

// canonicalKey checks key and returns it as the database spells it (a uuid
// in lower case), so one entity has one job and one tombstone whatever form
// a request used. It answers 400 when the key is malformed or its column's
// type refuses it; prefix, when set, says where in the body the key was.
func (s *Server) canonicalKey(w http.ResponseWriter, r *http.Request, ent *entity.Entity, prefix, key string) (string, bool) {
	if err := jobs.ValidateEntityKey(ent.Name, key); err != nil {
		writeError(w, http.StatusBadRequest, prefix+bounded(err.Error(), key))
		return "", false
	}
	canonical, err := ent.CanonicalKey(r.Context(), s.opts.Pool, key)
	var keyErr *entity.KeyError
	if errors.As(err, &keyErr) {
		writeError(w, http.StatusBadRequest, prefix+bounded(err.Error(), key))
		return "", false
	}
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return "", false
	}
	return canonical, true
}

// entityAndKey reads {entity} and {key}.
func (s *Server) entityAndKey(w http.ResponseWriter, r *http.Request) (*entity.Entity, string, bool) {
	ent, ok := s.lookupEntity(w, r)
	if !ok {
		return nil, "", false
	}
	key, ok := s.canonicalKey(w, r, ent, "", r.PathValue("key"))
	return ent, key, ok
}

// handlePreviewEntity answers what deleting the key would remove (rows per
// table, blobs, whether it is already tombstoned) and removes nothing. A
// key with no rows is 200 with zeros: the preview says so.
func (s *Server) handlePreviewEntity(w http.ResponseWriter, r *http.Request) {
	ent, key, ok := s.entityAndKey(w, r)
	if !ok {
		return
	}
	timeouts := db.EntityTimeouts(s.opts.Config, ent.Name)
	preview, err := ent.Preview(r.Context(), timeouts.Pool(s.opts.Pool), s.opts.Blobs, key)
	if err != nil {
		if db.IsLockTimeout(err) {
			// The application holds a table of the entity: say so, as the
			// workers do.
			db.ReportLockTimeout(r.Context(), s.opts.Pool, s.opts.Logger, s.opts.Metrics.LockTimeouts, db.LockTimeout{
				Policy: ent.PolicyName(), Step: metrics.StepPreview, Tables: ent.Tables(), LockTimeout: timeouts.Lock, Err: err,
			})
		}
		writeError(w, http.StatusInternalServerError, "preview: "+err.Error())
		return
	}
	writeJSON(w, http.StatusOK, preview)
}

// handleDeleteEntity inserts a delete_entity job for the key: 202 with the
// job ID. Deleting an already deleted key is accepted again (the worker
// keeps the tombstone and purges its blobs once more); a key that has
// neither a root row nor a tombstone is 404 unless ?force=true (see
// forced).
func (s *Server) handleDeleteEntity(w http.ResponseWriter, r *http.Request) {
	ent, key, ok := s.entityAndKey(w, r)
	if !ok {
		return
	}
	force, ok := forced(w, r)
	if !ok {
		return
	}
	s.deleteEntities(w, r, ent, []string{key}, false, force)
}

// forced reads ?force=true: delete keys that have neither a root row nor a
// tombstone, leaving a tombstone that refuses their later creation, as a
// delete_entity job inserted by a service always does. Without it such a
// key is 404, since a mistyped key would otherwise be "deleted" while the
// entity meant stays. Any other value is 400.
func forced(w http.ResponseWriter, r *http.Request) (force, ok bool) {
	return boolParam(w, r, "force")
}

// boolParam reads the query parameter name as true or false (absent:
// false); any other value is 400 naming it.
func boolParam(w http.ResponseWriter, r *http.Request, name string) (value, ok bool) {
	switch v := r.URL.Query().Get(name); v {
	case "", "false":
		return false, true
	case "true":
		return true, true
	default:
		writeError(w, http.StatusBadRequest, name+" must be true or false, not "+quote.Value(v))
		return false, false
	}
}

type deleteEntitiesRequest struct {
	Keys []string `json:"keys"`
}

// handleDeleteEntities deletes a batch {"keys": [...]}: all or nothing. A
// body that is not JSON is 415, a malformed body (trailing data and unknown
// fields included) or key is 400, more than the policy's max_batch_delete_ids
// keys or a body over 1 MiB is 413, any unknown key is 404 naming them
// unless ?force=true;
// otherwise every job is inserted in one transaction and the answer is 202
// with the canonical keys and their job IDs.
func (s *Server) handleDeleteEntities(w http.ResponseWriter, r *http.Request) {
	ent, ok := s.lookupEntity(w, r)
	if !ok {
		return
	}
	var req deleteEntitiesRequest
	if !decodeBody(w, r, &req, `{"keys": ["<key>", ...]}`) {
		return
	}
	if !s.checkBatchSize(w, ent.Name, "keys", "keys", len(req.Keys)) {
		return
	}
	keys := make([]string, len(req.Keys))
	for i, key := range req.Keys {
		if keys[i], ok = s.canonicalKey(w, r, ent, fmt.Sprintf("keys[%d]: ", i), key); !ok {
			return
		}
	}
	force, ok := forced(w, r)
	if !ok {
		return
	}
	slices.Sort(keys)
	s.deleteEntities(w, r, ent, slices.Compact(keys), true, force)
}

// deleteEntities inserts one delete_entity job per canonical key, in one
// transaction, unless a key has neither a root row nor a tombstone and
// force is false.
func (s *Server) deleteEntities(w http.ResponseWriter, r *http.Request, ent *entity.Entity, keys []string, batch, force bool) {
	ctx := r.Context()
	timeouts := db.EntityTimeouts(s.opts.Config, ent.Name)
	existing, err := ent.Existing(ctx, timeouts.Pool(s.opts.Pool), keys)
	if err != nil {
		if db.IsLockTimeout(err) {
			db.ReportLockTimeout(ctx, s.opts.Pool, s.opts.Logger, s.opts.Metrics.LockTimeouts, db.LockTimeout{
				Policy: ent.PolicyName(), Step: metrics.StepDeleteEntity, Tables: []string{ent.Table}, LockTimeout: timeouts.Lock, Err: err,
			})
		}
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	var missing []string
	for _, key := range keys {
		if existing[key] || force {
			continue
		}
		// Deleted already: its rows are gone, its tombstone stands.
		tombstoned, err := s.tombstones.IsDeleted(ctx, ent.Name, key)
		if err != nil {
			writeError(w, http.StatusInternalServerError, err.Error())
			return
		}
		if !tombstoned {
			missing = append(missing, key)
		}
	}
	if len(missing) > 0 {
		if !batch {
			writeError(w, http.StatusNotFound, fmt.Sprintf("%s %s not found (force=true deletes it anyway, leaving a tombstone that refuses its later creation)", ent.Name, quote.Value(missing[0])))
			return
		}
		writeJSON(w, http.StatusNotFound, map[string]any{
			"error":     fmt.Sprintf("%d keys of %s not found; nothing was deleted (force=true deletes them anyway)", len(missing), ent.Name),
			"not_found": missing,
		})
		return
	}
	// A held key's job is inserted all the same, and waits for the release.
	holds, err := db.HeldKeys(ctx, s.opts.Pool, ent.Name, keys)
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	ids, err := s.insertDeletes(r, ent.Name, keys)
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	answer := map[string]any{"entity": ent.Name, "keys": keys, "job_ids": ids}
	if !batch {
		answer = map[string]any{"entity": ent.Name, "key": keys[0], "job_id": ids[0]}
	}
	addHeld(answer, keys, holds, batch)
	writeJSON(w, http.StatusAccepted, answer)
}

// checkBatchSize answers 400 when a batch delete of entity names no key
// and 413 when it names more than the policy's max_batch_delete_ids; field
// is the body's field holding the n keys, and noun what they are called.
func (s *Server) checkBatchSize(w http.ResponseWriter, entity, field, noun string, n int) bool {
	if n == 0 {
		writeError(w, http.StatusBadRequest, field+" is required and must not be empty")
		return false
	}
	if limit := s.maxBatchDelete(entity); n > limit {
		writeError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("%s has %d %s, more than max_batch_delete_ids %d", field, n, noun, limit))
		return false
	}
	return true
}

// insertDeletes inserts one delete_entity job per key of entity, all in
// one transaction with the audit entry of the operator who sent r, and
// returns the jobs' IDs in key order. The run routes and the entity routes
// both delete through it.
func (s *Server) insertDeletes(r *http.Request, entity string, keys []string) ([]int64, error) {
	ctx := r.Context()
	params := make([]river.InsertManyParams, len(keys))
	for i, key := range keys {
		params[i] = river.InsertManyParams{Args: jobs.DeleteEntity{Entity: entity, Key: key}}
	}
	started := time.Now()
	ids := make([]int64, 0, len(keys))
	err := pgx.BeginFunc(ctx, s.opts.Pool, func(tx pgx.Tx) error {
		res, err := s.opts.River.InsertManyTx(ctx, tx, params)
		if err != nil {
			return fmt.Errorf("insert delete jobs of %s: %w", entity, err)
		}
		for _, inserted := range res {
			ids = append(ids, inserted.Job.ID)
		}
		return auditOperator(ctx, tx, r, s.deleteAction(started, entity, keys, ids))
	})
	if err != nil {
		return nil, err
	}
	return ids, nil
}

// handleClearEntityTombstone removes the key's tombstone: 204, no body,
// whether or not there was one. Writes of the key are accepted again (in
// other processes after at most their deleted_cache_ttl).
func (s *Server) handleClearEntityTombstone(w http.ResponseWriter, r *http.Request) {
	ent, key, ok := s.entityAndKey(w, r)
	if !ok {
		return
	}
	cleared, err := s.tombstones.Clear(r.Context(), ent.Name, key)
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	s.forget()
	s.recordOperator(r, s.clearAction(ent.Name, key, cleared))
	w.WriteHeader(http.StatusNoContent)
}

// quote.Limit bounds how much of one input an error message repeats, and
// maxMessage a whole message built from a request: an answer never sends a
// large request back.
// maxMessage bounds an error message the API answers with.
const maxMessage = 300

// bounded returns msg with every input longer than quote.Limit that it
// repeats (quoted or not) cut to its first quote.Limit bytes, and msg itself
// cut at maxMessage bytes.
func bounded(msg string, inputs ...string) string {
	for _, in := range inputs {
		if len(in) <= quote.Limit {
			continue
		}
		short := quote.Cut(in, quote.Limit) + "…"
		msg = strings.ReplaceAll(msg, strconv.Quote(in), strconv.Quote(short))
		msg = strings.ReplaceAll(msg, in, short)
	}
	return cutMessage(msg)
}
