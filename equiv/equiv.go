// Package equiv decides whether a candidate answer is the same as a gold
// answer. Both are answer strings (LaTeX or plain text, already extracted
// from any surrounding solution); they are parsed with package latex and
// compared with the exact engine of package expr.
//
// # Equal means proved
//
// Compare answers Equal only when exact arithmetic or a canonical form
// proves the two answers equal, and every Equal says in its reason which
// proof it rests on ("equal: exact rational", "equal: canonical algebraic
// form", ...). The proofs are:
//
//   - identical text, or identical trees up to the order of commutative
//     operands ("identical expressions"; products of matrices keep their
//     order);
//   - exact rational arithmetic on math/big ("exact rational");
//   - canonical forms (expr.Form): both sides are rewritten, by identities
//     only, into sums of rational multiples of monomials over radicals of
//     rationals, i, \pi, e^{P}, logarithms of primes and roots of unity,
//     with variables, roots and opaque applications (|x|, f(x), \arcsin x)
//     as further atoms, and trigonometric and hyperbolic functions written
//     with exponentials. Equal forms prove equal values wherever both sides
//     are defined ("canonical algebraic form", "canonical polynomial
//     form", "canonical rational-function form", "canonical form over
//     Q(√, i, π, e, log, roots of unity)", "canonical exponential form").
//     Rational functions are compared as functions: (x^2-1)/(x-1) equals
//     x+1 although the first is undefined at 1. Variables are real numbers
//     of either sign unless Options.Positive says they are positive.
//   - for rational functions too large to expand, the Schwartz-Zippel
//     identity test: exact evaluation at random integer points from
//     {1, ..., 2^32}, as many as make the chance of a false Equal, at most
//     (d/2^32)^k for degree d, below 2^-100; the reason states the bound
//     ("Schwartz-Zippel identity test"). It is the one proof that is
//     probabilistic, and the only use of random points that can say Equal;
//   - for a sum of a polynomial with a symbolic upper bound (\sum_{k=1}^n
//     k^2), the polynomial identity in n: both sides are polynomials in n
//     of a degree bounded from their trees wherever the sums are defined,
//     and they agree exactly at one more consecutive integer than that
//     degree ("polynomial identity in n", with its range of n);
//   - the decimal policy (see DecimalPolicy) and the sign policy (a
//     percent or degree sign on one side only is a unit: 28\% answers 28;
//     a degree sign against a percent sign is never dropped, nor are two
//     signs on one value: 5\%\% is 0.0005), which are
//     grading rules, not proofs, and say so ("equal: decimal
//     policy", "equal: sign policy");
//   - structures (tuples, intervals, sets, lists, matrices, relations) are
//     Equal when their parts are, each part by one of the proofs above;
//     sets of reals are compared exactly (endpoints as canonical forms,
//     inequalities in one variable solved exactly where their roots are
//     rational or quadratic surds, or a Sturm sequence shows there are no
//     others; a closed bracket at an infinite end, [6, \infty], is no set
//     of reals and never equals one); equations compare up to a constant factor found and checked
//     on the canonical forms; relations without variables (2 < 3,
//     0.56 = 56\%) are statements about numbers and compare side by side
//     (the same operator, left side with left side and right with right,
//     or swapped for =, \approx and \ne).
//
// Numerics only refute. The difference of the two canonical forms (its
// cancellations already exact, so 1/3000! against 1/3001! is visible) is
// evaluated at 160 and 320 bits with an error bound; a value certainly
// away from zero, at the constants or at one of the probe points, gives
// NotEqual with the witness. Probe points (Options.Points, 12 by default)
// run through every sign pattern of the variables and through magnitudes
// from 0.005 to 7000 (near zero, near one, large; never small integers or
// simple fractions, where answers have their kinks and special values),
// with a seeded random shift. Signs of real constants (to pick the branch
// of |a|, min, max, floor) are read from the same bounded evaluation, only
// when certain. A difference of two constant forms made of rationals and
// radicals of pairwise coprime bases is nonzero without numerics (the
// radicals are linearly independent). When the forms differ but no evaluation can
// separate the answers (cos 20° - cos 40° - cos 80° against 0, or sides that
// agree at every probe point), the outcome is Undecided: never Equal. A
// difference that only complex points would show is not sought: answers
// are real, and (x^3)^{1/3} equals x on the reals.
//
// # Bound variables
//
// The index of a sum or product is bound: Compare renames every index by
// its nesting depth first, so \sum_{k=1}^n k and \sum_{i=1}^n i are one
// tree. A sum with symbolic bounds that the polynomial identity does not
// settle has no value the engine computes; it is never probed with a
// made-up value as if its index were free, only refuted at integer values
// of the variables in its bounds (see bind.go), and otherwise Undecided.
// A function's head binds its parameters: f(t) = t^2 is f(x) = x^2, and
// f(t) = x^2 is not (the parameters are renamed apart when the candidate's
// body has a free variable of the gold's parameter's name); f(x) = x^2 is
// not g(x) = x^2, since the question named the function.
//
// # Symbols that were not read
//
// A command the parser kept as an opaque symbol (\zzz, \cancel, \int read
// as a symbol, a decoration over digits such as \dot{3}) has no known
// meaning: an answer holding one is Equal only when both are written alike,
// never by a canonical form or a reordered product (see unread.go).
//
// Undecided also comes from a deadline, a size limit or an answer too
// large. Unparsable names the side and column. A panic is a bug of ours:
// Compare does not hide it as an outcome; it reaches the grading boundary
// (answer.Grade, run.Grade), which reports an internal error, and the
// fuzzers, which find it.
//
// # Structures
//
// An interval, an ordered pair (tuple), a set and a list are four different
// things: (a,b) is ambiguous between an interval and a pair and the gold
// decides; [a,b), a set {a,b} and a bare list a, b never equal one another,
// except that a list of answers and a set of answers are both collections
// and compare alike. Collections compare as sets, and as multisets when the
// gold repeats a value (roots with multiplicity). Names matter: x = 3/2 and
// y = 3/2 differ, a=1, b=4 and a=4, b=1 differ; a bare value against
// "name = value" is the value (x^3 = 12 answers 12), and a gold
// "name = value" against a bare candidate compares values. In a list the
// name is dropped only against a bare value: an item that is a relation
// rather than an assignment (2AB = 9, a+1 = 1) is compared whole, so
// AB=9, CD=4 is not 2AB=9, CD=4. Named values
// against an unnamed tuple compare in the written order when that is also
// alphabetical (x, y; p, q) and are Undecided otherwise unless both orders
// agree.
//
// # Words
//
// latex.Parse reads an answer whose words change its meaning (a qualifier
// such as "not" or "at least", words between two numbers, text in another
// script) as a text answer: it equals only the same text, so the number
// inside it is never graded on its own. Units after a number are dropped.
//
// # Cancellation
//
// Compare takes a context.Context as its first argument and stops when it
// is done; Options.Timeout (100 ms by default) bounds each comparison as
// well. The context reaches every computation in expr (expr.Rational,
// expr.Eval, expr.NewFormBuilder take it), which poll it every 16 steps.
//
// This package sits between latex/expr (below) and answer (above), so that
// the engine and the extraction of answers from replies can be built and
// tested apart.
package equiv

