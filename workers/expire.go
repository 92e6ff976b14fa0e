package workers

import (
	"github.com/riverqueue/river"

	"github.com/lethehq/lethe/config"
)

// expirePeriodics returns the periodic jobs of a expire policy.
func expirePeriodics(p *config.Policy) []Periodic { return nil }

// registerExpire adds the expire workers.
func registerExpire(workers *river.Workers, deps *Deps) error { return nil }
