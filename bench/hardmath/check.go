package hardmath

import (
	"context"
	"fmt"
	"io"
	"math"
	"math/cmplx"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/matheval/matheval/numeric"
	"github.com/matheval/matheval/texscan"
)

// CheckResult compares one regime's reference answer with a value this
// package computes numerically from the question alone.
type CheckResult struct {
	Key     string  `json:"key"`
	Type    string  `json:"type"`
	Regime  string  `json:"regime"`
	Point   float64 `json:"point,omitempty"`
	Ref     float64 `json:"reference_value"` // |value| of the reference answer at the point (roots: matched share)
	Num     float64 `json:"numerical_value"` // our numerical ground truth (roots: 1)
	RelErr  float64 `json:"rel_error"`
	OK      bool    `json:"ok"`
	Note    string  `json:"note,omitempty"`
	Skipped bool    `json:"skipped,omitempty"`
}

// CheckOptions bound a data check.
type CheckOptions struct {
	PerItem time.Duration // deadline per row (default 10 s)
}

// CheckRows recomputes every row's answers numerically: epsilon from the
// coefficients for nondimensionalisation, companion-matrix roots at each
// regime's epsilon, ODE solutions at the evaluation points, and quadrature
// for both integral families. An answer is OK within the paper's 10%
// (roots: every reference root matches a numerical root within 10%;
// numeric epsilon: to the requested decimal places). When ctx is done it
// returns the results so far.
func CheckRows(ctx context.Context, rows []KeyedRow, o CheckOptions) []CheckResult {
	if o.PerItem <= 0 {
		o.PerItem = 10 * time.Second
	}
	var out []CheckResult
	for _, kr := range rows {
		if ctx.Err() != nil {
			break
		}
		c, cancel := context.WithTimeout(ctx, o.PerItem)
		out = append(out, checkRow(c, kr)...)
		cancel()
	}
	return out
}

func checkRow(ctx context.Context, kr KeyedRow) (res []CheckResult) {
	t := kr.Row.Type()
	fail := func(regime, note string) []CheckResult {
		return []CheckResult{{Key: kr.Key, Type: t, Regime: regime, Skipped: true, Note: note}}
	}
	ref, err := ReferenceOf(kr.Row)
	if err != nil {
		return fail("", err.Error())
	}
	if ref.Subtype != "" {
		t += "/" + ref.Subtype
	}
	switch ref.Type {
	case TypeNondimNumeric:
		return checkNondimNumeric(ctx, kr, t, ref)
	case TypeNondimSymbolic:
		return checkNondimSymbolic(ctx, kr, t, ref)
	case TypeRoots, TypeRootCorrections:
		p, err := ParseEpsPoly(kr.Row.Question)
		if err != nil {
			return fail("", err.Error())
		}
		for _, g := range ref.Regimes {
			if ref.Type == TypeRootCorrections {
				res = append(res, checkCorrections(ctx, kr.Key, t, p, g))
			} else {
				res = append(res, checkRoots(ctx, kr.Key, t, p, g))
			}
		}
		return res
	case TypeODE:
		p, err := ParseODE(kr.Row.Question)
		if err != nil {
			return fail("", err.Error())
		}
		for _, g := range ref.Regimes {
			res = append(res, checkODE(ctx, kr.Key, t, p, g))
			if g.Name == "small_x" && g.HasPoint {
				res = append(res, checkSeries(ctx, kr.Key, t, p, g))
			}
		}
		return res
	case TypeIntegral:
		if ref.Subtype == "laplace" {
			li, err := ParseLaplace(kr.Row.Question)
			if err != nil {
				return fail("large_x", err.Error())
			}
			return []CheckResult{checkLaplace(ctx, kr.Key, t, li, ref.Regimes[0])}
		}
		ip, err := ParseEpsIntegral(kr.Row.Question)
		if err != nil {
			return fail("", err.Error())
		}
		for _, g := range ref.Regimes {
			r := CheckResult{Key: kr.Key, Type: t, Regime: g.Name, Point: g.Point}
			num, err := ip.Numerical(ctx, g.Point)
			if err != nil {
				r.Skipped, r.Note = true, "quadrature: "+err.Error()
				res = append(res, r)
				continue
			}
			v, err := evalLatex(ctx, g.Refs[0], map[string]complex128{"epsilon": complex(g.Point, 0)}, evalOptions{realRoots: true})
			if err != nil {
				r.Skipped, r.Note = true, "reference: "+err.Error()
				res = append(res, r)
				continue
			}
			r.Ref, r.Num = real(v), num
			r.RelErr = math.Abs(r.Ref-num) / math.Abs(num)
			r.OK = r.RelErr <= Tolerance
			if !r.OK && g.Name == "intermediate_eps" {
				// The formula the paper derives for this regime, for comparison.
				hi := ip.Terms[len(ip.Terms)-1]
				want := math.Pow(hi.Coef, -1/hi.Pow) * math.Pow(g.Point, 1/hi.Pow-1)
				r.Note = fmt.Sprintf("paper's intermediate formula %.4g/eps^%.4g gives rel. error %.3g", math.Pow(hi.Coef, -1/hi.Pow), 1-1/hi.Pow, math.Abs(want-num)/num)
			}
			res = append(res, r)
		}
		return res
	}
	return fail("", "unknown question type "+ref.Type)
}

