package workers

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"syscall"
	"time"

	"github.com/aws/smithy-go"
	smithyhttp "github.com/aws/smithy-go/transport/http"
	"github.com/riverqueue/river"

	"github.com/lethehq/lethe/blob"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/internal/metrics"
	"github.com/lethehq/lethe/jobs"
)

// Run ingestion workers: the example writes (create_run, log_metric,
// set_tag, set_attribute, add_to_experiment, put_run_blob) that exercise
// the late-write guard. Each runs its write through entities.ingest, which
// skips it when the run is tombstoned. Writes are idempotent upserts, so a
// retry after a crash between commit and job completion is harmless.

// ingestArgs is an ingestion job's args.
type ingestArgs interface {
	river.JobArgs
	Validate() error
}

// IngestWorker works one run ingestion kind.
type IngestWorker[T ingestArgs] struct {
	river.WorkerDefaults[T]
	ent  *entities
	hash func(T) string
	// write runs in the transaction holding the run's shared lock, through
	// b: a db.Bounded with the run entity's timeouts, the only way it has
	// to the run tables.
	write func(ctx context.Context, b db.Bounded, args T) error
	// session, when set, replaces write: it runs on a connection holding
	// the run's shared lock as a session lock, without a transaction open,
	// for a write that calls the blob store; b is that connection with the
	// run entity's timeouts set for its session.
	session func(ctx context.Context, b db.Bounded, args T) error
}

// ingestTimeout bounds one write (config.JobTimeout: 30s, or
// river.job_timeout when shorter); its statements time out at half of it
// at most.
func ingestTimeout(d *Deps) time.Duration { return d.jobTimeout(jobs.KindCreateRun, "") }

// Timeout bounds one write (ingestTimeout).
func (w *IngestWorker[T]) Timeout(job *river.Job[T]) time.Duration {
	return w.ent.deps.jobTimeout(job.Args.Kind(), "")
}

// Work implements river.Worker. A write that gave up on a lock snoozes.
func (w *IngestWorker[T]) Work(ctx context.Context, job *river.Job[T]) error {
	_, err := w.apply(ctx, job.Args)
	if db.IsLockTimeout(err) {
		ent, resolveErr := w.ent.resolver.Get(ctx, jobs.EntityRun)
		if resolveErr != nil {
			return err
		}
		lock, _ := w.ent.deps.Config.EntityTimeouts(ent.Name)
		return lockSnooze(ctx, w.ent.deps.lockTimedOut(ctx, ent.PolicyName(), metrics.StepIngest, ent.Tables(), lock.D(), err))
	}
	return err
}

// apply validates args and writes them unless the run is tombstoned; it
// reports whether the write was skipped.
func (w *IngestWorker[T]) apply(ctx context.Context, args T) (bool, error) {
	if err := args.Validate(); err != nil {
		return false, invalid(args.Kind(), err)
	}
	if w.session != nil {
		return w.ent.ingestSession(ctx, args.Kind(), w.hash(args), func(b db.Bounded) error {
			return w.session(ctx, b, args)
		})
	}
	return w.ent.ingest(ctx, args.Kind(), w.hash(args), func(b db.Bounded) error {
		return w.write(ctx, b, args)
	})
}

func createRunWorker(ent *entities) *IngestWorker[jobs.CreateRun] {
	return &IngestWorker[jobs.CreateRun]{
		ent:  ent,
		hash: func(a jobs.CreateRun) string { return a.RunHash },
		write: func(ctx context.Context, b db.Bounded, a jobs.CreateRun) error {
			if err := db.UpsertRun(ctx, b, a.RunHash, a.Name); err != nil {
				return err
			}
			if a.Experiment != "" {
				return db.LinkExperiment(ctx, b, a.RunHash, a.Experiment)
			}
			return nil
		},
	}
}

func logMetricWorker(ent *entities) *IngestWorker[jobs.LogMetric] {
	return &IngestWorker[jobs.LogMetric]{
		ent:  ent,
		hash: func(a jobs.LogMetric) string { return a.RunHash },
		write: func(ctx context.Context, b db.Bounded, a jobs.LogMetric) error {
			return db.LogMetric(ctx, b, a.RunHash, a.Name, a.Context, a.Step, a.Value)
		},
	}
}

