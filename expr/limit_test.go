package expr_test

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/matheval/matheval/expr"
	"github.com/matheval/matheval/latex"
)

// limitValues: limits that are proved, with their exact values (as LaTeX,
// compared by forms). Each is also checked against the body evaluated
// numerically near the point (on both sides of a finite one), an oracle
// independent of the series code: a sign or coefficient slip fails there.
var limitValues = []struct{ in, want string }{
	// continuity, as before
	{`\lim_{x\to1}\frac{x}{x+2}`, `\frac13`},
	{`\lim_{x\to0} e^{x}`, `1`},
	{`\lim_{x\to1} e^{x}`, `e`},
	{`\lim_{x\to 2} \exp(x-1)`, `e`},
	// rational functions at a rational point: 0/0 cancelled exactly
	{`\lim_{x\to2}\frac{x^2-4}{x-2}`, `4`},
	{`\lim_{x\to1}\frac{x^2-1}{x-1}`, `2`},
	{`\lim_{h\to0}\frac{(2+h)^2-4}{h}`, `4`},
	{`\lim_{x\to-1}\frac{x^3+1}{x^2-1}`, `-\frac32`},
	{`\lim_{x\to1}\frac{(x-1)^{100}}{(x-1)^{100}(x+1)}`, `\frac12`},
	{`\lim_{x\to\frac12}\frac{4x^2-1}{2x-1}`, `2`},
	{`\lim_{x\to3}\frac{(x-3)^2}{x-3}`, `0`},
	// rational functions at infinity: degrees and leading coefficients
	{`\lim_{n\to\infty}\frac{2n+1}{n}`, `2`},
	{`\lim_{x\to-\infty}\frac{3x^2}{x^2+1}`, `3`},
	{`\lim_{n\to\infty}\frac{n}{n^2+1}`, `0`},
	{`\lim_{n\to\infty}\frac{5-n^3}{2n^3+n}`, `-\frac12`},
	// series at 0
	{`\lim_{x\to0}\frac{\sin x}{x}`, `1`},
	{`\lim_{x\to0}\frac{1-\cos x}{x^2}`, `\frac12`},
	{`\lim_{x\to0}\frac{e^x-1}{x}`, `1`},
	{`\lim_{x\to0}\frac{e^{2x}-1}{x}`, `2`},
	{`\lim_{x\to0}\frac{\ln(1+x)}{x}`, `1`},
	{`\lim_{x\to0}\frac{\tan 3x}{x}`, `3`},
	{`\lim_{x\to0}\frac{\sqrt{1+x}-1}{x}`, `\frac12`},
	{`\lim_{x\to0}\frac{\sqrt[3]{1+x}-1}{x}`, `\frac13`},
	{`\lim_{x\to0}\frac{\sqrt{4+x}-2}{x}`, `\frac14`},
	{`\lim_{x\to0}\frac{\arcsin x}{x}`, `1`},
	{`\lim_{x\to0}\frac{\arctan x}{x}`, `1`},
	{`\lim_{x\to0}\frac{\sinh x}{x}`, `1`},
	{`\lim_{x\to0}\frac{\tanh x}{x}`, `1`},
	{`\lim_{x\to0}\frac{\cosh x - 1}{x^2}`, `\frac12`},
	{`\lim_{x\to0}\frac{x-\sin x}{x^3}`, `\frac16`},
	{`\lim_{x\to0}\frac{\tan x-\sin x}{x^3}`, `\frac12`},
	{`\lim_{x\to0}\left(\frac{1}{\sin x}-\frac{1}{x}\right)`, `0`},
	{`\lim_{x\to0}\left(\cot x-\frac{1}{x}\right)`, `0`},
	{`\lim_{x\to0}\frac{\sin^2 x}{x^2}`, `1`},
	{`\lim_{x\to0}\frac{\sin(x)^{60}}{x^{60}}`, `1`},
	{`\lim_{x\to0}\frac{e^x-1-x-\frac{x^2}{2}-\frac{x^3}{6}-\frac{x^4}{24}-\frac{x^5}{120}-\frac{x^6}{720}-\frac{x^7}{5040}}{x^8}`, `\frac{1}{40320}`},
	{`\lim_{x\to0}\frac{\ln(1+x)-x}{x^2}`, `-\frac12`},
	{`\lim_{x\to0}(1+x)^{\frac{1}{x}}`, `e`},
	{`\lim_{x\to0}(1+2x)^{\frac{1}{x}}`, `e^2`},
	{`\lim_{x\to0}\frac{\sin(\sin x)}{x}`, `1`},
	{`\lim_{x\to0}\frac{|x^2|}{x^2}`, `1`},
	{`\lim_{x\to0}|x|`, `0`},
	{`\lim_{x\to0}\frac{3\sin x}{x}`, `3`},
	{`\lim_{x\to0}\frac{\sin x}{x}\cdot\binom{5}{2}`, `10`},
	// at another point: x = a + t
	{`\lim_{x\to1}\frac{\ln x}{x-1}`, `1`},
	{`\lim_{x\to1}\frac{\sin(x-1)}{x^2-1}`, `\frac12`},
	{`\lim_{x\to2}\frac{e^{x-2}-1}{x-2}`, `1`},
	{`\lim_{x\to1}\frac{e^{x}-e}{x-1}`, `e`},
	{`\lim_{x\to0} e^{\frac12}\cos x`, `\sqrt{e}`},
	// at infinity: x = 1/t, t > 0
	{`\lim_{x\to\infty} x\sin\frac{1}{x}`, `1`},
	{`\lim_{n\to\infty}\left(1+\frac1n\right)^n`, `e`},
	{`\lim_{n\to\infty}\left(1+\frac2n\right)^n`, `e^2`},
	{`\lim_{n\to\infty}\left(1-\frac1n\right)^n`, `e^{-1}`},
	{`\lim_{x\to\infty}\left(\sqrt{x^2+x}-x\right)`, `\frac12`},
	{`\lim_{x\to-\infty}\left(\sqrt{x^2+x}+x\right)`, `-\frac12`},
	{`\lim_{x\to\infty}\frac{|x|}{x}`, `1`},
	{`\lim_{x\to-\infty}\frac{|x|}{x}`, `-1`},
	{`\lim_{x\to-\infty}\frac{\sqrt{x^2}}{x}`, `-1`},
	{`\lim_{n\to\infty} n\ln\left(1+\frac1n\right)`, `1`},
	{`\lim_{n\to\infty} n\left(e^{\frac1n}-1\right)`, `1`},
	// constants read out by linearity
	{`\lim_{x\to0}\frac{a\sin x}{x}`, `a`},
	{`\lim_{x\to0}\left(\pi + \frac{\sin x}{x}\right)`, `\pi+1`},
}

