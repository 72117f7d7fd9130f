package model

import (
	"context"
	"sync"
)

// DefaultBodyBudget bounds the memory that response bodies in flight may
// hold at once, over every request of the process (model and judge
// alike): 512 MiB. Each body reserves its share before it is read and
// gives it back once it is parsed; a request that cannot reserve waits
// (under its deadline) instead of reading. With the per-body cap of 64 MiB
// this keeps a run at any concurrency against a server sending huge bodies
// within the budget plus the Go runtime's collection slack (about as much
// again, GOGC=100) and the replies themselves, which the run keeps.
const DefaultBodyBudget = 512 << 20

// Reading a body of n bytes costs more than n: the buffer grows by
// doubling (the old and the new one live during the copy), and parsing
// copies the text out of it. A known length is read into one buffer of
// that size.
const (
	costKnown   = 2 // bytes reserved per byte of a body of known length
	costGrowing = 3 // per byte of buffer capacity, for a body read as it comes
)

var processBudget = newBudget(DefaultBodyBudget)

// budget is a counting semaphore of bytes.
type budget struct {
	mu   sync.Mutex
	cond *sync.Cond
	size int64
	used int64
	peak int64 // most bytes reserved at once (for tests and measurements)
}

func newBudget(size int64) *budget {
	b := &budget{size: size}
	b.cond = sync.NewCond(&b.mu)
	return b
}

// acquire reserves n bytes (at most the whole budget), waiting while they
// are not free, until ctx ends.
func (b *budget) acquire(ctx context.Context, n int64) (int64, error) {
	n = min(n, b.size)
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.used+n > b.size {
		stop := context.AfterFunc(ctx, func() {
			b.mu.Lock()
			b.cond.Broadcast()
			b.mu.Unlock()
		})
		defer stop()
		for b.used+n > b.size {
			if err := ctx.Err(); err != nil {
				return 0, err
			}
			b.cond.Wait()
		}
	}
	b.take(n)
	return n, nil
}

// tryAcquire reserves n bytes if they are free now.
func (b *budget) tryAcquire(n int64) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.used+n > b.size {
		return false
	}
	b.take(n)
	return true
}

func (b *budget) take(n int64) {
	b.used += n
	b.peak = max(b.peak, b.used)
}

func (b *budget) release(n int64) {
	if n <= 0 {
		return
	}
	b.mu.Lock()
	b.used -= n
	b.cond.Broadcast()
	b.mu.Unlock()
}

// hold is one body's reservation.
type hold struct {
	b    *budget
	n    int64
	full int64 // the most this body can need: its reservation when growing fails
}

// grow makes the reservation at least want bytes. It first tries to add
// what is missing; when that is not free it gives back everything and
// waits for the body's full worst case, so that no request waits while
// holding a part of the budget (two half-read bodies waiting for each
// other would never finish).
func (h *hold) grow(ctx context.Context, want int64) error {
	if want <= h.n || h.n >= h.b.size {
		return nil
	}
	if h.b.tryAcquire(want - h.n) {
		h.n = want
		return nil
	}
	h.b.release(h.n)
	h.n = 0
	n, err := h.b.acquire(ctx, max(h.full, want))
	h.n = n
	return err
}

func (h *hold) release() {
	h.b.release(h.n)
	h.n = 0
}
