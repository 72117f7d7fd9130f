package answer

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/matheval/matheval/latex"
	"github.com/matheval/matheval/texscan"
)

// The whole expression of a plain reply, read on the tokens of package
// texscan: an expression is a run of tokens that can be part of a formula
// (numbers, letters used as variables, operators, brackets, commands,
// Unicode math), joined by spaces only where a space joins the parts of a
// formula (beside an operator, "137 ½", "18 √2", ")(" written apart), and
// trimmed of a sentence's punctuation and of brackets it does not close.
// Prose words end it: "we get 3p^3 - 6p^2 + 10." answers the polynomial,
// "(−∞,3) ∪ (3,∞)" the union, never the last bare number.

// exprLine is the tokens of one stretch of a line of a reply, with the
// brace depth of each.
type exprLine struct {
	src   string
	toks  []texscan.Token // offsets in src
	depth []int           // braces open around each token (its own not counted)
	seg   []bool          // the token is in a math segment or delimits one
	cut   bool            // the stretch starts after its line does (maxExpression)
}

// newExprLine tokenizes src[lo:hi].
func newExprLine(src string, lo, hi int, cut bool) exprLine {
	toks, err := texscan.Tokens(src[lo:hi], texscan.Limits{})
	if err != nil {
		return exprLine{src: src}
	}
	depth := make([]int, len(toks))
	d := 0
	for i := range toks {
		toks[i].Pos += lo
		if toks[i].Kind == texscan.Close && d > 0 {
			d--
		}
		depth[i] = d
		if toks[i].Kind == texscan.Open {
			d++
		}
	}
	// a dollar that opens no formula is a currency sign ("-$7")
	seg := make([]bool, len(toks))
	if strings.ContainsAny(src[lo:hi], "$\\") {
		k := 0
		for _, g := range texscan.Segments(src[lo:hi]) {
			for k < len(toks) && toks[k].Pos < lo+g.End {
				seg[k] = toks[k].Pos >= lo+g.Start
				k++
			}
		}
	}
	return exprLine{src: src, toks: toks, depth: depth, seg: seg, cut: cut}
}

// lineBounds returns the stretch of the line around src[s:e] that is
// tokenized: at most radius bytes on each side, cut at rune starts.
func lineBounds(src string, s, e, lo, hi, radius int) (a, b int, cut bool) {
	a = max(lo, strings.LastIndexByte(src[lo:s], '\n')+1+lo)
	if s-a > radius {
		a, cut = s-radius, true
		for a < s && !utf8.RuneStart(src[a]) {
			a++
		}
	}
	b = hi
	if k := strings.IndexByte(src[e:hi], '\n'); k >= 0 {
		b = e + k
	}
	if b-e > radius {
		b = e + radius
		for b > e && !utf8.RuneStart(src[b]) {
			b--
		}
	}
	return a, b, cut
}

// trailingExpr is finalLine(body, off).trailing(), which first reads
// only the last shortStretch bytes (most expressions are short) and the
// whole stretch when the expression runs past them.
func trailingExpr(body string, off int) (s, e int, long, found bool) {
	e0 := len(body)
	for e0 > off && isSpace(body[e0-1]) {
		e0--
	}
	if lo := e0 - shortStretch; lo > off {
		for lo < e0 && !utf8.RuneStart(body[lo]) {
			lo++
		}
		if k := strings.LastIndexByte(body[lo:e0], '\n'); k < 0 {
			s, e, long, found = finalLine(body, lo, true).trailing()
			if !long {
				return s, e, long, found
			}
		}
	}
	return finalLine(body, off, false).trailing()
}

// shortStretch is the end of a reply trailingExpr reads first.
const shortStretch = 256

// finalLine is the last line of body[off:] that holds more than spaces;
// cut says that body[off:] starts inside a line.
func finalLine(body string, off int, cut bool) exprLine {
	e := len(body)
	for e > off && isSpace(body[e-1]) {
		e--
	}
	a, b, long := lineBounds(body, e, e, off, e, maxExpression)
	cut = cut && a == off || long
	// an expression never runs over a sentence's end (". ", "? ", "! "):
	// only the last sentence is tokenized
	for k := e - 2; k >= a; k-- {
		if body[k+1] == ' ' && (body[k] == '.' || body[k] == '?' || body[k] == '!') {
			a, cut = k+2, false
			break
		}
	}
	return newExprLine(body, a, b, cut)
}

