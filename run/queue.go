package run

import "sync"

// unit is one request to make: N samples of one item from Sample on.
type unit struct {
	item   int
	sample int
	n      int
}

// queue is the work shared by every worker of every server. Workers take
// the next unit when they are free, so a fast server takes more of the work
// than a slow one (work stealing without per-server queues to balance). A
// worker may push units back (the samples a server did not return for an
// n>1 request), so pop waits while others are busy rather than ending.
type queue struct {
	mu     sync.Mutex
	cond   *sync.Cond
	units  []unit
	head   int
	active int
}

func newQueue(units []unit) *queue {
	q := &queue{units: units}
	q.cond = sync.NewCond(&q.mu)
	return q
}

// pop returns the next unit, or false when no unit is left and none can come.
func (q *queue) pop() (unit, bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	for q.head == len(q.units) && q.active > 0 {
		q.cond.Wait()
	}
	if q.head == len(q.units) {
		return unit{}, false
	}
	u := q.units[q.head]
	q.head++
	q.active++
	return u, true
}

// push adds a unit; only a worker holding a unit may call it.
func (q *queue) push(u unit) {
	q.mu.Lock()
	q.units = append(q.units, u)
	q.mu.Unlock()
	q.cond.Signal()
}

// done marks a popped unit finished.
func (q *queue) done() {
	q.mu.Lock()
	q.active--
	last := q.active == 0 && q.head == len(q.units)
	q.mu.Unlock()
	if last {
		q.cond.Broadcast()
	}
}
