package texscan

import (
	"strings"
	"testing"
)

// indexTexts are texts with every kind of token, tokens of several bytes
// (words, numbers, commands, spaces, \begin{...}) and invalid UTF-8.
var indexTexts = []string{
	"", "x", `\frac{12.5}{x_{n}}`, "abc def\r\n  \\begin{pmatrix}1 & 2\\\\ 3\\end{pmatrix}",
	`$$\sqrt[3]{2}$$ \( a \) \[b\] 3.14.15 2,345{,}678`, "π√²é\xff\\", `\\frac\left(\right.`,
}

// TestIndexAt checks At against a scanner started at every offset, in
// order and out of order (the hint must never return a stale token).
func TestIndexAt(t *testing.T) {
	for _, src := range indexTexts {
		x, err := NewIndex(src, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		want := func(off int) Token {
			if off >= len(src) {
				return Token{Kind: EOF, Pos: len(src)}
			}
			tok, _ := NewScanner(src, off).Peek()
			return tok
		}
		offs := []int{}
		for off := 0; off <= len(src)+1; off++ {
			offs = append(offs, off)
		}
		for off := len(src); off >= 0; off -= 3 {
			offs = append(offs, off)
		}
		for _, off := range offs {
			if got, w := x.At(off), want(off); got != w {
				t.Errorf("%q: At(%d) = %v %q at %d, want %v %q at %d", src, off, got.Kind, got.Text, got.Pos, w.Kind, w.Text, w.Pos)
			}
		}
	}
}

// TestIndexBefore checks that Before(off) is the token holding byte off-1,
// cut at off: it starts at a token's start and ends at off.
func TestIndexBefore(t *testing.T) {
	for _, src := range indexTexts {
		x, err := NewIndex(src, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		starts := map[int]Kind{}
		all, _ := Tokens(src, Limits{})
		if x.Len() != len(all) {
			t.Errorf("%q: Len() = %d, want %d", src, x.Len(), len(all))
		}
		for k, tok := range all {
			starts[tok.Pos] = tok.Kind
			if got := x.Token(k); got != tok {
				t.Errorf("%q: Token(%d) = %v %q at %d, want %v %q at %d", src, k, got.Kind, got.Text, got.Pos, tok.Kind, tok.Text, tok.Pos)
			}
		}
		if b := x.Before(0); b.Kind != EOF || b.Text != "" {
			t.Errorf("%q: Before(0) = %v %q, want EOF", src, b.Kind, b.Text)
		}
		for off := len(src); off >= 1; off-- {
			b := x.Before(off)
			k, ok := starts[b.Pos]
			if !ok || k != b.Kind || b.End() != off || src[b.Pos:off] != b.Text || b.Text == "" {
				t.Errorf("%q: Before(%d) = %v %q at %d: not a token cut at %d", src, off, b.Kind, b.Text, b.Pos, off)
			}
		}
	}
}

func TestIndexExamples(t *testing.T) {
	src := `x^{23}\alpha`
	x, _ := NewIndex(src, Limits{})
	for _, c := range []struct {
		off        int
		kind       Kind
		text       string
		beforeText string
	}{
		{0, Word, "x", ""}, {3, Number, "23", "{"}, {4, Number, "3", "2"}, {6, Command, `\alpha`, "}"},
		{8, Word, "lpha", `\a`}, {12, EOF, "", `\alpha`}, {99, EOF, "", `\alpha`},
	} {
		if got := x.At(c.off); got.Kind != c.kind || got.Text != c.text {
			t.Errorf("At(%d) = %v %q, want %v %q", c.off, got.Kind, got.Text, c.kind, c.text)
		}
		if got := x.Before(c.off); got.Text != c.beforeText {
			t.Errorf("Before(%d) = %q, want %q", c.off, got.Text, c.beforeText)
		}
	}
	if _, err := NewIndex(strings.Repeat("x", 11), Limits{MaxBytes: 10}); err == nil {
		t.Error("NewIndex took a text over MaxBytes")
	}
	if EOF.String() != "EOF" {
		t.Errorf("EOF.String() = %q", EOF.String())
	}
}

// FuzzIndex checks At against a scanner at every offset of any text.
func FuzzIndex(f *testing.F) {
	for _, s := range indexTexts {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 4096 {
			return
		}
		x, err := NewIndex(src, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		for off := 0; off < len(src); off++ {
			w, _ := NewScanner(src, off).Peek()
			if got := x.At(off); got != w {
				t.Fatalf("At(%d) = %v %q, want %v %q", off, got.Kind, got.Text, w.Kind, w.Text)
			}
			if b := x.Before(off + 1); b.End() != off+1 || b.Text == "" {
				t.Fatalf("Before(%d) = %v %q at %d", off+1, b.Kind, b.Text, b.Pos)
			}
		}
	})
}

// BenchmarkNewIndex indexes a typical answer (an index is built for every
// answer the latex parser reads).
func BenchmarkNewIndex(b *testing.B) {
	src := `\left( 3, \frac{\pi}{2} \right)`
	b.ReportAllocs()
	for b.Loop() {
		if _, err := NewIndex(src, Limits{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkIndexAt looks up every offset of a text in order, as a parser
// reading it does.
func BenchmarkIndexAt(b *testing.B) {
	src := strings.Repeat(`\frac{12}{x_{n}} + 3.5 `, 100)
	x, _ := NewIndex(src, Limits{})
	b.ReportAllocs()
	for b.Loop() {
		for off := 0; off < len(src); off++ {
			x.At(off)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(src)), "ns/offset")
}
