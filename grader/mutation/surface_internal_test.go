package mutation

import (
	"strings"
	"testing"
)

func TestRenderAnswer(t *testing.T) {
	zero := func(int) int { return 0 }
	cases := []struct{ in, style, want string }{
		{`6\sqrt{2}`, "unicode-root", `6√2`},
		{`\sqrt{26}`, "unicode-root", `√26`},
		{`\sqrt{2}x`, "unicode-root", `√(2)x`},
		{`\sqrt{x+1}`, "unicode-root", `√(x+1)`},
		{`\sqrt[3]{2}`, "unicode-root", `∛2`},
		{`2^{10}`, "unicode-script", `2¹⁰`},
		{`10^{-3}`, "unicode-script", `10⁻³`},
		{`a_1+a_2`, "unicode-script", `a₁+a₂`},
		{`-\frac{1}{2}`, "unicode-vulgar", `-½`},
		{`\frac{7}{4}`, "unicode-vulgar", `1¾`},
		{`36\pi`, "unicode-ops", `36π`},
		{`x \le -3`, "unicode-ops", `x ≤ −3`},
		{`2 \times 3`, "unicode-ops", `2 × 3`},
		{`30^\circ`, "unicode-ops", `30°`},
		{`5\text{ cm-long}`, "unicode-ops", ``},
		{`12`, "fullwidth", `１２`},
		{`3+4i`, "upright", `3+4\mathrm{i}`},
		{`e^2`, "upright", `\mathrm{e}^2`},
		{`2\pi`, "upright", `2\mathrm{\pi}`},
		{`\frac{\pi}{4}`, "unicode-all", `\frac{π}{4}`},
	}
	for _, c := range cases {
		got, _ := renderAnswer(c.in, c.style, zero)
		if got != c.want {
			t.Errorf("renderAnswer(%q, %s) = %q, want %q", c.in, c.style, got, c.want)
		}
	}
}

// Every rendering the surface family asserts is read by the oracle as the
// answer it renders, and the mutants stay different.
func TestSurfacePairs(t *testing.T) {
	gen := Generator{}
	for _, g := range []string{`6\sqrt{2}`, `\frac{3}{4}`, `2^{10}`, `36\pi`, `3+4i`, `(1,-2)`, `x \le 3`, `\text{Evelyn}`, `\frac{7}{4}`} {
		gold := Gold{Bench: "math", ID: "t", Text: g}
		st := NewStats()
		ps := gen.Surface(gold, gen.Pairs(gold, nil), true, st)
		gv, _ := Read(g)
		fams := map[string]int{}
		for _, p := range ps {
			fams[p.Family]++
			if p.Answer == "" {
				continue
			}
			v, err := Read(p.Answer)
			if err != nil {
				t.Errorf("%s: oracle cannot read %q", p.Family, p.Answer)
				continue
			}
			// a mutant known different by construction may be unknown to
			// the oracle, never the same
			got := Compare(gv, v, nil)
			if p.Expect == MustEqual && got != Same || p.Expect == MustDiffer && got == Same {
				t.Errorf("%s of %q: %q is %v to the oracle", p.Family, g, p.Answer, got)
			}
		}
		if fams["surface:markdown"] != 1 || fams["surface:plain"] > 1 {
			t.Errorf("%q: families %v", g, fams)
		}
		if g != `\text{Evelyn}` && fams["surface-mutant:markdown"] == 0 {
			t.Errorf("%q: no mutant rendered: %v", g, fams)
		}
		if strings.Contains(g, `\sqrt`) && fams["surface:unicode-root"] != 1 {
			t.Errorf("%q: no root rendering: %v", g, fams)
		}
	}
}