func checkNondimNumeric(ctx context.Context, kr KeyedRow, t string, ref Reference) []CheckResult {
	r := CheckResult{Key: kr.Key, Type: t, Regime: "epsilon"}
	p, err := ParseEpsPoly(kr.Row.Question)
	if err != nil || len(p.Terms) != 3 {
		r.Skipped, r.Note = true, fmt.Sprintf("cannot read a three-term polynomial: %v", err)
		return []CheckResult{r}
	}
	eps := NondimEpsilon(p.Terms)
	gold, ok := parseNumber(ctx, ref.Regimes[0].Refs[0])
	if !ok {
		r.Skipped, r.Note = true, "answer is not a number"
		return []CheckResult{r}
	}
	r.Ref, r.Num = gold, eps
	r.RelErr = math.Abs(gold-eps) / math.Abs(eps)
	tol := 0.5*math.Pow(10, -float64(max(ref.Precision, 2))) + 1e-12
	r.OK = math.Abs(gold-eps) <= tol
	if !r.OK {
		r.Note = fmt.Sprintf("epsilon = %.6g does not round to %s", eps, ref.Regimes[0].Refs[0])
	}
	return []CheckResult{r}
}

// NondimEpsilon is the epsilon of a1 x^n1 + a2 x^n2 + a3 (n1 > n2 > 0,
// absolute values of the coefficients, as the released solutions take them):
// x = y (a3/a2)^{1/n2} and division by a3 give eps = a1 (a3/a2)^{n1/n2} / a3.
func NondimEpsilon(terms []Term) float64 {
	ts := append([]Term(nil), terms...)
	sort.Slice(ts, func(i, j int) bool { return ts[i].Pow > ts[j].Pow })
	a1, a2, a3 := math.Abs(ts[0].Coef), math.Abs(ts[1].Coef), math.Abs(ts[2].Coef)
	return a1 * math.Pow(a3/a2, ts[0].Pow/ts[1].Pow) / a3
}

// symNondimPowers finds the first a_{1} x^{n1} + a_{2} x^{n2} + a_{3} of s
// (x^{n2} may be a bare x) and returns n1 and n2 ("" for a bare x). It reads
// texscan's tokens: the first a may end a word, as the regexp that read it
// allowed.
func symNondimPowers(s string) (n1, n2 string, ok bool) {
	_, n1, n2, ok = symNondimMatch(s)
	return n1, n2, ok
}

// symNondimMatch is symNondimPowers with the text of the whole match.
func symNondimMatch(s string) (whole, n1, n2 string, ok bool) {
	q := newQtoks(s)
	// coef reads a_{i} at token k and returns the token after it.
	coef := func(k int, i string) (int, bool) {
		return k + 5, q.punct(k+1, "_") && q.is(k+2, texscan.Open, "{") && q.is(k+3, texscan.Number, i) && q.is(k+4, texscan.Close, "}")
	}
	// power reads ^{digits} at token k.
	power := func(k int) (string, bool) {
		if q.punct(k, "^") && q.is(k+1, texscan.Open, "{") && q.digits(k+2) && q.is(k+3, texscan.Close, "}") {
			return q.t[k+2].Text, true
		}
		return "", false
	}
	for k := range q.t {
		if !q.wordEnds(k, "a") {
			continue
		}
		j, ok := coef(k, "1")
		if j = q.blank(j); !ok || !q.is(j, texscan.Word, "x") {
			continue
		}
		p1, ok := power(j + 1)
		if j = q.blank(j + 5); !ok || !q.punct(j, "+") {
			continue
		}
		j = q.blank(j + 1)
		if !q.is(j, texscan.Word, "a") {
			continue
		}
		if j, ok = coef(j, "2"); !ok {
			continue
		}
		if j = q.blank(j); !q.is(j, texscan.Word, "x") {
			continue
		}
		p2, ok := power(j + 1)
		if j++; ok {
			j += 4
		}
		if j = q.blank(j); !q.punct(j, "+") {
			continue
		}
		j = q.blank(j + 1)
		if !q.is(j, texscan.Word, "a") {
			continue
		}
		if e, ok := coef(j, "3"); ok {
			return s[q.t[k].End()-1 : q.t[e-1].End()], p1, p2, true
		}
	}
	return "", "", "", false
}