func TestLimitValues(t *testing.T) {
	ctx := context.Background()
	b := expr.NewFormBuilder(ctx, expr.FormOptions{})
	for _, tc := range limitValues {
		n := latex.MustParse(tc.in)
		w := latex.MustParse(tc.want)
		fn, err := b.Form(n)
		if err != nil {
			t.Errorf("%s: %v", tc.in, err)
			continue
		}
		fw, err := b.Form(w)
		if err != nil {
			t.Fatalf("%s: %v", tc.want, err)
		}
		if d, err := b.Sub(fn, fw); err != nil || !d.IsZero() {
			t.Errorf("%s - (%s) = %v, %v; want 0", tc.in, tc.want, d, err)
		}
		if len(expr.FreeVars(n)) > 0 {
			continue
		}
		if _, err := expr.Eval(ctx, n, 100, nil, expr.EvalOptions{}); err != nil {
			t.Errorf("Eval(%s): %v", tc.in, err)
		}
		nearPoint(t, n.(*expr.Call), w)
	}
}

// nearPoint evaluates the body of a limit close to its point (10^-15 away,
// on both sides of a finite point; at ±10^15 at infinity), at 1000 bits
// against the cancellations, and checks that it agrees with want to
// 10^-12.
func nearPoint(t *testing.T, lim *expr.Call, want expr.Node) {
	t.Helper()
	ctx := context.Background()
	v := lim.Args[1].(*expr.Sym).Name
	h := new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Exp(big.NewInt(10), big.NewInt(15), nil))
	var xs []*big.Rat
	switch p := lim.Args[2].String(); p {
	case `\infty`:
		xs = append(xs, new(big.Rat).Inv(h))
	case `-\infty`:
		xs = append(xs, new(big.Rat).Neg(new(big.Rat).Inv(h)))
	default:
		a, err := expr.Rational(ctx, lim.Args[2], expr.Limits{})
		if err != nil {
			t.Fatalf("point %s: %v", p, err)
		}
		xs = append(xs, new(big.Rat).Add(a, h), new(big.Rat).Sub(a, h))
	}
	wv, err := expr.Eval(ctx, want, 1000, nil, expr.EvalOptions{})
	if err != nil {
		t.Fatalf("Eval(%s): %v", want, err)
	}
	for _, x := range xs {
		got, err := expr.Eval(ctx, lim.Args[0], 1000, map[string]*big.Rat{v: x}, expr.EvalOptions{})
		if err != nil {
			t.Errorf("%s at %s = %s: %v", lim, v, x.FloatString(3), err)
			continue
		}
		d := new(big.Float).Sub(got.Re, wv.Re)
		if d.Abs(d).Cmp(big.NewFloat(1e-12)) > 0 || got.Im.Sign() != 0 && got.Im.MantExp(nil) > -40 {
			t.Errorf("%s at %s = %s: %s, but the limit is %s", lim, v, x.FloatString(3), got.Re.Text('g', 20), wv.Re.Text('g', 20))
		}
	}
}

