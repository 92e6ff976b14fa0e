package jobs

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/lethehq/lethe/internal/quote"
)

// MaxArgsBytes bounds the encoded args of every job kind. Larger args are
// refused before they are decoded. The largest legitimate args, a
// PutRunBlob of MaxRunBlobBytes, take about 1.4 MB in base64.
const MaxArgsBytes = 2 << 20

// Strict decoding. River decodes a job's args with json.Unmarshal before it
// calls the worker and retries a job whose args do not decode, 25 times over
// days, although no retry can fix them. Every args type therefore has an
// UnmarshalJSON that never fails: it decodes strictly (exactly one JSON
// object, no unknown or differently cased field, every required field
// present, every value of its field's type) and keeps what is wrong in the
// args, where Validate reports it, so the worker cancels the job at once
// with an error naming the field.

// presence says whether a field must be in the JSON.
type presence bool

const (
	required presence = true
	optional presence = false
)

// argField is one JSON field of an args type: its name, whether it must be
// present and how its raw value is decoded.
type argField struct {
	name     string
	presence presence
	decode   func(raw []byte) error
}

// decodeArgs decodes data, a job's encoded args, into fields, and returns
// the first problem it finds, in terms a user can act on.
func decodeArgs(data []byte, fields ...argField) error {
	if len(data) > MaxArgsBytes {
		return fmt.Errorf("args are %d bytes, more than the %d allowed", len(data), MaxArgsBytes)
	}
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 || trimmed[0] != '{' {
		return fmt.Errorf("args must be a JSON object, not %s", describe(trimmed))
	}
	var object map[string]json.RawMessage
	if err := json.Unmarshal(trimmed, &object); err != nil {
		return fmt.Errorf("args are not a JSON object: %v", err)
	}
	names := make([]string, len(fields))
	for i, f := range fields {
		names[i] = f.name
	}
	var unknown []string
	for key := range object {
		if !slices.Contains(names, key) {
			unknown = append(unknown, key)
		}
	}
	if len(unknown) > 0 {
		slices.Sort(unknown)
		more := ""
		if len(unknown) > 1 {
			more = fmt.Sprintf(" (and %d more)", len(unknown)-1)
		}
		return fmt.Errorf("unknown field %s%s; the fields are %s", quote.Value(unknown[0]), more, strings.Join(names, ", "))
	}
	// A value of the wrong type says more than a missing field: report it
	// first.
	var missing []string
	for _, f := range fields {
		raw, ok := object[f.name]
		if ok && f.presence == optional && string(raw) == "null" {
			ok = false // clients in other languages write null for "not given"
		}
		if !ok {
			if f.presence == required {
				missing = append(missing, f.name)
			}
			continue
		}
		if err := f.decode(raw); err != nil {
			return err
		}
	}
	switch len(missing) {
	case 0:
		return nil
	case 1:
		return fmt.Errorf("%s is required", missing[0])
	}
	return fmt.Errorf("%s are required", strings.Join(missing, ", "))
}

// stringField decodes a JSON string into dst.
func stringField(name string, dst *string, p presence) argField {
	return argField{name, p, func(raw []byte) error {
		if raw[0] != '"' {
			return fmt.Errorf("%s must be a string, not %s", name, describe(raw))
		}
		return json.Unmarshal(raw, dst)
	}}
}

// integerField decodes a JSON integer into dst.
func integerField[T int | int64](name string, dst *T, p presence) argField {
	return argField{name, p, func(raw []byte) error {
		if !isNumber(raw) || json.Unmarshal(raw, dst) != nil {
			return fmt.Errorf("%s must be an integer of at most 64 bits, not %s", name, describe(raw))
		}
		return nil
	}}
}

// numberField decodes a JSON number into dst.
func numberField(name string, dst *float64, p presence) argField {
	return argField{name, p, func(raw []byte) error {
		if !isNumber(raw) || json.Unmarshal(raw, dst) != nil {
			return fmt.Errorf("%s must be a finite number, not %s", name, describe(raw))
		}
		return nil
	}}
}

// timeField decodes an RFC 3339 timestamp (a JSON string) into dst.
func timeField(name string, dst *time.Time, p presence) argField {
	return argField{name, p, func(raw []byte) error {
		if raw[0] != '"' || dst.UnmarshalJSON(raw) != nil {
			return fmt.Errorf("%s must be an RFC 3339 timestamp, not %s", name, describe(raw))
		}
		return nil
	}}
}

// valueField decodes any JSON value, null included, into dst.
func valueField(name string, dst *any, p presence) argField {
	return argField{name, p, func(raw []byte) error {
		if json.Unmarshal(raw, dst) != nil {
			// The JSON is valid (it was decoded once already): only a
			// number beyond float64 can fail.
			return fmt.Errorf("%s holds a number too large for a 64-bit float", name)
		}
		return nil
	}}
}

func isNumber(raw []byte) bool { return raw[0] == '-' || ('0' <= raw[0] && raw[0] <= '9') }

// describe names the kind of a raw JSON value and, for a string or a number,
// quotes the start of it.
func describe(raw []byte) string {
	if len(raw) == 0 {
		return "empty"
	}
	switch c := raw[0]; {
	case c == '"':
		var s string
		if json.Unmarshal(raw, &s) != nil {
			return "a malformed string"
		}
		return "the string " + quote.Value(s)
	case c == '{':
		return "an object"
	case c == '[':
		return "an array"
	case c == 't' || c == 'f':
		return "a boolean"
	case c == 'n':
		return "null"
	case isNumber(raw):
		return "the number " + quote.Prefix(string(raw))
	}
	return "invalid JSON"
}

// checkText checks a string that reaches the database: at most max bytes,
// valid UTF-8 and no NUL (PostgreSQL's text refuses both).
func checkText(field, s string, max int) error {
	switch {
	case len(s) > max:
		return fmt.Errorf("%s is %d bytes, more than the %d allowed", field, len(s), max)
	case !utf8.ValidString(s):
		return fmt.Errorf("%s %s is not valid UTF-8", field, quote.Value(s))
	case strings.IndexByte(s, 0) >= 0:
		return fmt.Errorf("%s %s contains a NUL character", field, quote.Value(s))
	}
	return nil
}
