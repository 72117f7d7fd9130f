package mutation

import (
	"strconv"
	"strings"
)

// The surface family (issue 28, item 5): every gold, and every
// meaning-changing mutant of it, written in the notations models emit
// instead of the gold's own LaTeX. A rendering of the gold must stay Equal;
// a rendering of a mutant must stay Not Equal.
//
// Two kinds of style:
//   - answer styles rewrite the answer's notation: Unicode operators and
//     letters (− × · ≤ π α °), radicals (√26, ∛2, √(x+1)), superscript and
//     subscript digits (2¹⁰, a₁), vulgar fractions and mixed numbers (½,
//     1¾), full-width digits (１２), upright constants (\mathrm{e},
//     \operatorname{i}, \mathrm{\pi}), and alternative spacing. Each
//     rendering is made by the renderer below and then read back by the
//     oracle's own Unicode reader (unicode.go): it is used only when the
//     oracle reads it as the same value as the text it renders. When the
//     oracle cannot read either side the rendering is not made faithfully
//     and is skipped (Stats.Dropped); a style with nothing to render in a
//     gold (no root for √) is counted in Stats.NotApplicable.
//   - reply styles put the answer in a reply as models write it: a plain
//     reply with no box and no math delimiters that ends on the answer
//     ("… so the value is 36π."), markdown bold and headers, and the other
//     math delimiters (\(…\), \[…\], $$…$$). They are right by construction:
//     the answer is copied into the reply unchanged.

// SurfaceStyles lists the styles, answer styles first.
var SurfaceStyles = []string{"unicode-ops", "unicode-root", "unicode-script", "unicode-vulgar", "unicode-all",
	"fullwidth", "upright", "spacing", "plain", "markdown", "delims"}

// sampleOrder is the order in which the default sample tries the answer
// styles: the ones that apply to few golds first.
var sampleOrder = []string{"unicode-root", "unicode-script", "unicode-vulgar", "upright", "unicode-all",
	"unicode-ops", "spacing", "fullwidth"}

var answerStyles = map[string]bool{"unicode-ops": true, "unicode-root": true, "unicode-script": true,
	"unicode-vulgar": true, "unicode-all": true, "fullwidth": true, "upright": true, "spacing": true}

// uflags select the rewrites of one answer style.
type uflags struct {
	ops, roots, scripts, vulgar, fullwidth, upright, tight bool
	pick                                                   func(int) int
}

func styleFlags(style string, pick func(int) int) uflags {
	f := uflags{pick: pick}
	switch style {
	case "unicode-ops":
		f.ops = true
	case "unicode-root":
		f.roots = true
	case "unicode-script":
		f.scripts = true
	case "unicode-vulgar":
		f.vulgar = true
	case "unicode-all":
		f.ops, f.roots, f.scripts, f.vulgar = true, true, true, true
	case "fullwidth":
		f.fullwidth = true
	case "upright":
		f.upright = true
	case "spacing":
		f.tight = true
	}
	return f
}

// toUni are the commands the ops rewrite writes as one character.
var toUni = map[string]string{`\cdot`: "·", `\times`: "×", `\div`: "÷", `\le`: "≤", `\leq`: "≤", `\ge`: "≥",
	`\geq`: "≥", `\ne`: "≠", `\neq`: "≠", `\pm`: "±", `\mp`: "∓", `\infty`: "∞", `\pi`: "π", `\cup`: "∪",
	`\cap`: "∩", `\alpha`: "α", `\beta`: "β", `\gamma`: "γ", `\delta`: "δ", `\theta`: "θ", `\lambda`: "λ",
	`\mu`: "μ", `\sigma`: "σ", `\tau`: "τ", `\omega`: "ω", `\rho`: "ρ", `\phi`: "ϕ", `\varphi`: "φ",
	`\epsilon`: "ϵ", `\varepsilon`: "ε", `\Delta`: "Δ", `\Gamma`: "Γ", `\Omega`: "Ω", `\Theta`: "Θ"}

var superOf = map[byte]string{'0': "⁰", '1': "¹", '2': "²", '3': "³", '4': "⁴", '5': "⁵", '6': "⁶", '7': "⁷",
	'8': "⁸", '9': "⁹", '-': "⁻", '+': "⁺"}
