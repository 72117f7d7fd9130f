package hardmath

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/matheval/matheval/numeric"
	"github.com/matheval/matheval/texscan"
)

// This file reads the mathematical content back out of question texts, so
// that numerical ground truths are computed from what the model is asked,
// independently of how a problem was generated.

// Term is c * x^p in a polynomial.
type Term struct {
	Coef, Pow float64
	Eps       bool // the term carries the factor epsilon
}

// EpsIntegral is I(eps) = \int_0^L dx / (eps + sum a_j x^{n_j}).
type EpsIntegral struct {
	L     float64
	Terms []Term // sorted by power
}

// ParseEpsIntegral reads a "1/(epsilon + P(x))" integral question.
func ParseEpsIntegral(q string) (EpsIntegral, error) {
	upper, poly, ok := epsIntegralParts(q)
	if !ok {
		return EpsIntegral{}, fmt.Errorf("no integral of 1/(epsilon + P(x)) over [0, L] in the question")
	}
	L, err := strconv.ParseFloat(upper, 64)
	if err != nil || L <= 0 {
		return EpsIntegral{}, fmt.Errorf("bad upper bound %q", upper)
	}
	ip := EpsIntegral{L: L}
	for _, t := range epsTerms(poly) {
		c, e1 := strconv.ParseFloat(t[1], 64)
		p, e2 := strconv.ParseFloat(t[2], 64)
		if e1 != nil || e2 != nil || c <= 0 || p <= 0 {
			return ip, fmt.Errorf("bad polynomial term %q", t[0])
		}
		ip.Terms = append(ip.Terms, Term{Coef: c, Pow: p})
	}
	if len(ip.Terms) == 0 {
		return ip, fmt.Errorf("no polynomial terms in %q", poly)
	}
	sort.Slice(ip.Terms, func(i, j int) bool { return ip.Terms[i].Pow < ip.Terms[j].Pow })
	return ip, nil
}

// P evaluates the polynomial.
func (ip EpsIntegral) P(x float64) float64 {
	s := 0.0
	for _, t := range ip.Terms {
		s += t.Coef * math.Pow(x, t.Pow)
	}
	return s
}

// EvalPoints chooses one epsilon deep inside each regime (the released
// three-regime rows give none): small, where the width (eps/a_min)^{1/n_min}
// is 1% of the first crossover of the lowest term with another term (or of
// L); intermediate, where the width (eps/a_max)^{1/n_max} is the geometric
// mean of L and the point beyond which the top term dominates; very large,
// 100 P(L), where the integrand is nearly flat.
func (ip EpsIntegral) EvalPoints() map[string]float64 {
	lo, hi := ip.Terms[0], ip.Terms[len(ip.Terms)-1]
	xc := math.Inf(1)
	xcTop := 0.0
	for _, t := range ip.Terms {
		if t.Pow > lo.Pow {
			xc = math.Min(xc, math.Pow(lo.Coef/t.Coef, 1/(t.Pow-lo.Pow)))
		}
		if t.Pow < hi.Pow {
			xcTop = math.Max(xcTop, math.Pow(t.Coef/hi.Coef, 1/(hi.Pow-t.Pow)))
		}
	}
	ws := 0.01 * math.Min(xc, ip.L)
	wm := math.Sqrt(math.Max(xcTop, 1e-3) * ip.L)
	if wm > ip.L/10 {
		wm = ip.L / 10
	}
	return map[string]float64{
		"small_eps":        lo.Coef * math.Pow(ws, lo.Pow),
		"intermediate_eps": hi.Coef * math.Pow(wm, hi.Pow),
		"large_eps":        100 * ip.P(ip.L),
	}
}

// Numerical computes I(eps) by adaptive quadrature, splitting [0, L] at
// the integrand's half-width so the peak at 0 is resolved from the start.
func (ip EpsIntegral) Numerical(ctx context.Context, eps float64) (float64, error) {
	f := func(x float64) float64 { return 1 / (eps + ip.P(x)) }
	w := math.Pow(eps/ip.Terms[0].Coef, 1/ip.Terms[0].Pow)
	o := numeric.QuadOptions{AbsTol: 1e-300, RelTol: 1e-10}
	if w > 0 && w < ip.L {
		r1, err := numeric.Integrate(ctx, f, 0, w, o)
		if err != nil {
			return 0, err
		}
		r2, err := numeric.Integrate(ctx, f, w, ip.L, o)
		return r1.Value + r2.Value, err
	}
	r, err := numeric.Integrate(ctx, f, 0, ip.L, o)
	return r.Value, err
}

