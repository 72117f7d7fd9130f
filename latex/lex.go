// Package latex parses answers written in competition LaTeX or in plain text
// ("\frac{\sqrt3}{2}", "7,425,000", "sqrt(2)/2", "x \in [0,1)") into expr
// trees. The parser is hand-written recursive descent over the tokens of
// package texscan, the one TeX scanner: the input is scanned once, the
// parser asks for the token at a byte offset (so that it may read one
// letter of a word or one digit of a number), brace groups are matched by
// texscan.Match, and no regexp or hand brace matcher reads the raw input.
// Layout noise (\left, \!, $, \quad ...) is skipped as a filter on the
// tokens, units and currency are dropped only where they follow a complete
// operand, and every error carries the column where it was found. It never
// panics on any input: internal failures are recovered into an *Error.
//
// Nothing after a value is dropped unread: a subscript on anything but a
// name or a number ((x+1)_n) is refused, three dots after a separator are an
// ellipsis (1, 2, ... goes on), words that qualify or scale a value
// (2\text{ish}, 2\text{ (rounded)}, 2 fifteenths, 5 grand) make a text
// answer, and an unspaced dash between two numbers (5–7) is a range, refused.
//
// It imports only expr, texscan and the standard library.
package latex

import (
	"strings"

	"github.com/matheval/matheval/texscan"
)

// maxWord is the longest letter run read as one word (keywords, units).
const maxWord = 24

type tokKind int

const (
	tEOF tokKind = iota
	tNum
	tWord // a run of ASCII letters
	tCmd  // \name or \symbol; text holds the name without the backslash
	tOp   // punctuation, also "<=", ">=", "!=", "\\\\" (row break), "&"
)

type token struct {
	kind       tokKind
	text       string
	start, end int
	spaceAfter bool
}

// greekRunes names the Greek letters.
var greekRunes = map[rune]string{
	'α': "alpha", 'β': "beta", 'γ': "gamma", 'δ': "delta", 'ε': "epsilon", 'ζ': "zeta", 'η': "eta", 'θ': "theta",
	'ι': "iota", 'κ': "kappa", 'λ': "lambda", 'μ': "mu", 'ν': "nu", 'ξ': "xi", 'ρ': "rho", 'σ': "sigma", 'ς': "sigma",
	'τ': "tau", 'υ': "upsilon", 'φ': "phi", 'ϕ': "phi", 'χ': "chi", 'ψ': "psi", 'ω': "omega", 'Γ': "Gamma",
	'Δ': "Delta", 'Θ': "Theta", 'Λ': "Lambda", 'Ξ': "Xi", 'Π': "Pi", 'Σ': "Sigma", 'Φ': "Phi", 'Ψ': "Psi", 'Ω': "Omega",
}

func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

// The parser reads the input through texscan's tokens (p.idx, scanned
// once): every look at what comes next (noise, a command's name, a brace
// group, the pieces of a number) asks for the token at a byte offset, and
// groups are matched by texscan.Match. Offsets stay bytes of the input, so
// that errors keep their columns and the parser may stop inside a token (a
// letter of a word is a variable, a digit of a number an exponent).

// noKind is the kind of the token past the end of the input.
const noKind = texscan.EOF

// tok returns the token that starts at byte offset i (see texscan.Index.At:
// the rest of a word when i falls inside one).
func (p *parser) tok(i int) texscan.Token { return p.idx.At(i) }

// prevTok returns the token that ends at byte offset i (cut there when i
// falls inside one), or an empty token of kind noKind at the start.
func (p *parser) prevTok(i int) texscan.Token { return p.idx.Before(i) }

// isPunct reports whether t is the punctuation character c.
func isPunct(t texscan.Token, c byte) bool {
	return t.Kind == texscan.Punct && t.Text[0] == c
}

// isBlank reports whether t is white space (a Space or a Newline token).
func isBlank(t texscan.Token) bool { return t.Kind == texscan.Space || t.Kind == texscan.Newline }

