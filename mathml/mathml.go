// Package mathml converts the LaTeX mathematics found in problems, solutions
// and model replies to MathML on the server, so that the web viewer and the
// HTML reports show formulas with no JavaScript and no network. It covers
// what mathematics benchmarks use: fractions, roots, powers and subscripts,
// matrices and other environments, \boxed, Greek letters and the common
// operators. A command it does not know is shown as escaped text; input past
// the size and nesting limits falls back to the escaped source. Every piece of
// text that reaches the output is HTML-escaped, so the output is safe to embed.
//
// The formula is read as texscan tokens (commands, groups, environments and
// numbers are what texscan says they are); this package has no scanner of
// its own.
package mathml

import (
	"errors"
	"html"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/matheval/matheval/texscan"
)

// Limits that keep one formula's conversion bounded in time and size.
const (
	MaxInput  = 32 << 10 // bytes of LaTeX in one formula
	maxDepth  = 60       // nesting of groups and environments
	maxOutput = 1 << 20  // bytes of MathML for one formula
)

// ErrLimit is returned when a formula exceeds the size or nesting limits.
var ErrLimit = errors.New("mathml: formula too large or too deeply nested")

// Convert returns a <math> element for the LaTeX formula tex (without its
// delimiters). display selects block layout. The result is safe HTML.
func Convert(tex string, display bool) (out string, err error) {
	if len(tex) > MaxInput {
		return "", ErrLimit
	}
	p := newParser(tex, 0)
	body := p.seq(0)
	for !p.eof() { // a stray '}' or ']' ends seq early: keep going
		body += "<mo>" + esc(p.one()) + "</mo>" + p.seq(0)
	}
	if p.err != nil {
		return "", p.err
	}
	attr := ""
	if display {
		attr = ` display="block"`
	}
	return `<math xmlns="http://www.w3.org/1998/Math/MathML"` + attr + `><semantics><mrow>` + body +
		`</mrow><annotation encoding="application/x-tex">` + esc(tex) + `</annotation></semantics></math>`, nil
}

// stop conditions of a sequence.
const (
	stopBrace   = 1 << iota // '}'
	stopBracket             // ']' (optional argument of \sqrt)
	stopRight               // \right
	stopCell                // '&', '\\' or \end (inside an environment)
)

// parser reads the tokens of one formula from texscan, the one reader of
// TeX's surface syntax: commands, groups and environments are what texscan
// says they are, and this package only decides how each looks.
type parser struct {
	src   string
	toks  []texscan.Token
	i     int // the current token; toks[i] may be the rest of a token split by one
	depth int
	size  int
	err   error
}

func newParser(tex string, depth int) *parser {
	toks, err := texscan.Tokens(tex, texscan.Limits{})
	p := &parser{src: tex, toks: toks, depth: depth}
	if err != nil {
		p.err = ErrLimit
	}
	return p
}

func (p *parser) eof() bool { return p.i >= len(p.toks) || p.err != nil }

// tok is the current token (the zero Token at the end).
func (p *parser) tok() texscan.Token {
	if p.i < len(p.toks) {
		return p.toks[p.i]
	}
	return texscan.Token{}
}

// offset is the byte offset of the current token (the length of the
// formula at the end).
func (p *parser) offset() int {
	if p.i < len(p.toks) {
		return p.toks[p.i].Pos
	}
	return len(p.src)
}

// isPunct reports whether the current token is the punctuation c.
func (p *parser) isPunct(c string) bool {
	t := p.tok()
	return t.Kind == texscan.Punct && t.Text == c
}

// hasCmd reports whether the current token is the command \name.
func (p *parser) hasCmd(name string) bool { return p.tok().Is(name) }

func isBlank(t texscan.Token) bool {
	switch t.Kind {
	case texscan.Space, texscan.Newline:
		return true
	case texscan.Char:
		r, _ := utf8.DecodeRuneInString(t.Text)
		return unicode.IsSpace(r)
	}
	return false
}

func (p *parser) skipSpace() {
	for p.i < len(p.toks) && isBlank(p.toks[p.i]) {
		p.i++
	}
}