// EpsPoly is a polynomial in x some of whose terms carry epsilon, as in the
// root problems: P(x) = eps x^9 + x^4 - 1.
type EpsPoly struct{ Terms []Term }

// ParseEpsPoly reads the polynomial of a roots or nondimensionalization
// question: terms [-] [c] [\epsilon] [x^{k} | x].
func ParseEpsPoly(q string) (EpsPoly, error) {
	poly, ok := polyText(q)
	if !ok {
		return EpsPoly{}, fmt.Errorf("no P(x) = ... in the question")
	}
	return parsePolyTerms(poly)
}

func parsePolyTerms(s string) (EpsPoly, error) {
	s = strings.TrimSpace(s)
	var p EpsPoly
	sign := 1.0
	var cur strings.Builder
	flush := func() error {
		t := strings.TrimSpace(cur.String())
		cur.Reset()
		if t == "" {
			return nil
		}
		var m [5]string
		var ok bool
		if m[1], m[2], m[3], m[4], ok = termParts(t); !ok {
			return fmt.Errorf("cannot read polynomial term %q", t)
		}
		c := 1.0
		if m[1] != "" {
			v, err := strconv.ParseFloat(m[1], 64)
			if err != nil {
				return fmt.Errorf("bad coefficient %q", m[1])
			}
			c = v
		} else if m[2] == "" && m[3] == "" {
			return fmt.Errorf("empty term")
		}
		pow := 0.0
		if m[3] != "" {
			pow = 1
			if m[4] != "" {
				v, _ := strconv.Atoi(m[4])
				pow = float64(v)
			}
		}
		p.Terms = append(p.Terms, Term{Coef: sign * c, Pow: pow, Eps: m[2] != ""})
		return nil
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if (c == '+' || c == '-') && strings.TrimSpace(cur.String()) != "" {
			if err := flush(); err != nil {
				return p, err
			}
			sign = 1
		}
		switch c {
		case '+':
		case '-':
			sign = -sign
		default:
			cur.WriteByte(c)
		}
	}
	if err := flush(); err != nil {
		return p, err
	}
	if len(p.Terms) == 0 {
		return p, fmt.Errorf("no terms in %q", s)
	}
	return p, nil
}

// Coeffs returns the ascending coefficients at a value of epsilon.
func (p EpsPoly) Coeffs(eps float64) []float64 {
	n := 0
	for _, t := range p.Terms {
		if int(t.Pow) > n {
			n = int(t.Pow)
		}
	}
	c := make([]float64, n+1)
	for _, t := range p.Terms {
		v := t.Coef
		if t.Eps {
			v *= eps
		}
		c[int(t.Pow)] += v
	}
	return c
}

// LaplaceIntegral is I(x) = \int_a^b g(t) e^{-x f(t)} dt.
type LaplaceIntegral struct {
	A, B float64
	G, F string // LaTeX in t
	g, f *formula
}

// ParseLaplace reads a Laplace-integral question.
func ParseLaplace(q string) (LaplaceIntegral, error) {
	var m [6]string
	var ok bool
	if m[1], m[2], m[3], m[4], m[5], ok = laplaceParts(q); !ok {
		return LaplaceIntegral{}, fmt.Errorf("no integral of g(t) e^{-x f(t)} in the question")
	}
	a, e1 := strconv.ParseFloat(m[1], 64)
	b, e2 := strconv.ParseFloat(m[2], 64)
	if e1 != nil || e2 != nil || !(a < b) {
		return LaplaceIntegral{}, fmt.Errorf("bad bounds %q, %q", m[1], m[2])
	}
	li := LaplaceIntegral{A: a, B: b, G: strings.TrimSpace(m[3]), F: strings.TrimSpace(m[5])}
	if m[4] == "+" {
		// e^{+x h(t)} is e^{-x f(t)} with f = -h.
		li.F = "-(" + li.F + ")"
	}
	var err error
	if li.g, err = parseFormula(li.G); err != nil {
		return li, fmt.Errorf("g(t): %v", err)
	}
	if li.f, err = parseFormula(li.F); err != nil {
		return li, fmt.Errorf("f(t): %v", err)
	}
	return li, nil
}

