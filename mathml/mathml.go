// Package mathml converts the LaTeX mathematics found in problems, solutions
// and model replies to MathML on the server, so that the web viewer and the
// HTML reports show formulas with no JavaScript and no network. It covers
// what mathematics benchmarks use: fractions, roots, powers and subscripts,
// matrices and other environments, \boxed, Greek letters and the common
// operators. A command it does not know is shown as escaped text; input past
// the size and nesting limits falls back to the escaped source. Every piece of
// text that reaches the output is HTML-escaped, so the output is safe to embed.
package mathml

import (
	"errors"
	"html"
	"slices"
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
	p := &parser{src: []rune(tex)}
	body := p.seq(0)
	for !p.eof() && p.err == nil { // a stray '}' or ']' ends seq early: keep going
		p.pos++
		body += "<mo>" + esc(string(p.src[p.pos-1])) + "</mo>" + p.seq(0)
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

type parser struct {
	src   []rune
	pos   int
	depth int
	size  int
	err   error
	text  string // src as a string, and the byte offset of each rune
	offs  []int  // (with len(text) last), made by rawArg on first use
}

func (p *parser) eof() bool { return p.pos >= len(p.src) || p.err != nil }

func (p *parser) peek() rune {
	if p.pos < len(p.src) {
		return p.src[p.pos]
	}
	return 0
}

func (p *parser) skipSpace() {
	for p.pos < len(p.src) && unicode.IsSpace(p.src[p.pos]) {
		p.pos++
	}
}

// hasCmd reports whether the input at pos is the command \name (not a prefix
// of a longer command name).
func (p *parser) hasCmd(name string) bool {
	// Names are ASCII: compare byte by byte without allocating (this runs
	// for every token while looking for stop conditions).
	if p.pos+1+len(name) > len(p.src) || p.src[p.pos] != '\\' {
		return false
	}
	for i := 0; i < len(name); i++ {
		if p.src[p.pos+1+i] != rune(name[i]) {
			return false
		}
	}
	end := p.pos + 1 + len(name)
	last := rune(name[len(name)-1])
	return !(unicode.IsLetter(last) && end < len(p.src) && unicode.IsLetter(p.src[end]))
}

func (p *parser) atStop(mask int) bool {
	p.skipSpace()
	if p.pos >= len(p.src) {
		return true
	}
	c := p.src[p.pos]
	switch {
	case mask&stopBrace != 0 && c == '}':
		return true
	case mask&stopBracket != 0 && c == ']':
		return true
	case mask&stopRight != 0 && p.hasCmd("right"):
		return true
	case mask&stopCell != 0 && (c == '&' || p.hasCmd("\\") || p.hasCmd("end")):
		return true
	}
	return false
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
			if p.hasCmd("over") {
				infix = "over"
				p.pos += len(`\over`)
			} else {
				infix = "choose"
				p.pos += len(`\choose`)
			}
			left = b.String()
			b.Reset()
			continue
		}
		start := p.pos
		b.WriteString(p.scripted())
		if p.pos == start && p.err == nil { // never loop without progress
			b.WriteString("<mtext>" + esc(string(p.src[p.pos])) + "</mtext>")
			p.pos++
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
		c := p.peek()
		if c == '_' && !hasSub {
			p.pos++
			sub, hasSub = p.arg(), true
		} else if c == '^' && !hasSup {
			p.pos++
			sup, hasSup = p.arg(), true
		} else if c == '\'' && !hasSup {
			primes := ""
			for p.peek() == '\'' {
				primes += "′"
				p.pos++
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
	if p.pos >= len(p.src) {
		return "<mrow></mrow>"
	}
	c := p.src[p.pos]
	if c == '{' {
		return p.group()
	}
	if c == '\\' {
		s, _ := p.command()
		return wrap(s)
	}
	p.pos++
	return p.char(c)
}

// rawArg returns the text of a braced argument unparsed (for \text,
// \begin), its braces matched by texscan; an argument never closed runs to
// the end of the formula.
func (p *parser) rawArg() string {
	p.skipSpace()
	if p.peek() != '{' {
		if p.pos < len(p.src) {
			p.pos++
			return string(p.src[p.pos-1])
		}
		return ""
	}
	if p.offs == nil {
		p.text = string(p.src)
		p.offs = make([]int, 0, len(p.src)+1)
		for i := range p.text {
			p.offs = append(p.offs, i)
		}
		p.offs = append(p.offs, len(p.text))
	}
	open := p.offs[p.pos]
	g, err := texscan.Match(p.text, open, texscan.Braces, texscan.Limits{})
	if err != nil {
		p.pos = len(p.src)
		return p.text[open+1:]
	}
	p.pos, _ = slices.BinarySearch(p.offs, g.End)
	return p.text[g.Inner:g.InnerEnd]
}

func (p *parser) group() string {
	p.pos++ // '{'
	inner := p.seq(stopBrace)
	if p.peek() == '}' {
		p.pos++
	}
	return wrap(inner)
}

// atom parses one item without its scripts.
func (p *parser) atom() (string, kind) {
	p.skipSpace()
	if p.pos >= len(p.src) {
		return "", plain
	}
	c := p.src[p.pos]
	switch {
	case c == '{':
		return p.group(), plain
	case c == '\\':
		return p.command()
	case c == '^' || c == '_':
		return "", plain
	case unicode.IsDigit(c) || (c == '.' && p.pos+1 < len(p.src) && unicode.IsDigit(p.src[p.pos+1])):
		start := p.pos
		for p.pos < len(p.src) && (unicode.IsDigit(p.src[p.pos]) ||
			(p.src[p.pos] == '.' && p.pos+1 < len(p.src) && unicode.IsDigit(p.src[p.pos+1]))) {
			p.pos++
		}
		return "<mn>" + esc(string(p.src[start:p.pos])) + "</mn>", plain
	}
	p.pos++
	return p.char(c), plain
}

// char renders one character.
func (p *parser) char(c rune) string {
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

// command parses a command starting at '\'.
func (p *parser) command() (string, kind) {
	p.pos++ // '\'
	if p.pos >= len(p.src) {
		return "<mtext>\\</mtext>", plain
	}
	start := p.pos
	if unicode.IsLetter(p.src[p.pos]) {
		for p.pos < len(p.src) && unicode.IsLetter(p.src[p.pos]) && p.src[p.pos] < 128 {
			p.pos++
		}
		// \begin{align*}-style names are read by rawArg; nothing else to do here.
	} else {
		p.pos++
	}
	name := string(p.src[start:p.pos])
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
		if p.peek() == '[' {
			p.pos++
			idx := p.seq(stopBracket)
			if p.peek() == ']' {
				p.pos++
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
		if p.peek() == '[' { // optional text under the arrow: dropped
			p.seq(stopBracket)
			if p.peek() == ']' {
				p.pos++
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
		if p.peek() == '[' {
			p.seq(stopBracket)
			if p.peek() == ']' {
				p.pos++
			}
		}
		p.rawArg()
		p.rawArg()
		return "<mtext>____</mtext>", true
	case "root": // plain TeX: \root 3 \of {x}
		start := p.pos
		for p.pos < len(p.src) && !p.hasCmd("of") {
			p.pos++
		}
		idx := p.sub(string(p.src[start:p.pos]))
		if p.hasCmd("of") {
			p.pos += 3
		}
		return "<mroot>" + p.arg() + wrap(idx) + "</mroot>", true
	case "left":
		open := p.delim()
		inner := p.seq(stopRight)
		closeD := ""
		if p.hasCmd("right") {
			p.pos += len("\\right")
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
		if p.peek() == '=' {
			p.pos++
			return "<mo>≠</mo>", true
		}
		if p.hasCmd("in") {
			p.pos += 3
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
	q := &parser{src: []rune(tex), depth: p.depth}
	s := q.seq(0)
	if q.err != nil {
		p.err = q.err
	}
	return s
}

// delim reads the delimiter after \left or \right ("." is none).
func (p *parser) delim() string {
	p.skipSpace()
	if p.pos >= len(p.src) {
		return ""
	}
	c := p.src[p.pos]
	if c == '\\' {
		s, _ := p.command()
		// Strip the <mo> wrapper: fence() adds its own.
		s = strings.TrimPrefix(s, "<mo>")
		s = strings.TrimSuffix(s, "</mo>")
		if strings.Contains(s, "<") { // not a delimiter; keep it as text
			return ""
		}
		return html.UnescapeString(s)
	}
	p.pos++
	if c == '.' {
		return ""
	}
	return string(c)
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
		if p.peek() == '&' {
			p.pos++
			continue
		}
		if p.hasCmd("\\") {
			p.pos += 2
			p.skipSpace()
			if p.peek() == '[' { // \\[2pt]
				for p.pos < len(p.src) && p.src[p.pos] != ']' {
					p.pos++
				}
				p.pos++
			}
			rows = append(rows, row)
			row = []string{}
			continue
		}
		if p.hasCmd("end") {
			p.pos += 4
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
