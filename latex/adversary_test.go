package latex

import (
	"strings"
	"testing"

	"github.com/matheval/matheval/expr"
)

// The reader's side of issue 28's adversarial sweep (grader/mutation's
// TestAdversary): nothing after a value is dropped unread.

func TestSubscriptOnExpressionRefused(t *testing.T) {
	for _, in := range []string{`\left(\frac{49}{64}\right)_{2}`, `(x+1)_n`, `\{1,2\}_2`, `\left(\frac{1}{2}\right)_{n}`} {
		wantError(t, in, "a subscript on an expression is not read")
	}
	// names and bases keep their subscripts
	for in, want := range map[string]string{`x_2`: "tree:x_2", `4343_6`: "999", `(1010)_2`: "10", `a_{n}`: "tree:a_n"} {
		if got := value(t, in); got != want {
			t.Errorf("%s = %s, want %s", in, got, want)
		}
	}
}

func TestThreeDotsAreAnEllipsis(t *testing.T) {
	for in, items := range map[string]int{`1, 2, ...`: 3, `1, 2, ..., n`: 4, `1,2,....`: 3, `1, 2 , ...`: 3} {
		n, err := Parse(in)
		if err != nil {
			t.Errorf("Parse(%q): %v", in, err)
			continue
		}
		l, ok := n.(*expr.List)
		if !ok || len(l.Items) != items {
			t.Errorf("Parse(%q) = %v, want a list of %d items ending in or holding \\dots", in, n, items)
			continue
		}
		found := false
		for _, it := range l.Items {
			if s, ok := it.(*expr.Sym); ok && s.Name == `\dots` {
				found = true
			}
		}
		if !found {
			t.Errorf("Parse(%q) = %v: no \\dots", in, n)
		}
	}
	// a full stop after an answer is a sentence's; dots glued to a value
	// end it too, except after a decimal, whose digits they say go on
	// (0.3333... is 0.3333 with Trail, never the terminating 0.3333)
	for _, in := range []string{`2.`, `x+1.`, `2...`} {
		if n, err := Parse(in); err != nil || n.String() != strings.TrimRight(in, ".") {
			t.Errorf("Parse(%q) = %v, %v", in, n, err)
		}
	}
	for _, in := range []string{`0.3333...`, `0.3333\ldots`, `-0.25...`, `0.25\dots`} {
		n, err := Parse(in)
		if err != nil {
			t.Errorf("Parse(%q): %v", in, err)
			continue
		}
		if ng, ok := n.(*expr.Neg); ok {
			n = ng.X
		}
		if d, ok := n.(*expr.Num); !ok || !d.Dec || !d.Trail {
			t.Errorf("Parse(%q) = %v, want a decimal whose digits go on", in, n)
		}
	}
}

func TestLeadingMinusOfResidue(t *testing.T) {
	for in, want := range map[string]string{`-2 \bmod 7`: "5", `-17 \bmod 5`: "3", `3 - 2 \bmod 7`: "1", `- 9 \bmod 4`: "3"} {
		if got := value(t, in); got != want {
			t.Errorf("%s = %s, want %s", in, got, want)
		}
	}
}

func TestVarpiIsALetter(t *testing.T) {
	if got := value(t, `\varpi`); got != `tree:\varpi` {
		t.Errorf(`\varpi = %s, want the letter`, got)
	}
}

func TestApproximationSuffixIsText(t *testing.T) {
	for _, in := range []string{`2\text{ish}`, `2.5\text{-ish}`, `3\text{ circa}`, `12\text{ (estimated)}`, `7\text{ approximate}`, `2\text{ (rounded)}`, `2\text{ (truncated)}`, `2 fifteenths`, `5\text{ thirtieths}`, `5 grand`} {
		n, err := Parse(in)
		if err != nil {
			continue // refused is fine too
		}
		if _, ok := n.(*expr.Text); !ok {
			t.Errorf("Parse(%q) = %v (%T), want a text answer", in, n, n)
		}
	}
}

func TestSiunitxNumAndTextPercent(t *testing.T) {
	for in, want := range map[string]string{`\num{1500}`: "1500", `\num{1.5e3}`: "1500", `\num{-8}`: "-8", `25\text{\%}`: `\frac{1}{4}`, `25\mbox{%}`: `\frac{1}{4}`} {
		if got := value(t, in); got != want {
			t.Errorf("%s = %s, want %s", in, got, want)
		}
	}
	wantError(t, `\num{1,500}`, "comma is a decimal marker")
}

func TestDashBetweenNumbersIsARange(t *testing.T) {
	for _, in := range []string{"5–7", "5—7", "1‒3", "2–３"} {
		wantError(t, in, "is a range")
	}
	// a spaced dash is a minus typed by a word processor
	for in, want := range map[string]string{"x–1": "tree:x-1", "–5": "-5", "3−5": "-2", "3 – 1": "2", "5 — 7": "-2"} {
		if got := value(t, in); got != want {
			t.Errorf("%s = %s, want %s", in, got, want)
		}
	}
}
