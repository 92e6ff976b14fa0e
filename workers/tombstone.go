package workers

import (
	"github.com/riverqueue/river"

	"github.com/lethehq/lethe/config"
)

// tombstonePeriodics returns the periodic jobs of a tombstone policy.
func tombstonePeriodics(p *config.Policy) []Periodic { return nil }

// registerTombstone adds the tombstone workers.
func registerTombstone(workers *river.Workers, deps *Deps) error { return nil }
