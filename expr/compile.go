package expr

import (
	"context"
	"fmt"
	"math"
	"math/cmplx"
)

// Compiled is a tree compiled for fast evaluation in complex128: the inner
// loops of numerical methods (an ODE's right-hand side, an integrand)
// evaluate one formula hundreds of thousands of times, where Eval's
// arbitrary precision costs fifty to a hundred times more. Its arguments
// are the values of the variables in the order given to Compile.
type Compiled func(args []complex128) (complex128, error)

// Compile compiles n for evaluation in complex128 with Eval's conventions
// (opt.Branch for fractional powers of negative numbers, opt.NaturalLog):
// constant exponents are decided exactly here, so \sqrt[3]{x} of a
// negative x is real under RealRoots as with Eval. It supports numbers,
// the constants, the variables in vars, sums, products, powers, and the
// elementary functions; anything else is an error, and so is a variable
// not in vars. Division by an exact zero gives ErrDomain.
func Compile(ctx context.Context, n Node, vars []string, opt EvalOptions) (Compiled, error) {
	idx := map[string]int{}
	for i, v := range vars {
		idx[v] = i
	}
	c := compiler{ctx: ctx, idx: idx, opt: opt, lim: opt.Limits}
	return c.node(n)
}

type compiler struct {
	ctx context.Context
	idx map[string]int
	opt EvalOptions
	lim Limits
}

func (c compiler) node(n Node) (Compiled, error) {
	switch t := n.(type) {
	case *Num:
		v, _ := t.V.Float64()
		z := complex(v, 0)
		return func([]complex128) (complex128, error) { return z, nil }, nil
	case *Sym:
		switch t.Name {
		case Pi:
			return constant(math.Pi), nil
		case E:
			return constant(math.E), nil
		case I:
			return constant(1i), nil
		}
		i, ok := c.idx[t.Name]
		if !ok {
			return nil, fmt.Errorf("%w: %s", ErrUnbound, t.Name)
		}
		return func(a []complex128) (complex128, error) { return a[i], nil }, nil
	case *Neg:
		x, err := c.node(t.X)
		if err != nil {
			return nil, err
		}
		return func(a []complex128) (complex128, error) {
			v, err := x(a)
			return canon(-v), err
		}, nil
	case *Add:
		terms, err := c.nodes(t.Terms)
		if err != nil {
			return nil, err
		}
		return func(a []complex128) (complex128, error) {
			s := complex128(0)
			for _, f := range terms {
				v, err := f(a)
				if err != nil {
					return 0, err
				}
				s += v
			}
			return canon(s), nil
		}, nil
	case *Mul:
		fs, err := c.nodes(t.Factors)
		if err != nil {
			return nil, err
		}
		return func(a []complex128) (complex128, error) {
			p := complex128(1)
			for _, f := range fs {
				v, err := f(a)
				if err != nil {
					return 0, err
				}
				p *= v
			}
			return canon(p), nil
		}, nil
	case *Pow:
		return c.pow(t)
	case *Call:
		return c.call(t)
	}
	return nil, fmt.Errorf("expr: cannot compile %T", n)
}

func constant(z complex128) Compiled {
	return func([]complex128) (complex128, error) { return z, nil }
}

func (c compiler) nodes(ns []Node) ([]Compiled, error) {
	out := make([]Compiled, len(ns))
	for i, n := range ns {
		f, err := c.node(n)
		if err != nil {
			return nil, err
		}
		out[i] = f
	}
	return out, nil
}

func (c compiler) pow(t *Pow) (Compiled, error) {
	exp, err := c.node(t.Exp)
	if err != nil {
		return nil, err
	}
	if s, ok := t.Base.(*Sym); ok && s.Name == E {
		return func(a []complex128) (complex128, error) {
			x, err := exp(a)
			return cexp(x), err
		}, nil
	}
	base, err := c.node(t.Base)
	if err != nil {
		return nil, err
	}
	q, qerr := Rational(c.ctx, t.Exp, c.lim)
	if qerr != nil {
		// A variable exponent: the principal branch, as Eval.
		return func(a []complex128) (complex128, error) {
			b, err := base(a)
			if err != nil {
				return 0, err
			}
			x, err := exp(a)
			if err != nil {
				return 0, err
			}
			if b == 0 {
				if real(x) > 0 {
					return 0, nil
				}
				return 0, ErrDomain
			}
			if imag(b) == 0 && real(b) > 0 && imag(x) == 0 {
				return complex(math.Pow(real(b), real(x)), 0), nil
			}
			return cmplx.Pow(canon(b), x), nil
		}, nil
	}
	if q.IsInt() && q.Num().IsInt64() {
		k := q.Num().Int64()
		return func(a []complex128) (complex128, error) {
			b, err := base(a)
			if err != nil {
				return 0, err
			}
			return powInt128(b, k)
		}, nil
	}
	qf, _ := q.Float64()
	oddDen := q.Denom().Bit(0) == 1
	oddNum := q.Num().Bit(0) == 1
	realRoots := c.opt.Branch == RealRoots
	return func(a []complex128) (complex128, error) {
		b, err := base(a)
		if err != nil {
			return 0, err
		}
		if imag(b) == 0 {
			switch {
			case b == 0:
				if qf > 0 {
					return 0, nil
				}
				return 0, ErrDomain
			case real_(b) > 0:
				return complex(math.Pow(real_(b), qf), 0), nil
			case oddDen && realRoots:
				m := math.Pow(-real_(b), qf)
				if oddNum {
					m = -m
				}
				return complex(m, 0), nil
			}
		}
		return cmplx.Pow(canon(b), complex(qf, 0)), nil
	}, nil
}

