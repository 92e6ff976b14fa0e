package jobs

import (
	"encoding/base64"
	"errors"
	"fmt"
	"math"
	"strings"
)

// Run ingestion: the example writes other services enqueue for ML-experiment
// runs. Every one of them is skipped when the run is tombstoned (the
// late-write guard), whatever order it arrives in relative to the delete.
// Writes for a run that does not exist yet create it (out-of-order delivery
// is normal), so only CreateRun sets the run's name.

// CreateRun creates a run (or renames an existing one), optionally linking
// it to an experiment (created when missing).
//
// JSON: {"run_hash":"abc123","name":"baseline","experiment":"mnist"}
type CreateRun struct {
	RunHash    string `json:"run_hash"`
	Name       string `json:"name"`
	Experiment string `json:"experiment,omitempty"`
}

// Kind implements river.JobArgs: KindCreateRun (lethe.create_run).
func (CreateRun) Kind() string { return KindCreateRun }

// Validate reports malformed args; workers cancel such jobs.
func (a CreateRun) Validate() error {
	if err := ValidateRunHash("run_hash", a.RunHash); err != nil {
		return err
	}
	if len(a.Name) > 1024 {
		return errors.New("name is longer than 1024 bytes")
	}
	if len(a.Experiment) > 256 {
		return errors.New("experiment is longer than 256 bytes")
	}
	return nil
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
}

// Kind implements river.JobArgs: KindLogMetric (lethe.log_metric).
func (LogMetric) Kind() string { return KindLogMetric }

// Validate reports malformed args; workers cancel such jobs.
func (a LogMetric) Validate() error {
	if err := ValidateRunHash("run_hash", a.RunHash); err != nil {
		return err
	}
	if a.Name == "" {
		return errors.New("name is required")
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
}

// Kind implements river.JobArgs: KindSetTag (lethe.set_tag).
func (SetTag) Kind() string { return KindSetTag }

// Validate reports malformed args; workers cancel such jobs.
func (a SetTag) Validate() error {
	if err := ValidateRunHash("run_hash", a.RunHash); err != nil {
		return err
	}
	if strings.TrimSpace(a.Tag) == "" {
		return errors.New("tag is required")
	}
	return nil
}

// SetAttribute sets one attribute of a run to a JSON value (upsert).
//
// JSON: {"run_hash":"abc123","key":"lr","value":0.001}
type SetAttribute struct {
	RunHash string `json:"run_hash"`
	Key     string `json:"key"`
	// Value is any JSON value; it is stored as jsonb.
	Value any `json:"value"`
}

// Kind implements river.JobArgs: KindSetAttribute (lethe.set_attribute).
func (SetAttribute) Kind() string { return KindSetAttribute }

// Validate reports malformed args; workers cancel such jobs.
func (a SetAttribute) Validate() error {
	if err := ValidateRunHash("run_hash", a.RunHash); err != nil {
		return err
	}
	if a.Key == "" {
		return errors.New("key is required")
	}
	return nil
}

// AddToExperiment links a run to an experiment (created when missing).
//
// JSON: {"run_hash":"abc123","experiment":"mnist"}
type AddToExperiment struct {
	RunHash    string `json:"run_hash"`
	Experiment string `json:"experiment"`
}

// Kind implements river.JobArgs: KindAddToExperiment (lethe.add_to_experiment).
func (AddToExperiment) Kind() string { return KindAddToExperiment }

// Validate reports malformed args; workers cancel such jobs.
func (a AddToExperiment) Validate() error {
	if err := ValidateRunHash("run_hash", a.RunHash); err != nil {
		return err
	}
	if a.Experiment == "" {
		return errors.New("experiment is required")
	}
	if len(a.Experiment) > 256 {
		return errors.New("experiment is longer than 256 bytes")
	}
	return nil
}

// PutRunBlob writes a blob under "{run_hash}/{name}" and records it in
// run_blobs (so a backup finds it).
//
// JSON: {"run_hash":"abc123","name":"checkpoints/1","data_base64":"aGVsbG8="}
type PutRunBlob struct {
	RunHash    string `json:"run_hash"`
	Name       string `json:"name"`
	DataBase64 string `json:"data_base64"`
}

// Kind implements river.JobArgs: KindPutRunBlob (lethe.put_run_blob).
func (PutRunBlob) Kind() string { return KindPutRunBlob }

// MaxRunBlobBytes bounds a PutRunBlob payload: job args live in river_job.
const MaxRunBlobBytes = 1 << 20

// Validate reports malformed args; workers cancel such jobs.
func (a PutRunBlob) Validate() error {
	if err := ValidateRunHash("run_hash", a.RunHash); err != nil {
		return err
	}
	if err := validateBlobName(a.Name); err != nil {
		return err
	}
	data, err := base64.StdEncoding.DecodeString(a.DataBase64)
	if err != nil {
		return fmt.Errorf("data_base64 is not standard base64: %w", err)
	}
	if len(data) > MaxRunBlobBytes {
		return fmt.Errorf("data is %d bytes, more than the %d allowed", len(data), MaxRunBlobBytes)
	}
	return nil
}

// Data returns the decoded payload (call Validate first).
func (a PutRunBlob) Data() ([]byte, error) { return base64.StdEncoding.DecodeString(a.DataBase64) }

func validateBlobName(name string) error {
	if name == "" {
		return errors.New("name is required")
	}
	if len(name) > 512 {
		return errors.New("name is longer than 512 bytes")
	}
	if strings.HasPrefix(name, "/") || strings.HasSuffix(name, "/") || strings.Contains(name, "//") {
		return fmt.Errorf("name %q must be a relative path without empty segments", name)
	}
	for _, seg := range strings.Split(name, "/") {
		if seg == "." || seg == ".." {
			return fmt.Errorf("name %q must not contain . or .. segments", name)
		}
	}
	if strings.ContainsAny(name, "\x00\\") {
		return fmt.Errorf("name %q must not contain NUL or backslash", name)
	}
	return nil
}
