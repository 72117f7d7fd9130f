package calc

import (
	"errors"
	"fmt"
	"math/big"
	"strings"
	"time"
	"unicode"
)

// Options change how constants are read. The zero value uses the true
// constants; MATH 401's released file used π = 3.1415 and e = 2.71828 in its
// irrational group, which Options can reproduce for checking it.
type Options struct {
	Pi *big.Rat // value of π/pi, nil for the true constant
	E  *big.Rat // value of e, nil for the true constant
	// Timeout bounds one evaluation; 0 means one second.
	Timeout time.Duration
}

// Limits on the input, so that evaluation stays small and fast.
const (
	maxInputLen = 4096
	maxDepth    = 200
)

// ErrTimeout says an evaluation ran past its deadline.
var ErrTimeout = errors.New("calc: deadline exceeded")

type tokKind int

const (
	tEOF tokKind = iota
	tNum
	tIdent
	tOp // + - * / ^ ( ) ° ,
)

type token struct {
	kind tokKind
	text string
	pos  int
}

// normalize maps the symbols of the three input forms (math text, plain text
// and LaTeX) onto one plain-text syntax.
func normalize(s string) string {
	r := strings.NewReplacer(
		"\\left", "", "\\right", "",
		"^{\\circ}", "°", "^\\circ", "°", "\\circ", "°", "\\degree", "°", " degrees", "°", "degrees", "°", " degree", "°", "degree", "°",
		"\\times", "*", "\\cdot", "*", "\\div", "/", "\\pi", "π",
		"\\sin", "sin", "\\cos", "cos", "\\tan", "tan", "\\ln", "ln", "\\log", "log",
		"\\frac", "frac", "\\dfrac", "frac", "\\mathrm{e}", "e", "\\mathrm{i}", "i",
		"\\begin{equation}", "", "\\end{equation}", "", "\\[", "", "\\]", "",
		"{", "(", "}", ")", "$", "", "×", "*", "·", "*", "÷", "/", "−", "-", "–", "-",
		"**", "^", "\\,", "", "\\", "",
	)
	return r.Replace(s)
}

func lex(s string) ([]token, error) {
	var toks []token
	rs := []rune(s)
	for i := 0; i < len(rs); {
		c := rs[i]
		switch {
		case unicode.IsSpace(c):
			i++
		case unicode.IsDigit(c) || (c == '.' && i+1 < len(rs) && unicode.IsDigit(rs[i+1])):
			j := i
			dot := false
			for j < len(rs) && (unicode.IsDigit(rs[j]) || (rs[j] == '.' && !dot)) {
				if rs[j] == '.' {
					dot = true
				}
				j++
			}
			toks = append(toks, token{tNum, string(rs[i:j]), i})
			i = j
		case c == 'π':
			toks = append(toks, token{tIdent, "pi", i})
			i++
		case unicode.IsLetter(c):
			j := i
			for j < len(rs) && unicode.IsLetter(rs[j]) && rs[j] != 'π' {
				j++
			}
			// split a run of letters into known names ("ipi" = i·pi)
			word := strings.ToLower(string(rs[i:j]))
			for len(word) > 0 {
				n := matchName(word)
				if n == "" {
					return nil, fmt.Errorf("calc: unknown name %q at %d", string(rs[i:j]), i)
				}
				toks = append(toks, token{tIdent, n, i})
				word = word[len(n):]
			}
			i = j
		case strings.ContainsRune("+-*/^()°,_", c):
			toks = append(toks, token{tOp, string(c), i})
			i++
		default:
			return nil, fmt.Errorf("calc: unexpected character %q at %d", c, i)
		}
	}
	return append(toks, token{tEOF, "", len(rs)}), nil
}

var names = []string{"sqrt", "frac", "sin", "cos", "tan", "log", "ln", "pi", "e", "i"}

func matchName(w string) string {
	for _, n := range names {
		if strings.HasPrefix(w, n) {
			return n
		}
	}
	return ""
}

type parser struct {
	toks     []token
	p        int
	opts     Options
	deadline time.Time
	depth    int
}

func (ps *parser) peek() token { return ps.toks[ps.p] }
func (ps *parser) next() token {
	t := ps.toks[ps.p]
	if t.kind != tEOF {
		ps.p++
	}
	return t
}
func (ps *parser) isOp(s string) bool {
	t := ps.peek()
	return t.kind == tOp && t.text == s
}

func (ps *parser) enter() error {
	ps.depth++
	if ps.depth > maxDepth {
		return errors.New("calc: expression nested too deeply")
	}
	if time.Now().After(ps.deadline) {
		return ErrTimeout
	}
	return nil
}

func (ps *parser) leave() { ps.depth-- }

