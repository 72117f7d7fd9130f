package calc

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/matheval/matheval/expr"
	"github.com/matheval/matheval/latex"
	"github.com/matheval/matheval/texscan"
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

// Value is the result of an evaluation: exact as a rational when the
// engine's exact path applies (integers, decimals, + - × ÷, integer powers,
// trigonometric values at rational multiples of π that are rational),
// otherwise a high-precision float. Im is the imaginary part (non-nil only
// for complex values such as the rounding residue of e^(iπ)).
type Value struct {
	Exact *big.Rat   // nil when the value is not known exactly
	Re    *big.Float // always set
	Im    *big.Float // nil for real values
}

// IsReal reports whether v has no imaginary part.
func (v Value) IsReal() bool { return v.Im == nil || v.Im.Sign() == 0 }

// Rat returns v's real part as a rational: exactly when known exactly,
// else the binary float's exact rational value.
func (v Value) Rat() *big.Rat {
	if v.Exact != nil {
		return new(big.Rat).Set(v.Exact)
	}
	r, _ := v.Re.Rat(nil)
	if r == nil { // infinities are refused by Eval
		return new(big.Rat)
	}
	return r
}

// prec is the working precision in bits. MATH 401 answers are rounded to 4
// decimals, so 320 bits (about 96 decimal digits) leaves a wide margin even
// after range reduction of angles like 10π: rounding to 4 places from the
// float is then right unless the value lies within 10^-90 of a half, and
// values that are exact halves come from the exact path.
const prec = 320

// Limits on the input, so that evaluation stays small and fast.
const (
	maxInputLen = 4096
	maxDepth    = 200
	// maxExp bounds |log2| of every value on the float path (the engine's
	// Limits.MaxExp): magnitudes up to 2^128, e^x for x up to about 89 and
	// sin/cos/tan arguments below 2^32 (the engine refuses trigonometric
	// arguments past 2^(maxExp/4), where range reduction would need
	// thousands of extra bits). MATH 401 stays far inside.
	maxExp = 128
)

// ErrTimeout says an evaluation ran past its deadline.
var ErrTimeout = errors.New("calc: deadline exceeded")

// Pi returns π to the working precision.
func Pi() *big.Float { return expr.PiFloat(prec) }

// calcFuncs are the functions an arithmetic query may apply; any other name
// would be an uninterpreted function to the engine (a pseudo-random value).
var calcFuncs = map[string]bool{"sin": true, "cos": true, "tan": true, "ln": true, "log": true,
	"sqrt": true, "deg": true, "exp": true}

