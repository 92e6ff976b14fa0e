package workers

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/riverqueue/river/rivertype"

	"github.com/lethehq/lethe/db"
)

// TestFailedOutcome: only work that a stop of the service cancelled is
// audited interrupted, as River makes only that available again without an
// error; a timeout, a cancellation through River UI or the API, and other
// errors are errors.
func TestFailedOutcome(t *testing.T) {
	t.Parallel()
	stopped, stop := context.WithCancelCause(context.Background())
	stop(errors.New("stop initiated")) // River's client stop
	remote, cancelRemote := context.WithCancelCause(context.Background())
	cancelRemote(rivertype.ErrJobCancelledRemotely)
	timedOut, cancel := context.WithTimeout(context.Background(), time.Nanosecond)
	defer cancel()
	<-timedOut.Done()

	for _, tt := range []struct {
		name string
		ctx  context.Context
		err  error
		want string
	}{
		{"Stopped", stopped, fmt.Errorf("sweep idempotency: pause after batch 1: %w", context.Canceled), db.OutcomeInterrupted},
		{"StoppedOtherError", stopped, errors.New("conn closed"), db.OutcomeError},
		{"CancelledRemotely", remote, fmt.Errorf("purge: %w", context.Canceled), db.OutcomeError},
		{"TimedOut", timedOut, fmt.Errorf("purge: %w", context.DeadlineExceeded), db.OutcomeError},
		{"Running", context.Background(), fmt.Errorf("purge: %w", context.Canceled), db.OutcomeError},
	} {
		if got := failedOutcome(tt.ctx, tt.err); got != tt.want {
			t.Errorf("%s: %s, want %s", tt.name, got, tt.want)
		}
	}
}
