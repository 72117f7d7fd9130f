package latex

import (
	"fmt"
	"strings"

	"github.com/matheval/matheval/expr"
	"github.com/matheval/matheval/texscan"
)

// Integrals and limits bind their variable (see expr's Binders): the
// variable of \int_0^1 x\,dx is not a variable of the answer.

// parseIntegral parses \int_{lo}^{hi} body d var (or \int body d var)
// after \int. The body runs to its differential (dx, \mathrm{d}x, d\theta);
// an integral without one is refused.
func (p *parser) parseIntegral(at token) expr.Node {
	var lo, hi expr.Node
	for i := 0; i < 2; i++ {
		t := p.peek()
		if t.kind == tOp && t.text == "_" && lo == nil {
			p.pos = t.end
			lo = p.parseSubArg()
			continue
		}
		if t.kind == tOp && t.text == "^" && hi == nil {
			p.pos = t.end
			hi = p.parseExponent()
			continue
		}
		break
	}
	if (lo == nil) != (hi == nil) {
		p.failf(at.start, "an integral with one bound only is not read")
	}
	p.inIntegral++
	var body expr.Node
	if v, ok := p.differential(); ok {
		// \int dx: the body is 1
		body = expr.Int(1)
		p.inIntegral--
		return integralNode(body, v, lo, hi)
	}
	if v, den, ok := p.differentialOver(); ok {
		// \int \frac{dx}{1+x^2}: the differential over the rest of the
		// integrand
		p.inIntegral--
		return integralNode(&expr.Pow{Base: den, Exp: expr.Int(-1)}, v, lo, hi)
	}
	body = p.parseAdd()
	p.inIntegral--
	v, ok := p.differential()
	if !ok {
		t := p.peek()
		p.failf(t.start, "an integral without its differential (d followed by the variable)")
	}
	return integralNode(body, v, lo, hi)
}

// differentialOver reads \frac{dx}{den} (also \dfrac, \tfrac) whose
// numerator is a differential alone, returning its variable and den; it
// reads nothing otherwise.
func (p *parser) differentialOver() (*expr.Sym, expr.Node, bool) {
	t := p.peek()
	if t.kind != tCmd || (t.text != "frac" && t.text != "dfrac" && t.text != "tfrac") {
		return nil, nil, false
	}
	save := p.pos
	p.pos = t.end
	if o := p.peek(); o.kind == tOp && o.text == "{" {
		p.pos = o.end
		if v, ok := p.differential(); ok {
			if c := p.peek(); c.kind == tOp && c.text == "}" {
				p.pos = c.end
				return v, p.parseArg(), true
			}
		}
	}
	p.pos, p.cacheOK = save, false
	return nil, nil, false
}

// derivativeOperator reads {d}{dx} after \frac (the numerator d alone,
// also \mathrm{d}; the denominator a differential alone) and returns the
// variable; it reads nothing otherwise.
func (p *parser) derivativeOperator() (*expr.Sym, bool) {
	save := p.pos
	fail := func() (*expr.Sym, bool) {
		p.pos, p.cacheOK = save, false
		return nil, false
	}
	if o := p.peek(); !(o.kind == tOp && o.text == "{") {
		return fail()
	}
	p.pos = p.peek().end
	if !p.dLetter(false) {
		return fail()
	}
	if c := p.peek(); !(c.kind == tOp && c.text == "}") {
		return fail()
	}
	p.pos = p.peek().end
	if o := p.peek(); !(o.kind == tOp && o.text == "{") {
		return fail()
	}
	p.pos = p.peek().end
	v, ok := p.differential()
	if !ok {
		return fail()
	}
	if c := p.peek(); !(c.kind == tOp && c.text == "}") {
		return fail()
	}
	p.pos = p.peek().end
	return v, true
}

