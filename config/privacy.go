package config

import (
	"crypto/sha256"
	"encoding/hex"
)

// Privacy says how Lethe shows the keys of the entities it deletes.
type Privacy struct {
	// KeyDisplay is full (the default) to show keys as they are, or hash
	// to show "sha256:<hex of the key's SHA-256>" instead: in the
	// dashboard, the status, receipt and audit API answers, and the log
	// lines of lookups. A hash hides a key from a casual reader, not from
	// one who can guess it (a numeric user ID is found by hashing 1, 2, …).
	KeyDisplay string `yaml:"key_display"`
}

// Key displays.
const (
	KeyDisplayFull = "full"
	KeyDisplayHash = "hash"
)

// KeySHA256 is the hex SHA-256 of key's bytes: `printf %s KEY | sha256sum`.
func KeySHA256(key string) string {
	sum := sha256.Sum256([]byte(key))
	return hex.EncodeToString(sum[:])
}

// DisplayKey is key as privacy.key_display shows it: key itself, or
// "sha256:" and its KeySHA256.
func (p Privacy) DisplayKey(key string) string {
	if p.KeyDisplay == KeyDisplayHash {
		return "sha256:" + KeySHA256(key)
	}
	return key
}

// Redacts reports whether keys are shown hashed.
func (p Privacy) Redacts() bool { return p.KeyDisplay == KeyDisplayHash }

func (p Privacy) validate(errs *problems) {
	switch p.KeyDisplay {
	case "", KeyDisplayFull, KeyDisplayHash: // "": full, in a Config built without Load
	default:
		errs.add("privacy.key_display", "unknown display %q (use full or hash)", p.KeyDisplay)
	}
}