// Eval evaluates an arithmetic expression such as "(44 + 97) * 61 * 65=",
// "sin(-30°)", "log 2(71)", "7.3947**2.5384" or "e^(iπ)+1". A trailing "=" is
// ignored. Angles are in radians unless marked with °.
func Eval(expr string, opts Options) (v Value, err error) {
	defer func() {
		if r := recover(); r != nil { // a bug must not take down a whole run
			err = fmt.Errorf("calc: internal error on %q: %v", expr, r)
		}
	}()
	if len(expr) > maxInputLen {
		return Value{}, errors.New("calc: expression too long")
	}
	s := strings.TrimSpace(normalize(expr))
	s = strings.TrimSpace(strings.TrimRight(s, "=?"))
	if s == "" {
		return Value{}, ErrNotArithmetic
	}
	toks, err := lex(s)
	if err != nil {
		return Value{}, err
	}
	timeout := opts.Timeout
	if timeout == 0 {
		timeout = time.Second
	}
	ps := &parser{toks: toks, opts: opts, deadline: time.Now().Add(timeout)}
	v, err = ps.expr()
	if err != nil {
		return Value{}, err
	}
	if t := ps.peek(); t.kind != tEOF {
		return Value{}, fmt.Errorf("calc: unexpected %q at %d", t.text, t.pos)
	}
	return v, nil
}

func (ps *parser) expr() (Value, error) {
	if err := ps.enter(); err != nil {
		return Value{}, err
	}
	defer ps.leave()
	v, err := ps.term()
	if err != nil {
		return Value{}, err
	}
	for ps.isOp("+") || ps.isOp("-") {
		op := ps.next().text
		w, err := ps.term()
		if err != nil {
			return Value{}, err
		}
		if v, err = add(v, w, op == "-"); err != nil {
			return Value{}, err
		}
	}
	return v, nil
}

// startsPrimary reports whether the next token can begin a factor that
// multiplies implicitly ("0.5π", "2(3+4)", "iπ").
func (ps *parser) startsPrimary() bool {
	t := ps.peek()
	return t.kind == tNum || t.kind == tIdent || (t.kind == tOp && t.text == "(")
}

func (ps *parser) term() (Value, error) {
	v, err := ps.unary()
	if err != nil {
		return Value{}, err
	}
	for {
		switch {
		case ps.isOp("*"):
			ps.next()
			w, err := ps.unary()
			if err != nil {
				return Value{}, err
			}
			if v, err = mul(v, w); err != nil {
				return Value{}, err
			}
		case ps.isOp("/"):
			ps.next()
			w, err := ps.unary()
			if err != nil {
				return Value{}, err
			}
			if v, err = div(v, w); err != nil {
				return Value{}, err
			}
		case ps.startsPrimary():
			w, err := ps.power()
			if err != nil {
				return Value{}, err
			}
			if v, err = mul(v, w); err != nil {
				return Value{}, err
			}
		default:
			return v, nil
		}
	}
}

func (ps *parser) unary() (Value, error) {
	if err := ps.enter(); err != nil {
		return Value{}, err
	}
	defer ps.leave()
	if ps.isOp("-") {
		ps.next()
		v, err := ps.unary()
		if err != nil {
			return Value{}, err
		}
		return neg(v), nil
	}
	if ps.isOp("+") {
		ps.next()
		return ps.unary()
	}
	return ps.power()
}

// power parses base^exponent, right-associative, binding tighter than a
// leading minus (-2^2 = -4).
func (ps *parser) power() (Value, error) {
	isE := ps.peek().kind == tIdent && ps.peek().text == "e" && ps.opts.E == nil
	v, err := ps.postfix()
	if err != nil {
		return Value{}, err
	}
	if ps.isOp("^") {
		ps.next()
		w, err := ps.unary()
		if err != nil {
			return Value{}, err
		}
		return pow(v, w, isE && v.Exact == nil)
	}
	return v, nil
}

func (ps *parser) postfix() (Value, error) {
	v, err := ps.primary()
	if err != nil {
		return Value{}, err
	}
	for ps.isOp("°") {
		ps.next()
		d := floatVal(newF().Quo(ps.pi().Re, fInt(180)), nil)
		if ps.opts.Pi != nil {
			d = exactVal(new(big.Rat).Quo(ps.opts.Pi, big.NewRat(180, 1)))
		}
		if v, err = mul(v, d); err != nil {
			return Value{}, err
		}
	}
	return v, nil
}

func (ps *parser) pi() Value {
	if ps.opts.Pi != nil {
		return exactVal(new(big.Rat).Set(ps.opts.Pi))
	}
	return floatVal(Pi(), nil)
}

