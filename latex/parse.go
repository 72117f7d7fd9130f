package latex

import (
	"context"
	"fmt"
	"math/big"
	"strings"
	"unicode/utf8"

	"github.com/matheval/matheval/expr"
	"github.com/matheval/matheval/texscan"
)

// Error is a parse error with the 1-based column (in bytes of the input
// after Unicode normalisation) where it was found. Err, when set, is the
// cause (the context's error when parsing was cancelled).
type Error struct {
	Col int
	Msg string
	Err error
}

func (e *Error) Error() string { return fmt.Sprintf("column %d: %s", e.Col, e.Msg) }

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// Limits on input, so that parsing stays linear and shallow: an answer
// longer than MaxInput bytes is "answer too long", and one whose brackets
// and braces nest deeper than MaxDepth, or whose parse recurses deeper, is
// "expression nested too deeply". Both are checked before any parsing, in
// one linear pass, so that a 14 MB or a 100,000-deep input fails at once.
const (
	MaxInput = 20000
	MaxDepth = 200
	maxDepth = MaxDepth
)

// ctxPoll is how many tokens the lexer reads between polls of the context.
const ctxPoll = 256

// nesting finds the deepest nesting of (, [ and { in a text and the offset
// where it is first reached, fed one token at a time. Escaped braces \{
// \} count too, and so do \( \[ and the braces of \begin{name} and
// \end{name}; a closer with nothing open takes the depth below zero (as it
// always has: "))((" is 0 deep).
type nesting struct{ d, most, at int }

func (n *nesting) open(pos int) {
	n.d++
	if n.d > n.most {
		n.most, n.at = n.d, pos
	}
}

func (n *nesting) add(t texscan.Token) {
	switch t.Kind {
	case texscan.Open:
		n.open(t.Pos)
	case texscan.Close:
		n.d--
	case texscan.Punct:
		switch t.Text[0] {
		case '(', '[':
			n.open(t.Pos)
		case ')', ']':
			n.d--
		}
	case texscan.Command:
		switch t.Text {
		case `\{`:
			n.open(t.Pos + 1)
		case `\}`:
			n.d--
		}
	case texscan.MathOpen:
		n.open(t.Pos + 1)
	case texscan.MathClose:
		n.d--
	case texscan.Begin, texscan.End:
		n.open(t.End() - len(t.Name()) - 2) // at the brace before the name
		n.d--
	}
}

type parser struct {
	s           string
	pos         int
	latexMode   bool
	inMatrix    int
	bracket     int // depth inside (), [], \{\}, {}: commas there separate items
	listItems   int
	absDepth    int
	prevOperand bool
	depth       int

	cache    token
	cachePos int
	cacheOK  bool

	idx texscan.Index // the tokens of s

	intFrac map[expr.Node]bool // \frac of two integer literals (for mixed numbers)
	// lastNum is the last number literal read and lastNumText its digits
	// (for a base subscript: 4343_6), when it was a plain integer or
	// decimal
	// congruence is set on the right side of \equiv, where \bmod writes
	// a congruence's modulus, not the remainder operation
	congruence  int
	lastNum     expr.Node
	lastNumText string
	cfg         Config
	ctx         context.Context
	lexed       int // tokens lexed, for polling ctx
	// sepEnd is where the last list separator ended ("orW(x)" glues one)
	sepEnd int
	// inIntegral is set inside the body of an integral, which ends at its
	// differential (dx)
	inIntegral int
	// fracArg is set inside the arguments of \frac, where a comma between
	// digit groups is a thousands separator (\frac{12}{5,525})
	fracArg int
}

// wordsPanic aborts a parse whose answer holds words that are part of it
// (a qualifier such as "not" or "at least", words between numbers, text in
// another script): the whole answer is then a text answer.
type wordsPanic struct{}

// words gives up on reading the answer as mathematics (see wordsPanic).
func (p *parser) words() { panic(wordsPanic{}) }

type parseError struct{ err *Error }

func (p *parser) failf(pos int, format string, args ...any) {
	panic(parseError{&Error{Col: pos + 1, Msg: fmt.Sprintf(format, args...)}})
}

// Parse parses an answer. No input makes it panic (FuzzParse checks it);
// a panic would be a bug of ours, reported at the grading boundary.
//
// Nothing between numbers is silently dropped: units after a number are
// dropped (UnitWord, or a plain lower-case noun: "9 apples"), but words
// that change the meaning ("not 5", "at least 5", "5 or more", "maximum"),
// words between two numbers ("2 apples and 2"), and text in another
// script make the whole answer a text answer (expr.Text), which equals
// only the same text: a number left after such words is never read as the
// answer, and numbers around words are never multiplied together.
func Parse(s string) (n expr.Node, err error) { return parse(context.Background(), s, Config{}) }

// ParseContext is Parse under a context: a cancelled or expired context
// stops the parse with an *Error that wraps the context's error.
func ParseContext(ctx context.Context, s string) (expr.Node, error) { return parse(ctx, s, Config{}) }

func parse(ctx context.Context, s string, cfg Config) (n expr.Node, err error) {
	if err := ctx.Err(); err != nil {
		return nil, &Error{Col: 1, Msg: "parsing stopped: " + err.Error(), Err: err}
	}
	n, err = parseMath(ctx, s, cfg)
	if err != nil && wholeTextGroup(s) {
		// An answer that is one \text{...} group and does not read as
		// mathematics is text ("\text{a"b}", and what a text answer prints
		// as: `\text{0or00"}`), never an error.
		return &expr.Text{S: plainText(s)}, nil
	}
	return n, err
}

// wholeTextGroup reports whether s (spaces and $ aside) is one \text{...}
// group, or one group of another text command that plainText reads
// (\textrm{June 20} is \text{June 20}).
func wholeTextGroup(s string) bool {
	t := strings.TrimSpace(strings.Trim(strings.TrimSpace(s), "$"))
	cmd := ""
	for _, c := range []string{`\text`, `\textrm`, `\textnormal`, `\textbf`, `\textit`, `\mbox`} {
		if strings.HasPrefix(t, c+"{") {
			cmd = c
		}
	}
	if cmd == "" || !strings.HasSuffix(t, "}") {
		return false
	}
	// one group, closed at the end ("\text{a} + \text{b}" is two)
	g, err := texscan.Match(t, len(cmd), texscan.Braces, texscan.Limits{})
	return err == nil && g.End == len(t) && plainText(t) != ""
}

func parseMath(ctx context.Context, s string, cfg Config) (n expr.Node, err error) {
	orig := s
	if cfg.InnerUnits != nil {
		*cfg.InnerUnits = (*cfg.InnerUnits)[:0]
	}
	if cfg.DroppedUnits != nil {
		*cfg.DroppedUnits = (*cfg.DroppedUnits)[:0] // this reading's units only
	}
	// The nesting is checked before anything else, in one pass over the
	// tokens: those of the index the parser then reads when the answer is
	// short enough to parse (and, being ASCII, not rewritten by
	// normalizeUnicode), a scanner's otherwise (no slice of tokens of a
	// 14 MB input is built).
	var nest nesting
	var idx texscan.Index
	if len(s) <= MaxInput {
		idx, _ = texscan.NewIndex(s, texscan.Limits{})
		for k := range idx.Len() {
			nest.add(idx.Token(k))
		}
	} else {
		for sc := texscan.NewScanner(s, 0); ; {
			t, ok := sc.Next()
			if !ok {
				break
			}
			nest.add(t)
		}
	}
	if nest.most > MaxDepth {
		return nil, &Error{Col: nest.at + 1, Msg: fmt.Sprintf("expression nested too deeply (more than %d brackets and braces deep)", MaxDepth)}
	}
	// plain text or LaTeX is decided on what was written, before Unicode
	// math is spelled in LaTeX (2¹⁰ stays a plain-text answer)
	latexMode := strings.ContainsAny(s, "\\{}")
	if len(s) > MaxInput {
		return nil, &Error{Col: MaxInput, Msg: "answer too long"}
	}
	s, foreign, uerr := normalizeUnicode(s)
	if uerr != nil {
		return nil, uerr
	}
	if len(s) > MaxInput {
		return nil, &Error{Col: MaxInput, Msg: "answer too long"}
	}
	if s != orig {
		idx, _ = texscan.NewIndex(s, texscan.Limits{}) // (s is at most MaxInput bytes)
	}
	p := &parser{s: s, idx: idx, intFrac: map[expr.Node]bool{}, cfg: cfg, ctx: ctx}
	p.latexMode = latexMode
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(wordsPanic); ok {
				n, err = &expr.Text{S: plainText(orig)}, nil
				return
			}
			if pe, ok := r.(parseError); ok {
				n, err = nil, pe.err
				return
			}
			// Any other panic is a bug of ours: it goes on to the grading
			// boundary (answer.Grade, run.Grade), which reports it as an
			// internal error, and to the fuzzers, which find it.
			panic(r)
		}
	}()
	if foreign {
		p.words()
	}
	if t := textAnswer(s); t != "" {
		return &expr.Text{S: t}, nil
	}
	n = p.parseList(func(t token) bool { return t.kind == tEOF })
	if t := p.peek(); t.kind != tEOF {
		p.failf(t.start, "unexpected %q", t.text)
	}
	return n, nil
}

