package mutation

import (
	"strings"
)

// The generators edit gold answers as text, so that a mutant looks like what
// a model writes (the gold's own notation with one change), not like the
// printer's output. This file holds the small scanner they share: it finds
// number literals, letters that are variables, brace groups and top-level
// separators, and knows which parts of the text are words (\text{...}) or
// environment names, which no generator touches.

// span is a half-open byte range of the gold text.
type span struct{ lo, hi int }

// wordCommands take a braced argument that is words, not mathematics.
var wordCommands = []string{`\text`, `\textbf`, `\textit`, `\mbox`, `\mathrm`, `\operatorname`, `\mathbf`, `\mathit`, `\textrm`, `\begin`, `\end`, `\mathbb`, `\mathcal`, `\hbox`}

// matchBrace returns the index of the brace closing the one at s[i] ('{'),
// skipping escaped braces, or -1.
func matchBrace(s string, i int) int {
	depth := 0
	for j := i; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return -1
}

// commandAt returns the control word starting at s[i] ('\'), e.g. `\frac`,
// or the control symbol (`\{`, `\,`).
func commandAt(s string, i int) string {
	j := i + 1
	for j < len(s) && isLetter(s[j]) {
		j++
	}
	if j == i+1 && j < len(s) {
		j++
	}
	return s[i:j]
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }

// wordSpans returns the ranges of s that are words or names: the braced
// arguments of \text-like commands and of \begin/\end.
func wordSpans(s string) []span {
	var out []span
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' {
			continue
		}
		cmd := commandAt(s, i)
		isWord := false
		for _, w := range wordCommands {
			if cmd == w {
				isWord = true
				break
			}
		}
		if !isWord {
			i += len(cmd) - 1
			continue
		}
		j := i + len(cmd)
		for j < len(s) && s[j] == ' ' {
			j++
		}
		if j < len(s) && s[j] == '{' {
			if k := matchBrace(s, j); k > 0 {
				out = append(out, span{i, k + 1})
				i = k
				continue
			}
		}
		i += len(cmd) - 1
	}
	return out
}

func inSpans(sp []span, i int) bool {
	for _, r := range sp {
		if i >= r.lo && i < r.hi {
			return true
		}
	}
	return false
}

// literal is a number written in the gold: digits, an optional decimal part,
// and thousands groups written ",\!ddd", "{,}ddd" or ",ddd".
type literal struct {
	span
	digits  string // the digits without separators, with the decimal point
	decimal bool
	grouped bool // written with thousands separators
}

// literals finds the number literals of s outside words and command names.
// A literal right after a backslash command letter run is never produced
// because commands are skipped whole.
func literals(s string) []literal {
	words := wordSpans(s)
	var out []literal
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '\\' {
			i += len(commandAt(s, i)) - 1
			continue
		}
		if !isDigit(c) || inSpans(words, i) {
			continue
		}
		lo := i
		if fracDigits(s, i) {
			// \frac19: each digit is an argument of its own
			out = append(out, literal{span: span{i, i + 1}, digits: s[i : i+1]})
			continue
		}
		var b strings.Builder
		grouped, decimal := false, false
		j := i
		for j < len(s) && isDigit(s[j]) {
			b.WriteByte(s[j])
			j++
		}
		// thousands groups
		for {
			k, ok := groupAt(s, j)
			if !ok {
				break
			}
			b.WriteString(s[k : k+3])
			j = k + 3
			grouped = true
		}
		if j+1 < len(s) && s[j] == '.' && isDigit(s[j+1]) {
			decimal = true
			b.WriteByte('.')
			j++
			for j < len(s) && isDigit(s[j]) {
				b.WriteByte(s[j])
				j++
			}
		}
		out = append(out, literal{span: span{lo, j}, digits: b.String(), decimal: decimal, grouped: grouped})
		i = j - 1
	}
	return out
}

// fracDigits reports whether the digit at s[i] is a brace-less argument of
// \frac, \dfrac or \tfrac (\frac19, \frac 9{20}): one digit on its own.
func fracDigits(s string, i int) bool {
	j := i
	if j > 0 && isDigit(s[j-1]) {
		j-- // the second digit of \frac19
	}
	k := j
	for k > 0 && s[k-1] == ' ' {
		k--
	}
	for _, f := range []string{`\frac`, `\dfrac`, `\tfrac`} {
		if strings.HasSuffix(s[:k], f) {
			return j == i || j == i-1 && !fracDigitsBefore(s, j)
		}
	}
	return false
}

// fracDigitsBefore reports whether the digit at s[j] is itself the second
// argument of a \frac (so that the digit after it is not an argument).
func fracDigitsBefore(s string, j int) bool {
	return j > 0 && isDigit(s[j-1])
}

// splitTop splits s at the separators sep found at brace/bracket depth 0
// (outside {}, (), [], \{\}, \left...\right). It returns the pieces with their
// offsets. Escaped braces count as brackets.
func splitTop(s string, sep byte) []span {
	var out []span
	depth := 0
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\':
			cmd := commandAt(s, i)
			switch cmd {
			case `\{`, `\langle`, `\lvert`, `\lfloor`, `\lceil`:
				depth++
			case `\}`, `\rangle`, `\rvert`, `\rfloor`, `\rceil`:
				depth--
			}
			i += len(cmd) - 1
		case c == '{' || c == '(' || c == '[':
			depth++
		case c == '}' || c == ')' || c == ']':
			depth--
		case c == sep && depth == 0:
			// a thousands separator is not a list comma
			if sep == ',' && isThousands(s, i) {
				continue
			}
			out = append(out, span{start, i})
			start = i + 1
		}
	}
	return append(out, span{start, len(s)})
}

