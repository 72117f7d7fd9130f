package hardmath

import (
	"slices"
	"testing"
)

// The token readers that replaced the reply-side regexps: what each finds,
// and where the tokens read TeX better than the regexps did (a command is
// one token: \\ before a word, \quadx, \-).
func TestTokenReaders(t *testing.T) {
	for s, want := range map[string]int{
		`1 + x + O(x^2)`:                    6,
		`1 - \mathcal{O}\left(\epsilon^{2}`: 2,
		`1 + O (x)`:                         2,
		`x + Oh(x)`:                         -1, // a word, not O
		`1 \- O(x)`:                         -1, // \- is a command, no sign
		`1 + \mathcal{ O }(x)`:              -1,
	} {
		if got := orderTermIndex(s, 0); got != want {
			t.Errorf("orderTermIndex(%q) = %d, want %d", s, got, want)
		}
	}
	if got := cleanODEAnswer("y = 1 + O(x)\n+ 2 + O(x^3)"); got != "1 + O(x)\n+ 2" {
		t.Errorf("cleanODEAnswer cut %q, want the last line's order term only", got)
	}
	for s, want := range map[string]string{
		`a\,b\;c\quad d\qquad e\!f\ g`: "a b c  d  e f g",
		`\quadx \\,`:                   `\quadx \\,`, // no spacing command here
	} {
		if got := replaceSpaceCommands(s); got != want {
			t.Errorf("replaceSpaceCommands(%q) = %q, want %q", s, got, want)
		}
	}
	for s, want := range map[string]string{"1, \\ldots, 5": "1, , 5", "0..8": "08", "a....b": "a.b", "a.....b": "ab", "3.14": "3.14"} {
		got, found := dropDots(s)
		if got != want || found != (got != s) {
			t.Errorf("dropDots(%q) = %q, %v; want %q", s, got, found, want)
		}
	}
	for s, want := range map[string]bool{"k = 0": true, "x^k": true, `\kappa`: false, "kx": false, `\\k`: true} {
		if got := hasWord(s, "k"); got != want {
			t.Errorf("hasWord(%q, k) = %v, want %v", s, got, want)
		}
	}
	if got, want := regimeWords(`For Small $\epsilon$ \Large text, larger \\small`), [][2]int{{4, 9}, {34, 39}, {43, 48}}; !slices.Equal(got, want) {
		t.Errorf("regimeWords = %v, want %v", got, want)
	}
	if got, want := dropWords(`\frac{for}{all} sqrt x \\then`), `\frac{ }{ } sqrt x \\ `; got != want {
		t.Errorf("dropWords = %q, want %q", got, want)
	}
	for s, want := range map[string]string{
		`[e^{2\pi i k/5}]_{k=0}^{4}`:      `[e^{2\pi i k/5}, k = 0, \ldots, 4]`,
		`[x_k] _{ k = -2 }^ 3 rest`:       `[x_k, k = -2, \ldots, 3]rest`,
		`[x_k]_{k=0}^{4.5}`:               `[x_k, k = 0, \ldots, 4].5}`,
		`[x_k]_{k=0.5}^{4}`:               `[x_k]_{k=0.5}^{4}`,
		`[x_k]_{j=0}^{4} and [y]_{k=1}^2`: `[x_k]_{j=0}^{4} and [y, k = 1, \ldots, 2]`,
	} {
		if got := expandSubscriptRanges(s); got != want {
			t.Errorf("expandSubscriptRanges(%q) = %q, want %q", s, got, want)
		}
	}
	for _, c := range []struct {
		s, spec string
		at      int
	}{
		{`e^{2\pi i k/5}, k = 0, 1, 2`, "0, 1, 2", 14},
		{`x_k \mid k \in \{0, \ldots, 4\}`, `\{0, \ldots, 4\}`, 4},
		{`x_k for {k} in range(5)`, "range(5)", 4},
		{"x_k, k = 0,\n 1", "", -1},   // the range must end the text on its line
		{`x_k, kk = 0`, "", -1},       // k alone
		{`x_k 2for k = 1`, "", -1},    // "for" touching a digit is no word
		{`x_k, k \infty = 1`, "", -1}, // \infty is not \in
	} {
		at, spec, ok := indexFamily(c.s)
		if ok != (c.at >= 0) || ok && (at != c.at || spec != c.spec) {
			t.Errorf("indexFamily(%q) = %d, %q, %v; want %d, %q", c.s, at, spec, ok, c.at, c.spec)
		}
	}
}

// A regime label column, on tokens: words and the comparison commands
// count, a command's name does not hold a word.
func TestIsRegimeLabel(t *testing.T) {
	for s, want := range map[string]bool{
		`\text{Small } x`: true, `x \ll 1`: true, `x \to \infty`: true, `(x > 1)`: true, `X< 1`: true,
		`for larger x`: true, `Regime 2 \quad `: true, `\epsilon \Rightarrow 0`: true,
		`1 - \frac{x^3}{6}`: false, `\Large 1 + x`: false, `\top`: false, `\\to`: false, `xy < 1`: false,
	} {
		if got := isRegimeLabel(s); got != want {
			t.Errorf("isRegimeLabel(%q) = %v, want %v", s, got, want)
		}
	}
}

// A quoted list item, bare or in \text, as the regexp it replaced read it.
func TestQuotedItem(t *testing.T) {
	for it, want := range map[string]string{
		`"1 - x^3/18"`:        `"1 - x^3/18"`,
		`\text{"1 - x^3/18"}`: `"1 - x^3/18"`,
		`\text{ 'a' }`:        `'a'`,
		`'a"`:                 `'a"`, // the caller wants the quotes to agree
		`"a"}`:                `"a"`,
		"\"a\nb\"":            "",
		`1 - x`:               "",
		`\textbf{"a"}`:        "",
		`\text {"a"}`:         "",
	} {
		o, inner, c, ok := quotedItem(it)
		got := ""
		if ok {
			got = string(o) + inner + string(c)
		}
		if got != want {
			t.Errorf("quotedItem(%q) = %q, want %q", it, got, want)
		}
	}
}

// The regime a label names, on tokens.
func TestRegimeOfLabel(t *testing.T) {
	for label, want := range map[string]string{
		`\text{Small } x`: "small", `x \ll 1`: "small", `x \to 0`: "small", `\epsilon\Rightarrow0`: "small",
		`x \gg 1`: "large", `x \to \infty`: "large", `LARGE x`: "large",
		`\Large x`: "", `x \to 0.5`: "", `small and large`: "", `\llbracket x`: "",
	} {
		if got := regimeOfLabel(label); got != want {
			t.Errorf("regimeOfLabel(%q) = %q, want %q", label, got, want)
		}
	}
}
