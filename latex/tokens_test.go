package latex

import (
	goparser "go/parser"
	gotoken "go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestTokenReaders pins what the readers built on texscan's tokens read:
// the heads that were regexps before issue 28 (a function on the left of
// an equation, an application of f or g, a set-builder head, decimal
// commas) and the hand scanners (number literals, ordinal and degree
// marks, brace groups, optional arguments, environments). want is the
// parse printed by String, or "error: " and part of the message.
func TestTokenReaders(t *testing.T) {
	cases := []struct {
		in   string
		cfg  Config
		want string
	}{
		// lhsFuncAt: one letter applied to one letter, then = (not ==)
		{`P \left( x \right) = 2`, Config{}, `\operatorname{P}\left(x\right) = 2`},
		{`W(n)=1`, Config{}, `\operatorname{W}\left(n\right) = 1`},
		{`W(nm)=1`, Config{}, `W \cdot \left(n \cdot m\right) = 1`},
		// funcAppAt: f or g, ^{-1} (spaces inside) or ^-1 or up to three primes, then ( or \left(
		{`f^{ - 1 }(2)`, Config{}, `\operatorname{f^{-1}}\left(2\right)`},
		{`f^-1(2)`, Config{}, `\operatorname{f^{-1}}\left(2\right)`},
		{`f^-12(x)`, Config{}, `f^{-12} \cdot x`},
		{`g'''(x)`, Config{}, `\operatorname{g'''}\left(x\right)`},
		{`g''''(x)`, Config{}, `g'''' \cdot x`},
		{`g \left(x\right)`, Config{}, `\operatorname{g}\left(x\right)`},
		{`g (x)`, Config{}, `g \cdot x`},
		// setBuilderHeadAt and realsAt
		{`\{x \mid x > 1\}`, Config{}, `x > 1`},
		{`\{x \in \mathbb{R} : x > 1\}`, Config{}, `x > 1`},
		{`\{x\in\BbbR | x>1\}`, Config{}, `x > 1`},
		{`\{x \in \R \colon x < 0\}`, Config{}, `x < 0`},
		{`\{x \in \mathbb{Z} \mid x > 1\}`, Config{}, `error: set-builder`},
		{`\{x \mid2 x>1\}`, Config{}, `error: set-builder`},
		// decimalCommas: one comma between digit groups, outside brackets
		{`1000,99`, Config{DecimalComma: true}, `1000.99`},
		{`1{,}5`, Config{DecimalComma: true}, `1.5`},
		{`7,425,000`, Config{DecimalComma: true}, `7425000`},
		{`(1,5)`, Config{DecimalComma: true}, `\left(1, 5\right)`},
		{`\(1,5\)`, Config{DecimalComma: true}, `1, 5`},
		{`1.5,2`, Config{DecimalComma: true}, `1.5, 2`},
		{`3,5.1`, Config{DecimalComma: true}, `3, 5.1`},
		{`\frac{12}{5,525}`, Config{DecimalComma: true}, `\frac{12}{5.525}`},
		// \\ is a row break, not an escaped brace: the braces after it
		// are a group, as {1,5} is (before the move \\{ counted as \{)
		{`\\{1,5\\}`, Config{DecimalComma: true}, `1.5`},
		{`{1,5}`, Config{DecimalComma: true}, `1.5`},
		// number literals
		{`1{, }234`, Config{}, `1234`},
		{`1,\!  234`, Config{}, `1234`},
		{`2\,345`, Config{}, `2345`},
		{`6.02e23`, Config{}, `602000000000000000000000`},
		{`0.\dot{1}4285\dot{7}`, Config{}, `\frac{1}{7}`},
		{`0.1\overline 6`, Config{}, `\frac{1}{6}`},
		{`0.\overline{ 3 }`, Config{}, `\frac{1}{3}`},
		{`0.(3)`, Config{}, `\frac{1}{3}`},
		{`0.5(3)`, Config{}, `error: ambiguous`},
		{`3.\dots`, Config{}, `error: decoration that holds no digits`},
		// marks after ^
		{`12^{\text{th}}`, Config{}, `12`},
		{`12^{ th }`, Config{}, `12`},
		{`30^{ \circ }`, Config{}, `30^\circ`},
		{`30^{\degree}`, Config{}, `30^\circ`},
		{`x^{ \degree}`, Config{}, `error: \degree is not read`},
		// groups and arguments
		{`\text{a\}b}`, Config{}, `\text{a\b}`},
		{`\begin {pmatrix}1&2\end {pmatrix}`, Config{}, `\begin{pmatrix}1 & 2\end{pmatrix}`},
		{`\begin{a{b}c}1\end{a{b}c}`, Config{}, `error: unsupported environment a{b}c`},
		{`\frac{1}{2`, Config{}, `error: missing }`},
		{`\text{5`, Config{}, `error: unclosed {`},
		// an optional argument ends at the first ] token; \] is a math
		// delimiter, not a bracket (before the move its ] ended it)
		{`\cfrac[l]{1}{2}`, Config{}, `\frac{1}{2}`},
		{`\cfrac[\]]{1}{2}`, Config{}, `\frac{1}{2}`},
		{`152A_{11}`, Config{}, `152A_{11}`},
		{`\text{B7}_{12}`, Config{}, `\text{B7}_{12}`},
		{`5 (apples )`, Config{}, `5`},
		{`x = \zzz = 1`, Config{}, `x = \zzz = 1`},
		// a vertical tab is white space in the heads too, as it is to the
		// rest of the parser (the regexps' \s left it out: W\v(n) = 1 was
		// the product W n = 1, where W (n) = 1 is W(n) = 1)
		{"W\v(n) = 1", Config{}, `\operatorname{W}\left(n\right) = 1`},
		{"\\{x\v\\mid x>1\\}", Config{}, `x > 1`},
		{"f^{\v-1}(x)", Config{}, `\operatorname{f^{-1}}\left(x\right)`},
	}
	for _, c := range cases {
		n, err := ParseWith(c.in, c.cfg)
		got := ""
		if err != nil {
			got = "error: " + err.Error()
		} else {
			got = n.String()
		}
		if want, isErr := strings.CutPrefix(c.want, "error: "); isErr {
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("ParseWith(%q, %+v) = %s, want an error with %q", c.in, c.cfg, got, want)
			}
			continue
		}
		if got != c.want {
			t.Errorf("ParseWith(%q, %+v) = %s, want %s", c.in, c.cfg, got, c.want)
		}
	}
}

// TestNoRegexpOnInput keeps issue 28's rule: the parser reads TeX through
// texscan, so no file of the package (tests and the dump tool aside)
// imports regexp.
func TestNoRegexpOnInput(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		af, err := goparser.ParseFile(gotoken.NewFileSet(), f, nil, goparser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		checked++
		for _, imp := range af.Imports {
			if p, _ := strconv.Unquote(imp.Path.Value); p == "regexp" {
				t.Errorf("%s imports regexp: read the input through texscan's tokens instead", f)
			}
		}
	}
	if checked == 0 {
		t.Fatal("no source file found")
	}
}
