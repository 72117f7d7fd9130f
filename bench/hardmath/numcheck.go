package hardmath

import (
	"context"
	"fmt"
	"io"
	"math"
	"math/cmplx"
	"path"
	"slices"
	"strings"

	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/numeric"
)

// NumericalVerdict is the numerical check's grade of one stored response.
type NumericalVerdict struct {
	Score float64
	// Note says what was computed and compared, for a human to check.
	Note string
	// OK is false when no arbiter could be computed.
	OK bool
	// ByKey names the regimes judged against the released answer, as the
	// rubric says, because the numerical solution is no arbiter there (see
	// odeNumericalCheck).
	ByKey []string
}

// NumericalCheck grades a stored response again, with every regime's
// reference replaced by a numerical ground truth computed from the question
// alone: the polynomial's roots by the companion matrix, the ODE solved
// numerically, quadrature for integrals, epsilon from the coefficients for
// nondimensionalization. It is the arbiter in the disagreement list:
// whichever of matheval's and the authors' scores is closer to it is taken
// as right. Where the rubric grades against the answer key and numerics
// cannot stand in for it (ODEs, see odeNumericalCheck), the key is used,
// and ByKey says so.
func NumericalCheck(ctx context.Context, b *Benchmark, cat *Catalog, g Graded) NumericalVerdict {
	it, _, err := responseItem(ctx, cat, g.StoredResponse)
	if err != nil {
		return NumericalVerdict{Note: err.Error()}
	}
	ref, err := referenceFromItem(it.Extra)
	if err != nil {
		return NumericalVerdict{Note: err.Error()}
	}
	if ref.Type == TypeODE {
		p, err := ParseODE(it.Problem)
		if err != nil {
			return NumericalVerdict{Note: fmt.Sprintf("cannot read the ODE: %v", err)}
		}
		s, note, ok, byKey := odeNumericalCheck(ctx, b, ref, p, g.Response)
		return NumericalVerdict{Score: s, Note: note, OK: ok, ByKey: byKey}
	}
	s, note, ok := numericalCheck(ctx, b, it, ref, g)
	return NumericalVerdict{Score: s, Note: note, OK: ok}
}

// numericalCheck is NumericalCheck for every type but ODEs.
func numericalCheck(ctx context.Context, b *Benchmark, it bench.Item, ref Reference, g Graded) (score float64, note string, ok bool) {
	q := it.Problem
	var notes []string
	switch ref.Type {
	case TypeRoots:
		p, err := ParseEpsPoly(q)
		if err != nil {
			return 0, err.Error(), false
		}
		for i, r := range ref.Regimes {
			roots, err := numeric.PolyRoots(ctx, p.Coeffs(r.Point))
			if err != nil {
				return 0, err.Error(), false
			}
			var refs []string
			for _, z := range roots {
				refs = append(refs, fmt.Sprintf("(%.17g%+.17gi)", real(z), imag(z)))
			}
			ref.Regimes[i].Refs = refs
			notes = append(notes, fmt.Sprintf("%s: %d numerical roots at epsilon=%g %s", r.Name, len(roots), r.Point, listC(roots, 10)))
		}
	case TypeIntegral:
		if ref.Subtype == "traditional" {
			for _, r := range ref.Regimes {
				if !r.HasTruth {
					return 0, "no quadrature value", false
				}
			}
			return g.Verdict.Score, "matheval grades this type against quadrature already", true
		}
		li, err := ParseLaplace(q)
		if err != nil {
			return 0, err.Error(), false
		}
		return laplaceNumericalCheck(ctx, b, ref, li, g.Response)
	case TypeNondimNumeric:
		p, err := ParseEpsPoly(q)
		if err != nil || len(p.Terms) != 3 {
			return 0, fmt.Sprintf("cannot read a three-term polynomial: %v", err), false
		}
		eps := NondimEpsilon(p.Terms)
		ref.Regimes[0].Refs = []string{fmt.Sprintf("%.17g", eps)}
		notes = append(notes, fmt.Sprintf("epsilon = %.6g from the coefficients", eps))
	case TypeNondimSymbolic:
		return nondimNumericalCheck(ctx, q, g)
	default:
		return 0, "no numerical check for " + ref.Type, false
	}
	it.Extra = map[string]any{"reference": ref}
	v := b.grade(ctx, it, g.Response, "stop")
	return v.Score, strings.Join(notes, "; ") + " → " + oneLine(v.Reason, 300), true
}