// onlySpaces reports whether t is a Space token of space characters only.
func onlySpaces(t texscan.Token) bool {
	return t.Kind == texscan.Space && strings.Trim(t.Text, " ") == ""
}

// digitRun is the length of the run of ASCII digits that t starts with (a
// Number token may go on with a decimal point).
func digitRun(t texscan.Token) int {
	if t.Kind != texscan.Number {
		return 0
	}
	n := 0
	for n < len(t.Text) && isDigit(t.Text[n]) {
		n++
	}
	return n
}

// skipSpacesAt returns the offset of the first token at or after i that
// is no white space.
func (p *parser) skipSpacesAt(i int) int {
	for t := p.tok(i); isBlank(t); t = p.tok(i) {
		i = t.End()
	}
	return i
}

// group returns the brace group that opens at i, or false when no { opens
// there or it is never closed.
func (p *parser) group(i int) (texscan.Group, bool) {
	if t := p.tok(i); t.Kind != texscan.Open {
		return texscan.Group{}, false
	}
	g, err := texscan.Match(p.s, i, texscan.Braces, texscan.Limits{})
	return g, err == nil
}

// skipNoise advances past whitespace and layout noise.
func (p *parser) skipNoise() {
	for p.pos < len(p.s) {
		t := p.tok(p.pos)
		switch {
		case isBlank(t) || t.Kind == texscan.MathShift || isPunct(t, '~'):
			p.pos = t.End()
			continue
		case isPunct(t, '&') && p.inMatrix == 0:
			p.pos = t.End()
			continue
		case p.s[p.pos] == '\\':
			name, end := p.cmdAt(p.pos)
			if name == "\\" {
				if p.inMatrix == 0 {
					p.pos = end
					continue
				}
				return
			}
			if noiseCmds[name] {
				p.pos = end
				if name == "left" || name == "right" || strings.HasPrefix(name, "big") || strings.HasPrefix(name, "Big") || name == "middle" {
					// \right. is an invisible delimiter
					if q := p.skipSpacesAt(p.pos); isPunct(p.tok(q), '.') {
						p.pos = q + 1
					}
				}
				continue
			}
			if argNoiseCmds[name] {
				p.pos = end
				if p.pos < len(p.s) && p.s[p.pos] == '*' {
					p.pos++ // the starred form: \tag*{(2)}, \hspace*{1em}
				}
				p.skipBracedRaw()
				continue
			}
			if name == "begin" || name == "end" {
				env, e2 := p.envNameAt(end)
				if envNoise[env] {
					p.pos = e2
					continue
				}
			}
			return
		default:
			return
		}
	}
}

// cmdAt reads a command at i (s[i] == '\\'): its name and end offset. An
// escaped backslash before a letter ("\\frac" from doubly escaped JSON) reads
// as the command itself. \begin and \end are the commands; their
// environment's name is read by envNameAt.
func (p *parser) cmdAt(i int) (string, int) {
	t := p.tok(i)
	switch t.Kind {
	case texscan.MathOpen, texscan.MathClose:
		return t.Text[1:], t.End()
	case texscan.Begin:
		return "begin", i + len(`\begin`)
	case texscan.End:
		return "end", i + len(`\end`)
	case texscan.Command:
	default:
		return "", i + 1 // a backslash at the end of the input
	}
	name, end := t.Text[1:], t.End()
	if name == "\\" && p.inMatrix == 0 {
		// \\frac, a command with its backslash doubled (a reply
		// escaped twice), outside a matrix; inside one, \\ is the row
		// break, and a\\c&d is a row that starts with c
		w := p.tok(end)
		if w.Kind != texscan.Word {
			return name, end
		}
		name, end = w.Text, w.End()
	}
	if name == "operatorname" && isPunct(p.tok(end), '*') {
		return "operatorname*", end + 1
	}
	return name, end
}

