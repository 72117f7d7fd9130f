// Package equiv decides whether a candidate answer is the same as a gold
// answer. Both are answer strings (LaTeX or plain text, already extracted
// from any surrounding solution); they are parsed with package latex and
// compared with the exact engine of package expr. Every comparison runs under
// a deadline and size limits: past them the outcome is Undecided, never Equal.
//
// This package sits between latex/expr (below) and answer (above), so that the
// engine and the extraction of answers from replies can be built and tested
// apart.
//
// # How a verdict is reached
//
//  1. Both sides are parsed; an unparsable side gives Unparsable with the
//     column of the error. Word answers (\text{Evelyn}, multiple-choice
//     letters) are compared as case-folded text. f(x), g(2), f^{-1}(3) are
//     applications of uninterpreted functions, never the products f*x;
//     set-builder sets {x | x > 2} (also with :, \mid, x \in \mathbb{R})
//     are read as their condition. Options.DecimalComma reads 1000,99 as
//     1000.99 (off by default: MATH writes 1,000 for one thousand).
//  2. Answers are unwrapped: an assignment "x = 3" or a chain "x = 5+5+1 = 11"
//     stands for its last value; a top-level degree sign or percent sign is
//     dropped (28\% matches 28, with 0.28 tried as well).
//  3. Structures are compared by shape: sets and lists of answers as sets
//     (a subset is wrong), tuples in order, intervals by ends and brackets,
//     matrices by shape and entries, \pm as the set of both signs, equations
//     up to a nonzero factor, inequalities up to a positive factor, an
//     inequality against an interval by membership.
//  4. Numbers: both sides are first evaluated exactly as rationals
//     (integers are never compared as floats). A bare decimal literal
//     against a different value follows the decimal policy of Options.
//  5. Irrational constants (\sqrt{2}, \pi, e) are compared numerically at
//     160 and 320 bits. The rule for Equal: the difference at 320 bits is
//     zero or at least 2^80 times smaller than at 160 bits (a true zero
//     shrinks with precision, a true difference, however tiny - 1/2004!
//     against 1/2006! - does not).
//  6. Expressions with variables are probed at random rational points
//     (positive values first, since answers usually assume positive symbols;
//     signed values when too many points fall outside the domain), with the
//     same two-precision test at each point. Options.Positive takes every
//     symbol to be a positive real: only positive points are drawn, never
//     signed ones, so \sqrt{x^2} against x or |a| against a is Equal and
//     a side that evaluates at too few positive points is Undecided.
//     Options.AnySign draws signed points from the start. Equal needs at least 4 points
//     where both sides evaluate and every such point agreeing; a single
//     disagreeing point gives NotEqual.
//  7. Any size limit, deadline or internal failure gives Undecided.
package equiv

import (
	"context"
	"fmt"
	"math/big"
	"math/rand"
	"sort"
	"strings"
	"time"

	"github.com/matheval/matheval/expr"
	"github.com/matheval/matheval/latex"
)

// Outcome is the result of one comparison.
type Outcome int

