package web

import (
	"html"
	"html/template"
	"regexp"
	"strings"

	"github.com/matheval/matheval/mathml"
)

// asyRE finds Asymptote figure code, which MATH problems inline as
// [asy]...[/asy]; it is shown folded, not as prose.
var asyRE = regexp.MustCompile(`(?s)\[asy\].*?\[/asy\]`)

// renderFull renders text with its formulas as MathML and its figures'
// source folded away. The result is safe HTML.
func renderFull(s string) template.HTML {
	var b strings.Builder
	last := 0
	for _, m := range asyRE.FindAllStringIndex(s, -1) {
		b.WriteString(mathml.Render(s[last:m[0]]))
		b.WriteString(`<details class="asy"><summary>figure (Asymptote source)</summary><pre>` +
			html.EscapeString(mathml.Clean(s[m[0]:m[1]])) + `</pre></details>`)
		last = m[1]
	}
	b.WriteString(mathml.Render(s[last:]))
	return template.HTML(b.String())
}

// renderShort renders the beginning of text for lists: about n characters,
// cut between formulas (never inside one), figures reduced to a mark.
func renderShort(s string, n int) template.HTML {
	s = asyRE.ReplaceAllString(s, "[figure]")
	var b strings.Builder
	used := 0
	for _, seg := range mathml.Split(s) {
		if used >= n {
			b.WriteString(" …")
			break
		}
		if !seg.Math {
			t := seg.Text
			if r := []rune(t); used+len(r) > n {
				t = string(r[:n-used]) + " …"
				used = n + 1
				b.WriteString(html.EscapeString(mathml.Clean(t)))
				break
			}
			used += len([]rune(t))
			b.WriteString(html.EscapeString(mathml.Clean(t)))
			continue
		}
		used += len([]rune(seg.Text)) / 2 // formulas read shorter than their source
		b.WriteString(mathml.Render(seg.Raw))
	}
	return template.HTML(b.String())
}

// renderAnswer renders a final answer (LaTeX without delimiters).
func renderAnswer(s string) template.HTML {
	if strings.TrimSpace(s) == "" {
		return ""
	}
	return template.HTML(mathml.Render(`\(` + s + `\)`))
}