var subOf = map[byte]string{'0': "₀", '1': "₁", '2': "₂", '3': "₃", '4': "₄", '5': "₅", '6': "₆", '7': "₇",
	'8': "₈", '9': "₉"}

var vulgarOf = map[string]string{"1/2": "½", "1/3": "⅓", "2/3": "⅔", "1/4": "¼", "3/4": "¾", "1/5": "⅕",
	"2/5": "⅖", "3/5": "⅗", "4/5": "⅘", "1/6": "⅙", "5/6": "⅚", "1/7": "⅐", "1/8": "⅛", "3/8": "⅜",
	"5/8": "⅝", "7/8": "⅞", "1/9": "⅑", "1/10": "⅒"}

// texArg reads the argument of a command at s[i:]: a braced group (its
// content) or one character or control sequence. end is the index after it.
func texArg(s string, i int) (content string, end int, ok bool) {
	for i < len(s) && s[i] == ' ' {
		i++
	}
	if i >= len(s) {
		return "", 0, false
	}
	switch s[i] {
	case '{':
		k := matchBrace(s, i)
		if k < 0 {
			return "", 0, false
		}
		return s[i+1 : k], k + 1, true
	case '\\':
		c := commandAt(s, i)
		return c, i + len(c), true
	case '}', '^', '_', '&':
		return "", 0, false
	}
	return s[i : i+1], i + 1, true
}

func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return true
}

// simpleRadicand: a radicand that √ may take without parentheses.
func simpleRadicand(s string) bool {
	s = strings.TrimSpace(s)
	if allDigits(s) || len(s) == 1 && isLetter(s[0]) || s == `\pi` {
		return true
	}
	return false
}

// endsAtom reports whether what follows position i of s cannot extend a
// bare radicand or script (an operator, a closing bracket, the end).
func endsAtom(s string, i int) bool {
	for i < len(s) && s[i] == ' ' {
		i++
	}
	if i >= len(s) {
		return true
	}
	if strings.IndexByte("+-=,)]}<>|;", s[i]) >= 0 {
		return true
	}
	for _, c := range []string{`\right`, `\cdot`, `\times`, `\le`, `\ge`, `\ne`, `\pm`, `\cup`, `\cap`, `\}`, `\\`, `\end`, `\rangle`} {
		if strings.HasPrefix(s[i:], c) {
			return true
		}
	}
	return false
}

