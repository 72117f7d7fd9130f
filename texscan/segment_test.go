package texscan

import (
	"strings"
	"testing"
)

func formulas(s string) []string {
	var out []string
	for _, g := range Segments(s) {
		k := "i:"
		if g.Display {
			k = "d:"
		}
		out = append(out, k+s[g.CS:g.CE])
	}
	return out
}

func TestSegments(t *testing.T) {
	cases := []struct {
		in   string
		want []string
	}{
		{`It costs \$5. Then $x^2$ and $$\int f$$ and \(a\) and \[b\] and $unclosed`, []string{"i:x^2", `d:\int f`, "i:a", "d:b"}},
		{`$a\$b$`, []string{`i:a\$b`}},
		{`\$5 and \$6`, nil},
		{`$$x$`, []string{"i:x"}},                                  // an unclosed $$ is retried as $ at its second dollar
		{`$5 and $6$`, []string{"i:6"}},                            // $5 is a price: its closer would stand before a digit
		{`$5 and $x$`, []string{"i:x"}},                            // "and" between: $5 is a price
		{`spends $12 + $5 = $17.`, nil},                            // price signs only
		{`the profit is $24 - $57 = -$33.`, nil},                   // price signs only
		{`from $26-$30.`, nil},                                     // a range of prices
		{`at $12 each, so she pays $\$108$.`, []string{`i:\$108`}}, // prose between: a price
		{`tickets at $21 each, so she pays $8 \cdot 21 = 168$ dollars`, []string{`i:8 \cdot 21 = 168`}},
		{`so $0=-4(9)+b $, and $8 \cdot 8 = 64 $`, []string{`i:0=-4(9)+b `, `i:8 \cdot 8 = 64 `}}, // no prose: formulas
		{`costs $\$$1500 and $\$$20`, []string{`i:\$`, `i:\$`}},                                   // MATH writes a price as $\$$1500
		{`\(a \\) b\)`, []string{`i:a \\) b`}},
		{`\[x\] \(y`, []string{"d:x"}},
		{`\\$x$`, []string{"i:x"}},
		{"$a$$b$", []string{"i:a", "i:b"}},
		{"$$$x$$", []string{"d:$x"}},
		{"so \\begin{align*} x &= 1 \\end{align*} and", []string{"d:\\begin{align*} x &= 1 \\end{align*}"}},
		{"\\begin{pmatrix} 1 \\end{pmatrix}", nil},
		{"\\begin{align} x", nil},
		{"\\begin{align} x \\end{gather} $y$", []string{"i:y"}},
		{"\\(a \\( b\\)", []string{`i:a \( b`}},
		{"", nil}, {"$", nil}, {`\`, nil},
		// a dollar inside a text group in an inline formula opens math
		// nested in the group: it closes no formula
		{`$\text{$7$}$`, []string{`i:\text{$7$}`}},
		{`so $f(x)=\text{2 if $x>0$}$ and $y$`, []string{`i:f(x)=\text{2 if $x>0$}`, "i:y"}},
		{`$\text{a$ b`, []string{`i:\text{a`}}, // the group never closes: the next dollar closes
	}
	for _, c := range cases {
		got := formulas(c.in)
		if strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("Segments(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestSegmentAtAndNext(t *testing.T) {
	s := `so $x = 2$ and \[y\]`
	g, ok := SegmentAt(s, 3)
	if !ok || s[g.CS:g.CE] != "x = 2" || g.Start != 3 || g.End != 10 || g.Display {
		t.Errorf("SegmentAt: %+v %v", g, ok)
	}
	if _, ok := SegmentAt(s, 0); ok {
		t.Errorf("SegmentAt on prose reports a segment")
	}
	if _, ok := SegmentAt(s, -1); ok {
		t.Errorf("SegmentAt(-1) reports a segment")
	}
	g, ok = NextSegment(s, 4)
	if !ok || s[g.CS:g.CE] != "y" || !g.Display {
		t.Errorf("NextSegment from inside the first formula: %+v %v", g, ok)
	}
}
