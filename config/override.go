package config

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"time"

	"github.com/lethehq/lethe/internal/quote"
)

// overridable are the fields of each kind an operator may change while the
// service runs (PATCH /api/v1/policies/{name}): schedules and tuning that
// workers read at every run. Tables, columns, blob prefixes and modes are
// left to the file, since changing them under running jobs could point a
// deletion at other data; so is a tombstone policy's deleted cache, which
// is built once at start.
var overridable = map[Kind][]string{
	KindExpire: {"schedule", "batch_size", "max_batches_per_run", "run_budget", "batch_timeout",
		"watchdog_schedule", "stuck_after"},
	KindSweep: {"schedule", "batch_size", "pause", "statement_timeout", "adaptive", "min_batch_size",
		"max_batch_size", "target_batch_duration", "yield_to_foreground", "yield_batch_size", "yield_pause"},
	KindTombstone: {"schedule", "gc_schedule", "tombstone_max_age", "delete_chunk_size", "max_batch_delete_ids"},
}

// Overrides are field values (as JSON) that replace a policy's file values,
// by policy name and then by field name.
type Overrides map[string]map[string]json.RawMessage

// livePolicies is the effective policy of each policy that has overrides.
type livePolicies map[string]Policy

// FilePolicy returns the policy named name as the file declares it,
// without overrides, or nil.
func (c *Config) FilePolicy(name string) Policy {
	for _, p := range c.Policies {
		if p.Base().Name == name {
			return p
		}
	}
	return nil
}

// EffectivePolicies returns every policy, in file order, with its
// overrides applied. Each policy it returns is never changed afterwards:
// a newer override replaces it.
func (c *Config) EffectivePolicies() []Policy {
	out := slices.Clone(c.Policies)
	live := c.live.Load()
	if live == nil {
		return out
	}
	for i, p := range out {
		if eff, ok := (*live)[p.Base().Name]; ok {
			out[i] = eff
		}
	}
	return out
}

// WithOverride returns a copy of the file's policy named name with fields
// set, checked exactly as a loaded configuration is. The error, an
// *Error, names each field that is unknown, not overridable, of the wrong
// type or invalid.
func (c *Config) WithOverride(name string, fields map[string]json.RawMessage) (Policy, error) {
	file := c.FilePolicy(name)
	if file == nil {
		return nil, fmt.Errorf("unknown policy %q", name)
	}
	p := clonePolicy(file)
	path := fmt.Sprintf("policies[%d] (%s)", cmp.Or(p.Base().index, slices.Index(c.Policies, file)+1)-1, name)
	var errs problems
	index := structFields(reflect.TypeOf(p).Elem())
	allowed := overridable[p.PolicyKind()]
	for _, field := range slices.Sorted(maps.Keys(fields)) {
		fieldPath := path + "." + field
		at, known := index[field]
		switch {
		case !known:
			errs.add(fieldPath, "unknown field for kind %s", p.PolicyKind())
			continue
		case !slices.Contains(allowed, field):
			errs.add(fieldPath, "cannot be overridden at run time (change it in the configuration file; overridable: %s)", joinFields(allowed))
			continue
		}
		if err := setJSON(reflect.ValueOf(p).Elem().FieldByIndex(at), fields[field]); err != nil {
			errs.add(fieldPath, "%v", err)
		}
	}
	if err := errs.err(); err != nil {
		return nil, err
	}
	if e, ok := p.(*Expire); ok {
		e.deriveTimeouts()
	}
	check := c.shallowCopy()
	check.Policies = slices.Clone(c.Policies)
	check.Policies[slices.Index(c.Policies, file)] = p
	if err := check.Validate(); err != nil {
		return nil, err
	}
	return p, nil
}

// SetOverrides makes overrides the effective values of their policies,
// replacing all earlier overrides at once: workers reading Policy see
// either the old or the new values of a policy, never a mix. Overrides of
// policies the file no longer declares are ignored; a policy whose
// overrides no longer pass validation keeps its file values, and the
// error names it.
func (c *Config) SetOverrides(overrides Overrides) error {
	live := livePolicies{}
	var errs []error
	for _, name := range slices.Sorted(maps.Keys(overrides)) {
		if c.FilePolicy(name) == nil || len(overrides[name]) == 0 {
			continue
		}
		p, err := c.WithOverride(name, overrides[name])
		if err != nil {
			errs = append(errs, fmt.Errorf("overrides of policy %s ignored: %w", name, err))
			continue
		}
		live[name] = p
	}
	c.live.Store(&live)
	if len(errs) > 0 {
		return fmt.Errorf("%v", errs)
	}
	return nil
}

// Settings returns p's overridable fields and their values as JSON shows
// them (durations as "30s").
func Settings(p Policy) map[string]any {
	index := structFields(reflect.TypeOf(p).Elem())
	out := map[string]any{}
	for _, field := range overridable[p.PolicyKind()] {
		v := reflect.ValueOf(p).Elem().FieldByIndex(index[field]).Interface()
		if d, ok := v.(Duration); ok {
			v = d.D().String()
		}
		out[field] = v
	}
	return out
}

// OverriddenFields returns the overridable fields whose effective value
// differs from the file's, with both values.
func (c *Config) OverriddenFields(name string) map[string]Overridden {
	file, eff := c.FilePolicy(name), c.Policy(name)
	out := map[string]Overridden{}
	if file == nil || eff == nil {
		return out
	}
	fileSettings, effSettings := Settings(file), Settings(eff)
	for field, v := range effSettings {
		if v != fileSettings[field] {
			out[field] = Overridden{Value: v, File: fileSettings[field]}
		}
	}
	return out
}

// Overridden is one overridden field: its effective value and the file's.
type Overridden struct {
	Value any `json:"value"`
	File  any `json:"file"`
}

// setJSON sets the field v from a JSON value of its type; durations are
// strings such as "30s".
func setJSON(v reflect.Value, raw json.RawMessage) error {
	raw = bytes.TrimSpace(raw)
	if v.Type() == reflect.TypeFor[Duration]() {
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return fmt.Errorf("want a duration string such as \"30s\", got %s", quote.Prefix(string(raw)))
		}
		d, err := time.ParseDuration(s)
		if err != nil {
			return fmt.Errorf("bad duration %q (use e.g. 30s, 5m, 2h)", quote.Prefix(s))
		}
		v.Set(reflect.ValueOf(Duration(d)))
		return nil
	}
	target := reflect.New(v.Type())
	dec := json.NewDecoder(bytes.NewReader(raw))
	if err := dec.Decode(target.Interface()); err != nil || bytes.Equal(raw, []byte("null")) {
		return fmt.Errorf("want %s, got %s", want(v.Type()), quote.Prefix(string(raw)))
	}
	v.Set(target.Elem())
	return nil
}

func joinFields(fields []string) string {
	out := ""
	for i, f := range fields {
		if i > 0 {
			out += ", "
		}
		out += f
	}
	return out
}

// clonePolicy returns a copy of p (policies hold no slices or maps).
func clonePolicy(p Policy) Policy {
	v := reflect.New(reflect.TypeOf(p).Elem())
	v.Elem().Set(reflect.ValueOf(p).Elem())
	return v.Interface().(Policy)
}

// shallowCopy copies c's fields but not its overrides.
func (c *Config) shallowCopy() *Config {
	return &Config{
		Database: c.Database, Blob: c.Blob, HTTP: c.HTTP, River: c.River, Audit: c.Audit,
		LogLevel: c.LogLevel, ShutdownGrace: c.ShutdownGrace, MigrateOnStart: c.MigrateOnStart,
		Entities: c.Entities, Policies: c.Policies,
	}
}