// trailing returns the expression the line ends on (its sentence
// punctuation aside). found is false when the line ends in words; long
// when the expression runs back past the tokenized stretch.
func (l exprLine) trailing() (s, e int, long, found bool) {
	i := len(l.toks) - 1
	for i >= 0 && (l.space(i) || l.toks[i].Kind == texscan.Punct && strings.Contains(".,;:!?", l.toks[i].Text)) {
		i--
	}
	if i < 0 || !l.mathAt(i) {
		return 0, 0, false, false
	}
	s, e, long, found = l.grow(i, i+1)
	if found && l.unitAfterFormula(s, e) {
		return 0, 0, false, false
	}
	if found && s > 0 {
		// written onto a formula's closing delimiter ("$36$π"): the math
		// tier's (attachedAfter)
		for k := i; k > 0 && l.toks[k].Pos >= s; k-- {
			if l.toks[k].Pos == s && l.seg[k-1] && l.glued(k-1, k) {
				return 0, 0, false, false
			}
		}
	}
	return s, e, long, found
}

// unitAfterFormula reports whether src[s:e] is one word or one unit group
// after a closed formula ("$5$ m", "\(5\) kg", "$5$ \text{apples}"): the
// formula's unit, which the math tier reads with it (unitWordAfter), never
// an answer of its own.
func (l exprLine) unitAfterFormula(s, e int) bool {
	k := -1
	for i, t := range l.toks {
		if t.Pos == s {
			k = i
			break
		}
	}
	if k < 0 {
		return false
	}
	switch t := l.toks[k]; {
	case t.Kind == texscan.Word && t.End() == e:
	case t.Kind == texscan.Command && (latex.UnitGroupCommand(t.Text[1:]) || t.Text == `\operatorname`):
		// "$5$ \text{apples}": a unit group, the whole expression
		g, err := texscan.Match(l.src, l.skipSpaces(t.End()), texscan.Braces, texscan.Limits{})
		if err != nil || g.End != e {
			return false
		}
	default:
		return false
	}
	p := k - 1
	for p >= 0 && l.space(p) {
		p--
	}
	return p >= 0 && p < k-1 && l.seg[p] && (l.toks[p].Kind == texscan.MathShift || l.toks[p].Kind == texscan.MathClose)
}

// around grows the number at src[s:e] to the whole expression around it,
// within src[lo:hi] and its line: first within shortStretch bytes on each
// side, then within maxExpression when it runs to an end of those.
func around(src string, s, e, lo, hi int) (int, int, bool) {
	if rs, re, long, edge := aroundWithin(src, s, e, lo, hi, shortStretch); !edge {
		return rs, re, long
	}
	rs, re, long, _ := aroundWithin(src, s, e, lo, hi, maxExpression)
	return rs, re, long
}

// aroundWithin is around within radius bytes; edge says that the
// expression reaches an end of the stretch that is not its line's.
func aroundWithin(src string, s, e, lo, hi, radius int) (int, int, bool, bool) {
	a, b, cut := lineBounds(src, s, e, lo, hi, radius)
	l := newExprLine(src, a, b, cut)
	i, j := -1, -1
	for k, t := range l.toks {
		if i < 0 && t.End() > s {
			i = k
		}
		if t.Pos < e {
			j = k + 1
		}
	}
	if i < 0 || j <= i {
		return s, e, false, false
	}
	rs, re, long, found := l.grow(i, j)
	edge := long || found && re == b && b < hi && src[b] != '\n'
	if !found {
		return s, e, long, edge
	}
	return min(rs, s), max(re, e), long, edge
}

