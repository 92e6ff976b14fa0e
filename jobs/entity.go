package jobs

import (
	"errors"
	"fmt"
	"regexp"
	"unicode/utf8"

	"github.com/lethehq/lethe/internal/quote"
)

// EntityRun is the example entity: an ML-experiment run, keyed by its run
// hash. Other entities are declared in the configuration.
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
		return fmt.Errorf("%s %s is malformed: want 1 to 64 letters, digits, '_' or '-'", field, quote.Value(hash))
	}
	return nil
}

// MaxEntityKeyLen bounds an entity key.
const MaxEntityKeyLen = 200

var entityNameRE = regexp.MustCompile(`^[a-z][a-z0-9_]{0,39}$`)

// ValidateEntityKey checks an (entity, key) pair before any lookup: the
// entity name is well formed, and the key is one clean path segment (it
// becomes part of the entity's blob prefix): 1 to 200 bytes, no '/', '\\'
// or control character, not "." or "..". A run's key is a run hash. Whether
// the entity is declared, and whether the key suits the type of its key
// column, the workers check.
func ValidateEntityKey(entity, key string) error {
	switch {
	case entity == "":
		return errors.New("entity is required")
	case !entityNameRE.MatchString(entity):
		return fmt.Errorf("entity %s is malformed: want a lowercase letter, then letters, digits or _ (at most 40)", quote.Value(entity))
	case entity == EntityRun:
		return ValidateRunHash("key", key)
	case key == "":
		return errors.New("key is required")
	case len(key) > MaxEntityKeyLen:
		return fmt.Errorf("key is %d bytes, more than the %d allowed", len(key), MaxEntityKeyLen)
	case key == "." || key == "..":
		return fmt.Errorf("key %q is not allowed", key) // short: one or two dots
	}
	for _, r := range key {
		if r == '/' || r == '\\' || r < 0x20 || r == 0x7f || r == utf8.RuneError {
			return fmt.Errorf("key %s is malformed: no '/', '\\', control characters or invalid UTF-8", quote.Value(key))
		}
	}
	return nil
}

// DeleteEntity asks Lethe to delete an entity declared in its configuration
// and tombstone it: its root row and every row reachable through its edges
// go, children first, together with writing the tombstone (entity, key) and
// inserting a PurgeBlobs job for the entity's blob prefix.
// Deleting an unknown or already deleted key still writes (or keeps) the
// tombstone, so a delete that overtakes the create still wins; the API and
// the CLI do the same when asked to (force), and refuse such a key
// otherwise.
//
// JSON: {"entity":"run","key":"<run_hash>"}
type DeleteEntity struct {
	Entity string `json:"entity"`
	Key    string `json:"key"`

	decodeErr error // what UnmarshalJSON found wrong, reported by Validate
}

// Kind implements river.JobArgs: KindDeleteEntity (lethe.delete_entity).
func (DeleteEntity) Kind() string { return KindDeleteEntity }

// UnmarshalJSON decodes the args strictly and never fails: Validate
// reports what is wrong (see MaxArgsBytes).
func (a *DeleteEntity) UnmarshalJSON(data []byte) error {
	var v DeleteEntity
	if err := decodeArgs(data,
		stringField("entity", &v.Entity, required),
		stringField("key", &v.Key, required),
	); err != nil {
		v = DeleteEntity{decodeErr: err}
	}
	*a = v
	return nil
}

// Validate reports malformed args; workers cancel such jobs.
func (a DeleteEntity) Validate() error {
	if a.decodeErr != nil {
		return a.decodeErr
	}
	return ValidateEntityKey(a.Entity, a.Key)
}

// PurgeBlobs deletes every blob under the blob prefix of a tombstoned entity and
// then records purged_at on the tombstone. It does nothing when the
// tombstone no longer exists (the entity was cleared or restored meanwhile).
//
// JSON: {"entity":"run","key":"<run_hash>"}
type PurgeBlobs struct {
	Entity string `json:"entity"`
	Key    string `json:"key"`

	decodeErr error // what UnmarshalJSON found wrong, reported by Validate
}

// Kind implements river.JobArgs: KindPurgeBlobs (lethe.purge_blobs).
func (PurgeBlobs) Kind() string { return KindPurgeBlobs }

// UnmarshalJSON decodes the args strictly and never fails: Validate
// reports what is wrong (see MaxArgsBytes).
func (a *PurgeBlobs) UnmarshalJSON(data []byte) error {
	var v PurgeBlobs
	if err := decodeArgs(data,
		stringField("entity", &v.Entity, required),
		stringField("key", &v.Key, required),
	); err != nil {
		v = PurgeBlobs{decodeErr: err}
	}
	*a = v
	return nil
}

// Validate reports malformed args; workers cancel such jobs.
func (a PurgeBlobs) Validate() error {
	if a.decodeErr != nil {
		return a.decodeErr
	}
	return ValidateEntityKey(a.Entity, a.Key)
}

// policyRE is a policy name as config accepts it.
var policyRE = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]{0,62}$`)

// decodePolicyArgs decodes the args of the kinds that only name a policy.
func decodePolicyArgs(data []byte, policy *string) error {
	err := decodeArgs(data, stringField("policy", policy, required))
	if err != nil {
		*policy = ""
	}
	return err
}

// validatePolicyArgs is Validate of the kinds that only name a policy.
func validatePolicyArgs(decodeErr error, policy string) error {
	if decodeErr != nil {
		return decodeErr
	}
	return validatePolicy(policy)
}

// validatePolicy checks a policy name the way config does.
func validatePolicy(policy string) error {
	if policy == "" {
		return errors.New("policy is required")
	}
	if !policyRE.MatchString(policy) {
		return fmt.Errorf("policy %s is malformed: want lowercase letters, digits, '_' or '-' (at most 63)", quote.Value(policy))
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

	decodeErr error // what UnmarshalJSON found wrong, reported by Validate
}

// Kind implements river.JobArgs: KindOrphanSweep (lethe.orphan_sweep).
func (OrphanSweep) Kind() string { return KindOrphanSweep }

// UnmarshalJSON decodes the args strictly and never fails: Validate
// reports what is wrong.
func (a *OrphanSweep) UnmarshalJSON(data []byte) error {
	var v OrphanSweep
	v.decodeErr = decodePolicyArgs(data, &v.Policy)
	*a = v
	return nil
}

// Validate reports malformed args; workers cancel such jobs.
func (a OrphanSweep) Validate() error { return validatePolicyArgs(a.decodeErr, a.Policy) }

// TombstoneGC removes a tombstone policy's tombstones older than its
// tombstone_max_age whose blob purge completed after the deletion. Scheduled
// by gc_schedule (default @weekly); `lethe cleanup-tombstones` runs it by
// hand.
//
// JSON: {"policy":"runs"}
type TombstoneGC struct {
	Policy string `json:"policy"`

	decodeErr error // what UnmarshalJSON found wrong, reported by Validate
}

// Kind implements river.JobArgs: KindTombstoneGC (lethe.tombstone_gc).
func (TombstoneGC) Kind() string { return KindTombstoneGC }

// UnmarshalJSON decodes the args strictly and never fails: Validate
// reports what is wrong.
func (a *TombstoneGC) UnmarshalJSON(data []byte) error {
	var v TombstoneGC
	v.decodeErr = decodePolicyArgs(data, &v.Policy)
	*a = v
	return nil
}

// Validate reports malformed args; workers cancel such jobs.
func (a TombstoneGC) Validate() error { return validatePolicyArgs(a.decodeErr, a.Policy) }
