package equiv

import (
	"context"
	"testing"
)

// TestSetBuilderCompare: a set-builder answer is compared as the set of
// reals its condition describes.
func TestSetBuilderCompare(t *testing.T) {
	cases := []struct {
		gold, cand string
		want       Outcome
	}{
		{`(2,\infty)`, `\{x \mid x > 2\}`, Equal},
		{`(2,\infty)`, `\{x : x>2\}`, Equal},
		{`(2,\infty)`, `\{x \in \mathbb{R} : x > 2\}`, Equal},
		{`(2,\infty)`, `\{x | x \ge 2\}`, NotEqual},
		{`[-2,7]`, `\{x \mid -2 \le x \le 7\}`, Equal},
		{`[-2,7]`, `\{x \mid -2 \le x < 7\}`, NotEqual},
		{`x > 2`, `\{x \mid x > 2\}`, Equal},
		{`(-2,2)`, `\left\{x \middle| x^2 < 4\right\}`, Equal},
		{`(-2,2)`, `\{x \mid x^2 > 4\}`, NotEqual},
		{`(-\infty,-2)\cup(2,\infty)`, `\{x \mid x^2 > 4\}`, Equal},
		{`(-\infty,-2)\cup(2,\infty)`, `x^2 > 4`, Equal},
		{`(-\infty,-2)\cup(2,\infty)`, `\{x \mid x^2 \ge 4\}`, NotEqual},
		{`(-\infty,-2)\cup(2,\infty)`, `\{x \mid x > 2\}`, NotEqual},
		{`\{x \mid x > 3\}`, `(3, \infty)`, Equal},
		{`\{x \mid x > 3\}`, `\{x \mid x > 2\}`, NotEqual},
		// over the integers the set is discrete, never the interval
		{`(2,\infty)`, `\{x \in \mathbb{Z} : x > 2\}`, NotEqual},
	}
	for _, c := range cases {
		if r := Compare(context.Background(), c.gold, c.cand, Options{Timeout: 2e9}); r.Outcome != c.want {
			t.Errorf("Compare(context.Background(), %q, %q) = %v (%s), want %v", c.gold, c.cand, r.Outcome, r.Reason, c.want)
		}
	}
}

// TestFunctionApplicationNotProduct: g(2) is the value of g at 2, not 2g.
// Before f(x) was read as a product these were all (falsely) Equal.
func TestFunctionApplicationNotProduct(t *testing.T) {
	cases := []struct {
		gold, cand string
		want       Outcome
	}{
		{`g(2)`, `2g`, NotEqual},
		{`f(x)`, `xf`, NotEqual},
		{`f(1)+f(2)`, `3f`, NotEqual},
		{`f^{-1}(2)`, `\frac{2}{f}`, NotEqual},
		{`f(1)+f(2)`, `f(3)`, NotEqual},
		{`f(2)`, `g(2)`, NotEqual},
		// what was right stays right
		{`f(x)=x^2`, `f(x) = x\cdot x`, Equal},
		{`f(x)=x^2`, `x^2`, Equal},
		{`f(2)`, `f(1+1)`, Equal},
		{`2f(x)`, `f(x)+f(x)`, Equal},
		{`f(x+1)`, `f(1+x)`, Equal},
		{`3 - 2f(x)`, `3-2 f(x)`, Equal},
		{`f(2) < f(1) < f(4)`, `f(4) > f(1) > f(2)`, Equal},
	}
	for _, c := range cases {
		if r := Compare(context.Background(), c.gold, c.cand, Options{Timeout: 2e9}); r.Outcome != c.want {
			t.Errorf("Compare(context.Background(), %q, %q) = %v (%s), want %v", c.gold, c.cand, r.Outcome, r.Reason, c.want)
		}
	}
}

// TestDecimalCommaOption: Options.DecimalComma reads 1000,99 as 1000.99;
// without it every verdict is the MATH one (1,000 is one thousand).
func TestDecimalCommaOption(t *testing.T) {
	cases := []struct {
		gold, cand string
		def, comma Outcome
	}{
		{`1000.99`, `1000,99`, NotEqual, Equal},
		{`1,22`, `1.22`, NotEqual, Equal},
		{`0,111`, `0.111`, NotEqual, Equal},
		{`1,000`, `1000`, Equal, NotEqual},
		{`7,425,000`, `7425000`, Equal, Equal},
		{`(1,5)`, `(1,5)`, Equal, Equal},
		{`(1,5)`, `(1.5)`, NotEqual, NotEqual},
		{`\{1,2\}`, `\{2,1\}`, Equal, Equal},
		{`\frac{3}{2}`, `1{,}5`, Unparsable, Equal},
	}
	for _, c := range cases {
		if r := Compare(context.Background(), c.gold, c.cand, Options{Timeout: 2e9}); r.Outcome != c.def {
			t.Errorf("default: Compare(context.Background(), %q, %q) = %v (%s), want %v", c.gold, c.cand, r.Outcome, r.Reason, c.def)
		}
		if r := Compare(context.Background(), c.gold, c.cand, Options{Timeout: 2e9, DecimalComma: true}); r.Outcome != c.comma {
			t.Errorf("DecimalComma: Compare(context.Background(), %q, %q) = %v (%s), want %v", c.gold, c.cand, r.Outcome, r.Reason, c.comma)
		}
	}
}
