package expr

import (
	"context"
	"errors"
	"testing"
	"time"
)

// TestPowLimitNoOverflow: an exponent near 2^63 times the bits of the base
// overflowed int64 in the size check, which then let big.Int.Exp run for
// minutes (found by FuzzCompare: 2^{100^9_^9}). It must fail fast with
// ErrLimit.
func TestPowLimitNoOverflow(t *testing.T) {
	for _, c := range []struct{ base, exp int64 }{
		{2, 1<<62 + 1}, // 2 bits * (2^62+1) wraps to a negative product
		{1 << 40, 9_000_000_000_000_000_000},
		{3, -(1<<62 + 1)},
	} {
		n := &Pow{Base: Int(c.base), Exp: Int(c.exp)}
		st := time.Now()
		_, err := Rational(context.Background(), n, Limits{})
		if !errors.Is(err, ErrLimit) {
			t.Errorf("Rational(%d^%d) error %v, want ErrLimit", c.base, c.exp, err)
		}
		if el := time.Since(st); el > time.Second {
			t.Errorf("Rational(%d^%d) took %v", c.base, c.exp, el)
		}
	}
}
