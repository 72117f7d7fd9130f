package answer

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"strings"
	"time"

	"github.com/matheval/matheval/equiv"
	"github.com/matheval/matheval/expr"
	"github.com/matheval/matheval/latex"
)

// MATH 401 grading follows the rule of its paper (Yuan et al., 2023, "How
// well do Large Language Models perform in Arithmetic tasks?"):
//
//   - the answer is the last number of the reply (of a final-answer phrase or
//     \boxed{} when the reply has one), numbers inside parentheses ignored
//     (unless the reply has no other number);
//   - thousands separators are read (2,491,340,085), scientific notation too
//     (1.2e5, 1.2\times10^{5});
//   - a fraction (a/b or \frac{a}{b}) is turned into its decimal value, except
//     in the division group (group 10), where "16/83" only restates the
//     problem and its last number is the one kept;
//   - the answer is correct when |y' - y| < 1e-3, compared exactly (big
//     rationals, so 12-digit results are never blurred by float rounding);
//   - the relative error min(10, |y' - y| / max(|y|, 1)) goes to
//     Verdict.Metrics["relative_error"]; it is 10 when no number is found.
//
// The gold answers of math401.json are plain decimals ("0.1928", "-6").
var (
	MATH401 = Policy{
		Name:            "math401",
		Extraction:      math401Extraction,
		Compare:         math401Compare(false),
		NoAnswerMetrics: map[string]float64{"relative_error": MATH401MaxRelErr},
	}
	// MATH401Division is the policy of group 10 (division): fractions in the
	// reply are not read as values.
	MATH401Division = Policy{
		Name:            "math401-division",
		Extraction:      math401Extraction,
		Compare:         math401Compare(true),
		NoAnswerMetrics: map[string]float64{"relative_error": MATH401MaxRelErr},
	}
)

// MATH401MaxRelErr is the relative error of a reply with no number.
const MATH401MaxRelErr = 10.0

// MATH401Tolerance is the absolute tolerance of the paper's accuracy.
const MATH401Tolerance = 1e-3

// MATH401DivisionGroup is the group whose fractions are not read as values.
const MATH401DivisionGroup = 10

// MATH401Group returns the policy for an item of the given group (0-16).
func MATH401Group(group int) Policy {
	if group == MATH401DivisionGroup {
		return MATH401Division
	}
	return MATH401
}

var math401Extraction = Extraction{
	Tiers:       [][]CandidateKind{{KindAnchor, KindBoxed}, {KindText}},
	Anchors:     DefaultAnchors,
	Reasoning:   DefaultReasoning,
	LineMarkers: DefaultLineMarkers,
	Tokens:      DefaultTokens,
	Exercises:   DefaultExercises,
}

var tol401 = big.NewRat(1, 1000)

func math401Compare(division bool) Comparator {
	return func(ctx context.Context, gold, cand string, _ equiv.Options) Verdict {
		g, ok := MATH401Value(gold, false)
		if !ok {
			return Verdict{Kind: Error, Reason: fmt.Sprintf("gold answer %q holds no number", gold)}
		}
		cand = foldNumberText(cand)
		if err := latex.CheckRunes(cand); err != nil {
			return Verdict{Kind: Unparsable, Reason: "closed world: " + err.Error(),
				Metrics: map[string]float64{"relative_error": MATH401MaxRelErr}}
		}
		if qualifiedLast(cand) {
			return Verdict{Kind: Unparsable, Reason: "the answer qualifies its value (\"not\", \"at least\", another language): not one value",
				Metrics: map[string]float64{"relative_error": MATH401MaxRelErr}}
		}
		t, ok := math401Last(cand, !division)
		var y *big.Rat
		var unread error
		if ok {
			y = t.val
			// The closed world: the number is read only when everything
			// around it is (numclosed.go).
			unread = checkNumberClause(cand, t.start, t.end)
		}
		if exact, ok2 := exactValue(ctx, cand); ok2 && (unread != nil || (!ok || !within401(y, g)) && within401(exact, g)) {
			// An exact form the paper's rule cannot read (\frac{\sqrt{2}}{2}
			// for 0.7071) is graded by its value: the parser read it whole.
			y, ok, unread = exact, true, nil
		}
		if unread != nil {
			return Verdict{Kind: Unparsable, Reason: "closed world: " + unread.Error(),
				Metrics: map[string]float64{"relative_error": MATH401MaxRelErr}}
		}
		if !ok {
			return Verdict{Kind: NoAnswer, Reason: "no number in the answer",
				Metrics: map[string]float64{"relative_error": MATH401MaxRelErr}}
		}
		diff := new(big.Rat).Sub(y, g)
		diff.Abs(diff)
		den := new(big.Rat).Abs(g)
		if den.Cmp(big.NewRat(1, 1)) < 0 {
			den.SetInt64(1)
		}
		rel := ratFloat(new(big.Rat).Quo(diff, den))
		if math.IsNaN(rel) || rel > MATH401MaxRelErr {
			rel = MATH401MaxRelErr
		}
		m := map[string]float64{"relative_error": rel}
		if diff.Cmp(tol401) < 0 {
			return Verdict{Kind: Correct, Score: 1, Reason: "within 1e-3 of the gold value", Metrics: m}
		}
		return Verdict{Kind: Wrong, Reason: fmt.Sprintf("off by %.4g", ratFloat(diff)), Metrics: m}
	}
}