// leibniz reads {dy}{dx} or {d^2y}{dx^2} after \frac (each d also
// \mathrm{d}): the derivative of a dependent variable, which is a symbol of
// its own named by its canonical spelling. It is never d·y/(d·x), in which
// the d's would cancel, and never y', whose variable is not named; it
// reads nothing otherwise.
func (p *parser) leibniz() (*expr.Sym, bool) {
	save := p.pos
	fail := func() (*expr.Sym, bool) {
		p.pos, p.cacheOK = save, false
		return nil, false
	}
	open := func() bool {
		if o := p.peek(); o.kind == tOp && o.text == "{" {
			p.pos = o.end
			return true
		}
		return false
	}
	closed := func() bool {
		if c := p.peek(); c.kind == tOp && c.text == "}" {
			p.pos = c.end
			return true
		}
		return false
	}
	// order reads ^2 or ^{2} (orders 2 to 9), or nothing (order 1)
	order := func() int {
		t := p.peek()
		if !(t.kind == tOp && t.text == "^") {
			return 1
		}
		p.pos = t.end
		braced := open()
		d := p.peek()
		if d.kind != tNum || len(d.text) != 1 || d.text[0] < '2' || d.text[0] > '9' {
			return 0
		}
		p.pos = d.end
		if braced && !closed() {
			return 0
		}
		return int(d.text[0] - '0')
	}
	if !open() {
		return fail()
	}
	var y *expr.Sym
	n := 1
	if t := p.peek(); t.kind == tWord && len(t.text) == 2 && t.text[0] == 'd' {
		p.pos = t.end
		y = &expr.Sym{Name: t.text[1:]}
	} else {
		if !p.dLetter(false) {
			return fail()
		}
		if n = order(); n == 0 {
			return fail()
		}
		v := p.peek()
		if v.kind != tWord || len(v.text) != 1 {
			return fail()
		}
		p.pos = v.end
		y = &expr.Sym{Name: v.text}
	}
	if !closed() || !open() {
		return fail()
	}
	x, ok := p.differential()
	if !ok || order() != n || !closed() || x.Name == y.Name {
		return fail()
	}
	name := `\frac{d` + y.Name + `}{d` + x.Name + `}`
	if n > 1 {
		name = fmt.Sprintf(`\frac{d^{%d}%s}{d%s^{%d}}`, n, y.Name, x.Name, n)
	}
	return &expr.Sym{Name: name}, true
}

// derivativeOf reads, after \frac, {d f}{dx} (the d also \mathrm{d}; f
// any expression after it, not one letter alone, which is leibniz's
// dependent variable) or {d^n}{dx^n} f with n from 2 to 9: the derivative
// of f, n times. They were read with d a variable: \frac{d^2}{dx^2}x^3
// was d²x³/(d x²), and wrong against 6x. It reads nothing otherwise; once
// the two groups are seen to be a derivative, what f holds must parse.
func (p *parser) derivativeOf() (expr.Node, bool) {
	save := p.pos
	fail := func() (expr.Node, bool) {
		p.pos, p.cacheOK = save, false
		return nil, false
	}
	num, ok := p.bracedRaw()
	if !ok {
		return fail()
	}
	numEnd := p.pos
	den, ok := p.bracedRaw()
	if !ok {
		return fail()
	}
	denEnd := p.pos
	v, n, ok := differentialText(den)
	if !ok {
		return fail()
	}
	body, order, ok := derivativeNumerator(num)
	if !ok || order != n || order == 1 && body == "" {
		return fail()
	}
	var f expr.Node
	if body == "" {
		// {d^n}{dx^n} f: the operand follows
		p.pos, p.cacheOK = denEnd, false
		if t := p.peek(); t.kind == tOp && t.text == "{" {
			f = p.parseGroup()
		} else {
			f = p.parseFuncOperand()
		}
	} else {
		// {d f}{dx}: f is the numerator after its d (and order)
		inner := numEnd - 1 - len(body) // the numerator's text ends at its closing brace
		p.pos, p.cacheOK = inner, false
		f = p.parseAdd()
		if c := p.peek(); !(c.kind == tOp && c.text == "}") || c.start != numEnd-1 {
			p.failf(c.start, "a derivative's numerator is not read whole")
		}
		p.pos, p.cacheOK = denEnd, false
	}
	out := f
	for k := 0; k < order; k++ {
		out = &expr.Call{Fn: "diff", Args: []expr.Node{out, &expr.Sym{Name: v}}}
	}
	return out, true
}