// envNameAt reads "{name}" at i (after spaces), returning the name and the
// end offset.
func (p *parser) envNameAt(i int) (string, int) {
	i = p.skipSpacesAt(i)
	g, ok := p.group(i)
	if !ok {
		return "", i
	}
	return strings.TrimSpace(p.s[g.Inner:g.InnerEnd]), g.End
}

// skipBracedRaw skips spaces and one {...} group (brace-matched), or one char.
func (p *parser) skipBracedRaw() {
	_, _ = p.rawArg()
}

// rawArg reads the raw text of the next argument: a brace group's content or
// a single character / command. ok is false at the end of input.
func (p *parser) rawArg() (string, bool) {
	p.pos = p.skipSpacesAt(p.pos)
	if p.pos >= len(p.s) {
		return "", false
	}
	switch t := p.tok(p.pos); {
	case t.Kind == texscan.Open:
		g, ok := p.group(p.pos)
		if !ok {
			p.failf(p.pos, "unclosed {")
		}
		p.pos = g.End
		return p.s[g.Inner:g.InnerEnd], true
	case t.Kind == texscan.Close:
		p.failf(p.pos, "missing argument before }")
	case p.s[p.pos] == '\\':
		name, end := p.cmdAt(p.pos)
		if name == "" {
			p.failf(p.pos, "lone backslash")
		}
		out := p.s[p.pos:end]
		p.pos = end
		return out, true
	}
	// one byte: a digit of a number, a letter of a word
	out := p.s[p.pos : p.pos+1]
	p.pos++
	return out, true
}

// peek returns the next token without consuming it.
func (p *parser) peek() token {
	p.skipNoise()
	if p.cacheOK && p.cachePos == p.pos {
		return p.cache
	}
	p.lexed++
	if p.lexed%ctxPoll == 0 && p.ctx != nil {
		if err := p.ctx.Err(); err != nil {
			panic(parseError{&Error{Col: p.pos + 1, Msg: "parsing stopped: " + err.Error(), Err: err}})
		}
	}
	t := p.lex()
	p.cache, p.cachePos, p.cacheOK = t, p.pos, true
	return t
}

// next consumes and returns the next token.
func (p *parser) next() token {
	t := p.peek()
	p.pos = t.end
	return t
}

func (p *parser) lex() token {
	i := p.pos
	if i >= len(p.s) {
		return token{kind: tEOF, start: i, end: i}
	}
	t := p.tok(i)
	mk := func(k tokKind, text string, end int) token {
		return token{kind: k, text: text, start: i, end: end, spaceAfter: isBlank(p.tok(end))}
	}
	switch {
	case t.Kind == texscan.Number || isPunct(t, '.') && (p.tok(i+1).Kind == texscan.Number || p.repeatAt(i+1)):
		end := p.scanNumber(i)
		return mk(tNum, p.s[i:end], end)
	case t.Kind == texscan.Word:
		// a run longer than any keyword is a product of letters: one
		// letter at a time
		if len(t.Text) > maxWord {
			return mk(tWord, p.s[i:i+1], i+1)
		}
		return mk(tWord, t.Text, t.End())
	case p.s[i] == '\\':
		name, end := p.cmdAt(i)
		if name == "\\" {
			return mk(tOp, "\\\\", end)
		}
		if name == "not" {
			// \not negates the relation after it: "x \not= 5" is x != 5,
			// never the product of a symbol \not and x = 5 (which read as
			// the equation x = 5). Other negated relations are refused.
			j := p.skipSpacesAt(end)
			if isPunct(p.tok(j), '=') && !isPunct(p.tok(j+1), '=') {
				return mk(tCmd, "ne", j+1)
			}
			if j < len(p.s) && p.s[j] == '\\' {
				if n, e := p.cmdAt(j); n == "equiv" || n == "eq" {
					return mk(tCmd, "ne", e)
				}
			}
			p.failf(i, "\\not before anything but = is not read")
		}
		return mk(tCmd, name, end)
	case t.Kind == texscan.Punct:
		if u := p.tok(t.End()); u.Kind == texscan.Punct {
			switch two := t.Text + u.Text; two {
			case "!=", "<>":
				return mk(tOp, "!=", i+2)
			case "=<":
				return mk(tOp, "<=", i+2)
			case "=>":
				return mk(tOp, ">=", i+2)
			case "==", ":=":
				return mk(tOp, "=", i+2)
			case "**":
				return mk(tOp, "^", i+2)
			case "<=", ">=":
				return mk(tOp, two, i+2)
			}
		}
	}
	// one character: punctuation, a brace, or a symbol that no rule reads
	return mk(tOp, t.Text, t.End())
}

