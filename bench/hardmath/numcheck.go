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

// NumericalCheck grades a stored response again, with every regime's
// reference replaced by a numerical ground truth computed from the question
// alone (independent of the released answer): the polynomial's roots by the
// companion matrix, the ODE solved numerically, quadrature for integrals,
// epsilon from the coefficients for nondimensionalization. It is the
// arbiter in the disagreement list: whichever of matheval's and the
// authors' scores is closer to it is taken as right. ok is false when no
// numerical truth could be computed.
func NumericalCheck(ctx context.Context, b *Benchmark, cat *Catalog, g Graded) (score float64, note string, ok bool) {
	it, _, err := responseItem(ctx, cat, g.StoredResponse)
	if err != nil {
		return 0, err.Error(), false
	}
	ref, err := referenceFromItem(it.Extra)
	if err != nil {
		return 0, err.Error(), false
	}
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
	case TypeODE:
		p, err := ParseODE(q)
		if err != nil {
			return 0, err.Error(), false
		}
		return odeNumericalCheck(ctx, b, it, ref, p, g.Response)
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

// odeNumericalCheck applies the ODE rule with the numerical solution in
// place of the reference: small x, the answer's departure from y(0) within
// 10% of the numerical solution's at x = 0.004, 0.008, 0.016; large x, its
// value within 10% (half credit: 50%) of the numerical solution at x_L,
// 0.95 x_L and 0.9 x_L.
func odeNumericalCheck(ctx context.Context, b *Benchmark, it bench.Item, ref Reference, p ODEProblem, reply string) (float64, string, bool) {
	boxes := boxedAll(reply)
	if len(boxes) == 0 {
		return 0, "no boxed answer", true
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
			// Closer to 0 than matheval's rule: the true solution's own
			// higher-order terms must fade against the x^3 departure.
			xs = []float64{0.04 * g.Point, 0.08 * g.Point, 0.16 * g.Point}
		}
		evaluable := true
		for _, x := range xs {
			if v, err := ev(ctx, pred, map[string]complex128{"x": complex(x, 0)}, true); err != nil || cmplx.IsNaN(v) || cmplx.IsInf(v) {
				evaluable = false
			}
		}
		if !evaluable {
			notes = append(notes, g.Name+": 0 (not evaluable)")
			continue
		}
		sol, err := p.Solve(ctx, slices.Max(xs)*1.001)
		if err != nil || len(sol.Poles) > 0 {
			return 0, fmt.Sprintf("%s: no trustworthy numerical solution (%v, coefficient poles %v)", g.Name, err, sol.Poles), false
		}
		start, err := sol.At(0)
		if err != nil {
			return 0, g.Name + ": " + err.Error(), false
		}
		dist := func(src string) (float64, error) {
			worst := 0.0
			for _, x := range xs {
				y, err := sol.At(x)
				if err != nil {
					return 0, err
				}
				v, err := ev(ctx, src, map[string]complex128{"x": complex(x, 0)}, true)
				if err != nil {
					return math.Inf(1), nil
				}
				scale := math.Abs(y[0])
				if g.Name == "small_x" {
					scale = math.Max(math.Abs(y[0]-start[0]), 1e-15)
				}
				worst = math.Max(worst, cmplx.Abs(v-complex(y[0], 0))/scale)
			}
			return worst, nil
		}
		refDist, err := dist(g.Refs[0])
		if err != nil {
			return 0, g.Name + ": " + err.Error(), false
		}
		against := "the numerical solution's"
		if refDist > Tolerance {
			if g.Name != "small_x" {
				return 0, fmt.Sprintf("%s: the released answer itself is %.3g off the numerical solution, no arbiter", g.Name, refDist), false
			}
			// The rubric grades small x against the answer key's series
			// ("only give full credit if it matches the formula in the
			// answer key"), right or wrong: where the key is off the
			// numerical solution, the check does so too, at its own points.
			dist = func(src string) (float64, error) {
				return seriesDistance(ctx, ev, src, g.Refs[0], xs)
			}
			against = fmt.Sprintf("the answer key's (itself %.3g off the numerical solution; the rubric grades against it)", refDist)
		}
		worst, err := dist(pred)
		if err != nil {
			return 0, g.Name + ": " + err.Error(), false
		}
		s := 0.0
		switch {
		case worst <= Tolerance:
			s = 1
		case g.Name == "large_x" && worst <= odePartialTolerance:
			s = 0.5
		}
		total += s
		notes = append(notes, fmt.Sprintf("%s: %g (distance %.3g of %s %s at x=%.4g..%.4g)", g.Name, s, worst, against, map[bool]string{true: "departure from y(0)", false: "value"}[g.Name == "small_x"], xs[0], xs[len(xs)-1]))
	}
	return total / float64(len(ref.Regimes)), strings.Join(notes, "; "), true
}