import (
	"context"
	"fmt"
	"math/big"
	"math/rand"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/matheval/matheval/expr"
	"github.com/matheval/matheval/latex"
)

// Outcome is the result of one comparison.
type Outcome int

const (
	Equal      Outcome = iota // the candidate is proved equivalent to the gold answer
	NotEqual                  // it is not
	Undecided                 // neither could be shown (or a deadline or size limit was reached)
	Unparsable                // a side could not be parsed
)

func (o Outcome) String() string {
	switch o {
	case Equal:
		return "equal"
	case NotEqual:
		return "not_equal"
	case Undecided:
		return "undecided"
	case Unparsable:
		return "unparsable"
	}
	return "unknown"
}

// DecimalPolicy says how a decimal answer is compared with a different
// value. It is a grading convention, not a proof of equality.
type DecimalPolicy int

const (
	// DecimalRounded (the default) accepts a candidate decimal for an exact
	// gold that is not a terminating decimal (1/3, \sqrt 2, \pi) when it is
	// that value correctly rounded to the decimal's own places and shows at
	// least MinSigDigits significant digits: 0.3333 and 3.1416, not 0.33,
	// 3.14 or the truncation 0.6666. The other way round, a decimal gold
	// that shows at least MinSigDigits significant digits may stand for a
	// rounded value: it accepts an exact candidate that is not a
	// terminating decimal and rounds to it (2.7778 for 25/9, 0.7071 for
	// \sqrt{2}/2). Two terminating values are never rounded to each other:
	// a gold that is a terminating decimal (or an integer, or a fraction
	// such as 1/4) needs exact equality with a decimal candidate or any
	// other terminating one. So 3.4 is not 3.42, 2.55 is not 2.6, 1.2 is not
	// 1.25, and 42.1875 is not 42.18749.
	DecimalRounded DecimalPolicy = iota
	// DecimalExact accepts only exactly equal values (0.5 for 1/2).
	DecimalExact
	// DecimalAbs accepts |a-b| <= AbsTol (MATH 401 uses 1e-3).
	DecimalAbs
	// DecimalRel accepts |a-b| <= RelTol * |gold|.
	DecimalRel
)

