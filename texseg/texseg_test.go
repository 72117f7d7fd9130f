package texseg

import (
	"strings"
	"testing"
)

func formulas(s string) []string {
	var out []string
	for _, g := range All(s) {
		if s[g.Start:g.End] == "" || g.CS < g.Start || g.CE > g.End || g.CS > g.CE {
			panic("bad segment")
		}
		k := "i:"
		if g.Display {
			k = "d:"
		}
		out = append(out, k+s[g.CS:g.CE])
	}
	return out
}

func TestAll(t *testing.T) {
	cases := []struct {
		in   string
		want []string
	}{
		{`It costs \$5. Then $x^2$ and $$\int f$$ and \(a\) and \[b\] and $unclosed`, []string{"i:x^2", `d:\int f`, "i:a", "d:b"}},
		{`$a\$b$`, []string{`i:a\$b`}},         // an escaped dollar inside a formula does not close it
		{`\$5 and \$6`, nil},                   // two prices, no formula
		{`$$x$`, []string{"i:x"}},              // an unclosed $$ is text; the next $ opens
		{`$5 and $6$`, []string{"i:6"}},        // $5 is a price: its closer would stand before a digit
		{`$5 and $x$`, []string{"i:x"}},        // "and" between: $5 is a price
		{`\(a \\) b\)`, []string{`i:a \\) b`}}, // \\ is a row break, not the start of \)
		{`\[x\] \(y`, []string{"d:x"}},         // unclosed \( is text
		{`\\$x$`, []string{"i:x"}},             // an escaped backslash, then a formula
		{"$a$$b$", []string{"i:a", "i:b"}},     // two inline formulas back to back
		{"$\\frac{1}{2}$.", []string{`i:\frac{1}{2}`}},
		{"so \\begin{align*} x &= 1 \\end{align*} and", []string{"d:\\begin{align*} x &= 1 \\end{align*}"}},
		{"\\begin{pmatrix} 1 \\end{pmatrix}", nil}, // not a display environment on its own
		{"\\begin{align} x", nil}, // unclosed
		{"", nil},
		{"$", nil},
		{`\`, nil},
	}
	for _, c := range cases {
		got := formulas(c.in)
		if strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("All(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestAtAndNext(t *testing.T) {
	s := `so $x = 2$ and \[y\]`
	g, ok := At(s, 3)
	if !ok || s[g.CS:g.CE] != "x = 2" || g.Start != 3 || g.End != 10 || g.Display {
		t.Errorf("At: %+v %v", g, ok)
	}
	if _, ok := At(s, 0); ok {
		t.Errorf("At on prose reports a segment")
	}
	g, ok = Next(s, 4)
	if !ok || s[g.CS:g.CE] != "y" || !g.Display {
		t.Errorf("Next from inside the first formula: %+v %v", g, ok)
	}
}

// FuzzAll checks that segments lie in the text, in order, without overlap.
func FuzzAll(f *testing.F) {
	for _, s := range []string{`$x$`, `\(a\)`, `$$b$$`, `\[`, `\$`, "$a\\", "\\$$x$$"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		last := 0
		for _, g := range All(s) {
			if g.Start < last || g.End > len(s) || g.CS < g.Start || g.CE > g.End || g.CS > g.CE || g.End <= g.Start {
				t.Fatalf("bad segment %+v in %q", g, s)
			}
			last = g.End
		}
	})
}