const (
	Equal      Outcome = iota // the candidate is equivalent to the gold answer
	NotEqual                  // it is not
	Undecided                 // deadline or size limits reached
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

// DecimalPolicy says how a bare decimal answer is compared with a different
// value (an exact gold such as 1/3, or a decimal with more digits).
type DecimalPolicy int

const (
	// DecimalRounded (the default, MATH) accepts the decimal when it is the
	// other value rounded (or truncated) to the decimal's number of places
	// and shows at least MinSigDigits significant digits: 0.33 for 1/3,
	// 2.7778 for 25/9, but not 0.3 for 1/3.
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
	// Timeout bounds one comparison; 0 means 100 ms.
	Timeout time.Duration
	// Decimal is the tolerance policy for decimal answers.
	Decimal DecimalPolicy
	// AbsTol and RelTol are the tolerances of DecimalAbs and DecimalRel.
	AbsTol, RelTol float64
	// MinSigDigits is the least number of significant digits a rounded
	// decimal must show under DecimalRounded; 0 means 2.
	MinSigDigits int
	// Points is the number of agreeing random points needed for Equal when
	// probing expressions with variables; 0 means 4.
	Points int
	// Seed seeds the random probing points (0 is a fixed default), so that
	// verdicts are reproducible.
	Seed int64
	// AnySign drops the assumption that symbols are positive: probing
	// points are then drawn with either sign from the start (sqrt{x^2} and
	// x stop being equal).
	AnySign bool
	// Positive declares every symbol a positive real (HARDMath's
	// coefficients a_1, a_2, a_3, physical quantities): probing points are
	// drawn only from positive values, never signed ones, even when too
	// many positive points fall outside the domain (the outcome is then
	// Undecided), so a difference seen only at negative values never makes
	// NotEqual. It takes precedence over AnySign.
	Positive bool
	// DecimalComma reads a comma between digits as a decimal point on both
	// sides (Math-Verify's convention: 1000,99 is 1000.99), see
	// latex.Config.DecimalComma. Off by default: MATH writes 1,000 for one
	// thousand, and with the option on that reads as 1.
	DecimalComma bool
	// MaxBits and MaxFactorial override the size limits of expr.
	MaxBits      int
	MaxFactorial int64
}

// Result is an outcome with the reason behind it.
type Result struct {
	Outcome Outcome `json:"outcome"`
	Reason  string  `json:"reason"`
}

func eq(format string, a ...any) Result    { return Result{Equal, fmt.Sprintf(format, a...)} }
func neq(format string, a ...any) Result   { return Result{NotEqual, fmt.Sprintf(format, a...)} }
func undec(format string, a ...any) Result { return Result{Undecided, fmt.Sprintf(format, a...)} }

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
	defer func() {
		if r := recover(); r != nil {
			res = undec("internal error: %v", r)
		}
	}()
	if normText(gold) == normText(cand) && normText(gold) != "" {
		return eq("identical text")
	}
	cfg := latex.Config{DecimalComma: opts.DecimalComma}
	g, err := latex.ParseWith(gold, cfg)
	if err != nil {
		return Result{Unparsable, "gold unparsable at " + err.Error()}
	}
	x, err := latex.ParseWith(cand, cfg)
	if err != nil {
		return Result{Unparsable, "candidate unparsable at " + err.Error()}
	}
	if expr.Size(g) > 5000 || expr.Size(x) > 5000 {
		return undec("expression too large")
	}
	r := c.top(g, x)
	if r.Outcome == Equal && c.limitHit {
		// never Equal on a partial computation
		return undec("size or time limit reached")
	}
	return r
}

type comparer struct {
	opts     Options
	ctx      context.Context
	lim      expr.Limits
	rng      *rand.Rand
	limitHit bool
}

func newComparer(ctx context.Context, opts Options) *comparer {
	seed := opts.Seed
	if seed == 0 {
		seed = 20240601
	}
	if opts.MinSigDigits == 0 {
		opts.MinSigDigits = 2
	}
	if opts.Points == 0 {
		opts.Points = 4
	}
	opts.Seed = seed
	return &comparer{opts: opts, ctx: ctx, lim: expr.Limits{MaxBits: opts.MaxBits, MaxFactorial: opts.MaxFactorial}}
}

// random returns the probing generator, seeded on first use (seeding costs
// about 10 µs, more than most comparisons).
func (c *comparer) random() *rand.Rand {
	if c.rng == nil {
		c.rng = rand.New(rand.NewSource(c.opts.Seed))
	}
	return c.rng
}

