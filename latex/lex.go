// Package latex parses answers written in competition LaTeX or in plain text
// ("\frac{\sqrt3}{2}", "7,425,000", "sqrt(2)/2", "x \in [0,1)") into expr
// trees. The parser is hand-written recursive descent over an on-demand
// lexer: layout noise (\left, \!, $, \quad ...) is skipped by the lexer,
// units and currency are dropped only where they follow a complete operand,
// and every error carries the column where it was found. It never panics on
// any input: internal failures are recovered into an *Error.
//
// Nothing after a value is dropped unread: a subscript on anything but a
// name or a number ((x+1)_n) is refused, three dots after a separator are an
// ellipsis (1, 2, ... goes on), words that qualify or scale a value
// (2	ext{ish}, 2	ext{ (rounded)}, 2 fifteenths, 5 grand) make a text
// answer, and an unspaced dash between two numbers (5–7) is a range, refused.
//
// It imports only expr and the standard library.
package latex

import (
	"strings"
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

// skipNoise advances past whitespace and layout noise.
func (p *parser) skipNoise() {
	for p.pos < len(p.s) {
		c := p.s[p.pos]
		switch {
		case isSpace(c) || c == '$' || c == '~':
			p.pos++
			continue
		case c == '&' && p.inMatrix == 0:
			p.pos++
			continue
		case c == '\\':
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
					q := p.pos
					for q < len(p.s) && isSpace(p.s[q]) {
						q++
					}
					if q < len(p.s) && p.s[q] == '.' {
						p.pos = q + 1
					}
				}
				continue
			}
			if argNoiseCmds[name] {
				p.pos = end
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
// as the command itself.
func (p *parser) cmdAt(i int) (string, int) {
	j := i + 1
	if j >= len(p.s) {
		return "", j
	}
	if p.s[j] == '\\' {
		if j+1 < len(p.s) && isLetter(p.s[j+1]) {
			j++
		} else {
			return "\\", j + 1
		}
	}
	if isLetter(p.s[j]) {
		k := j
		for k < len(p.s) && isLetter(p.s[k]) {
			k++
		}
		// \operatorname* and starred names
		if k < len(p.s) && p.s[k] == '*' && (p.s[j:k] == "operatorname") {
			k++
		}
		return p.s[j:k], k
	}
	return p.s[j : j+1], j + 1
}

// envNameAt reads "{name}" at i, returning the name and the end offset.
func (p *parser) envNameAt(i int) (string, int) {
	for i < len(p.s) && isSpace(p.s[i]) {
		i++
	}
	if i >= len(p.s) || p.s[i] != '{' {
		return "", i
	}
	k := strings.IndexByte(p.s[i:], '}')
	if k < 0 {
		return "", i
	}
	return strings.TrimSpace(p.s[i+1 : i+k]), i + k + 1
}

// skipBracedRaw skips spaces and one {...} group (brace-matched), or one char.
func (p *parser) skipBracedRaw() {
	_, _ = p.rawArg()
}

// rawArg reads the raw text of the next argument: a brace group's content or
// a single character / command. ok is false at the end of input.
func (p *parser) rawArg() (string, bool) {
	for p.pos < len(p.s) && isSpace(p.s[p.pos]) {
		p.pos++
	}
	if p.pos >= len(p.s) {
		return "", false
	}
	if p.s[p.pos] == '{' {
		depth := 0
		for k := p.pos; k < len(p.s); k++ {
			switch p.s[k] {
			case '\\':
				k++
			case '{':
				depth++
			case '}':
				depth--
				if depth == 0 {
					out := p.s[p.pos+1 : k]
					p.pos = k + 1
					return out, true
				}
			}
		}
		p.failf(p.pos, "unclosed {")
	}
	if p.s[p.pos] == '}' {
		p.failf(p.pos, "missing argument before }")
	}
	if p.s[p.pos] == '\\' {
		name, end := p.cmdAt(p.pos)
		if name == "" {
			p.failf(p.pos, "lone backslash")
		}
		out := p.s[p.pos:end]
		p.pos = end
		return out, true
	}
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
	c := p.s[i]
	mk := func(k tokKind, text string, end int) token {
		sp := end < len(p.s) && isSpace(p.s[end])
		return token{kind: k, text: text, start: i, end: end, spaceAfter: sp}
	}
	switch {
	case isDigit(c) || c == '.' && i+1 < len(p.s) && isDigit(p.s[i+1]):
		end := p.scanNumber(i)
		return mk(tNum, p.s[i:end], end)
	case isLetter(c):
		// a run longer than any keyword is a product of letters: lex it one
		// letter at a time (scanning long runs again at every letter would be
		// quadratic)
		k := i
		for k < len(p.s) && isLetter(p.s[k]) && k-i <= maxWord {
			k++
		}
		if k-i > maxWord {
			return mk(tWord, p.s[i:i+1], i+1)
		}
		return mk(tWord, p.s[i:k], k)
	case c == '\\':
		name, end := p.cmdAt(i)
		if name == "\\" {
			return mk(tOp, "\\\\", end)
		}
		if name == "not" {
			// \not negates the relation after it: "x \not= 5" is x != 5,
			// never the product of a symbol \not and x = 5 (which read as
			// the equation x = 5). Other negated relations are refused.
			j := end
			for j < len(p.s) && isSpace(p.s[j]) {
				j++
			}
			if j < len(p.s) && p.s[j] == '=' && (j+1 == len(p.s) || p.s[j+1] != '=') {
				return mk(tCmd, "ne", j+1)
			}
			if n, e := p.cmdAt(j); j < len(p.s) && p.s[j] == '\\' && (n == "equiv" || n == "eq") {
				return mk(tCmd, "ne", e)
			}
			p.failf(i, "\\not before anything but = is not read")
		}
		return mk(tCmd, name, end)
	}
	if i+1 < len(p.s) {
		two := p.s[i : i+2]
		switch two {
		case "<=", ">=", "!=", "=<", "=>", "==", "**", ":=", "<>":
			if two == "!=" || two == "<>" {
				return mk(tOp, "!=", i+2)
			}
			if two == "=<" {
				return mk(tOp, "<=", i+2)
			}
			if two == "=>" {
				return mk(tOp, ">=", i+2)
			}
			if two == "==" || two == ":=" {
				return mk(tOp, "=", i+2)
			}
			if two == "**" {
				return mk(tOp, "^", i+2)
			}
			return mk(tOp, two, i+2)
		}
	}
	return mk(tOp, string(c), i+1)
}

// sepAt returns the length of a thousands separator at i ("," "{,}" ",\!"),
// followed by exactly three digits and then no further digit.
func (p *parser) sepAt(i int, allowComma, allowSpace bool) int {
	s := p.s
	n := 0
	switch {
	case strings.HasPrefix(s[i:], "{,}"):
		n = 3
	case strings.HasPrefix(s[i:], "{, }"):
		n = 4
	case strings.HasPrefix(s[i:], ",\\!"):
		n = 3
		for i+n < len(s) && s[i+n] == ' ' {
			n++
		}
	case strings.HasPrefix(s[i:], "\\,") && allowSpace:
		n = 2
	case strings.HasPrefix(s[i:], ",") && allowComma:
		n = 1
	case strings.HasPrefix(s[i:], " ") && allowSpace:
		n = 1
	default:
		return 0
	}
	j := i + n
	if j+3 > len(s) || !isDigit(s[j]) || !isDigit(s[j+1]) || !isDigit(s[j+2]) {
		return 0
	}
	if j+3 < len(s) && isDigit(s[j+3]) {
		return 0
	}
	return n
}

// scanNumber returns the end of the number literal starting at i.
func (p *parser) scanNumber(i int) int {
	s := p.s
	j := i
	for j < len(s) && isDigit(s[j]) {
		j++
	}
	first := j - i
	if first >= 1 && first <= 3 && s[i] != '.' {
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
	if j < len(s) && s[j] == '.' {
		if j+1 < len(s) && isDigit(s[j+1]) {
			j++
			for j < len(s) && isDigit(s[j]) {
				j++
			}
		} else if strings.HasPrefix(s[j+1:], "\\overline") || strings.HasPrefix(s[j+1:], "\\dot") || parenRepeat(s, j+1) > 0 {
			j++
		}
	}
	if strings.Contains(s[i:j], ".") {
		j = p.scanRepeat(j)
	}
	// scientific notation 6.02e23, 1E-5
	if j < len(s) && (s[j] == 'e' || s[j] == 'E') && (!p.latexMode || strings.Contains(s[i:j], ".")) {
		k := j + 1
		if k < len(s) && (s[k] == '+' || s[k] == '-') {
			k++
		}
		if k < len(s) && isDigit(s[k]) {
			for k < len(s) && isDigit(s[k]) {
				k++
			}
			if k >= len(s) || !isLetter(s[k]) {
				j = k
			}
		}
	}
	return j
}

// scanRepeat returns the end of the repeating digits of a decimal whose
// written digits end at j: 0.1\overline{6}, 0.\dot{3}, 0.1\dot{6},
// 0.\dot{1}4285\dot{7} (a dot over the first and the last digit of the
// block), and 0.(3) where the parenthesis follows the point itself (after
// a digit, 0.5(3) is as often a product, so it is not read as a repeat).
func (p *parser) scanRepeat(j int) int {
	s := p.s
	if strings.HasPrefix(s[j:], "\\overline") {
		k := j + len("\\overline")
		for k < len(s) && isSpace(s[k]) {
			k++
		}
		if k < len(s) && s[k] == '{' {
			e := strings.IndexByte(s[k:], '}')
			if e > 1 && allDigits(strings.TrimSpace(s[k+1:k+e])) {
				return k + e + 1
			}
		} else if k < len(s) && isDigit(s[k]) {
			return k + 1
		}
		if s[j-1] == '.' {
			p.failf(j, "a decimal point before a decoration that holds no digits")
		}
		return j
	}
	if e := dotDigit(s, j); e > 0 {
		k := e
		for k < len(s) && isDigit(s[k]) {
			k++
		}
		if e2 := dotDigit(s, k); e2 > 0 {
			return e2
		}
		if k > e {
			p.failf(j, "a repeating block with a dot over its first digit needs one over its last digit")
		}
		return e
	}
	if n := parenRepeat(s, j); n > 0 {
		if s[j-1] != '.' {
			p.failf(j, "a decimal followed by (%s) is ambiguous: a repeating decimal or a product", s[j+1:j+n-1])
		}
		return j + n
	}
	if s[j-1] == '.' && (strings.HasPrefix(s[j:], "\\overline") || strings.HasPrefix(s[j:], "\\dot")) {
		p.failf(j, "a decimal point before a decoration that holds no digits")
	}
	return j
}

// dotDigit returns the end of \dot{d} or \dot d at i, or 0.
func dotDigit(s string, i int) int {
	if !strings.HasPrefix(s[i:], "\\dot") {
		return 0
	}
	k := i + len("\\dot")
	for k < len(s) && isSpace(s[k]) {
		k++
	}
	if k+2 < len(s) && s[k] == '{' && isDigit(s[k+1]) && s[k+2] == '}' {
		return k + 3
	}
	if k < len(s) && isDigit(s[k]) && k > i+len("\\dot") {
		return k + 1
	}
	return 0
}

// parenRepeat returns the length of "(digits)" at i, or 0.
func parenRepeat(s string, i int) int {
	if i >= len(s) || s[i] != '(' {
		return 0
	}
	k := i + 1
	for k < len(s) && isDigit(s[k]) {
		k++
	}
	if k == i+1 || k >= len(s) || s[k] != ')' {
		return 0
	}
	return k + 1 - i
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