// sepAt returns the length of a thousands separator at i ("," "{,}" ",\!"),
// followed by exactly three digits and then no further digit.
func (p *parser) sepAt(i int, allowComma, allowSpace bool) int {
	t := p.tok(i)
	n := 0
	switch {
	case t.Kind == texscan.Open && isPunct(p.tok(i+1), ','):
		switch u := p.tok(i + 2); {
		case u.Kind == texscan.Close:
			n = 3 // {,}
		case u.Text == " " && p.tok(i+3).Kind == texscan.Close:
			n = 4 // {, }
		default:
			return 0
		}
	case isPunct(t, ',') && p.tok(i+1).Is("!"):
		n = 3 // ,\! and the spaces after it
		if u := p.tok(i + 3); u.Kind == texscan.Space {
			n += len(u.Text) - len(strings.TrimLeft(u.Text, " "))
		}
	case t.Is(",") && allowSpace:
		n = 2
	case isPunct(t, ',') && allowComma:
		n = 1
	case t.Kind == texscan.Space && t.Text[0] == ' ' && allowSpace:
		n = 1
	default:
		return 0
	}
	if digitRun(p.tok(i+n)) != 3 {
		return 0
	}
	return n
}

// decorationAt reports whether a command whose name begins with \overline
// or \dot (also \dots: 3.\dots is refused, as before the move) stands at i.
func (p *parser) decorationAt(i int) bool {
	t := p.tok(i)
	return t.Kind == texscan.Command && (strings.HasPrefix(t.Text, "\\overline") || t.Text == "\\bar" || strings.HasPrefix(t.Text, "\\dot"))
}

// scanNumber returns the end of the number literal starting at i.
func (p *parser) scanNumber(i int) int {
	j := i + digitRun(p.tok(i))
	first := j - i
	if first >= 1 && first <= 3 && p.s[i] != '0' {
		// (a group that starts with 0 is never thousands grouping: 0,125
		// is a decimal comma or a list, not 125)
		allowComma := p.bracket == 0 || p.fracArg > 0
		allowSpace := p.bracket == 0 && p.listItems == 0
		k := j
		groups := 0
		for {
			n := p.sepAt(k, allowComma, allowSpace)
			if n == 0 {
				break
			}
			k += n + 3
			groups++
		}
		// a lone ", 000" style group with a plain comma is accepted; a space
		// group only when the number is then complete
		if groups > 0 {
			j = k
		}
	}
	if isPunct(p.tok(j), '.') {
		if d := digitRun(p.tok(j + 1)); d > 0 {
			j += 1 + d
		} else if p.decorationAt(j+1) || p.parenRepeat(j+1) > 0 {
			j++
		}
	}
	if strings.Contains(p.s[i:j], ".") {
		j = p.scanRepeat(j)
	}
	// scientific notation 6.02e23, 1E-5
	if e := p.tok(j); (e.Text == "e" || e.Text == "E") && (!p.latexMode || strings.Contains(p.s[i:j], ".")) {
		k := j + 1
		if sg := p.tok(k); isPunct(sg, '+') || isPunct(sg, '-') {
			k++
		}
		if d := digitRun(p.tok(k)); d > 0 && p.tok(k+d).Kind != texscan.Word {
			j = k + d
		}
	}
	return j
}