// real1 compiles a formula in t to a real function (NaN where it fails or
// is complex).
func real1(ctx context.Context, fm *formula) (func(float64) float64, error) {
	c, err := fm.compile(ctx, []string{"t"}, evalOptions{realRoots: true})
	if err != nil {
		return nil, err
	}
	args := make([]complex128, 1)
	return func(t float64) float64 {
		args[0] = complex(t, 0)
		v, err := c(args)
		if err != nil || imag(v) != 0 {
			return math.NaN()
		}
		return real(v)
	}, nil
}

// Numerical computes I(x) by quadrature, returned as (m, s) with I = m e^s,
// so values beyond float64's range can still be compared by ratio.
func (li LaplaceIntegral) Numerical(ctx context.Context, x float64) (mant, scale float64, err error) {
	f, err := real1(ctx, li.f)
	if err != nil {
		return 0, 0, err
	}
	g, err := real1(ctx, li.g)
	if err != nil {
		return 0, 0, err
	}
	ext, err := numeric.GlobalMin(ctx, f, li.A, li.B, numeric.ExtremumOptions{Grid: 4001})
	if err != nil {
		return 0, 0, err
	}
	fmin := ext.F
	h := func(t float64) float64 { return g(t) * math.Exp(-x*(f(t)-fmin)) }
	// The integrand is a spike of width ~1/sqrt(x) or 1/x at the minimum:
	// split there so the quadrature sees it.
	o := numeric.QuadOptions{AbsTol: 1e-300, RelTol: 1e-10}
	var total float64
	pts := []float64{li.A}
	if ext.X > li.A && ext.X < li.B {
		pts = append(pts, ext.X)
	}
	pts = append(pts, li.B)
	for i := 0; i+1 < len(pts); i++ {
		r, err := numeric.Integrate(ctx, h, pts[i], pts[i+1], o)
		if err != nil {
			return 0, 0, err
		}
		total += r.Value
	}
	return total, -x * fmin, nil
}

// ODEProblem is y”' = rhs(x, y, y', y”) with y, y', y” given at x = 0.
type ODEProblem struct {
	RHS string
	Y0  [3]float64
	rhs *formula
}

// ParseODE reads a third-order ODE question.
func ParseODE(q string) (ODEProblem, error) {
	rhs, ok := odeRHS(q)
	if !ok {
		return ODEProblem{}, fmt.Errorf("no $$y''' = ...$$ in the question")
	}
	p := ODEProblem{RHS: strings.TrimSpace(rhs)}
	var err error
	if p.rhs, err = parseFormula(p.RHS); err != nil {
		return p, err
	}
	got := 0
	for _, ic := range odeInitial(q) {
		v, err := strconv.ParseFloat(ic[1], 64)
		if err != nil {
			return p, fmt.Errorf("bad initial value %q", ic[1])
		}
		p.Y0[len(ic[0])] = v
		got++
	}
	if got != 3 {
		return p, fmt.Errorf("found %d initial conditions, want 3", got)
	}
	return p, nil
}

// ODETrajectory is a numerical solution that may have stepped over
// integrable singularities of the coefficients (a denominator vanishing,
// where y” has a logarithmic singularity but y and y' stay finite), as the
// released numerical values do.
type ODETrajectory struct {
	Parts   []*numeric.ODESolution
	Poles   []float64 // coefficient singularities stepped over
	BlowUp  bool      // the solution itself diverges ...
	BlowUpX float64   // ... near here
}

