package expr

import "math/big"

// Derivatives. \frac{d}{dx} f is Call{Fn: "diff", Args: [f, x]}: a
// function of x (not a binder: x stays free). Its value is the derivative
// tree built by the rules of the calculus — sums, products, quotients
// through negative powers, the chain rule, the power rule with a constant
// exponent, b^u and u^v through e^{v ln u}, and the elementary functions
// below — which the canonical-form builder then proves or refutes like any
// other answer. A function outside the rules has no derivative here
// (ErrUnknownFunction), never a numeric difference quotient.

// maxDerivSize bounds the tree a derivative may build.
const maxDerivSize = 20000

// derivative returns the derivative of the diff call's body in its
// variable.
func (l *state) derivative(t *Call) (Node, error) {
	if t.Fn != "diff" || len(t.Args) != 2 {
		return nil, ErrUnknownFunction
	}
	v, ok := t.Args[1].(*Sym)
	if !ok || IsConst(v.Name) {
		return nil, ErrUnknownFunction
	}
	budget := maxDerivSize
	body := t.Args[0]
	if in, ok := body.(*Call); ok && in.Fn == "diff" {
		// a derivative of a derivative (\frac{d^2}{dx^2}): the inner one
		// first
		d, err := l.derivative(in)
		if err != nil {
			return nil, err
		}
		body = d
	}
	return l.deriv(body, v.Name, &budget)
}

func (l *state) deriv(n Node, v string, budget *int) (Node, error) {
	if err := l.check(); err != nil {
		return nil, err
	}
	*budget -= 1
	if *budget < 0 {
		return nil, ErrLimit
	}
	if !FreeVars(n)[v] {
		return Int(0), nil
	}
	switch t := n.(type) {
	case *Sym:
		return Int(1), nil // t.Name == v (otherwise free of v)
	case *Neg:
		d, err := l.deriv(t.X, v, budget)
		if err != nil {
			return nil, err
		}
		return &Neg{X: d}, nil
	case *Add:
		terms := make([]Node, len(t.Terms))
		for i, x := range t.Terms {
			d, err := l.deriv(x, v, budget)
			if err != nil {
				return nil, err
			}
			terms[i] = d
		}
		return &Add{Terms: terms}, nil
	case *Mul:
		// (f g h)' = f' g h + f g' h + f g h'
		var terms []Node
		for i, x := range t.Factors {
			if !FreeVars(x)[v] {
				continue
			}
			d, err := l.deriv(x, v, budget)
			if err != nil {
				return nil, err
			}
			fs := make([]Node, len(t.Factors))
			copy(fs, t.Factors)
			fs[i] = d
			terms = append(terms, &Mul{Factors: fs})
			*budget -= len(fs)
		}
		return &Add{Terms: append(terms, Int(0))}, nil
	case *Pow:
		du, err := l.deriv(t.Base, v, budget)
		if err != nil {
			return nil, err
		}
		if !FreeVars(t.Exp)[v] {
			// (u^c)' = c u^{c-1} u'
			return &Mul{Factors: []Node{t.Exp, &Pow{Base: t.Base, Exp: &Add{Terms: []Node{t.Exp, Int(-1)}}}, du}}, nil
		}
		dw, err := l.deriv(t.Exp, v, budget)
		if err != nil {
			return nil, err
		}
		if !FreeVars(t.Base)[v] {
			// (b^w)' = b^w ln b · w'
			return &Mul{Factors: []Node{t, &Call{Fn: "ln", Args: []Node{t.Base}}, dw}}, nil
		}
		// (u^w)' = u^w (w' ln u + w u'/u)
		return &Mul{Factors: []Node{t, &Add{Terms: []Node{
			&Mul{Factors: []Node{dw, &Call{Fn: "ln", Args: []Node{t.Base}}}},
			&Mul{Factors: []Node{t.Exp, du, &Pow{Base: t.Base, Exp: Int(-1)}}},
		}}}}, nil
	case *Call:
		if len(t.Args) != 1 {
			return nil, ErrUnknownFunction
		}
		u := t.Args[0]
		if a, ok := u.(*Call); ok && t.Fn == "ln" && a.Fn == "abs" && len(a.Args) == 1 {
			// (ln|w|)' = w'/w wherever w ≠ 0
			u = a.Args[0]
		}
		du, err := l.deriv(u, v, budget)
		if err != nil {
			return nil, err
		}
		f, err := outerDeriv(t.Fn, u)
		if err != nil {
			return nil, err
		}
		return &Mul{Factors: []Node{f, du}}, nil
	}
	return nil, ErrUnknownFunction
}

// outerDeriv is f'(u) for the elementary functions.
func outerDeriv(fn string, u Node) (Node, error) {
	call := func(name string) Node { return &Call{Fn: name, Args: []Node{u}} }
	inv := func(x Node) Node { return &Pow{Base: x, Exp: Int(-1)} }
	sq := func(x Node) Node { return &Pow{Base: x, Exp: Int(2)} }
	oneMinusU2 := &Add{Terms: []Node{Int(1), &Neg{X: sq(u)}}}
	onePlusU2 := &Add{Terms: []Node{Int(1), sq(u)}}
	half := Rat(big.NewRat(-1, 2))
	switch fn {
	case "sin":
		return call("cos"), nil
	case "cos":
		return &Neg{X: call("sin")}, nil
	case "tan":
		return sq(call("sec")), nil
	case "cot":
		return &Neg{X: sq(call("csc"))}, nil
	case "sec":
		return &Mul{Factors: []Node{call("sec"), call("tan")}}, nil
	case "csc":
		return &Neg{X: &Mul{Factors: []Node{call("csc"), call("cot")}}}, nil
	case "exp":
		return call("exp"), nil
	case "ln":
		return inv(u), nil
	case "sqrt":
		return &Mul{Factors: []Node{Rat(big.NewRat(1, 2)), &Pow{Base: u, Exp: half}}}, nil
	case "asin":
		return &Pow{Base: oneMinusU2, Exp: half}, nil
	case "acos":
		return &Neg{X: &Pow{Base: oneMinusU2, Exp: half}}, nil
	case "atan":
		return inv(onePlusU2), nil
	case "acot":
		return &Neg{X: inv(onePlusU2)}, nil
	case "sinh":
		return call("cosh"), nil
	case "cosh":
		return call("sinh"), nil
	case "tanh":
		return &Add{Terms: []Node{Int(1), &Neg{X: sq(call("tanh"))}}}, nil
	}
	return nil, ErrUnknownFunction
}
