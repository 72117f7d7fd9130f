package mutation_test

import (
	"fmt"
	"math"
	"math/big"
	"regexp"
	"strings"
	"testing"

	"github.com/matheval/matheval/grader/mutation"
)

// TestAdversary: issue 28's territory as properties over every MATH and
// MATH-500 gold. Each gold is edited in ways that change its meaning and
// that the other families do not make (an unknown function, mark or
// subscript around it, a prime, a factorial, a permille sign, ±, trailing
// dots, a residue, trailing words, an exponent, a misplaced separator, a
// changed interval end, a set for a tuple, a transpose, swapped binomial
// arguments, a repeating digit, radians for degrees, another logarithm or
// root, a swapped fraction, a minus moved into a power), and rewritten in
// ways that keep it (\tfrac, \left( \right), separators, \!, Unicode
// forms, full-width digits, \pmod, lcm, \Gamma, conjugates, integrals,
// limits, sums, transposes, \textrm, plain units). An edit counts as
// meaning-changing by construction (a construct with no reading that keeps
// the value) or when the suite's oracle reads both sides as different, and
// as meaning-keeping by construction, never contradicted by the oracle;
// what neither shows is dropped. Every pair is graded as the suite grades
// (answer.Equivalent under the MATH policy). By default one gold in 16
// is edited; MATHEVAL_MUTATION_FULL=1 edits every gold.
func TestAdversary(t *testing.T) {
	t.Parallel()
	var golds []suiteGold
	for i, g := range suiteGolds(t) {
		if g.Bench != "math" && g.Bench != "math500" {
			continue
		}
		if !fullSweep() && i%16 != 0 {
			continue
		}
		golds = append(golds, g)
	}
	per, st := generate(golds, func(_ int, g mutation.Gold, st *mutation.Stats) []mutation.Pair {
		return adversary(g.Text, st)
	})
	tl, mutants, rewrites := gradeFamilies(t, "adversary", golds, per, st)
	if !testing.Short() && (mutants < 5000 || rewrites < 2000) {
		t.Errorf("only %d meaning-changing and %d meaning-keeping pairs; the family promises 5,000 and 2,000", mutants, rewrites)
	}
	// Every family asserts 0 false Equal under answer.MATH, the three whose
	// false Equals came from the policy's text normalisation before the
	// engine (package answer) included: \% dropped inside an operation
	// (713 of the sampled sweep, 11,239 of the full), an ellipsis trimmed
	// (805; 12,828) and the number taken out of "2 fifteenths" (1,392;
	// 21,748) are fixed in answer (dropValuePercents, the bare tier's
	// ellipsis, changedAfter's ordinal fractions and multiples).
	// 0 false Equal from the engine in every other family (the full sweep
	// of the first version found 23,028 in the engine's families, 0 after
	// the fixes of its commit); the rewrites' Equal rate is a floor under
	// the rate measured then (98.74% before, 99.98% after, full sweep).
	assertFamilies(t, tl, 97, 97, nil)
}

// adv collects the pairs of one gold.
type adv struct {
	gold string
	gv   *mutation.Value
	st   *mutation.Stats
	out  []mutation.Pair
	seen map[string]bool
	// plain: the gold has no unit, percent or degree sign, so its value
	// is the whole answer
	plain bool
}

func (a *adv) add(fam, cand string, e mutation.Expect, note string) {
	if cand == a.gold || a.seen[cand] {
		return
	}
	a.seen[cand] = true
	a.out = append(a.out, mutation.Pair{Family: fam, Answer: cand, Cand: cand, Expect: e, Note: note})
}

// differ adds a candidate whose meaning differs by construction.
func (a *adv) differ(fam, cand, note string) { a.add("adv:"+fam, cand, mutation.MustDiffer, note) }

// policy adds a candidate that only a grading convention decides.
func (a *adv) policy(fam, cand, note string) {
	a.add("adv-policy:"+fam, cand, mutation.PolicyOnly, note)
}

// judged adds a candidate that differs when the oracle reads both sides
// as different; anything else is dropped.
func (a *adv) judged(fam, cand, note string) {
	if a.gv == nil {
		a.st.Dropped["adv:"+fam]++
		return
	}
	cv, err := mutation.Read(cand)
	if err != nil {
		a.st.Dropped["adv:"+fam]++
		return
	}
	switch mutation.Compare(a.gv, cv, nil) {
	case mutation.Different:
		a.differ(fam, cand, note)
	case mutation.Same:
		a.st.OracleSame["adv:"+fam]++
	default:
		a.st.Dropped["adv:"+fam]++
	}
}

// keep adds a meaning-keeping rewrite, unless the oracle reads it as
// different (a slip of the rewrite, not a grader defect: dropped).
func (a *adv) keep(fam, cand, note string) {
	if a.gv != nil {
		if cv, err := mutation.Read(cand); err == nil && mutation.Compare(a.gv, cv, nil) == mutation.Different {
			a.st.Dropped["adv-keep:"+fam]++
			return
		}
	}
	a.add("adv-keep:"+fam, cand, mutation.MustEqual, note)
}

// value returns the gold's exact rational value, if it has one.
func (a *adv) value() (*big.Rat, bool) {
	if !a.plain || a.gv == nil || a.gv.Kind != "scalar" || a.gv.Num == nil || a.gv.Num.Var || a.gv.Num.R == nil {
		return nil, false
	}
	return a.gv.Num.R, true
}