// grow extends the tokens [i, j) to the whole expression they sit in and
// returns its span. found is false when what is left holds no value.
func (l exprLine) grow(i, j int) (s, e int, long, found bool) {
	a, b := i, j
	for a > 0 {
		switch {
		case l.space(a - 1):
			if a-2 >= 0 && l.spaceJoins(a-1) && l.mathAt(a-2) {
				a -= 2
				continue
			}
		case l.mathAt(a - 1):
			a--
			continue
		}
		break
	}
	for b < len(l.toks) {
		switch {
		case l.space(b):
			if b+1 < len(l.toks) && l.spaceJoins(b) && l.mathAt(b+1) {
				b += 2
				continue
			}
		case l.mathAt(b):
			b++
			continue
		}
		break
	}
	// a unit after the number it measures: "12 m/s", "5 cm²" (whose "²"
	// alone is what grew, "cm" being a word)
	u := a
	if u >= 1 && u < b && l.toks[u].Kind == texscan.Char && l.toks[u-1].Kind == texscan.Word && l.glued(u-1, u) {
		if r, _ := utf8.DecodeRuneInString(l.toks[u].Text); isSuperOrSub(r) {
			u--
		}
	}
	if u >= 2 && l.toks[u].Kind == texscan.Word && l.space(u-1) && l.valueEnd(u-2) {
		if _, _, ok := parseUnit(l.text(u, b)); ok {
			s, _, long, found := l.grow(u-2, u-1)
			if found {
				return s, l.toks[b-1].End(), long, true
			}
		}
	}
	a, b = l.trim(a, b)
	if a >= b || !l.hasValue(a, b) {
		return 0, 0, a == 0 && l.cut, false
	}
	s, e = l.toks[a].Pos, l.toks[b-1].End()
	if !texscan.Balanced(l.src[s:e], texscan.Bracketed, texscan.Limits{}) {
		return 0, 0, false, false
	}
	return s, e, a == 0 && l.cut, true
}

// trim takes off the ends of [a, b) what belongs to the sentence: spaces,
// punctuation, a dangling operator, brackets the expression does not
// close, and reports the tokens left.
func (l exprLine) trim(a, b int) (int, int) {
	for a < b {
		n0, m0 := a, b
		for a < b && (l.space(a) || l.punctIn(a, ",=:;*/^_!'") || l.punctIn(a, ".") && !l.mathPunct(a)) {
			a++
		}
		for b > a && (l.space(b-1) || l.punctIn(b-1, ".,;:!?+-*/=^_'<>")) {
			b--
		}
		// a hyphenated word before the number: "COVID-19" stays whole
		if a > 0 && a < b && l.punctIn(a, "-") && l.toks[a-1].Kind == texscan.Word && l.toks[a-1].End() == l.toks[a].Pos {
			a--
		}
		// brackets the expression does not close (one depth for every
		// kind, so that a half-open interval [0, 1) is closed)
		var open []int
		unmatched, first := -1, -1
		for k := a; k < b; k++ {
			switch {
			case l.opener(k):
				open = append(open, k)
			case l.closer(k):
				if len(open) > 0 {
					open = open[:len(open)-1]
				} else {
					unmatched = k
					if first < 0 {
						first = k
					}
				}
			}
		}
		switch {
		case unmatched >= 0 && l.closersTo(first, b):
			b = first // ")." or "5)": closers of a group opened in the prose
		case unmatched >= 0:
			a = unmatched + 1
		case len(open) > 0 && open[0] == a:
			a++
		case len(open) > 0:
			b = open[0]
		}
		if a == n0 && b == m0 {
			break
		}
	}
	return a, b
}

// closersTo reports whether the tokens [k, b) are only closing brackets
// and spaces.
func (l exprLine) closersTo(k, b int) bool {
	for ; k < b; k++ {
		if !l.closer(k) && !l.space(k) {
			return false
		}
	}
	return true
}

func (l exprLine) text(a, b int) string { return l.src[l.toks[a].Pos:l.toks[b-1].End()] }

// space reports whether token i is a space (a no-break or thin space too).
func (l exprLine) space(i int) bool {
	t := l.toks[i]
	if t.Kind == texscan.Space {
		return true
	}
	if t.Kind == texscan.Char {
		r, _ := utf8.DecodeRuneInString(t.Text)
		return unicode.IsSpace(r)
	}
	return false
}

