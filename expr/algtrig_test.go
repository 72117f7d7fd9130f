package expr

import (
	"context"
	"errors"
	"math"
	"math/big"
	"testing"
)

// algFloat is the value of a field element, from its terms: the check
// below compares it with the math package, a source independent of the
// tables in alg.go.
func algFloat(a *Alg) (re, im float64) {
	for k, c := range a.terms {
		r := a.rads[k]
		f, _ := c.Float64()
		n, _ := new(big.Float).SetInt(r.n).Float64()
		v := f * math.Sqrt(n)
		if r.i {
			im += v
		} else {
			re += v
		}
	}
	return re, im
}

// Every value algTrig gives at a multiple of pi/120 (covering the pi/12,
// pi/10 and pi/8 tables) is the math package's value, and the values it
// declines (sin 36°, cos 22.5°, tan 36°) are exactly those of the
// multiples it has no table for.
func TestAlgTrigValues(t *testing.T) {
	got := 0
	for _, fn := range []string{"sin", "cos", "tan"} {
		for m := int64(-240); m <= 240; m++ {
			arg := &Mul{Factors: []Node{&Num{V: big.NewRat(m, 120)}, &Sym{Name: Pi}}}
			a, err := Algebraic(context.Background(), &Call{Fn: fn, Args: []Node{arg}}, Limits{})
			x := float64(m) * math.Pi / 120
			var want float64
			switch fn {
			case "sin":
				want = math.Sin(x)
			case "cos":
				want = math.Cos(x)
			default:
				want = math.Tan(x)
			}
			// the tables: every multiple of pi/12; cos at even and sin
			// at odd multiples of pi/10; tan at odd multiples of pi/8
			j := m / 12 // m is j pi/10 when m%12 == 0
			inTable := m%10 == 0 ||
				(m%12 == 0 && fn == "cos" && j%2 == 0) || (m%12 == 0 && fn == "sin" && j%2 != 0) ||
				(m%15 == 0 && fn == "tan" && (m/15)%2 != 0)
			if fn == "tan" && math.Abs(math.Cos(x)) < 1e-9 {
				if err == nil || errors.Is(err, ErrNotAlgebraic) {
					t.Errorf("tan(%d pi/120): %v, want a domain error", m, err)
				}
				continue
			}
			if err != nil {
				if inTable {
					t.Errorf("%s(%d pi/120): %v, want a value", fn, m, err)
				} else if !errors.Is(err, ErrNotAlgebraic) {
					t.Errorf("%s(%d pi/120): %v", fn, m, err)
				}
				continue
			}
			if !inTable {
				t.Errorf("%s(%d pi/120) = %v: no table has it", fn, m, a)
			}
			re, im := algFloat(a)
			if math.Abs(re-want) > 1e-12*math.Max(1, math.Abs(want)) || im != 0 {
				t.Errorf("%s(%d pi/120) = %v = %g%+gi, want %g", fn, m, a, re, im, want)
			}
			got++
		}
	}
	if got < 150 {
		t.Errorf("only %d values checked", got)
	}
}