// Options tune a comparison. The zero value is the MATH policy's default.
type Options struct {
	// Timeout bounds one comparison; 0 means 100 ms. The context given to
	// Compare can end it earlier.
	Timeout time.Duration
	// Decimal is the tolerance policy for decimal answers.
	Decimal DecimalPolicy
	// AbsTol and RelTol are the tolerances of DecimalAbs and DecimalRel.
	AbsTol, RelTol float64
	// MinSigDigits is the least number of significant digits a decimal
	// must show under DecimalRounded (see there); 0 means 4.
	MinSigDigits int
	// Points is the number of probe points tried to refute two
	// expressions with variables before answering Undecided; 0 means 12.
	Points int
	// Seed seeds the random part of the probe points (0 is a fixed
	// default), so that verdicts are reproducible.
	Seed int64
	// AnySign is kept for compatibility and has no effect: variables are
	// real numbers of either sign unless Positive is set, and probing only
	// ever refutes.
	AnySign bool
	// Positive declares every symbol a positive real (HARDMath's
	// coefficients a_1, a_2, a_3, physical quantities): canonical forms
	// then use the identities that hold for positive numbers (\sqrt{x^2} =
	// x, \sqrt{xy} = \sqrt{x}\sqrt{y}, \ln(ab) = \ln a + \ln b, |a| = a),
	// and probe points are positive, so a difference seen only at negative
	// values never makes NotEqual.
	Positive bool
	// RootLists reads a bracketed list of values, [a, b, c] or [a, b] with
	// symbolic items, as an unordered list (HARDMath's root answers: the
	// rubric credits matching roots in any order). By default [a, b] is an
	// interval or an ordered pair and [a, b, c] a tuple, in order.
	RootLists bool
	// RegimeLists reads a bare comma list as ordered (HARDMath's integral
	// answers list one formula per regime, small ε first: the same
	// formulas in another order answer the wrong regimes). By default such
	// a list is a list of solutions, in any order.
	RegimeLists bool
	// DecimalComma reads a comma between digits as a decimal point on both
	// sides (Math-Verify's convention: 1000,99 is 1000.99), see
	// latex.Config.DecimalComma. Off by default: MATH writes 1,000 for one
	// thousand, and with the option on that reads as 1.
	DecimalComma bool
	// Unknown names the one quantity the question asks for (HARDMath's
	// \epsilon, as latex names it: "\\epsilon"). A candidate equation
	// against a bare gold then states the gold only when its left side is
	// that symbol itself: \epsilon^{-1} = g says \epsilon = 1/g. Empty:
	// any left side that names a quantity will do (x^3 = 12 answers 12).
	Unknown string
	// StrictUnits is for a caller that takes units off both answers and
	// compares them itself (the answer package's MATH policies): a unit
	// the parser still finds after a value and drops means the caller did
	// not read it, so two answers that drop different units are never
	// Equal (Undecided, naming them). Off, a unit after a number is
	// dropped on either side, as the comment above Compare says.
	StrictUnits bool
	// BareUnitOK, under StrictUnits, lets one side drop a unit the other
	// does not have at all (the policy's rule for a unit against a bare
	// answer); two different dropped units still never agree.
	BareUnitOK bool
	// MaxBits and MaxFactorial override the size limits of expr.
	MaxBits      int
	MaxFactorial int64
}

// Result is an outcome with the reason behind it. The reason of an Equal
// starts with "equal: " and the kind of proof.
type Result struct {
	Outcome Outcome `json:"outcome"`
	Reason  string  `json:"reason"`
}

// eq returns Equal with a proof kind and an optional detail.
func eq(kind string, detail ...any) Result {
	r := "equal: " + kind
	if len(detail) > 0 {
		r += " (" + fmt.Sprintf(detail[0].(string), detail[1:]...) + ")"
	}
	return Result{Equal, r}
}

func neq(format string, a ...any) Result   { return Result{NotEqual, fmt.Sprintf(format, a...)} }
func undec(format string, a ...any) Result { return Result{Undecided, fmt.Sprintf(format, a...)} }

// proofOf returns the proof part of an Equal reason ("exact rational").
func proofOf(r Result) string {
	s := strings.TrimPrefix(r.Reason, "equal: ")
	if i := strings.Index(s, " ("); i >= 0 {
		s = s[:i]
	}
	return s
}

