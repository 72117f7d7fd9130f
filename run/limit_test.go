package run

import (
	"context"
	"testing"
	"testing/synctest"
	"time"
)

func TestBackoffBoundsAndRetryAfter(t *testing.T) {
	base, maxd := 100*time.Millisecond, time.Second
	for attempt := range 10 {
		want := base << attempt
		if want > maxd {
			want = maxd
		}
		for range 50 {
			d := backoff(attempt, base, maxd, 0)
			if d < want/2 || d > want {
				t.Fatalf("attempt %d: %v outside [%v, %v]", attempt, d, want/2, want)
			}
		}
	}
	if d := backoff(0, base, maxd, 3*time.Second); d != 3*time.Second {
		t.Errorf("Retry-After 3s gave %v", d)
	}
	if d := backoff(0, base, maxd, time.Hour); d != maxRetryAfter {
		t.Errorf("Retry-After 1h gave %v, want the cap %v", d, maxRetryAfter)
	}
}

func TestBucketTokensPerMinute(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		b := newBucket(6000) // 100 tokens a second, burst 100
		ctx := context.Background()
		if err := b.acquire(ctx, 0, 0); err != nil {
			t.Fatal(err)
		}
		b.charge(120) // a response bigger than the burst puts it in debt
		t0 := time.Now()
		if err := b.acquire(ctx, 0, 0); err != nil {
			t.Fatal(err)
		}
		if d := time.Since(t0); d != 200*time.Millisecond {
			t.Errorf("waited %v to pay off a debt of 20 tokens at 100/s, want 200ms", d)
		}
	})
	b := newBucket(6000)
	ctx := context.Background()
	ctx2, cancel := context.WithCancel(ctx)
	b.charge(1e6)
	cancel()
	if err := b.acquire(ctx2, 0, 0); err == nil {
		t.Error("acquire ignored a cancelled context")
	}
	if newBucket(0) != nil {
		t.Error("a zero limit made a bucket")
	}
	var nb *bucket
	if nb.acquire(ctx, 1, 1) != nil {
		t.Error("no limit blocked")
	}
}

func TestQueuePushWhileBusy(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		q := newQueue([]unit{{item: 0, n: 2}})
		u, ok := q.pop()
		if !ok || u.n != 2 {
			t.Fatal(u, ok)
		}
		got := make(chan unit)
		go func() {
			v, ok := q.pop() // must wait: a unit is still active and may push
			if ok {
				got <- v
				q.done()
			}
			close(got)
		}()
		synctest.Wait() // the second pop is blocked
		q.push(unit{item: 0, sample: 1, n: 1})
		q.done()
		if v := <-got; v.sample != 1 {
			t.Fatalf("popped %+v", v)
		}
		if _, ok := q.pop(); ok {
			t.Fatal("pop after all done returned a unit")
		}
	})
}
