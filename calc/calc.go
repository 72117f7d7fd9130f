// Package calc is the calculator baseline: it answers a problem that is an
// arithmetic expression (MATH 401's queries) by evaluating it, exactly with
// rationals where the expression allows and otherwise with 320-bit floats
// (π, e, powers with decimal exponents, sin/cos/tan, logarithms, e^(iπ)).
// builtin:calc uses Answer; MATH 401's generator and data check use Eval and
// Round to compute ground truth.
//
// calc owns no parser or evaluator: it parses with latex and evaluates with
// expr (exactly with expr.Rational where possible, else expr.Eval at 320
// bits), and adds what a calculator baseline needs on top: refusal of
// anything that is not arithmetic, its own limits and deadline, and exact
// decimal rounding (halves away from zero) to a fixed number of places.
package calc

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"strings"
)

// ErrNotArithmetic says the problem is not an expression calc can evaluate.
var ErrNotArithmetic = errors.New("calc: not an arithmetic expression")

// Places is the number of decimals MATH 401 rounds its answers to.
const Places = 4

// Answer evaluates the arithmetic expression in problem and returns a reply
// stating its value, rounded to 4 decimals (exact when the value has at most
// 4 decimals), e.g. "0.1928" or "1553305468". It stops at ctx's deadline.
func Answer(ctx context.Context, problem string) (string, error) {
	v, err := Eval(ctx, problem, Options{})
	if err != nil {
		if errors.Is(err, ErrNotArithmetic) {
			return "", err
		}
		return "", fmt.Errorf("%w: %v", ErrNotArithmetic, err)
	}
	if !v.IsReal() {
		im, _ := v.Im.Rat(nil)
		if im != nil && Round(im, Places).Sign() != 0 {
			return "", fmt.Errorf("%w: the value is not real", ErrNotArithmetic)
		}
	}
	return FormatShort(v.Rat(), Places), nil
}

// Round rounds x to places decimals, halves away from zero.
func Round(x *big.Rat, places int) *big.Rat {
	scale := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(places)), nil)
	q := new(big.Rat).Mul(x, new(big.Rat).SetInt(scale))
	neg := q.Sign() < 0
	q.Abs(q)
	q.Add(q, big.NewRat(1, 2))
	n := new(big.Int).Quo(q.Num(), q.Denom()) // floor of a non-negative value
	if neg {
		n.Neg(n)
	}
	return new(big.Rat).SetFrac(n, scale)
}

// FormatFixed rounds x to places decimals and writes it with exactly that
// many decimals ("2.7778", "18.0000"); negative zero is written "0.0000".
func FormatFixed(x *big.Rat, places int) string {
	r := Round(x, places)
	s := r.FloatString(places)
	if r.Sign() == 0 {
		s = strings.TrimPrefix(s, "-")
	}
	return s
}

// FormatShort rounds x to places decimals and drops trailing zeros
// ("2.7778", "18", "0.5").
func FormatShort(x *big.Rat, places int) string {
	s := FormatFixed(x, places)
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	if s == "-0" {
		s = "0"
	}
	return s
}