// Compare decides whether cand is equivalent to gold. It stops when ctx is
// done or after opts.Timeout, whichever comes first, and then answers
// Undecided (never Equal).
func Compare(ctx context.Context, gold, cand string, opts Options) (res Result) {
	if opts.Timeout <= 0 {
		opts.Timeout = 100 * time.Millisecond
	}
	if ctx == nil {
		ctx = context.Background()
	}
	ctx, cancel := context.WithTimeout(ctx, opts.Timeout)
	defer cancel()
	c := newComparer(ctx, opts)
	if normText(gold) == normText(cand) && normText(gold) != "" {
		return eq("identical text")
	}
	cfg := latex.Config{DecimalComma: opts.DecimalComma}
	gcfg := cfg
	gcfg.GoldApprox = true // a gold may state its value approximately
	var gDropped, xDropped, gInner, xInner []string
	if opts.StrictUnits {
		gcfg.DroppedUnits, cfg.DroppedUnits = &gDropped, &xDropped
		gcfg.InnerUnits, cfg.InnerUnits = &gInner, &xInner
	}
	g, err := latex.ParseWith(gold, gcfg)
	if err != nil {
		return Result{Unparsable, "gold unparsable at " + err.Error()}
	}
	if n, ok := g.(*expr.Num); ok && n.Radix > 10 && upperNumeral(cand) {
		// 152A against 152A_{11}: a numeral with letter digits, its base
		// left out (radixNumeral reads the all-digit ones)
		cand += fmt.Sprintf("_{%d}", n.Radix)
	}
	x, err := latex.ParseWith(cand, cfg)
	if err != nil {
		return Result{Unparsable, "candidate unparsable at " + err.Error()}
	}
	if expr.Size(g) > 5000 || expr.Size(x) > 5000 {
		return undec("expression too large")
	}
	gb, gu := scanTree(g)
	xb, xu := scanTree(x)
	c.unread = gu || xu
	c.gold = goldNames(g)
	// the index of a sum or product is bound: one name for each depth
	if gb {
		g = alphaNormal(g)
	}
	if xb {
		x = alphaNormal(x)
	}
	r := c.top(g, x)
	if r.Outcome == Equal && opts.StrictUnits && !sameUnitTexts(gDropped, xDropped) &&
		!(opts.BareUnitOK && (len(gDropped) == 0 || len(xDropped) == 0)) {
		return undec("a unit the caller did not read was dropped (gold %q, candidate %q): the units are not compared", gDropped, xDropped)
	}
	if r.Outcome == Equal && opts.StrictUnits && !sameUnitTexts(gDropped, xDropped) && len(gInner)+len(xInner) > 0 {
		// a bare answer may match a value with a unit, never a formula
		// with a unit inside it: 2 cm + 3 is no 5 (or 5 cm)
		return undec("a unit inside the answer was dropped (gold %q, candidate %q): it is not the unit of the whole answer", gInner, xInner)
	}
	if r.Outcome == Equal && c.limitHit {
		// never Equal on a partial computation
		return undec("size or time limit reached")
	}
	if r.Outcome == Equal && !strings.HasPrefix(r.Reason, "equal: ") {
		// every Equal names its proof; a path that does not is a bug
		return undec("internal error: Equal without a proof (%s)", r.Reason)
	}
	return r
}

type comparer struct {
	opts     Options
	ctx      context.Context
	lim      expr.Limits
	rng      *rand.Rand
	fb       *expr.FormBuilder
	limitHit bool
	// unread: an answer holds a symbol that was not read (unreadGuard)
	unread bool
	// gold: the name of every symbol of the gold (freshGuard)
	gold map[string]bool
}

func newComparer(ctx context.Context, opts Options) *comparer {
	seed := opts.Seed
	if seed == 0 {
		seed = 20240601
	}
	if opts.MinSigDigits <= 0 {
		opts.MinSigDigits = 4
	}
	if opts.Points <= 0 {
		opts.Points = 12
	}
	opts.Seed = seed
	return &comparer{opts: opts, ctx: ctx, lim: expr.Limits{MaxBits: opts.MaxBits, MaxFactorial: opts.MaxFactorial}}
}

// forms returns the comparison's form builder (one per comparison, so that
// both sides share their atoms).
func (c *comparer) forms() *expr.FormBuilder {
	if c.fb == nil {
		c.fb = expr.NewFormBuilder(c.ctx, expr.FormOptions{Limits: c.lim, Positive: c.opts.Positive})
	}
	return c.fb
}

