package hardmath

import (
	"context"
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/matheval/matheval/expr"
	"github.com/matheval/matheval/latex"
)

// SharedEvaluator evaluates a formula with the project's shared engine
// (latex.Parse, then expr.Eval at 64 bits under a 100 ms deadline). It takes
// odd roots of negative numbers as real, which is the released ODE and
// integral answers' convention; it cannot give the principal complex branch
// the root answers need (sympy's root(-10, 5) = 1.28+0.93i), so the
// default evaluator uses it for real-valued formulas only, with the
// package's own (latexeval.go) for the rest and as a fallback; a test checks
// the two agree on every real-valued reference formula of HARDMath-mini.
func SharedEvaluator(src string, vars map[string]complex128, realRoots bool) (complex128, error) {
	if !realRoots {
		return 0, fmt.Errorf("the shared engine has no principal-branch mode")
	}
	n, err := latex.Parse(src)
	if err != nil {
		return 0, err
	}
	if err := knownFunctions(n); err != nil {
		return 0, err
	}
	env := map[string]*big.Rat{}
	for v := range expr.FreeVars(n) {
		val, ok := vars[v]
		if !ok {
			val, ok = vars[strings.TrimPrefix(v, `\`)]
		}
		if !ok {
			return 0, fmt.Errorf("unknown variable %q", v)
		}
		if imag(val) != 0 {
			return 0, fmt.Errorf("complex value for %s", v)
		}
		r := new(big.Rat)
		if r.SetFloat64(real(val)) == nil {
			return 0, fmt.Errorf("value of %s not finite", v)
		}
		env[v] = r
	}
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	c, err := expr.Eval(ctx, n, 64, env, expr.EvalOptions{})
	if err != nil {
		return 0, err
	}
	re, _ := c.Re.Float64()
	im, _ := c.Im.Float64()
	return complex(re, im), nil
}

// sharedPrincipal evaluates a formula with the shared engine on the
// principal branch: a fractional power of a negative real number, where the
// engine takes the real odd root, is rewritten first as
// (-b)^q = |b|^q e^{i pi q}. SymPy's I is the imaginary unit. Until the engine
// evaluates on the principal branch itself, root answers the package's own
// evaluator cannot read (SymPy strings: "(1/epsilon)**(1/6)*exp(I*pi/3)")
// are evaluated here.
func sharedPrincipal(src string, vars map[string]complex128) (complex128, error) {
	n, err := latex.Parse(src)
	if err != nil {
		return 0, err
	}
	if err := knownFunctions(n); err != nil {
		return 0, err
	}
	n = expr.Substitute(n, "I", &expr.Sym{Name: expr.I})
	env := map[string]*big.Rat{}
	for v := range expr.FreeVars(n) {
		val, ok := vars[v]
		if !ok {
			val, ok = vars[strings.TrimPrefix(v, `\`)]
		}
		if !ok || imag(val) != 0 {
			return 0, fmt.Errorf("unknown variable %q", v)
		}
		r := new(big.Rat)
		if r.SetFloat64(real(val)) == nil {
			return 0, fmt.Errorf("value of %s not finite", v)
		}
		env[v] = r
	}
	lim := func() *expr.Limits { return &expr.Limits{Deadline: time.Now().Add(100 * time.Millisecond)} }
	n, err = principalPowers(n, env, lim)
	if err != nil {
		return 0, err
	}
	c, err := expr.Eval(n, 64, env, lim())
	if err != nil {
		return 0, err
	}
	re, _ := c.Re.Float64()
	im, _ := c.Im.Float64()
	return complex(re, im), nil
}

// principalPowers rewrites every b^q with q not an integer and b negative
// real at the point (env) as |b|^q e^{i pi q}, the principal branch.
// (Remove once expr evaluates on the principal branch itself.)
func principalPowers(n expr.Node, env map[string]*big.Rat, lim func() *expr.Limits) (expr.Node, error) {
	var err error
	rec := func(m expr.Node) expr.Node {
		if err != nil {
			return m
		}
		var r expr.Node
		r, err = principalPowers(m, env, lim)
		return r
	}
	switch t := n.(type) {
	case *expr.Num, *expr.Sym:
		return n, nil
	case *expr.Neg:
		return &expr.Neg{X: rec(t.X)}, err
	case *expr.Add:
		out := &expr.Add{}
		for _, x := range t.Terms {
			out.Terms = append(out.Terms, rec(x))
		}
		return out, err
	case *expr.Mul:
		out := &expr.Mul{}
		for _, x := range t.Factors {
			out.Factors = append(out.Factors, rec(x))
		}
		return out, err
	case *expr.Call:
		out := &expr.Call{Fn: t.Fn}
		for _, x := range t.Args {
			out.Args = append(out.Args, rec(x))
		}
		return out, err
	case *expr.Pow:
		base, exp := rec(t.Base), rec(t.Exp)
		if err != nil {
			return nil, err
		}
		if q, e := expr.Rational(exp, lim()); e == nil && q.IsInt() {
			return &expr.Pow{Base: base, Exp: exp}, nil
		}
		b, e := expr.Eval(base, 64, env, lim())
		if e != nil {
			return nil, e
		}
		if !b.IsReal() || b.Re.Sign() >= 0 {
			return &expr.Pow{Base: base, Exp: exp}, nil
		}
		// (-|b|)^q = |b|^q e^{i pi q}
		phase := &expr.Call{Fn: "exp", Args: []expr.Node{&expr.Mul{Factors: []expr.Node{&expr.Sym{Name: expr.I}, &expr.Sym{Name: expr.Pi}, exp}}}}
		return &expr.Mul{Factors: []expr.Node{&expr.Pow{Base: &expr.Neg{X: base}, Exp: exp}, phase}}, nil
	}
	return nil, fmt.Errorf("not a formula: %s", n)
}

// evalFunctions are the functions a formula may apply to be evaluated at a
// point. The engine gives any other function a pseudo-random value (so
// that equal applications compare equal), which must never count as an
// answer's value: "y = f(x)" is no formula.
var evalFunctions = map[string]bool{"sqrt": true, "exp": true, "ln": true, "log": true, "abs": true,
	"sin": true, "cos": true, "tan": true, "cot": true, "sec": true, "csc": true,
	"sinh": true, "cosh": true, "tanh": true, "coth": true, "sech": true, "csch": true,
	"asin": true, "acos": true, "atan": true, "acot": true, "asec": true, "acsc": true, "fact": true}

func knownFunctions(n expr.Node) error {
	var bad string
	expr.Walk(n, func(m expr.Node) bool {
		if c, ok := m.(*expr.Call); ok && !evalFunctions[c.Fn] && bad == "" {
			bad = c.Fn
		}
		return bad == ""
	})
	if bad != "" {
		return fmt.Errorf("unknown function %q", bad)
	}
	return nil
}