// Eval evaluates an arithmetic expression such as "(44 + 97) * 61 * 65=",
// "sin(-30°)", "log 2(71)", "7.3947**2.5384" or "e^(iπ)+1" with the shared
// engine (latex.Parse, then expr.Rational or expr.Eval). A trailing "=" is
// ignored. Angles are in radians unless marked with °. The evaluation stops
// at ctx's deadline or after opts.Timeout, whichever comes first.
func Eval(ctx context.Context, s string, opts Options) (v Value, err error) {
	if err := ctx.Err(); err != nil {
		return Value{}, fmt.Errorf("calc: %w", err)
	}
	if len(s) > maxInputLen {
		return Value{}, errors.New("calc: expression too long")
	}
	q := strings.TrimSpace(s)
	q = strings.TrimSpace(strings.TrimRight(q, "=?"))
	if q == "" {
		return Value{}, ErrNotArithmetic
	}
	if bracketDepth(q) > maxDepth {
		return Value{}, errors.New("calc: expression nested too deeply")
	}
	q = rightAssoc(strings.ReplaceAll(q, "**", "^"))
	timeout := opts.Timeout
	if timeout == 0 {
		timeout = time.Second
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	lim := expr.Limits{MaxExp: maxExp}
	n, err := latex.Parse(q)
	if err != nil {
		return Value{}, fmt.Errorf("calc: %v", err)
	}
	if err := checkArithmetic(n, 0); err != nil {
		return Value{}, err
	}
	n = withConstants(n, opts)
	if r, err := expr.Rational(ctx, n, lim); err == nil {
		return Value{Exact: r, Re: new(big.Float).SetPrec(prec).SetRat(r)}, nil
	} else if !errors.Is(err, expr.ErrNotRational) {
		return Value{}, engineErr(err)
	}
	c, err := expr.Eval(ctx, n, prec, nil, expr.EvalOptions{Limits: lim})
	if err != nil {
		return Value{}, engineErr(err)
	}
	if c.Re.IsInf() || c.Im.IsInf() {
		return Value{}, errors.New("calc: number too large")
	}
	v = Value{Re: c.Re}
	if c.Im.Sign() != 0 {
		v.Im = c.Im
	}
	return v, nil
}

func engineErr(err error) error {
	switch {
	case errors.Is(err, expr.ErrDeadline):
		return ErrTimeout
	case errors.Is(err, expr.ErrLimit):
		return errors.New("calc: number too large")
	case errors.Is(err, expr.ErrDomain):
		return errors.New("calc: undefined (division by zero, tan at an odd multiple of π/2, log of 0, ...)")
	}
	return fmt.Errorf("calc: %v", err)
}

// bracketDepth is the deepest nesting of brackets in s: checked before
// parsing so that a hostile query is refused before any recursion.
func bracketDepth(s string) int {
	d, max := 0, 0
	for _, c := range s {
		switch c {
		case '(', '[', '{':
			d++
			if d > max {
				max = d
			}
		case ')', ']', '}':
			d--
		}
	}
	return max
}

// checkArithmetic accepts only trees of numbers, π, e, i, the four
// operations, powers and calcFuncs: "hello" parses as a product of
// variables and "x=1" as a relation, neither of which has a value.
func checkArithmetic(n expr.Node, depth int) error {
	if depth > 2*maxDepth {
		return errors.New("calc: expression nested too deeply")
	}
	switch t := n.(type) {
	case *expr.Num:
		return nil
	case *expr.Sym:
		if t.Name == expr.Pi || t.Name == expr.E || t.Name == expr.I {
			return nil
		}
		return fmt.Errorf("%w: unknown name %q", ErrNotArithmetic, t.Name)
	case *expr.Neg, *expr.Add, *expr.Mul, *expr.Pow:
	case *expr.Call:
		if !calcFuncs[t.Fn] {
			return fmt.Errorf("%w: unknown function %q", ErrNotArithmetic, t.Fn)
		}
	default:
		return fmt.Errorf("%w: %s is not a number", ErrNotArithmetic, n)
	}
	for _, c := range expr.Children(n) {
		if err := checkArithmetic(c, depth+1); err != nil {
			return err
		}
	}
	return nil
}

// withConstants replaces π and e by the values in opts (when set), degree
// marks included, so that the whole expression stays exact.
func withConstants(n expr.Node, opts Options) expr.Node {
	if opts.Pi != nil {
		n = degToRad(n, opts.Pi)
		n = expr.Substitute(n, expr.Pi, expr.Rat(opts.Pi))
	}
	if opts.E != nil {
		n = expr.Substitute(n, expr.E, expr.Rat(opts.E))
	}
	return n
}

// degToRad rewrites deg(x) as x·π/180 with the given π (the engine's deg
// always uses the true π).
func degToRad(n expr.Node, pi *big.Rat) expr.Node {
	switch t := n.(type) {
	case *expr.Neg:
		return &expr.Neg{X: degToRad(t.X, pi)}
	case *expr.Add:
		return &expr.Add{Terms: degToRadAll(t.Terms, pi)}
	case *expr.Mul:
		return &expr.Mul{Factors: degToRadAll(t.Factors, pi)}
	case *expr.Pow:
		return &expr.Pow{Base: degToRad(t.Base, pi), Exp: degToRad(t.Exp, pi)}
	case *expr.Call:
		args := degToRadAll(t.Args, pi)
		if t.Fn == "deg" && len(args) == 1 {
			return &expr.Mul{Factors: []expr.Node{args[0], expr.Rat(new(big.Rat).Quo(pi, big.NewRat(180, 1)))}}
		}
		return &expr.Call{Fn: t.Fn, Args: args}
	}
	return n
}

func degToRadAll(ns []expr.Node, pi *big.Rat) []expr.Node {
	out := make([]expr.Node, len(ns))
	for i, x := range ns {
		out[i] = degToRad(x, pi)
	}
	return out
}

// rightAssoc braces chains of powers so that they group to the right as a
// calculator reads them ("2^3^2" = 2^(3^2) = 512); latex.Parse, reading
// LaTeX, groups a^b^c to the left.
func rightAssoc(s string) string {
	if strings.Count(s, "^") < 2 {
		return s
	}
	if !utf8.ValidString(s) {
		// as a calculator has always read it: each invalid byte one U+FFFD
		s = string([]rune(s))
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		b.WriteByte(s[i])
		if s[i] == '^' {
			exp, end := powChain(s, i+1)
			b.WriteString(exp)
			i = end - 1
		}
	}
	return b.String()
}

// powChain reads the exponent that starts at byte offset i of s (an
// optionally signed number, name or bracketed group) and, when another ^
// follows it, the rest of the chain, which it braces: "3^2" becomes
// "{3^2}". It reads texscan's tokens, so that a group is what texscan.Match
// reads under braces and parentheses together (one shared depth, as a
// calculator's "(…}" was always read): an escaped brace or a \( is a
// character, never a bracket, and an unclosed group runs to the end.
func powChain(s string, i int) (string, int) {
	j := skipBlanks(s, i)
	if j < len(s) && (s[j] == '-' || s[j] == '+') {
		j++
	}
	if g, err := texscan.Match(s, j, texscan.Braces|texscan.Parens, texscan.Limits{}); err == nil {
		j = g.End
	} else if t, ok := texscan.NewScanner(s, j).Peek(); ok && (t.Kind == texscan.Open || t.Text == "(") {
		j = len(s) // a group never closed
	} else {
		// a number or a name: words, numbers, dots and the non-ASCII
		// letters and digits (π), which texscan reads one rune a token
		for sc := texscan.NewScanner(s, j); ; {
			t, ok := sc.Next()
			if !ok || !operandToken(t) {
				break
			}
			j = t.End()
		}
	}
	op := s[i:j]
	if strings.TrimSpace(op) == "" {
		return op, j
	}
	op = rightAssoc(op)
	if k := skipBlanks(s, j); k < len(s) && s[k] == '^' {
		rest, end := powChain(s, k+1)
		return "{" + op + "^" + rest + "}", end
	}
	return op, j
}

// operandToken reports whether t belongs to a bare exponent: a word, a
// number, a dot, or a letter or digit outside ASCII.
func operandToken(t texscan.Token) bool {
	switch t.Kind {
	case texscan.Word, texscan.Number:
		return true
	case texscan.Punct:
		return t.Text == "."
	case texscan.Char:
		r, _ := utf8.DecodeRuneInString(t.Text)
		return r != utf8.RuneError && (unicode.IsDigit(r) || unicode.IsLetter(r))
	}
	return false
}

// skipBlanks returns the offset of the first byte at or after i that is not
// an ASCII space.
func skipBlanks(s string, i int) int {
	for i < len(s) && s[i] == ' ' {
		i++
	}
	return i
}
