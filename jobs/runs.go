package jobs

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"unicode/utf8"

	"github.com/lethehq/lethe/internal/quote"
)

// Run ingestion: the example writes other services enqueue for ML-experiment
// runs. Every one of them is skipped when the run is tombstoned (the
// late-write guard), whatever order it arrives in relative to the delete.
// Writes for a run that does not exist yet create it (out-of-order delivery
// is normal), so only CreateRun sets the run's name.

// Limits on the strings ingestion writes to the database, checked before
// any SQL runs. Those that are part of an index stay well below
// PostgreSQL's limit on an index entry (about 2.7 kB).
const (
	MaxRunNameBytes        = 1024      // CreateRun.Name
	MaxExperimentBytes     = 256       // CreateRun.Experiment, AddToExperiment.Experiment
	MaxMetricNameBytes     = 512       // LogMetric.Name
	MaxMetricContextBytes  = 512       // LogMetric.Context
	MaxTagBytes            = 512       // SetTag.Tag
	MaxAttributeKeyBytes   = 512       // SetAttribute.Key
	MaxAttributeValueBytes = 256 << 10 // SetAttribute.Value, encoded as JSON
	MaxBlobNameBytes       = 512       // PutRunBlob.Name
	MaxRunBlobBytes        = 1 << 20   // PutRunBlob's data, decoded: job args live in river_job
)

// maxBlobNameElementBytes bounds one "/"-separated element of a blob name:
// most filesystems cap a path element at 255 bytes, and the blob stores
// refuse longer ones.
const maxBlobNameElementBytes = 255

// CreateRun creates a run (or renames an existing one), optionally linking
// it to an experiment (created when missing).
//
// JSON: {"run_hash":"abc123","name":"baseline","experiment":"mnist"}
type CreateRun struct {
	RunHash    string `json:"run_hash"`
	Name       string `json:"name"`
	Experiment string `json:"experiment,omitempty"`

	decodeErr error // what UnmarshalJSON found wrong, reported by Validate
}

// Kind implements river.JobArgs: KindCreateRun (lethe.create_run).
func (CreateRun) Kind() string { return KindCreateRun }

// UnmarshalJSON decodes the args strictly and never fails: Validate
// reports what is wrong. name is required (it may be empty); experiment is
// optional.
func (a *CreateRun) UnmarshalJSON(data []byte) error {
	var v CreateRun
	if err := decodeArgs(data,
		stringField("run_hash", &v.RunHash, required),
		stringField("name", &v.Name, required),
		stringField("experiment", &v.Experiment, optional),
	); err != nil {
		v = CreateRun{decodeErr: err}
	}
	*a = v
	return nil
}

// Validate reports malformed args; workers cancel such jobs.
func (a CreateRun) Validate() error {
	if a.decodeErr != nil {
		return a.decodeErr
	}
	if err := ValidateRunHash("run_hash", a.RunHash); err != nil {
		return err
	}
	if err := checkText("name", a.Name, MaxRunNameBytes); err != nil {
		return err
	}
	return checkText("experiment", a.Experiment, MaxExperimentBytes)
}

// LogMetric records one value of a metric sequence at step (upsert: a
// repeated step replaces the value).
//
// JSON: {"run_hash":"abc123","name":"loss","context":"train","step":7,"value":0.25}
type LogMetric struct {
	RunHash string  `json:"run_hash"`
	Name    string  `json:"name"`
	Context string  `json:"context,omitempty"`
	Step    int64   `json:"step"`
	Value   float64 `json:"value"`

	decodeErr error // what UnmarshalJSON found wrong, reported by Validate
}

// Kind implements river.JobArgs: KindLogMetric (lethe.log_metric).
func (LogMetric) Kind() string { return KindLogMetric }

// UnmarshalJSON decodes the args strictly and never fails: Validate
// reports what is wrong. Every field but context is required: a missing
// step or value is an error, not 0.
func (a *LogMetric) UnmarshalJSON(data []byte) error {
	var v LogMetric
	if err := decodeArgs(data,
		stringField("run_hash", &v.RunHash, required),
		stringField("name", &v.Name, required),
		stringField("context", &v.Context, optional),
		integerField("step", &v.Step, required),
		numberField("value", &v.Value, required),
	); err != nil {
		v = LogMetric{decodeErr: err}
	}
	*a = v
	return nil
}