// render writes s in the style of f. Words (\text{...}, environment names)
// are copied as they are.
func render(s string, f uflags) (string, bool) {
	var b strings.Builder
	words := wordSpans(s)
	for i := 0; i < len(s); i++ {
		if inSpans(words, i) {
			j := i
			for j < len(s) && inSpans(words, j) {
				j++
			}
			b.WriteString(s[i:j])
			i = j - 1
			continue
		}
		ch := s[i]
		switch {
		case ch == '\\':
			cmd := commandAt(s, i)
			next := i + len(cmd)
			switch {
			case cmd == `\sqrt` && f.roots:
				idx := ""
				j := next
				if j < len(s) && s[j] == '[' {
					k := strings.IndexByte(s[j:], ']')
					if k < 0 {
						return "", false
					}
					idx = strings.TrimSpace(s[j+1 : j+k])
					j += k + 1
				}
				arg, end, ok := texArg(s, j)
				if !ok {
					return "", false
				}
				sym := map[string]string{"": "√", "2": "√", "3": "∛", "4": "∜"}[idx]
				inner, ok := render(arg, f)
				if !ok {
					return "", false
				}
				switch {
				case sym == "":
					b.WriteString(`\sqrt[` + idx + `]{` + inner + `}`)
				case simpleRadicand(arg) && endsAtom(s, end):
					b.WriteString(sym + inner)
				default:
					b.WriteString(sym + "(" + inner + ")")
				}
				i = end - 1
				continue
			case (cmd == `\frac` || cmd == `\dfrac` || cmd == `\tfrac`) && f.vulgar:
				a, e1, ok1 := texArg(s, next)
				if ok1 {
					d, e2, ok2 := texArg(s, e1)
					prevDigit := b.Len() > 0 && isDigit(b.String()[b.Len()-1])
					if v, ok := vulgarOf[strings.TrimSpace(a)+"/"+strings.TrimSpace(d)]; ok && ok2 && !prevDigit && (e2 >= len(s) || !isDigit(s[e2])) {
						b.WriteString(v)
						i = e2 - 1
						continue
					}
				}
			case cmd == `\pi` && f.upright:
				if f.pick(2) == 0 {
					b.WriteString(`\mathrm{\pi}`)
				} else {
					b.WriteString(`\uppi`)
				}
				if next < len(s) && isLetter(s[next]) {
					b.WriteByte(' ')
				}
				i = next - 1
				continue
			case f.ops:
				if u, ok := toUni[cmd]; ok {
					b.WriteString(u)
					i = next - 1
					continue
				}
			}
			b.WriteString(cmd)
			// a control word keeps the space that ends it
			if isLetter(cmd[len(cmd)-1]) && next < len(s) && (s[next] == ' ' || isLetter(s[next])) {
				b.WriteByte(' ')
			}
			i = next - 1
			for i+1 < len(s) && s[i+1] == ' ' && isLetter(cmd[len(cmd)-1]) {
				i++
			}
			continue
		case (ch == '^' || ch == '_') && (f.scripts || f.ops):
			arg, end, ok := texArg(s, i+1)
			if !ok {
				return "", false
			}
			if ch == '^' && f.ops && arg == `\circ` {
				b.WriteString("°")
				i = end - 1
				continue
			}
			if f.scripts {
				a := strings.TrimSpace(arg)
				tab := superOf
				if ch == '_' {
					tab = subOf
				}
				body := strings.TrimPrefix(a, "-")
				if allDigits(body) && (ch == '^' || body == a) {
					var u strings.Builder
					for k := 0; k < len(a); k++ {
						u.WriteString(tab[a[k]])
					}
					b.WriteString(u.String())
					i = end - 1
					continue
				}
			}
			inner, ok := render(arg, f)
			if !ok {
				return "", false
			}
			b.WriteString(string(ch) + "{" + inner + "}")
			i = end - 1
			continue
		case ch == '-' && f.ops:
			b.WriteString("−")
			continue
		case isDigit(ch) && f.fullwidth:
			b.WriteRune(rune('０' + rune(ch-'0')))
			continue
		case (ch == 'e' || ch == 'i') && f.upright && (i == 0 || !isLetter(s[i-1]) && s[i-1] != '\\') && (i+1 >= len(s) || !isLetter(s[i+1])):
			if ch == 'e' || f.pick(2) == 0 {
				b.WriteString(`\mathrm{` + string(ch) + `}`)
			} else {
				b.WriteString(`\operatorname{i}`)
			}
			continue
		case ch == ' ' && f.tight:
			continue
		}
		b.WriteByte(ch)
	}
	out := b.String()
	if f.tight {
		// spaces back where an operator had none: the whole answer spread
		// out instead, one style in two
		if f.pick(2) == 0 {
			out = spread(out)
		}
	}
	return out, true
}

