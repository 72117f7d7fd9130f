package run

import (
	"strings"
	"testing"
	"testing/synctest"
	"time"
)

// The progress line shows the spend against --max-cost, and its rate
// counts from the first reply: one reply after a slow start is not "0
// samples/hr", and the start's wait does not dilute later rates.
func TestProgressRateAndSpend(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		spent := 0.0
		p := newProgress(nil, ProgressOff, 0, 100, 0, 0, 0, func() (float64, float64, bool) { return spent, 5, true })
		if s := p.status(); !strings.Contains(s, "rate n/a") || !strings.Contains(s, "$0 of $5 (0%)") {
			t.Errorf("before any reply: %q", s)
		}
		time.Sleep(30 * time.Second) // the server check and the first reply's latency
		p.add(true, false)
		spent = 1.25
		if s := p.status(); !strings.Contains(s, "2.0 samples/min") || !strings.Contains(s, "$1.25 of $5 (25%)") {
			t.Errorf("after one reply: %q", s)
		}
		for range 10 {
			time.Sleep(time.Second)
			p.add(false, false)
		}
		if s := p.status(); !strings.Contains(s, "1.0 samples/s") {
			t.Errorf("after ten more, one a second: %q", s)
		}
		unpriced := newProgress(nil, ProgressOff, 0, 1, 0, 0, 0, func() (float64, float64, bool) { return 0, 0, false })
		if s := unpriced.status(); strings.Contains(s, "$") {
			t.Errorf("no price, yet a spend: %q", s)
		}
	})
}