// At returns (y, y', y”) at x.
func (t *ODETrajectory) At(x float64) ([]float64, error) {
	for _, p := range t.Parts {
		if x >= math.Min(p.X0, p.XEnd) && x <= math.Max(p.X0, p.XEnd) {
			return p.At(x)
		}
	}
	if t.BlowUp {
		return nil, fmt.Errorf("x=%g is beyond the blow-up near x=%.10g", x, t.BlowUpX)
	}
	if len(t.Parts) > 0 {
		return t.Parts[len(t.Parts)-1].At(x)
	}
	return nil, fmt.Errorf("no solution")
}

const odeBlowUp = 1e8

// Solve integrates the ODE from 0 towards xEnd, stepping over coefficient
// singularities and stopping at a blow-up of the solution.
func (p ODEProblem) Solve(ctx context.Context, xEnd float64) (*ODETrajectory, error) {
	var evalErr error
	rhs, err := p.rhs.compile(ctx, []string{"x", "y", "y'", "y''"}, evalOptions{realRoots: true})
	if err != nil {
		return nil, err
	}
	args := make([]complex128, 4)
	f := func(x float64, y, dy []float64) {
		args[0], args[1], args[2], args[3] = complex(x, 0), complex(y[0], 0), complex(y[1], 0), complex(y[2], 0)
		v, err := rhs(args)
		if err != nil && evalErr == nil {
			evalErr = err
		}
		dy[0], dy[1], dy[2] = y[1], y[2], real(v)
	}
	tr := &ODETrajectory{}
	x0, y0 := 0.0, p.Y0[:]
	for range 20 {
		sol, err := numeric.SolveODE(ctx, f, x0, y0, xEnd, numeric.ODEOptions{RelTol: 1e-10, AbsTol: 1e-12, BlowUp: odeBlowUp})
		if sol != nil {
			tr.Parts = append(tr.Parts, sol)
		}
		if evalErr != nil {
			return tr, fmt.Errorf("right-hand side: %v", evalErr)
		}
		if err != nil || !sol.BlowUp {
			return tr, err
		}
		big := 0.0
		for _, v := range sol.YEnd {
			big = math.Max(big, math.Abs(v))
		}
		if big >= odeBlowUp {
			tr.BlowUp, tr.BlowUpX = true, sol.BlowUpX
			return tr, nil
		}
		// The step size collapsed with a bounded state: a coefficient with a
		// simple pole, where y''' ~ c/(x - xp). Cross it symmetrically, as a
		// principal value: from xp - d to xp + d, y'' keeps its value (the
		// c/(x - xp) contributions cancel) and y', y follow by Taylor steps.
		xp := sol.XEnd
		d := 1e-5 * math.Max(1, math.Abs(xp))
		if xp-d <= x0 {
			d = 0.5 * (xp - x0)
		}
		s, err := sol.At(xp - d)
		if err != nil {
			return tr, err
		}
		h := 2 * d
		tr.Poles = append(tr.Poles, xp)
		x0 = xp + d
		y0 = []float64{s[0] + h*s[1] + h*h/2*s[2], s[1] + h*s[2], s[2]}
		// The part before the pole is used only up to xp - d.
		sol.XEnd = xp - d
	}
	return tr, fmt.Errorf("more than 20 coefficient singularities before x=%g", xEnd)
}

// The readers of question texts below walk texscan's tokens, as the
// regexps they replace read characters: a letter the regexp wanted first
// may end a word ("y" in "y(0)", "P" in "P(x)"), a literal word may begin
// one ("dx", "dt", "are"), and a number is a run of Number tokens and the
// dots and minus signs beside them. Unlike the regexps they never look
// inside a command's name or take an escaped brace, bracket or dollar (\}
// \) \] \$) for the character it escapes.

// qtoks is a text and its tokens.
type qtoks struct {
	src string
	t   []texscan.Token
}

// newQtoks scans s; a text over texscan's size limit has no tokens, so
// nothing is read from it.
func newQtoks(s string) qtoks {
	t, _ := texscan.Tokens(s, texscan.Limits{})
	return qtoks{src: s, t: t}
}

// off is the offset of token k, or the end of the text.
func (q qtoks) off(k int) int {
	if k < len(q.t) {
		return q.t[k].Pos
	}
	return len(q.src)
}

// is reports whether token k has the kind and text.
func (q qtoks) is(k int, kind texscan.Kind, text string) bool {
	return k < len(q.t) && q.t[k].Kind == kind && q.t[k].Text == text
}