// positivePoint says whether probing attempt number attempt draws positive
// values: always under Positive, never under AnySign, else for the first
// firstPositive attempts (the positive-first default).
func (c *comparer) positivePoint(attempt, firstPositive int) bool {
	if c.opts.Positive {
		return true
	}
	return attempt < firstPositive && !c.opts.AnySign
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
		case ' ', '\t', '\n':
			// a space between two letters or digits may separate tokens
			// ("12 3", "a b"): keep one; drop the rest
			if i > 0 && i+1 < len(s) && isAlnum(s[i-1]) && isAlnum(s[i+1]) {
				b.WriteByte(' ')
			}
			continue
		case '$', '~':
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

// ---- top level ----

func (c *comparer) top(g, x expr.Node) Result {
	if expr.Key(g) == expr.Key(x) {
		return eq("identical expressions")
	}
	return c.cmp(g, x, 0)
}

// value unwraps an answer to what it states: the right side of an
// assignment, the last value of a chain of equalities.
func value(n expr.Node) expr.Node {
	switch t := n.(type) {
	case *expr.Rel:
		// x \in \{1, 2\}: the set is the answer
		if len(t.Ops) == 1 && t.Ops[0] == "in" && isTarget(t.Sides[0]) {
			if _, ok := t.Sides[1].(*expr.Set); ok {
				return t.Sides[1]
			}
		}
		if !allOps(t, "=", "~") {
			return n
		}
		lastEq := -1
		for i, op := range t.Ops {
			if op == "=" {
				lastEq = i
			}
		}
		if len(t.Sides) >= 3 {
			if lastEq < 0 {
				return t.Sides[len(t.Sides)-1]
			}
			return t.Sides[lastEq+1]
		}
		lhs, rhs := t.Sides[0], t.Sides[1]
		if isTarget(lhs) {
			return rhs
		}
		if len(expr.FreeVars(lhs)) == 0 && len(expr.FreeVars(rhs)) == 0 && expr.IsScalar(lhs) {
			return rhs
		}
		if t.Ops[0] == "~" {
			return rhs
		}
	case *expr.List:
		if len(t.Items) == 1 {
			return value(t.Items[0])
		}
	case *expr.Set:
		// a braced single value {5} written as a group
	}
	return n
}

func allOps(r *expr.Rel, ops ...string) bool {
	for _, o := range r.Ops {
		ok := false
		for _, a := range ops {
			if o == a {
				ok = true
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// isTarget reports whether n names what is being asked for (x, a_1, f(x),
// (p,q), S_1:S_2, \frac{NO}{BO}) rather than being an expression to solve.
func isTarget(n expr.Node) bool {
	switch t := n.(type) {
	case *expr.Sym:
		return !expr.IsConst(t.Name) || t.Name == expr.E || t.Name == expr.I
	case *expr.Mul:
		for _, f := range t.Factors {
			if p, ok := f.(*expr.Pow); ok {
				if e, ok := p.Exp.(*expr.Num); ok && e.V.Cmp(big.NewRat(-1, 1)) == 0 {
					f = p.Base
				}
			}
			if !isTarget(f) {
				return false
			}
		}
		return true
	case *expr.Tuple:
		for _, it := range t.Items {
			if !isTarget(it) {
				return false
			}
		}
		return true
	case *expr.Ratio:
		for _, it := range t.Items {
			if !isTarget(it) {
				return false
			}
		}
		return true
	case *expr.Call:
		// f(x) written as a call of an unknown function, or \angle ABC
		_, known := knownFn[t.Fn]
		return !known
	}
	return false
}

var knownFn = map[string]bool{"sin": true, "cos": true, "tan": true, "cot": true, "sec": true, "csc": true, "asin": true,
	"acos": true, "atan": true, "ln": true, "log": true, "exp": true, "abs": true, "floor": true, "ceil": true,
	"fact": true, "binom": true, "percent": true, "deg": true, "pm": true, "gcd": true, "lcm": true, "max": true,
	"min": true, "sinh": true, "cosh": true, "tanh": true, "sum": true, "prod": true, "mod": true}

// stripMarks drops a top-level degree or percent sign, reporting which.
func stripMarks(n expr.Node) (expr.Node, string) {
	if t, ok := n.(*expr.Call); ok && len(t.Args) == 1 && (t.Fn == "deg" || t.Fn == "percent") {
		return t.Args[0], t.Fn
	}
	return n, ""
}

// elements returns the members of a collection answer: a list, a set, or a
// scalar with \pm (both signs). ok is false for anything else.
func elements(n expr.Node) ([]expr.Node, bool) {
	switch t := n.(type) {
	case *expr.List:
		var out []expr.Node
		for _, it := range t.Items {
			if sub, ok := expandPM(value(it)); ok {
				out = append(out, sub...)
			} else {
				out = append(out, value(it))
			}
		}
		return out, true
	case *expr.Set:
		var out []expr.Node
		for _, it := range t.Items {
			if sub, ok := expandPM(it); ok {
				out = append(out, sub...)
			} else {
				out = append(out, it)
			}
		}
		return out, true
	}
	if sub, ok := expandPM(n); ok {
		return sub, true
	}
	return nil, false
}

// expandPM replaces each \pm by + and by - (at most 4 of them).
func expandPM(n expr.Node) ([]expr.Node, bool) {
	count := 0
	expr.Walk(n, func(m expr.Node) bool {
		if cl, ok := m.(*expr.Call); ok && cl.Fn == "pm" {
			count++
		}
		return true
	})
	if count == 0 || count > 4 || !expr.IsScalar(n) {
		return nil, false
	}
	var out []expr.Node
	for mask := 0; mask < 1<<count; mask++ {
		k := 0
		out = append(out, replacePM(n, mask, &k))
	}
	return out, true
}

func replacePM(n expr.Node, mask int, k *int) expr.Node {
	switch t := n.(type) {
	case *expr.Call:
		if t.Fn == "pm" && len(t.Args) == 1 {
			bit := mask >> *k & 1
			*k++
			a := replacePM(t.Args[0], mask, k)
			if bit == 1 {
				return &expr.Neg{X: a}
			}
			return a
		}
		args := make([]expr.Node, len(t.Args))
		for i, a := range t.Args {
			args[i] = replacePM(a, mask, k)
		}
		return &expr.Call{Fn: t.Fn, Args: args}
	case *expr.Neg:
		return &expr.Neg{X: replacePM(t.X, mask, k)}
	case *expr.Add:
		return &expr.Add{Terms: replaceAll(t.Terms, mask, k)}
	case *expr.Mul:
		return &expr.Mul{Factors: replaceAll(t.Factors, mask, k)}
	case *expr.Pow:
		b := replacePM(t.Base, mask, k)
		return &expr.Pow{Base: b, Exp: replacePM(t.Exp, mask, k)}
	}
	return n
}

func replaceAll(ns []expr.Node, mask int, k *int) []expr.Node {
	out := make([]expr.Node, len(ns))
	for i, x := range ns {
		out[i] = replacePM(x, mask, k)
	}
	return out
}

func kind(n expr.Node) string {
	switch n.(type) {
	case *expr.Rel:
		return "relation"
	case *expr.Tuple:
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
	return "expression"
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
	if expr.Key(g) == expr.Key(x) {
		return eq("identical expressions")
	}
	// text answers
	gt, gIsText := g.(*expr.Text)
	xt, xIsText := x.(*expr.Text)
	if gIsText || xIsText {
		return c.cmpText(g, x, gt, xt)
	}
	gr, gIsRel := g.(*expr.Rel)
	xr, xIsRel := x.(*expr.Rel)
	if gIsRel && xIsRel && isAssignment(gr) != isAssignment(xr) && relKind(gr) == "equation" && relKind(xr) == "equation" &&
		len(gr.Sides) == 2 && len(xr.Sides) == 2 {
		// y = 3x/2 against 2y - 3x = 0: the same equation
		if r := c.cmpEquations(gr, xr, false, false); r.Outcome == Equal {
			return r
		}
	}
	g0, x0 := g, x
	g, x = value(g), value(x)
	if g != g0 || x != x0 {
		if expr.Key(g) == expr.Key(x) {
			return eq("same value")
		}
		return c.cmp(g, x, depth+1)
	}
	// matrix arithmetic written out: A + B, A B, 2A
	if _, isM := g.(*expr.Matrix); !isM && hasMatrix(g) {
		if m, ok := matrixValue(g); ok {
			return c.cmp(m, x, depth+1)
		}
	}
	if _, isM := x.(*expr.Matrix); !isM && hasMatrix(x) {
		if m, ok := matrixValue(x); ok {
			return c.cmp(g, m, depth+1)
		}
	}
	// degree and percent signs
	gs, gm := stripMarks(g)
	xs, xm := stripMarks(x)
	if gm != "" || xm != "" {
		r := c.cmp(gs, xs, depth+1)
		if r.Outcome == Equal || gm == xm {
			if r.Outcome == Equal && gm != xm {
				r.Reason += " (ignoring the " + map[string]string{"deg": "degree", "percent": "percent"}[gm+xm] + " sign)"
			}
			return r
		}
		// 20\% against 0.2; 30^\circ against \pi/6: the signs as values
		if expr.IsScalar(gs) && expr.IsScalar(xs) {
			if r2 := c.scalar(g, x); r2.Outcome == Equal {
				r2.Reason += " (reading the " + map[string]string{"deg": "degree", "percent": "percent"}[gm+xm] + " sign as a value)"
				return r2
			}
		}
		return r
	}
	// collections
	ge, gColl := elements(g)
	xe, xColl := elements(x)
	if gColl || xColl {
		return c.cmpCollections(g, x, ge, xe, gColl, xColl, depth)
	}
	switch gv := g.(type) {
	case *expr.Tuple:
		return c.cmpTupleLike(gv, x, depth)
	case *expr.Matrix:
		return c.cmpMatrix(gv, x, depth)
	case *expr.SetOp:
		// a union of intervals against an inequality (x^2 > 4, or the
		// set-builder {x | x^2 > 4}): by membership, as for one interval
		if xr, ok := x.(*expr.Rel); ok {
			if r, ok := c.relAgainstSet(xr, g, depth, true); ok {
				return r
			}
		}
		return c.cmpSets(g, x, depth)
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
		return neq("gold is an %s, candidate a tuple", kind(g))
	case *expr.Matrix, *expr.SetOp, *expr.Ratio:
		return neq("gold is an %s, candidate a %s", kind(g), kind(x))
	case *expr.Rel:
		if r, ok := c.relAgainstSet(xv, g, depth, true); ok {
			return r
		}
		return neq("gold is an expression, candidate a relation")
	}
	return c.scalar(g, x)
}

func (c *comparer) cmpText(g, x expr.Node, gt, xt *expr.Text) Result {
	gs, xs := textOf(g), textOf(x)
	if gs != "" && gs == xs {
		return eq("same text")
	}
	if gt != nil && xt != nil {
		return neq("different text: %q vs %q", gt.S, xt.S)
	}
	return neq("different answers: %q vs %q", gs, xs)
}

// textOf prints a node as folded text (a Text's words, or a product of
// letters as the word it spells).
func textOf(n expr.Node) string {
	switch t := n.(type) {
	case *expr.Text:
		return strings.ToLower(strings.Join(strings.Fields(strings.ReplaceAll(t.S, ".", " ")), ""))
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

// ---- collections ----

func (c *comparer) cmpCollections(g, x expr.Node, ge, xe []expr.Node, gColl, xColl bool, depth int) Result {
	if !gColl {
		// gold is one value: a tuple against a set written {1,3} compares in order
		if gt, ok := g.(*expr.Tuple); ok {
			if _, isSet := x.(*expr.Set); isSet {
				return c.cmpOrdered(gt.Items, xe, depth, "tuple against set")
			}
			if _, isList := x.(*expr.List); isList {
				return c.cmpOrdered(gt.Items, xe, depth, "tuple against list")
			}
		}
		if len(xe) == 1 {
			return c.cmp(g, xe[0], depth+1)
		}
		return neq("gold is one answer, candidate gives %d", len(dedupe(xe)))
	}
	if !xColl {
		if xt, ok := x.(*expr.Tuple); ok {
			if _, isSet := g.(*expr.Set); isSet {
				return c.cmpOrdered(ge, xt.Items, depth, "set against tuple")
			}
			if _, isList := g.(*expr.List); isList {
				return c.cmpOrdered(ge, xt.Items, depth, "list against tuple")
			}
		}
		if len(dedupe(ge)) == 1 {
			return c.cmp(ge[0], x, depth+1)
		}
		return neq("gold has %d answers, candidate gives one", len(dedupe(ge)))
	}
	return c.cmpUnordered(dedupe(ge), dedupe(xe), depth)
}

func dedupe(ns []expr.Node) []expr.Node {
	seen := map[string]bool{}
	var out []expr.Node
	for _, n := range ns {
		k := expr.Key(n)
		if !seen[k] {
			seen[k] = true
			out = append(out, n)
		}
	}
	return out
}

// cmpUnordered matches two collections as sets (greedy matching on the
// pairwise verdicts; answers are small).
func (c *comparer) cmpUnordered(ge, xe []expr.Node, depth int) Result {
	if len(ge) > 200 || len(xe) > 200 {
		return undec("too many answers to match")
	}
	used := make([]bool, len(xe))
	undecided := false
	for _, a := range ge {
		found := false
		for j, b := range xe {
			if used[j] {
				continue
			}
			r := c.cmp(a, b, depth+1)
			if r.Outcome == Equal {
				used[j] = true
				found = true
				break
			}
			if r.Outcome == Undecided {
				undecided = true
			}
		}
		if !found {
			// an answer matching an already used one (duplicates written differently)
			for j, b := range xe {
				if used[j] && c.cmp(a, b, depth+1).Outcome == Equal {
					found = true
					break
				}
			}
		}
		if !found {
			if undecided || c.limitHit {
				return undec("could not decide the answer %s", a)
			}
			return neq("gold answer %s is missing from the candidate", a)
		}
	}
	for j, b := range xe {
		if used[j] {
			continue
		}
		extra := true
		for _, a := range ge {
			if c.cmp(a, b, depth+1).Outcome == Equal {
				extra = false
				break
			}
		}
		if extra {
			return neq("candidate answer %s is not in the gold answer", b)
		}
	}
	return eq("same set of %d answers", len(ge))
}

func (c *comparer) cmpOrdered(ga, xa []expr.Node, depth int, what string) Result {
	if len(ga) != len(xa) {
		return neq("%s: %d items vs %d", what, len(ga), len(xa))
	}
	for i := range ga {
		r := c.cmp(ga[i], xa[i], depth+1)
		if r.Outcome != Equal {
			r.Reason = fmt.Sprintf("item %d: %s", i+1, r.Reason)
			return r
		}
	}
	return eq("%d items equal in order", len(ga))
}

// ---- tuples, intervals, matrices ----

func (c *comparer) cmpTupleLike(g *expr.Tuple, x expr.Node, depth int) Result {
	switch xv := x.(type) {
	case *expr.Tuple:
		if len(g.Items) != len(xv.Items) {
			return neq("tuples of different lengths: %d vs %d", len(g.Items), len(xv.Items))
		}
		if len(g.Items) == 2 && (g.Open != xv.Open || g.Close != xv.Close) {
			if g.Open == "<" || xv.Open == "<" {
				return c.cmpOrdered(g.Items, xv.Items, depth, "vector")
			}
			return neq("interval ends differ: %s%s vs %s%s", g.Open, g.Close, xv.Open, xv.Close)
		}
		r := c.cmpOrdered(g.Items, xv.Items, depth, "tuple")
		if r.Outcome == NotEqual && g.Open == "[" && g.Close == "]" && xv.Open == "[" && xv.Close == "]" && !numericItems(g.Items) {
			// a bracketed list of symbolic roots: [a, b] and [b, a]
			if r2 := c.cmpUnordered(g.Items, xv.Items, depth); r2.Outcome == Equal {
				r2.Reason = "same list in another order"
				return r2
			}
		}
		return r
	case *expr.Matrix:
		return c.cmpMatrix(xv, g, depth)
	case *expr.SetOp:
		return c.cmpSets(g, x, depth)
	case *expr.Sym:
		if isReals(xv) && len(g.Items) == 2 {
			return c.cmpSets(g, x, depth)
		}
	case *expr.Rel:
		if r, ok := c.relAgainstSet(xv, g, depth, true); ok {
			return r
		}
	}
	return neq("gold is a tuple, candidate a %s", kind(x))
}

func numericItems(items []expr.Node) bool {
	for _, it := range items {
		if len(expr.FreeVars(it)) > 0 {
			return false
		}
	}
	return true
}

func isReals(n expr.Node) bool {
	s, ok := n.(*expr.Sym)
	return ok && (s.Name == "\\mathbb{R}")
}

func matrixItems(n expr.Node) (rows [][]expr.Node, ok bool) {
	switch t := n.(type) {
	case *expr.Matrix:
		return t.Rows, true
	case *expr.Tuple:
		// a tuple stands for a column vector
		for _, it := range t.Items {
			rows = append(rows, []expr.Node{it})
		}
		return rows, true
	}
	return nil, false
}

func (c *comparer) cmpMatrix(g expr.Node, x expr.Node, depth int) Result {
	gr, _ := matrixItems(g)
	xr, ok := matrixItems(x)
	if !ok {
		return neq("gold is a matrix, candidate a %s", kind(x))
	}
	// a row vector against a column vector: compare entries in order
	if len(gr) == 1 && len(xr) == len(gr[0]) && len(xr) > 1 && len(xr[0]) == 1 || len(xr) == 1 && len(gr) == len(xr[0]) && len(gr) > 1 && len(gr[0]) == 1 {
		return c.cmpOrdered(flatten(gr), flatten(xr), depth, "vector")
	}
	if len(gr) != len(xr) || len(gr[0]) != len(xr[0]) {
		return neq("matrix shapes differ: %dx%d vs %dx%d", len(gr), len(gr[0]), len(xr), len(xr[0]))
	}
	for i := range gr {
		for j := range gr[i] {
			r := c.cmp(gr[i][j], xr[i][j], depth+1)
			if r.Outcome != Equal {
				r.Reason = fmt.Sprintf("entry (%d,%d): %s", i+1, j+1, r.Reason)
				return r
			}
		}
	}
	return eq("matrices equal entry by entry")
}

func flatten(rows [][]expr.Node) []expr.Node {
	var out []expr.Node
	for _, r := range rows {
		out = append(out, r...)
	}
	return out
}

// ---- ratios ----

func (c *comparer) cmpRatio(g, x *expr.Ratio) Result {
	if len(g.Items) != len(x.Items) {
		return neq("ratios of different lengths")
	}
	same := true
	for i := range g.Items {
		if c.scalar(g.Items[i], x.Items[i]).Outcome != Equal {
			same = false
			break
		}
	}
	if same {
		return eq("same ratio term by term")
	}
	// proportional: a:b = c:d when a d = b c, all terms nonzero
	for i := 1; i < len(g.Items); i++ {
		l := &expr.Mul{Factors: []expr.Node{g.Items[0], x.Items[i]}}
		r := &expr.Mul{Factors: []expr.Node{g.Items[i], x.Items[0]}}
		if c.isZero(g.Items[i]) || c.isZero(x.Items[i]) {
			return neq("ratios differ")
		}
		if c.scalar(l, r).Outcome != Equal {
			return neq("ratios differ")
		}
	}
	return eq("proportional ratios")
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
