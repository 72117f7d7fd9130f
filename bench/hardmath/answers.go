package hardmath

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/matheval/matheval/texscan"
)

// Regime is one graded part of a problem: a reference answer valid in one
// limit, with the point where answers are compared.
type Regime struct {
	// Name is the part's key in Verdict.Parts: epsilon, small_eps,
	// intermediate_eps, large_eps, small_x, large_x.
	Name string `json:"name"`
	// Var is the formula variable the point binds ("epsilon" or "x").
	Var      string  `json:"var,omitempty"`
	Point    float64 `json:"point,omitempty"`
	HasPoint bool    `json:"has_point,omitempty"`
	// Refs holds the reference formula, or the list of roots.
	Refs []string `json:"refs"`
	// Numerical is the released numerical ground truth at Point, if any.
	Numerical string `json:"numerical,omitempty"`
	// Analytical is the released value of the answer at Point (for root
	// corrections: the corrected roots, from which the uncorrected ones follow;
	// for an ODE's large x: the value the authors computed from their formula,
	// used where the formula itself is not real at Point).
	Analytical string `json:"analytical,omitempty"`
	// Truth is the integral's value at Point computed by quadrature from
	// the question (traditional integrals), which answers are graded
	// against; HasTruth says it was computed. RefOff is the released
	// answer's relative distance from it, when more than 10%: the released
	// answer is then wrong at this point (the intermediate regime's
	// exponent, the older set's "large epsilon" formula).
	Truth    float64 `json:"truth,omitempty"`
	HasTruth bool    `json:"has_truth,omitempty"`
	RefOff   float64 `json:"ref_off,omitempty"`
	// SeriesNote says, for a small-x ODE answer that is not the ODE's own
	// Taylor series to third order, what that series is.
	SeriesNote string `json:"series_note,omitempty"`
}

// Reference is everything grading needs about an item's gold answer.
type Reference struct {
	Type      string   `json:"type"`
	Subtype   string   `json:"subtype,omitempty"`
	Precision int      `json:"precision,omitempty"`
	Regimes   []Regime `json:"regimes"`
}

// Default evaluation points where a released row has none (word problems):
// the root regimes at epsilon = 0.01 and 100.
const (
	defaultSmallEps = 0.01
	defaultLargeEps = 100
)

// ReferenceOf extracts the per-regime reference answers of a row. Root rows
// store only the small-epsilon roots in answer_val, so the large-epsilon
// roots come from the solution's last boxed list for large epsilon.
func ReferenceOf(r Row) (Reference, error) {
	ref := Reference{Type: r.Type(), Subtype: r.Subtype()}
	if r.Precision != nil {
		ref.Precision = *r.Precision
	}
	pt := func(p *float64, def float64) (float64, bool) {
		if p != nil {
			return *p, true
		}
		return def, !math.IsNaN(def)
	}
	switch ref.Type {
	case TypeNondimSymbolic, TypeNondimNumeric:
		a := cleanAnswer(unbox(r.AnswerVal))
		if !balanced(a) {
			// A few released answers lost their opening "\frac{"; the
			// solution's last box states the same epsilon intact.
			a = cleanAnswer(unbox(r.Solution))
		}
		if a == "" {
			return ref, fmt.Errorf("empty answer_val")
		}
		ref.Regimes = []Regime{{Name: "epsilon", Refs: []string{a}}}
	case TypeRoots, TypeRootCorrections:
		small := flattenLists(splitList(unbox(r.AnswerVal)))
		large, err := rootsFromSolution(r.Solution, "large")
		if err != nil {
			return ref, err
		}
		if len(small) == 0 {
			return ref, fmt.Errorf("no small-epsilon roots in answer_val")
		}
		sp, sok := pt(r.SmallEvalPoint, defaultSmallEps)
		lp, lok := pt(r.LargeEvalPoint, defaultLargeEps)
		ref.Regimes = []Regime{
			{Name: "small_eps", Var: "epsilon", Point: sp, HasPoint: sok, Refs: small, Numerical: deref(r.SmallNumerical)},
			{Name: "large_eps", Var: "epsilon", Point: lp, HasPoint: lok, Refs: large, Numerical: deref(r.LargeNumerical)},
		}
		if ref.Type == TypeRootCorrections {
			ref.Regimes[0].Analytical = deref(r.SmallAnalytical)
			ref.Regimes[1].Analytical = deref(r.LargeAnalytical)
		}
	case TypeODE:
		parts := pythonStrings(r.AnswerVal)
		if len(parts) != 2 {
			// Word problems give one boxed list instead of a Python list.
			parts = splitList(unbox(r.AnswerVal))
		}
		if len(parts) != 2 {
			return ref, fmt.Errorf("ODE answer has %d parts, want 2 (small x, large x)", len(parts))
		}
		sp, sok := pt(r.SmallEvalPoint, math.NaN())
		lp, lok := pt(r.LargeEvalPoint, math.NaN())
		ref.Regimes = []Regime{
			{Name: "small_x", Var: "x", Point: sp, HasPoint: sok, Refs: []string{cleanAnswer(parts[0])}, Numerical: deref(r.SmallNumerical)},
			{Name: "large_x", Var: "x", Point: lp, HasPoint: lok, Refs: []string{cleanAnswer(parts[1])}, Numerical: deref(r.LargeNumerical),
				Analytical: deref(r.LargeAnalytical)},
		}
	case TypeIntegral:
		if ref.Subtype == "laplace" {
			lp, lok := pt(r.LargeEvalPoint, math.NaN())
			ref.Regimes = []Regime{{Name: "large_x", Var: "x", Point: lp, HasPoint: lok,
				Refs: []string{cleanAnswer(unbox(r.AnswerVal))}, Numerical: deref(r.LargeNumerical)}}
			break
		}
		parts := splitList(unbox(r.AnswerVal))
		for i := range parts {
			parts[i] = cleanAnswer(parts[i])
		}
		var names []string
		switch len(parts) {
		case 3:
			names = []string{"small_eps", "intermediate_eps", "large_eps"}
		case 2:
			names = []string{"small_eps", "large_eps"}
		default:
			return ref, fmt.Errorf("integral answer has %d parts, want 2 or 3", len(parts))
		}
		points := map[string]float64{}
		if ip, err := ParseEpsIntegral(r.Question); err == nil {
			points = ip.EvalPoints()
		}
		for i, n := range names {
			g := Regime{Name: n, Var: "epsilon", Refs: []string{parts[i]}}
			if p, ok := points[n]; ok {
				g.Point, g.HasPoint = p, true
			}
			// Released two-regime rows carry their own points.
			if len(names) == 2 && n == "small_eps" && r.SmallEvalPoint != nil {
				g.Point, g.HasPoint, g.Numerical = *r.SmallEvalPoint, true, deref(r.SmallNumerical)
			}
			if len(names) == 2 && n == "large_eps" && r.LargeEvalPoint != nil {
				g.Point, g.HasPoint, g.Numerical = *r.LargeEvalPoint, true, deref(r.LargeNumerical)
			}
			ref.Regimes = append(ref.Regimes, g)
		}
	default:
		return ref, fmt.Errorf("unknown question type %q", ref.Type)
	}
	return ref, nil
}

