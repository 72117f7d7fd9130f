package latex

import (
	"fmt"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// FuzzParse: Parse never panics, and whatever parses prints back to LaTeX
// that parses again.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"\\frac{1}{2}", "7,425,000", "(0,1]\\cup[2,3)", "x^2+2x+1", "\\begin{pmatrix}1&2\\\\3&4\\end{pmatrix}",
		"\\text{(C)}", "1 \\pm \\sqrt{2}", "\\sin^2 x", "2^{10}", "e^(i*pi)+1",
		"\\{x \\mid x^2 > 4\\}", "\\{x \\in \\mathbb{R} : -1 \\le x < 2\\}", "f^{-1}(2)+g'(x)", "1000,99 \\{1{,}5\\}",
		"{5 \\choose 2}", "7!!", "0.101_{2}", "\\text{B7}_{12}", "1010_{\\text{two}}", "\\text{not }28", "3 \\pmod{5}",
		"W(n) = 1 \\text{ or } W(n) = -1", "x < 1 \\text{ or } x > 2", "12^{\\text{th}}", "\\frac{12}{5,525}", "2 штук",
		"0.\\dot{1}4285\\dot{7}", "0.(3)", "√26", "3√(x+1)", "2¹⁰", "1¾", "１２", "\\int_0^1 x\\,dx", "\\lim_{x\\to0} x",
		"\\sum_{k=1}^n k", "A^{\\top}", "x \\equiv 3 (\\mathrm{mod}\\ 5)", "\\overline{3+4i}", "\\Gamma(5)", "\\mathrm{lcm}(12,18)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		// a watchdog turns a hang into a reported failure with its input
		done := make(chan struct{})
		defer close(done)
		go func() {
			select {
			case <-done:
			case <-time.After(5 * time.Second):
				panic(fmt.Sprintf("Parse(%.300q) runs past 5s", s))
			}
		}()
		// the decimal-comma reading rewrites the input first: it must never
		// panic either, nor return another kind of error
		if _, err := ParseWith(s, Config{DecimalComma: true}); err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("ParseWith(%q, DecimalComma): error of type %T", s, err)
			}
		}
		n, err := Parse(s)
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("Parse(%q): error of type %T", s, err)
			}
			return
		}
		if n == nil {
			t.Fatalf("Parse(%q): nil tree without error", s)
		}
		out := n.String()
		if !utf8.ValidString(s) || len(out) > MaxInput {
			return
		}
		// printing adds brackets (-(-x)), so a tree near the nesting limit
		// may print past it: that is the only error allowed on re-parsing
		if _, err := Parse(out); err != nil && !strings.Contains(err.Error(), "nested too deeply") {
			t.Fatalf("Parse(%.300q) printed %.300q which does not parse: %v", s, out, err)
		}
	})
}