// odeNumericalCheck grades an ODE reply as the rubric does, at points of
// its own, with the numerical solution wherever the rubric allows it.
//
// Small x: the rubric gives credit "only if it matches the formula in the
// answer key exactly", so the answer's distance from the key's series
// must be within 1% of the series' departure from y(0) at x = 0.004, and
// within 10% at 0.008 and 0.016 (closer to 0 than matheval's points). The
// numerical solution has no say: the released series are dominant-balance
// series, and only 1 of the 54 in the archive is within 2% of it.
//
// Large x: the answer's value within 10% (half credit: 50%) of the
// numerical solution at x_L, 0.95 x_L and 0.9 x_L. Where the numerical
// solution is no arbiter (a coefficient of the ODE has a pole before the
// points, so no solution passes it; or the released answer is more than 2%
// off the solution) the regime is judged against the released answer
// instead, as the rubric says ("give full credit if it matches the formula
// in the answer key"), and named in byKey so that a tally can keep those
// apart.
func odeNumericalCheck(ctx context.Context, b *Benchmark, ref Reference, p ODEProblem, reply string) (score float64, note string, ok bool, byKey []string) {
	boxes := boxedAll(reply)
	if len(boxes) == 0 {
		return 0, "no boxed answer", true, nil
	}
	preds := formulaCandidates(ref, boxes)
	ev := b.evaluator()
	total := 0.0
	var notes []string
	for i, g := range ref.Regimes {
		if i >= len(preds) || preds[i] == "" {
			notes = append(notes, g.Name+": no answer")
			continue
		}
		pred := cleanODEAnswer(preds[i])
		var xs []float64
		for _, f := range odeLargeFactors {
			xs = append(xs, f*g.Point)
		}
		if g.Name == "small_x" {
			xs = []float64{0.04 * g.Point, 0.08 * g.Point, 0.16 * g.Point}
		}
		evaluable := true
		for _, x := range xs {
			if v, err := atX(ctx, ev, pred, x); err != nil || cmplx.IsNaN(v) || cmplx.IsInf(v) {
				evaluable = false
			}
		}
		if !evaluable {
			notes = append(notes, g.Name+": 0 (not evaluable)")
			continue
		}
		var s, worst float64
		var against string
		if g.Name == "small_x" {
			ds, err := seriesDistances(ctx, ev, pred, g.Refs[0], xs)
			if err != nil {
				return 0, g.Name + ": " + err.Error(), false, nil
			}
			var ok bool
			ok, worst = smallSeriesMatch(ds)
			against = "the answer key's series'"
			if ok {
				s = 1
			}
		} else {
			d, why, err := largeDistance(ctx, g, p, pred, xs, ev)
			if err != nil {
				return 0, g.Name + ": " + err.Error(), false, nil
			}
			if why != "" {
				byKey = append(byKey, g.Name)
				against = "the answer key's (" + why + ")"
			} else {
				against = "the numerical solution's"
			}
			worst = d
			switch {
			case worst <= Tolerance:
				s = 1
			case worst <= odePartialTolerance:
				s = 0.5
			}
		}
		total += s
		if g.Name == "small_x" {
			notes = append(notes, fmt.Sprintf("%s: %g (distance %.3g of %s departure from y(0) at x=%.4g..%.4g; the rubric grades small x against the key: 1%% allowed nearest 0, 10%% further out)", g.Name, s, worst, against, xs[0], xs[len(xs)-1]))
		} else {
			notes = append(notes, fmt.Sprintf("%s: %g (distance %.3g of %s value at x=%.4g..%.4g)", g.Name, s, worst, against, xs[0], xs[len(xs)-1]))
		}
	}
	return total / float64(len(ref.Regimes)), strings.Join(notes, "; "), true, byKey
}

