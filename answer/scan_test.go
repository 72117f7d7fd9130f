package answer

import (
	"slices"
	"testing"
)

// TestScannerReaders pins what the readers moved onto texscan (issue 28)
// make of the escapes and commands the hand scanners misread.
func TestScannerReaders(t *testing.T) {
	rel := []struct {
		s           string
		last, first int
	}{
		{`\left(1+x\right)`, -1, -1}, // \left is no \le
		{`x \leq 5`, 6, 2},           // \leq ends after its q
		{`a = b \approx c`, 13, 2},
		{`\neg p \newline q`, -1, -1},
		{`<<8/2=4>>4`, 9, 0},
	}
	for _, c := range rel {
		if l, f := lastRelation(c.s), firstRelation(c.s); l != c.last || f != c.first {
			t.Errorf("relations of %q: last %d first %d, want %d %d", c.s, l, f, c.last, c.first)
		}
	}
	lists := map[string]bool{`\{1, 2\}`: true, `(1, 2)`: false, `\left\langle u, v \right\rangle`: false, `x\,y`: false, `1), 2`: true}
	for s, want := range lists {
		if got := hasTopLevelList(s); got != want {
			t.Errorf("hasTopLevelList(%q) = %v, want %v", s, got, want)
		}
	}
	od := func(s string) bool { return newReply(s, 0, len(s)).openDelimsOf() }
	if od(`a \\[2pt] b \\(c)`) || !od(`a \[ b`) || od(`\(x\)`) {
		t.Errorf("openDelims reads a line break before a bracket as a delimiter")
	}
	unwrap := map[string]string{`$\$5$`: `\$5`, `$$x$$`: "x", `$a$ and $b$`: `$a$ and $b$`, `$$a $b$ c$$`: `$$a $b$ c$$`, `\$5$`: `\$5$`}
	for s, want := range unwrap {
		if got := unwrapDollars(s); got != want {
			t.Errorf("unwrapDollars(%q) = %q, want %q", s, got, want)
		}
	}
	if n := dollars(`\$5 and $x$ and \\$y$`); n != 4 {
		t.Errorf("dollars counts %d, want 4 (\\$ escaped, the dollar after \\\\ not)", n)
	}
	cmds := []struct {
		s    string
		name string
		end  int
	}{{`\frac{1}{2}`, "frac", 5}, {`\,x`, "", 2}, {`\éx`, "", 3}, {`\begin{align}`, "begin", 6}, {`\`, "", 1}}
	for _, c := range cmds {
		if n, e := commandAt(c.s, 0); n != c.name || e != c.end {
			t.Errorf("commandAt(%q) = %q %d, want %q %d", c.s, n, e, c.name, c.end)
		}
	}
	if !endsWithText(`5\text{ apples}`) || endsWithText(`5\text{\frac{1}{2}}`) || !uprightConstEnd(`99\mathrm {\pi}`) || endsWithText(`x\\mathrm{b}`) {
		t.Errorf("endsWithText/uprightConstEnd misread a final group")
	}
	if op, f, ok := continuedMath(` + $2\$$ more`); !ok || op != "+" || f != `2\$` {
		t.Errorf("continuedMath: %q %q %v", op, f, ok)
	}
	if _, _, ok := continuedMath(` or $$x$$`); ok {
		t.Errorf("continuedMath read a display formula")
	}
	units := map[string][]string{
		`\text{ cm}^2`:      {"cm", "^2"},
		`\mathrm{m/s}`:      {"m", "/", "s"},
		"km\t/h":            {"km", "/", "h"},
		`^{\circ}C`:         {"°C"},
		`\text{kg}^{2.5}`:   {"^?"},
		`\text{US$}`:        {"US$"},
		`\mu\text{m}`:       {"µm"},
		`^\circle`:          {"^?"},
		`\begin{x}m\end{x}`: {`\begin`},
	}
	for s, want := range units {
		if got := unitTokens(s); !slices.Equal(got, want) {
			t.Errorf("unitTokens(%q) = %q, want %q", s, got, want)
		}
	}
	if e := lineEndOutsideGroups("90\\text{ square\nunits} and\nmore", 0); e != len("90\\text{ square\nunits} and") {
		t.Errorf("lineEndOutsideGroups = %d", e)
	}
	if e := lineEndOutsideGroups("} else {\nx", 0); e != len("} else {") {
		t.Errorf("a line that closes a group before it opens one ends at its break: %d", e)
	}
}
