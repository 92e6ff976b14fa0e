package jobs

// Sweep runs one TTL sweep of a sweep policy: it deletes the policy table's
// expired rows in bounded batches until a batch comes back short (or, in
// partition mode, drops expired partitions and creates upcoming ones).
// Lethe schedules it periodically; insert it to run a sweep now.
//
//	{"policy": "idempotency"}
type Sweep struct {
	Policy string `json:"policy"`
}

// Kind is KindSweep (lethe.sweep).
func (Sweep) Kind() string { return KindSweep }