// limitRefusals: limits that do not exist, or exist but are not proved
// here; each must have no value (ErrUnknownFunction), exactly and
// numerically, never a guess.
var limitRefusals = []string{
	// no limit
	`\lim_{x\to0}\sin\frac1x`,
	`\lim_{x\to0}\frac1x`,
	`\lim_{x\to0}\frac{1}{x^2}`, // +∞: no finite value
	`\lim_{x\to0}\frac{|x|}{x}`,
	`\lim_{x\to1}\lfloor x\rfloor`,
	`\lim_{x\to1}\frac{x^3-1}{(x-1)^2}`,
	`\lim_{x\to 1}\frac{\sqrt{2}}{x-1}`,
	`\lim_{n\to\infty}\frac{n^2}{n+1}`,
	`\lim_{x\to\infty} x`,
	`\lim_{x\to\infty}\sin x`,
	`\lim_{x\to\infty} e^{x}`,
	`\lim_{x\to0}\frac{\sin x}{x^2}`,
	`\lim_{x\to0}\cot x`,
	`\lim_{x\to0}\ln x`,
	`\lim_{x\to0}\frac{1}{x-x}`,
	// limits that exist, but not by the means here
	`\lim_{x\to0} x^x`,
	`\lim_{x\to0}\sqrt{x}`, // one-sided only
	`\lim_{x\to0} x\ln x`,
	`\lim_{x\to0}\frac{2^x-1}{x}`,  // ln 2
	`\lim_{x\to1}\frac{\sin x}{x}`, // sin 1: no rational expansion
	`\lim_{x\to\infty} e^{-x}`,
	`\lim_{x\to0} x^2\sin\frac1x`,
	`\lim_{x\to0}\frac{x^2}{|x|}`,      // |x| is no series on both sides
	`\lim_{x\to0}\frac{\sqrt{x^2}}{x}`, // ±1
	`\lim_{x\to0}\sqrt{x^2-1}`,         // no real root
	`\lim_{x\to0}\frac{\log(1+x)}{x}`,  // log's base is a reading the evaluator does not hold
	`\lim_{x\to0}\frac{\arccos x}{x}`,
	`\lim_{x\to0}\frac{\sin(\pi x)}{x}`,
	`\lim_{x\to0}\frac{\sin(ax)}{x}`,
	`\lim_{x\to0}\frac{f(x)}{x}`,
	`\lim_{x\to\pi}\frac{\sin x}{x-\pi}`,
	// cancellation beyond the series order cap
	`\lim_{x\to0}\frac{\sin(x)-\sin(x)}{x^{80}}`,
}

func TestLimitRefusals(t *testing.T) {
	ctx := context.Background()
	for _, in := range limitRefusals {
		n := latex.MustParse(in)
		if v, err := expr.Rational(ctx, n, expr.Limits{}); !errors.Is(err, expr.ErrUnknownFunction) {
			t.Errorf("Rational(%s) = %v, %v; want ErrUnknownFunction", in, v, err)
		}
		if _, err := expr.Eval(ctx, n, 100, nil, expr.EvalOptions{}); !errors.Is(err, expr.ErrUnknownFunction) {
			t.Errorf("Eval(%s): %v; want ErrUnknownFunction", in, err)
		}
	}
}

// A refused limit stays an atom of forms: the same limit written twice,
// or with its variable renamed, is still proved equal to itself.
func TestRefusedLimitIsAnAtom(t *testing.T) {
	ctx := context.Background()
	b := expr.NewFormBuilder(ctx, expr.FormOptions{})
	f1, err1 := b.Form(latex.MustParse(`\lim_{x\to0}\frac{2^x-1}{x}`))
	f2, err2 := b.Form(latex.MustParse(`\lim_{t\to0}\frac{2^t-1}{t}`))
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	if d, err := b.Sub(f1, f2); err != nil || !d.IsZero() {
		t.Errorf("renamed limit differs: %v %v", d, err)
	}
}