func setTagWorker(ent *entities) *IngestWorker[jobs.SetTag] {
	return &IngestWorker[jobs.SetTag]{
		ent:  ent,
		hash: func(a jobs.SetTag) string { return a.RunHash },
		write: func(ctx context.Context, b db.Bounded, a jobs.SetTag) error {
			return db.SetTag(ctx, b, a.RunHash, a.Tag)
		},
	}
}

func setAttributeWorker(ent *entities) *IngestWorker[jobs.SetAttribute] {
	return &IngestWorker[jobs.SetAttribute]{
		ent:  ent,
		hash: func(a jobs.SetAttribute) string { return a.RunHash },
		write: func(ctx context.Context, b db.Bounded, a jobs.SetAttribute) error {
			return db.SetAttribute(ctx, b, a.RunHash, a.Key, a.Value)
		},
	}
}

func addToExperimentWorker(ent *entities) *IngestWorker[jobs.AddToExperiment] {
	return &IngestWorker[jobs.AddToExperiment]{
		ent:  ent,
		hash: func(a jobs.AddToExperiment) string { return a.RunHash },
		write: func(ctx context.Context, b db.Bounded, a jobs.AddToExperiment) error {
			return db.LinkExperiment(ctx, b, a.RunHash, a.Experiment)
		},
	}
}

// putRunBlobWorker writes the blob while holding the run's shared lock (a
// session lock: no transaction stays open while the blob store works), then
// records it, so a deletion either comes first (the write is skipped and
// writes no blob) or after the record (and its purge removes the blob). A
// crash between the blob and its record leaves a blob under the run's
// prefix, which the run's deletion purges all the same.
func putRunBlobWorker(ent *entities) *IngestWorker[jobs.PutRunBlob] {
	return &IngestWorker[jobs.PutRunBlob]{
		ent:  ent,
		hash: func(a jobs.PutRunBlob) string { return a.RunHash },
		session: func(ctx context.Context, b db.Bounded, a jobs.PutRunBlob) error {
			data, err := a.Data()
			if err != nil {
				return err
			}
			prefix, err := ent.blobPrefix(ctx, jobs.EntityRun, a.RunHash)
			if err != nil {
				return err
			}
			key := prefix + a.Name
			if err := blob.CheckKeyUnder(prefix, key); err != nil {
				return river.JobCancel(fmt.Errorf("put_run_blob name: %w", err)) // no retry can fix it
			}
			if err := ent.deps.Blobs.Put(ctx, key, data); err != nil {
				if reason := permanentBlobError(err); reason != "" {
					// No retry can fix it. The reason is short; the store's
					// error names the whole key and paths.
					return river.JobCancel(fmt.Errorf("put_run_blob name: the blob store cannot hold it: %s", reason))
				}
				return fmt.Errorf("write blob: %w", err)
			}
			// One statement: it commits on its own, with the session's
			// timeouts.
			return db.RecordRunBlob(ctx, b, a.RunHash, key)
		},
	}
}

// permanentBlobError says briefly why err, from a blob store's Put, is one
// no retry can fix, or returns "" for a transient error. Permanent: a key
// the store refuses (blob.KeyError); a path the local filesystem cannot
// hold (a key that is the directory of other blobs, a key under another
// blob, an element too long); a request the S3 server refused as malformed or
// too large (HTTP 400, 411, 413, 414). Everything else — network failures,
// timeouts, throttling, 5xx, a missing bucket or denied access an operator
// can fix — is transient, and River retries it.
func permanentBlobError(err error) string {
	var keyErr *blob.KeyError
	if errors.As(err, &keyErr) {
		return keyErr.Error()
	}
	switch {
	case errors.Is(err, syscall.EEXIST), errors.Is(err, syscall.EISDIR):
		// os.Rename onto a directory fails with EEXIST.
		return "it is the directory of other blobs"
	case errors.Is(err, syscall.ENOTDIR):
		return "a blob exists where it needs a directory"
	case errors.Is(err, syscall.ENAMETOOLONG):
		return "a path element is too long for the filesystem"
	}
	var resp *smithyhttp.ResponseError
	if errors.As(err, &resp) {
		switch code := resp.HTTPStatusCode(); code {
		case http.StatusBadRequest, http.StatusLengthRequired, http.StatusRequestEntityTooLarge, http.StatusRequestURITooLong:
			reason := fmt.Sprintf("S3 answered %d %s", code, http.StatusText(code))
			var apiErr smithy.APIError
			if errors.As(err, &apiErr) {
				reason += " (" + apiErr.ErrorCode() + ")"
			}
			return reason
		}
	}
	return ""
}