// scalar reports whether the gold is one scalar; constant, whether it has
// no variable too.
func (a *adv) scalar() bool {
	return a.plain && a.gv != nil && a.gv.Kind == "scalar" && a.gv.Num != nil
}
func (a *adv) constant() bool {
	return a.scalar() && !a.gv.Num.Var && !math.IsNaN(real(a.gv.Num.V[0])) && !math.IsInf(real(a.gv.Num.V[0]), 0)
}

// isOne reports whether the gold's exact value is one of vals.
func (a *adv) isOne(vals ...int64) bool {
	r, ok := a.value()
	if !ok {
		return false
	}
	for _, v := range vals {
		if r.Cmp(big.NewRat(v, 1)) == 0 {
			return true
		}
	}
	return false
}

var (
	reInt       = regexp.MustCompile(`^-?[0-9]+$`)
	reDecimal   = regexp.MustCompile(`^-?[0-9]+\.[0-9]+$`)
	reDegree    = regexp.MustCompile(`^(.*?)\s*\^\s*(?:\\circ|\{\s*\\circ\s*\})$`)
	reSqrtDigit = regexp.MustCompile(`\\sqrt\{([0-9]+)\}`)
	reRootN     = regexp.MustCompile(`\\sqrt\[([0-9]+)\]\{([0-9]+)\}`)
	reSupDigits = regexp.MustCompile(`\^\{([0-9]+)\}|\^([0-9])`)
	reUnitTail  = regexp.MustCompile(`^([0-9.]+)\s*\\(?:text|mbox)\{\s*([a-zA-Z]+(?:/[a-zA-Z]+)?)\s*\}(\^[23])?$`)
	reTextGold  = regexp.MustCompile(`^\\text\{([^{}]+)\}$`)
	rePMod      = regexp.MustCompile(`\\pmod\{([0-9]+)\}`)
	reComplex   = regexp.MustCompile(`^([^+\-]+)([+-])([^+\-]+i)$`)
	rePMGold    = regexp.MustCompile(`^([0-9]*)\s*\\pm\s*([0-9]+|\\sqrt\{[0-9]+\})$`)
	reNegPow    = regexp.MustCompile(`-([0-9]+)\^(\{[0-9]+\}|[0-9])`)
)

var vulgar = map[[2]int64]string{
	{1, 2}: "½", {1, 3}: "⅓", {2, 3}: "⅔", {1, 4}: "¼", {3, 4}: "¾", {1, 5}: "⅕", {2, 5}: "⅖", {3, 5}: "⅗",
	{4, 5}: "⅘", {1, 6}: "⅙", {5, 6}: "⅚", {1, 8}: "⅛", {3, 8}: "⅜", {5, 8}: "⅝", {7, 8}: "⅞", {1, 7}: "⅐",
	{1, 9}: "⅑", {1, 10}: "⅒",
}

var superDigits = strings.NewReplacer("0", "⁰", "1", "¹", "2", "²", "3", "³", "4", "⁴", "5", "⁵", "6", "⁶", "7", "⁷", "8", "⁸", "9", "⁹")
var fullWidth = strings.NewReplacer("0", "０", "1", "１", "2", "２", "3", "３", "4", "４", "5", "５", "6", "６", "7", "７", "8", "８", "9", "９")

// grouped writes an integer with sep between its groups of three digits.
func grouped(g, sep string) string {
	sign, d := "", g
	if strings.HasPrefix(d, "-") {
		sign, d = "-", d[1:]
	}
	var parts []string
	for len(d) > 3 {
		parts = append([]string{d[len(d)-3:]}, parts...)
		d = d[:len(d)-3]
	}
	return sign + strings.Join(append([]string{d}, parts...), sep)
}

// sigDigits counts the significant digits of a decimal literal.
func sigDigits(d string) int {
	d = strings.TrimLeft(strings.ReplaceAll(strings.TrimPrefix(d, "-"), ".", ""), "0")
	return len(d)
}

// paren wraps g in parentheses unless it is a plain number or name.
func paren(g string) string {
	if regexp.MustCompile(`^[0-9a-zA-Z.]+$`).MatchString(g) {
		return g
	}
	return `\left(` + g + `\right)`
}

// twoArgs finds each \cmd{A}{B} of s and returns their spans and arguments.
func twoArgs(s, cmd string) (out [][5]int) {
	for i := 0; ; {
		k := strings.Index(s[i:], cmd+"{")
		if k < 0 {
			return out
		}
		k += i
		a0 := k + len(cmd)
		a1 := mutation.MatchBrace(s, a0)
		if a1 < 0 || a1+1 >= len(s) || s[a1+1] != '{' {
			i = a0
			continue
		}
		b1 := mutation.MatchBrace(s, a1+1)
		if b1 < 0 {
			return out
		}
		out = append(out, [5]int{k, a0, a1, a1 + 1, b1})
		i = a0
	}
}

// topSplit splits s at top-level occurrences of sep (outside braces,
// brackets and parentheses).
func topSplit(s, sep string) []string {
	var out []string
	depth, last := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			if strings.HasPrefix(s[i:], sep) && depth == 0 {
				out = append(out, s[last:i])
				last = i + len(sep)
				i += len(sep) - 1
				continue
			}
			i++
		case '{', '(', '[':
			depth++
		case '}', ')', ']':
			depth--
		default:
			if depth == 0 && strings.HasPrefix(s[i:], sep) {
				out = append(out, s[last:i])
				last = i + len(sep)
				i += len(sep) - 1
			}
		}
	}
	return append(out, s[last:])
}