// largeDistance is pred's largest relative distance from the numerical
// solution at xs, or, where that is no arbiter, from the answer key (why
// then says why).
func largeDistance(ctx context.Context, g Regime, p ODEProblem, pred string, xs []float64, ev Evaluator) (worst float64, why string, err error) {
	// dist is src's largest relative distance from vals, the nearest of
	// several readings.
	dist := func(src string, readings ...[]complex128) float64 {
		best := math.Inf(1)
		for _, vals := range readings {
			worst := 0.0
			for i, x := range xs {
				v, err := atX(ctx, ev, src, x)
				if err != nil {
					return math.Inf(1)
				}
				worst = math.Max(worst, cmplx.Abs(v-vals[i])/cmplx.Abs(vals[i]))
			}
			best = math.Min(best, worst)
		}
		return best
	}
	sol, err := p.Solve(ctx, slices.Max(xs)*1.001)
	switch {
	case err != nil:
		why = fmt.Sprintf("no numerical solution: %v; the rubric grades against the key", err)
	case len(sol.Poles) > 0:
		poles := make([]complex128, len(sol.Poles))
		for i, x := range sol.Poles {
			poles[i] = complex(x, 0)
		}
		why = fmt.Sprintf("no numerical solution passes the coefficient poles at x=%s; the rubric grades against the key", listC(poles, 4))
	default:
		num := make([]complex128, len(xs))
		for i, x := range xs {
			y, err := sol.At(x)
			if err != nil {
				return 0, "", err
			}
			num[i] = complex(y[0], 0)
		}
		keyOff := dist(g.Refs[0], num)
		if keyOff <= keyAgreement {
			return dist(pred, num), "", nil
		}
		why = fmt.Sprintf("itself %.3g off the numerical solution; the rubric grades against it", keyOff)
	}
	readings, realWhy, err := keyValues(ctx, g, xs, ev)
	if err != nil {
		return 0, "", err
	}
	if realWhy != "" {
		why += "; " + realWhy
	}
	return dist(pred, readings...), why, nil
}

// atX evaluates the ODE formula src at x.
func atX(ctx context.Context, ev Evaluator, src string, x float64) (complex128, error) {
	return ev(ctx, src, map[string]complex128{"x": complex(x, 0)}, true)
}

// keyAgreement is how close the released large-x answer must be to the
// numerical solution for the solution to stand in for it. The rubric
// grades against the answer key; the solution may replace the key only
// where the two are the same answer. With the reply's own 10% on top, a key
// 10% off would let the check credit a reply the rubric denies.
const keyAgreement = 0.02

// keyValues evaluates the released large-x answer at xs: the values as
// written, and where those are not real, also the real function behind the
// released value (see realReading), as matheval reads the key. A zero or
// non-finite value is an error: no relative distance can be taken from it.
func keyValues(ctx context.Context, g Regime, xs []float64, ev Evaluator) (readings [][]complex128, why string, err error) {
	vals := make([]complex128, len(xs))
	for i, x := range xs {
		v, err := atX(ctx, ev, g.Refs[0], x)
		if err != nil {
			return nil, "", fmt.Errorf("the answer key at x=%.4g: %w", x, err)
		}
		if v == 0 || cmplx.IsNaN(v) || cmplx.IsInf(v) {
			return nil, "", fmt.Errorf("the answer key is %v at x=%.4g", v, x)
		}
		vals[i] = v
	}
	readings = [][]complex128{vals}
	if re, why, ok := realReading(ctx, g, vals, ev); ok {
		return append(readings, re), why, nil
	}
	return readings, "", nil
}

