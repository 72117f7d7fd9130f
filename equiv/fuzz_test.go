package equiv

import (
	"context"
	"strings"
	"testing"
	"time"
)

// FuzzCompare: Compare never panics, always gives a reason, respects its
// deadline, and an answer always equals itself.
func FuzzCompare(f *testing.F) {
	for _, p := range [][2]string{{"\\frac{1}{2}", "0.5"}, {"x^2-1", "(x-1)(x+1)"}, {"[0,1)", "(0,1]"}, {"\\pm 2", "\\{2,-2\\}"},
		{"\\frac{1}{2004!}", "\\frac{1}{2006!}"}, {"y=2x", "2x-y=0"}, {"2^{10^9}", "2^{10^9}+1"},
		{"(-\\infty,-2)\\cup(2,\\infty)", "\\{x \\mid x^2>4\\}"}, {"g(2)", "2g"}, {"1000.99", "1000,99"}} {
		f.Add(p[0], p[1])
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		st := time.Now()
		r := Compare(context.Background(), a, b, Options{Timeout: 20 * time.Millisecond})
		if el := time.Since(st); el > 2*time.Second {
			t.Fatalf("Compare(context.Background(), %.200q, %.200q) took %v", a, b, el)
		}
		if r.Reason == "" {
			t.Fatalf("Compare(context.Background(), %.200q, %.200q): no reason", a, b)
		}
		if strings.HasPrefix(r.Reason, "internal error") {
			t.Fatalf("Compare(context.Background(), %.200q, %.200q): %s", a, b, r.Reason)
		}
		if r.Outcome < Equal || r.Outcome > Unparsable {
			t.Fatalf("bad outcome %d", r.Outcome)
		}
		if r := Compare(context.Background(), a, b, Options{Timeout: 20 * time.Millisecond, DecimalComma: true}); strings.HasPrefix(r.Reason, "internal error") {
			t.Fatalf("Compare(context.Background(), %.200q, %.200q, DecimalComma): %s", a, b, r.Reason)
		}
		if self := Compare(context.Background(), a, a, Options{Timeout: 20 * time.Millisecond}); self.Outcome == NotEqual {
			t.Fatalf("Compare(context.Background(), %.200q, itself) = %v", a, self)
		}
	})
}