// Hostile limits give up under the size limits or the deadline, fast.
func TestLimitSizeAndDeadline(t *testing.T) {
	for _, in := range []string{
		`\lim_{x\to0}\frac{\sin(x)^{10^9}}{x}`,
		`\lim_{x\to0}\frac{(1+x)^{1000}-1}{x}`,
		`\lim_{x\to\infty}\frac{x^{300}}{x^{300}+1}`,
	} {
		_, err := expr.Rational(context.Background(), latex.MustParse(in), expr.Limits{})
		if !errors.Is(err, expr.ErrLimit) && !errors.Is(err, expr.ErrUnknownFunction) {
			t.Errorf("%s: %v, want ErrLimit or ErrUnknownFunction", in, err)
		}
	}
	// a deep tower of compositions under a context that is already done
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	body := `x`
	for range 12 {
		body = `\sin\left(` + body + `\right)`
	}
	start := time.Now()
	_, err := expr.Rational(ctx, latex.MustParse(`\lim_{x\to0}\frac{`+body+`}{x}`), expr.Limits{})
	if !errors.Is(err, expr.ErrDeadline) {
		t.Errorf("cancelled: %v, want ErrDeadline", err)
	}
	if el := time.Since(start); el > 5*time.Second {
		t.Errorf("cancelled limit took %v", el)
	}
	// with time, the same tower is proved: sin∘…∘sin(x)/x → 1
	v, err := expr.Rational(context.Background(), latex.MustParse(`\lim_{x\to0}\frac{`+body+`}{x}`), expr.Limits{})
	if err != nil || v.Cmp(big.NewRat(1, 1)) != 0 {
		t.Errorf("tower of sines: %v, %v", v, err)
	}
}

// expTail is the limit of (e^x - Σ_{k<n} x^k/k!)/x^n at 0, which is 1/n!
// and needs the term of e^x of degree n.
func expTail(n int) string {
	var b strings.Builder
	b.WriteString(`\lim_{x\to0}\frac{e^x`)
	for k := range n {
		fmt.Fprintf(&b, `-\frac{x^{%d}}{%d!}`, k, k)
	}
	fmt.Fprintf(&b, `}{x^{%d}}`, n)
	return b.String()
}

// The series order is capped (24 terms after the leading one): a limit
// that needs a term within the cap is exact, one that needs a term past it
// is refused, never read as 0 from terms that were dropped.
func TestLimitSeriesOrderCap(t *testing.T) {
	ctx := context.Background()
	for n := 20; n <= 24; n++ {
		v, err := expr.Rational(ctx, latex.MustParse(expTail(n)), expr.Limits{})
		want := new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).MulRange(1, int64(n)))
		if err != nil || v.Cmp(want) != 0 {
			t.Errorf("n = %d: %v, %v; want 1/%d!", n, v, err, n)
		}
	}
	for _, n := range []int{25, 26, 30} {
		if v, err := expr.Rational(ctx, latex.MustParse(expTail(n)), expr.Limits{}); !errors.Is(err, expr.ErrUnknownFunction) {
			t.Errorf("n = %d: %v, %v; want ErrUnknownFunction (past the cap)", n, v, err)
		}
	}
}

// bernoulliTail is the limit of (x/(e^x-1) - Σ_{k<n} B_k x^k/k!)/x^n at 0,
// B_n/n!, with B_0 ... B_n.
func bernoulliTail(n int) (string, *big.Rat) {
	bern := []*big.Rat{big.NewRat(1, 1)}
	for m := 1; m <= n; m++ {
		acc := new(big.Rat)
		for k := range m {
			c := new(big.Rat).SetInt(new(big.Int).Binomial(int64(m+1), int64(k)))
			acc.Add(acc, c.Mul(c, bern[k]))
		}
		bern = append(bern, acc.Quo(acc, big.NewRat(int64(-(m+1)), 1)))
	}
	var b strings.Builder
	b.WriteString(`\lim_{x\to0}\frac{\frac{x}{e^x-1}`)
	for k := range n {
		c := new(big.Rat).Quo(bern[k], new(big.Rat).SetInt(new(big.Int).MulRange(1, int64(k))))
		if c.Sign() != 0 {
			fmt.Fprintf(&b, `-\frac{%s}{%s}x^{%d}`, c.Num(), c.Denom(), k)
		}
	}
	fmt.Fprintf(&b, `}{x^{%d}}`, n)
	return b.String(), new(big.Rat).Quo(bern[n], new(big.Rat).SetInt(new(big.Int).MulRange(1, int64(n))))
}