func (l exprLine) punctIn(i int, set string) bool {
	t := l.toks[i]
	return t.Kind == texscan.Punct && strings.Contains(set, t.Text)
}

func (l exprLine) opener(i int) bool {
	return l.toks[i].Kind == texscan.Open || l.punctIn(i, "([")
}

func (l exprLine) closer(i int) bool {
	return l.toks[i].Kind == texscan.Close || l.punctIn(i, ")]")
}

// glued reports whether tokens i and j (i < j) touch.
func (l exprLine) glued(i, j int) bool {
	return i >= 0 && j < len(l.toks) && l.toks[i].End() == l.toks[j].Pos
}

// mathFuncs are the words that name a function or an operator in a plain
// formula ("sin x", "ln 2", "x mod 5").
var mathFuncs = map[string]bool{"sin": true, "cos": true, "tan": true, "cot": true, "sec": true, "csc": true,
	"arcsin": true, "arccos": true, "arctan": true, "sinh": true, "cosh": true, "tanh": true, "log": true, "ln": true,
	"lg": true, "exp": true, "sqrt": true, "mod": true, "gcd": true, "lcm": true, "max": true, "min": true, "det": true,
	"pi": true, "inf": true, "infty": true}

// mathAt reports whether token i can be part of a formula.
func (l exprLine) mathAt(i int) bool {
	t := l.toks[i]
	switch t.Kind {
	case texscan.MathShift:
		// a currency sign: a dollar of no formula before a number
		return !l.seg[i] && t.Text == "$" && i+1 < len(l.toks) && l.glued(i, i+1) && l.toks[i+1].Kind == texscan.Number
	case texscan.Newline, texscan.MathOpen, texscan.MathClose, texscan.Begin, texscan.End:
		return false
	case texscan.Space:
		return false
	}
	if l.depth[i] > 0 {
		return true // inside braces: \frac{…}, \text{ cm}
	}
	switch t.Kind {
	case texscan.Number, texscan.Open, texscan.Close:
		return true
	case texscan.Command:
		return t.Text != `\\`
	case texscan.Word:
		return l.mathWord(i)
	case texscan.Punct:
		return l.mathPunct(i)
	case texscan.Char:
		r, _ := utf8.DecodeRuneInString(t.Text)
		if r == '…' || r == '⋯' {
			// an ellipsis in a list: "1, 2, …, n"
			p := i - 1
			for p >= 0 && l.space(p) {
				p--
			}
			return p >= 0 && l.punctIn(p, ",")
		}
		return mathRune(r)
	}
	return false
}

// mathWord reports whether the word at i is math: a single letter (a
// variable, i, e), a function's name, or letters written onto a value
// ("2xy", "xy^2"); never a possessive's "s", an ordinal's or plural's
// ending ("3rd", "1990s") or a unit glued to its number ("5cm").
func (l exprLine) mathWord(i int) bool {
	w := l.toks[i].Text
	if i > 0 && l.glued(i-1, i) && l.punctIn(i-1, "'") {
		return false // "Tom's"
	}
	if len(w) == 1 || mathFuncs[asciiLower(w)] {
		return true
	}
	if len(w) == 2 && w[0] == 'd' && l.integralBefore(i) {
		return true // an integral's differential ("\int_0^1 x^2 dx"): the integral is read whole
	}
	if i > 0 && l.glued(i-1, i) {
		p := l.toks[i-1]
		switch {
		case p.Kind == texscan.Number:
			switch asciiLower(w) {
			case "st", "nd", "rd", "th", "s", "es":
				return false
			}
			return !droppedWord(w) && !isNounText(w)
		case p.Kind == texscan.Close, p.Kind == texscan.Command, l.punctIn(i-1, ")]^_"):
			return true
		case p.Kind == texscan.Char:
			r, _ := utf8.DecodeRuneInString(p.Text)
			if mathRune(r) && !unicode.Is(unicode.Sm, r) {
				return true // "πr", "²xy"
			}
		}
	}
	return i+1 < len(l.toks) && l.glued(i, i+1) && l.punctIn(i+1, "^_") || l.relationName(i)
}