func (q qtoks) punct(k int, p string) bool { return q.is(k, texscan.Punct, p) }

// cmd reports whether token k is the command \name.
func (q qtoks) cmd(k int, name string) bool { return k < len(q.t) && q.t[k].Is(name) }

// opt skips token k when it has the kind.
func (q qtoks) opt(k int, kind texscan.Kind) int {
	if k < len(q.t) && q.t[k].Kind == kind {
		return k + 1
	}
	return k
}

// blank skips the spaces and line breaks from token k (what a regexp's \s
// matches: \v is not one).
func (q qtoks) blank(k int) int {
	for k < len(q.t) && isBlankTok(q.t[k]) {
		k++
	}
	return k
}

func isBlankTok(t texscan.Token) bool {
	return (t.Kind == texscan.Space || t.Kind == texscan.Newline) && !strings.Contains(t.Text, "\v")
}

// run skips the numbers from token k, with the dots (and with minus signs
// too) among them: what [0-9.]+ or [-0-9.]+ matched.
func (q qtoks) run(k int, minus bool) int {
	for ; k < len(q.t); k++ {
		t := q.t[k]
		if !(t.Kind == texscan.Number || t.Kind == texscan.Punct && (t.Text == "." || minus && t.Text == "-")) {
			break
		}
	}
	return k
}

// digits reports whether token k is a number without a decimal point.
func (q qtoks) digits(k int) bool {
	return k < len(q.t) && q.t[k].Kind == texscan.Number && !strings.Contains(q.t[k].Text, ".")
}

// wordEnds reports whether token k is a word ending in suffix, and wordStarts
// one beginning with prefix.
func (q qtoks) wordEnds(k int, suffix string) bool {
	return k < len(q.t) && q.t[k].Kind == texscan.Word && strings.HasSuffix(q.t[k].Text, suffix)
}

func (q qtoks) wordStarts(k int, prefix string) bool {
	return k < len(q.t) && q.t[k].Kind == texscan.Word && strings.HasPrefix(q.t[k].Text, prefix)
}

// epsIntegralParts finds the first \int_0^L \frac{1}{\epsilon + P(x)} dx
// of q (the bounds braced or not) and returns L and the text of P(x), which
// runs on one line to the first closing brace followed by dx.
func epsIntegralParts(s string) (upper, poly string, ok bool) {
	q := newQtoks(s)
	var seen scanned
	for k := range q.t {
		if !q.cmd(k, "int") || !q.punct(k+1, "_") {
			continue
		}
		j := q.opt(k+2, texscan.Open)
		if !q.is(j, texscan.Number, "0") {
			continue
		}
		j = q.opt(j+1, texscan.Close)
		if !q.punct(j, "^") {
			continue
		}
		j = q.opt(j+1, texscan.Open)
		e := q.run(j, false)
		if e == j {
			continue
		}
		upper = s[q.off(j):q.off(e)]
		j = q.blank(q.opt(e, texscan.Close))
		if !q.cmd(j, "frac") || !q.is(j+1, texscan.Open, "{") || !q.is(j+2, texscan.Number, "1") ||
			!q.is(j+3, texscan.Close, "}") || !q.is(j+4, texscan.Open, "{") || !q.cmd(j+5, "epsilon") {
			continue
		}
		j = q.blank(j + 6)
		if !q.punct(j, "+") {
			continue
		}
		j = q.blank(j + 1)
		if seen.covers(j) {
			continue
		}
		m := j
		for ; m < len(q.t) && q.t[m].Kind != texscan.Newline; m++ {
			if q.t[m].Kind == texscan.Close && q.wordStarts(q.blank(m+1), "dx") {
				return upper, s[q.off(j):q.t[m].Pos], true
			}
		}
		seen = scanned{j, m}
	}
	return "", "", false
}

// scanned is a run of tokens [from, to] that one reader's scan for the end
// of a statement went through without finding it: a later statement
// starting inside the run has no end either, so it is not scanned again
// (the readers stay linear in the text, as the regexps they replace were).
type scanned struct{ from, to int }