// Validate reports malformed args; workers cancel such jobs.
func (a LogMetric) Validate() error {
	if a.decodeErr != nil {
		return a.decodeErr
	}
	if err := ValidateRunHash("run_hash", a.RunHash); err != nil {
		return err
	}
	if a.Name == "" {
		return errors.New("name is required")
	}
	if err := checkText("name", a.Name, MaxMetricNameBytes); err != nil {
		return err
	}
	if err := checkText("context", a.Context, MaxMetricContextBytes); err != nil {
		return err
	}
	if a.Step < 0 {
		return fmt.Errorf("step %d is negative", a.Step)
	}
	if math.IsNaN(a.Value) || math.IsInf(a.Value, 0) {
		return errors.New("value must be a finite number")
	}
	return nil
}

// SetTag adds a tag to a run (idempotent).
//
// JSON: {"run_hash":"abc123","tag":"best"}
type SetTag struct {
	RunHash string `json:"run_hash"`
	Tag     string `json:"tag"`

	decodeErr error // what UnmarshalJSON found wrong, reported by Validate
}

// Kind implements river.JobArgs: KindSetTag (lethe.set_tag).
func (SetTag) Kind() string { return KindSetTag }

// UnmarshalJSON decodes the args strictly and never fails: Validate
// reports what is wrong.
func (a *SetTag) UnmarshalJSON(data []byte) error {
	var v SetTag
	if err := decodeArgs(data,
		stringField("run_hash", &v.RunHash, required),
		stringField("tag", &v.Tag, required),
	); err != nil {
		v = SetTag{decodeErr: err}
	}
	*a = v
	return nil
}

// Validate reports malformed args; workers cancel such jobs.
func (a SetTag) Validate() error {
	if a.decodeErr != nil {
		return a.decodeErr
	}
	if err := ValidateRunHash("run_hash", a.RunHash); err != nil {
		return err
	}
	if strings.TrimSpace(a.Tag) == "" {
		return errors.New("tag is required")
	}
	return checkText("tag", a.Tag, MaxTagBytes)
}

// SetAttribute sets one attribute of a run to a JSON value (upsert).
//
// JSON: {"run_hash":"abc123","key":"lr","value":0.001}
type SetAttribute struct {
	RunHash string `json:"run_hash"`
	Key     string `json:"key"`
	// Value is any JSON value, null included; it is stored as jsonb. At
	// most MaxAttributeValueBytes encoded.
	Value any `json:"value"`

	decodeErr error // what UnmarshalJSON found wrong, reported by Validate
}

// Kind implements river.JobArgs: KindSetAttribute (lethe.set_attribute).
func (SetAttribute) Kind() string { return KindSetAttribute }

// UnmarshalJSON decodes the args strictly and never fails: Validate
// reports what is wrong. value is required (null is a value).
func (a *SetAttribute) UnmarshalJSON(data []byte) error {
	var v SetAttribute
	if err := decodeArgs(data,
		stringField("run_hash", &v.RunHash, required),
		stringField("key", &v.Key, required),
		valueField("value", &v.Value, required),
	); err != nil {
		v = SetAttribute{decodeErr: err}
	}
	*a = v
	return nil
}

// Validate reports malformed args; workers cancel such jobs.
func (a SetAttribute) Validate() error {
	if a.decodeErr != nil {
		return a.decodeErr
	}
	if err := ValidateRunHash("run_hash", a.RunHash); err != nil {
		return err
	}
	if a.Key == "" {
		return errors.New("key is required")
	}
	if err := checkText("key", a.Key, MaxAttributeKeyBytes); err != nil {
		return err
	}
	encoded, err := json.Marshal(a.Value)
	if err != nil {
		return fmt.Errorf("value cannot be encoded as JSON: %w", err)
	}
	if len(encoded) > MaxAttributeValueBytes {
		return fmt.Errorf("value is %d bytes of JSON, more than the %d allowed", len(encoded), MaxAttributeValueBytes)
	}
	return nil
}

// AddToExperiment links a run to an experiment (created when missing).
//
// JSON: {"run_hash":"abc123","experiment":"mnist"}
type AddToExperiment struct {
	RunHash    string `json:"run_hash"`
	Experiment string `json:"experiment"`

	decodeErr error // what UnmarshalJSON found wrong, reported by Validate
}

// Kind implements river.JobArgs: KindAddToExperiment (lethe.add_to_experiment).
func (AddToExperiment) Kind() string { return KindAddToExperiment }