func checkNondimSymbolic(ctx context.Context, kr KeyedRow, t string, ref Reference) []CheckResult {
	r := CheckResult{Key: kr.Key, Type: t, Regime: "epsilon"}
	var m [3]string
	var ok bool
	if m[1], m[2], ok = symNondimPowers(kr.Row.Question); !ok {
		r.Skipped, r.Note = true, "cannot read a_1 x^n1 + a_2 x^n2 + a_3"
		return []CheckResult{r}
	}
	n1, _ := strconv.Atoi(m[1])
	n2 := 1
	if m[2] != "" {
		n2, _ = strconv.Atoi(m[2])
	}
	worst := 0.0
	for _, a := range [][3]float64{{1.3, 2.7, 0.6}, {0.45, 1.9, 3.1}, {2.2, 0.8, 1.7}} {
		want := NondimEpsilon([]Term{{Coef: a[0], Pow: float64(n1)}, {Coef: a[1], Pow: float64(n2)}, {Coef: a[2], Pow: 0}})
		v, err := evalLatex(ctx, ref.Regimes[0].Refs[0], map[string]complex128{"a_1": complex(a[0], 0), "a_2": complex(a[1], 0), "a_3": complex(a[2], 0)}, evalOptions{})
		if err != nil {
			r.Skipped, r.Note = true, "reference: "+err.Error()
			return []CheckResult{r}
		}
		if e := cmplx.Abs(v-complex(want, 0)) / want; e > worst || r.Num == 0 { // the worst point, or the first
			worst, r.Ref, r.Num = e, real(v), want
		}
	}
	r.RelErr = worst
	r.OK = worst < 1e-9
	return []CheckResult{r}
}

func checkRoots(ctx context.Context, key, t string, p EpsPoly, g Regime) CheckResult {
	r := CheckResult{Key: key, Type: t, Regime: g.Name, Point: g.Point, Num: 1}
	roots, err := numeric.PolyRoots(ctx, p.Coeffs(g.Point))
	if err != nil {
		r.Skipped, r.Note = true, err.Error()
		return r
	}
	matched := 0
	used := map[int]bool{}
	worst := 0.0
	for _, s := range g.Refs {
		v, err := evalLatex(ctx, s, map[string]complex128{"epsilon": complex(g.Point, 0)}, evalOptions{})
		if err != nil {
			r.Skipped, r.Note = true, "reference: "+err.Error()
			return r
		}
		best, bd := -1, math.Inf(1)
		for j, z := range roots {
			if d := cmplx.Abs(z - v); !used[j] && d < bd {
				best, bd = j, d
			}
		}
		if best >= 0 {
			rel := bd / cmplx.Abs(roots[best])
			worst = math.Max(worst, rel)
			if rel <= Tolerance {
				used[best] = true
				matched++
			}
		}
	}
	r.Ref = float64(matched) / float64(len(g.Refs))
	r.RelErr = worst
	r.OK = matched == len(g.Refs) && len(g.Refs) == len(roots)
	if !r.OK {
		r.Note = fmt.Sprintf("%d of %d reference roots within 10%% of the %d numerical roots", matched, len(g.Refs), len(roots))
	}
	return r
}

