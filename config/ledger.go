package config

import (
	"cmp"
	"strings"
	"time"
)

// Ledger configures the deletion ledger: every entity deletion, once
// committed, is also written to the blob store under Prefix, outside the
// database, so that deletions made after a backup survive its restore
// (`lethe replay`, see docs/tombstones.md, "Backups and restores"). It is on
// by default: a blob store is always configured (the local one unless
// blob.kind says otherwise), and the ledger goes where the blobs go.
//
//	ledger:
//	  prefix: lethe-ledger/
//	  retention: 400d
type Ledger struct {
	// Enabled turns the ledger on (true unless set to false). Without it,
	// a database restored from a backup brings back every entity deleted
	// since, and nothing tells.
	Enabled *bool `yaml:"enabled"`
	// Prefix is the part of the blob store the ledger owns (lethe-ledger/):
	// no policy's or entity's blob prefix may overlap it.
	Prefix string `yaml:"prefix"`
	// Retention is how long a segment of the ledger is kept (400d; at
	// least MinLedgerRetention). Keep it longer than the oldest backup that
	// may be restored: deletions older than the ledger cannot be replayed.
	Retention DayDuration `yaml:"retention"`
	// FlushInterval is how often the pending entries are written to the
	// blob store (lethe.ledger_flush; 5s, between 1s and 1h): a restore of
	// a backup taken within it may lack the last deletions' entries in the
	// store, never in the database that made them.
	FlushInterval Duration `yaml:"flush_interval"`
	// PruneSchedule runs the prune of segments older than Retention
	// (lethe.ledger_prune; @daily).
	PruneSchedule string `yaml:"prune_schedule"`
}

// Defaults and bounds of the ledger section.
const (
	DefaultLedgerPrefix        = "lethe-ledger/"
	DefaultLedgerRetention     = DayDuration(400 * 24 * time.Hour)
	DefaultLedgerFlushInterval = Duration(5 * time.Second)
	DefaultLedgerPruneSchedule = "@daily"
	// MinLedgerRetention is the shortest ledger.retention: a ledger that
	// forgets faster than backups are kept protects none of them.
	MinLedgerRetention = DayDuration(7 * 24 * time.Hour)
)

// On reports whether the ledger is on.
func (l Ledger) On() bool { return l.Enabled == nil || *l.Enabled }

func (l *Ledger) setDefaults() {
	l.Prefix = cmp.Or(l.Prefix, DefaultLedgerPrefix)
	l.Retention = cmp.Or(l.Retention, DefaultLedgerRetention)
	l.FlushInterval = cmp.Or(l.FlushInterval, DefaultLedgerFlushInterval)
	l.PruneSchedule = cmp.Or(l.PruneSchedule, DefaultLedgerPruneSchedule)
}

// validate checks the section; its problems are named ledger.<field>.
func (l *Ledger) validate(errs *problems, c *Config) {
	if !l.On() {
		return
	}
	v := &policyCheck{problems: errs, path: "ledger"}
	v.blobPrefix("prefix", l.Prefix)
	if l.Retention < MinLedgerRetention {
		v.add("retention", "%s must be at least %s: keep the ledger longer than the oldest backup you may restore (e.g. 400d)", l.Retention, MinLedgerRetention)
	}
	if l.FlushInterval.D() < time.Second || l.FlushInterval.D() > time.Hour {
		v.add("flush_interval", "%s must be between 1s and 1h", l.FlushInterval.D())
	}
	v.schedule("prune_schedule", l.PruneSchedule)
	for _, owned := range c.ownedBlobPrefixes() {
		// An entity whose blob_prefix starts with {key} owns the top of
		// the store; refusing it would refuse configurations that ran
		// before the ledger; only a key spelled as the ledger's prefix
		// reaches it (docs/tombstones.md).
		if owned.prefix == "" {
			continue
		}
		if strings.HasPrefix(owned.prefix, l.Prefix) || strings.HasPrefix(l.Prefix, owned.prefix) {
			v.add("prefix", "%q overlaps %q of %s: the ledger needs a part of the blob store no deletion reaches", l.Prefix, owned.prefix, owned.name)
		}
	}
}

// ownedBlob is a part of the blob store that a policy or an entity owns.
type ownedBlob struct{ name, prefix string }

// ownedBlobPrefixes lists the parts of the blob store that deletions reach:
// expire policies' blob prefixes and entities' (declared, or the run example
// a tombstone policy names).
func (c *Config) ownedBlobPrefixes() []ownedBlob {
	var out []ownedBlob
	seen := map[string]bool{}
	for _, p := range c.Policies {
		switch p := p.(type) {
		case *Expire:
			if p.BlobKeyColumn != "" {
				out = append(out, ownedBlob{"policy " + p.Name, p.BlobPrefix})
			}
		case *Tombstone:
			if e := c.Entity(p.Entity); e != nil && e.BlobPrefix != "" && !seen[e.Name] {
				seen[e.Name] = true
				out = append(out, ownedBlob{"entity " + e.Name, e.OwnedBlobPrefix()})
			}
		}
	}
	for _, e := range c.Entities {
		if e.BlobPrefix != "" && !seen[e.Name] {
			seen[e.Name] = true
			out = append(out, ownedBlob{"entity " + e.Name, e.OwnedBlobPrefix()})
		}
	}
	return out
}
