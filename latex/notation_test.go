package latex

import (
	"context"
	"testing"

	"github.com/matheval/matheval/expr"
)

// TestSetBuilder: \{x \mid cond\} and its spellings parse to the condition
// on x; forms that do not describe a set of reals by one condition keep the
// old behaviour (an error for \mid and |, a plain set otherwise).
func TestSetBuilder(t *testing.T) {
	ok := map[string]string{ // input -> printed condition
		`\{x \mid x > 2\}`:                         `x > 2`,
		`\{x | x>2\}`:                              `x > 2`,
		`\{x : x>2\}`:                              `x > 2`,
		`\{x \colon x \ge 2\}`:                     `x \ge 2`,
		`\{x \in \mathbb{R} : x > 2\}`:             `x > 2`,
		`\{x\in\mathbb R\mid x<0\}`:                `x < 0`,
		`\left\{ x \middle| -2 \le x < 7 \right\}`: `-2 \le x < 7`,
		`\{t \mid t \in [0, 1)\}`:                  `t \in \left[0, 1\right)`,
		`\{x \mid |x| < 2\}`:                       `\left|x\right| < 2`,
	}
	for in, want := range ok {
		n, err := Parse(in)
		if err != nil {
			t.Errorf("Parse(%q): %v", in, err)
			continue
		}
		if _, isRel := n.(*expr.Rel); !isRel || n.String() != want {
			t.Errorf("Parse(%q) = %T %s, want the condition %s", in, n, n, want)
		}
	}
	bad := []string{
		`\{x \mid x > 1 \text{ and } x < 5\}`, // a conjunction
		`\{x \mid x = 3\}`,                    // an equation: a finite set
		`\{y \mid x > 0\}`,                    // the variable is not in the condition
	}
	for _, in := range bad {
		if n, err := Parse(in); err == nil {
			t.Errorf("Parse(%q) = %s, want an error", in, n)
		}
	}
	// over the integers the set is discrete: not read as the condition
	for _, in := range []string{`\{x \in \mathbb{Z} : x > 2\}`, `\{a:b\}`, `\{1:2\}`} {
		if n, err := Parse(in); err == nil {
			if _, isRel := n.(*expr.Rel); isRel {
				t.Errorf("Parse(%q) = relation %s, want no set-builder reading", in, n)
			}
		}
	}
}

// TestFunctionApplication: f(x), g(2), f^{-1}(3) are applications, not the
// products f*x, g*2.
func TestFunctionApplication(t *testing.T) {
	cases := map[string]string{
		`f(x)`:            `\operatorname{f}\left(x\right)`,
		`g(2)`:            `\operatorname{g}\left(2\right)`,
		`f^{-1}(3)`:       `\operatorname{f^{-1}}\left(3\right)`,
		`f^-1(3)`:         `\operatorname{f^{-1}}\left(3\right)`,
		`f'(x)`:           `\operatorname{f'}\left(x\right)`,
		`f\left(x\right)`: `\operatorname{f}\left(x\right)`,
		`3 - 2f(x)`:       `3-2 \cdot \operatorname{f}\left(x\right)`,
		`f(x, y)`:         `\operatorname{f}\left(x, y\right)`,
	}
	for in, want := range cases {
		n, err := Parse(in)
		if err != nil {
			t.Errorf("Parse(%q): %v", in, err)
			continue
		}
		if got := n.String(); got != want {
			t.Errorf("Parse(%q) = %s, want %s", in, got, want)
		}
		if _, err := Parse(n.String()); err != nil {
			t.Errorf("Parse(%q) printed %s which does not parse: %v", in, n, err)
		}
	}
	// other letters before a parenthesis stay products: x(x+1), h(a+b)
	for in, want := range map[string]string{`x(x+1)`: "x + x^{2}", `h(a+b)`: "ah + bh"} {
		n, err := Parse(in)
		if err != nil {
			t.Fatalf("Parse(%q): %v", in, err)
		}
		if p := expr.Canonical(context.Background(), n, expr.Limits{}); p != want {
			t.Errorf("Parse(%q) canonical %q, want %q", in, p, want)
		}
	}
}

// TestDecimalComma: only under Config.DecimalComma, and only a top-level
// number with one comma, is the comma a decimal point.
func TestDecimalComma(t *testing.T) {
	on := Config{DecimalComma: true}
	cases := map[string]string{ // input -> value under DecimalComma
		"1000,99":        "100099/100",
		"0,111":          "111/1000",
		"1{,}5":          "3/2",
		"-2,5":           "-5/2",
		"7,425,000":      "7425000",
		"\\frac{1,5}{3}": "1/2",
	}
	for in, want := range cases {
		n, err := ParseWith(in, on)
		if err != nil {
			t.Errorf("ParseWith(%q): %v", in, err)
			continue
		}
		r, err := expr.Rational(context.Background(), n, expr.Limits{})
		if err != nil || r.RatString() != want {
			t.Errorf("ParseWith(%q) = %s (%v), want %s", in, n, err, want)
		}
	}
	// bracketed pairs and sets keep their commas
	for _, in := range []string{"(1,5)", "\\{1,2\\}", "[0,1]"} {
		a, _ := ParseWith(in, on)
		b, _ := Parse(in)
		if a == nil || b == nil || a.String() != b.String() {
			t.Errorf("ParseWith(%q) = %v, want %v as without the option", in, a, b)
		}
	}
	// the default is unchanged: 1,000 is one thousand
	if got := value(t, "1,000"); got != "1000" {
		t.Errorf("Parse(1,000) = %s, want 1000", got)
	}
}