// Config selects reading conventions that differ from the default (MATH)
// ones. The zero value is Parse.
type Config struct {
	// DecimalComma reads a comma between digits as a decimal point, the
	// convention of much of Europe and of Math-Verify: 1000,99 is 1000.99,
	// 0,111 is 0.111 and 1{,}5 is 1.5. Only a number with a single comma,
	// written outside brackets, is read so: 7,425,000 keeps its thousands
	// separators, and (1,5) or \{1,2\} stay a pair and a set. Under it
	// 1,000 is 1, which is why it is never the default.
	DecimalComma bool
	// SymPyNames reads SymPy's spellings of constants, as models write
	// them when asked for "SymPy-convertible" formulas: I is the imaginary
	// unit, E is e and oo is infinity (by default I and E are variables).
	SymPyNames bool
	// GoldApprox reads \approx, \simeq, \sim or \thickapprox before the
	// whole answer as the value it states approximately. It is for gold
	// answers only, which a dataset's authors wrote (MATH's
	// train/algebra/719 is "\approx 8.24 \text{ mph}"); a candidate's
	// leading relation has nothing on its left and is refused ("a relation
	// with no left side"): issue 28 lets only the no-op table vanish.
	GoldApprox bool
	// DroppedUnits, when set, receives the text of every unit the parser
	// reads after a value and drops (\text{ cm}, "9 apples"), so that a
	// caller that compares units itself can check that it read each one:
	// a unit it did not read must not vanish unseen.
	DroppedUnits *[]string
	// InnerUnits, when set, receives the dropped units (of DroppedUnits)
	// that do not end their quantity: a unit followed by an operator or a
	// closing brace (2 cm + 3, \frac{2\text{ m}}{4}) is no unit of the
	// whole answer, so a rule that lets a bare gold match a candidate's
	// unit must not apply to it.
	InnerUnits *[]string
}

// ParseWith parses an answer under cfg; it does not panic either.
func ParseWith(s string, cfg Config) (expr.Node, error) {
	return ParseWithContext(context.Background(), s, cfg)
}

// ParseWithContext is ParseWith under a context (see ParseContext).
func ParseWithContext(ctx context.Context, s string, cfg Config) (expr.Node, error) {
	if cfg.DecimalComma && len(s) <= 4*MaxInput {
		s = decimalCommas(s)
	}
	return parse(ctx, s, cfg)
}

