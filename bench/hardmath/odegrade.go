package hardmath

import (
	"context"
	"fmt"
	"math"
	"math/cmplx"
	"slices"
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
// answer's distance from the reference, relative to the reference's
// departure from its value at 0, |r(x) - r(0)|, must be at most 1% at h/8
// and 10% at all three (see odeSmallTolerance). An answer with the same
// terms up to the reference's order passes (higher-order terms with
// moderate coefficients fade at these points); one that misses or changes
// a term fails, and so does y = y(0).
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

// odeSmallTolerance is the small-x distance allowed at the point nearest
// 0, relative to the reference's departure from y(0). The rubric gives
// small x full credit "only if it matches the formula in the answer key
// exactly": 1% lets a coefficient through written as a decimal to three
// significant digits (0.0833 for 1/12), and not a different coefficient.
// With 10% there, a reply 1 - 41x^3/48 matched a key 1 - 5x^3/6 (2.5%
// apart), and 1 - x^3/11 a key 1 - x^3/12; the authors' judge denied
// small-x credit to 12 of the 13 archive responses between 1% and 10% of
// the key. Further out 10% is allowed, as before: a higher-order term the
// key lacks (+x^5 against 1 - x^3/18: 0.3% at h/8, 4.5% at h/2) is not a
// different series to the key's order.
const odeSmallTolerance = 0.01

// smallSeriesMatch reports whether the relative distances rel of an answer
// from the small-x reference, at points going outward from 0, match it to
// the reference's order (odeSmallTolerance at the first, Tolerance at
// all), and the distance that decided.
func smallSeriesMatch(rel []float64) (bool, float64) {
	if len(rel) == 0 {
		return false, math.Inf(1)
	}
	worst := slices.Max(rel)
	if worst > Tolerance {
		return false, worst
	}
	return rel[0] <= odeSmallTolerance, rel[0]
}

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
	var rels []float64
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
		rels = append(rels, cmplx.Abs(p-r)/scale)
		detail = append(detail, fmt.Sprintf("x=%g: %.8g vs %.8g", x, real(p), real(r)))
	}
	note := ""
	if g.SeriesNote != "" {
		note = "; the answer key's series " + oneLine(g.Refs[0], 60) + " is not the ODE's own: " + g.SeriesNote
	}
	if epsAsVar {
		note += "; " + epsAsVarNote
	}
	ok, worst := smallSeriesMatch(rels)
	if ok {
		return 1, strings.TrimPrefix(note, "; "), stOK
	}
	return 0, fmt.Sprintf("not the answer key's series: off by %.3g of its departure from y(0) (1%% allowed at x=%g, 10%% further out; %s)%s", worst, odeSmallFractions[0]*g.Point, strings.Join(detail, "; "), note), stOK
}

func gradeODELarge(ctx context.Context, g Regime, pred string, ev Evaluator) (float64, string, partStatus) {
	if !g.HasPoint {
		return 0, "no evaluation point for this regime", stUndecided
	}
	refs := make([]complex128, len(odeLargeFactors))
	for i, f := range odeLargeFactors {
		r, err := ev(ctx, g.Refs[0], map[string]complex128{g.Var: complex(f*g.Point, 0)}, true)
		if err != nil {
			return 0, "reference not evaluable: " + err.Error(), stUndecided
		}
		refs[i] = r
	}
	epsAsVar := epsilonAsVar(pred, g.Var)
	c, err := compareLarge(ctx, g, pred, refs, epsAsVar, ev)
	if err != nil {
		return 0, "answer not evaluable: " + err.Error(), stUnparsable
	}
	key := ""
	if c.worst > Tolerance {
		// The answer key's own formula (as a gold reply states it) was
		// compared as it stands; where it is not real at x_L, the answer is
		// compared with the real function behind the released value too.
		if vals, why, ok := realReading(ctx, g, refs, ev); ok {
			if c, err = compareLarge(ctx, g, pred, vals, epsAsVar, ev); err != nil {
				return 0, "answer not evaluable: " + err.Error(), stUnparsable
			}
			key = why + ": "
		}
	}
	note := ""
	if epsAsVar {
		note = "; " + epsAsVarNote
	}
	switch {
	case c.worst <= Tolerance:
		if key != "" {
			return 1, key + c.detail + note, stOK
		}
		return 1, strings.TrimPrefix(note, "; "), stOK
	case c.worst <= odePartialTolerance:
		return 0.5, fmt.Sprintf("half credit: within %.0f%% at every point but not within 10%% (%s%s)%s", 100*odePartialTolerance, key, c.detail, note), stOK
	}
	return 0, fmt.Sprintf("off by %.3g at worst (%s%s)%s", c.worst, key, c.detail, note), stOK
}