// one consumes and returns one rune of a run (a word's letter, a number's
// digit: TeX takes a single character as an argument, so \frac12 is 1 over
// 2), or the whole token of any other kind.
func (p *parser) one() string {
	if p.i >= len(p.toks) {
		return ""
	}
	t := p.toks[p.i]
	switch t.Kind {
	case texscan.Word, texscan.Number, texscan.Space, texscan.MathShift:
		if _, n := utf8.DecodeRuneInString(t.Text); n < len(t.Text) {
			p.toks[p.i] = texscan.Token{Kind: t.Kind, Pos: t.Pos + n, Text: t.Text[n:]}
			return t.Text[:n]
		}
	}
	p.i++
	return t.Text
}

// seq parses items until a stop condition or the end.
func (p *parser) seq(mask int) string {
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > maxDepth {
		p.err = ErrLimit
		return ""
	}
	var b strings.Builder
	// TeX's infix \over and \choose split the whole group in two.
	infix, left := "", ""
	for !p.eof() && !p.atStop(mask) {
		if infix == "" && (p.hasCmd("over") || p.hasCmd("choose")) {
			infix = p.tok().Name()
			p.i++
			left = b.String()
			b.Reset()
			continue
		}
		start := p.offset()
		b.WriteString(p.scripted())
		if p.offset() == start && !p.eof() { // never loop without progress
			b.WriteString("<mtext>" + esc(p.one()) + "</mtext>")
		}
		p.size = b.Len() + len(left)
		if p.size > maxOutput {
			p.err = ErrLimit
		}
	}
	switch infix {
	case "over":
		return "<mfrac>" + wrap(left) + wrap(b.String()) + "</mfrac>"
	case "choose":
		return `<mrow><mo>(</mo><mfrac linethickness="0">` + wrap(left) + wrap(b.String()) + `</mfrac><mo>)</mo></mrow>`
	}
	return b.String()
}

