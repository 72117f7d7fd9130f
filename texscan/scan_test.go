package texscan

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

// show renders tokens as Kind:text for comparison.
func show(src string) string {
	ts, err := Tokens(src, Limits{})
	if err != nil {
		return "error: " + err.Error()
	}
	var b []string
	for _, t := range ts {
		b = append(b, fmt.Sprintf("%v:%s", t.Kind, t.Text))
	}
	return strings.Join(b, " ")
}

func TestTokens(t *testing.T) {
	cases := []struct{ in, want string }{
		{`\frac{1}{2}`, `Command:\frac Open:{ Number:1 Close:} Open:{ Number:2 Close:}`},
		{`a\\b\{c\}\,d`, `Word:a Command:\\ Word:b Command:\{ Word:c Command:\} Command:\, Word:d`},
		{`3.14 3. .5`, `Number:3.14 Space:  Number:3 Punct:. Space:  Punct:. Number:5`},
		{"x\r\ny\n\tz", "Word:x Newline:\r\n Word:y Newline:\n Space:\t Word:z"},
		{`$x$$$y$$`, `MathShift:$ Word:x MathShift:$$ MathShift:$ Word:y MathShift:$$`},
		{`\(a\)\[b\]`, `MathOpen:\( Word:a MathClose:\) MathOpen:\[ Word:b MathClose:\]`},
		{`\begin{align*}x\end{align*}`, `Begin:\begin{align*} Word:x End:\end{align*}`},
		{`\begin {x}\begin{a b}`, `Command:\begin Space:  Open:{ Word:x Close:} Command:\begin Open:{ Word:a Space:  Word:b Close:}`},
		{"2π√²\u00a0é", "Number:2 Char:π Char:√ Char:² Space:\u00a0 Char:é"},
		{"5 \u00a0\u2009cm\u3000x", "Number:5 Space: \u00a0\u2009 Word:cm Space:\u3000 Word:x"},
		{"\\é\\", "Command:\\é Char:\\"},
		{"a\xffb", "Word:a Char:\xff Word:b"},
		{"x^2_{n}&%#~'", "Word:x Punct:^ Number:2 Punct:_ Open:{ Word:n Close:} Punct:& Punct:% Punct:# Punct:~ Punct:'"},
		{"\x00\x7f", "Char:\x00 Char:\x7f"},
	}
	for _, c := range cases {
		if got := show(c.in); got != c.want {
			t.Errorf("Tokens(%q)\n got  %s\n want %s", c.in, got, c.want)
		}
	}
}

