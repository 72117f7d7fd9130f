package answer

import (
	"fmt"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/matheval/matheval/latex"
	"github.com/matheval/matheval/texscan"
)

// The closed world of the number rules (issue 28, item 3). ASDiv's and
// MATH 401's rules read a number out of text without parsing the text
// whole, so they must refuse text whose constructs they do not read: the
// text around the number may hold only words, spaces, sentence
// punctuation, arithmetic with operands on both sides, currency, percent
// and degree marks, units (a word, "cm²"), and the constructs of the
// reader's no-op table (latex.NoOps). Anything else (a TeX command with
// another meaning, an accent, a combining mark, a Unicode math symbol, a
// super- or subscript, a vulgar fraction glued to the number, an arrow or a
// relation with nothing on one side) makes the rule refuse, naming it:
// "\Delta 6 snack bags" is not 6, "26¼" is not 26, "\boxed{5\geqslant}" is
// not 5. The text is read with the project's TeX scanner (texscan).

// foldNumberText rewrites the characters that are numbers in another form
// into the ASCII the number reader reads: full-width digits and signs
// (４０ is 40, ０．５ is 0.5) and the Unicode minus (−(1/3) is -(1/3)). It
// also drops markdown emphasis ("**350** g" is "350 g"): a run of two
// asterisks or underscores beside a space, the start or the end (so
// "3**2" keeps its operator and is refused as unread).
func foldNumberText(s string) string {
	plain := true
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 || (s[i] == '*' || s[i] == '_') && i+1 < len(s) && s[i+1] == s[i] {
			plain = false
			break
		}
	}
	if plain {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		c := s[i]
		if (c == '*' || c == '_') && i+1 < len(s) && s[i+1] == c {
			j := i
			for j < len(s) && s[j] == c {
				j++
			}
			before := i == 0 || s[i-1] == ' ' || s[i-1] == '\n'
			after := j == len(s) || s[j] == ' ' || s[j] == '\n' || s[j] == '.' || s[j] == ','
			if before || after {
				i = j
				continue
			}
			b.WriteString(s[i:j])
			i = j
			continue
		}
		if c < 0x80 {
			b.WriteByte(c)
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r >= '０' && r <= '９':
			b.WriteByte(byte('0' + r - '０'))
		case r == '．':
			b.WriteByte('.')
		case r == '，':
			b.WriteByte(',')
		case r == '－' || r == '\u2212':
			b.WriteByte('-')
		case r == '＋':
			b.WriteByte('+')
		case r == '／':
			b.WriteByte('/')
		case r == '％':
			b.WriteByte('%')
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// unreadError is the refusal of a number rule: what was not read, and
// where it stands.
type unreadError struct {
	what, where string
}

func (e *unreadError) Error() string {
	return fmt.Sprintf("unread %s %s the number", e.what, e.where)
}

// checkNumberClause checks the text around the number s[start:end] that a
// number rule reads (MATH 401's last number): its clause (the math segment
// holding it, else its sentence), from the last "=" or "≈" before it that
// has an operand on its left (what the number is said to equal is not
// read), to the clause's end.
func checkNumberClause(s string, start, end int) error {
	toks, err := texscan.Tokens(s, texscan.Limits{})
	if err != nil {
		return err
	}
	cs, ce, inMath := 0, len(s), false
	for _, g := range texscan.Segments(s) {
		if g.CS <= start && end <= g.CE {
			cs, ce, inMath = g.CS, g.CE, true
			break
		}
		if g.Start > end {
			break
		}
	}
	if !inMath {
		// the sentence: from the last line break or sentence end before
		// the number to the first one after it
		for _, t := range toks {
			if t.End() <= start && sentenceBreak(s, t) {
				cs = t.End()
			}
			if t.Pos >= end && sentenceBreak(s, t) {
				ce = t.Pos
				break
			}
		}
	}
	return checkNumberSpan(s, toks, cs, ce, start, true)
}

// sentenceBreak reports whether token t of s ends a sentence: a line
// break, or . ! ? before a space, a line break or the end.
func sentenceBreak(s string, t texscan.Token) bool {
	if t.Kind == texscan.Newline {
		return true
	}
	if t.Kind != texscan.Punct || (t.Text != "." && t.Text != "!" && t.Text != "?") {
		return false
	}
	e := t.End()
	return e == len(s) || s[e] == ' ' || s[e] == '\n' || s[e] == '\r' || s[e] == '\t'
}

// checkNumberText checks a whole answer that a number rule reads (ASDiv's
// answer): every token of it.
func checkNumberText(s string) error {
	toks, err := texscan.Tokens(s, texscan.Limits{})
	if err != nil {
		return err
	}
	return checkNumberSpan(s, toks, 0, len(s), -1, false)
}

// approxRel are the relations that state the value approximately.
var approxRel = map[string]bool{`\approx`: true, `\simeq`: true, `\sim`: true, `\thickapprox`: true, "≈": true}

// checkNumberSpan checks the tokens of s in [cs, ce). With trim, the span
// starts after the last "=" or "≈" before the number at start (at the
// number's brace depth) that has an operand on its left.
func checkNumberSpan(s string, toks []texscan.Token, cs, ce, start int, trim bool) error {
	// the numbers of the span, as the number reader reads them: their
	// tokens are read
	var spans [][2]int
	eachNumber(s[cs:ce], true, false, false, func(t numTok) { spans = append(spans, [2]int{cs + t.start, cs + t.end}) })
	next := 0 // the tokens are read in order: the spans are walked once
	inNumber := func(pos int) bool {
		for next < len(spans) && spans[next][1] <= pos {
			next++
		}
		return next < len(spans) && pos >= spans[next][0]
	}
	lo, hi := 0, len(toks)
	for lo < len(toks) && toks[lo].Pos < cs {
		lo++
	}
	for hi > lo && toks[hi-1].End() > ce {
		hi--
	}
	from := cs
	if trim && start >= 0 {
		depth, numDepth := 0, -1
		type rel struct{ pos, end, depth int }
		var rels []rel
		operand := false // an operand since the span's start, at this depth
		for k := lo; k < hi; k++ {
			t := toks[k]
			if t.Pos >= start {
				numDepth = depth
				break
			}
			switch {
			case t.Kind == texscan.Open:
				depth++
			case t.Kind == texscan.Close:
				depth--
			case (t.Kind == texscan.Punct && t.Text == "=") || approxRel[t.Text]:
				if operand {
					rels = append(rels, rel{t.Pos, t.End(), depth})
				}
			case t.Kind == texscan.Number || t.Kind == texscan.Word || t.Kind == texscan.Punct && (t.Text == ")" || t.Text == "]") ||
				t.Kind == texscan.Char && letterRune(t.Text):
				// a word is what "=" may follow ("Total = 5"); "≈" needs
				// more (approxOperand)
				operand = true
			}
		}
		for k := len(rels) - 1; k >= 0; k-- {
			r := rels[k]
			if r.depth == numDepth && (s[r.pos] == '=' || approxOperand(s, toks, lo, r.pos)) {
				from = r.end
				break
			}
		}
	}
	c := numberChecker{s: s, start: start}
	for k := lo; k < hi; k++ {
		t := toks[k]
		if inNumber(t.Pos) {
			if t.Pos >= from {
				c.operand()
				c.lastEnd, c.lastNum = t.End(), true
			}
			continue
		}
		switch t.Kind {
		case texscan.Open:
			c.braces++
			continue
		case texscan.Close:
			if c.braces == 0 && t.Pos >= from {
				return c.unread(t, "}")
			}
			if c.braces > 0 {
				c.braces--
			}
			if t.Pos >= from {
				c.operand()
			}
			continue
		}
		if t.Pos < from {
			continue
		}
		skip, err := c.token(toks, k)
		if err != nil {
			return err
		}
		if skip > 0 {
			// a no-op command with its argument: the argument group is
			// skipped whole, and no number may sit in it
			end := skip
			for _, sp := range spans[next:] {
				if sp[0] >= end {
					break
				}
				if sp[1] > t.Pos {
					return &unreadError{what: t.Text + "{…} around a number (its argument is not read)", where: c.where(t.Pos)}
				}
			}
			for k+1 < hi && toks[k+1].Pos < end {
				k++
			}
		}
	}
	if c.pending != "" {
		return &unreadError{what: c.pending + " with nothing on its right", where: c.where(c.pendingPos)}
	}
	if c.parens > 0 {
		return &unreadError{what: "an unclosed (", where: c.where(c.parenPos)}
	}
	return nil
}

// approxOperand reports whether the "≈" at pos has an operand on its left
// that is no word of prose: a number, a closing bracket, a variable.
func approxOperand(s string, toks []texscan.Token, lo, pos int) bool {
	k0 := sort.Search(len(toks), func(k int) bool { return toks[k].Pos >= pos })
	for k := k0 - 1; k >= lo; k-- {
		t := toks[k]
		if t.Kind == texscan.Space || t.Kind == texscan.MathShift {
			continue
		}
		switch t.Kind {
		case texscan.Number, texscan.Close:
			return true
		case texscan.Word:
			return len(t.Text) == 1
		case texscan.Punct:
			return t.Text == ")" || t.Text == "]"
		case texscan.Char:
			return letterRune(t.Text)
		}
		return false
	}
	return false
}

// wordLetter reports whether r is a letter of a word in Latin script
// (café, Zoë): not a modifier letter (ⁱ ₒ), a letterlike symbol (Å K Ⅎ) or
// a Roman numeral, which the number rules do not read.
func wordLetter(r rune) bool {
	return (r >= 0xC0 && r <= 0x24F || r >= 0x1E00 && r <= 0x1EFF) && (unicode.IsUpper(r) || unicode.IsLower(r)) &&
		r != '×' && r != '÷'
}

func letterRune(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsLetter(r)
}

// numberChecker follows the operands and operators of a span.
type numberChecker struct {
	s     string
	start int // the number's offset (-1: the whole text is checked)
	// prev is set when the last significant token is an operand.
	prev bool
	// pending is an operator waiting for its right operand.
	pending    string
	pendingPos int
	braces     int
	parens     int
	parenPos   int
	// lastEnd is the end of the last operand (for marks glued to it), and
	// lastNum says whether it was a number.
	lastEnd int
	lastNum bool
}

func (c *numberChecker) where(pos int) string {
	switch {
	case c.start < 0:
		return "beside"
	case pos < c.start:
		return "before"
	}
	return "after"
}

func (c *numberChecker) unread(t texscan.Token, what string) error {
	return &unreadError{what: what, where: c.where(t.Pos)}
}

func (c *numberChecker) operand() {
	c.prev, c.pending = true, ""
}

// binary reads an operator that needs operands on both sides.
func (c *numberChecker) binary(t texscan.Token, name string) error {
	if c.pending != "" {
		return &unreadError{what: c.pending + " with nothing on its right", where: c.where(c.pendingPos)}
	}
	if !c.prev {
		return &unreadError{what: name + " with nothing on its left", where: c.where(t.Pos)}
	}
	c.prev, c.pending, c.pendingPos = false, name, t.Pos
	return nil
}

// token checks one token; for a command whose argument is skipped it
// returns the end of that argument.
func (c *numberChecker) token(toks []texscan.Token, k int) (int, error) {
	t := toks[k]
	switch t.Kind {
	case texscan.Space, texscan.Newline, texscan.MathShift, texscan.MathOpen, texscan.MathClose:
		return 0, nil
	case texscan.Word:
		if c.pending != "" && c.pending != "=" {
			// an operator needs a number on its right: "5 \times stars"
			return 0, &unreadError{what: c.pending + " with no number on its right", where: c.where(c.pendingPos)}
		}
		c.operand()
		c.lastEnd, c.lastNum = t.End(), false
		return 0, nil
	case texscan.Number:
		c.operand()
		c.lastEnd, c.lastNum = t.End(), true
		return 0, nil
	case texscan.Begin, texscan.End:
		if latex.IsNoOp(latex.NoOpEnvironment, t.Name()) {
			return 0, nil
		}
		return 0, c.unread(t, t.Text)
	case texscan.Punct:
		return 0, c.punct(toks, k)
	case texscan.Command:
		return c.command(toks, k)
	}
	return 0, c.char(t)
}

func (c *numberChecker) punct(toks []texscan.Token, k int) error {
	t := toks[k]
	switch t.Text {
	case "+", "-":
		if t.Text == "-" && t.Pos > 0 && isWordByte(c.s[t.Pos-1]) && t.End() < len(c.s) && isLetter(c.s[t.End()]) {
			return nil // a hyphen: t-shirts, 15-year-old
		}
		if !c.prev {
			// a sign: it needs an operand on its right
			if c.pending != "" {
				return &unreadError{what: c.pending + " with nothing on its right", where: c.where(c.pendingPos)}
			}
			c.pending, c.pendingPos = t.Text, t.Pos
			return nil
		}
		return c.binary(t, t.Text)
	case "/":
		if t.Pos > 0 && isLetter(c.s[t.Pos-1]) && t.End() < len(c.s) && isLetter(c.s[t.End()]) {
			return nil // a unit: km/hour
		}
		return c.binary(t, t.Text)
	case "*", "=":
		return c.binary(t, t.Text)
	case "(":
		if c.parens == 0 {
			c.parenPos = t.Pos
		}
		c.parens++
		c.prev = false
		return nil
	case ")":
		if c.parens == 0 {
			return c.unread(t, ")")
		}
		c.parens--
		c.operand()
		return nil
	case "!":
		if c.prev && c.lastEnd == t.Pos && !exclamation(c.s, t.Pos) {
			return c.unread(t, "! (a factorial)")
		}
		return nil
	case "%":
		if c.prev {
			return nil
		}
	case "#":
		if c.lastNum && c.lastEnd == t.Pos {
			return c.unread(t, "#")
		}
		return nil // "#### 5": a number sign before an amount
	case ".", ",", ";", ":", "?", "'", "\"", "&", "~", "`":
		return nil
	case "^":
		// a degree mark: 30^\circ, 30^{\circ}
		rest := c.s[t.End():]
		if c.prev && (strings.HasPrefix(rest, `\circ`) || strings.HasPrefix(rest, `{\circ}`)) {
			return nil
		}
	}
	return c.unread(t, t.Text)
}

// numberCommands are the commands the number rules read for their
// meaning: arithmetic, percent and currency signs, degree marks.
var numberCommands = map[string]string{
	"times": "op", "cdot": "op", "div": "op",
	"frac": "frac", "dfrac": "frac", "tfrac": "frac",
	"%": "mark", "$": "mark", "pounds": "mark", "euro": "mark", "textcent": "mark", "textdegree": "mark",
	"degree": "mark", "circ": "degree",
}

func (c *numberChecker) command(toks []texscan.Token, k int) (int, error) {
	t := toks[k]
	name := t.Name()
	switch {
	case name == "#" && c.lastNum && c.lastEnd == t.Pos:
		return 0, c.unread(t, t.Text) // the table's \# is a number sign before an amount
	case latex.IsNoOp(latex.NoOpCommand, name), latex.IsNoOp(latex.NoOpSuffix, t.Text):
		return 0, nil
	case latex.IsNoOp(latex.NoOpWrapper, name), textCommands[name]:
		return 0, nil // its group is read in its place
	case latex.IsNoOp(latex.NoOpCommandArg, name), latex.IsNoOp(latex.NoOpFirstArg, name):
		if k+1 < len(toks) && toks[k+1].Kind == texscan.Open {
			g, err := texscan.Match(c.s, toks[k+1].Pos, texscan.Braces, texscan.Limits{})
			if err != nil {
				return 0, c.unread(t, t.Text)
			}
			return g.End, nil
		}
		return 0, nil
	}
	switch numberCommands[name] {
	case "op":
		return 0, c.binary(t, t.Text)
	case "frac":
		c.prev = false
		return 0, nil
	case "mark":
		return 0, nil
	case "degree":
		if k > 0 && toks[k-1].Text == "^" || k > 1 && toks[k-1].Kind == texscan.Open && toks[k-2].Text == "^" {
			return 0, nil
		}
	}
	if approxRel[t.Text] {
		return 0, c.unread(t, t.Text+" with nothing on its left")
	}
	return 0, c.unread(t, t.Text)
}

func (c *numberChecker) char(t texscan.Token) error {
	r, _ := utf8.DecodeRuneInString(t.Text)
	switch {
	case latex.IsNoOp(latex.NoOpChar, t.Text):
		return nil
	case r == '×' || r == '÷' || r == '·' || r == '⋅':
		return c.binary(t, t.Text)
	case r == '≈':
		return c.unread(t, "≈ with nothing on its left")
	case r == '°' || r == '’' || r == '‘':
		return nil
	case (r == '²' || r == '³') && c.prev && c.lastEnd == t.Pos && t.Pos > 0 && isLetter(c.s[t.Pos-1]):
		return nil // a unit's power: cm²
	case (r == '–' || r == '—') && !(t.Pos > 0 && isDigit(c.s[t.Pos-1])) && !(t.End() < len(c.s) && isDigit(c.s[t.End()])):
		return nil // a dash of prose, not a sign or a range
	case wordLetter(r):
		c.operand()
		c.lastEnd = t.End()
		return nil // a letter of a word (café)
	}
	if r == utf8.RuneError {
		return c.unread(t, fmt.Sprintf("byte %#x", t.Text[0]))
	}
	return c.unread(t, fmt.Sprintf("U+%04X %s", r, t.Text))
}