// transpose returns the transposed matrix of a gold that is one matrix
// environment.
func transpose(g string) (string, bool) {
	for _, env := range []string{"pmatrix", "bmatrix"} {
		open, close := `\begin{`+env+`}`, `\end{`+env+`}`
		s := strings.TrimSpace(g)
		if !strings.HasPrefix(s, open) || !strings.HasSuffix(s, close) || strings.Count(s, `\begin`) != 1 {
			continue
		}
		body := s[len(open) : len(s)-len(close)]
		var rows [][]string
		for _, r := range topSplit(body, `\\`) {
			if strings.TrimSpace(r) == "" {
				continue
			}
			rows = append(rows, topSplit(r, "&"))
		}
		if len(rows) == 0 {
			return "", false
		}
		for _, r := range rows {
			if len(r) != len(rows[0]) {
				return "", false
			}
		}
		var b strings.Builder
		b.WriteString(open)
		for j := range rows[0] {
			if j > 0 {
				b.WriteString(` \\ `)
			}
			for i := range rows {
				if i > 0 {
					b.WriteString(" & ")
				}
				b.WriteString(strings.TrimSpace(rows[i][j]))
			}
		}
		b.WriteString(close)
		return b.String(), true
	}
	return "", false
}

// interval splits a gold written as one bracketed pair "(a, b]" into its
// parts.
func interval(g string) (a, b string, ok bool) {
	s := strings.TrimSpace(g)
	s = strings.TrimPrefix(s, `\left`)
	if len(s) < 5 || s[0] != '(' && s[0] != '[' {
		return "", "", false
	}
	last := s[len(s)-1]
	if last != ')' && last != ']' {
		return "", "", false
	}
	inner := strings.TrimSuffix(strings.TrimSpace(s[1:len(s)-1]), `\right`)
	parts := topSplit(inner, ",")
	if len(parts) != 2 || strings.ContainsAny(inner, "()[]") && !strings.Contains(inner, `\infty`) {
		return "", "", false
	}
	return strings.TrimSpace(parts[0]), strings.TrimSpace(parts[1]), true
}

