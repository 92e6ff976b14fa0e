package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"net/http"
	"slices"
	"strings"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/internal/quote"
)

// fieldPaused is the PATCH field that pauses or resumes a policy; it is
// kept with the policy's state, not as an override.
const fieldPaused = "paused"

// policyEditWant is the body PATCH /api/v1/policies/{name} takes, shown in
// its 400 answers.
const policyEditWant = `a JSON object of fields to change, e.g. {"schedule": "@every 5m", "batch_size": 500}`

// handlePatchPolicy changes a policy's schedule, tuning fields or paused
// state at run time. The values are checked as the configuration file's
// are (400 naming the field), stored in lethe_policy_overrides, and applied
// on this node at once and on every other within a few seconds.
func (s *Server) handlePatchPolicy(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("policy")
	if _, ok := s.knownPolicy(w, name); !ok {
		return
	}
	var patch map[string]json.RawMessage
	if !decodeBody(w, r, &patch, policyEditWant) {
		return
	}
	if len(patch) == 0 {
		writeError(w, http.StatusBadRequest, "nothing to change: want "+policyEditWant)
		return
	}
	var paused *bool
	if raw, ok := patch[fieldPaused]; ok {
		var b bool
		if err := json.Unmarshal(raw, &b); err != nil || string(raw) == "null" {
			writeError(w, http.StatusBadRequest, fmt.Sprintf("%s: want true or false, got %s", fieldPaused, quote.Value(string(raw))))
			return
		}
		paused = &b
		delete(patch, fieldPaused)
	}
	ctx := r.Context()
	if len(patch) > 0 {
		stored, err := db.ListPolicyOverrides(ctx, s.opts.Pool)
		if err != nil {
			writeError(w, http.StatusInternalServerError, err.Error())
			return
		}
		merged := stored[name]
		if merged == nil {
			merged = map[string]json.RawMessage{}
		}
		for field, value := range patch {
			merged[field] = value
		}
		if _, err := s.opts.Config.WithOverride(name, merged); err != nil {
			writeError(w, http.StatusBadRequest, bounded(overrideProblems(name, err), slices.Collect(maps.Keys(patch))...))
			return
		}
		if err := db.SetPolicyOverrides(ctx, s.opts.Pool, name, patch, principalFrom(ctx).Name); err != nil {
			writeError(w, http.StatusInternalServerError, err.Error())
			return
		}
		fields := make(map[string]any, len(patch))
		for field, value := range patch {
			fields[field] = value
		}
		s.recordOperator(r, operatorAction{action: db.ActionOverridePolicy, policy: name, detail: map[string]any{"fields": fields}})
	}
	if paused != nil {
		if err := s.setPaused(r, name, *paused); err != nil {
			writeError(w, http.StatusInternalServerError, err.Error())
			return
		}
	}
	s.answerOverrides(ctx, w, name)
}

// handleDeletePolicyOverrides returns a policy to the file's values.
// Both handlers audit what they change (operator_audit.go); viewers never
// get here.
func (s *Server) handleDeletePolicyOverrides(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("policy")
	if _, ok := s.knownPolicy(w, name); !ok {
		return
	}
	removed, err := db.DeletePolicyOverrides(r.Context(), s.opts.Pool, name)
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	s.recordOperator(r, operatorAction{action: db.ActionResetOverrides, policy: name, detail: map[string]any{"fields_removed": removed}})
	s.answerOverrides(r.Context(), w, name)
}

// answerOverrides applies the stored overrides on this node (the others
// poll them) and answers the policy's effective settings.
func (s *Server) answerOverrides(ctx context.Context, w http.ResponseWriter, name string) {
	stored, err := db.ListPolicyOverrides(ctx, s.opts.Pool)
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	if err := s.opts.Config.SetOverrides(stored); err != nil {
		s.opts.Logger.WarnContext(ctx, "Policy overrides left out", slog.String("error", err.Error()))
	}
	state, err := db.GetPolicyState(ctx, s.opts.Pool, name)
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	s.forget()
	p := s.opts.Config.Policy(name)
	writeJSON(w, http.StatusOK, map[string]any{
		"policy": name, "kind": p.PolicyKind(), "schedule": p.Base().Schedule, "paused": state.Paused,
		"settings": config.Settings(p), "overrides": s.opts.Config.OverriddenFields(name),
	})
}

// overrideProblems turns a rejected override into one line per field,
// each starting with the field's name ("batch_size: must be at least 1").
func overrideProblems(name string, err error) string {
	var cfgErr *config.Error
	if !errors.As(err, &cfgErr) {
		return err.Error()
	}
	lines := slices.Clone(cfgErr.Problems)
	for i, line := range lines {
		if _, rest, ok := strings.Cut(line, "("+name+")."); ok {
			lines[i] = rest
		}
	}
	return strings.Join(lines, "; ")
}
