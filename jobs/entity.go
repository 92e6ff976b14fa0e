package jobs

import (
	"errors"
	"fmt"
	"regexp"
)

// EntityRun is the only entity kind Lethe deletes with tombstones today: an
// ML-experiment run, keyed by its run hash.
const EntityRun = "run"

var runHashRE = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

// ValidRunHash reports whether hash is a well-formed run hash: 1 to 64
// letters, digits, '_' or '-' (the CHECK on runs.run_hash).
func ValidRunHash(hash string) bool { return runHashRE.MatchString(hash) }

// ValidateRunHash returns an error naming field when hash is malformed.
func ValidateRunHash(field, hash string) error {
	if hash == "" {
		return fmt.Errorf("%s is required", field)
	}
	if !ValidRunHash(hash) {
		return fmt.Errorf("%s %q is malformed: want 1 to 64 letters, digits, '_' or '-'", field, hash)
	}
	return nil
}

// validateEntityKey checks an (entity, key) pair.
func validateEntityKey(entity, key string) error {
	switch entity {
	case EntityRun:
		return ValidateRunHash("key", key)
	case "":
		return errors.New(`entity is required (supported: "run")`)
	default:
		return fmt.Errorf("entity %q is not supported (supported: \"run\")", entity)
	}
}

// DeleteEntity asks Lethe to delete an entity and tombstone it. For a run,
// one transaction removes every row of the run (runs, run_attributes,
// run_metrics, run_tags, run_experiments, run_blobs), writes the tombstone
// (entity, key) and inserts a PurgeBlobs job for the blobs under "{key}/".
// Deleting an unknown or already deleted key still writes (or keeps) the
// tombstone, so a delete that overtakes the create still wins.
//
// JSON: {"entity":"run","key":"<run_hash>"}
type DeleteEntity struct {
	Entity string `json:"entity"`
	Key    string `json:"key"`
}

// Kind implements river.JobArgs: KindDeleteEntity (lethe.delete_entity).
func (DeleteEntity) Kind() string { return KindDeleteEntity }

// Validate reports malformed args; workers cancel such jobs.
func (a DeleteEntity) Validate() error { return validateEntityKey(a.Entity, a.Key) }

// PurgeBlobs deletes every blob under "{key}/" of a tombstoned entity and
// then records purged_at on the tombstone. It does nothing when the
// tombstone no longer exists (the entity was cleared or restored meanwhile).
//
// JSON: {"entity":"run","key":"<run_hash>"}
type PurgeBlobs struct {
	Entity string `json:"entity"`
	Key    string `json:"key"`
}

// Kind implements river.JobArgs: KindPurgeBlobs (lethe.purge_blobs).
func (PurgeBlobs) Kind() string { return KindPurgeBlobs }

// Validate reports malformed args; workers cancel such jobs.
func (a PurgeBlobs) Validate() error { return validateEntityKey(a.Entity, a.Key) }

// validatePolicy checks a policy name the way config does.
var policyRE = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]{0,62}$`)

func validatePolicy(policy string) error {
	if policy == "" {
		return errors.New("policy is required")
	}
	if !policyRE.MatchString(policy) {
		return fmt.Errorf("policy %q is malformed: want lowercase letters, digits, '_' or '-'", policy)
	}
	return nil
}

// OrphanSweep purges the blobs under "{key}/" of every tombstone of a
// tombstone policy's entity (including blobs written after the deletion)
// and records purged_at. It never removes tombstones. Scheduled by the
// policy's schedule (default @daily); `lethe cleanup-orphan-s3` runs it by
// hand.
//
// JSON: {"policy":"runs"}
type OrphanSweep struct {
	Policy string `json:"policy"`
}

// Kind implements river.JobArgs: KindOrphanSweep (lethe.orphan_sweep).
func (OrphanSweep) Kind() string { return KindOrphanSweep }

// Validate reports malformed args; workers cancel such jobs.
func (a OrphanSweep) Validate() error { return validatePolicy(a.Policy) }

// TombstoneGC removes a tombstone policy's tombstones older than its
// tombstone_max_age whose blob purge completed after the deletion. Scheduled
// by gc_schedule (default @weekly); `lethe cleanup-tombstones` runs it by
// hand.
//
// JSON: {"policy":"runs"}
type TombstoneGC struct {
	Policy string `json:"policy"`
}

// Kind implements river.JobArgs: KindTombstoneGC (lethe.tombstone_gc).
func (TombstoneGC) Kind() string { return KindTombstoneGC }

// Validate reports malformed args; workers cancel such jobs.
func (a TombstoneGC) Validate() error { return validatePolicy(a.Policy) }
