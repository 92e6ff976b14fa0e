package workers

import (
	"github.com/riverqueue/river"

	"github.com/lethehq/lethe/config"
)

// sweepPeriodics returns the periodic jobs of a sweep policy.
func sweepPeriodics(p *config.Policy) []Periodic { return nil }

// registerSweep adds the sweep workers.
func registerSweep(workers *river.Workers, deps *Deps) error { return nil }