// integralBefore reports whether an integral sign stands before the token
// at i on the line, with no differential (dx) between them.
func (l exprLine) integralBefore(i int) bool {
	for k := i - 1; k >= 0; k-- {
		switch t := l.toks[k]; {
		case t.Kind == texscan.Word && len(t.Text) == 2 && t.Text[0] == 'd':
			return false
		case t.Kind == texscan.Command && (t.Text == `\int` || t.Text == `\iint` || t.Text == `\iiint` || t.Text == `\oint`):
			return true
		case t.Kind == texscan.Char && (t.Text == "∫" || t.Text == "∬" || t.Text == "∮"):
			return true
		}
	}
	return false
}

// relationName reports whether the word at i names the left side of a
// relation: a name of two or three letters with a capital ("AB", "tB",
// "PQR") or written onto its "=" ("xy=6"), before an "=" (spaces
// aside). The relation is then read whole, as a box holding it is
// ("tB=12+12√3" is not the gold AB=12+12√3, nor is it 12+12√3 cut out
// of it); a prose word before "=" ("gives us = 5") is no name.
func (l exprLine) relationName(i int) bool {
	w := l.toks[i].Text
	if len(w) > 3 {
		return false
	}
	n := i + 1
	glued := true // the word touches its "="
	if n < len(l.toks) && l.space(n) {
		n, glued = n+1, false
	}
	if n >= len(l.toks) || !l.punctIn(n, "=") || n+1 < len(l.toks) && l.glued(n, n+1) && l.punctIn(n+1, "=") {
		return false
	}
	if i > 0 && l.glued(i-1, i) && (l.toks[i-1].Kind == texscan.Word || l.toks[i-1].Kind == texscan.Number || l.punctIn(i-1, "'")) {
		return false // the end of a longer word or of a value: "Tom's", "5cm"
	}
	if strings.ToLower(w) != w {
		return true
	}
	return glued && !proseBeforeEquals[w]
}

// proseBeforeEquals are short words a sentence writes before an "=" of
// its own ("we get = 5" aside, "so=", "is=" are typing slips, not names).
var proseBeforeEquals = map[string]bool{"is": true, "us": true, "so": true, "be": true, "to": true, "of": true,
	"we": true, "it": true, "as": true, "at": true, "by": true, "in": true, "on": true, "or": true, "an": true,
	"and": true, "the": true, "get": true, "got": true, "has": true, "was": true, "are": true, "its": true}

// mathPunct reports whether the punctuation at i is math.
func (l exprLine) mathPunct(i int) bool {
	t := l.toks[i].Text
	switch t {
	case "+", "-", "*", "/", "=", "<", ">", "^", "_", "|", "(", ")", "[", "]", "%", ",":
		return true
	case "!":
		// a factorial: "5!", "n!"
		return i > 0 && l.glued(i-1, i) && (l.toks[i-1].Kind == texscan.Number || l.closer(i-1) ||
			l.toks[i-1].Kind == texscan.Word && len(l.toks[i-1].Text) == 1)
	case "'":
		// a prime: "f'(x)", never "Tom's"
		if i == 0 || !l.glued(i-1, i) {
			return false
		}
		p := l.toks[i-1]
		prime := p.Kind == texscan.Word && len(p.Text) == 1 || l.closer(i-1) || l.punctIn(i-1, "'")
		return prime && !(i+1 < len(l.toks) && l.toks[i+1].Kind == texscan.Word)
	case ":":
		// a ratio or a time: "3:2", "1 : 2" (spaced alike on both sides)
		p, n := i-1, i+1
		if p >= 0 && l.space(p) {
			p--
		}
		if n < len(l.toks) && l.space(n) {
			n++
		}
		return p >= 0 && n < len(l.toks) && l.toks[p].Kind == texscan.Number && l.toks[n].Kind == texscan.Number &&
			n-p == 2 == (l.glued(p, i) && l.glued(i, n)) && (n-p == 2 || n-p == 4)
	case ".":
		// a decimal point before its digits: ".35", never a sentence's period
		return i+1 < len(l.toks) && l.glued(i, i+1) && l.toks[i+1].Kind == texscan.Number &&
			!(i > 0 && l.glued(i-1, i) && (l.toks[i-1].Kind == texscan.Number || l.toks[i-1].Kind == texscan.Word))
	}
	return false
}