// groupAt reports whether s[i:] is a thousands separator followed by a
// group of exactly three digits, and returns the index of that group. ",\!"
// (spaces may follow) and "{,}" always separate thousands; a plain comma does
// only outside brackets ("10,080" is a number, "(100,101)" a pair).
func groupAt(s string, i int) (int, bool) {
	if i == 0 || i >= len(s) || !isDigit(s[i-1]) {
		return 0, false
	}
	k := -1
	switch {
	case strings.HasPrefix(s[i:], `,\!`):
		k = i + 3
		for k < len(s) && s[k] == ' ' {
			k++
		}
	case strings.HasPrefix(s[i:], `{,}`):
		k = i + 3
	case s[i] == ',' && depthAt(s, i) == 0:
		k = i + 1
	default:
		return 0, false
	}
	if k+3 <= len(s) && isDigit(s[k]) && isDigit(s[k+1]) && isDigit(s[k+2]) && (k+3 == len(s) || !isDigit(s[k+3])) {
		return k, true
	}
	return 0, false
}

// isThousands reports whether the comma at s[i] is a thousands separator.
func isThousands(s string, i int) bool {
	if i >= len(s) || s[i] != ',' {
		return false
	}
	_, ok := groupAt(s, i)
	return ok
}

// depthAt is the bracket depth at s[i]: (, [, { and \{ open, their partners close.
func depthAt(s string, i int) int {
	d := 0
	for j := 0; j < i && j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case '(', '[', '{':
			d++
		case ')', ']', '}':
			d--
		}
	}
	return d
}

// topTerms splits a sum at its depth-0 binary '+' and '-' signs. Each term
// keeps its sign ("+" or "-" prefix, "" for a leading unsigned term). It
// reports false when s has a depth-0 relation, comma, \pm or anything that
// makes the split unsafe.
func topTerms(s string) ([]string, bool) {
	var terms []string
	depth := 0
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\':
			cmd := commandAt(s, i)
			switch cmd {
			case `\{`, `\langle`, `\lvert`, `\lfloor`, `\lceil`, `\left`:
				if cmd == `\left` {
					depth++
					i += len(cmd)
					continue
				}
				depth++
			case `\}`, `\rangle`, `\rvert`, `\rfloor`, `\rceil`:
				depth--
			case `\right`:
				depth--
				i += len(cmd)
				continue
			case `\pm`, `\mp`, `\le`, `\leq`, `\ge`, `\geq`, `\ne`, `\neq`, `\lt`, `\gt`, `\cup`, `\cap`, `\setminus`, `\approx`, `\to`, `\implies`, `\quad`, `\text`, `\mbox`, `\textbf`, `\in`, `\mod`, `\pmod`, `\bmod`, `\equiv`, `\begin`, `\sum`, `\prod`, `\int`, `\lim`:
				if depth == 0 {
					return nil, false
				}
			}
			i += len(cmd) - 1
		case c == '{' || c == '(' || c == '[':
			depth++
		case c == '}' || c == ')' || c == ']':
			depth--
		case depth == 0 && (c == '=' || c == '<' || c == '>' || c == ',' || c == ';' || c == '|' || c == '!' || c == '&' || c == ':'):
			return nil, false
		case depth == 0 && (c == '+' || c == '-') && i > 0:
			prev := prevNonSpace(s, i)
			if prev < 0 || strings.IndexByte("^_+-*/({[", s[prev]) >= 0 || strings.HasSuffix(s[:prev+1], `\cdot`) || strings.HasSuffix(s[:prev+1], `\times`) {
				continue // a unary sign
			}
			terms = append(terms, strings.TrimSpace(s[start:i]))
			start = i
		}
	}
	if depth != 0 {
		return nil, false
	}
	terms = append(terms, strings.TrimSpace(s[start:]))
	for _, t := range terms {
		if t == "" || t == "+" || t == "-" {
			return nil, false
		}
	}
	return terms, len(terms) > 1
}

// funcLike reports whether the text before s[i] ends with a name that takes
// arguments in parentheses: a letter (f(1,2)) or a function command
// (\max(1,2)); other commands (\cup, \cdot) do not.
func funcLike(s string, i int) bool {
	p := prevNonSpace(s, i)
	if p < 0 || !isLetter(s[p]) {
		return false
	}
	q := p
	for q >= 0 && isLetter(s[q]) {
		q--
	}
	if q < 0 || s[q] != '\\' {
		return true // a plain letter: f(1,2)
	}
	switch s[q : p+1] {
	case `\max`, `\min`, `\gcd`, `\operatorname`, `\sin`, `\cos`, `\tan`, `\log`, `\ln`, `\exp`, `\det`, `\lcm`:
		return true
	}
	return false
}

func prevNonSpace(s string, i int) int {
	for j := i - 1; j >= 0; j-- {
		if s[j] != ' ' {
			return j
		}
	}
	return -1
}

// variables returns the positions of single letters of s that are variables:
// letters outside commands, words and the e/i constants.
func variables(s string) []int {
	words := wordSpans(s)
	var out []int
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '\\' {
			i += len(commandAt(s, i)) - 1
			continue
		}
		if !isLetter(c) || inSpans(words, i) {
			continue
		}
		if c == 'e' || c == 'i' {
			continue
		}
		out = append(out, i)
	}
	return out
}
