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
// evaluation point x_L and at 0.99 x_L and 0.98 x_L (full credit); within
// 50% at all three it gets half credit ("not far", the rubric's partial
// credit); otherwise none. Half credit needs every point too: near a
// divergence the reference changes fast, and a constant (y = y(0), y = 1)
// that crosses it at x_L alone is not "not far" from it.

// odeSmallFractions are the points of the small-x comparison, as fractions
// of the evaluation point.
var odeSmallFractions = []float64{0.125, 0.25, 0.5}

// odeLargeFactors are the points of the large-x comparison, as factors of
// the evaluation point.
var odeLargeFactors = []float64{1, 0.99, 0.98}

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
	switch {
	case full:
		return 1, strings.TrimPrefix(note, "; "), stOK
	case worstRel <= odePartialTolerance:
		return 0.5, fmt.Sprintf("half credit: within %.0f%% at every point but not within 10%% (%s)%s", 100*odePartialTolerance, strings.Join(detail, "; "), note), stOK
	}
	return 0, fmt.Sprintf("off by %.3g at worst (%s)%s", worstRel, strings.Join(detail, "; "), note), stOK
}

var odeOrderRe = regexp.MustCompile(`[+-]\s*(?:\\mathcal\{O\}|O)\s*(?:\\left)?\s*\(.*$`)

// cleanODEAnswer drops an order term ("+ O(x^4)") and a "y(x) =" or
// "y \approx" head.
func cleanODEAnswer(s string) string {
	s = odeOrderRe.ReplaceAllString(s, "")
	return cleanAnswer(s)
}
