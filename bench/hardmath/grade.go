package hardmath

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/cmplx"
	"strings"
	"time"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/equiv"
	"github.com/matheval/matheval/expr"
)

// Tolerance is the relative distance within which an answer's value counts
// as matching the reference value at a regime's evaluation point (the
// paper's 10%).
const Tolerance = 0.10

// Evaluator evaluates a LaTeX formula at a point. realRoots selects real odd
// roots of negative numbers (the ODE and integral answers' convention)
// instead of the principal complex branch (the root answers' convention).
type Evaluator func(ctx context.Context, latex string, vars map[string]complex128, realRoots bool) (complex128, error)

// defaultEvaluator is the shared engine (SharedEvaluator).
func defaultEvaluator(ctx context.Context, latex string, vars map[string]complex128, realRoots bool) (complex128, error) {
	return SharedEvaluator(ctx, latex, vars, realRoots)
}

// referenceFromItem recovers the Reference stored in an item, whether it is
// still the struct or came back from JSON as a generic map.
func referenceFromItem(extra map[string]any) (Reference, error) {
	var ref Reference
	v, ok := extra["reference"]
	if !ok {
		return ref, fmt.Errorf("item has no HARDMath reference")
	}
	if r, ok := v.(Reference); ok {
		return r, nil
	}
	b, err := json.Marshal(v)
	if err != nil {
		return ref, err
	}
	err = json.Unmarshal(b, &ref)
	return ref, err
}

// gradeReply grades a reply against a reference.
func gradeReply(ctx context.Context, ref Reference, reply, finishReason string, ev Evaluator) (v answer.Verdict) {
	if len(reply) > 200000 {
		return answer.Verdict{Kind: answer.Undecided, Reason: "reply longer than 200000 bytes"}
	}
	boxes := boxedAll(reply)
	if len(boxes) == 0 {
		if finishReason == "length" {
			return answer.Verdict{Kind: answer.Incomplete, Reason: "cut by the token limit before a boxed answer"}
		}
		return answer.Verdict{Kind: answer.NoAnswer, Reason: "no \\boxed{} answer in the reply"}
	}
	last := boxes[len(boxes)-1]
	v.Parts = map[string]float64{}
	var reasons []string
	var unparsable, undecided int
	record := func(name string, score float64, why string, st partStatus) {
		v.Parts[name] = score
		if why != "" {
			reasons = append(reasons, name+": "+why)
		}
		switch st {
		case stUnparsable:
			unparsable++
		case stUndecided:
			undecided++
		}
	}
	switch ref.Type {
	case TypeNondimSymbolic:
		v.Extracted = cleanAnswer(last)
		s, why, st := gradeSymbolic(ctx, ref.Regimes[0].Refs[0], v.Extracted, ev)
		record("epsilon", s, why, st)
	case TypeNondimNumeric:
		v.Extracted = cleanAnswer(last)
		s, why, st := gradeNumber(ctx, ref.Regimes[0].Refs[0], v.Extracted, ref.Precision)
		record("epsilon", s, why, st)
	case TypeRoots, TypeRootCorrections:
		v.Extracted = last
		for _, p := range gradeRootAnswer(ctx, ref, parseRootAnswer(reply, boxes), ev) {
			record(p.name, p.score, p.why, p.st)
		}
	default: // ODE and both integral families: formulas per regime
		preds := formulaCandidates(ref, boxes)
		v.Extracted = last
		for i, g := range ref.Regimes {
			if i >= len(preds) || preds[i] == "" {
				record(g.Name, 0, "no answer for this regime", stUnparsable)
				continue
			}
			var s float64
			var why string
			var st partStatus
			switch {
			case ref.Type == TypeODE && g.Name == "small_x":
				s, why, st = gradeODESmall(ctx, g, cleanODEAnswer(preds[i]), ev)
			case ref.Type == TypeODE:
				s, why, st = gradeODELarge(ctx, g, cleanODEAnswer(preds[i]), ev)
			case g.HasTruth:
				s, why, st = gradeAgainstTruth(ctx, g, preds[i], ev)
			default:
				s, why, st = gradeFormula(ctx, g, preds[i], ev)
			}
			record(g.Name, s, why, st)
		}
	}
	total := 0.0
	for _, s := range v.Parts {
		total += s
	}
	v.Score = total / float64(len(v.Parts))
	v.Reason = strings.Join(reasons, "; ")
	switch {
	case v.Score >= 1-1e-12:
		v.Score = 1
		v.Kind = answer.Correct
		if v.Reason == "" {
			v.Reason = "every regime matches"
		}
	case undecided > 0 && v.Score == 0:
		v.Kind = answer.Undecided
	case unparsable == len(v.Parts):
		v.Kind = answer.Unparsable
	default:
		v.Kind = answer.Wrong
	}
	return v
}