// laplaceNumericalCheck grades a Laplace-integral reply as matheval does,
// with quadrature in place of the released formula at each of the points
// (x_L, 1.1 x_L, 1.25 x_L), compared in arbitrary precision where the
// integral is beyond float64 (about e^-733 at some x_L). A point where
// quadrature fails is skipped; x_L must have a value.
func laplaceNumericalCheck(ctx context.Context, b *Benchmark, ref Reference, li LaplaceIntegral, reply string) (float64, string, bool) {
	r := ref.Regimes[0]
	if !r.HasPoint {
		return 0, "no evaluation point", false
	}
	refs := make([]refAt, len(formulaFactors))
	var vals []string
	for i, f := range formulaFactors {
		x := f * r.Point
		mant, scale, err := li.Numerical(ctx, x)
		if err != nil || mant == 0 || math.IsNaN(mant) || math.IsInf(mant, 0) {
			if i == 0 {
				return 0, fmt.Sprintf("quadrature: %v (%g e^%g)", err, mant, scale), false
			}
			refs[i] = refAt{x: x}
			continue
		}
		if math.Abs(scale) > 600 {
			// Beyond float64: the value goes to the arbitrary-precision
			// comparison as a formula, mantissa times e^scale.
			refs[i] = refAt{x: x, src: fmt.Sprintf("%.17g \\cdot e^{%.17g}", mant, scale), ok: true}
			vals = append(vals, fmt.Sprintf("I(%g) = %.6g e^%.6g", x, mant, scale))
			continue
		}
		v := mant * math.Exp(scale)
		refs[i] = refAt{x: x, v: complex(v, 0), ok: true}
		vals = append(vals, fmt.Sprintf("I(%g) = %.6g", x, v))
	}
	note := strings.Join(vals, ", ") + " by quadrature"
	boxes := boxedAll(reply)
	if len(boxes) == 0 {
		return 0, note + " → no boxed answer", true
	}
	preds := formulaCandidates(ref, boxes)
	if len(preds) == 0 || preds[0] == "" {
		return 0, note + " → no answer", true
	}
	ev := b.evaluator()
	s, why, _ := gradeAtPoints(ctx, r.Var, preds[0], refs, ev)
	return s, note + " → " + r.Name + ": " + nonEmpty(why, "matches"), true
}

// seriesDistances are the distances of src from the series ref at xs,
// relative to the series' departure from its value at 0 (+Inf where src
// cannot be evaluated).
func seriesDistances(ctx context.Context, ev Evaluator, src, ref string, xs []float64) ([]float64, error) {
	r0, err := atX(ctx, ev, ref, 0)
	if err != nil {
		return nil, err
	}
	ds := make([]float64, len(xs))
	for i, x := range xs {
		r, err := atX(ctx, ev, ref, x)
		if err != nil {
			return nil, err
		}
		v, err := atX(ctx, ev, src, x)
		if err != nil {
			ds[i] = math.Inf(1)
			continue
		}
		scale := math.Max(cmplx.Abs(r-r0), 1e-15)
		ds[i] = cmplx.Abs(v-r) / scale
	}
	return ds, nil
}

// WhoIsRight counts, for one type, whose score the numerical check is
// closer to (and within 0.25 of).
type WhoIsRight struct {
	Matheval, Authors, Neither, Unchecked int
	// ByKey counts the decided responses with a regime judged against the
	// released answer rather than a numerical solution (see
	// NumericalVerdict.ByKey).
	ByKey int
}

// add counts one checked response and says who the check sides with.
func (t *WhoIsRight) add(c NumericalVerdict, g Graded) string {
	num := c.Score
	who := "unchecked"
	switch {
	case !c.OK:
		t.Unchecked++
	case math.Abs(num-g.Verdict.Score) < math.Abs(num-g.Score) && math.Abs(num-g.Verdict.Score) <= TolQuarter:
		who = "matheval"
		t.Matheval++
	case math.Abs(num-g.Score) < math.Abs(num-g.Verdict.Score) && math.Abs(num-g.Score) <= TolQuarter:
		who = "authors"
		t.Authors++
	default:
		who = "neither"
		t.Neither++
	}
	if c.OK && len(c.ByKey) > 0 {
		t.ByKey++
		who += ", " + strings.Join(c.ByKey, " and ") + " against the answer key"
	}
	return who
}