func real_(z complex128) float64 { return real(z) }

// canon turns a negative zero imaginary part into +0: -(10+0i) is -10-0i in
// IEEE arithmetic, which cmplx.Pow and cmplx.Log would put on the lower
// side of the branch cut, where Eval's exact zero is on the principal side.
func canon(z complex128) complex128 {
	if imag(z) == 0 {
		return complex(real(z), 0)
	}
	return z
}

func cexp(z complex128) complex128 {
	if imag(z) == 0 {
		return complex(math.Exp(real(z)), 0)
	}
	return cmplx.Exp(z)
}

// powInt128 is z^k by squaring.
func powInt128(z complex128, k int64) (complex128, error) {
	if k < 0 {
		if z == 0 {
			return 0, ErrDomain
		}
		z, k = 1/z, -k
	}
	r := complex128(1)
	for k > 0 {
		if k&1 == 1 {
			r *= z
		}
		z *= z
		k >>= 1
	}
	return r, nil
}

func (c compiler) call(t *Call) (Compiled, error) {
	if len(t.Args) != 1 {
		return nil, fmt.Errorf("expr: cannot compile %s with %d arguments", t.Fn, len(t.Args))
	}
	x, err := c.node(t.Args[0])
	if err != nil {
		return nil, err
	}
	var re func(float64) float64
	var cx func(complex128) complex128
	switch t.Fn {
	case "sin":
		re, cx = math.Sin, cmplx.Sin
	case "cos":
		re, cx = math.Cos, cmplx.Cos
	case "tan":
		re, cx = math.Tan, cmplx.Tan
	case "sinh":
		re, cx = math.Sinh, cmplx.Sinh
	case "cosh":
		re, cx = math.Cosh, cmplx.Cosh
	case "tanh":
		re, cx = math.Tanh, cmplx.Tanh
	case "exp":
		re, cx = math.Exp, cmplx.Exp
	case "atan":
		re, cx = math.Atan, cmplx.Atan
	case "asin", "acos":
		// Real only inside [-1, 1]; the complex principal value outside,
		// as Eval's Principal branch (RealRoots: a domain error).
		r, z := math.Asin, cmplx.Asin
		if t.Fn == "acos" {
			r, z = math.Acos, cmplx.Acos
		}
		principal := c.opt.Branch == Principal
		return func(a []complex128) (complex128, error) {
			v, err := x(a)
			if err != nil {
				return 0, err
			}
			if imag(v) == 0 && math.Abs(real(v)) <= 1 {
				return complex(r(real(v)), 0), nil
			}
			if !principal {
				return 0, ErrDomain
			}
			return z(v), nil
		}, nil
	case "abs":
		return func(a []complex128) (complex128, error) {
			v, err := x(a)
			return complex(cmplx.Abs(v), 0), err
		}, nil
	case "sqrt":
		return func(a []complex128) (complex128, error) {
			v, err := x(a)
			if err != nil {
				return 0, err
			}
			if imag(v) == 0 && real(v) >= 0 {
				return complex(math.Sqrt(real(v)), 0), nil
			}
			return cmplx.Sqrt(canon(v)), nil
		}, nil
	case "ln", "log":
		scale := 1.0
		if t.Fn == "log" && !c.opt.NaturalLog {
			scale = 1 / math.Ln10
		}
		return func(a []complex128) (complex128, error) {
			v, err := x(a)
			if err != nil {
				return 0, err
			}
			if v == 0 {
				return 0, ErrDomain
			}
			if imag(v) == 0 && real(v) > 0 {
				return complex(math.Log(real(v))*scale, 0), nil
			}
			return cmplx.Log(canon(v)) * complex(scale, 0), nil
		}, nil
	default:
		return nil, fmt.Errorf("expr: cannot compile the function %s", t.Fn)
	}
	return func(a []complex128) (complex128, error) {
		v, err := x(a)
		if err != nil {
			return 0, err
		}
		if imag(v) == 0 {
			return complex(re(real(v)), 0), nil
		}
		return cx(v), nil
	}, nil
}
