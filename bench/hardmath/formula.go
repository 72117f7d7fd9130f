package hardmath

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"math/cmplx"
	"sort"
	"strings"
	"time"

	"github.com/matheval/matheval/expr"
	"github.com/matheval/matheval/latex"
)

// Formulas in HARDMath (answers, references, ODE right-hand sides, Laplace
// exponents) are parsed by latex and evaluated at points by expr, in
// complex arithmetic. Two conventions: references and answers for ODEs and
// integrals take odd roots of negative numbers as real; root answers and
// nondimensionalization take the principal branch, as sympy does. SymPy's
// I is the imaginary unit, \log is the natural logarithm, and a function
// outside the elementary ones has no value (the engine would give it an
// opaque one).

// evalOptions select the branch convention.
type evalOptions struct {
	// realRoots makes x^(p/q) with q odd real for negative real x;
	// otherwise powers take the principal complex branch.
	realRoots bool
}

// formula is a parsed formula.
type formula struct {
	n    expr.Node
	src  string
	vars []string // free variables, found once
}

// maxFormulaLen bounds what is parsed.
const maxFormulaLen = 20000

// evalTimeout bounds one evaluation of a formula at a point when the
// caller has no deadline of its own.
const evalTimeout = 100 * time.Millisecond

// parseFormula parses a formula for evaluation.
func parseFormula(src string) (*formula, error) {
	if len(src) > maxFormulaLen {
		return nil, fmt.Errorf("formula longer than %d characters", maxFormulaLen)
	}
	n, err := latex.Parse(src)
	if err != nil {
		return nil, fmt.Errorf("cannot parse %q: %v", short(src), err)
	}
	if err := knownFunctions(n); err != nil {
		return nil, err
	}
	n = expr.Substitute(n, "I", &expr.Sym{Name: expr.I})
	f := &formula{n: n, src: src}
	for v := range expr.FreeVars(n) {
		f.vars = append(f.vars, v)
	}
	sort.Strings(f.vars) // reasons name the first unknown one: the same every run
	return f, nil
}

func short(s string) string {
	if len(s) > 80 {
		return s[:77] + "..."
	}
	return s
}

// eval evaluates f at the given values of its variables (a name may be
// given with or without its backslash: "epsilon" binds \epsilon) under
// ctx.
func (f *formula) eval(ctx context.Context, vars map[string]complex128, o evalOptions) (complex128, error) {
	c, err := f.evalBig(ctx, vars, o)
	if err != nil {
		return 0, err
	}
	re, _ := c.Re.Float64()
	im, _ := c.Im.Float64()
	return complex(re, im), nil
}

// evalBig is eval in expr's arbitrary precision (64 bits), whose exponent
// range holds values float64 cannot (e^{-731}, e^{800}).
func (f *formula) evalBig(ctx context.Context, vars map[string]complex128, o evalOptions) (expr.Complex, error) {
	env := make(map[string]expr.Complex, len(f.vars))
	for _, v := range f.vars {
		val, ok := lookupVar(vars, v)
		if !ok {
			return expr.Complex{}, fmt.Errorf("unknown variable %q", v)
		}
		re, im := new(big.Float).SetPrec(64), new(big.Float).SetPrec(64)
		if math.IsNaN(real(val)) || math.IsInf(real(val), 0) || math.IsNaN(imag(val)) || math.IsInf(imag(val), 0) {
			return expr.Complex{}, fmt.Errorf("value of %s not finite", v)
		}
		re.SetFloat64(real(val))
		im.SetFloat64(imag(val))
		env[v] = expr.Complex{Re: re, Im: im}
	}
	opt := expr.EvalOptions{Branch: expr.Principal, NaturalLog: true}
	if o.realRoots {
		opt.Branch = expr.RealRoots
	}
	return expr.EvalComplex(ctx, f.n, 64, env, opt)
}

// relDistanceBig is |p - r| / |r| for the formulas pred and ref at the
// given values, computed in arbitrary precision: for points where the
// reference is beyond float64 (a Laplace integral's e^{-4.1 x} at x = 180
// is 1e-320, below float64's normal range; e^{0.7 x} at 1100 overflows).
// Each evaluation runs under its own deadline.
func relDistanceBig(ctx context.Context, pred, ref string, vars map[string]complex128) (float64, error) {
	r, err := evalLatexBig(ctx, ref, vars)
	if err != nil {
		return 0, fmt.Errorf("reference: %w", err)
	}
	p, err := evalLatexBig(ctx, pred, vars)
	if err != nil {
		return 0, err
	}
	d := expr.Complex{Re: new(big.Float).SetPrec(64).Sub(p.Re, r.Re), Im: new(big.Float).SetPrec(64).Sub(p.Im, r.Im)}
	den := absBig(r)
	if den.Sign() == 0 {
		return 0, fmt.Errorf("reference is 0")
	}
	q, _ := new(big.Float).SetPrec(64).Quo(absBig(d), den).Float64()
	return q, nil
}

