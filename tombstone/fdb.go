//go:build foundationdb

package tombstone

import (
	"context"

	"fmt"
	"math"
	"time"

	"github.com/apple/foundationdb/bindings/go/src/fdb"
	"github.com/apple/foundationdb/bindings/go/src/fdb/subspace"
	"github.com/apple/foundationdb/bindings/go/src/fdb/tuple"
	"github.com/vmihailenco/msgpack/v5"

	"github.com/lethehq/lethe/jobs"
)

// FDBAPIVersion is the FoundationDB API version Lethe selects (7.1 clients
// and newer accept it).
const FDBAPIVersion = 710

// FDBOptions configure the FoundationDB store.
type FDBOptions struct {
	// ClusterFile is the fdb.cluster path ("" for the client's default).
	ClusterFile string
	// Indexes is the indexes subspace; default subspace.Sub("indexes").
	Indexes subspace.Subspace
}

// FDB keeps run tombstones in FoundationDB with this layout: key
// ("_deleted", run_hash) in the indexes subspace, value the msgpack-encoded
// float64 Unix time of the deletion. Lethe adds ("_deleted_purged",
// run_hash) → msgpack float64, the start of the last completed blob purge,
// so GC can require a purge since deletion as the Postgres store does.
//
// Only the entity "run" is stored. Each call is one FoundationDB
// transaction; FoundationDB cannot join a PostgreSQL transaction, so this
// store cannot guard PostgreSQL writes atomically (see docs/tombstones.md).
type FDB struct {
	db      fdb.Database
	deleted subspace.Subspace
	purged  subspace.Subspace
}

// NewFDB opens the database at opts.ClusterFile.
func NewFDB(opts FDBOptions) (*FDB, error) {
	if err := fdb.APIVersion(FDBAPIVersion); err != nil {
		// A process may select the version once; a second identical call
		// fails harmlessly.
		if v, gerr := fdb.GetAPIVersion(); gerr != nil || v != FDBAPIVersion {
			return nil, fmt.Errorf("foundationdb api version %d: %w", FDBAPIVersion, err)
		}
	}
	database, err := fdb.OpenDatabase(opts.ClusterFile)
	if err != nil {
		return nil, fmt.Errorf("open foundationdb %q: %w", opts.ClusterFile, err)
	}
	indexes := opts.Indexes
	if indexes == nil {
		indexes = subspace.Sub("indexes")
	}
	return &FDB{db: database, deleted: indexes.Sub("_deleted"), purged: indexes.Sub("_deleted_purged")}, nil
}

func checkEntity(entity string) error {
	if entity != jobs.EntityRun {
		return fmt.Errorf("foundationdb tombstone store: entity %q is not supported (only run)", entity)
	}
	return nil
}

func encodeTime(t time.Time) ([]byte, error) {
	return msgpack.Marshal(float64(t.UnixNano()) / 1e9)
}

func decodeTime(b []byte) (time.Time, error) {
	var secs float64
	if err := msgpack.Unmarshal(b, &secs); err != nil {
		return time.Time{}, fmt.Errorf("decode tombstone timestamp: %w", err)
	}
	whole, frac := math.Modf(secs)
	return time.Unix(int64(whole), int64(frac*1e9)).UTC(), nil
}

// get reads the tombstone of key in tr, or nil. Both of its values are read
// at once.
func (f *FDB) get(tr fdb.ReadTransaction, key string) (*Tombstone, error) {
	deleted := tr.Get(f.deleted.Pack(tuple.Tuple{key}))
	purged := tr.Get(f.purged.Pack(tuple.Tuple{key}))
	raw, err := deleted.Get()
	if err != nil || raw == nil {
		return nil, err
	}
	return decodeTombstone(key, raw, purged)
}

// decodeTombstone builds the tombstone of key from its deletion value and the
// read of its purge value.
func decodeTombstone(key string, deleted []byte, purged fdb.FutureByteSlice) (*Tombstone, error) {
	ts := &Tombstone{Entity: jobs.EntityRun, Key: key}
	var err error
	if ts.DeletedAt, err = decodeTime(deleted); err != nil {
		return nil, err
	}
	rawPurged, err := purged.Get()
	if err != nil {
		return nil, err
	}
	if rawPurged != nil {
		p, err := decodeTime(rawPurged)
		if err != nil {
			return nil, err
		}
		ts.PurgedAt = &p
	}
	return ts, nil
}

// clear removes the tombstone of key and its purge time in tr.
func (f *FDB) clear(tr fdb.Transaction, key string) {
	tr.Clear(f.deleted.Pack(tuple.Tuple{key}))
	tr.Clear(f.purged.Pack(tuple.Tuple{key}))
}

func (f *FDB) IsDeleted(ctx context.Context, entity, key string) (bool, error) {
	ts, err := f.Get(ctx, entity, key)
	return ts != nil, err
}

func (f *FDB) Get(ctx context.Context, entity, key string) (*Tombstone, error) {
	if err := checkEntity(entity); err != nil {
		return nil, err
	}
	v, err := f.db.ReadTransact(func(tr fdb.ReadTransaction) (any, error) { return f.get(tr, key) })
	if err != nil {
		return nil, fmt.Errorf("read tombstone of %s %s: %w", entity, key, err)
	}
	return v.(*Tombstone), nil
}

