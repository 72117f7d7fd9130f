package hardmath

import (
	"context"
	"fmt"
	"math"
	"math/cmplx"
	"regexp"
	"strings"
)

// ODE grading rule. The paper's rubric gives the small-x answer full credit
// only when it matches the reference's form, and the large-x answer full
// credit when it matches, partial credit when its values are not far off.
//
// Small x: the reference is the Taylor polynomial of y about x = 0 to some
// order (y = 1 - x^3/18). Its value at x = 0.1 cannot tell a correct answer
// from y = y(0), so the answer is compared with it as a series: at
// x = h/8, h/4 and h/2, with h the regime's evaluation point (0.1), the
// answer's distance from the reference must be at most 10% of the
// reference's departure from its value at 0, |r(x) - r(0)|. An answer with
// the same terms up to the reference's order passes (higher-order terms
// with moderate coefficients fade at these points); one that misses or
// changes a term fails, and so does y = y(0).
//
// Large x: the answer must be within 10% of the reference at the regime's
// evaluation point x_L and at 0.95 x_L and 0.9 x_L (full credit); within
// 50% at all three it gets half credit ("not far", the rubric's partial
// credit); otherwise none. Half credit needs every point too: near a
// divergence the reference changes fast, and a constant (y = y(0), y = 1)
// that crosses it at x_L alone is not "not far" from it. The points span
// 10% of x_L (not 2%): over 2% the references that grow like (x^* - x)^{1/3}
// or ^{1/2} vary by less than 10%, and a constant equal to them at x_L got
// full credit (TestConstantAtTheEvaluationPoint checks every released one).
// Points below x_L, not above it: the large-x answers diverge at x^*, just
// past x_L.

// odeSmallFractions are the points of the small-x comparison, as fractions
// of the evaluation point.
var odeSmallFractions = []float64{0.125, 0.25, 0.5}

// odeLargeFactors are the points of the large-x comparison, as factors of
// the evaluation point.
var odeLargeFactors = []float64{1, 0.95, 0.9}

