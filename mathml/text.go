package mathml

import (
	"html"
	"strings"

	"github.com/matheval/matheval/texscan"
	"github.com/matheval/matheval/texseg"
)

// Segment is a piece of text: prose, or a formula with its delimiters removed.
type Segment struct {
	Text    string
	Math    bool
	Display bool
	Raw     string // the formula with its delimiters, as written
}

// Split cuts s into prose and formulas delimited by $...$, $$...$$, \(...\)
// and \[...\] (and display environments standing in text, \begin{align*}),
// by the rules of package texseg, the splitter the grader uses too (so the
// viewer shows as math exactly what the grader read as math). An escaped
// dollar (\$) is prose; an opening delimiter with no closing one is prose
// too, so a stray "$5" never swallows the rest.
func Split(s string) []Segment {
	var out []Segment
	prose := func(t string) {
		if t != "" {
			out = append(out, Segment{Text: unescapeDollars(t)})
		}
	}
	last := 0
	for _, g := range texseg.All(s) {
		prose(s[last:g.Start])
		out = append(out, Segment{Text: s[g.CS:g.CE], Math: true, Display: g.Display, Raw: s[g.Start:g.End]})
		last = g.End
	}
	prose(s[last:])
	return out
}

// unescapeDollars turns \$ into $ in prose, leaving other escapes as written.
func unescapeDollars(t string) string {
	if !strings.Contains(t, `\$`) {
		return t
	}
	var b strings.Builder
	sc := texscan.NewScanner(t, 0)
	for tok, ok := sc.Next(); ok; tok, ok = sc.Next() {
		if tok.Text == `\$` {
			b.WriteByte('$')
		} else {
			b.WriteString(tok.Text)
		}
	}
	return b.String()
}

// Render turns text with LaTeX formulas into safe HTML: prose is escaped
// (line breaks kept by the page's CSS), formulas become MathML, and a formula
// that cannot be converted is shown as its escaped source in <code>.
func Render(s string) string {
	var b strings.Builder
	var st proseState
	for _, seg := range Split(s) {
		if !seg.Math {
			b.WriteString(st.render(seg.Text))
			continue
		}
		m, err := Convert(seg.Text, seg.Display)
		if err != nil {
			b.WriteString(`<code class="tex">` + html.EscapeString(Clean(seg.Raw)) + "</code>")
			continue
		}
		b.WriteString(m)
	}
	b.WriteString(st.close())
	return b.String()
}