// mathRune reports whether a character outside ASCII is math: a digit or
// number of any script (full-width digits, ², ½), a Greek or letterlike
// letter (π, ℝ, ℯ), a modifier letter (ⁿ), a mathematical symbol (−, ±,
// ×, √, ∞, ∪, ≤) or one of · ° ′ ″.
//
// Every other character that is no punctuation, space or letter of
// another script (an arrow, a symbol, a combining mark) counts too: written
// onto a formula it is part of it, so that the parser reads it or refuses
// the whole, and it never vanishes from the answer ("↢65" is not 65).
func mathRune(r rune) bool {
	switch {
	case unicode.IsNumber(r), unicode.Is(unicode.Sm, r), unicode.Is(unicode.Lm, r):
		return true
	case unicode.IsLetter(r):
		return unicode.Is(unicode.Greek, r) || r >= 0x2100 && r <= 0x214F
	}
	switch r {
	case '·', '°', '′', '″', '∙', '⋅':
		return true
	}
	return !unicode.IsPunct(r) && !unicode.IsSpace(r)
}

// operatorAt reports whether token i is an operator or a separator that a
// space beside it does not end a formula at: "x + 1", "(−∞,3) ∪ (3,∞)",
// "1, 2", "36 · ∛6", "2 \cdot 3".
func (l exprLine) operatorAt(i int) bool {
	t := l.toks[i]
	switch t.Kind {
	case texscan.Punct:
		return strings.Contains("+-*/=<>^_|,", t.Text) || t.Text == ":" && l.mathPunct(i)
	case texscan.Command:
		switch t.Name() {
		case "cdot", "times", "div", "pm", "mp", "cup", "cap", "le", "leq", "ge", "geq", "ne", "neq", "in", "approx",
			"setminus", "to", "implies", "Rightarrow", "lt", "gt", "equiv", "sim", "cong", "mid":
			return true
		}
	case texscan.Char:
		r, _ := utf8.DecodeRuneInString(t.Text)
		switch r {
		case '√', '∛', '∜', '∞':
			return false // they open or are values
		case '·', '⋅', '∙':
			return true
		}
		return unicode.Is(unicode.Sm, r)
	}
	return false
}

// valueEnd reports whether token i ends a value: a number, a letter, a
// closing bracket, a Unicode number or letter (², ½, π).
func (l exprLine) valueEnd(i int) bool {
	t := l.toks[i]
	switch t.Kind {
	case texscan.Number, texscan.Close:
		return true
	case texscan.Word:
		return l.mathWord(i)
	case texscan.Punct:
		return t.Text == ")" || t.Text == "]" || t.Text == "!"
	case texscan.Char:
		r, _ := utf8.DecodeRuneInString(t.Text)
		return mathRune(r) && !unicode.Is(unicode.Sm, r) || r == '∞'
	}
	return false
}