// laplaceNumericalCheck grades a Laplace-integral reply as matheval does,
// with quadrature in place of the released formula at each of the points
// (x_L, 1.1 x_L, 1.25 x_L; one beyond float64 is skipped, x_L must be in
// range).
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
		if err != nil || math.Abs(scale) > 600 {
			if i == 0 {
				return 0, fmt.Sprintf("quadrature: %v (scale e^%g)", err, scale), false
			}
			refs[i] = refAt{x: x}
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

// seriesDistance is the largest distance of src from the series ref at xs,
// relative to the series' departure from its value at 0.
func seriesDistance(ctx context.Context, ev Evaluator, src, ref string, xs []float64) (float64, error) {
	at := func(s string, x float64) (complex128, error) {
		return ev(ctx, s, map[string]complex128{"x": complex(x, 0)}, true)
	}
	r0, err := at(ref, 0)
	if err != nil {
		return 0, err
	}
	worst := 0.0
	for _, x := range xs {
		r, err := at(ref, x)
		if err != nil {
			return 0, err
		}
		v, err := at(src, x)
		if err != nil {
			return math.Inf(1), nil
		}
		scale := math.Max(cmplx.Abs(r-r0), 1e-15)
		worst = math.Max(worst, cmplx.Abs(v-r)/scale)
	}
	return worst, nil
}

// WriteDisagreementsMarkdown writes sampled disagreements as a Markdown
// list: per response, matheval's and the authors' scores, the numerical
// check's score and who is closer to it, matheval's reason, and the
// judge's last words.
func WriteDisagreementsMarkdown(ctx context.Context, w io.Writer, b *Benchmark, cat *Catalog, gs []Graded) map[string][3]int {
	tally := map[string][3]int{} // type -> matheval right, authors right, neither/unchecked
	cur := ""
	for _, g := range gs {
		if g.Type != cur {
			cur = g.Type
			fmt.Fprintf(w, "\n## %s\n\n", cur)
		}
		num, note, ok := NumericalCheck(ctx, b, cat, g)
		who := "unchecked"
		t := tally[g.Type]
		switch {
		case !ok:
			t[2]++
		case math.Abs(num-g.Verdict.Score) < math.Abs(num-g.Score) && math.Abs(num-g.Verdict.Score) <= TolQuarter:
			who = "matheval"
			t[0]++
		case math.Abs(num-g.Score) < math.Abs(num-g.Verdict.Score) && math.Abs(num-g.Score) <= TolQuarter:
			who = "authors"
			t[1]++
		default:
			who = "neither"
			t[2]++
		}
		tally[g.Type] = t
		fmt.Fprintf(w, "- `%s` #%s (%s %d-shot, item %s): matheval **%.3g**, authors **%.3g**, numerical check **%.3g** → right: **%s**\n",
			path.Base(g.File), g.Key, g.Model, g.Shots, g.Item, g.Verdict.Score, g.Score, num, who)
		fmt.Fprintf(w, "  - answer: `%s`\n", oneLine(strings.ReplaceAll(g.Verdict.Extracted, "`", "'"), 240))
		fmt.Fprintf(w, "  - matheval: %s\n", oneLine(nonEmpty(g.Verdict.Reason, "every regime matches"), 600))
		fmt.Fprintf(w, "  - numerical check: %s\n", oneLine(note, 600))
		fmt.Fprintf(w, "  - judge: %s\n", oneLine(judgeReason(g.GradeResponse), 300))
	}
	return tally
}

// nondimNumericalCheck evaluates the answer at positive coefficients and
// compares it with epsilon computed from them (NondimEpsilon).
func nondimNumericalCheck(ctx context.Context, q string, g Graded) (float64, string, bool) {
	m := symNondimRe.FindStringSubmatch(q)
	if m == nil {
		return 0, "cannot read a_1 x^n1 + a_2 x^n2 + a_3", false
	}
	var n1, n2 float64
	fmt.Sscan(m[1], &n1)
	n2 = 1
	if m[2] != "" {
		fmt.Sscan(m[2], &n2)
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
