package mutation

import (
	"strconv"
	"strings"
	"testing"
)

func TestCatalogue(t *testing.T) {
	n := map[string]int{}
	seen := map[string]bool{}
	for _, c := range Catalogue() {
		key := c.Group + " " + c.Open + " " + c.Close + " " + strings.Repeat("a", len(c.Forms))
		if seen[key] {
			t.Errorf("%s %s listed twice", c.Group, c)
		}
		seen[key] = true
		if len(c.Forms) == 0 {
			t.Errorf("%s %s has no form", c.Group, c)
		}
		for f, tr := range c.Forms {
			if tr == Exempt && c.Why == "" {
				t.Errorf("%s %s: %s form exempt without a reason", c.Group, c, f)
			}
			if c.Arg && f == Around && !strings.HasPrefix(c.apply("5", f), c.Open+"{") {
				t.Errorf("%s: %q", c, c.apply("5", f))
			}
		}
		switch {
		case strings.HasPrefix(c.Group, "latex-"):
			n["latex"]++
		case strings.HasPrefix(c.Group, "uni-"):
			n["unicode"]++
		default:
			n[c.Group]++
		}
	}
	if n["latex"] < 400 || n["unicode"] < 600 || n["noop"] < 40 {
		t.Errorf("catalogue sizes %v: want several hundred LaTeX and Unicode entries", n)
	}
	t.Logf("catalogue: %v", n)
	// forms
	a := Construct{Open: `\alpha`}
	if got := a.apply("x", Before); got != `\alpha x` {
		t.Errorf("before: %q", got)
	}
	if got := (Construct{Open: `\langle`, Close: `\rangle`}).apply("5", Around); got != `\langle 5\rangle` {
		t.Errorf("around: %q", got)
	}
}

func TestClosedPairs(t *testing.T) {
	gen := Generator{}
	for _, g := range []string{`12`, `\frac{3}{4}`, `x^2+1`, `(1,2)`, `0`, `\text{Evelyn}`} {
		ps := gen.Closed(Gold{Bench: "math", ID: "t", Text: g}, true, NewStats())
		for _, p := range ps {
			if p.Expect == MustDiffer && g == "0" && strings.Contains(p.Note, "greek") {
				t.Errorf("0 times a symbol asserted different: %q", p.Cand)
			}
			if p.Expect == MustEqual {
				t.Errorf("closed world made a must-equal pair: %+v", p)
			}
		}
		if g == `\text{Evelyn}` && len(ps) != 0 {
			t.Errorf("word gold got closed-world pairs: %v", ps)
		}
		if g == "12" && len(ps) < 15 {
			t.Errorf("gold 12: only %d pairs", len(ps))
		}
	}
	// by the oracle: the square root of 1 is 1, not asserted
	st := NewStats()
	for i := 0; i < 200; i++ {
		for _, p := range gen.Closed(Gold{Bench: "math", ID: strconv.Itoa(i), Text: "1"}, true, st) {
			if p.Expect == MustDiffer && (strings.Contains(p.Answer, `\sqrt{1}`) || p.Answer == "1¹") {
				t.Errorf("asserted %q different from 1", p.Answer)
			}
		}
	}
}

func TestInnerAnswer(t *testing.T) {
	for in, want := range map[string]string{
		`$$ \boxed{\epsilon=\frac{1}{2}} $$`: `\epsilon=\frac{1}{2}`,
		`$$\boxed{\epsilon \approx0.56}\]$$`: `\epsilon \approx0.56`,
		`\frac{1}{2}`:                        `\frac{1}{2}`,
		`\boxed{1}+\boxed{2}`:                `\boxed{1}+\boxed{2}`,
	} {
		if got := innerAnswer(in); got != want {
			t.Errorf("innerAnswer(%q) = %q, want %q", in, got, want)
		}
	}
}
