package metrics

import (
	"context"
	"errors"

	"github.com/lethehq/lethe/blob"
)

// Blob store operations, the operation label of lethe_blob_errors_total.
const (
	BlobPut          = "put"
	BlobGet          = "get"
	BlobExists       = "exists"
	BlobDelete       = "delete"
	BlobList         = "list"
	BlobDeletePrefix = "delete_prefix"
)

func blobOperations() []string {
	return []string{BlobPut, BlobGet, BlobExists, BlobDelete, BlobList, BlobDeletePrefix}
}

// CountBlobErrors returns store counting its failed calls on
// lethe_blob_errors_total. A missing key on Get (blob.ErrNotFound), a call
// whose context was cancelled (shutdown) and an error returned by List's
// callback are not the store's failures and are not counted.
func (m *Metrics) CountBlobErrors(store blob.Store) blob.Store {
	return &countingStore{Store: store, m: m}
}

type countingStore struct {
	blob.Store
	m *Metrics
}

func (s *countingStore) count(ctx context.Context, op string, err error) {
	if err != nil && ctx.Err() == nil && !errors.Is(err, blob.ErrNotFound) {
		s.m.BlobErrors.WithLabelValues(op).Inc()
	}
}

func (s *countingStore) Put(ctx context.Context, key string, data []byte) error {
	err := s.Store.Put(ctx, key, data)
	s.count(ctx, BlobPut, err)
	return err
}

func (s *countingStore) Get(ctx context.Context, key string) ([]byte, error) {
	data, err := s.Store.Get(ctx, key)
	s.count(ctx, BlobGet, err)
	return data, err
}

func (s *countingStore) Exists(ctx context.Context, key string) (bool, error) {
	ok, err := s.Store.Exists(ctx, key)
	s.count(ctx, BlobExists, err)
	return ok, err
}

func (s *countingStore) Delete(ctx context.Context, keys []string) (int, error) {
	n, err := s.Store.Delete(ctx, keys)
	s.count(ctx, BlobDelete, err)
	return n, err
}

func (s *countingStore) List(ctx context.Context, prefix string, fn func(keys []string) error) error {
	var fnErr error
	err := s.Store.List(ctx, prefix, func(keys []string) error {
		fnErr = fn(keys)
		return fnErr
	})
	if fnErr == nil || !errors.Is(err, fnErr) {
		s.count(ctx, BlobList, err)
	}
	return err
}

func (s *countingStore) DeletePrefix(ctx context.Context, prefix string) (int, error) {
	n, err := s.Store.DeletePrefix(ctx, prefix)
	s.count(ctx, BlobDeletePrefix, err)
	return n, err
}
