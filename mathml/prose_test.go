package mathml

import (
	"regexp"
	"strings"
	"testing"
)

// Layout commands of LaTeX text mode render or disappear; none is shown as
// raw text (HARDMath's solutions are full of them).
func TestProseLayout(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`holds for small $\epsilon$.\vspace{1em}` + "\n\nWe", "holds for small <math"},
		{`A\vspace*{2pt}B\hspace{1cm}C`, "ABC"},
		{`\noindent First\par Second`, "First\nSecond"},
		{`\underline{Therefore, valid}`, "<u>Therefore, valid</u>"},
		{`\textbf{bold} and \emph{it}`, "<b>bold</b> and <i>it</i>"},
		{`\text{with initial conditions at } x = 0:`, "with initial conditions at  x = 0:"},
		{`50\% of \$5 \& more`, "50% of $5 &amp; more"},
		{`line\\next`, "line\nnext"},
		{`for small \epsilon only`, "for small ϵ only"},
		{`a {b} c`, "a {b} c"},   // literal braces stay
		{`x } y`, "x } y"},       // a stray brace stays
		{`\foo bar`, `\foo bar`}, // unknown: as written
		{`<b>`, "&lt;b&gt;"},
		// Text outside ASCII stays as written (it was re-encoded byte by
		// byte: "cafÃ©"), after a backslash too.
		{"café, x → y, 日本", "café, x → y, 日本"},
		{`\é`, `\é`},
	} {
		got := Render(c.in)
		if !strings.Contains(got, c.want) {
			t.Errorf("Render(%q) = %q, want it to contain %q", c.in, got, c.want)
		}
		for _, raw := range []string{`\vspace`, `\underline`, `\par`, `\noindent`, `\text{`, `\textbf`} {
			if strings.Contains(got, raw) {
				t.Errorf("Render(%q) shows %s raw: %q", c.in, raw, got)
			}
		}
		wellFormed(t, c.in, got)
	}
}

// A styled group may run over a formula; it is closed at the end of the
// text if its brace never comes.
func TestProseAcrossFormulas(t *testing.T) {
	got := Render(`\underline{Therefore, valid for small positive $\epsilon$ only.}\vspace{1em} Next`)
	if !strings.HasPrefix(got, "<u>Therefore, valid for small positive <math") || !strings.Contains(got, "only.</u> Next") {
		t.Errorf("underline over a formula: %q", got)
	}
	wellFormed(t, "", got)
	got = Render(`\textbf{never closed $x$`)
	if !strings.HasSuffix(got, "</b>") {
		t.Errorf("open group not closed: %q", got)
	}
	wellFormed(t, "", got)
}

// A display environment standing in text is display mathematics.
func TestDisplayEnvironmentInText(t *testing.T) {
	in := "with initial conditions:\n\\begin{align*}\ny(0) &= 1.00 \\\\\ny'(0) &= 0.00\n\\end{align*}\n\nFind"
	segs := Split(in)
	if len(segs) != 3 || !segs[1].Math || !segs[1].Display || !strings.HasPrefix(segs[1].Text, `\begin{align*}`) {
		t.Fatalf("segments %+v", segs)
	}
	got := Render(in)
	shown := regexp.MustCompile(`(?s)<annotation.*?</annotation>`).ReplaceAllString(got, "") // the source, not shown
	if !strings.Contains(got, `display="block"`) || !strings.Contains(got, "<mtable") || strings.Contains(shown, `\begin`) {
		t.Errorf("render %q", got)
	}
	wellFormed(t, in, got)
	// Unclosed: prose, as written.
	if segs := Split(`\begin{align*} x`); len(segs) != 1 || segs[0].Math {
		t.Errorf("unclosed environment: %+v", segs)
	}
}
