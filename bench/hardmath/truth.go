package hardmath

import (
	"context"
	"fmt"
	"math"
	"math/cmplx"
	"time"
)

// truthTimeout bounds the quadratures of one traditional integral.
const truthTimeout = 5 * time.Second

// withIntegralTruth computes, for each regime of a traditional integral
// 1/(epsilon + P(x)) with an evaluation point, the integral's value there
// by quadrature from the question, and how far the released answer is from
// it. Regimes whose quadrature fails keep no truth and are graded against
// the released answer as before.
func withIntegralTruth(ctx context.Context, ref Reference, question string) Reference {
	ip, err := ParseEpsIntegral(question)
	if err != nil {
		return ref
	}
	regs := make([]Regime, len(ref.Regimes))
	copy(regs, ref.Regimes)
	for i := range regs {
		g := &regs[i]
		if !g.HasPoint {
			continue
		}
		v, err := ip.Numerical(ctx, g.Point)
		if err != nil || v <= 0 || math.IsInf(v, 0) || math.IsNaN(v) {
			continue
		}
		g.Truth, g.HasTruth = v, true
		if r, err := defaultEvaluator(ctx, g.Refs[0], map[string]complex128{g.Var: complex(g.Point, 0)}, true); err == nil {
			if off := cmplx.Abs(r-complex(v, 0)) / v; off > Tolerance {
				g.RefOff = off
			}
		}
	}
	ref.Regimes = regs
	return ref
}

// gradeAgainstTruth grades a formula by its value at the regime's point
// against the numerical truth (within 10%), and says how the released
// answer fares when it is off.
func gradeAgainstTruth(ctx context.Context, g Regime, pred string, ev Evaluator) (float64, string, partStatus) {
	vars := map[string]complex128{g.Var: complex(g.Point, 0)}
	p, err := ev(ctx, pred, vars, true)
	if err != nil {
		return 0, "answer not evaluable: " + err.Error(), stUnparsable
	}
	note := ""
	if g.RefOff > 0 {
		note = fmt.Sprintf("; the released answer %s is off the numerical value by %.3g here", oneLine(g.Refs[0], 80), g.RefOff)
	}
	truth := complex(g.Truth, 0)
	if within(p, truth) {
		if note != "" {
			return 1, fmt.Sprintf("%.6g matches the numerical value %.6g at %s=%.4g%s", real(p), g.Truth, g.Var, g.Point, note), stOK
		}
		return 1, "", stOK
	}
	return 0, fmt.Sprintf("%.6g vs numerical value %.6g at %s=%.4g%s", real(p), g.Truth, g.Var, g.Point, note), stOK
}