// random returns the probing generator, seeded on first use (seeding costs
// about 10 µs, more than most comparisons).
func (c *comparer) random() *rand.Rand {
	if c.rng == nil {
		c.rng = rand.New(rand.NewSource(c.opts.Seed))
	}
	return c.rng
}

func (c *comparer) expired() bool { return c.ctx.Err() != nil }

// normText folds an answer for text comparison: spaces, $, \text{},
// \mathrm{}, trailing full stops, periods inside abbreviations.
func normText(s string) string {
	s = strings.TrimSpace(s)
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch ch {
		case ' ', '\t', '\n', '$', '~':
			// a space between two letters or digits may separate tokens
			// ("12 3", "a b"): keep one; drop the rest. The parser reads $
			// and ~ as spaces too, so "2$8" is not "28" (found by FuzzCompare).
			if i > 0 && i+1 < len(s) && (isAlnum(s[i-1]) || s[i-1] == ',') && isAlnum(s[i+1]) {
				// (and one after a comma: "5, 460" is a list, 5,\!460 a
				// number)
				b.WriteByte(' ')
			}
			continue
		case '.':
			// a period next to a letter is an abbreviation or a full stop
			prevL := i > 0 && isLetter(s[i-1])
			nextL := i+1 < len(s) && isLetter(s[i+1])
			if prevL || nextL || i == len(s)-1 {
				continue
			}
		case '\\':
			if i+1 < len(s) && (s[i+1] == ',' || s[i+1] == '!' || s[i+1] == ';' || s[i+1] == ' ') {
				i++
				continue
			}
		}
		b.WriteByte(ch)
	}
	out := b.String()
	out = strings.TrimPrefix(out, "\\(")
	out = strings.TrimSuffix(out, "\\)")
	return out
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func isAlnum(c byte) bool { return isLetter(c) || c >= '0' && c <= '9' }

func kind(n expr.Node) string {
	switch t := n.(type) {
	case *expr.Rel:
		return "relation"
	case *expr.Tuple:
		if isInterval(t) {
			return "interval"
		}
		return "tuple"
	case *expr.Set:
		return "set"
	case *expr.SetOp:
		return "set expression"
	case *expr.Matrix:
		return "matrix"
	case *expr.List:
		return "list"
	case *expr.Ratio:
		return "ratio"
	case *expr.Text:
		return "text"
	}
	if isReals(n) {
		return "set of reals"
	}
	return "expression"
}

// ---- top level ----

func (c *comparer) top(g, x expr.Node) Result {
	if r, ok := c.antiderivatives(g, x); ok {
		return r
	}
	return c.cmp(g, x, 0)
}