type partStatus int

const (
	stOK partStatus = iota
	stUnparsable
	stUndecided
)

// formulaCandidates reads one formula per regime from the reply: the last
// box's list when it has one item per regime (or two of three: the small and
// intermediate ones), else the last boxes in order.
func formulaCandidates(ref Reference, boxes []string) []string {
	n := len(ref.Regimes)
	items := splitList(boxes[len(boxes)-1])
	if b := strings.TrimSpace(stripMath(boxes[len(boxes)-1])); strings.HasPrefix(b, "[") && matchingClose(b, 0) < 0 {
		// "\boxed{[a, b}]": the box closed before the list did.
		items = splitList(b[1:])
	}
	regimes := make([]string, len(items))
	for i := range items {
		items[i], regimes[i] = listItem(items[i])
	}
	if len(items) == n {
		if n == 2 && regimes[0] == "large" && regimes[1] == "small" {
			items[0], items[1] = items[1], items[0]
		}
		return items
	}
	if len(items) == 1 && n > 1 && sameRefs(ref) {
		// Every regime has the same released answer (the older integral
		// set's one-term polynomials: the same width small and large), so
		// one formula answers them all.
		out := make([]string, n)
		for i := range out {
			out[i] = items[0]
		}
		return out
	}
	if fs, ok := layoutFormulas(boxes[len(boxes)-1], n); ok {
		return fs
	}
	if n == 1 {
		return []string{cleanAnswer(boxes[len(boxes)-1])}
	}
	if len(boxes) >= n {
		var out []string
		for _, b := range boxes[len(boxes)-n:] {
			out = append(out, cleanAnswer(b))
		}
		return out
	}
	return items
}

// sameRefs reports whether every regime of ref has the same released
// answer, written the same way.
func sameRefs(ref Reference) bool {
	for _, g := range ref.Regimes[1:] {
		if len(g.Refs) != 1 || len(ref.Regimes[0].Refs) != 1 || g.Refs[0] != ref.Regimes[0].Refs[0] {
			return false
		}
	}
	return true
}

func gradeSymbolic(ctx context.Context, gold, pred string, ev Evaluator) (float64, string, partStatus) {
	// HARDMath's a_1, a_2, a_3 are positive, where (a_3/a_2)^{7/2} =
	// a_3^{7/2}/a_2^{7/2} holds: the shared engine, told so, decides both
	// ways. Only what it cannot settle (a side its parser rejects, too few
	// points in the domain, a limit) falls to evaluation at positive points
	// with the package's own evaluator.
	r := equiv.Compare(ctx, gold, pred, equiv.Options{Timeout: 200 * time.Millisecond, Positive: true, Unknown: answer.HARDMathUnknown})
	switch r.Outcome {
	case equiv.Equal:
		return 1, "", stOK
	case equiv.NotEqual:
		return 0, r.Reason, stOK
	}
	pts := [][3]float64{{1.3, 2.7, 0.6}, {0.45, 1.9, 3.1}, {2.2, 0.8, 1.7}, {5.5, 3.3, 0.25}}
	for _, p := range pts {
		vars := map[string]complex128{"a_1": complex(p[0], 0), "a_2": complex(p[1], 0), "a_3": complex(p[2], 0)}
		g, err := ev(ctx, gold, vars, false)
		if err != nil {
			return 0, "reference not evaluable: " + err.Error(), stUndecided
		}
		c, err := ev(ctx, pred, vars, false)
		if err != nil {
			return 0, "answer not evaluable: " + err.Error(), stUnparsable
		}
		if cmplx.Abs(g-c) > 1e-8*math.Max(1e-300, cmplx.Abs(g)) {
			return 0, fmt.Sprintf("differs at a=(%g,%g,%g): %.6g vs %.6g", p[0], p[1], p[2], real(c), real(g)), stOK
		}
	}
	return 1, "", stOK
}