// bracedRaw reads a {group} at the parser's position (after spaces) and
// returns its inner text; it reads nothing, and reports false, when there
// is no group there or it is not closed (the fraction's own reading then
// says what is wrong).
func (p *parser) bracedRaw() (string, bool) {
	at := p.skipSpacesAt(p.pos)
	if at >= len(p.s) || p.tok(at).Kind != texscan.Open {
		return "", false
	}
	g, ok := p.group(at)
	if !ok {
		return "", false
	}
	p.pos, p.cacheOK = g.End, false
	return p.s[g.Inner:g.InnerEnd], true
}

// differentialText reads a derivative's denominator written as text: "dx",
// "d x", "\mathrm{d}x", "dx^2", "d x^{3}", returning the variable and
// the order (1 without a power).
func differentialText(s string) (string, int, bool) {
	t := strings.TrimSpace(s)
	for _, d := range []string{`\mathrm{d}`, `\text{d}`, `\operatorname{d}`, "d"} {
		if r, ok := strings.CutPrefix(t, d); ok {
			t = strings.TrimSpace(r)
			goto letter
		}
	}
	return "", 0, false
letter:
	if len(t) == 0 || !(t[0] >= 'a' && t[0] <= 'z' || t[0] >= 'A' && t[0] <= 'Z') {
		return "", 0, false
	}
	v := t[:1]
	n, ok := orderText(strings.TrimSpace(t[1:]))
	return v, n, ok
}

// orderText reads "" (order 1), "^2", "^{2}" (orders 2 to 9).
func orderText(t string) (int, bool) {
	if t == "" {
		return 1, true
	}
	r, ok := strings.CutPrefix(t, "^")
	if !ok {
		return 0, false
	}
	r = strings.TrimSpace(r)
	if strings.HasPrefix(r, "{") && strings.HasSuffix(r, "}") {
		r = strings.TrimSpace(r[1 : len(r)-1])
	}
	if len(r) != 1 || r[0] < '2' || r[0] > '9' {
		return 0, false
	}
	return int(r[0] - '0'), true
}

// derivativeNumerator reads a derivative's numerator: d, d^n, or d (with
// no order) before an expression ("d x^3", "d\sin x", "d(x^2)"): it returns
// the expression's text ("" for d alone) and the order. One letter alone
// after d ("dy") is no expression here: leibniz reads it.
func derivativeNumerator(s string) (string, int, bool) {
	t := strings.TrimLeft(s, " ")
	switch {
	case strings.HasPrefix(t, `\mathrm{d}`):
		t = t[len(`\mathrm{d}`):]
	case strings.HasPrefix(t, "d"):
		t = t[1:]
	default:
		return "", 0, false
	}
	if strings.TrimSpace(t) == "" {
		return "", 1, true
	}
	if n, ok := orderText(strings.TrimSpace(t)); ok && n > 1 {
		return "", n, true
	}
	// d then an expression: a space, a command or a bracket after the d
	// (not "dx", a word, nor "d^2 y")
	if t[0] != ' ' && t[0] != '\\' && t[0] != '(' && t[0] != '[' {
		return "", 0, false
	}
	body := strings.TrimLeft(t, " ")
	if len(body) <= 1 {
		return "", 0, false // "d y": the dependent variable, leibniz's
	}
	return body, 1, true
}

