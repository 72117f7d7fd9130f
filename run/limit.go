package run

import (
	"context"
	"math/rand/v2"
	"sync"
	"time"
)

// bucket is a token bucket that may go into debt. Requests-per-minute
// limits take one token before each request; tokens-per-minute limits wait
// for a non-negative level before a request and charge the tokens the
// response reports after it, since a request's size is known only then.
type bucket struct {
	mu    sync.Mutex
	rate  float64 // tokens per second
	burst float64
	level float64
	last  time.Time
}

// newBucket returns a bucket refilled at perMinute/60 per second holding at
// most one second's worth (at least one), so that a limit is spread evenly
// instead of spent in a burst at the start of each minute. nil when
// perMinute <= 0 (no limit).
func newBucket(perMinute float64) *bucket {
	if perMinute <= 0 {
		return nil
	}
	rate := perMinute / 60
	burst := rate
	if burst < 1 {
		burst = 1
	}
	return &bucket{rate: rate, burst: burst, level: burst, last: time.Now()}
}

func (b *bucket) refill(now time.Time) {
	b.level += now.Sub(b.last).Seconds() * b.rate
	if b.level > b.burst {
		b.level = b.burst
	}
	b.last = now
}

// acquire waits until the level reaches need, then takes take.
func (b *bucket) acquire(ctx context.Context, need, take float64) error {
	if b == nil {
		return nil
	}
	for {
		b.mu.Lock()
		b.refill(time.Now())
		if b.level >= need {
			b.level -= take
			b.mu.Unlock()
			return nil
		}
		wait := time.Duration((need - b.level) / b.rate * float64(time.Second))
		b.mu.Unlock()
		if wait < time.Millisecond {
			wait = time.Millisecond
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
	}
}

// charge takes n tokens, going into debt if need be.
func (b *bucket) charge(n float64) {
	if b == nil || n <= 0 {
		return
	}
	b.mu.Lock()
	b.refill(time.Now())
	b.level -= n
	b.mu.Unlock()
}

// maxRetryAfter caps how long a server's Retry-After is obeyed, so that a
// misconfigured server cannot park a run for hours.
const maxRetryAfter = 5 * time.Minute

// backoff is the wait before retry number attempt (0-based): exponential
// from base, capped at max, with jitter over its upper half so that
// synchronised failures do not retry in lockstep; a longer Retry-After
// from the server wins (up to maxRetryAfter).
func backoff(attempt int, base, max, retryAfter time.Duration) time.Duration {
	d := base
	for i := 0; i < attempt && d < max; i++ {
		d *= 2
	}
	if d > max {
		d = max
	}
	if d > 1 {
		d = d/2 + time.Duration(rand.Int64N(int64(d/2)+1))
	}
	if retryAfter > maxRetryAfter {
		retryAfter = maxRetryAfter
	}
	if retryAfter > d {
		d = retryAfter
	}
	return d
}

// sleep waits d or until ctx ends.
func sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