func (r scanned) covers(k int) bool { return r.to > 0 && r.from <= k && k <= r.to }

// epsTerms returns the terms c x^{p} of a polynomial's text, each as its
// text, c and p.
func epsTerms(s string) [][3]string {
	q := newQtoks(s)
	var out [][3]string
	for k := 0; k < len(q.t); {
		e := q.run(k, false)
		if e == k {
			k++
			continue
		}
		j := q.blank(e)
		if q.is(j, texscan.Word, "x") && q.punct(j+1, "^") && q.is(j+2, texscan.Open, "{") {
			if pe := q.run(j+3, false); pe > j+3 && q.is(pe, texscan.Close, "}") {
				out = append(out, [3]string{s[q.off(k):q.t[pe].End()], s[q.off(k):q.off(e)], s[q.off(j+3):q.off(pe)]})
				k = pe + 1
				continue
			}
		}
		k = e // a run that starts no term: none of its tails does either
	}
	return out
}

// polyText returns what follows "P(x) =" in s up to the first full stop
// (a decimal point among them, as it always was), \] or dollar on the
// same line.
func polyText(s string) (string, bool) {
	q := newQtoks(s)
	var seen scanned
	for k := range q.t {
		if !q.wordEnds(k, "P") || !q.punct(k+1, "(") || !q.is(k+2, texscan.Word, "x") || !q.punct(k+3, ")") {
			continue
		}
		j := q.blank(k + 4)
		if !q.punct(j, "=") {
			continue
		}
		j = q.blank(j + 1)
		if seen.covers(j) {
			continue
		}
		m := j
		for ; m < len(q.t); m++ {
			t := q.t[m]
			end := -1
			switch {
			case t.Kind == texscan.Newline:
			case t.Kind == texscan.Punct && t.Text == ".", t.Kind == texscan.MathClose && t.Text == `\]`, t.Kind == texscan.MathShift:
				end = t.Pos
			case t.Kind == texscan.Number && strings.Contains(t.Text, "."):
				end = t.Pos + strings.IndexByte(t.Text, '.')
			default:
				continue
			}
			if end >= 0 {
				return s[q.off(j):end], true
			}
			break // a line break before the end: this P(x) is no statement
		}
		seen = scanned{j, m}
	}
	return "", false
}

// termParts reads one term of a polynomial, [c] [\epsilon] [x[^{k}]], the
// whole text: its coefficient, \epsilon or "", x with its power or "", and
// the power's digits or "".
func termParts(s string) (coef, eps, x, pow string, ok bool) {
	q := newQtoks(s)
	e := q.run(0, false)
	coef = s[:q.off(e)]
	j := q.blank(e)
	if q.cmd(j, "epsilon") {
		eps = q.t[j].Text
		j = q.blank(j + 1)
	}
	if q.is(j, texscan.Word, "x") {
		xs := j
		j++
		if q.punct(j, "^") {
			if d := q.opt(j+1, texscan.Open); q.digits(d) {
				pow = q.t[d].Text
				j = q.opt(d+1, texscan.Close)
			}
		}
		x = s[q.off(xs):q.off(j)]
	}
	return coef, eps, x, pow, j == len(q.t)
}

