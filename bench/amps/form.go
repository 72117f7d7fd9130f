package amps

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/expr"
	"github.com/matheval/matheval/latex"
)

// Form is the written form a module's answer must have, besides its value.
//
// AMPS grades by value, so where the task is a form (factor, expand,
// simplify, write as a + bi) the question's own expression, copied as the
// answer, is equal in value to the gold one. Each module therefore
// declares a Form; Grade grades the value first, as MATH does, and when
// the value is right it reads the extracted answer with the project's
// parser and inspects the tree: an answer equal in value but not in the
// asked form is Wrong, with the reason. The inspections are exact (tree
// shapes, rational arithmetic, polynomial GCD and factorization over Q,
// integer factorization), never numeric. They are generous about notation
// (order of terms and factors, a constant factor in front, \cdot or
// juxtaposition, \frac or /, a repeated factor or its power, "y =" or
// "f(g(x)) =" before the answer) and strict about the form itself.
//
// A module declares a form when its prompt asks for one ("Factor ...
// completely", "in expanded form", "in the form a + bi", "in interval
// notation", "exactly"), or when the question holds an expression, or an
// operation on given numbers, that the grader itself evaluates (a sum of
// fractions, a product of matrices, a power of a complex number, gcd, lcm,
// mod, a binomial coefficient, a percentage), so that copying the question
// scores: there the task is the computation and the answer must be its
// result written as a number.
type Form string

// The forms. FormNone ("", printed "none") asks nothing beyond the value.
const (
	FormNone Form = ""
	// FormExpanded: a sum of monomials, each a numeric coefficient times
	// distinct variables to positive integer powers, like terms combined.
	FormExpanded Form = "expanded"
	// FormFactored: a numeric constant times polynomials in one variable,
	// each irreducible over Q (a repeated factor as a power or written
	// again).
	FormFactored Form = "factored"
	// FormLowestTerms: one quotient of polynomials (or a polynomial) whose
	// numerator and denominator have no common factor of positive degree.
	FormLowestTerms Form = "lowest_terms"
	// FormPartialFractions: a sum of a polynomial and terms N/F^k with F
	// irreducible over Q, deg N < deg F, each F^k once.
	FormPartialFractions Form = "partial_fractions"
	// FormCompletedSquare: a(x - h)^2 + k: one numeric multiple of the
	// square of a monic (or -1 led) linear polynomial, plus at most one
	// constant.
	FormCompletedSquare Form = "completed_square"
	// FormRadical: simplified radical form: rational numbers times at most
	// one k-th root per term, of an integer free of k-th powers, no
	// radical in a denominator, like radicals combined.
	FormRadical Form = "radical"
	// FormNumeral: one number written out: an integer, a decimal, or a
	// fraction p/q in lowest terms (for a matrix, vector or list, each
	// entry); no operation left.
	FormNumeral Form = "numeral"
	// FormFraction: FormNumeral without decimals: an integer or an
	// (improper) fraction in lowest terms, not a mixed number.
	FormFraction Form = "fraction"
	// FormPrimeFactorization: a product of primes and powers of primes.
	FormPrimeFactorization Form = "prime_factorization"
	// FormRectangular: a + bi with a and b real numbers written with
	// numbers, arithmetic and roots (no i inside them, no functions),
	// at most one real and one imaginary term.
	FormRectangular Form = "rectangular"
	// FormPolar: r(\cos\theta + i\sin\theta) with r > 0 and the same
	// \theta = q\pi in both, 0 <= \theta < 2\pi.
	FormPolar Form = "polar"
	// FormPositiveExponents: one monomial: a numeric coefficient times
	// each variable at most once, to a positive integer power, in the
	// numerator or the denominator; no negative or zero exponent, no
	// power of a product.
	FormPositiveExponents Form = "positive_exponents"
	// FormSlopeIntercept: y = mx + b (or its right side alone), m and b
	// numbers.
	FormSlopeIntercept Form = "slope_intercept"
	// FormInterval: interval notation: an interval or a union of
	// intervals with constant ends.
	FormInterval Form = "interval"
	// FormExact: no decimal number anywhere (a decimal there is rounded).
	FormExact Form = "exact"
)

// formDoc says what each form asks, in words, for reasons and the catalogue.
var formDoc = map[Form]string{
	FormNone:               "no form beyond the value",
	FormExpanded:           "a sum of monomials with like terms combined",
	FormFactored:           "a product of polynomials irreducible over Q",
	FormLowestTerms:        "one fraction of polynomials with no common factor",
	FormPartialFractions:   "a sum of terms N/F^k with F irreducible over Q and deg N < deg F",
	FormCompletedSquare:    "a(x - h)^2 + k",
	FormRadical:            "simplified radical form (radicands free of powers, no radical in a denominator)",
	FormNumeral:            "one number written out (an integer, a decimal or a fraction in lowest terms)",
	FormFraction:           "an integer or a fraction in lowest terms (no decimal, no mixed number)",
	FormPrimeFactorization: "a product of powers of primes",
	FormRectangular:        "a + bi with real a and b",
	FormPolar:              "r(cos θ + i sin θ) with 0 ≤ θ < 2π",
	FormPositiveExponents:  "one monomial with positive exponents",
	FormSlopeIntercept:     "y = mx + b",
	FormInterval:           "interval notation",
	FormExact:              "an exact value (no decimals)",
}