// rootsFromSolution finds the boxed root list the solution states for the
// "large" or "small" regime (its closing summary).
func rootsFromSolution(sol, which string) ([]string, error) {
	locs := rootsClauses(sol)
	for i := len(locs) - 1; i >= 0; i-- {
		l := locs[i]
		if l.which != which {
			continue
		}
		boxes := boxedAll(sol[l.end:])
		if len(boxes) > 0 {
			if roots := flattenLists(splitList(boxes[0])); len(roots) > 0 {
				return roots, nil
			}
		}
	}
	return nil, fmt.Errorf("the solution states no boxed root list for %s epsilon", which)
}

// rootsClause is one "for large positive epsilon are" of a solution: its
// regime and the offset after "are".
type rootsClause struct {
	which string
	end   int
}

// rootsClauses finds every "for large (or small) positive $\epsilon$ are"
// of sol, dollars and backslash optional, in texscan's tokens: "for" may
// end a word and "are" begin one, as the regexp that read it allowed.
func rootsClauses(sol string) []rootsClause {
	q := newQtoks(sol)
	var out []rootsClause
	for k := 0; k < len(q.t); k++ {
		if !q.wordEnds(k, "for") || !q.is(k+1, texscan.Space, " ") || !(q.is(k+2, texscan.Word, "large") || q.is(k+2, texscan.Word, "small")) ||
			!q.is(k+3, texscan.Space, " ") || !q.is(k+4, texscan.Word, "positive") {
			continue
		}
		j := q.blank(k + 5)
		if q.is(j, texscan.MathShift, "$") {
			j = q.blank(j + 1)
		}
		if !q.cmd(j, "epsilon") && !q.is(j, texscan.Word, "epsilon") {
			continue
		}
		if j++; q.is(j, texscan.MathShift, "$") {
			j++
		}
		j = q.blank(j)
		if !q.wordStarts(j, "are") {
			continue
		}
		out = append(out, rootsClause{which: q.t[k+2].Text, end: q.t[j].Pos + len("are")})
		k = j
	}
	return out
}

// unbox returns the last boxed content of s, or s itself; a box nested in
// a box (some released answers have "\boxed{\epsilon \approx$$\boxed{4.85}...}")
// yields the innermost one.
func unbox(s string) string {
	for range 5 {
		b := boxedAll(s)
		if len(b) == 0 {
			return s
		}
		s = b[len(b)-1]
	}
	return s
}

// flattenLists turns ["[a, b]", "[c]"] into ["a", "b", "c"]: some released
// root answers give one list per dominant balance.
func flattenLists(items []string) []string {
	var out []string
	for _, it := range items {
		t := strings.TrimSpace(strings.ReplaceAll(strings.ReplaceAll(it, `\left[`, "["), `\right]`, "]"))
		if strings.HasPrefix(t, "[") && matchingClose(t, 0) == len(t)-1 {
			out = append(out, splitList(t)...)
		} else {
			out = append(out, it)
		}
	}
	return out
}