// adversary returns the pairs of one MATH gold.
func adversary(g string, st *mutation.Stats) []mutation.Pair {
	g = strings.TrimSpace(g)
	if g == "" {
		return nil
	}
	gv, err := mutation.Read(g)
	if err != nil {
		gv = nil
	}
	a := &adv{gold: g, gv: gv, st: st, seen: map[string]bool{}}
	a.plain = gv != nil && gv.Tag == "" && !strings.Contains(g, `\%`) && !strings.Contains(g, `\circ`) &&
		!strings.Contains(g, `\text`) && !strings.Contains(g, `\mbox`) && !strings.Contains(g, `$`) && !strings.Contains(g, ",")
	if gv != nil && gv.Kind == "text" {
		if m := reTextGold.FindStringSubmatch(g); m != nil {
			a.keep("textrm", `\textrm{`+m[1]+`}`, "")
			a.keep("textrm", `\textnormal{`+m[1]+`}`, "")
		}
		return a.out
	}
	p := paren(g)
	isInt, isDec := reInt.MatchString(g), reDecimal.MatchString(g)

	// -- meaning-changing edits --

	// an unknown function or transform around the value
	a.differ("unknown-fn", `\operatorname{foo}`+`\left(`+g+`\right)`, "")
	a.differ("unknown-fn", `\mathcal{L}\left\{`+g+`\right\}`, "")
	a.differ("unknown-fn", `\mathcal{O}\left(`+g+`\right)`, "")
	a.differ("unknown-fn", `\mathfrak{F}`+`\left(`+g+`\right)`, "")
	a.differ("unknown-fn", `f\left(`+g+`\right)`, "")
	a.differ("unknown-fn", `\mathrm{foo}(`+g+`)`, "")
	a.differ("unknown-fn", `\text{foo}(`+g+`)`, "")
	a.differ("unknown-fn", `\operatorname{foo} `+p, "")
	// decorations that hide, strike or mark the value
	for _, d := range []string{`\phantom`, `\vphantom`, `\hphantom`, `\cancel`, `\bcancel`, `\xcancel`, `\sout`,
		`\acute`, `\check`, `\breve`, `\ddot`, `\mathring`, `\underline`, `\not`} {
		a.differ("decoration", d+`{`+g+`}`, d)
	}
	// combining marks: a hat, a tilde, a vector arrow, a slash through it,
	// a stroke, an overline, an underline; after the value and after its
	// first character
	first := []rune(g)[0]
	for _, c := range []string{"\u0302", "\u0303", "\u20d7", "\u0338", "\u0307", "\u0336", "\u0335", "\u0305", "\u0332", "\u0301", "\u0308"} {
		a.differ("combining", g+c, fmt.Sprintf("U+%04X after the value", []rune(c)[0]))
		a.differ("combining", string(first)+c+g[len(string(first)):], fmt.Sprintf("U+%04X after the first character", []rune(c)[0]))
	}
	// marks of a variant, a limit side, a derivative order, a dual
	for _, m := range []string{`^{*}`, `^{\dagger}`, `^{+}`, `^{-}`, `_{+}`, `^{\ast}`, `′`, `″`} {
		a.differ("mark", p+m, m)
	}
	// (a square, or a base of a number: the oracle decides)
	a.judged("mark", p+`^{(2)}`, "")
	a.judged("mark", p+`₂`, "")
	// the functions of a value that are the value only at special points
	if a.constant() {
		z := a.gv.Num.V[0]
		if math.Abs(imag(z)) > 1e-9 {
			a.differ("re-im", `\Re\left(`+g+`\right)`, "")
			a.differ("re-im", `\Im\left(`+g+`\right)`, "")
			a.differ("re-im", `\operatorname{Re}(`+g+`)`, "")
			a.differ("re-im", `\arg\left(`+g+`\right)`, "")
		} else if !a.isOne(-1, 0, 1) {
			a.differ("sgn", `\operatorname{sgn}\left(`+g+`\right)`, "")
			a.differ("sgn", `\operatorname{sign}(`+g+`)`, "")
		}
		a.judged("fn-of", `\sqrt{`+g+`}`, "")
		a.judged("fn-of", p+`^{0}`, "")
		a.judged("fn-of", p+`^{-1}`, "")
		a.judged("fn-of", `\exp\left(`+g+`\right)`, "")
		a.judged("fn-of", `\lfloor `+g+` \rfloor`, "")
		a.differ("fn-of", `\frac{`+g+`}{0}`, "a division by zero")
		a.keep("fn-of", p+`^{1}`, "")
		a.keep("fn-of", `\frac{`+g+`}{1}`, "")
	}
	// a relation with no left side: a bound, not the value
	for _, r := range []string{`\le `, `< `, `\ge `, `\geq `, `> `, `\neq `, `\ne `, `\propto `, `\cong `, `\prec `, `\ll `, `\lesssim `} {
		a.differ("no-lhs", r+g, r)
	}
	// an evaluation bar: the expression at a point
	if a.scalar() && a.gv.Num.Var {
		a.differ("eval-bar", `\left. `+g+` \right|_{x=2}`, "")
		a.differ("eval-bar", g+`\Big|_{x=0}^{1}`, "")
		a.differ("eval-bar", `\left[`+g+`\right]_{0}^{1}`, "")
	}
	// the reals with a mark: the positive reals, the plane, the nonzero
	if strings.Contains(g, `\mathbb{R}`) || strings.ReplaceAll(g, " ", "") == `(-\infty,\infty)` {
		for _, r := range []string{`\mathbb{R}^+`, `\mathbb{R}^{+}`, `\mathbb{R}_{>0}`, `\mathbb{R}^2`, `\mathbb{R}^*`, `\mathbb{R}_{+}`, `\mathbb{R}^{n}`, `\overline{\mathbb{R}}`} {
			if strings.Contains(g, `\mathbb{R}`) {
				a.differ("reals", strings.Replace(g, `\mathbb{R}`, r, 1), r)
			} else {
				a.differ("reals", r, r)
			}
		}
	}
	// a constant for a lookalike
	for _, r := range [][2]string{{`\pi`, `\Pi`}, {`\pi`, `\varpi`}, {`\infty`, `\aleph_0`}, {`\emptyset`, `\{0\}`}, {`\mathbb{Z}`, `\mathbb{N}`}, {`\mathbb{R}`, `\mathbb{C}`}} {
		if strings.Contains(g, r[0]) {
			a.differ("lookalike", strings.Replace(g, r[0], r[1], 1), r[0]+" as "+r[1])
		}
	}
	for _, r := range [][2]string{{`\pi`, `\uppi`}, {`\emptyset`, `\varnothing`}, {`\emptyset`, `\{\}`}, {`\infty`, `+\infty`}} {
		if strings.Contains(g, r[0]) && (r[1] != `+\infty` || g == `\infty`) {
			a.keep("lookalike", strings.Replace(g, r[0], r[1], 1), r[0]+" as "+r[1])
		}
	}
	// an exponent or a root that takes less or more than the gold's
	if m := regexp.MustCompile(`e\^\{([0-9])([a-z])\}`).FindStringSubmatchIndex(g); m != nil {
		a.judged("scope", g[:m[0]]+"e^"+g[m[2]:m[3]]+g[m[4]:m[5]]+g[m[1]:], "the exponent's variable outside")
	}
	if m := regexp.MustCompile(`\\sqrt\{([0-9]+)([a-z])\}`).FindStringSubmatchIndex(g); m != nil {
		a.judged("scope", g[:m[0]]+`\sqrt{`+g[m[2]:m[3]]+`}`+g[m[4]:m[5]]+g[m[1]:], "the variable outside the root")
	}
	if strings.Contains(g, `\sin^2`) {
		a.judged("scope", strings.Replace(g, `\sin^2`, `\sin`, 1)+`^2`, "")
	}
	// a subfactorial: !n is never n
	if isInt {
		a.differ("factorial", `!`+g, "a subfactorial")
	}
	// a repeating digit written in parentheses after a decimal
	if isDec {
		a.differ("overline", g+`(3)`, "a repeating digit in parentheses")
	}
	// the determinant of a matrix gold: a number
	if strings.HasPrefix(g, `\begin{pmatrix}`) && strings.Count(g, `\begin`) == 1 {
		a.differ("det", strings.ReplaceAll(g, "pmatrix", "vmatrix"), "a determinant")
		a.differ("det", `\det`+g, "a determinant")
		a.keep("matrix-env", strings.ReplaceAll(g, "pmatrix", "bmatrix"), "")
	}
	// a subscript: a base when the value is an integer (the oracle reads
	// it), else an index that no reading drops
	if isInt {
		a.judged("subscript", g+`_{8}`, "")
	} else {
		a.differ("subscript", p+`_{2}`, "")
		a.differ("subscript", p+`_{n}`, "")
	}
	// a prime: a derivative of an expression in a variable; on a number a
	// mark of feet or minutes (a unit: policy)
	if a.scalar() && a.gv.Num.Var {
		a.differ("prime", p+`'`, "")
		a.differ("prime", p+`^{\prime}`, "")
		a.differ("prime", p+`''`, "")
	} else {
		a.policy("prime", p+`'`, "")
		a.policy("prime", p+`^{\prime}`, "")
	}
	// factorials: n! = n only for 1 and 2; n!! = n for 1, 2 and 3
	if a.scalar() && !a.isOne(1, 2) {
		a.differ("factorial", p+`!`, "")
	} else if gv != nil && gv.Kind != "scalar" && gv.Kind != "text" {
		a.differ("factorial", p+`!`, "a factorial of a structure")
	}
	if a.scalar() && !a.isOne(1, 2, 3) {
		a.differ("factorial2", p+`!!`, "")
	}
	// per mille: never a percent
	a.differ("permille", g+`‰`, "")
	a.differ("permille", g+`\permil`, "")
	a.differ("permille", g+`\text{\textperthousand}`, "")
	a.differ("permille", g+`\textperthousand`, "")
	// ±: two values, unless the value is 0
	if a.scalar() && !a.isOne(0) {
		a.differ("pm", `\pm `+p, "")
		a.differ("pm", `\mp `+p, "")
	}
	if a.scalar() {
		a.differ("pm", p+` \pm 1`, "")
	}
	// trailing dots: a sequence, not a value
	for _, d := range []string{`, \dots`, `\dots`, `, \ldots`, `\cdots`, `, …`} {
		a.differ("dots", g+d, "")
	}
	a.differ("dots-plain", g+`, ...`, "")
	// three dots glued to a reply's last value may be a sentence trailing
	// off ("the answer is 2..."): the reader ends the value there, and the
	// decimal policy reads 0.3333... as 0.3333
	a.policy("dots", g+`...`, "")
	// a percent inside an operation is a value, never a unit
	if strings.HasSuffix(g, `\%`) && gv != nil && gv.Kind == "scalar" {
		for _, c := range []string{`\lfloor ` + g + `\rfloor`, `\lceil ` + g + `\rceil`, `\left(` + g + `\right) \bmod 7`,
			`\max\left(` + g + `, 1\right)`, `\left\lfloor ` + g + ` \right\rfloor`} {
			a.judged("percent-inside", c, "")
		}
	}
	if a.scalar() && !a.isOne(0) {
		a.judged("percent-inside", g+`\%\%`, "two percent signs")
	}
	// a dash after an integer: a range, or a subtraction, never the value
	if isInt {
		a.differ("dash", g+"–1", "")
		a.differ("dash", g+"—2", "")
		a.policy("dash", g+" – 1", "a spaced dash: a minus")
		a.differ("dash", g+"‒"+g, "")
	}
	// a residue: n mod 7 is n only for 0 <= n < 7
	if r, ok := a.value(); ok && r.IsInt() {
		if r.Sign() < 0 || r.Cmp(big.NewRat(7, 1)) >= 0 {
			a.differ("mod", p+` \bmod 7`, "")
			a.differ("mod", p+` \mod 7`, "")
			a.differ("mod", p+` \operatorname{mod} 7`, "")
		}
	} else if a.scalar() {
		a.differ("mod", p+` \bmod 7`, "a residue of a non-integer")
	}
	if isInt {
		a.policy("mod", g+` \pmod{7}`, "")
	}
	// words after a decimal or a value that no unit table reads
	if a.constant() {
		a.differ("trail-text", g+`\text{ish}`, "")
		a.differ("trail-text", g+`\text{-ish}`, "")
		a.differ("trail-text", g+`\text{ or so}`, "")
		a.differ("trail-text", g+` \text{give or take}`, "")
		a.differ("trail-text", g+`\text{ (rounded)}`, "")
		a.differ("trail-text", g+`\text{ (truncated)}`, "")
		a.differ("trail-text", g+`\text{ (approx.)}`, "")
		a.differ("trail-text", g+`\text{?}`, "")
		a.differ("trail-text", g+`\text{ (rough estimate)}`, "")
		a.differ("trail-text", g+`\text{ twentieths}`, "an ordinal fraction")
		a.differ("trail-text", g+`\text{ grand}`, "a multiple")
		// (not after a gold's own sentence period: "…i. fifteenths" is a
		// word after the sentence, not on the value)
		if !strings.HasSuffix(strings.TrimSpace(g), ".") {
			a.differ("trail-word-plain", g+` fifteenths`, "an ordinal fraction")
			a.differ("trail-word-plain", g+` grand`, "a multiple")
		}
	}
	// an exponent: e as Euler's number or as a power of ten, ×10^k
	if (isInt || isDec) && !a.isOne(0) {
		a.differ("sci", g+`e3`, "")
		a.differ("sci", g+`\mathrm{e}3`, "")
		a.differ("sci", g+`E3`, "")
		a.differ("sci", g+`\times 10^{3}`, "")
		a.differ("sci", g+`\cdot 10^{-2}`, "")
		a.differ("sci", g+`\times10^3`, "")
		a.keep("sci", g+`\times 10^{0}`, "")
	}
	if isInt && len(strings.TrimLeft(g, "-0")) > 1 && strings.HasSuffix(g, "0") {
		t := strings.TrimRight(g, "0")
		k := len(g) - len(t)
		a.keep("sci", fmt.Sprintf(`%s \times 10^{%d}`, t, k), "")
		a.keep("sci", fmt.Sprintf(`%s\cdot10^%d`, t, k), "")
		a.policy("sci", fmt.Sprintf(`%se%d`, t, k), "")
	}
	// separators: a dot where a thousands comma goes is a decimal point; a
	// group of two digits is no thousands group
	if isInt {
		d := strings.TrimPrefix(g, "-")
		if len(d) >= 4 {
			a.judged("separator", g[:len(g)-3]+"."+g[len(g)-3:], "")
			a.policy("separator", grouped(g, " "), "a space between groups")
			for _, sep := range []string{"{,}", ",", `,\!`, `\,`} {
				a.keep("separator", grouped(g, sep), "")
			}
		}
		if len(d) >= 3 {
			a.differ("separator", g[:len(g)-2]+","+g[len(g)-2:], "a group of two digits")
		}
	}
	if isDec && sigDigits(g) >= 4 {
		// the decimal policy: a gold of 4 significant digits stands for
		// an exact value that rounds to it
		a.policy("overline", g+`\overline{`+g[len(g)-1:]+`}`, "")
	}
	if isDec {
		k := strings.Index(g, ".")
		a.policy("separator", g[:k]+"{,}"+g[k+1:], "a decimal comma")
		a.policy("separator", g[:k]+","+g[k+1:], "a decimal comma")
		last := g[len(g)-1]
		if last != '0' && sigDigits(g) < 4 {
			a.differ("overline", g[:len(g)-1]+`\overline{`+string(last)+`}`, "a repeating digit")
			a.differ("overline", g[:k+1]+`\overline{`+g[k+1:]+`}`, "a repeating block")
		}
	}
	if isInt {
		a.policy("overline", `\overline{`+g+`}`, "")
	}
	// an interval's ends; a set or a bare list for a pair
	if x, y, ok := interval(g); ok {
		for _, br := range [][2]string{{"(", ")"}, {"[", "]"}, {"(", "]"}, {"[", ")"}} {
			a.judged("interval", `\left`+br[0]+x+", "+y+`\right`+br[1], "")
		}
		a.differ("set-tuple", `\left\{`+x+", "+y+`\right\}`, "a set")
	}
	if gv != nil && gv.Kind == "seq" && (gv.Open == "(" || gv.Open == "[") && len(gv.Items) >= 3 && strings.HasPrefix(g, "(") && strings.HasSuffix(g, ")") {
		a.differ("set-tuple", `\{`+g[1:len(g)-1]+`\}`, "a set for a tuple")
	}
	// a transpose
	if tr, ok := transpose(g); ok {
		for _, T := range []string{`^T`, `^{\top}`, `^{\mathsf{T}}`, `^{\intercal}`, `^{T}`} {
			if tv, err := mutation.Read(tr); err == nil && gv != nil {
				switch mutation.Compare(gv, tv, nil) {
				case mutation.Different:
					if len(tv.Rows) == 1 || len(tv.Rows[0]) == 1 {
						// a vector's transpose is the same vector written
						// as a row or a column: a convention
						a.policy("transpose", g+T, "a vector")
						a.keep("transpose", tr+T, "a vector")
						break
					}
					a.differ("transpose", g+T, "")
					a.keep("transpose", tr+T, "")
				case mutation.Same:
					a.keep("transpose", g+T, "symmetric")
				}
			}
		}
	}
	// binomial arguments swapped; a fraction upside down
	for _, cmd := range []string{`\binom`, `\dbinom`, `\tbinom`, `\frac`, `\dfrac`, `\tfrac`} {
		for _, sp := range twoArgs(g, cmd) {
			A, B := g[sp[1]+1:sp[2]], g[sp[3]+1:sp[4]]
			a.judged("swap-args", g[:sp[1]]+"{"+B+"}{"+A+"}"+g[sp[4]+1:], cmd)
		}
	}
	// degrees and radians
	if m := reDegree.FindStringSubmatch(g); m != nil && !a.isOne(0) {
		a.differ("radians", m[1]+`\text{ rad}`, "")
		a.differ("radians", m[1]+`\text{ radians}`, "")
	}
	if strings.Contains(g, `\pi`) && a.constant() {
		a.policy("radians", p+`^\circ`, "")
	}
	// logarithms and roots
	for _, r := range [][2]string{{`\ln`, `\log_{2}`}, {`\log_{10}`, `\ln`}, {`\log_2`, `\ln`}, {`\log_{2}`, `\ln`}, {`\log_3`, `\log_2`}} {
		if strings.Contains(g, r[0]) {
			a.judged("log", strings.Replace(g, r[0], r[1], 1), r[0]+" as "+r[1])
		}
	}
	for _, r := range [][2]string{{`\ln`, `\log`}, {`\log_2`, `\log`}, {`\log_{2}`, `\log`}, {`\log_{10}`, `\log`}} {
		if strings.Contains(g, r[0]) {
			a.policy("log", strings.Replace(g, r[0], r[1], 1), r[0]+" as "+r[1])
		}
	}
	if strings.Contains(g, `\sqrt{`) {
		a.judged("root", strings.Replace(g, `\sqrt{`, `\sqrt[3]{`, 1), "")
		a.judged("root", strings.Replace(g, `\sqrt{`, `\sqrt[4]{`, 1), "")
	}
	if strings.Contains(g, `\sqrt[3]{`) {
		a.judged("root", strings.Replace(g, `\sqrt[3]{`, `\sqrt{`, 1), "")
	}
	// a minus moved into a power
	for _, m := range reNegPow.FindAllStringSubmatchIndex(g, -1) {
		a.judged("neg-power", g[:m[0]]+"(-"+g[m[2]:m[3]]+")^"+g[m[4]:m[5]]+g[m[1]:], "")
	}
	if a.scalar() && !a.isOne(0) {
		a.judged("neg", `-\left(`+g+`\right)`, "")
	}

	// -- meaning-keeping rewrites --

	if strings.Contains(g, `\frac`) {
		a.keep("tfrac", strings.ReplaceAll(g, `\frac`, `\tfrac`), "")
		a.keep("tfrac", strings.ReplaceAll(g, `\frac`, `\dfrac`), "")
	}
	if strings.Contains(g, `\dfrac`) {
		a.keep("tfrac", strings.ReplaceAll(g, `\dfrac`, `\frac`), "")
	}
	if a.scalar() {
		a.keep("left", `\left(`+g+`\right)`, "")
		a.keep("left", `{`+g+`}`, "")
	}
	if strings.Contains(g, "(") && !strings.Contains(g, `\left`) && !strings.Contains(g, `\right`) {
		a.keep("left", strings.ReplaceAll(strings.ReplaceAll(g, "(", `\left(`), ")", `\right)`), "")
	}
	if strings.Contains(g, ",") && !strings.Contains(g, `{,}`) {
		a.keep("bang", strings.ReplaceAll(g, ",", `,\!`), "")
		a.keep("bang", strings.ReplaceAll(g, ",", `,\,`), "")
	}
	// Unicode forms
	if s := reSqrtDigit.ReplaceAllStringFunc(g, func(m string) string {
		return "√" + reSqrtDigit.FindStringSubmatch(m)[1]
	}); s != g && !regexp.MustCompile(`√[0-9]+[0-9{(]`).MatchString(s) {
		a.keep("uni-sqrt", s, "")
	}
	if s := reRootN.ReplaceAllStringFunc(g, func(m string) string {
		sm := reRootN.FindStringSubmatch(m)
		switch sm[1] {
		case "3":
			return "∛" + sm[2]
		case "4":
			return "∜" + sm[2]
		}
		return m
	}); s != g && !regexp.MustCompile(`[∛∜][0-9]+[0-9{(]`).MatchString(s) {
		a.keep("uni-root", s, "")
	}
	if reSupDigits.MatchString(g) {
		s := reSupDigits.ReplaceAllStringFunc(g, func(m string) string {
			sm := reSupDigits.FindStringSubmatch(m)
			return superDigits.Replace(sm[1] + sm[2])
		})
		if !regexp.MustCompile(`[⁰¹²³⁴⁵⁶⁷⁸⁹][0-9]`).MatchString(s) && !strings.Contains(g, "^{-") {
			a.keep("uni-sup", s, "")
		}
	}
	if r, ok := a.value(); ok && r.Sign() > 0 && !r.IsInt() {
		n, d := r.Num().Int64(), r.Denom().Int64()
		if r.Num().IsInt64() && r.Denom().IsInt64() {
			if v, ok := vulgar[[2]int64{n % d, d}]; ok {
				if n/d == 0 {
					a.keep("uni-frac", v, "")
				} else {
					a.keep("uni-frac", fmt.Sprint(n/d)+v, "a mixed number")
				}
			}
		}
	}
	if strings.ContainsAny(g, "0123456789") {
		a.keep("fullwidth", fullWidth.Replace(g), "")
	}
	for _, r := range [][2]string{{`\mathbb{R}`, "ℝ"}, {`\pi`, "π"}, {`\infty`, "∞"}, {`\ldots`, "…"}, {`\dots`, "…"},
		{`\cdot`, "·"}, {`\times`, "×"}, {`\leq`, "≤"}, {`\geq`, "≥"}, {`\le `, "≤ "}, {`\ge `, "≥ "}, {`\neq`, "≠"}, {`\cup`, "∪"}, {`\in `, "∈ "}} {
		if strings.Contains(g, r[0]) {
			s := strings.ReplaceAll(g, r[0], r[1])
			if r[0] == `\pi` && regexp.MustCompile(`π[a-zA-Z]`).MatchString(s) {
				continue
			}
			a.keep("uni-sym", s, r[0])
		}
	}
	if strings.HasPrefix(g, "-") {
		a.keep("uni-sym", "−"+g[1:], "U+2212")
	}
	// notation models emit for the same value
	if isInt || isDec {
		a.keep("siunitx", `\num{`+g+`}`, "")
	}
	if m := rePMGold.FindStringSubmatch(g); m != nil {
		if m[1] == "" {
			a.keep("pm", m[2]+", -"+m[2], "")
			a.keep("pm", "-"+m[2]+", "+m[2], "")
		} else {
			a.keep("pm", m[1]+"+"+m[2]+", "+m[1]+"-"+m[2], "")
		}
	}
	if x, y, ok := interval(g); ok && !strings.Contains(g, `\infty`) && gv != nil && gv.Kind == "seq" && strings.ContainsAny(g, "[]") &&
		len(gv.Items) == 2 && gv.Items[0].Num != nil && !gv.Items[0].Num.Var && gv.Items[1].Num != nil && !gv.Items[1].Num.Var {
		s := strings.TrimPrefix(strings.TrimSpace(g), `\left`)
		lo, hi := map[byte]string{'(': "<", '[': `\le`}[s[0]], map[byte]string{')': "<", ']': `\le`}[s[len(s)-1]]
		a.keep("interval", x+" "+lo+" x "+hi+" "+y, "as an inequality")
		a.keep("interval", `x \in `+g, "")
	}
	if strings.HasPrefix(g, `\begin{pmatrix}`) && strings.Count(g, `\begin`) == 1 {
		a.keep("matrix-env", `\left(`+strings.ReplaceAll(g, "pmatrix", "matrix")+`\right)`, "")
		cols := strings.Repeat("c", 1+strings.Count(strings.Split(g, `\\`)[0], "&"))
		arr := strings.Replace(strings.Replace(g, `\begin{pmatrix}`, `\begin{array}{`+cols+`}`, 1), `\end{pmatrix}`, `\end{array}`, 1)
		a.keep("matrix-env", `\left(`+arr+`\right)`, "")
	}
	for _, r := range [][2]string{{`\cdot`, `\times`}, {`\cdot`, `*`}, {`\times`, `\cdot`}} {
		if strings.Contains(g, r[0]) {
			a.keep("operators", strings.ReplaceAll(g, r[0], r[1]), r[0]+" as "+r[1])
		}
	}
	if strings.HasSuffix(g, `\%`) {
		base := strings.TrimSuffix(g, `\%`)
		for _, c := range []string{base + "%", base + ` \%`, base + `\text{\%}`, base + ` \text{ percent}`, base + " percent"} {
			a.keep("percent", c, "")
		}
	}
	if m := reSqrtDigit.FindStringSubmatchIndex(g); m != nil && (m[1] == len(g) || !strings.ContainsAny(g[m[1]:m[1]+1], "0123456789")) {
		pre := g[:m[0]]
		if t := strings.TrimSpace(pre); t != "" && strings.ContainsAny(t[len(t)-1:], "0123456789") {
			pre += `\cdot `
		}
		a.keep("root-power", pre+g[m[2]:m[3]]+`^{1/2}`+g[m[1]:], "")
		a.keep("root-power", pre+`\left(`+g[m[2]:m[3]]+`\right)^{\frac{1}{2}}`+g[m[1]:], "")
	}
	if m := reRootN.FindStringSubmatchIndex(g); m != nil {
		pre := g[:m[0]]
		if t := strings.TrimSpace(pre); t != "" && strings.ContainsAny(t[len(t)-1:], "0123456789") {
			pre += `\cdot `
		}
		a.keep("root-power", pre+g[m[4]:m[5]]+`^{1/`+g[m[2]:m[3]]+`}`+g[m[1]:], "")
	}
	if a.scalar() {
		a.keep("env", `\begin{aligned}`+g+`\end{aligned}`, "")
		a.keep("env", `\begin{gathered}`+g+`\end{gathered}`, "")
		a.keep("env", `\displaystyle `+g, "")
		a.keep("env", `\textcolor{red}{`+g+`}`, "")
		a.keep("env", `{\color{blue}`+g+`}`, "")
		a.policy("env", g+` \tag{1}`, "")
		a.policy("env", `\underbrace{`+g+`}_{\text{answer}}`, "")
	}
	// congruences
	if m := rePMod.FindStringSubmatchIndex(g); m != nil {
		mod := g[m[2]:m[3]]
		a.keep("pmod", g[:m[0]]+`\mod `+mod+g[m[1]:], "")
		a.keep("pmod", g[:m[0]]+`\ (\mathrm{mod}\ `+mod+`)`+g[m[1]:], "")
		a.keep("pmod", g[:m[0]]+`\pmod `+mod+g[m[1]:], "")
	}
	// named integer functions
	if r, ok := a.value(); ok && r.IsInt() && r.Sign() > 0 && r.Num().IsInt64() && r.Num().Int64() < 1e9 {
		n := r.Num().Int64()
		a.keep("named-fn", fmt.Sprintf(`\mathrm{lcm}(1,%d)`, n), "")
		a.keep("named-fn", fmt.Sprintf(`\operatorname{lcm}(%d,%d)`, n, n), "")
		a.keep("named-fn", fmt.Sprintf(`\gcd(%d,%d)`, n, 2*n), "")
		a.keep("named-fn", fmt.Sprintf(`\binom{%d}{1}`, n), "")
		f := int64(1)
		for k := int64(1); k <= 12 && f <= n; k++ {
			f *= k
			if f == n && k >= 3 {
				a.keep("named-fn", fmt.Sprintf(`\Gamma(%d)`, k+1), "")
				a.keep("named-fn", fmt.Sprintf(`%d!`, k), "")
			}
		}
		a.keep("sum", fmt.Sprintf(`\sum_{k=1}^{%d} 1`, n), "")
		a.keep("sum", fmt.Sprintf(`\sum_{i=1}^{%d} 1`, n), "")
	}
	// conjugates
	if m := reComplex.FindStringSubmatch(g); m != nil && a.constant() && math.Abs(imag(a.gv.Num.V[0])) > 1e-9 && !strings.HasSuffix(g, `\pi`) {
		flip := map[string]string{"+": "-", "-": "+"}[m[2]]
		a.keep("conj", `\overline{`+m[1]+flip+m[3]+`}`, "")
	}
	if a.constant() {
		z := a.gv.Num.V[0]
		if math.Abs(imag(z)) > 1e-9 {
			a.differ("conj", `\overline{`+g+`}`, "a non-real value conjugated")
			a.keep("conj", `\overline{\overline{`+g+`}}`, "")
		}
	}
	// calculus around a constant
	if a.constant() {
		a.keep("calculus", `\int_0^1 `+p+`\,dx`, "")
		a.keep("calculus", `\lim_{x\to0}`+p, "")
		a.keep("calculus", `\lim_{x \to 0} \left(`+g+` + x\right)`, "")
	}
	if strings.Contains(g, `\sum_{k=`) && !strings.Contains(g, "j") {
		a.keep("sum", strings.ReplaceAll(g, "k", "j"), "the index renamed")
	}
	// units written plainly
	if m := reUnitTail.FindStringSubmatch(g); m != nil {
		u := m[2]
		switch m[3] {
		case "^2":
			u += "²"
		case "^3":
			u += "³"
		}
		a.keep("unit", m[1]+" "+u, "")
	}
	return a.out
}