// Forms lists every form, none first then by name.
func Forms() []Form {
	out := make([]Form, 0, len(formDoc))
	for f := range formDoc {
		out = append(out, f)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// String names the form ("none" for FormNone).
func (f Form) String() string {
	if f == FormNone {
		return "none"
	}
	return string(f)
}

// Doc says in words what the form asks.
func (f Form) Doc() string { return formDoc[f] }

// ParseForm reads a form's name ("" and "none" are FormNone).
func ParseForm(s string) (Form, error) {
	if s == "none" {
		return FormNone, nil
	}
	if _, ok := formDoc[Form(s)]; ok {
		return Form(s), nil
	}
	names := make([]string, 0, len(formDoc))
	for _, f := range Forms() {
		names = append(names, f.String())
	}
	return FormNone, fmt.Errorf("amps: unknown answer form %q (known: %s)", s, strings.Join(names, ", "))
}

// errFormUndecided wraps a form check that could not decide (a tree or a
// polynomial past the checks' size limits).
var errFormUndecided = errors.New("the form check could not decide")

// maxFormNodes bounds the tree a form check inspects.
const maxFormNodes = 4000

// CheckForm inspects an answer's parsed tree: it returns "" when the tree
// is in form f, otherwise why not (naming the part at fault); an error
// when it cannot decide (size limits).
func CheckForm(f Form, n expr.Node) (why string, err error) {
	if f == FormNone {
		return "", nil
	}
	if expr.Size(n) > maxFormNodes {
		return "", fmt.Errorf("%w: the answer has more than %d nodes", errFormUndecided, maxFormNodes)
	}
	check, ok := formChecks[f]
	if !ok {
		return "", fmt.Errorf("amps: no check for the form %q", f)
	}
	return check(n)
}

// formChecks are the inspections, by form (formcheck.go).
var formChecks map[Form]func(expr.Node) (string, error)

func init() {
	formChecks = map[Form]func(expr.Node) (string, error){
		FormExpanded:           onSide(checkExpanded),
		FormFactored:           onSide(checkFactored),
		FormLowestTerms:        onSide(checkLowestTerms),
		FormPartialFractions:   onSide(checkPartialFractions),
		FormCompletedSquare:    onSide(checkCompletedSquare),
		FormRadical:            onSide(checkRadical),
		FormNumeral:            onSide(func(n expr.Node) (string, error) { return checkNumeral(n, true), nil }),
		FormFraction:           onSide(func(n expr.Node) (string, error) { return checkNumeral(n, false), nil }),
		FormPrimeFactorization: onSide(checkPrimeFactorization),
		FormRectangular:        onSide(checkRectangular),
		FormPolar:              onSide(checkPolar),
		FormPositiveExponents:  onSide(checkPositiveExponents),
		FormSlopeIntercept:     checkSlopeIntercept,
		FormInterval:           checkInterval,
		FormExact:              checkExact,
	}
}

// CheckAnswerForm parses an answer text as the grader reads it (after
// MATH's normalization) and checks its form.
func CheckAnswerForm(f Form, text string) (why string, err error) {
	if f == FormNone {
		return "", nil
	}
	n, err := latex.Parse(answer.NormalizeMATH(text))
	if err != nil {
		return "", fmt.Errorf("%w: the answer does not parse: %v", errFormUndecided, err)
	}
	return CheckForm(f, n)
}

// GradeForm grades reply against gold by value under Policy and then, when
// the value is right, checks that the extracted answer is in form f: an
// answer equal in value but not in the asked form is Wrong; one whose form
// cannot be decided is Undecided.
func GradeForm(ctx context.Context, f Form, gold, reply, finishReason string) answer.Verdict {
	return withForm(f, answer.GradeContext(ctx, Policy, gold, reply, finishReason))
}

// withForm applies the form check to a value verdict.
func withForm(f Form, v answer.Verdict) answer.Verdict {
	if f == FormNone || v.Kind != answer.Correct {
		return v
	}
	why, err := CheckAnswerForm(f, v.Extracted)
	switch {
	case err != nil:
		return answer.Verdict{Kind: answer.Undecided, Reason: fmt.Sprintf("equal in value, but the form (%s) could not be checked: %v", f, err),
			Extracted: v.Extracted, Metrics: v.Metrics}
	case why != "":
		return answer.Verdict{Kind: answer.Wrong, Reason: fmt.Sprintf("equal in value, but not in the asked form: %s (%s) — %s", f, f.Doc(), why),
			Extracted: v.Extracted, Metrics: v.Metrics}
	}
	v.Reason = strings.TrimSpace(v.Reason + "; in the asked form: " + string(f))
	return v
}

// itemForm is the form an item's answer must have: the item's "form"
// extra (written by Items from the record), else its module's.
func itemForm(it bench.Item) (Form, error) {
	if s, ok := it.Extra["form"].(string); ok {
		return ParseForm(s)
	}
	if m, err := Lookup(it.Meta["module"]); err == nil {
		return m.Form, nil
	}
	return FormNone, nil
}