func (p *parser) atStop(mask int) bool {
	p.skipSpace()
	if p.i >= len(p.toks) {
		return true
	}
	t := p.toks[p.i]
	switch {
	case mask&stopBrace != 0 && t.Kind == texscan.Close:
		return true
	case mask&stopBracket != 0 && p.isPunct("]"):
		return true
	case mask&stopRight != 0 && t.Is("right"):
		return true
	case mask&stopCell != 0 && (p.isPunct("&") || t.Is(`\`) || t.Is("end") || t.Kind == texscan.End):
		return true
	}
	return false
}

// kind tells scripted how to attach scripts to an atom.
type kind int

const (
	plain    kind = iota
	underOp       // \sum, \lim: limits under and over
	integral      // \int: limits as sub/superscripts
)

// scripted parses an atom with its sub- and superscripts.
func (p *parser) scripted() string {
	base, k := p.atom()
	var sub, sup string
	hasSub, hasSup := false, false
	for !p.eof() {
		p.skipSpace()
		if p.isPunct("_") && !hasSub {
			p.i++
			sub, hasSub = p.arg(), true
		} else if p.isPunct("^") && !hasSup {
			p.i++
			sup, hasSup = p.arg(), true
		} else if p.isPunct("'") && !hasSup {
			primes := ""
			for p.isPunct("'") {
				primes += "′"
				p.i++
			}
			sup, hasSup = "<mo>"+primes+"</mo>", true
		} else {
			break
		}
	}
	if base == "" && (hasSub || hasSup) {
		base = "<mrow></mrow>"
	}
	under, over := "msub", "msup"
	both := "msubsup"
	if k == underOp {
		under, over, both = "munder", "mover", "munderover"
	}
	switch {
	case hasSub && hasSup:
		return "<" + both + ">" + base + wrap(sub) + wrap(sup) + "</" + both + ">"
	case hasSub:
		return "<" + under + ">" + base + wrap(sub) + "</" + under + ">"
	case hasSup:
		return "<" + over + ">" + base + wrap(sup) + "</" + over + ">"
	}
	return base
}

// wrap makes one element of a sequence (MathML script elements take exactly
// one element per argument).
func wrap(s string) string { return "<mrow>" + s + "</mrow>" }

// arg parses a command's argument: a braced group or a single token.
func (p *parser) arg() string {
	p.skipSpace()
	if p.eof() {
		return "<mrow></mrow>"
	}
	switch p.tok().Kind {
	case texscan.Open:
		return p.group()
	case texscan.Command, texscan.Begin, texscan.End, texscan.MathOpen, texscan.MathClose:
		s, _ := p.command()
		return wrap(s)
	}
	return p.char(p.one())
}

// rawArg returns the text of a braced argument unparsed (for \text,
// \begin), its braces matched by texscan; an argument never closed runs to
// the end of the formula. Without braces the argument is one character or
// one command.
func (p *parser) rawArg() string {
	p.skipSpace()
	if p.tok().Kind != texscan.Open {
		return p.one()
	}
	open := p.tok().Pos
	g, err := texscan.Match(p.src, open, texscan.Braces, texscan.Limits{})
	if err != nil {
		p.i = len(p.toks)
		return p.src[open+1:]
	}
	p.i += sort.Search(len(p.toks)-p.i, func(k int) bool { return p.toks[p.i+k].Pos >= g.End })
	return p.src[g.Inner:g.InnerEnd]
}

func (p *parser) group() string {
	p.i++ // '{'
	inner := p.seq(stopBrace)
	if p.tok().Kind == texscan.Close && !p.eof() {
		p.i++
	}
	return wrap(inner)
}

// atom parses one item without its scripts.
func (p *parser) atom() (string, kind) {
	p.skipSpace()
	if p.eof() {
		return "", plain
	}
	t := p.tok()
	switch t.Kind {
	case texscan.Open:
		return p.group(), plain
	case texscan.Command, texscan.Begin, texscan.End, texscan.MathOpen, texscan.MathClose:
		return p.command()
	case texscan.Number:
		return "<mn>" + esc(p.number()) + "</mn>", plain
	case texscan.Punct:
		switch {
		case t.Text == "^" || t.Text == "_":
			return "", plain
		case t.Text == "." && p.i+1 < len(p.toks) && p.toks[p.i+1].Kind == texscan.Number: // .5
			return "<mn>" + esc(p.number()) + "</mn>", plain
		}
	case texscan.Char:
		if t.Text == `\` { // a backslash at the end of the formula
			p.i++
			return "<mtext>\\</mtext>", plain
		}
		if isDigitChar(t) { // other scripts' digits: ١٢
			return "<mn>" + esc(p.number()) + "</mn>", plain
		}
	}
	return p.char(p.one()), plain
}

func isDigitChar(t texscan.Token) bool {
	r, _ := utf8.DecodeRuneInString(t.Text)
	return t.Kind == texscan.Char && unicode.IsDigit(r)
}

// number reads a number with the decimal parts texscan leaves apart (".5",
// "1.2.3" as one <mn>, as a reader sees it).
func (p *parser) number() string {
	start := p.offset()
	for p.i < len(p.toks) {
		t := p.toks[p.i]
		if t.Kind == texscan.Number || isDigitChar(t) || t.Kind == texscan.Punct && t.Text == "." &&
			p.i+1 < len(p.toks) && p.toks[p.i+1].Kind == texscan.Number {
			p.i++
			continue
		}
		break
	}
	return p.src[start:p.offset()]
}

// char renders one character (the text of one token of any other kind is
// shown as an operator).
func (p *parser) char(s string) string {
	c, n := utf8.DecodeRuneInString(s)
	if n != len(s) {
		return "<mo>" + esc(s) + "</mo>"
	}
	switch {
	case unicode.IsDigit(c):
		return "<mn>" + string(c) + "</mn>"
	case unicode.IsLetter(c):
		return "<mi>" + esc(string(c)) + "</mi>"
	case c == '-':
		return "<mo>−</mo>"
	case c == '~':
		return `<mspace width="0.25em"></mspace>`
	case c == '\'':
		return "<mo>′</mo>"
	case c == '(' || c == ')' || c == '[' || c == ']' || c == '|':
		return `<mo stretchy="false">` + esc(string(c)) + "</mo>"
	}
	return "<mo>" + esc(string(c)) + "</mo>"
}

// command parses the command at the current token (\name, \begin{env},
// \end{env}, or the math delimiters \( \[ \) \], shown as text).
func (p *parser) command() (string, kind) {
	t := p.tok()
	p.i++
	switch t.Kind {
	case texscan.Begin:
		return p.env(t.Name()), plain
	case texscan.End:
		return "", plain
	case texscan.MathOpen, texscan.MathClose:
		return "<mtext>" + esc(t.Text) + "</mtext>", plain
	}
	name := t.Name()
	if name == "*" { // \* is a discretionary times
		return "<mo>×</mo>", plain
	}
	if out, ok := p.structure(name); ok {
		return out, plain
	}
	if out, ok := p.layout(name); ok {
		return out, plain
	}
	if g, ok := greek[name]; ok {
		if unicode.IsUpper([]rune(g)[0]) {
			return `<mi mathvariant="normal">` + g + "</mi>", plain
		}
		return "<mi>" + g + "</mi>", plain
	}
	if o, ok := operators[name]; ok {
		return "<mo>" + esc(o) + "</mo>", plain
	}
	if o, ok := largeOps[name]; ok {
		if strings.HasPrefix(name, "i") || name == "oint" {
			return `<mo largeop="true">` + o + "</mo>", integral
		}
		return `<mo largeop="true" movablelimits="true">` + o + "</mo>", underOp
	}
	if functions[name] {
		if limitFuncs[name] {
			return `<mo movablelimits="true" form="prefix">` + name + "</mo>", underOp
		}
		return "<mi>" + name + "</mi>", plain
	}
	if a, ok := accents[name]; ok {
		body := p.arg()
		if a.under {
			return "<munder>" + body + "<mo>" + esc(a.mark) + "</mo></munder>", plain
		}
		return `<mover accent="true">` + body + `<mo stretchy="true">` + esc(a.mark) + "</mo></mover>", plain
	}
	if w, ok := spaces[name]; ok {
		return `<mspace width="` + w + `"></mspace>`, plain
	}
	if ignored[name] {
		return "", plain
	}
	// Unknown: show the command itself, escaped, so nothing is lost silently.
	return "<mtext>" + esc("\\"+name) + "</mtext>", plain
}

// structure converts the commands that build structure (fractions, roots, boxes, text, fonts).
func (p *parser) structure(name string) (string, bool) {
	switch name {
	case "frac", "dfrac", "tfrac", "cfrac":
		a := p.arg()
		b := p.arg()
		if name == "dfrac" || name == "cfrac" { // display-size parts even inline
			return `<mfrac displaystyle="true">` + a + b + "</mfrac>", true
		}
		return "<mfrac>" + a + b + "</mfrac>", true
	case "binom", "dbinom", "tbinom":
		a := p.arg()
		b := p.arg()
		return `<mrow><mo>(</mo><mfrac linethickness="0">` + a + b + `</mfrac><mo>)</mo></mrow>`, true
	case "sqrt":
		p.skipSpace()
		if p.isPunct("[") {
			p.i++
			idx := p.seq(stopBracket)
			if p.isPunct("]") {
				p.i++
			}
			body := p.arg()
			return "<mroot>" + body + wrap(idx) + "</mroot>", true
		}
		return "<msqrt>" + p.arg() + "</msqrt>", true
	case "boxed", "fbox", "framebox":
		// Chromium implements no menclose drawing, hence the inline border.
		return `<menclose notation="box" style="border:1px solid currentColor;padding:0.1em 0.25em">` + p.arg() + "</menclose>", true
	case "text", "textrm", "textnormal", "mbox", "hbox", "textit", "textbf", "textsf", "texttt", "emph":
		t := p.rawArg()
		t = strings.NewReplacer(`\$`, "$", `\%`, "%", `\&`, "&", `\_`, "_", `\ `, " ", "~", " ").Replace(t)
		style := ""
		if name == "textbf" {
			style = ` style="font-weight:bold"`
		}
		return "<mtext" + style + ">" + esc(t) + "</mtext>", true
	case "mathrm", "operatorname", "rm":
		if name == "rm" {
			return "", true
		}
		t := p.rawArg()
		if strings.ContainsAny(t, `\{}^_`) {
			return wrap(p.sub(t)), true
		}
		return `<mi mathvariant="normal">` + esc(strings.TrimSpace(t)) + "</mi>", true
	case "mathbb":
		t := p.rawArg()
		var b strings.Builder
		for _, r := range t {
			if d, ok := doubleStruck[r]; ok {
				b.WriteString("<mi>" + d + "</mi>")
			} else if !unicode.IsSpace(r) {
				b.WriteString(`<mi mathvariant="double-struck">` + esc(string(r)) + "</mi>")
			}
		}
		return wrap(b.String()), true
	case "mathbf", "boldsymbol", "bm", "bf", "pmb":
		if name == "bf" {
			return "", true
		}
		return `<mrow style="font-weight:bold">` + p.arg() + "</mrow>", true
	case "mathit", "mathcal", "mathscr", "mathfrak", "mathsf", "mathtt", "mathnormal", "mathop", "mathord", "mathbin", "mathrel":
		return p.arg(), true
	case "bold":
		return `<mrow style="font-weight:bold">` + p.arg() + "</mrow>", true
	case "phantom", "hphantom", "vphantom":
		return "<mphantom>" + p.arg() + "</mphantom>", true
	case "cancel", "bcancel", "xcancel":
		return `<menclose notation="updiagonalstrike" style="text-decoration:line-through">` + p.arg() + "</menclose>", true
	case "cancelto":
		to := p.arg()
		body := p.arg()
		return `<msup><menclose notation="updiagonalstrike" style="text-decoration:line-through">` + body + "</menclose>" + to + "</msup>", true
	case "overset", "stackrel":
		over := p.arg()
		base := p.arg()
		return "<mover>" + base + over + "</mover>", true
	case "underset":
		under := p.arg()
		base := p.arg()
		return "<munder>" + base + under + "</munder>", true
	case "xrightarrow", "xleftarrow":
		p.skipSpace()
		if p.isPunct("[") { // optional text under the arrow: dropped
			p.seq(stopBracket)
			if p.isPunct("]") {
				p.i++
			}
		}
		arrow := "→"
		if name == "xleftarrow" {
			arrow = "←"
		}
		return `<mover><mo stretchy="true">` + arrow + "</mo>" + p.arg() + "</mover>", true
	case "multicolumn":
		p.rawArg() // column count
		p.rawArg() // alignment
		return p.arg(), true
	}
	return "", false
}

// layout converts the commands of layout, fences, environments and a few symbols.
func (p *parser) layout(name string) (string, bool) {
	switch name {
	case "cline", "color":
		p.rawArg()
		return "", true
	case "renewcommand", "newcommand", "def":
		// Definitions change nothing we show (\renewcommand{\arraystretch}{1.5}).
		p.rawArg()
		p.rawArg()
		return "", true
	case "hspace", "vspace", "kern", "mkern":
		p.rawArg()
		return `<mspace width="0.5em"></mspace>`, true
	case "centerline":
		return p.arg(), true
	case "rule":
		p.skipSpace()
		if p.isPunct("[") {
			p.seq(stopBracket)
			if p.isPunct("]") {
				p.i++
			}
		}
		p.rawArg()
		p.rawArg()
		return "<mtext>____</mtext>", true
	case "root": // plain TeX: \root 3 \of {x}
		start := p.offset()
		for p.i < len(p.toks) && !p.hasCmd("of") {
			p.i++
		}
		end := p.offset()
		if p.hasCmd("of") {
			p.i++
		}
		idx := p.sub(p.src[start:end])
		return "<mroot>" + p.arg() + wrap(idx) + "</mroot>", true
	case "left":
		open := p.delim()
		inner := p.seq(stopRight)
		closeD := ""
		if p.hasCmd("right") {
			p.i++
			closeD = p.delim()
		}
		return "<mrow>" + fence(open) + inner + fence(closeD) + "</mrow>", true
	case "right":
		return fence(p.delim()), true
	case "begin":
		return p.env(strings.TrimSpace(p.rawArg())), true
	case "end":
		p.rawArg()
		return "", true
	case "\\", "newline", "cr":
		return "", true
	case "not":
		p.skipSpace()
		if p.isPunct("=") {
			p.i++
			return "<mo>≠</mo>", true
		}
		if p.hasCmd("in") {
			p.i++
			return "<mo>∉</mo>", true
		}
		return "<mo>¬</mo>", true
	case "pmod":
		a := p.arg()
		return `<mrow><mo>(</mo><mi>mod</mi><mspace width="0.25em"></mspace>` + a + "<mo>)</mo></mrow>", true
	case "mod", "bmod":
		return `<mo lspace="0.3em" rspace="0.3em">mod</mo>`, true
	case "dots", "ldots", "cdots":
		return "<mo>" + operators[name] + "</mo>", true
	case "circ":
		return "<mo>∘</mo>", true
	case "deg":
		return "<mi>deg</mi>", true
	}
	return "", false
}

// sub converts a piece of LaTeX taken out of the input with the same limits.
func (p *parser) sub(tex string) string {
	q := newParser(tex, p.depth)
	s := q.seq(0)
	if q.err != nil {
		p.err = q.err
	}
	return s
}

// delim reads the delimiter after \left or \right ("." is none).
func (p *parser) delim() string {
	p.skipSpace()
	if p.eof() {
		return ""
	}
	if k := p.tok().Kind; k == texscan.Command || k == texscan.Begin || k == texscan.End ||
		k == texscan.MathOpen || k == texscan.MathClose {
		s, _ := p.command()
		// Strip the <mo> wrapper: fence() adds its own.
		s = strings.TrimPrefix(s, "<mo>")
		s = strings.TrimSuffix(s, "</mo>")
		if strings.Contains(s, "<") { // not a delimiter; keep it as text
			return ""
		}
		return html.UnescapeString(s)
	}
	c := p.one()
	if c == "." {
		return ""
	}
	return c
}

func fence(d string) string {
	if d == "" {
		return ""
	}
	return `<mo fence="true" stretchy="true">` + esc(d) + "</mo>"
}

// env parses the body of \begin{name} up to \end{name}.
func (p *parser) env(name string) string {
	fences, ok := matrixFences[name]
	if !ok {
		fences = [2]string{"", ""}
	}
	switch name {
	case "array", "tabular", "alignat", "alignedat":
		p.rawArg() // column specification or count
	}
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > maxDepth {
		p.err = ErrLimit
		return ""
	}
	var rows [][]string
	row := []string{}
	for !p.eof() {
		cell := p.seq(stopCell)
		row = append(row, cell)
		if p.eof() {
			break
		}
		if p.isPunct("&") {
			p.i++
			continue
		}
		if p.hasCmd("\\") {
			p.i++
			p.skipSpace()
			if p.isPunct("[") { // \\[2pt]
				for p.i < len(p.toks) && !p.isPunct("]") {
					p.i++
				}
				p.i++
			}
			rows = append(rows, row)
			row = []string{}
			continue
		}
		if p.tok().Kind == texscan.End {
			p.i++
			break
		}
		if p.hasCmd("end") {
			p.i++
			p.rawArg()
			break
		}
	}
	if len(row) > 1 || (len(row) == 1 && strings.TrimSpace(row[0]) != "") {
		rows = append(rows, row)
	}
	align := ""
	switch name {
	case "cases", "dcases":
		align = ` columnalign="left left"`
	case "aligned", "align", "align*", "split", "eqnarray", "eqnarray*", "alignat", "alignedat":
		align = ` columnalign="right left right left"`
	}
	var b strings.Builder
	b.WriteString("<mrow>" + fence(fences[0]) + "<mtable" + align + ">")
	for _, r := range rows {
		b.WriteString("<mtr>")
		for _, c := range r {
			b.WriteString("<mtd>" + c + "</mtd>")
		}
		b.WriteString("</mtr>")
	}
	b.WriteString("</mtable>" + fence(fences[1]) + "</mrow>")
	return b.String()
}

// esc escapes s for HTML and XML and replaces the characters neither allows
// (control characters, invalid UTF-8) by U+FFFD, so the output always parses.
func esc(s string) string { return html.EscapeString(Clean(s)) }

// Clean replaces control characters other than tab and newlines, and invalid
// UTF-8, by U+FFFD.
func Clean(s string) string {
	ok := true
	for _, r := range s {
		if r == utf8.RuneError || (r < 0x20 && r != '\t' && r != '\n' && r != '\r') || (r >= 0x7f && r < 0xa0) || r == 0xfffe || r == 0xffff {
			ok = false
			break
		}
	}
	if ok {
		return s
	}
	return strings.Map(func(r rune) rune {
		if r == utf8.RuneError || (r < 0x20 && r != '\t' && r != '\n' && r != '\r') || (r >= 0x7f && r < 0xa0) || r == 0xfffe || r == 0xffff {
			return '\uFFFD'
		}
		return r
	}, s)
}