func checkODE(ctx context.Context, key, t string, p ODEProblem, g Regime) CheckResult {
	r := CheckResult{Key: key, Type: t, Regime: g.Name, Point: g.Point}
	if !g.HasPoint {
		r.Skipped, r.Note = true, "no evaluation point"
		return r
	}
	// Solve a little past the point, to locate a blow-up just beyond it.
	sol, err := p.Solve(ctx, g.Point+0.5*math.Abs(g.Point))
	if err != nil {
		r.Skipped, r.Note = true, "ODE solve: "+err.Error()
		return r
	}
	if len(sol.Poles) > 0 {
		// Past a pole of a coefficient the solution depends on how the pole
		// is crossed (ours: principal value; the released values: wherever
		// the solver's steps happened to land), so no comparison is fair.
		r.Skipped, r.Note = true, fmt.Sprintf("ill-posed: a coefficient is singular at x=%.6g, before the evaluation point", sol.Poles)
		return r
	}
	y, err := sol.At(g.Point)
	if err != nil {
		r.Skipped, r.Note = true, err.Error()
		return r
	}
	v, err := evalLatex(ctx, g.Refs[0], map[string]complex128{"x": complex(g.Point, 0)}, evalOptions{realRoots: true})
	if err != nil {
		r.Skipped, r.Note = true, "reference: "+err.Error()
		return r
	}
	r.Num = y[0]
	r.Ref = real(v)
	r.RelErr = cmplx.Abs(v-complex(y[0], 0)) / math.Abs(y[0])
	r.OK = r.RelErr <= Tolerance
	var notes []string
	if imag(v) != 0 {
		notes = append(notes, fmt.Sprintf("reference is complex here (%.4g%+.4gi)", real(v), imag(v)))
	}
	if sol.BlowUp {
		notes = append(notes, fmt.Sprintf("the solution diverges at x=%.6g", sol.BlowUpX))
	}
	if rn, err := strconv.ParseFloat(strings.TrimSpace(g.Numerical), 64); err == nil {
		if d := math.Abs(rn-y[0]) / math.Max(1e-12, math.Abs(y[0])); d > 1e-3 {
			notes = append(notes, fmt.Sprintf("released numerical value %.6g differs from ours by %.2g", rn, d))
		}
	}
	r.Note = strings.Join(notes, "; ")
	return r
}

func checkLaplace(ctx context.Context, key, t string, li LaplaceIntegral, g Regime) CheckResult {
	r := CheckResult{Key: key, Type: t, Regime: g.Name, Point: g.Point}
	if !g.HasPoint {
		r.Skipped, r.Note = true, "no evaluation point"
		return r
	}
	mant, scale, err := li.Numerical(ctx, g.Point)
	if err != nil {
		r.Skipped, r.Note = true, "quadrature: "+err.Error()
		return r
	}
	v, err := evalLatex(ctx, g.Refs[0], map[string]complex128{"x": complex(g.Point, 0)}, evalOptions{realRoots: true})
	if err != nil {
		r.Skipped, r.Note = true, "reference: "+err.Error()
		return r
	}
	if a := cmplx.Abs(v); a < 1e-290 || a > 1e290 || math.IsInf(a, 0) {
		r.Skipped, r.Note = true, fmt.Sprintf("the answer's value %.3g at x=%g is outside the range where float64 compares reliably", a, g.Point)
		return r
	}
	// Compare as a ratio so that values beyond float64 still compare.
	ratio := real(v) / mant * math.Exp(-scale)
	r.Ref = real(v)
	r.Num = mant * math.Exp(scale)
	r.RelErr = math.Abs(ratio - 1)
	r.OK = r.RelErr <= Tolerance
	return r
}

// CheckReport is the outcome of checking one file.
type CheckReport struct {
	File       string        `json:"file"`
	Rows       int           `json:"rows"`
	Duplicates []Duplicate   `json:"duplicates,omitempty"`
	Results    []CheckResult `json:"results"`
	// Verbose makes WriteText list the duplicate rows and the skipped
	// checks too.
	Verbose bool `json:"-"`
}

// Check reads a HARDMath file and checks every row. It stops with ctx's
// error when ctx is done.
func Check(ctx context.Context, path string, o CheckOptions) (CheckReport, error) {
	file, err := resolveFile(path)
	if err != nil {
		return CheckReport{}, err
	}
	rows, dups, err := ReadRowsWithDuplicates(file)
	if err != nil {
		return CheckReport{}, err
	}
	rep := CheckReport{File: file, Rows: len(rows), Duplicates: dups}
	rep.Results = CheckRows(ctx, rows, o)
	if err := ctx.Err(); err != nil {
		return rep, fmt.Errorf("%s: check stopped: %w", file, err)
	}
	return rep, nil
}

// Failed reports whether any answer is off by more than the tolerance.
func (r CheckReport) Failed() bool {
	for _, c := range r.Results {
		if !c.OK && !c.Skipped {
			return true
		}
	}
	return false
}