// laplaceParts finds the first \int_a^b g(t) e^{-x (f(t))} \, dt of s and
// returns a, b, g(t), the sign and f(t): g(t) is the least text on one line
// before an e^{±x(, f(t) the most on that bracket's line before ")} \, dt".
func laplaceParts(s string) (a, b, g, sign, f string, ok bool) {
	q := newQtoks(s)
	// tail[m] is the last ")" at or after token m on its line that ")}
	// \, dt" follows, or -1.
	var tail []int
	var seen scanned
	for k := range q.t {
		if !q.cmd(k, "int") || !q.punct(k+1, "_") {
			continue
		}
		j := q.opt(k+2, texscan.Open)
		ae := q.run(j, true)
		if ae == j {
			continue
		}
		j2 := q.opt(ae, texscan.Close)
		if !q.punct(j2, "^") {
			continue
		}
		j2 = q.opt(j2+1, texscan.Open)
		be := q.run(j2, true)
		if be == j2 {
			continue
		}
		a, b = s[q.off(j):q.off(ae)], s[q.off(j2):q.off(be)]
		gs := q.blank(q.opt(be, texscan.Close))
		if seen.covers(gs) {
			continue
		}
		if tail == nil {
			tail = q.laplaceTails()
		}
		crossed := false
		seen = scanned{gs, len(q.t)} // up to the line break, where the e^{ may start a line
		for m := gs; m < len(q.t); m++ {
			t := q.t[m]
			if t.Kind == texscan.Newline && !crossed {
				crossed = true
				seen.to = m - 1
			}
			if crossed && isBlankTok(t) {
				continue
			}
			// g(t) ends on its line; past a line break only blanks may
			// come before the e
			if t.Kind == texscan.Word && t.Text[len(t.Text)-1] == 'e' && (!crossed || t.Text == "e") &&
				q.punct(m+1, "^") && q.is(m+2, texscan.Open, "{") && (q.punct(m+3, "-") || q.punct(m+3, "+")) {
				xk := q.blank(m + 4)
				if p := q.blank(xk + 1); q.is(xk, texscan.Word, "x") && q.punct(p, "(") && p+1 < len(q.t) {
					if r := tail[p+1]; r >= 0 {
						ge := t.End() - 1
						for ge > q.t[gs].Pos && strings.IndexByte(" \t\n\f\r", s[ge-1]) >= 0 {
							ge--
						}
						return a, b, s[q.off(gs):ge], q.t[m+3].Text, s[q.t[p].End():q.t[r].Pos], true
					}
				}
			}
			if crossed {
				break
			}
		}
	}
	return "", "", "", "", "", false
}

// laplaceTails returns, for each token, the last ")" at or after it on its
// line that "} \, dt" follows (blanks between), or -1.
func (q qtoks) laplaceTails() []int {
	tail := make([]int, len(q.t))
	cur := -1
	for m := len(q.t) - 1; m >= 0; m-- {
		if q.t[m].Kind == texscan.Newline {
			cur = -1
		} else if cur < 0 && q.punct(m, ")") && q.is(m+1, texscan.Close, "}") {
			if c := q.blank(m + 2); q.cmd(c, ",") && q.wordStarts(q.blank(c+1), "dt") {
				cur = m
			}
		}
		tail[m] = cur
	}
	return tail
}

// odeRHS returns what follows the first "y”' =" of s up to a $$ on the
// same line.
func odeRHS(s string) (string, bool) {
	q := newQtoks(s)
	var seen scanned
	for k := range q.t {
		if !q.wordEnds(k, "y") || !q.punct(k+1, "'") || !q.punct(k+2, "'") || !q.punct(k+3, "'") {
			continue
		}
		j := q.blank(k + 4)
		if !q.punct(j, "=") {
			continue
		}
		j = q.blank(j + 1)
		if seen.covers(j) {
			continue
		}
		m := j
		for ; m < len(q.t) && q.t[m].Kind != texscan.Newline; m++ {
			if q.is(m, texscan.MathShift, "$$") {
				return s[q.off(j):q.t[m].Pos], true
			}
		}
		seen = scanned{j, m}
	}
	return "", false
}

// odeInitial returns every initial condition y(0) = v, y'(0) = v, y”(0) =
// v of s (an & before the = allowed), each as its primes and v.
func odeInitial(s string) [][2]string {
	q := newQtoks(s)
	var out [][2]string
	for k := 0; k < len(q.t); k++ {
		if !q.wordEnds(k, "y") {
			continue
		}
		p := k + 1
		for p < len(q.t) && q.punct(p, "'") {
			p++
		}
		if p-k-1 > 2 || !q.punct(p, "(") || !q.is(p+1, texscan.Number, "0") || !q.punct(p+2, ")") {
			continue
		}
		j := q.blank(p + 3)
		if q.punct(j, "&") {
			j++
		}
		if !q.punct(j, "=") {
			continue
		}
		j = q.blank(j + 1)
		e := q.run(j, true)
		if e == j {
			continue
		}
		out = append(out, [2]string{s[q.t[k].End():q.t[p].Pos], s[q.off(j):q.off(e)]})
		k = e - 1
	}
	return out
}