func gradeNumber(ctx context.Context, gold, pred string, prec int) (float64, string, partStatus) {
	g, ok := parseNumber(ctx, gold)
	if !ok {
		return 0, "reference is not a number", stUndecided
	}
	p, ok := parseNumber(ctx, pred)
	if !ok {
		return 0, fmt.Sprintf("answer %q is not a number", pred), stUnparsable
	}
	tol := 1e-9 * math.Max(1, math.Abs(g))
	if prec > 0 {
		// Half a unit in the last place the answer is asked for.
		tol = 0.5*math.Pow(10, -float64(prec)) + 1e-12
	}
	if math.Abs(p-g) <= tol {
		return 1, "", stOK
	}
	return 0, fmt.Sprintf("%g vs %g", p, g), stOK
}

// formulaFactors are the points, as factors of the regime's evaluation
// point x_L, at which a formula answer (a Laplace-type integral's large-x
// approximation) must be within 10% of the reference. x_L alone cannot tell
// an answer of the reference's shape from one that crosses it there (the
// constant pi/4 against 11.73 e^{0.004256 x}/x at x = 1000); further out the
// two leading-order approximations only agree better if they are the same.
var formulaFactors = []float64{1, 1.1, 1.25}

func gradeFormula(ctx context.Context, g Regime, pred string, ev Evaluator) (float64, string, partStatus) {
	if !g.HasPoint {
		return 0, "no evaluation point for this regime", stUndecided
	}
	refs := make([]refAt, len(formulaFactors))
	for i, f := range formulaFactors {
		x := f * g.Point
		vars := map[string]complex128{g.Var: complex(x, 0)}
		r, err := ev(ctx, g.Refs[0], vars, true)
		if err == nil && cmplx.Abs(r) >= minNormal {
			refs[i] = refAt{x: x, v: r, ok: true}
			continue
		}
		if err == nil || errors.Is(err, expr.ErrDomain) {
			// Below float64's normal range or overflowing: compare in
			// arbitrary precision (e^{-4.1 x} at x = 180 is 1e-320), if
			// the reference has a nonzero value there.
			if rb, berr := evalLatexBig(ctx, g.Refs[0], vars); berr == nil && absBig(rb).Sign() != 0 {
				refs[i] = refAt{x: x, src: g.Refs[0], ok: true}
				continue
			}
			if err == nil { // a true zero: compared as a value
				refs[i] = refAt{x: x, v: r, ok: true}
				continue
			}
		}
		if i == 0 {
			return 0, "reference not evaluable: " + err.Error(), stUndecided
		}
		refs[i] = refAt{x: x} // not defined there: the other points judge
	}
	return gradeAtPoints(ctx, g.Var, pred, refs, ev)
}

// minNormal is float64's smallest normal magnitude: below it a value keeps
// too few digits to be compared at 10%.
const minNormal = 0x1p-1022

// refAt is a reference at one point: its value v, or, for a value beyond
// float64, the formula src to compare in arbitrary precision; ok is false
// where it could not be computed (the point is then skipped).
type refAt struct {
	x   float64
	v   complex128
	src string
	ok  bool
}