func (f *FDB) Put(ctx context.Context, entity, key string) (bool, error) {
	if err := checkEntity(entity); err != nil {
		return false, err
	}
	value, err := encodeTime(time.Now())
	if err != nil {
		return false, err
	}
	v, err := f.db.Transact(func(tr fdb.Transaction) (any, error) {
		k := f.deleted.Pack(tuple.Tuple{key})
		existing, err := tr.Get(k).Get()
		if err != nil {
			return false, err
		}
		if existing != nil {
			return false, nil // keep the first deletion, as the Postgres store does
		}
		tr.Set(k, value)
		return true, nil
	})
	if err != nil {
		return false, fmt.Errorf("write tombstone of %s %s: %w", entity, key, err)
	}
	return v.(bool), nil
}

func (f *FDB) Clear(ctx context.Context, entity, key string) (bool, error) {
	if err := checkEntity(entity); err != nil {
		return false, err
	}
	v, err := f.db.Transact(func(tr fdb.Transaction) (any, error) {
		existing, err := tr.Get(f.deleted.Pack(tuple.Tuple{key})).Get()
		if err != nil {
			return false, err
		}
		f.clear(tr, key)
		return existing != nil, nil
	})
	if err != nil {
		return false, fmt.Errorf("clear tombstone of %s %s: %w", entity, key, err)
	}
	return v.(bool), nil
}

func (f *FDB) List(ctx context.Context, entity, after string, limit int) ([]Tombstone, error) {
	if err := checkEntity(entity); err != nil {
		return nil, err
	}
	begin, end := f.deleted.FDBRangeKeys()
	if after != "" {
		begin = fdb.Key(append(f.deleted.Pack(tuple.Tuple{after}), 0x00))
	}
	v, err := f.db.ReadTransact(func(tr fdb.ReadTransaction) (any, error) {
		kvs, err := tr.GetRange(fdb.KeyRange{Begin: begin, End: end}, fdb.RangeOptions{Limit: limit}).GetSliceWithError()
		if err != nil {
			return nil, err
		}
		// The range holds the deletion times; the page's purge times are
		// read all at once rather than one round trip per tombstone.
		keys := make([]string, len(kvs))
		purged := make([]fdb.FutureByteSlice, len(kvs))
		for i, kv := range kvs {
			t, err := f.deleted.Unpack(kv.Key)
			if err != nil {
				return nil, err
			}
			key, ok := t[0].(string)
			if len(t) != 1 || !ok {
				return nil, fmt.Errorf("unexpected tombstone key %v", t)
			}
			keys[i] = key
			purged[i] = tr.Get(f.purged.Pack(tuple.Tuple{key}))
		}
		out := make([]Tombstone, 0, len(kvs))
		for i, kv := range kvs {
			ts, err := decodeTombstone(keys[i], kv.Value, purged[i])
			if err != nil {
				return nil, err
			}
			out = append(out, *ts)
		}
		return out, nil
	})
	if err != nil {
		return nil, fmt.Errorf("list tombstones of %s: %w", entity, err)
	}
	return v.([]Tombstone), nil
}

func (f *FDB) MarkPurged(ctx context.Context, entity, key string, startedAt time.Time) (bool, error) {
	if err := checkEntity(entity); err != nil {
		return false, err
	}
	value, err := encodeTime(startedAt)
	if err != nil {
		return false, err
	}
	v, err := f.db.Transact(func(tr fdb.Transaction) (any, error) {
		ts, err := f.get(tr, key)
		if err != nil || ts == nil {
			return false, err
		}
		if ts.PurgedAt == nil || startedAt.After(*ts.PurgedAt) {
			tr.Set(f.purged.Pack(tuple.Tuple{key}), value)
		}
		return true, nil
	})
	if err != nil {
		return false, fmt.Errorf("mark %s %s purged: %w", entity, key, err)
	}
	return v.(bool), nil
}

// GC pages through the tombstones (one read transaction per page) and
// clears each eligible one in its own transaction that re-checks it.
func (f *FDB) GC(ctx context.Context, entity string, cutoff time.Time) (GCResult, error) {
	var res GCResult
	after := ""
	for {
		if err := ctx.Err(); err != nil {
			return res, err
		}
		page, err := f.List(ctx, entity, after, 500)
		if err != nil {
			return res, err
		}
		for _, ts := range page {
			if !ts.DeletedAt.Before(cutoff) {
				continue
			}
			if ts.PurgedAt == nil || ts.PurgedAt.Before(ts.DeletedAt) {
				res.KeptUnpurged++
				continue
			}
			v, err := f.db.Transact(func(tr fdb.Transaction) (any, error) {
				cur, err := f.get(tr, ts.Key)
				if err != nil || cur == nil || !cur.DeletedAt.Equal(ts.DeletedAt) {
					return false, err
				}
				f.clear(tr, ts.Key)
				return true, nil
			})
			if err != nil {
				return res, fmt.Errorf("gc tombstone of %s %s: %w", entity, ts.Key, err)
			}
			if v.(bool) {
				res.Removed++
			}
		}
		if len(page) < 500 {
			return res, nil
		}
		after = page[len(page)-1].Key
	}
}

func (f *FDB) Name() string { return "foundationdb" }

var _ Store = (*FDB)(nil)