// spread puts a space around every binary operator and relation and after
// every comma that is not a thousands separator.
func spread(s string) string {
	var b strings.Builder
	words := wordSpans(s)
	for i := 0; i < len(s); i++ {
		if inSpans(words, i) {
			b.WriteByte(s[i])
			continue
		}
		ch := s[i]
		if ch == '\\' {
			cmd := commandAt(s, i)
			b.WriteString(cmd)
			i += len(cmd) - 1
			continue
		}
		switch {
		case ch == ',' && !isThousands(s, i):
			b.WriteString(", ")
		case (ch == '+' || ch == '=' || ch == '<' || ch == '>') && i > 0:
			b.WriteString(" " + string(ch) + " ")
		default:
			b.WriteByte(ch)
		}
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

// mixedNumber writes a whole improper fraction gold (±\frac{p}{q}, p > q,
// with p mod q over q a vulgar fraction) as a mixed number, 1¾.
func mixedNumber(s string) (string, bool) {
	s = strings.TrimSpace(s)
	sign := ""
	if strings.HasPrefix(s, "-") {
		sign, s = "−", strings.TrimSpace(s[1:])
	}
	cmd := ""
	for _, c := range []string{`\frac`, `\dfrac`, `\tfrac`} {
		if strings.HasPrefix(s, c) && !strings.HasPrefix(s, c+"a") {
			cmd = c
		}
	}
	if cmd == "" {
		return "", false
	}
	a, e1, ok := texArg(s, len(cmd))
	if !ok {
		return "", false
	}
	d, e2, ok := texArg(s, e1)
	if !ok || e2 != len(s) || !allDigits(a) || !allDigits(d) || len(a) > 6 || len(d) > 3 {
		return "", false
	}
	p, _ := strconv.Atoi(a)
	q, _ := strconv.Atoi(d)
	if q == 0 || p <= q {
		return "", false
	}
	v, ok := vulgarOf[strconv.Itoa(p%q)+"/"+strconv.Itoa(q)]
	if !ok {
		return "", false
	}
	return sign + strconv.Itoa(p/q) + v, true
}

// renderAnswer writes the answer m in an answer style; ok is false when the
// style has nothing to rewrite in m.
func renderAnswer(m, style string, pick func(int) int) (string, bool) {
	if style == "unicode-vulgar" {
		if r, ok := mixedNumber(m); ok && pick(2) == 0 {
			return r, true
		}
	}
	r, ok := render(m, styleFlags(style, pick))
	if !ok || normSpace(r) == normSpace(m) && style != "spacing" || r == m {
		return "", false
	}
	return r, true
}

// plainText reports whether an answer can stand in a plain reply: no
// command, brace or dollar left.
func plainText(s string) bool {
	return s != "" && !strings.ContainsAny(s, `\{}$&`)
}

// replyStyle writes the answer m (plain: its Unicode rendering u when it
// has one) in a reply style; ok is false when the style does not apply.
func (c *gen) replyStyle(style, m string) (string, bool) {
	unit := ""
	if c.g.Prose && c.g.Unit != "" {
		unit = " " + c.g.Unit
	}
	switch style {
	case "plain":
		p := m
		if !plainText(p) {
			u, ok := render(m, styleFlags("unicode-all", c.pick))
			if !ok || !plainText(u) {
				return "", false
			}
			p = u
		}
		if c.g.Prose {
			return []string{
				"First we add the two amounts.\nSo there are " + p + unit + " in all.",
				"We subtract what was given away, which leaves " + p + unit + ".",
				"Each step is shown above.\n\n" + p + unit,
			}[c.pick(3)], true
		}
		return []string{
			"We compute each part and add them up, so the value is " + p + ".",
			"Simplifying the expression step by step, we get " + p + ".",
			"Putting everything together:\n\n" + p,
			"After the substitution the equation gives us " + p,
		}[c.pick(4)], true
	case "markdown":
		dm := "$" + m + "$"
		if strings.Contains(m, "$") {
			dm = m // a gold that brings its own math delimiters (HARDMath)
		}
		if c.g.Prose {
			return []string{
				"**Answer:** " + m + unit,
				"## Final answer\n\n" + m + unit,
				"We add the numbers.\n\n**Final Answer:** " + m,
				"So the answer is **" + m + "**" + unit + ".",
			}[c.pick(4)], true
		}
		return []string{
			"**Answer:** " + dm,
			"## Final answer\n\n" + dm,
			"### Solution\nWe simplify.\n\n### Final Answer\n" + dm,
			"Thus the answer is **" + dm + "**.",
			"**Final Answer:** " + dm,
		}[c.pick(5)], true
	case "delims":
		if c.g.Prose || strings.Contains(m, "$") {
			return "", false
		}
		return []string{
			`\(` + m + `\)`,
			`\[` + m + `\]`,
			"$$" + m + "$$",
			"The answer is \\(" + m + "\\).",
			"Therefore\n\\[\n\\boxed{" + m + "}\n\\]",
			"So we obtain $$\\boxed{" + m + "}$$",
		}[c.pick(6)], true
	}
	return "", false
}

// Surface returns the surface pairs of gold g: its renderings in every
// style (MustEqual) and the renderings of the answer mutants in base, the
// pairs Pairs made for g (MustDiffer). With full false it makes a seeded
// sample instead: two answer styles and one reply style of the gold, and
// one mutant in one style. Families are "surface:<style>" and
// "surface-mutant:<style>".
func (G Generator) Surface(g Gold, base []Pair, full bool, st *Stats) []Pair {
	c := G.newGen(g, st, "\x00surface")
	if c == nil {
		return nil
	}
	c.cap = 1 << 30
	var ans, rep []string
	for _, s := range SurfaceStyles {
		if answerStyles[s] {
			ans = append(ans, s)
		} else {
			rep = append(rep, s)
		}
	}
	text := c.gv != nil && c.gv.Kind == "text"
	// the gold's renderings
	keep := func(styles []string, n int) []string {
		if full || len(styles) <= n {
			return styles
		}
		out := append([]string(nil), styles...)
		for i := len(out) - 1; i > 0; i-- {
			j := c.pick(i + 1)
			out[i], out[j] = out[j], out[i]
		}
		return out[:n]
	}
	made := 0
	tryAnswer := func(m string, mv *Value, style string, e Expect, note string) bool {
		fam := "surface:" + style
		if e == MustDiffer {
			fam = "surface-mutant:" + style
		}
		if text {
			st.NotApplicable[fam]++
			return false
		}
		r, ok := renderAnswer(m, style, c.pick)
		if !ok {
			st.NotApplicable[fam]++
			return false
		}
		// faithful only when the oracle reads the rendering as the text
		// it renders
		rv, err := Read(r)
		if mv == nil || err != nil || Compare(mv, rv, nil) != Same {
			st.Dropped[fam]++
			return false
		}
		if e == MustDiffer && Compare(c.gv, rv, c.g.Tol) == Same {
			st.Dropped[fam]++
			return false
		}
		cand := c.wrapStyle(r)
		if strings.Contains(r, "$") {
			cand = r // a gold that brings its own math delimiters (HARDMath)
		}
		if !c.emit(fam, cand, e, note) {
			return false
		}
		c.out[len(c.out)-1].Answer = r
		return true
	}
	tryReply := func(m, style string, e Expect, note string) bool {
		fam := "surface:" + style
		if e == MustDiffer {
			fam = "surface-mutant:" + style
		}
		r, ok := c.replyStyle(style, m)
		if !ok {
			st.NotApplicable[fam]++
			return false
		}
		return c.emit(fam, r, e, note)
	}
	// the gold, in as many answer styles as apply; the sample takes the
	// first two that apply in sampleOrder, the rarest styles first, so
	// that every gold with a root or an exponent is rendered with it
	order := ans
	if !full {
		order = sampleOrder
	}
	for _, s := range order {
		if !full && made >= 2 {
			break
		}
		if tryAnswer(c.core, c.gv, s, MustEqual, "gold in "+s) {
			made++
		}
	}
	for _, s := range keep(rep, 1) {
		tryReply(c.core, s, MustEqual, "gold as a "+s+" reply")
	}
	// the answer mutants
	var muts []Pair
	for _, p := range base {
		if p.Expect == MustDiffer && p.Answer != "" {
			muts = append(muts, p)
		}
	}
	if !full && len(muts) > 1 {
		for i := len(muts) - 1; i > 0; i-- {
			j := c.pick(i + 1)
			muts[i], muts[j] = muts[j], muts[i]
		}
		muts = muts[:1]
	}
	for _, p := range muts {
		mv, err := Read(p.Answer)
		if err != nil {
			mv = nil
		}
		note := p.Family + " mutant (" + p.Note + ")"
		if full {
			for _, s := range ans {
				tryAnswer(p.Answer, mv, s, MustDiffer, note)
			}
			for _, s := range rep {
				tryReply(p.Answer, s, MustDiffer, note)
			}
			continue
		}
		// one style: the rarest answer style that applies, else a reply
		// style
		done := false
		for _, s := range sampleOrder {
			if _, ok := renderAnswer(p.Answer, s, c.pick); ok && tryAnswer(p.Answer, mv, s, MustDiffer, note) {
				done = true
				break
			}
		}
		if !done {
			tryReply(p.Answer, keep(rep, 1)[0], MustDiffer, note)
		}
	}
	return c.out
}