// gradeAtPoints gives full credit when pred is within 10% of the reference
// at every point that has one (the first, x_L, always must), else none.
func gradeAtPoints(ctx context.Context, v, pred string, refs []refAt, ev Evaluator) (float64, string, partStatus) {
	var skipped, big []string
	for i, r := range refs {
		if !r.ok && i > 0 {
			skipped = append(skipped, fmt.Sprintf("%s=%g", v, r.x))
			continue
		}
		vars := map[string]complex128{v: complex(r.x, 0)}
		if r.src != "" {
			d, err := relDistanceBig(ctx, pred, r.src, vars)
			if err != nil {
				return 0, "answer not evaluable: " + err.Error(), stUnparsable
			}
			if d > Tolerance {
				return 0, fmt.Sprintf("%.3g off the reference at %s=%g (compared in arbitrary precision: the values are beyond float64)", d, v, r.x), stOK
			}
			big = append(big, fmt.Sprintf("%s=%g", v, r.x))
			continue
		}
		p, err := ev(ctx, pred, vars, true)
		if err != nil {
			return 0, "answer not evaluable: " + err.Error(), stUnparsable
		}
		if !within(p, r.v) {
			why := fmt.Sprintf("%.6g vs reference %.6g at %s=%g", real(p), real(r.v), v, r.x)
			if i > 0 {
				why += fmt.Sprintf(" (within 10%% at %s=%g, but not of the reference's shape further out)", v, refs[0].x)
			}
			return 0, why, stOK
		}
	}
	var notes []string
	if len(big) > 0 {
		notes = append(notes, "compared in arbitrary precision at "+strings.Join(big, ", ")+" (values beyond float64)")
	}
	if len(skipped) > 0 {
		notes = append(notes, "reference not defined at "+strings.Join(skipped, ", ")+", judged at the other points")
	}
	return 1, strings.Join(notes, "; "), stOK
}

func within(p, r complex128) bool {
	if cmplx.IsNaN(p) || cmplx.IsInf(p) {
		return false
	}
	return cmplx.Abs(p-r) <= Tolerance*cmplx.Abs(r) || (r == 0 && cmplx.Abs(p) < 1e-12)
}

// goldReply states the reference as a model following the hints would.
func goldReply(ref Reference) string {
	var b strings.Builder
	switch ref.Type {
	case TypeNondimSymbolic, TypeNondimNumeric:
		fmt.Fprintf(&b, "Therefore $\\boxed{\\epsilon = %s}$.", ref.Regimes[0].Refs[0])
	case TypeRoots, TypeRootCorrections:
		for _, g := range ref.Regimes {
			word := "small"
			if g.Name == "large_eps" {
				word = "large"
			}
			fmt.Fprintf(&b, "The roots for %s positive $\\epsilon$ are $\\boxed{\\left[ %s\\right]}$.\n", word, strings.Join(g.Refs, ", "))
		}
	case TypeODE:
		fmt.Fprintf(&b, "$\\boxed{[y = %s, y = %s]}$", ref.Regimes[0].Refs[0], ref.Regimes[1].Refs[0])
	default:
		if len(ref.Regimes) == 1 {
			fmt.Fprintf(&b, "$\\boxed{I(x) \\approx %s}$", ref.Regimes[0].Refs[0])
			break
		}
		var fs []string
		for _, g := range ref.Regimes {
			if g.RefOff > 0 {
				// The released formula is off the numerical truth here
				// (data check lists it): the gold states the truth, which
				// is what answers are graded against.
				fs = append(fs, fmt.Sprintf("%.10g", g.Truth))
				continue
			}
			fs = append(fs, g.Refs[0])
		}
		fmt.Fprintf(&b, "$\\boxed{[%s]}$", strings.Join(fs, ", "))
	}
	return b.String()
}