// CheckDisagreements runs the numerical check on every response whose
// score differs from the authors' by more than tol and counts, per type,
// whose score it sides with. It stops early when ctx ends (the counts then
// cover the responses checked so far).
func CheckDisagreements(ctx context.Context, b *Benchmark, cat *Catalog, gs []Graded, tol float64) map[string]WhoIsRight {
	tally := map[string]WhoIsRight{}
	for _, g := range Disagreements(gs, tol) {
		if ctx.Err() != nil {
			break
		}
		t := tally[g.Type]
		t.add(NumericalCheck(ctx, b, cat, g), g)
		tally[g.Type] = t
	}
	return tally
}

// WriteDisagreementsMarkdown writes sampled disagreements as a Markdown
// list: per response, matheval's and the authors' scores, the numerical
// check's score and who is closer to it, matheval's reason, and the
// judge's last words.
func WriteDisagreementsMarkdown(ctx context.Context, w io.Writer, b *Benchmark, cat *Catalog, gs []Graded) map[string]WhoIsRight {
	tally := map[string]WhoIsRight{}
	cur := ""
	for _, g := range gs {
		if g.Type != cur {
			cur = g.Type
			fmt.Fprintf(w, "\n## %s\n\n", cur)
		}
		c := NumericalCheck(ctx, b, cat, g)
		num := c.Score
		t := tally[g.Type]
		who := t.add(c, g)
		tally[g.Type] = t
		fmt.Fprintf(w, "- `%s` #%s (%s %d-shot, item %s): matheval **%.3g**, authors **%.3g**, numerical check **%.3g** → right: **%s**\n",
			path.Base(g.File), g.Key, g.Model, g.Shots, g.Item, g.Verdict.Score, g.Score, num, who)
		fmt.Fprintf(w, "  - answer: `%s`\n", oneLine(strings.ReplaceAll(g.Verdict.Extracted, "`", "'"), 240))
		fmt.Fprintf(w, "  - matheval: %s\n", oneLine(nonEmpty(g.Verdict.Reason, "every regime matches"), 600))
		fmt.Fprintf(w, "  - numerical check: %s\n", oneLine(c.Note, 600))
		fmt.Fprintf(w, "  - judge: %s\n", oneLine(judgeReason(g.GradeResponse), 300))
	}
	return tally
}

// nondimNumericalCheck evaluates the answer at positive coefficients and
// compares it with epsilon computed from them (NondimEpsilon).
func nondimNumericalCheck(ctx context.Context, q string, g Graded) (float64, string, bool) {
	p1, p2, ok := symNondimPowers(q)
	if !ok {
		return 0, "cannot read a_1 x^n1 + a_2 x^n2 + a_3", false
	}
	var n1, n2 float64
	fmt.Sscan(p1, &n1)
	n2 = 1
	if p2 != "" {
		fmt.Sscan(p2, &n2)
	}
	pred := cleanAnswer(g.Verdict.Extracted)
	if pred == "" {
		return 0, "no answer", true
	}
	var notes []string
	for _, a := range [][3]float64{{1.3, 2.7, 0.6}, {0.45, 1.9, 3.1}, {2.2, 0.8, 1.7}} {
		want := NondimEpsilon([]Term{{Coef: a[0], Pow: n1}, {Coef: a[1], Pow: n2}, {Coef: a[2], Pow: 0}})
		v, err := defaultEvaluator(ctx, pred, map[string]complex128{"a_1": complex(a[0], 0), "a_2": complex(a[1], 0), "a_3": complex(a[2], 0)}, false)
		if err != nil {
			return 0, "answer not evaluable: " + err.Error(), true
		}
		notes = append(notes, fmt.Sprintf("a=(%g,%g,%g): %.8g vs %.8g", a[0], a[1], a[2], real(v), want))
		if cmplx.Abs(v-complex(want, 0)) > 1e-6*want {
			return 0, strings.Join(notes, "; "), true
		}
	}
	return 1, strings.Join(notes, "; "), true
}
