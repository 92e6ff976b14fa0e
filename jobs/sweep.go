package jobs

// Sweep runs one TTL sweep of a sweep policy: it deletes the policy table's
// expired rows in bounded batches until a batch comes back short (or, in
// partition mode, drops expired partitions and creates upcoming ones).
// Lethe schedules it periodically; insert it to run a sweep now.
//
//	{"policy": "idempotency"}
type Sweep struct {
	Policy string `json:"policy"`

	decodeErr error // what UnmarshalJSON found wrong, reported by Validate
}

// Kind is KindSweep (lethe.sweep).
func (Sweep) Kind() string { return KindSweep }

// UnmarshalJSON decodes the args strictly and never fails: Validate
// reports what is wrong.
func (a *Sweep) UnmarshalJSON(data []byte) error {
	var v Sweep
	v.decodeErr = decodePolicyArgs(data, &v.Policy)
	*a = v
	return nil
}

// Validate reports malformed args; workers cancel such jobs.
func (a Sweep) Validate() error { return validatePolicyArgs(a.decodeErr, a.Policy) }