// WriteText prints counts per type and regime, then every answer that is
// off (and, with Verbose, the duplicate rows and every skipped check).
func (r CheckReport) WriteText(w io.Writer) {
	verbose := r.Verbose
	fmt.Fprintf(w, "%s: %d rows, %d exact duplicates (kept, each graded as its own item)\n", r.File, r.Rows, len(r.Duplicates))
	if verbose && len(r.Duplicates) > 0 {
		for _, d := range r.Duplicates {
			fmt.Fprintf(w, "  row %s = row %s\n", d.Key, d.First)
		}
	}
	type key struct{ t, g string }
	counts := map[key]*[3]int{}
	var keys []key
	for _, c := range r.Results {
		k := key{c.Type, c.Regime}
		if counts[k] == nil {
			counts[k] = &[3]int{}
			keys = append(keys, k)
		}
		switch {
		case c.Skipped:
			counts[k][2]++
		case c.OK:
			counts[k][0]++
		default:
			counts[k][1]++
		}
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].t != keys[j].t {
			return keys[i].t < keys[j].t
		}
		return keys[i].g < keys[j].g
	})
	fmt.Fprintf(w, "\n%-40s %-17s %5s %5s %8s\n", "type", "regime", "ok", "off", "skipped")
	for _, k := range keys {
		c := counts[k]
		fmt.Fprintf(w, "%-40s %-17s %5d %5d %8d\n", k.t, k.g, c[0], c[1], c[2])
	}
	fmt.Fprintln(w, "\nanswers off by more than 10% from the numerical value:")
	for _, c := range r.Results {
		if !c.OK && !c.Skipped {
			fmt.Fprintf(w, "  row %s %s %s at %g: answer %.6g, numerical %.6g (rel. error %.3g) %s\n", c.Key, c.Type, c.Regime, c.Point, c.Ref, c.Num, c.RelErr, c.Note)
		}
	}
	if verbose {
		fmt.Fprintln(w, "\nnot checked:")
		for _, c := range r.Results {
			if c.Skipped {
				fmt.Fprintf(w, "  row %s %s %s: %s\n", c.Key, c.Type, c.Regime, c.Note)
			}
		}
	}
}

// checkCorrections recovers each uncorrected root x0 from the released
// corrected value and the correction, pairs it with a numerical root, and
// compares the correction with the true distance.
func checkCorrections(ctx context.Context, key, t string, p EpsPoly, g Regime) CheckResult {
	r := CheckResult{Key: key, Type: t, Regime: g.Name, Point: g.Point, Num: 1}
	corrected, err := parsePyComplexList(g.Analytical)
	if err != nil || len(corrected) != len(g.Refs) {
		r.Skipped, r.Note = true, fmt.Sprintf("corrected roots not readable (%v)", err)
		return r
	}
	roots, err := numeric.PolyRoots(ctx, p.Coeffs(g.Point))
	if err != nil {
		r.Skipped, r.Note = true, err.Error()
		return r
	}
	deltas := make([]complex128, len(g.Refs))
	x0s := make([]complex128, len(g.Refs))
	for i, s := range g.Refs {
		d, err := evalLatex(ctx, s, nil, evalOptions{})
		if err != nil {
			r.Skipped, r.Note = true, "reference: "+err.Error()
			return r
		}
		deltas[i], x0s[i] = d, corrected[i]-d
	}
	partner, ok := matchRoots(x0s, roots)
	if !ok {
		r.Skipped, r.Note = true, fmt.Sprintf("%d corrections for %d roots", len(x0s), len(roots))
		return r
	}
	matched := 0
	for i := range deltas {
		truth := partner[i] - x0s[i]
		rel := 0.0
		if d := cmplx.Abs(deltas[i] - truth); d > 0 {
			rel = d / cmplx.Abs(truth)
		}
		r.RelErr = math.Max(r.RelErr, rel)
		if rel <= Tolerance {
			matched++
		}
	}
	r.Ref = float64(matched) / float64(len(deltas))
	r.OK = matched == len(deltas)
	if !r.OK {
		r.Note = fmt.Sprintf("%d of %d corrections within 10%% of the distance to the numerical root", matched, len(deltas))
	}
	return r
}

// checkSeries compares the released small-x answer with the ODE's own
// Taylor series to third order (seriesCheck) at x = h/100: a value check at
// h = 0.1 cannot tell 1 - x^3/18 from 1 - 13x^3/180.
func checkSeries(ctx context.Context, key, t string, p ODEProblem, g Regime) CheckResult {
	h := 0.01 * g.Point
	r := CheckResult{Key: key, Type: t, Regime: "small_x series", Point: h}
	off, refDep, taylorDep, note, err := seriesDepartures(ctx, p, g.Refs[0], h)
	if err != nil {
		r.Skipped, r.Note = true, err.Error()
		return r
	}
	// Ref and Num are departures from y(0) at h: the answer's and the
	// Taylor polynomial's.
	r.Ref, r.Num, r.RelErr = refDep, taylorDep, off
	r.OK = off <= Tolerance
	if !r.OK {
		r.Note = fmt.Sprintf("released %s: %s", g.Refs[0], note)
	}
	return r
}
