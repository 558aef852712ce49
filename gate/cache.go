package gate

import (
	"container/list"
	"crypto/sha256"
	"sync"
	"time"
)

type verdict struct {
	allow  bool
	reason string
}

type cacheEntry struct {
	key     [sha256.Size]byte
	v       verdict
	expires time.Time
}

// verdictCache is a mutex-guarded LRU with a TTL per entry.
type verdictCache struct {
	mu    sync.Mutex
	size  int
	ttl   time.Duration
	now   func() time.Time
	order *list.List // front: most recently used
	items map[[sha256.Size]byte]*list.Element
}

func newVerdictCache(size int, ttl time.Duration, now func() time.Time) *verdictCache {
	return &verdictCache{size: size, ttl: ttl, now: now, order: list.New(), items: make(map[[sha256.Size]byte]*list.Element)}
}

func (c *verdictCache) get(k [sha256.Size]byte) (verdict, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.items[k]
	if !ok {
		return verdict{}, false
	}
	e := el.Value.(*cacheEntry)
	if !c.now().Before(e.expires) {
		c.order.Remove(el)
		delete(c.items, k)
		return verdict{}, false
	}
	c.order.MoveToFront(el)
	return e.v, true
}

func (c *verdictCache) put(k [sha256.Size]byte, v verdict) {
	c.mu.Lock()
	defer c.mu.Unlock()
	exp := c.now().Add(c.ttl)
	if el, ok := c.items[k]; ok {
		e := el.Value.(*cacheEntry)
		e.v, e.expires = v, exp
		c.order.MoveToFront(el)
		return
	}
	c.items[k] = c.order.PushFront(&cacheEntry{key: k, v: v, expires: exp})
	for c.order.Len() > c.size {
		last := c.order.Back()
		c.order.Remove(last)
		delete(c.items, last.Value.(*cacheEntry).key)
	}
}

func (c *verdictCache) len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.order.Len()
}