// cmp compares two answers of any shape.
func (c *comparer) cmp(g, x expr.Node, depth int) Result {
	if depth > 20 {
		return undec("answers nested too deeply")
	}
	if c.expired() {
		c.limitHit = true
		return undec("deadline of %v reached", c.opts.Timeout)
	}
	if r, ok := radixNumeral(g, x); ok {
		return r
	}
	if gl, ok := g.(*expr.List); ok && c.opts.RegimeLists {
		if xl, ok := x.(*expr.List); ok {
			if len(gl.Items) != len(xl.Items) {
				return neq("lists of regimes of different lengths: %d vs %d", len(gl.Items), len(xl.Items))
			}
			return c.cmpOrdered(gl.Items, xl.Items, depth, "list of regimes")
		}
	}
	if expr.Key(g) == expr.Key(x) && connective(g) == connective(x) {
		// (expr.Key leaves out the words joining a list: "x > 1 and x < 3"
		// and "x > 1 or x < 3" have one key). With a symbol that was not
		// read, the order of a product may matter: only trees written
		// alike are identical, others are compared part by part.
		if r := c.unreadGuard(eq("identical expressions"), g, x); r.Outcome == Equal {
			return r
		}
	}
	// a set said in words: "no solution" is the empty set, "all real
	// numbers" is \mathbb{R}
	if s, ok := setWords(g); ok {
		return c.cmp(s, x, depth+1)
	}
	if s, ok := setWords(x); ok {
		return c.cmp(g, s, depth+1)
	}
	// text answers
	gt, gIsText := g.(*expr.Text)
	xt, xIsText := x.(*expr.Text)
	if gIsText || xIsText {
		return c.cmpText(g, x, gt, xt)
	}
	// x \in \{1, 2\}: the set is the answer
	if gu, xu := unwrapMember(g), unwrapMember(x); gu != g || xu != x {
		return c.cmp(gu, xu, depth+1)
	}
	// relations, assignments and names
	if r, ok := c.cmpNamed(g, x, depth); ok {
		return r
	}
	// det and tr of matrix arithmetic (\det(2A), \operatorname{tr}(A^2)),
	// and |A| of a square matrix, its determinant
	if g2, ok := c.matrixFunction(g); ok {
		return c.cmp(g2, x, depth+1)
	}
	if x2, ok := c.matrixFunction(x); ok {
		return c.cmp(g, x2, depth+1)
	}
	// matrix arithmetic written out: A + B, A B, 2A
	if _, isM := g.(*expr.Matrix); !isM && (hasMatrix(g) || hasCross(g)) {
		if m, ok := c.matrixValue(g); ok {
			return c.cmp(m, x, depth+1)
		}
	}
	if _, isM := x.(*expr.Matrix); !isM && (hasMatrix(x) || hasCross(x)) {
		if m, ok := c.matrixValue(x); ok {
			return c.cmp(g, m, depth+1)
		}
	}
	// degree and percent signs
	if r, ok := c.cmpMarks(g, x, depth); ok {
		return r
	}
	// under RootLists two bracketed pairs are lists of roots, never
	// intervals: [1, -1] against [-1, 1] (HARDMath's roots of x^2 - 1)
	if gt, xt, ok := bracketPairs(g, x); ok && c.opts.RootLists {
		return c.cmpUnordered(gt.Items, xt.Items, c.repeats(gt.Items, depth), depth)
	}
	// sets of reals: intervals, unions, \mathbb{R}, inequalities
	if r, ok := c.cmpRealSets(g, x, depth); ok {
		return r
	}
	// collections
	if r, ok := c.cmpCollections(g, x, depth); ok {
		return r
	}
	switch gv := g.(type) {
	case *expr.Tuple:
		return c.cmpTuple(gv, x, depth)
	case *expr.Matrix:
		return c.cmpMatrix(gv, x, depth)
	case *expr.SetOp:
		return c.cmpSetOps(gv, x, depth)
	case *expr.Rel:
		return c.cmpRel(gv, x, depth)
	case *expr.Ratio:
		xr, ok := x.(*expr.Ratio)
		if !ok {
			return neq("gold is a ratio, candidate a %s", kind(x))
		}
		return c.cmpRatio(gv, xr)
	}
	switch xv := x.(type) {
	case *expr.Tuple:
		if m, ok := g.(*expr.Matrix); ok {
			return c.cmpMatrix(m, xv, depth)
		}
		return neq("gold is an %s, candidate a %s", kind(g), kind(x))
	case *expr.Matrix, *expr.SetOp, *expr.Ratio, *expr.Rel:
		return neq("gold is an %s, candidate a %s", kind(g), kind(x))
	}
	if isReals(g) != isReals(x) {
		return neq("gold is an %s, candidate a %s", kind(g), kind(x))
	}
	return c.scalar(g, x)
}

// radixNumeral reads a bare numeral against a gold written in a base
// other than ten (1011_2, 152A_{11}): the gold asks for the answer in that
// base, and a model often leaves the subscript out, so a numeral with the
// gold's digits is the gold (1011 for 1011_2). Any other numeral is
// compared by its decimal value as before (11 for 1011_2 is its value);
// a candidate with its own subscript says its base.
func radixNumeral(g, x expr.Node) (Result, bool) {
	gn, ok := g.(*expr.Num)
	if !ok || gn.Radix == 0 || gn.Radix == 10 || !gn.V.IsInt() {
		return Result{}, false
	}
	xn, ok := x.(*expr.Num)
	if !ok || xn.Radix != 0 || xn.Dec || xn.Trail || !xn.V.IsInt() || xn.V.Sign() < 0 {
		return Result{}, false
	}
	v, ok := new(big.Int).SetString(xn.V.Num().String(), gn.Radix)
	if ok && v.Cmp(gn.V.Num()) == 0 {
		return eq(fmt.Sprintf("the same numeral in base %d", gn.Radix)), true
	}
	return Result{}, false
}

// upperNumeral reports whether s is digits and capital letters with at
// least one of each (152A, 1F): a numeral of a base above ten.
func upperNumeral(s string) bool {
	s = strings.TrimSpace(s)
	digit, letter := false, false
	for _, c := range []byte(s) {
		switch {
		case c >= '0' && c <= '9':
			digit = true
		case c >= 'A' && c <= 'Z':
			letter = true
		default:
			return false
		}
	}
	return digit && letter
}