// epsilonAsVar reports whether an ODE answer is to be read with \epsilon
// as the ODE's variable v. The prompt of the authors' earlier runs (their
// archive's hint for every list answer) asks for "formulas of variable
// \epsilon", so a reply that follows it writes the ODE's approximations in
// \epsilon: where the answer has \epsilon and not v, \epsilon is read as v.
// An answer with both keeps \epsilon unknown (not evaluable), never
// guessed.
func epsilonAsVar(pred, v string) bool {
	f, err := parseFormula(pred)
	if err != nil {
		return false
	}
	hasV, hasEps := false, false
	for _, name := range f.vars {
		switch strings.TrimPrefix(name, `\`) {
		case v:
			hasV = true
		case "epsilon", "varepsilon":
			hasEps = true
		}
	}
	return hasEps && !hasV
}

// odeVars binds v (and \epsilon too, when epsAsVar) to x.
func odeVars(v string, x float64, epsAsVar bool) map[string]complex128 {
	vars := map[string]complex128{v: complex(x, 0)}
	if epsAsVar {
		vars["epsilon"] = complex(x, 0)
	}
	return vars
}

// epsAsVarNote is the reason's words when \epsilon was read as x.
const epsAsVarNote = "\\epsilon read as x, as the prompt's hint asked for formulas of variable \\epsilon"

// odePartialTolerance is the relative distance, at every large-x point,
// within which an answer that misses the 10% earns half credit.
const odePartialTolerance = 0.5

func gradeODESmall(ctx context.Context, g Regime, pred string, ev Evaluator) (float64, string, partStatus) {
	if !g.HasPoint {
		return 0, "no evaluation point for this regime", stUndecided
	}
	at := func(src string, x float64) (complex128, error) {
		return ev(ctx, src, map[string]complex128{g.Var: complex(x, 0)}, true)
	}
	epsAsVar := epsilonAsVar(pred, g.Var)
	atPred := func(x float64) (complex128, error) {
		return ev(ctx, pred, odeVars(g.Var, x, epsAsVar), true)
	}
	r0, err := at(g.Refs[0], 0)
	if err != nil {
		// A removable singularity at 0 (x^3 (1/(6x) + ...)): the limit.
		r0, err = at(g.Refs[0], 1e-9*g.Point)
	}
	if err != nil {
		return 0, "reference not evaluable at 0: " + err.Error(), stUndecided
	}
	var worst float64
	var detail []string
	for _, f := range odeSmallFractions {
		x := f * g.Point
		r, err := at(g.Refs[0], x)
		if err != nil {
			return 0, "reference not evaluable: " + err.Error(), stUndecided
		}
		p, err := atPred(x)
		if err != nil {
			return 0, "answer not evaluable: " + err.Error(), stUnparsable
		}
		if cmplx.IsNaN(p) || cmplx.IsInf(p) {
			return 0, fmt.Sprintf("answer not finite at x=%g", x), stOK
		}
		scale := cmplx.Abs(r - r0)
		if scale < 1e-12*math.Max(1, cmplx.Abs(r0)) {
			scale = 1e-12 * math.Max(1, cmplx.Abs(r0))
		}
		rel := cmplx.Abs(p-r) / scale
		worst = math.Max(worst, rel)
		detail = append(detail, fmt.Sprintf("x=%g: %.8g vs %.8g", x, real(p), real(r)))
	}
	note := ""
	if g.SeriesNote != "" {
		note = "; the answer key's series " + oneLine(g.Refs[0], 60) + " is not the ODE's own: " + g.SeriesNote
	}
	if epsAsVar {
		note += "; " + epsAsVarNote
	}
	if worst <= Tolerance {
		return 1, strings.TrimPrefix(note, "; "), stOK
	}
	return 0, fmt.Sprintf("not the answer key's series: off by %.3g of its departure from y(0) (%s)%s", worst, strings.Join(detail, "; "), note), stOK
}

func gradeODELarge(ctx context.Context, g Regime, pred string, ev Evaluator) (float64, string, partStatus) {
	if !g.HasPoint {
		return 0, "no evaluation point for this regime", stUndecided
	}
	var detail []string
	full := true
	epsAsVar := epsilonAsVar(pred, g.Var)
	var worstRel float64
	for _, f := range odeLargeFactors {
		x := f * g.Point
		vars := map[string]complex128{g.Var: complex(x, 0)}
		r, err := ev(ctx, g.Refs[0], vars, true)
		if err != nil {
			return 0, "reference not evaluable: " + err.Error(), stUndecided
		}
		p, err := ev(ctx, pred, odeVars(g.Var, x, epsAsVar), true)
		if err != nil {
			return 0, "answer not evaluable: " + err.Error(), stUnparsable
		}
		rel := math.Inf(1)
		if !cmplx.IsNaN(p) && !cmplx.IsInf(p) && cmplx.Abs(r) > 0 {
			rel = cmplx.Abs(p-r) / cmplx.Abs(r)
		}
		worstRel = math.Max(worstRel, rel)
		if !within(p, r) {
			full = false
		}
		detail = append(detail, fmt.Sprintf("x=%.4g: %.6g vs %.6g", x, real(p), real(r)))
	}
	note := ""
	if epsAsVar {
		note = "; " + epsAsVarNote
	}
	if !full {
		if s, why, ok := gradeAgainstReleasedValue(ctx, g, pred, epsAsVar, ev); ok {
			return s, why + note, stOK
		}
	}
	switch {
	case full:
		return 1, strings.TrimPrefix(note, "; "), stOK
	case worstRel <= odePartialTolerance:
		return 0.5, fmt.Sprintf("half credit: within %.0f%% at every point but not within 10%% (%s)%s", 100*odePartialTolerance, strings.Join(detail, "; "), note), stOK
	}
	return 0, fmt.Sprintf("off by %.3g at worst (%s)%s", worstRel, strings.Join(detail, "; "), note), stOK
}

// gradeAgainstReleasedValue grades a large-x answer when the answer key's
// formula is not real at the points and the authors' released value at x_L
// is. Six HARDMath-mini ODEs (and their twins in the older file) give
// y = -\sqrt{2} \sqrt[4]{3} (x - x^*)^{1/2} + C with x_L < x^*, the square
// root of a negative number: C - i b s(x) with s(x) = \sqrt{x^* - x}, while
// the released value is C + b s(x_L), within 10% of the numerical solution.
// Against the complex formula the authors' own value would be 20% off. The
// real reading is taken as Re y + |Im y| or Re y - |Im y|, whichever gives
// the released value at x_L (to 1e-6), and the answer is graded against it
// at the usual points by the usual rule. ok is false where this does not
// apply.
func gradeAgainstReleasedValue(ctx context.Context, g Regime, pred string, epsAsVar bool, ev Evaluator) (float64, string, bool) {
	if g.Analytical == "" {
		return 0, "", false
	}
	a, err := ev(ctx, g.Analytical, nil, true)
	if err != nil || math.Abs(imag(a)) > 1e-12*cmplx.Abs(a) || a == 0 {
		return 0, "", false
	}
	refs := make([]complex128, len(odeLargeFactors))
	for i, f := range odeLargeFactors {
		r, err := ev(ctx, g.Refs[0], map[string]complex128{g.Var: complex(f*g.Point, 0)}, true)
		if err != nil {
			return 0, "", false
		}
		refs[i] = r
	}
	if math.Abs(imag(refs[0])) <= 1e-9*cmplx.Abs(refs[0]) {
		return 0, "", false // the formula is real: graded as it stands
	}
	sign := 0.0
	for _, s := range []float64{1, -1} {
		if v := real(refs[0]) + s*math.Abs(imag(refs[0])); math.Abs(v-real(a)) <= 1e-6*math.Abs(real(a)) {
			sign = s
		}
	}
	if sign == 0 {
		return 0, "", false
	}
	worst := 0.0
	var detail []string
	for i, f := range odeLargeFactors {
		x := f * g.Point
		want := real(refs[i]) + sign*math.Abs(imag(refs[i]))
		p, err := ev(ctx, pred, odeVars(g.Var, x, epsAsVar), true)
		if err != nil {
			return 0, "", false
		}
		rel := math.Inf(1)
		if !cmplx.IsNaN(p) && !cmplx.IsInf(p) && want != 0 {
			rel = cmplx.Abs(p-complex(want, 0)) / math.Abs(want)
		}
		worst = math.Max(worst, rel)
		detail = append(detail, fmt.Sprintf("x=%.4g: %.6g vs %.6g", x, real(p), want))
	}
	why := fmt.Sprintf("the answer key's formula is not real here (%s at x=%.4g); graded against its real reading Re y %s |Im y|, which gives the released value %.6g at x_L (%s)",
		fmtC(refs[0]), g.Point, map[float64]string{1: "+", -1: "-"}[sign], real(a), strings.Join(detail, "; "))
	switch {
	case worst <= Tolerance:
		return 1, why, true
	case worst <= odePartialTolerance:
		return 0.5, "half credit: within 50% at every point but not within 10%: " + why, true
	}
	return 0, why, true
}

var odeOrderRe = regexp.MustCompile(`[+-]\s*(?:\\mathcal\{O\}|O)\s*(?:\\left)?\s*\(.*$`)

// cleanODEAnswer drops an order term ("+ O(x^4)") and a "y(x) =" or
// "y \approx" head.
func cleanODEAnswer(s string) string {
	s = odeOrderRe.ReplaceAllString(s, "")
	return cleanAnswer(s)
}
