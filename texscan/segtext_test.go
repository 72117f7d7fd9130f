package texscan

import "testing"

// A text box inside a formula is skipped whole: the formula of
// $\text{$7$}$ ends at its last dollar, not at the one inside the box; an
// unclosed box is text as before.
func TestSegmentSkipsTextBoxes(t *testing.T) {
	for _, c := range []struct {
		in, formula string
	}{
		{`$\text{$7$}$`, `\text{$7$}`},
		{`$x = \mbox{$3$ apples}$ then`, `x = \mbox{$3$ apples}`},
		{`$\text{a} 5$`, `\text{a} 5`},
		{`$\text{5$ and $6$`, `\text{5`},
	} {
		g, ok := SegmentAt(c.in, 0)
		if !ok || c.in[g.CS:g.CE] != c.formula {
			t.Errorf("SegmentAt(%q) = %q, %v; want %q", c.in, c.in[g.CS:g.CE], ok, c.formula)
		}
	}
}