// decimalCommas rewrites the decimal commas of s (see Config.DecimalComma)
// as points. A candidate is a run of digit groups joined by commas or {,}
// (texscan's Number tokens and the separators between them) with exactly
// one comma, outside (), [] and \{\} (a LaTeX group {} is not a bracket:
// \frac{1,5}{2} holds a number), and not part of a longer literal (1.5,2,
// ,5,2, 3,5.1, 5,2,).
func decimalCommas(s string) string {
	toks, err := texscan.Tokens(s, texscan.Limits{})
	if err != nil {
		return s
	}
	at := func(k int) texscan.Token {
		if k < 0 || k >= len(toks) {
			return texscan.Token{Kind: noKind}
		}
		return toks[k]
	}
	// sep is the number of tokens of a separator at k followed by a
	// Number: 1 for ",", 3 for "{,}", 0 for none
	sep := func(k int) int {
		switch {
		case isPunct(at(k), ',') && at(k+1).Kind == texscan.Number:
			return 1
		case at(k).Kind == texscan.Open && isPunct(at(k+1), ',') && at(k+2).Kind == texscan.Close && at(k+3).Kind == texscan.Number:
			return 3
		}
		return 0
	}
	var b strings.Builder
	last, depth := 0, 0
	for k := 0; k < len(toks); k++ {
		t := toks[k]
		switch {
		case isPunct(t, '(') || isPunct(t, '[') || t.Text == `\{` || t.Kind == texscan.MathOpen:
			// (\( and \[ have always counted as brackets here)
			depth++
			continue
		case isPunct(t, ')') || isPunct(t, ']') || t.Text == `\}` || t.Kind == texscan.MathClose:
			depth--
			continue
		case t.Kind != texscan.Number:
			continue
		}
		// a run of Numbers joined by separators, from toks[k] to toks[e]
		e, commas, comma, dotted := k, 0, -1, strings.Contains(t.Text, ".")
		for n := sep(e + 1); n > 0; n = sep(e + 1) {
			commas++
			comma = e + 1
			e += n + 1
			dotted = dotted || strings.Contains(toks[e].Text, ".")
		}
		pre, post := at(k-1), at(e+1)
		ok := commas == 1 && depth <= 0 && !dotted && !isPunct(pre, '.') && !isPunct(pre, ',') && !isPunct(post, ',')
		if ok {
			c := toks[comma]
			b.WriteString(s[last:c.Pos])
			b.WriteByte('.')
			last = toks[e-1].End() // after the comma or the {,}
		}
		k = e
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// MustParse is Parse for tests and literals; it panics on error.
func MustParse(s string) expr.Node {
	n, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return n
}

func (p *parser) enter() {
	p.depth++
	if p.depth > maxDepth {
		p.failf(p.pos, "expression nested too deeply")
	}
}
func (p *parser) leave() { p.depth-- }

// ---- lists and relations ----

// isSep reports whether t separates answers in a list, returning the
// separator: ",", ";", "and" or "or".
func (p *parser) isSep(t token) (string, int, bool) {
	switch t.kind {
	case tOp:
		if t.text == "," || t.text == ";" {
			return t.text, t.end, true
		}
	case tWord:
		w := strings.ToLower(t.text)
		if w == "and" || w == "or" {
			return w, t.end, true
		}
		// "1orW(x)": a keyword glued to the next answer
		for _, kw := range []string{"and", "or"} {
			if strings.HasPrefix(w, kw) && len(w) > len(kw) && t.start > 0 && !isLetter(p.s[t.start-1]) && p.prevOperand {
				return kw, t.start + len(kw), true
			}
		}
	case tCmd:
		switch t.text {
		case "text", "mbox", "textnormal", "textrm", "textbf", "textit", "mathrm", "hbox":
			save := p.pos
			p.pos = t.end
			raw, _ := p.rawArg()
			end := p.pos
			p.pos = save
			w := strings.ToLower(strings.TrimSpace(strings.Trim(strings.TrimSpace(raw), ",")))
			switch {
			case w == "and" || w == "and also":
				return "and", end, true
			case w == "or" || w == "or also":
				return "or", end, true
			case w == "" && strings.Contains(raw, ","):
				return ",", end, true
			}
		}
	}
	return "", 0, false
}

// parseList parses items separated by commas / "and" / "or" (one level) and
// semicolons (the level above), until stop says the closing token is next.
func (p *parser) parseList(stop func(token) bool) expr.Node {
	p.enter()
	defer p.leave()
	var groups [][]expr.Node
	var gseps [][]string
	var cur []expr.Node
	var seps []string
	pending := ""
	for {
		t := p.peek()
		if stop(t) {
			if (pending == "and" || pending == "or") && len(cur) > 0 {
				// "2 or": the answer stops where its next item should be
				p.failf(t.start, "the answer ends with %q", pending)
			}
			break
		}
		if kind, end, ok := p.isSep(t); ok {
			if (kind == "and" || kind == "or") && len(cur) == 0 && len(groups) == 0 {
				// "(or 10)": a connective with nothing before it joins
				// the answer to something outside it, and was dropped
				// (9 (or 10) was 9 · 10)
				p.failf(t.start, "%q with nothing before it", kind)
			}
			p.pos = end
			p.sepEnd = end
			if kind == ";" && len(cur) > 0 {
				groups = append(groups, cur)
				gseps = append(gseps, seps)
				cur, seps, pending = nil, nil, ""
				continue
			}
			if pending == "" || kind == "and" || kind == "or" {
				pending = kind
			}
			continue
		}
		if t.kind == tOp && t.text == "." && len(cur) > 0 {
			if pending != "" && isPunct(p.tok(t.start+1), '.') && isPunct(p.tok(t.start+2), '.') {
				// three dots after a separator are an ellipsis, as \dots
				// is: 1, 2, ... is a sequence that goes on, never the
				// list 1, 2 (glued to a value, 0.3333... and "2...", they
				// end it, as before)
				p.pos = t.start + 3
				for isPunct(p.tok(p.pos), '.') {
					p.pos++
				}
				p.cacheOK = false
				seps = append(seps, pending)
				pending = ""
				cur = append(cur, &expr.Sym{Name: `\dots`})
				continue
			}
			if last := cur[len(cur)-1]; t.start > 0 && p.s[t.start-1] >= '0' && p.s[t.start-1] <= '9' && isPunct(p.tok(t.start+1), '.') && isPunct(p.tok(t.start+2), '.') {
				if n, ok := trailDecimal(last); ok {
					// 0.3333...: three dots glued to a decimal say its
					// digits go on (it was read as 0.3333 and a full stop)
					cur[len(cur)-1] = n
					p.pos = t.start + 3
					for isPunct(p.tok(p.pos), '.') {
						p.pos++
					}
					p.cacheOK = false
					continue
				}
			}
			// sentence full stop after an answer
			p.pos = t.end
			continue
		}
		before := p.pos
		p.listItems = len(cur)
		p.prevOperand = false
		it := p.parseRel()
		if len(cur) > 0 {
			if pending == "" {
				pending = ","
			}
			seps = append(seps, pending)
		}
		pending = ""
		cur = append(cur, it)
		if p.pos == before {
			p.failf(t.start, "unexpected %q", t.text)
		}
		nt := p.peek()
		if nt.kind == tCmd && noOpSet[NoOpPrefix][nt.text] {
			p.failf(nt.start, `\%s after a value is not read (a number sign stands before an amount)`, nt.text)
		}
		if _, _, ok := p.isSep(nt); !ok && !stop(nt) && !(nt.kind == tOp && nt.text == ".") {
			p.failf(nt.start, "unexpected %q", nt.text)
		}
	}
	if len(cur) > 0 {
		groups = append(groups, cur)
		gseps = append(gseps, seps)
	}
	switch {
	case len(groups) == 0:
		p.failf(p.pos, "empty expression")
	case len(groups) == 1 && len(groups[0]) == 1:
		return groups[0][0]
	case len(groups) == 1:
		return &expr.List{Items: groups[0], Seps: gseps[0]}
	}
	out := &expr.List{}
	for i, g := range groups {
		if i > 0 {
			out.Seps = append(out.Seps, ";")
		}
		if len(g) == 1 {
			out.Items = append(out.Items, g[0])
		} else {
			out.Items = append(out.Items, &expr.List{Items: g, Seps: gseps[i]})
		}
	}
	return out
}

var relCmds = map[string]string{"le": "<=", "leq": "<=", "leqslant": "<=", "ge": ">=", "geq": ">=", "geqslant": ">=",
	"ne": "!=", "neq": "!=", "lt": "<", "gt": ">", "approx": "~", "simeq": "~", "sim": "~", "thickapprox": "~",
	"in": "in", "equiv": "=", "coloneqq": "=", "eq": "="}

// approxCmds state a value approximately (Config.GoldApprox).
var approxCmds = map[string]bool{"approx": true, "simeq": true, "sim": true, "thickapprox": true}

func (p *parser) relOp(t token) (string, bool) {
	switch t.kind {
	case tOp:
		switch t.text {
		case "=", "<", ">", "<=", ">=", "!=":
			return t.text, true
		}
	case tCmd:
		op, ok := relCmds[t.text]
		return op, ok
	case tWord:
		if t.text == "in" && p.prevOperand {
			return "in", true
		}
	}
	return "", false
}

func (p *parser) parseRel() expr.Node {
	p.enter()
	defer p.leave()
	var first expr.Node
	for t := p.peek(); t.kind == tCmd && noOpSet[NoOpPrefix][t.text]; t = p.peek() {
		// \#5: a number sign before an amount (the no-op table)
		p.pos = t.end
	}
	if t := p.peek(); p.cfg.GoldApprox && t.kind == tCmd && approxCmds[t.text] {
		p.pos = t.end
	}
	if t := p.peek(); t.kind != tEOF {
		if _, ok := p.relOp(t); ok {
			// "\approx 2", "\sim -1", "≈12", "= 5": a relation with
			// nothing on its left states no answer; it is never read as
			// its right side (the no-op table lists no relation)
			name := t.text
			if t.kind == tCmd {
				name = `\` + name
			}
			p.failf(t.start, "a relation with no left side is not an answer: %s", name)
		}
	}
	if fn, arg, end, ok := p.lhsFuncAt(p.pos); ok && (p.pos == 0 || !isLetter(p.s[p.pos-1]) || p.pos == p.sepEnd) {
		p.pos, p.cacheOK = end, false
		first = &expr.Call{Fn: fn, Args: []expr.Node{p.letterSym(arg)}}
	} else {
		first = p.parseSetExpr()
	}
	if t := p.peek(); isMapsTo(t) {
		return p.mapsTo(first, t)
	}
	var rel *expr.Rel
	for {
		t := p.peek()
		op, ok := p.relOp(t)
		if !ok {
			break
		}
		p.pos = t.end
		if rel == nil {
			rel = &expr.Rel{Sides: []expr.Node{first}}
		}
		rel.Ops = append(rel.Ops, op)
		congruence := t.kind == tCmd && t.text == "equiv"
		if congruence {
			p.congruence++ // x \equiv 2 \bmod 5: \bmod writes the modulus
		}
		rel.Sides = append(rel.Sides, p.parseSetExpr())
		if congruence {
			p.congruence--
		}
	}
	if rel == nil {
		return first
	}
	return rel
}

// isMapsTo reports whether t is the arrow of a function's rule.
func isMapsTo(t token) bool { return t.kind == tCmd && (t.text == "mapsto" || t.text == "longmapsto") }

// mapsTo reads "x \mapsto x^2" (and "(x, y) \mapsto x+y") after its
// parameters: a function given by its rule, which is the definition
// "f(x) = x^2" of a function the answer leaves unnamed (expr.MapsTo). The
// parameters must be distinct variables; anything else before the arrow
// is not read.
func (p *parser) mapsTo(params expr.Node, arrow token) expr.Node {
	var args []expr.Node
	switch t := params.(type) {
	case *expr.Sym:
		args = []expr.Node{t}
	case *expr.Tuple:
		args = t.Items
	}
	seen := map[string]bool{}
	for _, a := range args {
		s, ok := a.(*expr.Sym)
		if !ok || expr.IsConst(s.Name) || seen[s.Name] || strings.Contains(s.Name, "\\") {
			args = nil
			break
		}
		seen[s.Name] = true
	}
	if len(args) == 0 {
		p.failf(arrow.start, "\\%s after anything but distinct variables is not read", arrow.text)
	}
	p.pos = arrow.end
	body := p.parseSetExpr()
	if t := p.peek(); t.kind != tEOF {
		if _, ok := p.relOp(t); ok || isMapsTo(t) {
			p.failf(t.start, "a relation after a function's rule is not read")
		}
	}
	return &expr.Rel{Sides: []expr.Node{&expr.Call{Fn: expr.MapsTo, Args: args}, body}, Ops: []string{"="}}
}

func (p *parser) parseSetExpr() expr.Node {
	first := p.parseRatio()
	var op string
	args := []expr.Node{first}
	for {
		t := p.peek()
		var o string
		if t.kind == tCmd {
			switch t.text {
			case "cup":
				o = "cup"
			case "cap":
				o = "cap"
			case "setminus", "backslash":
				o = "setminus"
			}
		} else if t.kind == tWord && t.text == "U" && p.prevOperand {
			o = "cup"
		}
		if o == "" {
			break
		}
		p.pos = t.end
		if op != "" && o != op {
			// mixed operators: left-associate
			args = []expr.Node{&expr.SetOp{Op: op, Args: args}}
		}
		op = o
		args = append(args, p.parseRatio())
	}
	if op == "" {
		return first
	}
	return &expr.SetOp{Op: op, Args: args}
}

func (p *parser) parseRatio() expr.Node {
	first := p.parseGenFrac()
	items := []expr.Node{first}
	for {
		t := p.peek()
		if t.kind == tOp && t.text == ":" {
			p.pos = t.end
			items = append(items, p.parseGenFrac())
			continue
		}
		if _, num := items[len(items)-1].(*expr.Num); t.kind == tCmd && t.text == "colon" && num && p.tok(p.skipSpacesAt(t.end)).Kind == texscan.Number {
			// 3\colon 4: the spaced colon between numbers is a ratio (in
			// a set-builder, {x \colon x > 0}, it is "such that")
			p.pos = t.end
			items = append(items, p.parseGenFrac())
			continue
		}
		break
	}
	if len(items) == 1 {
		return first
	}
	return &expr.Ratio{Items: items}
}

// parseGenFrac parses TeX's generalized fractions, which take everything
// before and after them in their group: {n+1 \choose 2} is \binom{n+1}{2},
// {a+b \over c} is (a+b)/c.
func (p *parser) parseGenFrac() expr.Node {
	first := p.parseAdd()
	t := p.peek()
	if t.kind == tCmd && (t.text == "choose" || t.text == "over") {
		p.pos = t.end
		second := p.parseAdd()
		if t.text == "choose" {
			return &expr.Call{Fn: "binom", Args: []expr.Node{first, second}}
		}
		return &expr.Mul{Factors: []expr.Node{first, &expr.Pow{Base: second, Exp: expr.Int(-1)}}}
	}
	return first
}

// lhsFuncAt reads a one-letter function applied to one variable on the
// left of an equation at i: W(n) = ..., P(x) = ..., P \left( x \right) =
// (f and g are read as functions everywhere). It returns the two letters
// and the offset after the closing parenthesis; the = after it (not ==) is
// left to read.
func (p *parser) lhsFuncAt(i int) (fn, arg string, end int, ok bool) {
	f := p.tok(i)
	if f.Kind != texscan.Word || len(f.Text) != 1 {
		return "", "", 0, false
	}
	k := p.skipSpacesAt(f.End())
	if p.tok(k).Is("left") {
		k = p.skipSpacesAt(k + len(`\left`))
	}
	if !isPunct(p.tok(k), '(') {
		return "", "", 0, false
	}
	a := p.tok(p.skipSpacesAt(k + 1))
	if a.Kind != texscan.Word || len(a.Text) != 1 {
		return "", "", 0, false
	}
	k = p.skipSpacesAt(a.End())
	if p.tok(k).Is("right") {
		k = p.skipSpacesAt(k + len(`\right`))
	}
	if !isPunct(p.tok(k), ')') {
		return "", "", 0, false
	}
	end = k + 1
	if k = p.skipSpacesAt(end); !isPunct(p.tok(k), '=') || isPunct(p.tok(k+1), '=') {
		return "", "", 0, false
	}
	return f.Text, a.Text, end, true
}

// ---- arithmetic ----

func (p *parser) parseAdd() expr.Node {
	p.enter()
	defer p.leave()
	var terms []expr.Node
	t := p.peek()
	terms = append(terms, p.parseSigned())
	for {
		t = p.peek()
		switch {
		case t.kind == tOp && (t.text == "+" || t.text == "-"):
			p.pos = t.end
			x := p.parseMul()
			if t.text == "-" {
				x = &expr.Neg{X: x}
			}
			terms = append(terms, x)
			continue
		case t.kind == tCmd && (t.text == "pm" || t.text == "mp"):
			p.pos = t.end
			p.operandAfterPM(t)
			terms = append(terms, &expr.Call{Fn: "pm", Args: []expr.Node{p.parseMul()}})
			continue
		}
		break
	}
	if len(terms) == 1 {
		return terms[0]
	}
	return &expr.Add{Terms: terms}
}

// parseSigned parses a product with optional leading signs.
func (p *parser) parseSigned() expr.Node {
	t := p.peek()
	switch {
	case t.kind == tOp && t.text == "-":
		p.pos = t.end
		x := p.parseSigned()
		if c, ok := x.(*expr.Call); ok && (c.Fn == "mod" || c.Fn == "modclass") && len(c.Args) == 2 {
			// -17 \bmod 5 is (-17) mod 5 = 3, as a leading sign reads in
			// mathematics (and in Python), never -(17 mod 5) = -2
			return &expr.Call{Fn: c.Fn, Args: []expr.Node{&expr.Neg{X: c.Args[0]}, c.Args[1]}}
		}
		return &expr.Neg{X: x}
	case t.kind == tOp && t.text == "+":
		p.pos = t.end
		return p.parseSigned()
	case t.kind == tCmd && (t.text == "pm" || t.text == "mp"):
		p.pos = t.end
		p.operandAfterPM(t)
		return &expr.Call{Fn: "pm", Args: []expr.Node{p.parseSigned()}}
	}
	return p.parseMul()
}

// operandAfterPM fails when a \pm (at t) has nothing after it: "\sqrt{\pm}"
// is no answer, and would print as one that does not parse.
func (p *parser) operandAfterPM(t token) {
	if nt := p.peek(); nt.kind == tEOF || nt.kind == tOp && (nt.text == "}" || nt.text == ")" || nt.text == "]" || nt.text == ",") {
		p.failf(t.start, "\\%s with nothing after it", t.text)
	}
}

// vectorLike reports whether n is written as a vector: an arrow over a
// symbol (\vec{u}; \overrightarrow{AB} is read as \vec{AB}), a matrix, or a
// tuple of three.
func vectorLike(n expr.Node) bool {
	switch t := n.(type) {
	case *expr.Sym:
		return strings.HasPrefix(t.Name, `\vec{`)
	case *expr.Matrix:
		return true
	case *expr.Tuple:
		return len(t.Items) == 3
	}
	return false
}

// boldCmds write a vector in bold: \mathbf{u} reads as u (a font), so the
// source says that it was a vector.
var boldCmds = []string{`\mathbf`, `\boldsymbol`, `\bm`}

// boldAt reports whether the source at i is a bold letter (\mathbf{u}).
func (p *parser) boldAt(i int) bool {
	for _, c := range boldCmds {
		if rest, ok := strings.CutPrefix(p.s[i:], c); ok {
			rest = strings.TrimLeft(rest, " ")
			return len(rest) >= 3 && rest[0] == '{' && isLetter(rest[1]) && rest[2] == '}'
		}
	}
	return false
}

// boldBefore reports whether the source before i ends in a bold letter.
func (p *parser) boldBefore(i int) bool {
	j := i
	for j > 0 && p.s[j-1] == ' ' {
		j--
	}
	if j < 3 || p.s[j-1] != '}' || !isLetter(p.s[j-2]) || p.s[j-3] != '{' {
		return false
	}
	k := j - 3
	for k > 0 && p.s[k-1] == ' ' {
		k--
	}
	for _, c := range boldCmds {
		if strings.HasSuffix(p.s[:k], c) {
			return true
		}
	}
	return false
}

func (p *parser) parseMul() expr.Node {
	p.enter()
	defer p.leave()
	factors := []expr.Node{p.parseUnary()}
	p.prevOperand = true
	dropped := false // a unit or other words were just dropped
	for {
		t := p.peek()
		if t.kind == tCmd && (t.text == "ldots" || t.text == "dots" || t.text == "cdots" || t.text == "dotsc") && len(factors) == 1 {
			if n, ok := trailDecimal(factors[0]); ok {
				// 0.3333\ldots: a decimal whose digits go on
				p.pos = t.end
				factors[0] = n
				continue
			}
		}
		switch {
		case t.kind == tOp && (t.text == "*"):
			p.pos = t.end
			factors = append(factors, p.parseUnary())
			continue
		case t.kind == tCmd && t.text == "times":
			// u \times v of vectors is their cross product, which does
			// not commute: never the product of two numbers
			leftVec := vectorLike(factors[len(factors)-1]) || p.boldBefore(t.start)
			p.pos = t.end
			rs := p.peek().start
			r := p.parseUnary()
			if leftVec || vectorLike(r) || p.boldAt(rs) {
				factors[len(factors)-1] = &expr.Call{Fn: expr.Cross, Args: []expr.Node{factors[len(factors)-1], r}}
				continue
			}
			factors = append(factors, r)
			continue
		case t.kind == tCmd && (t.text == "cdot" || t.text == "ast" || t.text == "bullet"):
			p.pos = t.end
			factors = append(factors, p.parseUnary())
			continue
		case t.kind == tWord && t.text == "x" && p.sciTimesX(t, factors[len(factors)-1]):
			// "2.45 x 10^6": the letter x between a number and a power of
			// ten, spaced on both sides, is the times sign of scientific
			// notation (as Minerva's problems write it), never a variable
			p.pos = t.end
			factors = append(factors, p.parseUnary())
			continue
		case t.kind == tOp && t.text == "/" || t.kind == tCmd && t.text == "div":
			p.pos = t.end
			factors = append(factors, &expr.Pow{Base: p.parseUnary(), Exp: expr.Int(-1)})
			continue
		}
		if t.kind == tCmd && p.textModAhead(t) {
			// 17\text{ mod }5, x \equiv 3 \mathrm{ mod } 7: the word
			// mod in a text group is \bmod (the remainder, or the
			// modulus on the right of \equiv)
			t = token{kind: tCmd, text: "bmod", start: t.start, end: p.pos}
		}
		if t.kind == tCmd && (t.text == "pmod" || t.text == "mod" || t.text == "bmod") {
			// 3 \pmod{5}: a residue class (part of the answer); a \bmod m:
			// the remainder
			p.pos = t.end
			var m expr.Node
			if nt := p.peek(); t.text == "pmod" && nt.kind == tOp && nt.text == "{" {
				m = p.parseArg()
			} else {
				// \pmod 12, \mod 12, a \bmod 12: the whole operand,
				// never its first digit
				m = p.parseUnary()
			}
			var a expr.Node = &expr.Mul{Factors: factors}
			if len(factors) == 1 {
				a = factors[0]
			}
			// \pmod and amsmath's \mod write a congruence's modulus: a
			// residue class; \bmod is the binary remainder
			fn := "modclass"
			if t.text == "bmod" && p.congruence == 0 {
				fn = "mod"
			}
			factors = []expr.Node{&expr.Call{Fn: fn, Args: []expr.Node{a, m}}}
			continue
		}
		if c, ok := p.uprightConstAhead(); ok {
			// 4\text{i}, 2\textrm{e}: the constant, never a unit, with
			// its exponent (5\mathrm{e}^2, 7\mathrm{\pi}^3)
			factors = append(factors, p.powers(p.postfixOps(c)))
			continue
		}
		if m, ok := p.parenModulus(); ok {
			var a expr.Node = &expr.Mul{Factors: factors}
			if len(factors) == 1 {
				a = factors[0]
			}
			factors = []expr.Node{&expr.Call{Fn: "modclass", Args: []expr.Node{a, m}}}
			continue
		}
		if _, text := factors[len(factors)-1].(*expr.Text); !text && p.skipUnit() {
			// (a name is no value: "\text{Bob} \text{Alice}" is two names,
			// not Bob with a unit)
			dropped = true
			continue
		}
		if m, ok := p.magnitudeWord(); ok {
			factors = append(factors, m)
			continue
		}
		if !p.canStartFactor(t) {
			break
		}
		t = p.peek()
		if dropped {
			// "2 apples 3", "2 cm(3)", 2\text{a}(4): a unit ends its
			// quantity, and nothing written after it is multiplied in
			// (the unit would vanish between two factors)
			p.words()
		}
		if words, _ := p.wordsAhead(); words {
			// "5\text{ or more}", "2 \text{ apples and } 2": words that are
			// not units are part of the answer
			p.words()
		}
		// mixed numbers: 2\frac{1}{2}, 7 3/4
		last := factors[len(factors)-1]
		if ln, ok := last.(*expr.Num); ok && len(factors) == 1 && ln.V.IsInt() && !ln.Dec && ln.V.Sign() >= 0 {
			if fr := p.tryMixedFraction(); fr != nil {
				factors[0] = &expr.Add{Terms: []expr.Node{last, fr}}
				continue
			}
		}
		if t.kind != tNum && p.digitLed(t.start) && len(expr.FreeVars(last)) == 0 {
			// 7{8}, 7\mathbf{8}, \mathbf{7}\mathbf{8}, \sqrt{4}{3}: TeX prints
			// the digits side by side (78, √4 3); neither a product nor one
			// number is what was written
			p.failf(t.start, "a number in a group after %s is not read as a product (write \\cdot)", last)
		}
		if t.kind == tNum {
			if _, ok := last.(*expr.Num); ok {
				// "2 3": two numbers side by side are neither a product
				// (6) nor one number (TeX prints 23); a list written
				// without commas is not read either.
				p.failf(t.start, "two numbers side by side")
			}
			// "\pi 0", "\sqrt{2}3", "e2": a number after a constant is
			// no coefficient (one is written first: 0\pi, 3\sqrt{2});
			// reading it as a product would make \pi 0, 3 the list 0, 3.
			// A power or factorial of a number is a factor (2^{1/2}
			// 3^{1/3}, 3!\,6!). After a
			// variable the product stays (ASDiv's "11 r6" is read by its
			// formula checker), and a variable the gold does not have
			// keeps the answer from being Equal (equiv's freshGuard).
			if nt := p.tok(p.skipSpacesAt(t.end)); !isPunct(nt, '^') && !isPunct(nt, '!') && len(expr.FreeVars(last)) == 0 {
				p.failf(t.start, "a number after %s is not read as a product (write it first, or with \\cdot)", last)
			}
		}
		before := p.pos
		factors = append(factors, p.parseUnary())
		if p.pos == before {
			break
		}
	}
	if len(factors) == 1 {
		return factors[0]
	}
	return &expr.Mul{Factors: factors}
}

// uprightConstAhead reads e, i or \pi in a text or font group after a
// factor (4\text{i}, 2\textrm{e}, 3\mathrm{\pi}): the constants, which a
// unit reading would drop (3+4\text{i} is not 7).
func (p *parser) uprightConstAhead() (expr.Node, bool) {
	t := p.peek()
	if t.kind != tCmd || !textCmds[t.text] && !fontCmds[t.text] {
		return nil, false
	}
	save := p.pos
	p.pos = t.end
	raw, ok := p.rawArg()
	p.cacheOK = false
	switch w := strings.TrimSpace(raw); {
	case ok && (w == "e" || w == "i"):
		return p.letterSym(w), true
	case ok && w == "\\pi":
		return &expr.Sym{Name: expr.Pi}, true
	}
	p.pos = save
	return nil, false
}

// parenModulus reads a congruence's modulus written in parentheses with
// the word mod: (\mathrm{mod}\ 5), (\text{mod } 5), (\operatorname{mod} 5),
// (mod 5). It is the residue class of \pmod{5}, never a product with a
// variable "mod".
func (p *parser) parenModulus() (expr.Node, bool) {
	t := p.peek()
	if !(t.kind == tOp && t.text == "(") {
		return nil, false
	}
	save := p.pos
	p.pos = t.end
	w := p.peek()
	word := false
	switch {
	case w.kind == tWord && w.text == "mod":
		p.pos = w.end
		word = true
	case w.kind == tCmd && (w.text == "mathrm" || w.text == "text" || w.text == "operatorname" || w.text == "textrm" || w.text == "mbox"):
		p.pos = w.end
		raw, ok := p.rawArg()
		p.cacheOK = false
		word = ok && strings.TrimSpace(raw) == "mod"
	case w.kind == tCmd && (w.text == "mod" || w.text == "bmod"):
		// (\mod 5), (\bmod 5): the modulus in parentheses
		p.pos = w.end
		word = true
	}
	if !word {
		p.pos, p.cacheOK = save, false
		return nil, false
	}
	p.bracket++
	m := p.parseAdd()
	p.bracket--
	c := p.next()
	if !(c.kind == tOp && c.text == ")") {
		p.failf(c.start, "missing ) after the modulus of a congruence")
	}
	return m, true
}

// tryMixedFraction recognises the fraction part of a mixed number after an
// integer: \frac{a}{b} of integer literals, or "a/b" after a space.
func (p *parser) tryMixedFraction() expr.Node {
	save := p.pos
	t := p.peek()
	if t.kind == tCmd && (t.text == "frac" || t.text == "dfrac" || t.text == "tfrac") {
		// decide lexically first: re-parsing arbitrary fractions here would
		// make nested fractions exponential
		if e := p.intArgEnd(t.end); e < 0 || p.intArgEnd(e) < 0 {
			return nil
		}
		n := p.parseUnary()
		if p.intFrac[n] {
			return n
		}
		p.pos = save
		p.cacheOK = false
		return nil
	}
	if t.kind == tNum && save > 0 && isSpace(p.s[save-1]) && !p.latexMode {
		a := p.next()
		sl := p.peek()
		if sl.kind == tOp && sl.text == "/" {
			p.pos = sl.end
			b := p.peek()
			if b.kind == tNum && allDigits(a.text) && allDigits(b.text) {
				p.pos = b.end
				nt := p.peek()
				if !p.canStartFactor(nt) && !(nt.kind == tOp && (nt.text == "^" || nt.text == "!")) {
					num, _ := new(big.Int).SetString(a.text, 10)
					den, _ := new(big.Int).SetString(b.text, 10)
					if den.Sign() != 0 {
						return &expr.Num{V: new(big.Rat).SetFrac(num, den)}
					}
				}
			}
		}
		p.pos = save
		p.cacheOK = false
	}
	return nil
}

// sciTimesX reports whether the word x at t, after the factor left, stands
// for × in scientific notation: left is a number written as one, a space
// is on each side of the x, and 10^ follows.
func (p *parser) sciTimesX(t token, left expr.Node) bool {
	if _, ok := left.(*expr.Num); !ok || t.start == 0 || p.s[t.start-1] != ' ' {
		return false
	}
	rest := p.s[t.end:]
	if !strings.HasPrefix(rest, " ") {
		return false
	}
	rest = strings.TrimLeft(rest, " ")
	if !strings.HasPrefix(rest, "10") {
		return false
	}
	return strings.HasPrefix(strings.TrimLeft(rest[2:], " "), "^")
}

// canStartFactor reports whether t can begin an implicitly multiplied factor.
// digitLed reports whether the factor at byte offset pos starts with a
// digit inside braces or under a font, text or colour command ({8},
// \mathbf{8}, \textcolor{red}{8}, \color{red}{8}).
func (p *parser) digitLed(pos int) bool {
	save := p.pos
	defer func() { p.pos = save; p.cacheOK = false }()
	grouped := false
	for i := 0; i < 16; i++ {
		p.pos, p.cacheOK = pos, false
		t := p.peek()
		switch {
		case t.kind == tNum:
			return grouped
		case t.kind == tOp && t.text == "{":
			pos, grouped = t.end, true
		case t.kind == tCmd && (fontCmds[t.text] || textCmds[t.text]):
			pos = t.end
		case t.kind == tCmd && (t.text == "textcolor" || t.text == "colorbox" || t.text == "color"):
			p.pos, p.cacheOK = t.end, false
			if _, ok := p.rawArg(); !ok {
				return false
			}
			pos = p.pos
		default:
			return false
		}
	}
	return false
}

func (p *parser) canStartFactor(t token) bool {
	if p.inIntegral > 0 && (t.kind == tWord && t.text[0] == 'd' || t.kind == tCmd) && p.atDifferential() {
		return false
	}
	switch t.kind {
	case tNum:
		return true
	case tWord:
		w := strings.ToLower(t.text)
		if w == "and" || w == "or" {
			return false
		}
		if _, _, ok := p.isSep(t); ok {
			return false
		}
		if t.text == "in" || t.text == "U" {
			return false
		}
		return true
	case tCmd:
		if _, ok := relCmds[t.text]; ok {
			return false
		}
		switch t.text {
		case "cdot", "times", "div", "pm", "mp", "cup", "cap", "setminus", "end", "right", "rangle", "rfloor", "rceil",
			"}", "quad", "qquad", "rvert", "rVert", "to", "rightarrow", "Rightarrow", "implies", "iff", "mid", "backslash",
			"over", "ast", "bullet", "%", "choose", "atop", "pmod", "bmod", "mod", "mapsto", "longmapsto", "colon",
			"#": // a number sign stands before an amount, never after or inside one
			return false
		case "|":
			return p.absDepth == 0
		}
		if _, _, ok := p.isSep(t); ok {
			return false
		}
		return true
	case tOp:
		switch t.text {
		case "(", "[":
			return true
		case "{":
			return true
		case "|":
			return p.absDepth == 0
		}
	}
	return false
}

func (p *parser) parseUnary() expr.Node {
	p.enter()
	defer p.leave()
	t := p.peek()
	if t.kind == tOp && t.text == "-" {
		p.pos = t.end
		return &expr.Neg{X: p.parseUnary()}
	}
	if t.kind == tOp && t.text == "+" {
		p.pos = t.end
		return p.parseUnary()
	}
	if t.kind == tCmd && (t.text == "pm" || t.text == "mp") {
		p.pos = t.end
		p.operandAfterPM(t)
		return &expr.Call{Fn: "pm", Args: []expr.Node{p.parseUnary()}}
	}
	return p.parsePow()
}

func (p *parser) parsePow() expr.Node {
	return p.powers(p.parsePostfix())
}

// powers reads the exponents, degree, ordinal and transpose marks after a
// base.
func (p *parser) powers(base expr.Node) expr.Node {
	for {
		t := p.peek()
		if !(t.kind == tOp && t.text == "^") {
			break
		}
		p.pos = t.end
		if p.isDegreeMark() {
			base = &expr.Call{Fn: "deg", Args: []expr.Node{base}}
			continue
		}
		if p.isOrdinalMark(base) {
			continue // 12^{\text{th}} is 12
		}
		if tr, ok := p.transposeMark(base); ok {
			base = tr
			continue
		}
		e := p.parseExponent()
		base = &expr.Pow{Base: base, Exp: e}
		base = p.postfixOps(base)
	}
	return base
}

// transposeMark consumes a transpose mark after ^ (\top, \intercal,
// \mathsf{T}, and a plain T on a matrix, a tuple or a capital letter, the
// names of matrices): the transposed matrix, the column of a tuple's
// coordinates, or transpose(A) of a symbol. A plain
// T on anything else stays a power: x^T may be x to the power T.
func (p *parser) transposeMark(base expr.Node) (expr.Node, bool) {
	save := p.pos
	raw, ok := p.rawArg()
	p.cacheOK = false
	w := strings.Join(strings.Fields(raw), "")
	m, isMatrix := base.(*expr.Matrix)
	tu, isTuple := base.(*expr.Tuple)
	isTuple = isTuple && len(tu.Items) >= 2 && (tu.Open == "(" && tu.Close == ")" || tu.Open == "[" && tu.Close == "]")
	switch {
	case !ok:
	case w == "\\top" || w == "\\intercal" || w == "\\mathsf{T}" || w == "\\mathsfT" || w == "\\mathrm{T}" || w == "\\mathrmT" || w == "\\textsf{T}":
	case w == "T" && (isMatrix || isTuple || isMatrixName(base)):
	default:
		p.pos = save
		return nil, false
	}
	if isTuple {
		// (1, 2, 3)^T: the column vector of the coordinates (a tuple has
		// no power)
		rows := make([][]expr.Node, len(tu.Items))
		for i, it := range tu.Items {
			rows[i] = []expr.Node{it}
		}
		return &expr.Matrix{Rows: rows}, true
	}
	if isMatrix {
		rows := make([][]expr.Node, len(m.Rows[0]))
		for _, r := range m.Rows {
			for j, c := range r {
				rows[j] = append(rows[j], c)
			}
		}
		return &expr.Matrix{Rows: rows}, true
	}
	return &expr.Call{Fn: "transpose", Args: []expr.Node{base}}, true
}

// isMatrixName reports whether n is one capital letter (A, M): a matrix's
// name when it carries ^T.
func isMatrixName(n expr.Node) bool {
	s, ok := n.(*expr.Sym)
	return ok && len(s.Name) == 1 && s.Name[0] >= 'A' && s.Name[0] <= 'Z'
}

// isOrdinalMark consumes an ordinal suffix after ^ on an integer: ^{th},
// ^{\text{th}}, ^\text{th}, ^th.
func (p *parser) isOrdinalMark(base expr.Node) bool {
	n, ok := base.(*expr.Num)
	if !ok || !n.V.IsInt() || n.Dec {
		return false
	}
	i := p.skipSpacesAt(p.pos)
	braces := 0
	if p.tok(i).Kind == texscan.Open {
		braces++
		i = p.skipSpacesAt(i + 1)
	}
	if i < len(p.s) && p.s[i] == '\\' {
		name, end := p.cmdAt(i)
		if name != "text" && name != "mathrm" && name != "textrm" && name != "mbox" {
			return false
		}
		i = p.skipSpacesAt(end)
		if p.tok(i).Kind != texscan.Open {
			return false
		}
		braces++
		i = p.skipSpacesAt(i + 1)
	}
	// the suffix is a whole word: ^{the...} is a word, not a suffix
	switch p.tok(i).Text {
	case "th", "st", "nd", "rd":
	default:
		return false
	}
	i += 2
	for ; braces > 0; braces-- {
		i = p.skipSpacesAt(i)
		if p.tok(i).Kind != texscan.Close {
			return false
		}
		i++
	}
	p.pos = i
	p.cacheOK = false
	return true
}

// intArgEnd returns the end of an argument that is an integer literal at i
// ({12} or one digit, after spaces), or -1.
func (p *parser) intArgEnd(i int) int {
	i = p.skipSpacesAt(i)
	if digitRun(p.tok(i)) > 0 {
		return i + 1
	}
	if p.tok(i).Kind != texscan.Open {
		return -1
	}
	j := p.skipSpacesAt(i + 1)
	d := digitRun(p.tok(j))
	if d == 0 {
		return -1
	}
	k := p.skipSpacesAt(j + d)
	if p.tok(k).Kind != texscan.Close {
		return -1
	}
	return k + 1
}

// isDegreeMark consumes "\circ", "{\circ}", "\degree" after ^.
func (p *parser) isDegreeMark() bool {
	i := p.skipSpacesAt(p.pos)
	t := p.tok(i)
	end := 0
	switch {
	case t.Is("circ"):
		end = t.End()
	case t.Kind == texscan.Open:
		// {\circ}, { \circ }, {\degree}: one space at most on each side
		// of \circ
		k := i + 1
		if p.tok(k).Text == " " && p.tok(k+1).Is("circ") {
			k++
		}
		c := p.tok(k)
		if !c.Is("circ") && !c.Is("degree") {
			return false
		}
		k = c.End()
		if c.Is("circ") && p.tok(k).Text == " " {
			k++
		}
		if p.tok(k).Kind != texscan.Close {
			return false
		}
		end = k + 1
	case t.Kind == texscan.Command && strings.HasPrefix(t.Text, "\\degree"):
		end = i + len("\\degree") // (also the start of \degrees, as always)
	case t.Text == "o":
		end = t.End()
	default:
		return false
	}
	p.pos = end
	p.cacheOK = false
	return true
}

// parseExponent parses the argument of ^: a group, a signed exponent, or a
// single token (one digit in LaTeX, a whole number in plain text).
func (p *parser) parseExponent() expr.Node {
	p.enter()
	defer p.leave()
	t := p.peek()
	switch {
	case t.kind == tOp && t.text == "{":
		return p.parseGroup()
	case t.kind == tOp && (t.text == "-" || t.text == "+"):
		p.pos = t.end
		x := p.parseExponent()
		if t.text == "-" {
			return &expr.Neg{X: x}
		}
		return x
	case t.kind == tOp && t.text == "(":
		return p.parsePrimary()
	case t.kind == tNum:
		if p.latexMode {
			p.pos = t.start + 1
			return expr.Int(int64(p.s[t.start] - '0'))
		}
		p.pos = t.end
		return p.numberNode(t)
	case t.kind == tWord:
		p.pos = t.start + 1
		return p.letterSym(p.s[t.start : t.start+1])
	case t.kind == tCmd && p.canStartFactor(t):
		// One command as the exponent (x^\pi, e^\alpha); an operator or
		// relation (x^\pm, x^\cdot) is no exponent, as in braces.
		return p.parsePrimary()
	}
	p.failf(t.start, "missing exponent")
	return nil
}

// parsePostfix parses a primary and its postfix operators.
func (p *parser) parsePostfix() expr.Node {
	x := p.parsePrimary()
	return p.postfixOps(x)
}

func (p *parser) postfixOps(x expr.Node) expr.Node {
	for {
		// postfix operators must be adjacent-ish: no noise skipping problem
		t := p.peek()
		switch {
		case t.kind == tOp && t.text == "!":
			p.pos = t.end
			if isPunct(p.tok(p.pos), '!') {
				// n!! is the double factorial, not (n!)!
				p.pos++
				p.cacheOK = false
				x = &expr.Call{Fn: "fact2", Args: []expr.Node{x}}
				continue
			}
			x = &expr.Call{Fn: "fact", Args: []expr.Node{x}}
			continue
		case t.kind == tWord && (t.text == "th" || t.text == "st" || t.text == "nd" || t.text == "rd") && t.start > 0 && isDigit(p.s[t.start-1]):
			if n, ok := x.(*expr.Num); ok && n.V.IsInt() && !n.Dec {
				p.pos = t.end // 12th
				continue
			}
		case t.kind == tOp && t.text == "%" || t.kind == tCmd && t.text == "%":
			p.pos = t.end
			x = &expr.Call{Fn: "percent", Args: []expr.Node{x}}
			continue
		case t.kind == tCmd && textCmds[t.text] && p.textPercentAhead(t):
			// 25\text{\%}: the percent sign in a text group
			x = &expr.Call{Fn: "percent", Args: []expr.Node{x}}
			continue
		case t.kind == tWord && (strings.EqualFold(t.text, "percent") || t.text == "pct" || strings.EqualFold(t.text, "percentage")):
			p.pos = t.end
			x = &expr.Call{Fn: "percent", Args: []expr.Node{x}}
			continue
		case t.kind == tWord && (t.text == "degrees" || t.text == "degree" || t.text == "deg"):
			p.pos = t.end
			x = &expr.Call{Fn: "deg", Args: []expr.Node{x}}
			continue
		case t.kind == tCmd && (t.text == "circ" || t.text == "degree"):
			p.pos = t.end
			x = &expr.Call{Fn: "deg", Args: []expr.Node{x}}
			continue
		case t.kind == tOp && t.text == "_":
			p.pos = t.end
			x = p.subscript(x, t)
			continue
		case t.kind == tOp && t.text == "'":
			if s, ok := x.(*expr.Sym); ok {
				p.pos = t.end
				x = &expr.Sym{Name: s.Name + "'"}
				continue
			}
		case t.kind == tCmd && t.text == "prime":
			if s, ok := x.(*expr.Sym); ok {
				p.pos = t.end
				x = &expr.Sym{Name: s.Name + "'"}
				continue
			}
		}
		return x
	}
}

// textModAhead reads a text group that holds only the word mod (\text{ mod },
// \mathrm{mod}, \operatorname{mod}) at t, and reports whether it did; it
// reads nothing otherwise.
func (p *parser) textModAhead(t token) bool {
	switch t.text {
	case "text", "textrm", "mathrm", "operatorname", "mbox":
	default:
		return false
	}
	save := p.pos
	p.pos = t.end
	raw, ok := p.rawArg()
	p.cacheOK = false
	if ok && strings.TrimSpace(raw) == "mod" {
		return true
	}
	p.pos = save
	return false
}

// textPercentAhead reads a text group that holds only a percent sign
// (\text{\%}, \mbox{%}) at t, and reports whether it did.
func (p *parser) textPercentAhead(t token) bool {
	save := p.pos
	p.pos = t.end
	raw, ok := p.rawArg()
	p.cacheOK = false
	if w := strings.TrimSpace(raw); ok && (w == `\%` || w == "%") {
		return true
	}
	p.pos = save
	return false
}

// subscript handles x_{...}: part of a symbol's name, or a number base.
func (p *parser) subscript(x expr.Node, at token) expr.Node {
	raw, ok := p.rawArg()
	if !ok {
		p.failf(at.start, "missing subscript")
	}
	p.cacheOK = false
	key := strings.Join(strings.Fields(raw), "")
	key = strings.TrimPrefix(strings.TrimSuffix(key, "}"), "{")
	if key == "" || strings.HasSuffix(key, "\\") || strings.HasPrefix(raw, "\\") && noiseCmds[raw[1:]] {
		p.failf(at.start, "empty subscript")
	}
	if _, isNum := x.(*expr.Num); isNum {
		digits, ok := p.lastNumText, p.lastNum == x && x != nil
		if !ok {
			p.failf(at.start, "a subscript on a number that is not a base")
		}
		base, ok := baseOf(raw)
		if !ok {
			p.failf(at.start, "a subscript on a number that is not a base: %s", raw)
		}
		return p.inBase(digits, base, at)
	}
	if s, ok := x.(*expr.Sym); ok {
		return &expr.Sym{Name: s.Name + "_" + key}
	}
	// a subscript on anything else (\left(\frac{49}{64}\right)_{2},
	// (x+1)_n, \{1,2\}_2) has no reading here: an index, a base of a
	// non-integer, a Pochhammer symbol; it is never dropped
	p.failf(at.start, "a subscript on an expression is not read")
	return nil
}

// baseWords are number bases written out (1010_{\text{two}}).
var baseWords = map[string]int64{"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
	"nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
	"binary": 2, "octal": 8, "decimal": 10, "hex": 16, "hexadecimal": 16}

// baseOf reads a base subscript: 2, {12}, \text{two}, (2), {(2)}.
func baseOf(raw string) (int64, bool) {
	k := strings.Join(strings.Fields(raw), "")
	for {
		n := k
		for _, w := range []string{"\\text", "\\mathrm", "\\textrm", "\\mbox", "\\textnormal"} {
			n = strings.TrimPrefix(n, w)
		}
		n = strings.TrimPrefix(strings.TrimSuffix(n, "}"), "{")
		n = strings.TrimPrefix(strings.TrimSuffix(n, ")"), "(")
		if n == k {
			break
		}
		k = n
	}
	if v, ok := baseWords[strings.ToLower(k)]; ok {
		return v, true
	}
	b, ok := new(big.Int).SetString(k, 10)
	if !ok || !b.IsInt64() || b.Int64() < 2 || b.Int64() > 36 {
		return 0, false
	}
	return b.Int64(), true
}

// BaseOf reads a number base as a base subscript writes it (2, {12},
// \text{two}, binary, hex): the one table of base words, for the answer
// package's "in base 6".
func BaseOf(raw string) (int, bool) {
	b, ok := baseOf(raw)
	return int(b), ok
}

// inBase reads digits (with an optional point: 0.101_{2}) in a base.
func (p *parser) inBase(digits string, base int64, at token) expr.Node {
	intPart, fracPart, _ := strings.Cut(digits, ".")
	if intPart == "" {
		intPart = "0"
	}
	v, ok := new(big.Int).SetString(intPart, int(base))
	if !ok {
		p.failf(at.start, "%s is not a base-%d number", digits, base)
	}
	r := new(big.Rat).SetInt(v)
	if fracPart != "" {
		f, ok := new(big.Int).SetString(fracPart, int(base))
		if !ok {
			p.failf(at.start, "%s is not a base-%d number", digits, base)
		}
		den := new(big.Int).Exp(big.NewInt(base), big.NewInt(int64(len(fracPart))), nil)
		r.Add(r, new(big.Rat).SetFrac(f, den))
	}
	if base == 10 && fracPart != "" {
		return &expr.Num{V: r, Dec: true, Places: len(fracPart)}
	}
	if fracPart != "" {
		return &expr.Num{V: r}
	}
	return &expr.Num{V: r, Radix: int(base)}
}

// ---- units, magnitudes ----

var magnitudeWords = map[string]int64{"dozen": 12, "hundred": 100, "thousand": 1000, "million": 1000000, "billion": 1000000000,
	"trillion": 1000000000000}

// unitGroupCmds are the commands whose group after an operand skipUnit may
// read as a unit and drop (\text{ cm}, \mathrm{kg}).
var unitGroupCmds = map[string]bool{"text": true, "mbox": true, "textnormal": true, "textrm": true, "textbf": true,
	"textit": true, "mathrm": true, "hbox": true, "textsf": true, "mathsf": true, "texttt": true}

// trailDecimal returns the decimal n (or its negation) marked as going on
// past its digits; ok is false for anything else (an integer, a formula).
func trailDecimal(n expr.Node) (expr.Node, bool) {
	switch t := n.(type) {
	case *expr.Num:
		if t.Dec && t.Places > 0 && !t.Trail {
			return &expr.Num{V: t.V, Dec: true, Places: t.Places, Trail: true}, true
		}
	case *expr.Neg:
		if m, ok := trailDecimal(t.X); ok {
			return &expr.Neg{X: m}, true
		}
	}
	return nil, false
}

// microSymbols are the SI symbols that \mu before them makes a
// micro-unit (5\,\mu\text{m} is 5 µm).
var microSymbols = map[string]bool{"m": true, "g": true, "s": true, "L": true, "l": true, "F": true, "A": true,
	"V": true, "W": true, "J": true, "N": true, "Pa": true, "Hz": true, "mol": true, "K": true, "C": true, "Ω": true}

// MicroSymbol reports whether \mu before a unit group holding sym makes a
// micro-unit (the answer package reads the same units).
func MicroSymbol(sym string) bool { return microSymbols[sym] }

// microUnit reads \mu followed by a unit group holding an SI symbol alone
// (\mu\text{m}, \mu\mathrm{s}): the micro prefix written with the Greek
// letter, a unit, never μ times the unit.
func (p *parser) microUnit() bool {
	t := p.peek()
	save := p.pos
	p.pos = t.end
	g := p.peek()
	if g.kind == tCmd && unitGroupCmds[g.text] {
		p.pos = g.end
		if raw, ok := p.rawArg(); ok && microSymbols[strings.TrimSpace(raw)] {
			p.cacheOK = false
			return true
		}
	}
	p.pos, p.cacheOK = save, false
	return false
}

// UnitGroupCommand reports whether a group after an operand under the
// command name (without its backslash) may be read as a unit and dropped
// by the parser: the answer package, which compares units, must read
// every such group itself before parsing, so that no unit vanishes
// unread.
func UnitGroupCommand(name string) bool { return unitGroupCmds[name] }

// skipUnit drops a unit after an operand: \text{ cm}^2, \mbox{inches},
// "15 cm", "(apples)". It never drops a lone letter, so expression
// variables survive.
func (p *parser) skipUnit() bool {
	start := p.pos
	if !p.skipUnitRead() {
		return false
	}
	u := strings.TrimSpace(p.s[start:p.pos])
	if p.cfg.DroppedUnits != nil {
		*p.cfg.DroppedUnits = append(*p.cfg.DroppedUnits, u)
	}
	if p.cfg.InnerUnits != nil && !p.quantityEnds() {
		*p.cfg.InnerUnits = append(*p.cfg.InnerUnits, u)
	}
	return true
}

// quantityEndsAfterUnits is quantityEnds past a run of units.
func (p *parser) quantityEndsAfterUnits() bool {
	save := p.pos
	defer func() { p.pos = save; p.cacheOK = false }()
	for i := 0; i < 8 && p.skipUnitRead(); i++ {
	}
	t := p.peek()
	return t.kind == tEOF || t.kind == tOp && (t.text == "," || t.text == ";" || t.text == ")" || t.text == "]" || t.text == "=")
}

// quantityEnds reports whether the answer, or one item of its list, tuple
// or relation, ends at the next token: the end of the input, a comma or
// semicolon, a closing parenthesis or bracket, or a relation. A unit
// dropped there is the unit of what it ends; one before anything else
// (an operator, a closing brace of a fraction or root) is inside a
// formula.
func (p *parser) quantityEnds() bool {
	t := p.peek()
	if t.kind == tCmd || t.kind == tWord || t.kind == tOp && t.text == "(" {
		// another unit: "18 (eighteen) dollars", \mathrm{kg}\,\mathrm{m}
		save := p.pos
		more := p.skipUnitRead()
		p.pos = save
		p.cacheOK = false
		if more {
			return p.quantityEndsAfterUnits()
		}
	}
	switch t.kind {
	case tEOF:
		return true
	case tOp:
		switch t.text {
		case ",", ";", ")", "]", "=", "<", ">", "&", "\\\\":
			return true
		}
	case tCmd:
		if _, rel := relCmds[t.text]; rel {
			return true
		}
		switch t.text {
		case "}", "right", "rangle", "quad", "qquad", "end":
			return true
		}
	}
	return false
}

// skipUnitRead is skipUnit without the record of what it dropped.
func (p *parser) skipUnitRead() bool {
	t := p.peek()
	switch t.kind {
	case tCmd:
		if t.text == "mu" && p.microUnit() {
			return true
		}
		if !unitGroupCmds[t.text] {
			return false
		}
		if _, _, sep := p.isSep(t); sep {
			return false
		}
		save := p.pos
		p.pos = t.end
		raw, _ := p.rawArg()
		w := strings.TrimSpace(raw)
		// \mathrm{m} after a number is a unit, but \mathrm{e}, \mathrm{i} are
		// constants and \mathrm{x}, \mathrm{pi} letters: a group of one or
		// two characters is a unit only when it holds a unit symbol
		short := utf8.RuneCountInString(w) <= 2
		mathrmUnit := !short && !isFuncWord(w) || short && UnitSymbol(w)
		choice := len(strings.Trim(w, "() ")) == 1 && strings.HasPrefix(w, "(")
		// a function's name before its parenthesis is applied, never a
		// unit: 2\text{cis}(\pi/3), 5\,\mathrm{lcm}(2,3)
		applied := isFuncWord(w) && isPunct(p.tok(p.pos), '(')
		if isWordText(w) && (mathrmUnit || t.text != "mathrm" && !short) && !hasQualifier(w) && !choice && !applied {
			// (and in \text, \textrm, \mathsf alike: 12\text{y} is no unit)
			// (never a choice letter: \text{(C)}\text{(D)} names two choices)
			p.cacheOK = false
			p.skipUnitPower()
			return true
		}
		p.pos = save
		p.cacheOK = false
		return false
	case tWord:
		w := t.text
		if _, ok := magnitudeWords[strings.ToLower(w)]; ok {
			return false
		}
		// a word unit needs a space before it ("15 cm", "9 apples"), so
		// that glued letters (2ab, AZYUK) stay variables; known short units
		// may be glued (15cm)
		spaced := t.start > 0 && isSpace(p.s[t.start-1])
		isUnit := unitWords[w] || spaced && len(w) >= 3 && w == strings.ToLower(w) && !isFuncWord(w) && !knownWord(w)
		if !isUnit || qualifierWords[strings.ToLower(w)] {
			return false
		}
		if strings.HasPrefix(strings.ToLower(w), "and") || strings.HasPrefix(strings.ToLower(w), "or") && len(w) < 4 {
			return false
		}
		p.pos = t.end
		p.skipUnitPower()
		// "square units", "cubic feet"
		for {
			nt := p.peek()
			if nt.kind == tWord && len(nt.text) >= 3 && !isFuncWord(nt.text) && !knownWord(nt.text) && !qualifierWords[strings.ToLower(nt.text)] {
				p.pos = nt.end
				continue
			}
			break
		}
		return true
	case tOp:
		if t.text == "(" {
			// "(apples)": words and spaces, then ")"
			k := t.end
			for w := p.tok(k); w.Kind == texscan.Word || onlySpaces(w); w = p.tok(k) {
				k = w.End()
			}
			w := strings.TrimSpace(p.s[t.end:k])
			if isPunct(p.tok(k), ')') && len(w) >= 3 && isWordText(w) && !isFuncWord(w) && !hasQualifier(w) {
				p.pos = k + 1
				p.cacheOK = false
				return true
			}
		}
	}
	return false
}

// wordsAhead reports whether the next token is a \text group of words, or a
// qualifier word, at a place where a factor would start.
func (p *parser) wordsAhead() (bool, string) {
	t := p.peek()
	switch t.kind {
	case tWord:
		if qualifierWords[strings.ToLower(t.text)] && len(t.text) >= 3 {
			return true, t.text
		}
	case tCmd:
		if !textCmds[t.text] && t.text != "mathrm" {
			return false, ""
		}
		save := p.pos
		p.pos = t.end
		raw, ok := p.rawArg()
		p.pos = save
		p.cacheOK = false
		w := strings.TrimSpace(raw)
		if ok && (isWordText(w) && (textCmds[t.text] || len(w) > 1 && !isFuncWord(w)) || hasQualifier(w)) {
			return true, w
		}
	}
	return false, ""
}

func (p *parser) skipUnitPower() {
	t := p.peek()
	if t.kind == tOp && t.text == "^" {
		save := p.pos
		p.pos = t.end
		raw, ok := p.rawArg()
		if ok && (raw == "2" || raw == "3") {
			p.cacheOK = false
			return
		}
		p.pos = save
		p.cacheOK = false
	}
}

func (p *parser) magnitudeWord() (expr.Node, bool) {
	t := p.peek()
	switch t.kind {
	case tWord:
		m, ok := magnitudeWords[strings.ToLower(t.text)]
		if !ok {
			return nil, false
		}
		p.pos = t.end
		return expr.Int(m), true
	case tCmd:
		// "7\text{ thousand}" is 7000, as "7 thousand" is.
		if !textCmds[t.text] && t.text != "mathrm" {
			return nil, false
		}
		save := p.pos
		p.pos = t.end
		raw, ok := p.rawArg()
		if m, known := magnitudeWords[strings.ToLower(strings.TrimSpace(raw))]; ok && known {
			p.cacheOK = false
			return expr.Int(m), true
		}
		p.pos = save
		p.cacheOK = false
	}
	return nil, false
}

func isWordText(w string) bool {
	if w == "" {
		return false
	}
	letters := 0
	for i := 0; i < len(w); i++ {
		c := w[i]
		if isLetter(c) {
			letters++
			continue
		}
		if isSpace(c) || c == '.' || c == '-' || c == '\'' || c == '(' || c == ')' || c == '/' {
			continue
		}
		return false
	}
	return letters > 0
}