// A quotient is known to the relative precision of its denominator: x/(e^x
// - 1) has 24 known terms here (B_0 ... B_23 over the factorials), the
// next one is refused.
func TestLimitQuotientPrecision(t *testing.T) {
	ctx := context.Background()
	for _, n := range []int{2, 12, 22, 23} {
		in, want := bernoulliTail(n)
		if v, err := expr.Rational(ctx, latex.MustParse(in), expr.Limits{}); err != nil || v.Cmp(want) != 0 {
			t.Errorf("n = %d: %v, %v; want B_n/n! = %v", n, v, err, want)
		}
	}
	for _, n := range []int{24, 26} {
		in, _ := bernoulliTail(n)
		if v, err := expr.Rational(ctx, latex.MustParse(in), expr.Limits{}); !errors.Is(err, expr.ErrUnknownFunction) {
			t.Errorf("n = %d: %v, %v; want ErrUnknownFunction (past the precision)", n, v, err)
		}
	}
}

// FuzzLimit: a limit never panics, returns within its deadline, gives only
// the documented errors, and a value it proves agrees with the body
// evaluated next to the point (10^-40 away, on both sides; at 10^40 for
// infinity), where the body has no long literals that could make the
// approach slower than that.
func FuzzLimit(f *testing.F) {
	for _, tc := range limitValues {
		f.Add(tc.in)
	}
	for _, in := range limitRefusals {
		f.Add(in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		n, err := latex.Parse(in)
		if err != nil {
			return
		}
		lim, ok := n.(*expr.Call)
		if !ok || lim.Fn != "lim" || len(lim.Args) != 3 {
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
		defer cancel()
		st := time.Now()
		v, err := expr.Rational(ctx, lim, expr.Limits{})
		expr.Eval(ctx, lim, 64, nil, expr.EvalOptions{})
		if _, err := expr.NewFormBuilder(ctx, expr.FormOptions{}).Form(lim); err != nil && ctx.Err() == nil &&
			!errors.Is(err, expr.ErrLimit) && !errors.Is(err, expr.ErrForm) && !errors.Is(err, expr.ErrNotScalar) && !errors.Is(err, expr.ErrDomain) {
			t.Fatalf("Form(%s): %v", lim, err)
		}
		if el := time.Since(st); el > 3*time.Second {
			t.Fatalf("%s took %v", lim, el)
		}
		if err != nil || ctx.Err() != nil {
			return
		}
		if longDigits(in) {
			return
		}
		xv := lim.Args[1].(*expr.Sym).Name
		h := new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Exp(big.NewInt(10), big.NewInt(40), nil))
		var xs []*big.Rat
		switch lim.Args[2].String() {
		case `\infty`:
			xs = []*big.Rat{new(big.Rat).Inv(h)}
		case `-\infty`:
			xs = []*big.Rat{new(big.Rat).Neg(new(big.Rat).Inv(h))}
		default:
			a, err := expr.Rational(context.Background(), lim.Args[2], expr.Limits{})
			if err != nil {
				return // a body free of the variable: its own limit anywhere
			}
			xs = []*big.Rat{new(big.Rat).Add(a, h), new(big.Rat).Sub(a, h)}
		}
		want := new(big.Float).SetPrec(2000).SetRat(v)
		for _, x := range xs {
			octx, ocancel := context.WithTimeout(context.Background(), time.Second)
			got, err := expr.Eval(octx, lim.Args[0], 2000, map[string]*big.Rat{xv: x}, expr.EvalOptions{})
			ocancel()
			if err != nil {
				continue // a body the numeric evaluator refuses there
			}
			d := new(big.Float).Sub(got.Re, want)
			tol := new(big.Float).Abs(want)
			tol.Add(tol, big.NewFloat(1)).Mul(tol, big.NewFloat(1e-8))
			if d.Abs(d).Cmp(tol) > 0 {
				t.Fatalf("%s = %s, but at %s the body is %s", lim, v.RatString(), x.FloatString(3), got.Re.Text('g', 20))
			}
		}
	})
}

// longDigits reports a run of more than 4 digits.
func longDigits(s string) bool {
	run := 0
	for _, r := range s {
		if r >= '0' && r <= '9' {
			run++
			if run > 4 {
				return true
			}
		} else {
			run = 0
		}
	}
	return false
}