// scanRepeat returns the end of the repeating digits of a decimal whose
// written digits end at j: 0.1\overline{6}, 0.\bar{3}, 0.\dot{3}, 0.1\dot{6},
// 0.\dot{1}4285\dot{7} (a dot over the first and the last digit of the
// block), and 0.(3) where the parenthesis follows the point itself (after
// a digit, 0.5(3) is as often a product, so it is not read as a repeat).
func (p *parser) scanRepeat(j int) int {
	if t := p.tok(j); t.Kind == texscan.Command && (strings.HasPrefix(t.Text, "\\overline") || t.Text == "\\bar") {
		// (\bar over a decimal's digits is the vinculum too: 0.\bar{3})
		k := p.skipSpacesAt(j + len(t.Text))
		if e := p.digitGroup(k); e > 0 {
			return e
		} else if digitRun(p.tok(k)) > 0 {
			return k + 1
		}
		if p.s[j-1] == '.' {
			p.failf(j, "a decimal point before a decoration that holds no digits")
		}
		return j
	}
	if e := p.dotDigit(j); e > 0 {
		k := e + digitRun(p.tok(e))
		if e2 := p.dotDigit(k); e2 > 0 {
			return e2
		}
		if k > e {
			p.failf(j, "a repeating block with a dot over its first digit needs one over its last digit")
		}
		return e
	}
	if n := p.parenRepeat(j); n > 0 {
		if p.s[j-1] != '.' {
			p.failf(j, "a decimal followed by (%s) is ambiguous: a repeating decimal or a product", p.s[j+1:j+n-1])
		}
		return j + n
	}
	if p.s[j-1] == '.' && p.decorationAt(j) {
		p.failf(j, "a decimal point before a decoration that holds no digits")
	}
	return j
}

// digitGroup returns the end of a brace group at i that holds only digits
// (and white space around them: { 142857 }), or 0.
func (p *parser) digitGroup(i int) int {
	if p.tok(i).Kind != texscan.Open {
		return 0
	}
	k := p.skipSpacesAt(i + 1)
	d := p.tok(k)
	if d.Kind != texscan.Number || digitRun(d) != len(d.Text) {
		return 0
	}
	k = p.skipSpacesAt(d.End())
	if p.tok(k).Kind != texscan.Close {
		return 0
	}
	return k + 1
}

// dotDigit returns the end of \dot{d} or \dot d at i, or 0.
func (p *parser) dotDigit(i int) int {
	if t := p.tok(i); t.Kind != texscan.Command || !strings.HasPrefix(t.Text, "\\dot") {
		return 0
	}
	k := p.skipSpacesAt(i + len("\\dot"))
	if p.tok(k).Kind == texscan.Open {
		if d := p.tok(k + 1); d.Kind == texscan.Number && len(d.Text) == 1 && p.tok(k+2).Kind == texscan.Close {
			return k + 3
		}
	}
	if digitRun(p.tok(k)) > 0 && k > i+len("\\dot") {
		return k + 1
	}
	return 0
}

// repeatAt reports whether a decoration over digits that marks a repeating
// block stands at i (\dot{3}, \overline{3}, \bar{3}): after a bare point,
// .\dot{3} is 0.\dot{3}, as .5 is 0.5.
func (p *parser) repeatAt(i int) bool {
	if p.dotDigit(i) > 0 {
		return true
	}
	t := p.tok(i)
	if t.Kind == texscan.Command && (t.Text == "\\overline" || t.Text == "\\bar") {
		k := p.skipSpacesAt(i + len(t.Text))
		return p.digitGroup(k) > 0 || digitRun(p.tok(k)) > 0 && k > i+len(t.Text)
	}
	return false
}

// parenRepeat returns the length of "(digits)" at i, or 0.
func (p *parser) parenRepeat(i int) int {
	if !isPunct(p.tok(i), '(') {
		return 0
	}
	d := p.tok(i + 1)
	if d.Kind != texscan.Number || digitRun(d) != len(d.Text) || !isPunct(p.tok(d.End()), ')') {
		return 0
	}
	return d.End() + 1 - i
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