// unwrapMember returns S for "x \in S" with a finite set S.
func unwrapMember(n expr.Node) expr.Node {
	if r, ok := n.(*expr.Rel); ok && len(r.Ops) == 1 && r.Ops[0] == "in" && isSimpleVar(r.Sides[0]) {
		if _, ok := r.Sides[1].(*expr.Set); ok {
			return r.Sides[1]
		}
	}
	return n
}

// cmpMarks compares answers with a top-level degree or percent sign. One
// side with the sign and the other without are Equal under the sign
// policy (MATH's convention: the sign is a unit, 28\% answers 28) when the
// numbers are, and otherwise when the sign read as a value makes them equal
// (20\% against 0.2, 30^\circ against \pi/6: a proof).
func (c *comparer) cmpMarks(g, x expr.Node, depth int) (Result, bool) {
	gs, gm := stripMarks(g)
	xs, xm := stripMarks(x)
	if gm == "" && xm == "" {
		return Result{}, false
	}
	names := map[string]string{"deg": "degree", "percent": "percent"}
	if _, m2 := stripMarks(gs); m2 != "" {
		gm = "twice"
	}
	if _, m2 := stripMarks(xs); m2 != "" {
		xm = "twice"
	}
	if gm == "twice" || xm == "twice" {
		// the sign policy drops one sign, a unit: 5\%\% is 0.0005, not
		// a 5 with two units; only the values can agree (a proof)
		if r := c.scalar(g, x); r.Outcome == Equal {
			return r, true
		}
		return neq("two percent or degree signs on one value are no unit"), true
	}
	if gm != "" && xm != "" && gm != xm {
		// a degree sign against a percent sign: two different units, never
		// dropped together; only their values can agree (a proof)
		if expr.IsScalar(gs) && expr.IsScalar(xs) {
			if r := c.scalar(g, x); r.Outcome == Equal {
				r.Reason += " (reading the degree and percent signs as values)"
				return r, true
			}
		}
		return neq("a %s sign against a %s sign", names[gm], names[xm]), true
	}
	r := c.cmp(gs, xs, depth+1)
	if r.Outcome == Equal || gm == xm {
		if r.Outcome == Equal && gm != xm {
			// a grading convention (MATH's answers drop the sign), not a
			// proof: 28\% is 0.28, not 28
			r = eq("sign policy", "%s without the %s sign", proofOf(r), names[gm+xm])
		}
		return r, true
	}
	// 20\% against 0.2; 30^\circ against \pi/6: the signs as values
	if expr.IsScalar(gs) && expr.IsScalar(xs) {
		if r2 := c.scalar(g, x); r2.Outcome == Equal {
			r2.Reason += " (reading the " + names[gm+xm] + " sign as a value)"
			return r2, true
		}
	}
	return r, true
}

// stripMarks drops a top-level degree or percent sign, reporting which.
func stripMarks(n expr.Node) (expr.Node, string) {
	if t, ok := n.(*expr.Call); ok && len(t.Args) == 1 && (t.Fn == "deg" || t.Fn == "percent") {
		return t.Args[0], t.Fn
	}
	return n, ""
}

func (c *comparer) cmpText(g, x expr.Node, gt, xt *expr.Text) Result {
	gs, xs := textSynonym(textOf(g)), textSynonym(textOf(x))
	if gs != "" && gs == xs {
		return eq("same text")
	}
	if gt != nil && xt != nil {
		return neq("different text: %q vs %q", gt.S, xt.S)
	}
	return neq("different answers: %q vs %q", gs, xs)
}

// bracketPairs returns g and x when both are bracketed pairs [a, b].
func bracketPairs(g, x expr.Node) (*expr.Tuple, *expr.Tuple, bool) {
	gt, ok1 := g.(*expr.Tuple)
	xt, ok2 := x.(*expr.Tuple)
	if !ok1 || !ok2 || len(gt.Items) != 2 || len(xt.Items) != 2 {
		return nil, nil, false
	}
	for _, t := range []*expr.Tuple{gt, xt} {
		if t.Open != "[" || t.Close != "]" {
			return nil, nil, false
		}
	}
	return gt, xt, true
}

