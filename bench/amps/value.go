package amps

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/matheval/matheval/expr"
)

// sameValue checks that two answer trees have the same shape and that
// their scalars have the same values: exactly when both are rational,
// otherwise by package expr's evaluator (48 bits) at a fixed point for the
// variables. It is the check that the LaTeX
// printed for an answer says what cas computed: a refutation test, used on
// generated data only, never to grade a reply.
func sameValue(a, b expr.Node) error {
	switch x := a.(type) {
	case *expr.List:
		y, ok := b.(*expr.List)
		if !ok {
			return shapeErr(a, b)
		}
		return sameItems(x.Items, y.Items)
	case *expr.Tuple:
		y, ok := b.(*expr.Tuple)
		if !ok || x.Open != y.Open || x.Close != y.Close {
			return shapeErr(a, b)
		}
		return sameItems(x.Items, y.Items)
	case *expr.Set:
		y, ok := b.(*expr.Set)
		if !ok {
			return shapeErr(a, b)
		}
		return sameItems(x.Items, y.Items)
	case *expr.SetOp:
		y, ok := b.(*expr.SetOp)
		if !ok || x.Op != y.Op {
			return shapeErr(a, b)
		}
		return sameItems(x.Args, y.Args)
	case *expr.Matrix:
		y, ok := b.(*expr.Matrix)
		if !ok || len(x.Rows) != len(y.Rows) {
			return shapeErr(a, b)
		}
		for i := range x.Rows {
			if err := sameItems(x.Rows[i], y.Rows[i]); err != nil {
				return err
			}
		}
		return nil
	case *expr.Rel:
		y, ok := b.(*expr.Rel)
		if !ok || strings.Join(x.Ops, ",") != strings.Join(y.Ops, ",") {
			return shapeErr(a, b)
		}
		return sameItems(x.Sides, y.Sides)
	case *expr.Text:
		y, ok := b.(*expr.Text)
		if !ok || !strings.EqualFold(strings.TrimSpace(x.S), strings.TrimSpace(y.S)) {
			return shapeErr(a, b)
		}
		return nil
	}
	if !expr.IsScalar(b) {
		return shapeErr(a, b)
	}
	return sameScalar(a, b)
}

func shapeErr(a, b expr.Node) error {
	return fmt.Errorf("%s and %s differ in shape", a, b)
}

func sameItems(a, b []expr.Node) error {
	if len(a) != len(b) {
		return fmt.Errorf("%d items against %d", len(a), len(b))
	}
	for i := range a {
		if err := sameValue(a[i], b[i]); err != nil {
			return err
		}
	}
	return nil
}

// probePoints are the variables' values for the printer check: irrational
// looking, positive, away from the usual singularities.
var probePoints = []map[string]float64{
	{"x": 0.7303, "y": 1.1789, "z": 0.4127, "t": 0.8813, "u": 0.6271, "n": 0.5557},
	{"x": 1.3917, "y": 0.6733, "z": 1.2279, "t": 0.3391, "u": 1.4813, "n": 1.7077},
}

func sameScalar(a, b expr.Node) error {
	vars := expr.FreeVars(a)
	for v := range expr.FreeVars(b) {
		vars[v] = true
	}
	ctx, cancel := context.WithTimeout(context.Background(), evalDeadline)
	defer cancel()
	if len(vars) == 0 {
		// rational values compare exactly (and faster than evaluating)
		ra, ea := expr.Rational(ctx, a, expr.Limits{})
		rb, eb := expr.Rational(ctx, b, expr.Limits{})
		if errors.Is(ea, expr.ErrDeadline) || errors.Is(eb, expr.ErrDeadline) {
			return fmt.Errorf("%w: evaluating %s", ErrOverloaded, a)
		}
		if ea == nil && eb == nil {
			if ra.Cmp(rb) != 0 {
				return fmt.Errorf("%s = %s but %s = %s", a, ra.RatString(), b, rb.RatString())
			}
			return nil
		}
	}
	evaluated := 0
	for _, pt := range probePoints {
		env := map[string]*big.Rat{}
		for v := range vars {
			val, ok := pt[v]
			if !ok {
				return fmt.Errorf("no probe value for the variable %s", v)
			}
			env[v] = new(big.Rat).SetFloat64(val)
		}
		va, ea := expr.Eval(ctx, a, 48, env, expr.EvalOptions{})
		vb, eb := expr.Eval(ctx, b, 48, env, expr.EvalOptions{})
		if errors.Is(ea, expr.ErrDeadline) || errors.Is(eb, expr.ErrDeadline) {
			return fmt.Errorf("%w: evaluating %s", ErrOverloaded, a)
		}
		if (ea == nil) != (eb == nil) {
			return fmt.Errorf("%s and %s: one evaluates, the other not (%v, %v)", a, b, ea, eb)
		}
		if ea != nil {
			continue
		}
		evaluated++
		if !closeC(va, vb) {
			return fmt.Errorf("%s = %s but %s = %s", a, va, b, vb)
		}
		// one point where both sides evaluate is enough to catch a
		// misprinted answer (a second is tried only when the first is
		// outside the domain)
		break
	}
	if evaluated == 0 {
		// values that do not evaluate (infinite interval ends) must be
		// the same tree
		if expr.Key(a) == expr.Key(b) {
			return nil
		}
		return errors.New("neither side evaluates at the probe points")
	}
	return nil
}

// evalDeadline bounds the printer check of one value. It is far above what
// an answer takes (microseconds); reaching it means the machine is starved,
// and the problem is not dropped for it (see ErrOverloaded).
const evalDeadline = 10 * time.Second

// closeC compares two complex values to a relative 1e-11 (48-bit
// evaluation: a misprinted answer is off by far more).
func closeC(a, b expr.Complex) bool {
	d := func(x, y *big.Float) *big.Float { return new(big.Float).Sub(x, y) }
	re, im := d(a.Re, b.Re), d(a.Im, b.Im)
	mag := new(big.Float).Abs(a.Re)
	mag.Add(mag, new(big.Float).Abs(a.Im))
	if mag.Cmp(big.NewFloat(1)) < 0 {
		mag = big.NewFloat(1)
	}
	tol := new(big.Float).Mul(mag, big.NewFloat(1e-11))
	return new(big.Float).Abs(re).Cmp(tol) <= 0 && new(big.Float).Abs(im).Cmp(tol) <= 0
}