// UnmarshalJSON decodes the args strictly and never fails: Validate
// reports what is wrong.
func (a *AddToExperiment) UnmarshalJSON(data []byte) error {
	var v AddToExperiment
	if err := decodeArgs(data,
		stringField("run_hash", &v.RunHash, required),
		stringField("experiment", &v.Experiment, required),
	); err != nil {
		v = AddToExperiment{decodeErr: err}
	}
	*a = v
	return nil
}

// Validate reports malformed args; workers cancel such jobs.
func (a AddToExperiment) Validate() error {
	if a.decodeErr != nil {
		return a.decodeErr
	}
	if err := ValidateRunHash("run_hash", a.RunHash); err != nil {
		return err
	}
	if a.Experiment == "" {
		return errors.New("experiment is required")
	}
	return checkText("experiment", a.Experiment, MaxExperimentBytes)
}

// PutRunBlob writes a blob under "{run_hash}/{name}" and records it in
// run_blobs (so a backup finds it).
//
// JSON: {"run_hash":"abc123","name":"checkpoints/1","data_base64":"aGVsbG8="}
type PutRunBlob struct {
	RunHash    string `json:"run_hash"`
	Name       string `json:"name"`
	DataBase64 string `json:"data_base64"`

	decodeErr error // what UnmarshalJSON found wrong, reported by Validate
}

// Kind implements river.JobArgs: KindPutRunBlob (lethe.put_run_blob).
func (PutRunBlob) Kind() string { return KindPutRunBlob }

// UnmarshalJSON decodes the args strictly and never fails: Validate
// reports what is wrong. data_base64 is required: "" writes an empty blob,
// a missing field is an error.
func (a *PutRunBlob) UnmarshalJSON(data []byte) error {
	var v PutRunBlob
	if err := decodeArgs(data,
		stringField("run_hash", &v.RunHash, required),
		stringField("name", &v.Name, required),
		stringField("data_base64", &v.DataBase64, required),
	); err != nil {
		v = PutRunBlob{decodeErr: err}
	}
	*a = v
	return nil
}

// Validate reports malformed args; workers cancel such jobs.
func (a PutRunBlob) Validate() error {
	if a.decodeErr != nil {
		return a.decodeErr
	}
	if err := ValidateRunHash("run_hash", a.RunHash); err != nil {
		return err
	}
	if err := validateBlobName(a.Name); err != nil {
		return err
	}
	if n, limit := len(a.DataBase64), base64.StdEncoding.EncodedLen(MaxRunBlobBytes); n > limit {
		return fmt.Errorf("data_base64 is %d bytes, more than the %d that encode %d bytes of data", n, limit, MaxRunBlobBytes)
	}
	if _, err := base64.StdEncoding.DecodeString(a.DataBase64); err != nil {
		return fmt.Errorf("data_base64 is not standard base64: %w", err)
	}
	return nil
}

// Data returns the decoded payload (call Validate first).
func (a PutRunBlob) Data() ([]byte, error) { return base64.StdEncoding.DecodeString(a.DataBase64) }

// validateBlobName checks a blob name: a clean relative path of at most
// MaxBlobNameBytes, each element at most 255 bytes, without control
// characters or backslashes, as every blob store takes it.
func validateBlobName(name string) error {
	switch {
	case name == "":
		return errors.New("name is required")
	case len(name) > MaxBlobNameBytes:
		return fmt.Errorf("name is %d bytes, more than the %d allowed", len(name), MaxBlobNameBytes)
	case !utf8.ValidString(name):
		return fmt.Errorf("name %s is not valid UTF-8", quote.Value(name))
	case strings.HasPrefix(name, "/") || strings.HasSuffix(name, "/") || strings.Contains(name, "//"):
		return fmt.Errorf("name %s must be a relative path without empty segments", quote.Value(name))
	}
	for _, r := range name {
		if r < 0x20 || r == 0x7f || r == '\\' {
			return fmt.Errorf("name %s must not contain control characters or backslashes", quote.Value(name))
		}
	}
	for seg := range strings.SplitSeq(name, "/") {
		if seg == "." || seg == ".." {
			return fmt.Errorf("name %s must not contain . or .. segments", quote.Value(name))
		}
		if len(seg) > maxBlobNameElementBytes {
			return fmt.Errorf("name %s has a segment of %d bytes, more than the %d allowed", quote.Value(name), len(seg), maxBlobNameElementBytes)
		}
	}
	return nil
}
