package tombstone_test

import (
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/lethehq/lethe/internal/testenv"
	"github.com/lethehq/lethe/tombstone"
)

// testStore is the behaviour every Store must have. Keys are prefixed so a
// store shared between runs (a real FoundationDB cluster) does not mix them.
func testStore(t *testing.T, open func(t *testing.T) tombstone.Store) {
	t.Run("PutGetClear", func(t *testing.T) {
		t.Parallel()
		s, ctx := open(t), t.Context()
		key := uniqueKey("put")
		if deleted, err := s.IsDeleted(ctx, "run", key); err != nil || deleted {
			t.Fatalf("IsDeleted before Put = %t, %v", deleted, err)
		}
		if created, err := s.Put(ctx, "run", key); err != nil || !created {
			t.Fatalf("Put = %t, %v; want new", created, err)
		}
		first, err := s.Get(ctx, "run", key)
		if err != nil || first == nil || first.PurgedAt != nil || time.Since(first.DeletedAt) > time.Minute {
			t.Fatalf("Get = %+v, %v", first, err)
		}
		if created, err := s.Put(ctx, "run", key); err != nil || created {
			t.Errorf("second Put = %t, %v; want kept", created, err)
		}
		if again, _ := s.Get(ctx, "run", key); !again.DeletedAt.Equal(first.DeletedAt) {
			t.Errorf("second Put moved deleted_at %s → %s", first.DeletedAt, again.DeletedAt)
		}
		if cleared, err := s.Clear(ctx, "run", key); err != nil || !cleared {
			t.Errorf("Clear = %t, %v", cleared, err)
		}
		if cleared, err := s.Clear(ctx, "run", key); err != nil || cleared {
			t.Errorf("second Clear = %t, %v; want idempotent false", cleared, err)
		}
		if deleted, _ := s.IsDeleted(ctx, "run", key); deleted {
			t.Error("still deleted after Clear")
		}
	})

	t.Run("ListPages", func(t *testing.T) {
		t.Parallel()
		s, ctx := open(t), t.Context()
		prefix := uniqueKey("list")
		for _, k := range []string{"c", "a", "b"} {
			if _, err := s.Put(ctx, "run", prefix+k); err != nil {
				t.Fatal(err)
			}
		}
		// Start just before the prefix; other tests' keys sort elsewhere.
		var got []string
		after := prefix
		for {
			page, err := s.List(ctx, "run", after, 2)
			if err != nil {
				t.Fatal(err)
			}
			for _, ts := range page {
				if len(ts.Key) > len(prefix) && ts.Key[:len(prefix)] == prefix {
					got = append(got, ts.Key[len(prefix):])
				}
			}
			if len(page) < 2 {
				break
			}
			after = page[len(page)-1].Key
		}
		if fmt.Sprint(got) != "[a b c]" {
			t.Errorf("listed %v, want [a b c]", got)
		}
	})

	t.Run("GCNeedsAPurgeSinceDeletion", func(t *testing.T) {
		t.Parallel()
		s, ctx := open(t), t.Context()
		purged, unpurged, stale := uniqueKey("gc-purged"), uniqueKey("gc-unpurged"), uniqueKey("gc-stale")
		for _, k := range []string{purged, unpurged, stale} {
			if _, err := s.Put(ctx, "run", k); err != nil {
				t.Fatal(err)
			}
		}
		if ok, err := s.MarkPurged(ctx, "run", purged, time.Now().Add(time.Second)); err != nil || !ok {
			t.Fatalf("MarkPurged = %t, %v", ok, err)
		}
		if _, err := s.MarkPurged(ctx, "run", stale, time.Now().Add(-time.Hour)); err != nil {
			t.Fatal(err)
		}
		if ok, err := s.MarkPurged(ctx, "run", uniqueKey("gc-missing"), time.Now()); err != nil || ok {
			t.Errorf("MarkPurged without tombstone = %t, %v", ok, err)
		}
		// Nothing is old enough yet.
		res, err := s.GC(ctx, "run", time.Now().Add(-time.Hour))
		if err != nil || res.Removed != 0 {
			t.Errorf("GC with a past cutoff = %+v, %v", res, err)
		}
		// With a cutoff in the future all three are old enough; only the
		// one purged after its deletion goes, and the other two are counted
		// as kept (at least: a shared FoundationDB subspace also holds the
		// other subtests' unpurged keys).
		res, err = s.GC(ctx, "run", time.Now().Add(time.Hour))
		if err != nil {
			t.Fatal(err)
		}
		if res.Removed != 1 || res.KeptUnpurged < 2 {
			t.Errorf("GC with a future cutoff = %+v, want 1 removed and at least 2 kept unpurged", res)
		}
		for key, want := range map[string]bool{purged: false, unpurged: true, stale: true} {
			if deleted, _ := s.IsDeleted(ctx, "run", key); deleted != want {
				t.Errorf("after GC %s deleted = %t, want %t", key, deleted, want)
			}
		}
	})
}

// keySeq numbers keys; parallel subtests take numbers at once, hence atomic.
var keySeq atomic.Int64

// uniqueKey returns a key no other call of any run returns.
func uniqueKey(name string) string {
	return fmt.Sprintf("t%d-%d-%s", time.Now().UnixNano(), keySeq.Add(1), name)
}

func TestPostgresStore(t *testing.T) {
	t.Parallel()
	testStore(t, func(t *testing.T) tombstone.Store { return tombstone.NewPostgres(testenv.MigratedPool(t)) })
}

func TestCache(t *testing.T) {
	t.Parallel()

	t.Run("BoundedLRU", func(t *testing.T) {
		t.Parallel()
		c := tombstone.NewCache(2, time.Hour)
		c.MarkDeleted("run", "a")
		c.MarkDeleted("run", "b")
		c.Deleted("run", "a") // a is now the most recent
		c.MarkDeleted("run", "c")
		if c.Len() != 2 || !c.Deleted("run", "a") || c.Deleted("run", "b") || !c.Deleted("run", "c") {
			t.Errorf("after eviction: len %d a=%t b=%t c=%t", c.Len(), c.Deleted("run", "a"), c.Deleted("run", "b"), c.Deleted("run", "c"))
		}
		c.Forget("run", "a")
		if c.Deleted("run", "a") {
			t.Error("forgotten key still cached")
		}
		if c.Deleted("paste", "c") {
			t.Error("entities are not separated")
		}
	})

	t.Run("EntriesExpire", func(t *testing.T) {
		t.Parallel()
		c := tombstone.NewCache(10, time.Nanosecond)
		c.MarkDeleted("run", "a")
		time.Sleep(time.Millisecond)
		if c.Deleted("run", "a") || c.Len() != 0 {
			t.Error("expired entry still answered")
		}
	})

	t.Run("NilCacheIsEmpty", func(t *testing.T) {
		t.Parallel()
		var c *tombstone.Cache
		c.MarkDeleted("run", "a")
		if c.Deleted("run", "a") {
			t.Error("nil cache answered")
		}
	})
}