// largeComparison is an answer's largest relative distance from the
// reference over the large-x points, and the values compared.
type largeComparison struct {
	worst  float64
	detail string
}

// compareLarge evaluates pred at the large-x points and compares it with
// the reference values refs there.
func compareLarge(ctx context.Context, g Regime, pred string, refs []complex128, epsAsVar bool, ev Evaluator) (largeComparison, error) {
	var c largeComparison
	var detail []string
	for i, f := range odeLargeFactors {
		x, r := f*g.Point, refs[i]
		p, err := ev(ctx, pred, odeVars(g.Var, x, epsAsVar), true)
		if err != nil {
			return c, err
		}
		rel := math.Inf(1)
		switch {
		case r != 0 && !cmplx.IsNaN(p) && !cmplx.IsInf(p):
			rel = cmplx.Abs(p-r) / cmplx.Abs(r)
		case within(p, r): // a zero reference and |p| < 1e-12
			rel = 0
		}
		c.worst = math.Max(c.worst, rel)
		detail = append(detail, fmt.Sprintf("x=%.4g: %.6g vs %.6g", x, real(p), real(r)))
	}
	c.detail = strings.Join(detail, "; ")
	return c, nil
}

// realReading returns the real function behind the released large-x value
// where the answer key's formula is not real at the points. Six
// HARDMath-mini ODEs (and their twins in the older file) give
// y = -\sqrt{2} \sqrt[4]{3} (x - x^*)^{1/2} + C with x_L < x^*, the square
// root of a negative number: C - i b s(x) with s(x) = \sqrt{x^* - x}, while
// the released value is C + b s(x_L), within 10% of the numerical solution.
// Against the complex formula the authors' own value would be 20% off. The
// real reading is Re y + |Im y| or Re y - |Im y|, whichever gives the
// released value at x_L (to 1e-6). ok is false where this does not apply.
func realReading(ctx context.Context, g Regime, refs []complex128, ev Evaluator) (vals []complex128, why string, ok bool) {
	if g.Analytical == "" || math.Abs(imag(refs[0])) <= 1e-9*cmplx.Abs(refs[0]) {
		return nil, "", false
	}
	a, err := ev(ctx, g.Analytical, nil, true)
	if err != nil || math.Abs(imag(a)) > 1e-12*cmplx.Abs(a) || a == 0 {
		return nil, "", false
	}
	for _, sign := range []float64{1, -1} {
		if v := real(refs[0]) + sign*math.Abs(imag(refs[0])); math.Abs(v-real(a)) <= 1e-6*math.Abs(real(a)) {
			out := make([]complex128, len(refs))
			for i, r := range refs {
				out[i] = complex(real(r)+sign*math.Abs(imag(r)), 0)
			}
			why = fmt.Sprintf("the answer key's formula is not real here (%s at x=%.4g); graded against its real reading Re y %s |Im y|, which gives the released value %.6g at x_L",
				fmtC(refs[0]), g.Point, map[float64]string{1: "+", -1: "-"}[sign], real(a))
			return out, why, true
		}
	}
	return nil, "", false
}

// cleanODEAnswer drops an order term ("+ O(x^4)") and what follows it on
// its line, the last (as the regexp it replaced did: it ran to the end of
// the text, which its "." could not cross a newline to reach), and a
// "y(x) =" or "y \approx" head.
func cleanODEAnswer(s string) string {
	if i := orderTermIndex(s, strings.LastIndexByte(s, '\n')+1); i >= 0 {
		s = s[:i]
	}
	return cleanAnswer(s)
}
