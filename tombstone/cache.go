package tombstone

import (
	"container/list"
	"sync"
	"time"
)

// Cache remembers keys recently found deleted, so ingestion for a run that
// keeps receiving late messages skips them without a database round trip.
//
// Only positive answers ("deleted") are cached: a key not in the cache is
// always checked in the database, inside the writing transaction, so a new
// tombstone takes effect at once. A cached "deleted" can outlive the
// tombstone: clears and restores run in the web server, the CLI and
// runbackup, never in the process holding the workers' cache, so the entry
// lives until it expires after ttl (Forget drops it at once, for a caller
// that clears in the same process). That is the one staleness window: within
// ttl of a clear, ingestion for that key may still be skipped. Keep ttl
// short (default 5s); 0 disables the cache.
type Cache struct {
	mu      sync.Mutex
	size    int
	ttl     time.Duration
	order   *list.List // front = most recently used
	entries map[string]*list.Element
}

type cacheEntry struct {
	key   string
	until time.Time
}

// NewCache returns a cache of at most size keys, each trusted for ttl.
func NewCache(size int, ttl time.Duration) *Cache {
	return &Cache{size: size, ttl: ttl, order: list.New(), entries: map[string]*list.Element{}}
}

func cacheKey(entity, key string) string { return entity + "\x00" + key }

// Deleted reports whether (entity, key) was found deleted less than ttl ago.
func (c *Cache) Deleted(entity, key string) bool {
	if c == nil || c.ttl <= 0 || c.size <= 0 {
		return false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.entries[cacheKey(entity, key)]
	if !ok {
		return false
	}
	if time.Now().After(el.Value.(*cacheEntry).until) {
		c.order.Remove(el)
		delete(c.entries, cacheKey(entity, key))
		return false
	}
	c.order.MoveToFront(el)
	return true
}

// MarkDeleted remembers that (entity, key) is deleted, evicting the least
// recently used key when full.
func (c *Cache) MarkDeleted(entity, key string) {
	if c == nil || c.ttl <= 0 || c.size <= 0 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	k := cacheKey(entity, key)
	until := time.Now().Add(c.ttl)
	if el, ok := c.entries[k]; ok {
		el.Value.(*cacheEntry).until = until
		c.order.MoveToFront(el)
		return
	}
	c.entries[k] = c.order.PushFront(&cacheEntry{key: k, until: until})
	for c.order.Len() > c.size {
		oldest := c.order.Back()
		c.order.Remove(oldest)
		delete(c.entries, oldest.Value.(*cacheEntry).key)
	}
}

// Forget drops (entity, key), e.g. after its tombstone was cleared.
func (c *Cache) Forget(entity, key string) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.entries[cacheKey(entity, key)]; ok {
		c.order.Remove(el)
		delete(c.entries, cacheKey(entity, key))
	}
}

// Len returns the number of cached keys.
func (c *Cache) Len() int {
	if c == nil {
		return 0
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.order.Len()
}