func (ps *parser) primary() (Value, error) {
	if err := ps.enter(); err != nil {
		return Value{}, err
	}
	defer ps.leave()
	t := ps.next()
	switch t.kind {
	case tNum:
		r, ok := new(big.Rat).SetString(t.text)
		if !ok {
			return Value{}, fmt.Errorf("calc: bad number %q at %d", t.text, t.pos)
		}
		return exactVal(r), nil
	case tOp:
		if t.text == "(" {
			v, err := ps.expr()
			if err != nil {
				return Value{}, err
			}
			if !ps.isOp(")") {
				return Value{}, fmt.Errorf("calc: missing ')' at %d", ps.peek().pos)
			}
			ps.next()
			return v, nil
		}
		return Value{}, fmt.Errorf("calc: unexpected %q at %d", t.text, t.pos)
	case tIdent:
		return ps.ident(t)
	}
	return Value{}, errors.New("calc: unexpected end of expression")
}

func (ps *parser) ident(t token) (Value, error) {
	switch t.text {
	case "pi":
		return ps.pi(), nil
	case "e":
		if ps.opts.E != nil {
			return exactVal(new(big.Rat).Set(ps.opts.E)), nil
		}
		e, err := bigExp(fInt(1))
		return floatVal(e, nil), err
	case "i":
		return floatVal(newF(), fInt(1)), nil
	case "frac":
		a, err := ps.primary()
		if err != nil {
			return Value{}, err
		}
		b, err := ps.primary()
		if err != nil {
			return Value{}, err
		}
		return div(a, b)
	case "sqrt":
		a, err := ps.postfix()
		if err != nil {
			return Value{}, err
		}
		return pow(a, exactVal(big.NewRat(1, 2)), false)
	case "sin", "cos", "tan", "ln":
		a, err := ps.power()
		if err != nil {
			return Value{}, err
		}
		return fn(t.text, a, nil)
	case "log":
		return ps.log()
	}
	return Value{}, fmt.Errorf("calc: unknown name %q at %d", t.text, t.pos)
}

// log parses the base forms MATH 401 and its variants write: "log 2(71)",
// "log_2(71)", "log_{2}(71)" (braces already turned into parentheses),
// "log2(71)" and "log(71)" (base 10).
func (ps *parser) log() (Value, error) {
	var base *Value
	if ps.isOp("_") {
		ps.next()
		b, err := ps.primary()
		if err != nil {
			return Value{}, err
		}
		base = &b
	} else if ps.peek().kind == tNum || (ps.peek().kind == tIdent && ps.peek().text == "e") {
		b, err := ps.primary()
		if err != nil {
			return Value{}, err
		}
		base = &b
	}
	a, err := ps.power()
	if err != nil {
		return Value{}, err
	}
	if base == nil {
		ten := exactVal(big.NewRat(10, 1))
		base = &ten
	}
	return fn("log", a, base)
}

func fn(name string, a Value, base *Value) (Value, error) {
	if !a.IsReal() {
		return Value{}, fmt.Errorf("calc: %s of a complex number", name)
	}
	switch name {
	case "sin", "cos", "tan":
		if a.Exact != nil && a.Exact.Sign() == 0 {
			if name == "cos" {
				return exactVal(big.NewRat(1, 1)), nil
			}
			return exactVal(new(big.Rat)), nil
		}
		s, c, err := sinCos(a.Re)
		if err != nil {
			return Value{}, err
		}
		switch name {
		case "sin":
			return floatVal(s, nil), nil
		case "cos":
			return floatVal(c, nil), nil
		}
		// cos of an odd multiple of π/2 computes to about 2^-prec, not 0.
		if c.Sign() == 0 || c.MantExp(nil) < -(prec-40) {
			return Value{}, errors.New("calc: tan is undefined at an odd multiple of π/2")
		}
		return floatVal(s.Quo(s, c), nil), nil
	case "ln", "log":
		if a.Re.Sign() <= 0 {
			return Value{}, fmt.Errorf("calc: %s of a non-positive number", name)
		}
		l, err := bigLn(a.Re)
		if err != nil {
			return Value{}, err
		}
		if name == "ln" {
			return floatVal(l, nil), nil
		}
		if !base.IsReal() || base.Re.Sign() <= 0 {
			return Value{}, errors.New("calc: logarithm base must be positive")
		}
		lb, err := bigLn(base.Re)
		if err != nil {
			return Value{}, err
		}
		if lb.Sign() == 0 {
			return Value{}, errors.New("calc: logarithm base 1")
		}
		return floatVal(l.Quo(l, lb), nil), nil
	}
	return Value{}, fmt.Errorf("calc: unknown function %s", name)
}