func integralNode(body expr.Node, v *expr.Sym, lo, hi expr.Node) expr.Node {
	if lo == nil {
		return &expr.Call{Fn: "int", Args: []expr.Node{body, v}}
	}
	return &expr.Call{Fn: "int", Args: []expr.Node{body, v, lo, hi}}
}

// atDifferential reports whether the next tokens are a differential: the
// word d followed by one letter ("dx", "d x"), \mathrm{d} or \text{d}
// followed by a letter, or d before a Greek letter (d\theta).
func (p *parser) atDifferential() bool {
	save, saveCache := p.pos, p.cacheOK
	_, ok := p.differential()
	p.pos, p.cacheOK = save, saveCache
	if ok {
		p.cacheOK = false
	}
	return ok
}

// differential consumes a differential (see atDifferential) and returns
// its variable.
func (p *parser) differential() (*expr.Sym, bool) {
	save := p.pos
	t := p.peek()
	fail := func() (*expr.Sym, bool) {
		p.pos, p.cacheOK = save, false
		return nil, false
	}
	switch {
	case t.kind == tWord && t.text == "dx" || t.kind == tWord && len(t.text) == 2 && t.text[0] == 'd':
		p.pos = t.end
		return &expr.Sym{Name: t.text[1:]}, true
	case !p.dLetter(true):
		return fail()
	}
	v := p.peek()
	switch {
	case v.kind == tWord && len(v.text) == 1:
		p.pos = v.end
		return &expr.Sym{Name: v.text}, true
	case v.kind == tCmd && greek[v.text]:
		p.pos = v.end
		return &expr.Sym{Name: "\\" + v.text}, true
	}
	return fail()
}

// dLetter consumes the d of a differential or of d/dx: the word d, or d
// alone in \mathrm, \text or \operatorname (and \mathit when mathit). It
// reads nothing when there is none.
func (p *parser) dLetter(mathit bool) bool {
	save := p.pos
	t := p.peek()
	switch {
	case t.kind == tWord && t.text == "d":
		p.pos = t.end
		return true
	case t.kind == tCmd && (t.text == "mathrm" || t.text == "text" || t.text == "operatorname" || mathit && t.text == "mathit"):
		p.pos = t.end
		raw, ok := p.rawArg()
		p.cacheOK = false
		if ok && strings.TrimSpace(raw) == "d" {
			return true
		}
	}
	p.pos, p.cacheOK = save, false
	return false
}

// parseLimit parses \lim_{var \to point} body after \lim.
func (p *parser) parseLimit(at token) expr.Node {
	t := p.next()
	if !(t.kind == tOp && t.text == "_") {
		p.failf(at.start, "\\lim without its subscript")
	}
	braced := false
	if nt := p.peek(); nt.kind == tOp && nt.text == "{" {
		p.pos = nt.end
		braced = true
	}
	vt := p.next()
	var v *expr.Sym
	switch {
	case vt.kind == tWord && len(vt.text) == 1:
		v = &expr.Sym{Name: vt.text}
	case vt.kind == tWord:
		// "x\to0" lexes x as a word of one letter; anything longer is not
		// one variable
		p.failf(vt.start, "the variable of a limit must be one letter")
	case vt.kind == tCmd && greek[vt.text]:
		v = &expr.Sym{Name: "\\" + vt.text}
	default:
		p.failf(vt.start, "the variable of a limit must be one letter")
	}
	arrow := p.next()
	if !(arrow.kind == tCmd && (arrow.text == "to" || arrow.text == "rightarrow" || arrow.text == "longrightarrow")) {
		p.failf(arrow.start, "a limit needs \\to between its variable and its point")
	}
	var point expr.Node
	if braced {
		point = p.parseAdd()
		c := p.next()
		if !(c.kind == tOp && c.text == "}") {
			p.failf(c.start, "missing } after the point of a limit (one-sided limits are not read)")
		}
	} else {
		point = p.parseArg()
	}
	body := p.parseMul()
	return &expr.Call{Fn: "lim", Args: []expr.Node{body, v, point}}
}