// MATH401Value reads the value MATH 401's rule takes from text: the last
// number outside parentheses (inside them when there is no other), with
// fractions turned into decimals when fractions is true.
func MATH401Value(text string, fractions bool) (*big.Rat, bool) {
	t, ok := math401Last(foldNumberText(text), fractions)
	return t.val, ok
}

// math401Last is the number MATH 401's rule takes from text (see
// MATH401Value), with its place in text. \left and \right (no-ops) are
// read as the spaces they are.
func math401Last(text string, fractions bool) (numTok, bool) {
	text = leftRightBlank.Replace(text)
	var last, lastIn numTok
	found, foundIn := false, false
	for _, t := range scanValues(text, fractions) {
		if t.inParens {
			lastIn, foundIn = t, true
		} else {
			last, found = t, true
		}
	}
	if found {
		return last, true
	}
	return lastIn, foundIn
}

// leftRightBlank blanks \left and \right, keeping every offset.
var leftRightBlank = strings.NewReplacer(`\left`, "     ", `\right`, "      ")

func within401(y, g *big.Rat) bool {
	d := new(big.Rat).Sub(y, g)
	return d.Abs(d).Cmp(tol401) < 0
}

// exactValue evaluates an answer written as an exact expression (a root, π,
// a trig value) with the engine: the last side of an equation chain, under
// a deadline. It reports false for plain numbers (the paper's rule reads
// them) and for anything that is not one real value.
func exactValue(ctx context.Context, cand string) (v *big.Rat, ok bool) {
	if !strings.ContainsAny(cand, `\^π√`) && !strings.Contains(cand, "sqrt") && !strings.Contains(cand, "pi") {
		return nil, false
	}
	if _, ok := compoundQuantity(cand); ok || hasForeignText(cand) {
		// "197 \text{ y } 316" is no product: words between numbers leave
		// the paper's last-number rule alone.
		return nil, false
	}
	s := cand
	for _, sep := range []string{"=", `\approx`, "≈"} {
		if i := strings.LastIndex(s, sep); i >= 0 {
			if strings.TrimSpace(strings.Trim(strings.TrimSpace(s[:i]), "${")) == "" {
				return nil, false // "≈ 3": a relation with nothing on its left
			}
			s = s[i+len(sep):]
		}
	}
	s = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(s), "."))
	if s == "" || len(s) > 500 {
		return nil, false
	}
	for p := range approxRel {
		if strings.HasPrefix(s, p) {
			return nil, false // the same, and the reader's prefix no-op is not the number rule's
		}
	}
	n, err := latex.Parse(s)
	if err != nil {
		return nil, false
	}
	trail := false
	expr.Walk(n, func(m expr.Node) bool {
		if d, ok := m.(*expr.Num); ok && d.Trail {
			trail = true
		}
		return !trail
	})
	if trail {
		return nil, false // 2.8142…: its digits go on, no value the number rules compare
	}
	ctx, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
	defer cancel()
	c, err := expr.Eval(ctx, n, 128, nil, expr.EvalOptions{})
	if err != nil || !c.IsReal() || c.Re.IsInf() {
		return nil, false
	}
	r, _ := c.Re.Rat(nil)
	if r == nil {
		return nil, false
	}
	return r, true
}
