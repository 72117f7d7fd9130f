package run

import (
	"context"
	"sync"
	"time"
)

// pool hands out request slots on the servers: at most conc requests in
// flight per server. A request takes a slot on any server for each attempt,
// so the servers share one stream of work (a faster server frees its slots
// sooner and so takes more). After a failure, the retry goes to another
// server when there is one, and the failing server is avoided by everyone
// ("cooling") for a time that doubles with each consecutive failure, while
// another server can take the work; one success makes it healthy again.
type pool struct {
	mu    sync.Mutex
	cond  *sync.Cond
	free  []int
	fails []int       // consecutive failures
	until []time.Time // cooling until
	// paused[s]: no request goes to server s before this time. A 429 pauses
	// its server for every worker at once, so that a burst of rate limits
	// costs one wait, not one failed attempt per worker (a cooling server
	// is merely avoided; a paused one is not used at all).
	paused []time.Time
	limits []int // pauses in a row of each server (a success resets it)
}

func newPool(servers, conc int) *pool {
	p := &pool{free: make([]int, servers), fails: make([]int, servers), until: make([]time.Time, servers),
		paused: make([]time.Time, servers), limits: make([]int, servers)}
	for i := range p.free {
		p.free[i] = conc
	}
	p.cond = sync.NewCond(&p.mu)
	return p
}

// wake makes waiting callers look again when ctx ends.
func (p *pool) wake(ctx context.Context) (stop func() bool) {
	return context.AfterFunc(ctx, func() {
		p.mu.Lock()
		p.cond.Broadcast()
		p.mu.Unlock()
	})
}

// acquire takes a slot. Servers in avoid (those that already failed this
// request) are not used unless every server is in it. Among the others it
// prefers a server that is not cooling, then fewer consecutive failures,
// then more free slots; a cooling server is used only when all the usable
// ones are cooling. It waits while no usable server has a free slot.
func (p *pool) acquire(ctx context.Context, avoid []bool) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	allAvoided := true
	for i := range p.free {
		if i >= len(avoid) || !avoid[i] {
			allAvoided = false
		}
	}
	usable := func(i int) bool { return allAvoided || i >= len(avoid) || !avoid[i] }
	for {
		if err := ctx.Err(); err != nil {
			return -1, err
		}
		now := time.Now()
		best, bestCooling, allCooling := -1, false, true
		for i, f := range p.free {
			if !usable(i) || now.Before(p.paused[i]) {
				continue
			}
			cooling := now.Before(p.until[i])
			if !cooling {
				allCooling = false
			}
			if f == 0 {
				continue
			}
			better := best < 0 ||
				(bestCooling && !cooling) ||
				(bestCooling == cooling && (p.fails[i] < p.fails[best] || (p.fails[i] == p.fails[best] && f > p.free[best])))
			if better {
				best, bestCooling = i, cooling
			}
		}
		if best >= 0 && (!bestCooling || allCooling) {
			p.free[best]--
			return best, nil
		}
		p.cond.Wait()
	}
}

// rateLimit pauses server s after a 429, for every worker at once, and
// returns how long. The pause is the server's Retry-After when it sent
// one (it said when to come back), else a backoff that doubles with each
// pause in a row. A 429 that arrives during a pause (a request sent
// before it began) adds no round; it only lengthens the pause to its own
// Retry-After. Workers waiting in acquire are woken when the pause ends.
func (p *pool) rateLimit(s int, retryAfter, base, maxWait time.Duration) time.Duration {
	p.mu.Lock()
	defer p.mu.Unlock()
	now := time.Now()
	retryAfter = min(retryAfter, maxRetryAfter)
	var d time.Duration
	switch {
	case now.Before(p.paused[s]):
		if retryAfter <= p.paused[s].Sub(now) {
			return p.paused[s].Sub(now)
		}
		d = retryAfter
	case retryAfter > 0:
		p.limits[s]++
		d = retryAfter
	default:
		p.limits[s]++
		d = backoff(p.limits[s]-1, base, maxWait, 0)
	}
	p.paused[s] = now.Add(d)
	time.AfterFunc(d, func() {
		p.mu.Lock()
		p.cond.Broadcast()
		p.mu.Unlock()
	})
	return d
}

// served marks a success of server s: its rate-limit rounds start again.
func (p *pool) served(s int) {
	p.mu.Lock()
	p.limits[s] = 0
	p.mu.Unlock()
}

// release gives a slot back. failed marks the server cooling for d times
// 2^(consecutive failures - 1), at most 64 d; a success ends its cooling.
func (p *pool) release(s int, failed bool, d time.Duration) {
	p.mu.Lock()
	p.free[s]++
	if failed {
		p.fails[s]++
		cool := d << min(p.fails[s]-1, 6)
		if t := time.Now().Add(cool); t.After(p.until[s]) {
			p.until[s] = t
		}
	} else {
		p.fails[s] = 0
		p.until[s] = time.Time{}
	}
	p.mu.Unlock()
	// Broadcast, not Signal: a waiter that cannot use this server must not
	// swallow the only wake-up.
	p.cond.Broadcast()
}