// setWords reads a text answer that names a set: the empty set ("no
// solution", "no real solutions", "the empty set", "none") or the reals
// ("all real numbers", "every real number"). Only the whole phrase is
// read; anything else in the text keeps it a text.
func setWords(n expr.Node) (expr.Node, bool) {
	t, ok := n.(*expr.Text)
	if !ok {
		return nil, false
	}
	w := strings.Join(strings.Fields(strings.ToLower(strings.Trim(t.S, " .!"))), " ")
	w = strings.TrimPrefix(w, "there are ")
	w = strings.TrimPrefix(w, "there is ")
	switch w {
	case "no solution", "no solutions", "no real solution", "no real solutions", "no real roots", "no roots",
		"no real number", "no real numbers", "the empty set", "empty set", "none", "no such number", "no values",
		"no real values", "no value", "no x":
		return &expr.Set{}, true
	case "all real numbers", "all reals", "all real values", "every real number", "any real number",
		"the set of all real numbers", "the real numbers", "all real x", "all x", "all real numbers x":
		return &expr.Sym{Name: `\mathbb{R}`}, true
	}
	return nil, false
}

// textSynonym maps the spellings of one text answer to one (folded, as
// textOf writes them): DNE is "does not exist".
func textSynonym(s string) string {
	switch s {
	case "dne", "doesnotexist", "doesn'texist", "itdoesnotexist", "thelimitdoesnotexist":
		return "doesnotexist"
	case "undefined", "isundefined", "notdefined", "itisundefined":
		return "undefined"
	}
	return s
}

// textOf prints a node as folded text (a Text's words, or a product of
// letters as the word it spells).
func textOf(n expr.Node) string {
	switch t := n.(type) {
	case *expr.Text:
		// the periods of abbreviations go ("p.m.", "Mrs. Hilt"), never a
		// decimal point: 1.25 pm is not 125 pm
		b := []byte(t.S)
		for i, ch := range b {
			if ch == '.' && !(i > 0 && i+1 < len(b) && isDigitByte(b[i-1]) && isDigitByte(b[i+1])) {
				b[i] = ' '
			}
		}
		return strings.ToLower(strings.Join(strings.Fields(string(b)), ""))
	case *expr.Sym:
		if len(t.Name) == 1 {
			return strings.ToLower(t.Name)
		}
	case *expr.Mul:
		var b strings.Builder
		for _, f := range t.Factors {
			s, ok := f.(*expr.Sym)
			if !ok || len(s.Name) != 1 {
				return ""
			}
			b.WriteString(strings.ToLower(s.Name))
		}
		return b.String()
	}
	return ""
}

// ---- ratios ----

func (c *comparer) cmpRatio(g, x *expr.Ratio) Result {
	if len(g.Items) != len(x.Items) {
		return neq("ratios of different lengths")
	}
	same := true
	var proof string
	for i := range g.Items {
		r := c.scalar(g.Items[i], x.Items[i])
		if r.Outcome != Equal {
			same = false
			break
		}
		proof = proofOf(r)
	}
	if same {
		return eq(proof, "same ratio term by term")
	}
	// proportional: a:b = c:d when a d = b c, all terms nonzero
	undecided := false
	for i := 1; i < len(g.Items); i++ {
		l := &expr.Mul{Factors: []expr.Node{g.Items[0], x.Items[i]}}
		r := &expr.Mul{Factors: []expr.Node{g.Items[i], x.Items[0]}}
		if c.isZero(g.Items[i]) || c.isZero(x.Items[i]) {
			return neq("ratios differ")
		}
		res := c.scalar(l, r)
		switch res.Outcome {
		case Equal:
			proof = proofOf(res)
		case Undecided:
			undecided = true
		default:
			return neq("ratios differ")
		}
	}
	if undecided {
		return undec("could not decide whether the ratios are proportional")
	}
	return eq(proof, "proportional ratios")
}

func (c *comparer) isZero(n expr.Node) bool {
	v, err := expr.Rational(c.ctx, n, c.lim)
	return err == nil && v.Sign() == 0
}

// ---- sorting helper for reasons ----

func sortedNames(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// sameUnitTexts reports whether two lists of dropped units (StrictUnits)
// hold the same units in any order, their wrappers and spacing aside
// (\text{ cm} is \mathrm{cm}).
func sameUnitTexts(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	norm := func(l []string) []string {
		out := make([]string, len(l))
		for i, u := range l {
			for _, w := range []string{`\text`, `\mathrm`, `\mbox`, `\textrm`, `\textnormal`, `\textbf`, `\textit`,
				`\hbox`, `\textsf`, `\mathsf`, `\texttt`, `\,`, `\;`, `\:`, `\ `, `\!`, "~", "{", "}", " "} {
				u = strings.ReplaceAll(u, w, "")
			}
			out[i] = u
		}
		sort.Strings(out)
		return out
	}
	return slices.Equal(norm(a), norm(b))
}

func isDigitByte(c byte) bool { return c >= '0' && c <= '9' }