// splitList strips one pair of list brackets and splits at top-level commas.
func splitList(s string) []string {
	s = strings.TrimSpace(stripMath(s))
	s = strings.ReplaceAll(s, `\left[`, "[")
	s = strings.ReplaceAll(s, `\right]`, "]")
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "x=") || strings.HasPrefix(s, "x =") {
		s = strings.TrimSpace(s[strings.Index(s, "=")+1:])
	}
	if strings.HasPrefix(s, "[") && matchingClose(s, 0) == len(s)-1 {
		s = s[1 : len(s)-1]
	}
	var out []string
	for _, p := range splitTop(s, ',') {
		p = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(p), `\`))
		p = strings.TrimSpace(p)
		if p != "" {
			out = append(out, p)
		}
	}
	return out
}

// stripMath replaces the math delimiters $, $$, \[ and \] of s by spaces
// (an escaped \$ is a dollar sign and stays).
func stripMath(s string) string {
	var b strings.Builder
	sc := texscan.NewScanner(s, 0)
	for t, ok := sc.Next(); ok; t, ok = sc.Next() {
		if t.Kind == texscan.MathShift || t.Text == `\[` || t.Text == `\]` {
			b.WriteString(" ")
		} else {
			b.WriteString(t.Text)
		}
	}
	return strings.TrimSpace(b.String())
}

// cleanAnswer reduces a stated answer to its formula: it drops math
// delimiters and trailing punctuation, and keeps what follows the last
// top-level "=" or "\approx" (x = ..., I(x) \approx ..., \epsilon = ...).
func cleanAnswer(s string) string {
	s = stripMath(s)
	s = strings.TrimSpace(strings.ReplaceAll(s, "\\n", " "))
	s = strings.TrimSpace(strings.TrimRight(s, ".;, \n"))
	cut := -1
	if spans, err := texscan.SplitSpans(s, brackets, texscan.Limits{}, "=", `\approx`, `\simeq`, `\sim`); err == nil && len(spans) > 1 {
		cut = spans[len(spans)-1][0]
	}
	if cut >= 0 {
		s = s[cut:]
	}
	return strings.TrimSpace(strings.TrimRight(strings.TrimSpace(s), ".;,"))
}

// pythonStrings parses a Python list of string literals as str() prints it
// ("['y = 1 - \\frac{x^{3}}{18}\n', ...]"), returning nil when s is not one.
func pythonStrings(s string) []string {
	s = strings.TrimSpace(s)
	if !strings.HasPrefix(s, "[") || !strings.HasSuffix(s, "]") {
		return nil
	}
	var out []string
	i := 1
	for i < len(s)-1 {
		c := s[i]
		if c == ' ' || c == ',' || c == '\n' {
			i++
			continue
		}
		if c != '\'' && c != '"' {
			return nil
		}
		q := c
		i++
		var b strings.Builder
		for i < len(s) && s[i] != q {
			if s[i] == '\\' && i+1 < len(s) {
				i++
				switch s[i] {
				case 'n':
					b.WriteByte('\n')
				case 't':
					b.WriteByte('\t')
				default:
					b.WriteByte(s[i])
				}
			} else {
				b.WriteByte(s[i])
			}
			i++
		}
		if i >= len(s) {
			return nil
		}
		i++ // closing quote
		out = append(out, strings.TrimSpace(b.String()))
	}
	return out
}

// parseNumber reads a plain decimal number from an answer ("0.08", "\approx 0.08").
func parseNumber(ctx context.Context, s string) (float64, bool) {
	s = strings.TrimSpace(cleanAnswer(s))
	s = strings.ReplaceAll(s, "{,}", "")
	s = strings.ReplaceAll(s, " ", "")
	v, err := strconv.ParseFloat(s, 64)
	if err == nil {
		return v, true
	}
	if c, err := evalLatex(ctx, s, nil, evalOptions{}); err == nil && imag(c) == 0 {
		return real(c), true
	}
	return 0, false
}

// parsePyComplexList reads a list of complex numbers as Python or numpy
// print it: "[(1.28+0.93j), -1j, 1j]" or "[-1.52+0.j  -0.53+1.48j]".
func parsePyComplexList(s string) ([]complex128, error) {
	s = strings.TrimSpace(s)
	s = strings.TrimPrefix(s, "[")
	s = strings.TrimSuffix(s, "]")
	s = strings.NewReplacer(",", " ", "(", " ", ")", " ", "\n", " ", "\n", " ").Replace(s)
	var out []complex128
	for _, f := range strings.Fields(s) {
		f = strings.ReplaceAll(f, "j", "i")
		f = strings.ReplaceAll(f, ".i", ".0i")
		z, err := strconv.ParseComplex(f, 128)
		if err != nil {
			return nil, fmt.Errorf("cannot read complex number %q", f)
		}
		out = append(out, z)
	}
	return out, nil
}
