// Package blob stores and deletes the objects that Lethe's rows point to.
//
// Two stores implement Store: S3 (any S3-compatible server, through
// aws-sdk-go-v2) and Local (a directory on disk, the embedded default). Keys
// are slash-separated paths such as "pastes/42" or "{run_hash}/metrics/0".
package blob

import (
	"context"
	"errors"
	"fmt"
)

// MaxDeleteBatch is the largest number of keys one DeleteObjects request may
// carry. Delete splits larger slices into requests of at most this size.
const MaxDeleteBatch = 1000

// DefaultDeleteConcurrency is how many deletes a store runs at once for one
// Delete call unless told otherwise (blob.delete_concurrency): files
// removed at once on a local store, DeleteObjects requests in flight on S3.
// Deleting waits on the filesystem or the network far more than on the CPU,
// so a few at once go faster even on a small machine.
const DefaultDeleteConcurrency = 8

// ErrNotFound is returned by Get when the key does not exist.
var ErrNotFound = errors.New("blob not found")

// Store is the small interface every blob backend implements.
type Store interface {
	// Put writes data under key, replacing any existing object.
	Put(ctx context.Context, key string, data []byte) error

	// Get reads the object under key. It returns an error wrapping ErrNotFound
	// when the key does not exist.
	Get(ctx context.Context, key string) ([]byte, error)

	// Exists reports whether an object exists under key.
	Exists(ctx context.Context, key string) (bool, error)

	// Delete removes keys, batching at most MaxDeleteBatch keys per request,
	// several requests (or files) at once. A key that does not exist counts
	// as deleted. It returns the number of keys known deleted; on error no
	// new request is started, and keys of the failing or unfinished
	// requests may or may not be gone.
	Delete(ctx context.Context, keys []string) (int, error)

	// List calls fn with every key under prefix, page by page, in
	// lexicographic order. Returning an error from fn stops the listing and
	// is returned as is.
	List(ctx context.Context, prefix string, fn func(keys []string) error) error

	// DeletePrefix removes every object under prefix (listing page by page and
	// deleting in batches) and returns how many objects it deleted.
	DeletePrefix(ctx context.Context, prefix string) (int, error)

	// Name describes the store for logs and the dashboard, e.g. "s3://bucket"
	// or "local:/var/lib/lethe/blobs".
	Name() string
}

// Yielding returns the store a caller that yields to the database's
// foreground deletes with: for a store whose deletes are this process's own
// system calls (Local), a copy that removes one file at a time; for any
// other store, s itself.
// Files removed at once from one directory queue on that directory's lock
// in the kernel, and while they wait they hold the cores, and the Go
// runtime's processors, that the foreground's sessions and Lethe's own
// probes of them need; under such a load one at a time deletes faster. A
// store whose deletes run on another machine (S3) costs this one little
// to keep several requests in flight.
func Yielding(s Store) Store {
	if y, ok := s.(interface{ Yielding() Store }); ok {
		return y.Yielding()
	}
	return s
}

// deletePrefix is both stores' DeletePrefix: it deletes each page List
// yields with one Delete call.
func deletePrefix(ctx context.Context, s Store, prefix string) (int, error) {
	deleted := 0
	err := s.List(ctx, prefix, func(keys []string) error {
		n, err := s.Delete(ctx, keys)
		deleted += n
		return err
	})
	if err != nil {
		return deleted, fmt.Errorf("blob: delete prefix %q: %w", prefix, err)
	}
	return deleted, nil
}