// evalLatexBig is evalLatex in arbitrary precision (real roots), under its
// own deadline within ctx's.
func evalLatexBig(ctx context.Context, src string, vars map[string]complex128) (expr.Complex, error) {
	f, err := parseFormula(src)
	if err != nil {
		return expr.Complex{}, err
	}
	ctx, cancel := context.WithTimeout(ctx, evalTimeout)
	defer cancel()
	return f.evalBig(ctx, vars, evalOptions{realRoots: true})
}

// absBig is |c|.
func absBig(c expr.Complex) *big.Float {
	re := new(big.Float).SetPrec(64).Mul(c.Re, c.Re)
	im := new(big.Float).SetPrec(64).Mul(c.Im, c.Im)
	return re.Add(re, im).Sqrt(re)
}

// evalLatex parses and evaluates a formula at a point, under its own
// deadline within ctx's.
func evalLatex(ctx context.Context, src string, vars map[string]complex128, o evalOptions) (complex128, error) {
	f, err := parseFormula(src)
	if err != nil {
		return 0, err
	}
	ctx, cancel := context.WithTimeout(ctx, evalTimeout)
	defer cancel()
	return f.evalFast(ctx, vars, o)
}

// evalFast evaluates in complex128 through expr.Compile (the same
// conventions, a hundred times cheaper than arbitrary precision, which
// HARDMath's 10% tolerances and float64 ground truths do not need), and
// with expr's arbitrary precision where the tree does not compile.
func (f *formula) evalFast(ctx context.Context, vars map[string]complex128, o evalOptions) (complex128, error) {
	names := make([]string, 0, len(f.vars))
	args := make([]complex128, 0, len(f.vars))
	for _, v := range f.vars {
		val, ok := lookupVar(vars, v)
		if !ok {
			return 0, fmt.Errorf("unknown variable %q", v)
		}
		names = append(names, v)
		args = append(args, val)
	}
	c, err := f.compile(ctx, names, o)
	if err != nil {
		return f.eval(ctx, vars, o)
	}
	v, err := c(args)
	if err == nil && (cmplx.IsNaN(v) || cmplx.IsInf(v)) {
		err = expr.ErrDomain
	}
	return v, err
}

// evalFunctions are the functions a formula may apply to be evaluated at a
// point. The engine gives any other function an opaque value (so that equal
// applications compare equal), which must never count as an answer's
// value: "y = f(x)" is no formula.
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

// compile compiles f for the inner loops of numerical methods (an ODE's
// right-hand side, a Laplace integrand), with the variables in the order
// of names (a name binds its tree symbol with or without the backslash).
// It keeps the shared engine's conventions (expr.Compile); a test checks
// it agrees with expr's arbitrary-precision evaluation on every released
// ODE and Laplace formula.
func (f *formula) compile(ctx context.Context, names []string, o evalOptions) (expr.Compiled, error) {
	order := make([]string, len(names))
	copy(order, names)
	for _, v := range f.vars {
		found := false
		for i, n := range names {
			if v == n || strings.TrimPrefix(v, `\`) == n {
				order[i], found = v, true
			}
		}
		if !found {
			return nil, fmt.Errorf("unknown variable %q", v)
		}
	}
	opt := expr.EvalOptions{Branch: expr.Principal, NaturalLog: true}
	if o.realRoots {
		opt.Branch = expr.RealRoots
	}
	return expr.Compile(ctx, f.n, order, opt)
}

// lookupVar finds a tree symbol's value: by its name, without its
// backslash (\epsilon binds as "epsilon"), and \varepsilon as epsilon (the
// same letter; the engine keeps the two spellings apart).
func lookupVar(vars map[string]complex128, v string) (complex128, bool) {
	if val, ok := vars[v]; ok {
		return val, true
	}
	if v == `\varepsilon` {
		v = "epsilon"
	}
	val, ok := vars[strings.TrimPrefix(v, `\`)]
	return val, ok
}