// spaceJoins reports whether the space at i joins the parts of one
// formula: inside braces, beside an operator, between brackets written
// apart ("(x+3) (x-3)"), and before a fraction, a root, a command or a
// bracket that follows a value ("137 ½", "18 √2", "2 \sqrt{3}", "3 (x+1)").
func (l exprLine) spaceJoins(i int) bool {
	if l.depth[i] > 0 {
		return true
	}
	p, n := i-1, i+1
	if p < 0 || n >= len(l.toks) {
		return false
	}
	if l.operatorAt(p) || l.operatorAt(n) {
		return true
	}
	if l.integralBefore(n) && l.mathAt(n) {
		// inside an integral, up to its differential, spaces join: the
		// bounds, the integrand and the differential ("\int_0^1 x^2 dx")
		return true
	}
	if l.closer(p) && l.opener(n) {
		return true
	}
	if !l.valueEnd(p) {
		return false
	}
	t := l.toks[n]
	switch t.Kind {
	case texscan.Command:
		return true
	case texscan.Punct:
		return t.Text == "("
	case texscan.Char:
		// "137 ½", "18 √2", "7 π", "3 ℯ"
		r, _ := utf8.DecodeRuneInString(t.Text)
		return r == '√' || r == '∛' || r == '∜' || r == '∞' || unicode.Is(unicode.No, r) && !isSuperOrSub(r) ||
			unicode.IsLetter(r) && mathRune(r)
	case texscan.Word:
		if t.Text == "pi" || t.Text == "Pi" {
			return true // "36 pi": π spelled out, no English word
		}
		// a variable after a value written apart: "π a²", "½ x", but
		// never a word, nor an article before one ("5 a day")
		// ("2 x" is left apart: after a number a letter is as often a unit
		// or an article; but a letter raised to a power that no unit
		// table reads is a variable: "-8 x^4+7x^2", never "5 m^2")
		if len(t.Text) == 1 && l.toks[p].Kind == texscan.Number && n+1 < len(l.toks) && l.punctIn(n+1, "^") && l.glued(n, n+1) {
			_, _, unit := parseUnit(t.Text)
			return !unit
		}
		return len(t.Text) == 1 && l.toks[p].Kind != texscan.Number && !l.wordFollows(n)
	}
	return false
}

// wordFollows reports whether a space and a word of two letters or more
// follow token i: "a day".
func (l exprLine) wordFollows(i int) bool {
	return i+2 < len(l.toks) && l.space(i+1) && l.toks[i+2].Kind == texscan.Word && len(l.toks[i+2].Text) > 1
}

// isSuperOrSub reports whether r is a superscript or subscript digit.
func isSuperOrSub(r rune) bool {
	return r == '²' || r == '³' || r == '¹' || r >= 0x2070 && r <= 0x209F
}

// hasValue reports whether the tokens [a, b) hold a value, not only
// operators and brackets.
func (l exprLine) hasValue(a, b int) bool {
	for k := a; k < b; k++ {
		t := l.toks[k]
		switch t.Kind {
		case texscan.Number, texscan.Word:
			return true
		case texscan.Command:
			if n := t.Name(); n != "" && isLetter(n[0]) && !l.operatorAt(k) {
				switch t.Name() {
				case "left", "right", "quad", "qquad", "displaystyle":
				default:
					return true
				}
			}
		case texscan.Char:
			r, _ := utf8.DecodeRuneInString(t.Text)
			if mathRune(r) && !unicode.Is(unicode.Sm, r) || r == '∞' {
				return true
			}
		}
	}
	return false
}

// attachedAfter returns where the expression written onto body[p:] with
// no space ends ("$36$π", "$2$√3"), or p when nothing is: a sentence's
// punctuation, a hyphenated word ("$x$-axis"), an ordinal or a plural
// ("$5$th", "$1990$s") and a unit word are not part of it.
func attachedAfter(body string, p int) int {
	hi := min(len(body), p+maxAttached)
	if k := strings.IndexByte(body[p:hi], '\n'); k >= 0 {
		hi = p + k
	}
	for hi > p && hi < len(body) && !utf8.RuneStart(body[hi]) {
		hi--
	}
	l := newExprLine(body, p, hi, false)
	k := 0
	for k < len(l.toks) && !l.space(k) && l.mathAt(k) &&
		(l.toks[k].Kind != texscan.Punct || l.punctIn(k, "^_/+!%|")) {
		k++
	}
	for k > 0 && l.punctIn(k-1, ".,;:!?+") {
		k--
	}
	if k == 0 {
		return p
	}
	e := l.toks[k-1].End()
	w := asciiLower(body[p:e])
	switch w {
	case "st", "nd", "rd", "th", "s", "es":
		return p
	}
	if isNounText(w) || droppedWord(w) {
		return p // a word glued to the formula ("$5$cm", "$3$apples") is a unit or noun, read as such elsewhere
	}
	return e
}

// skipSpaces returns the offset after the spaces at src[i:].
func (l exprLine) skipSpaces(i int) int {
	for i < len(l.src) && (l.src[i] == ' ' || l.src[i] == '\t') {
		i++
	}
	return i
}