func TestNameAndIs(t *testing.T) {
	ts, _ := Tokens(`\frac\begin{align*}\end{cases}\\`, Limits{})
	names := []string{"frac", "align*", "cases", `\`}
	for i, tk := range ts {
		if tk.Name() != names[i] {
			t.Errorf("token %d %q: Name() = %q, want %q", i, tk.Text, tk.Name(), names[i])
		}
	}
	if !ts[0].Is("frac") || ts[0].Is("fra") || ts[1].Is("begin") {
		t.Errorf("Is is wrong on %v, %v", ts[0], ts[1])
	}
}

func TestLimits(t *testing.T) {
	_, err := Tokens(strings.Repeat("a", 11), Limits{MaxBytes: 10})
	var e *Error
	if !errors.As(err, &e) || !strings.Contains(err.Error(), "over the limit of 10") {
		t.Errorf("over-long text: err = %v", err)
	}
	deep := strings.Repeat("{", 50) + strings.Repeat("}", 50)
	if _, err := Match(deep, 0, Braces, Limits{MaxDepth: 20}); err == nil || !strings.Contains(err.Error(), "nested deeper than 20") {
		t.Errorf("deep groups: err = %v", err)
	}
	if _, err := Split(deep, Braces, Limits{MaxDepth: 20}, ","); err == nil {
		t.Errorf("Split accepted groups nested past the limit")
	}
	if Balanced(deep, Braces, Limits{MaxDepth: 20}) {
		t.Errorf("Balanced accepted groups nested past the limit")
	}
	if g, err := Match(deep, 0, Braces, Limits{}); err != nil || g.End != len(deep) {
		t.Errorf("50 levels under the default limit: %+v %v", g, err)
	}
}

func TestPosition(t *testing.T) {
	src := "ab\nπc\n\nd"
	l := NewLines(src)
	for _, c := range []struct{ off, line, col int }{{0, 1, 1}, {2, 1, 3}, {3, 2, 1}, {5, 2, 2}, {6, 2, 3}, {7, 3, 1}, {8, 4, 1}, {99, 4, 2}, {-1, 1, 1}} {
		if line, col := l.Position(c.off); line != c.line || col != c.col {
			t.Errorf("Position(%d) = %d:%d, want %d:%d", c.off, line, col, c.line, c.col)
		}
		if line, col := Position(src, c.off); line != c.line || col != c.col {
			t.Errorf("package Position(%d) = %d:%d", c.off, line, col)
		}
	}
}

func TestMatch(t *testing.T) {
	cases := []struct {
		in    string
		open  int
		b     Brackets
		inner string
		whole string
		err   string
	}{
		{`\boxed{a\{b}c}`, 6, Braces, `a\{b`, `{a\{b}`, ""},
		{`{a{b}c}d`, 0, Braces, `a{b}c`, `{a{b}c}`, ""},
		{`{a`, 0, Braces, "", "", "never closed"},
		{`x{a}`, 0, Braces, "", "", "no opening bracket"},
		{`[0, 1)`, 0, Parens | Squares, `0, 1`, `[0, 1)`, ""},
		{`(a)`, 0, Braces, "", "", "no opening bracket"}, // parentheses do not count under Braces
		{`\left( x \right)`, 0, Bracketed, ` x `, `\left( x \right)`, ""},
		{`\left. x \right\}y`, 0, LeftRight, ` x `, `\left. x \right\}`, ""},
		{`\left ( (a) \right ]`, 0, Bracketed, ` (a) `, `\left ( (a) \right ]`, ""},
		{`\left`, 0, LeftRight, "", "", "without a delimiter"},
		{`\left( x \right`, 0, LeftRight, "", "", "without a delimiter"},
	}
	for _, c := range cases {
		g, err := Match(c.in, c.open, c.b, Limits{})
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("Match(%q, %d): err = %v, want %q", c.in, c.open, err, c.err)
			}
			continue
		}
		if err != nil || c.in[g.Inner:g.InnerEnd] != c.inner || c.in[g.Start:g.End] != c.whole {
			t.Errorf("Match(%q, %d) = %+v %v, want inner %q whole %q", c.in, c.open, g, err, c.inner, c.whole)
		}
	}
}

func TestSplit(t *testing.T) {
	cases := []struct {
		in   string
		b    Brackets
		seps []string
		want string
	}{
		{`1, (2, 3), \{4, 5\}, {6, 7}`, Bracketed, []string{","}, `1| (2, 3)| \{4| 5\}| {6, 7}`},
		{`\left(1, 2\right), [3, 4)`, Bracketed, []string{","}, `\left(1, 2\right)| [3, 4)`},
		{`\left. 1, 2 \right|, 3`, LeftRight, []string{","}, `\left. 1, 2 \right|| 3`},
		{`a\,b,c`, Bracketed, []string{","}, `a\,b|c`},
		{`x = 1 \approx 2`, Bracketed, []string{"=", `\approx`}, `x | 1 | 2`},
		{"a \\\\ b\r\nc", Bracketed, []string{`\\`, "\n"}, `a | b|c`},
		{`a), b`, Parens, []string{","}, `a)| b`}, // a stray closer is text
		{`\begin{cases}1&2\end{cases}&3`, Braces | Envs, []string{"&"}, `\begin{cases}1&2\end{cases}|3`},
		{`\begin{cases}1&2\end{cases}`, Braces, []string{"&"}, `\begin{cases}1|2\end{cases}`},
		{``, Bracketed, []string{","}, ``},
	}
	for _, c := range cases {
		got, err := Split(c.in, c.b, Limits{}, c.seps...)
		if err != nil || strings.Join(got, "|") != c.want {
			t.Errorf("Split(%q) = %q %v, want %q", c.in, got, err, c.want)
		}
	}
}

func TestBalanced(t *testing.T) {
	for in, want := range map[string]bool{
		`{a}`: true, `}{`: false, `{`: false, `\{`: true, `\left(a\right)`: true, `\left(a`: false,
		`a\right)`: false, `[0,1)`: true, `(a]`: true, `\left`: false, ``: true,
	} {
		if got := Balanced(in, Bracketed, Limits{}); got != want {
			t.Errorf("Balanced(%q) = %v, want %v", in, got, want)
		}
	}
}

// FuzzScan checks that tokens cover the text exactly, in increasing
// order, that each kind's text has its shape, and that the helpers never
// panic and return groups and pieces inside the text.
func TestWalker(t *testing.T) {
	src := "a{b\\{c}\n}d\n\\left( e \\right)}{"
	w := NewWalker(src, 0, Braces|LeftRight, Limits{})
	var got []string
	for {
		tk, d, ok := w.Next()
		if !ok {
			break
		}
		if tk.Kind != Space {
			got = append(got, fmt.Sprintf("%s/%d/%d", tk.Text, d, w.Depth()))
		}
	}
	want := "a/0/0 {/1/1 b/0/1 \\{/0/1 c/0/1 }/-1/0 \n/0/0 }/-1/0 d/0/0 \n/0/0 \\left/1/1 (/0/1 e/0/1 \\right/-1/0 )/0/0 }/-1/0 {/1/1"
	if g := strings.Join(got, " "); g != want {
		t.Errorf("walker:\n got  %s\n want %s", g, want)
	}
	if w.Err() != nil || w.Pos() != len(src) {
		t.Errorf("walker ended at %d with %v", w.Pos(), w.Err())
	}
	w = NewWalker("xx{y}", 2, Braces, Limits{})
	if tk, d, ok := w.Next(); !ok || tk.Text != "{" || d != 1 || w.Depth() != 1 {
		t.Errorf("walker from offset 2: %+v %d %v", tk, d, ok)
	}
	deep := NewWalker(strings.Repeat("{", 30), 0, Braces, Limits{MaxDepth: 20})
	n := 0
	for _, _, ok := deep.Next(); ok; _, _, ok = deep.Next() {
		n++
	}
	if n != 20 || deep.Err() == nil {
		t.Errorf("deep walker read %d tokens, err %v", n, deep.Err())
	}
	if _, _, ok := NewWalker("abc", 0, Braces, Limits{MaxBytes: 2}).Next(); ok {
		t.Errorf("walker read a text over the limit")
	}
}

func FuzzScan(f *testing.F) {
	for _, s := range []string{`\frac{1}{2}`, `$x$ and $$y$$`, `\left( a, b \right]`, "π²\xff\\", `\begin{align*}x\end{align*}`,
		"a\r\n\r\rb", `\\\$$`, `3.14.15`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		ts, err := Tokens(s, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		pos := 0
		for _, tk := range ts {
			if tk.Pos != pos || tk.Text == "" {
				t.Fatalf("token %+v at %d in %q", tk, pos, s)
			}
			if tk.Kind == Char && len(tk.Text) > 1 && !utf8.ValidString(tk.Text) {
				t.Fatalf("Char token %q is not one rune", tk.Text)
			}
			if tk.Kind == Command && tk.Name() == "" {
				t.Fatalf("command without a name: %q", tk.Text)
			}
			b.WriteString(tk.Text)
			pos = tk.End()
		}
		if b.String() != s {
			t.Fatalf("tokens of %q concatenate to %q", s, b.String())
		}
		for _, tk := range ts {
			if g, err := Match(s, tk.Pos, Bracketed, Limits{}); err == nil {
				if !(g.Start <= g.Inner && g.Inner <= g.InnerEnd && g.InnerEnd <= g.End && g.End <= len(s)) {
					t.Fatalf("bad group %+v in %q", g, s)
				}
			}
		}
		parts, err := Split(s, Bracketed|Envs, Limits{}, ",", `\\`, "\n")
		if err != nil {
			t.Fatal(err)
		}
		if n := len(strings.Join(parts, "")); n > len(s) {
			t.Fatalf("pieces longer than the text")
		}
		// The walker's depth agrees with Balanced, never goes below zero,
		// and its tokens are the scanner's.
		w := NewWalker(s, 0, Bracketed, Limits{})
		n := 0
		for {
			tk, d, ok := w.Next()
			if !ok {
				break
			}
			if w.Depth() < 0 || n >= len(ts) || tk != ts[n] || d < -1 || d > 1 {
				t.Fatalf("walker token %d %+v depth %d in %q", n, tk, w.Depth(), s)
			}
			n++
		}
		if w.Err() == nil && n != len(ts) {
			t.Fatalf("walker read %d of %d tokens of %q", n, len(ts), s)
		}
		if Balanced(s, Bracketed, Limits{}) && w.Depth() != 0 {
			t.Fatalf("balanced %q ends at depth %d", s, w.Depth())
		}
		last := 0
		for _, g := range Segments(s) {
			if g.Start < last || g.End > len(s) || g.CS < g.Start || g.CE > g.End || g.CS > g.CE || g.End <= g.Start {
				t.Fatalf("bad segment %+v in %q", g, s)
			}
			last = g.End
		}
	})
}

func BenchmarkTokens(b *testing.B) {
	src := strings.Repeat(`Let $x = \frac{-b \pm \sqrt{b^2-4ac}}{2a}$, so \[ \boxed{x^2 + 3.5x} \] holds. `, 200)
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if _, err := Tokens(src, Limits{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkScanner(b *testing.B) {
	src := strings.Repeat(`Let $x = \frac{-b \pm \sqrt{b^2-4ac}}{2a}$, so \[ \boxed{x^2 + 3.5x} \] holds. `, 200)
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		s := NewScanner(src, 0)
		for {
			if _, ok := s.Next(); !ok {
				break
			}
		}
	}
}

func BenchmarkSplit(b *testing.B) {
	src := strings.Repeat(`\left(1, \frac{2}{3}\right), [4, 5), {6, 7}, `, 200)
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if _, err := Split(src, Bracketed, Limits{}, ","); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSegments(b *testing.B) {
	src := strings.Repeat(`It costs \$5. Then $x^2$ and $$\int f$$ and \(a\) and \[b\] and `, 200) + "$unclosed " + strings.Repeat(`\( `, 2000)
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		Segments(src)
	}
}

// BenchmarkSegmentsUnclosed feeds texts of growing size where every
// delimiter is unclosed: the time per byte stays flat (linear), where a
// search from each opener to the end would grow with the size.
func BenchmarkSegmentsUnclosed(b *testing.B) {
	for _, n := range []int{1_000, 10_000, 100_000} {
		src := "$ " + strings.Repeat(`\( \[ \begin{align} `, n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				if len(Segments(src)) != 0 {
					b.Fatal("a segment in unclosed text")
				}
			}
		})
	}
}

// BenchmarkMatchDeep matches a group nested 10,000 deep (the default limit).
func BenchmarkMatchDeep(b *testing.B) {
	src := strings.Repeat("{", 10_000) + strings.Repeat("}", 10_000)
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if _, err := Match(src, 0, Braces, Limits{}); err != nil {
			b.Fatal(err)
		}
	}
}
