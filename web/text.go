package web

import (
	"html"
	"html/template"
	"regexp"
	"strings"

	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/mathml"
	"github.com/matheval/matheval/texscan"
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
				b.WriteString(mathml.Prose(t))
				break
			}
			used += len([]rune(t))
			b.WriteString(mathml.Prose(t))
			continue
		}
		used += len([]rune(seg.Text)) / 2 // formulas read shorter than their source
		b.WriteString(mathml.Render(seg.Raw))
	}
	return template.HTML(b.String())
}

// renderAnswer renders a final answer (LaTeX without delimiters). An
// answer in parts labelled by regime ("small_eps: A, B; large_eps: C", as
// HARDMath writes its gold answers) shows each label as text and each part
// on its own line; a list (roots, tuples' items) is cut at its top-level
// commas into formulas of their own, so that a long answer wraps.
func renderAnswer(s string) template.HTML {
	if strings.TrimSpace(s) == "" {
		return ""
	}
	parts := labelledParts(s)
	if parts == nil {
		return template.HTML(`<span class="answer">` + renderList(s) + `</span>`)
	}
	var b strings.Builder
	for _, p := range parts {
		b.WriteString(`<span class="part"><span class="label">` + html.EscapeString(mathml.Clean(p[0])) + `:</span> ` + renderList(p[1]) + `</span>`)
	}
	return template.HTML(`<span class="answer parts">` + b.String() + `</span>`)
}

// labelRE is a regime label: "small_eps:", "large_x:".
var labelRE = regexp.MustCompile(`^\s*([A-Za-z][A-Za-z0-9_]*)\s*:\s*`)

// labelledParts splits "small_eps: A; large_eps: B" into its labels and
// formulas; nil unless every top-level ";"-separated piece has a label.
func labelledParts(s string) [][2]string {
	pieces := splitTop(s, ';')
	var out [][2]string
	for _, p := range pieces {
		m := labelRE.FindStringSubmatchIndex(p)
		if m == nil || !strings.Contains(p[m[2]:m[3]], "_") && len(pieces) == 1 {
			return nil // "x: ..." alone is more likely mathematics than a label
		}
		out = append(out, [2]string{p[m[2]:m[3]], strings.TrimSpace(p[m[1]:])})
	}
	return out
}

// renderList renders a formula, cut at its top-level commas into separate
// formulas joined by ", " (text), so that the line can break between them.
func renderList(s string) string {
	// A list in brackets ("\left[ a, b \right]") keeps its brackets as text
	// around the items, so it can wrap too.
	if open, inner, closeB, ok := outerPair(strings.TrimSpace(s)); ok && len(splitTop(inner, ',')) > 1 {
		return html.EscapeString(open) + renderList(inner) + html.EscapeString(closeB)
	}
	items := splitTop(s, ',')
	var b strings.Builder
	for i, it := range items {
		// "a, \ b": LaTeX's spacing after the comma goes with it.
		it = strings.TrimSpace(it)
		for strings.HasPrefix(it, `\ `) || strings.HasPrefix(it, `\,`) || strings.HasPrefix(it, `\;`) {
			it = strings.TrimSpace(it[2:])
		}
		if it == "" {
			continue
		}
		if i > 0 && b.Len() > 0 {
			b.WriteString(", ")
		}
		b.WriteString(mathml.Render(`\(` + it + `\)`))
	}
	return b.String()
}

// outerPair reports whether one pair of brackets encloses all of s
// ("[a, b]", "\left( a, b \right)"), and returns the brackets and what is
// inside.
func outerPair(s string) (open, inner, closeB string, ok bool) {
	for _, p := range [][2]string{{`\left[`, `\right]`}, {`\left(`, `\right)`}, {"[", "]"}, {"(", ")"}} {
		if !strings.HasPrefix(s, p[0]) || !strings.HasSuffix(s, p[1]) || len(s) < len(p[0])+len(p[1]) {
			continue
		}
		inner = s[len(p[0]) : len(s)-len(p[1])]
		// The first bracket must close at the end: the inside is balanced
		// and never drops below its own level.
		if balanced(inner) {
			return p[0][len(p[0])-1:], inner, p[1][len(p[1])-1:], true
		}
	}
	return "", "", "", false
}

// balanced reports whether the brackets of s (braces, parentheses, square
// brackets, \left...\right) never close more than they opened and end level.
func balanced(s string) bool { return texscan.Balanced(s, texscan.Bracketed, texscan.Limits{}) }

// splitTop splits s at sep outside brackets, braces and \left...\right
// (texscan's top-level split: an escaped character such as \, never
// splits). Groups nested past texscan's depth limit leave s whole.
func splitTop(s string, sep byte) []string {
	parts, err := texscan.Split(s, texscan.Bracketed, texscan.Limits{}, string(sep))
	if err != nil {
		return []string{s}
	}
	return parts
}

// isCode reports whether an item's texts are formal code (miniF2F's
// Metamath, Lean and HOL Light statements and proofs, Meta "format" =
// "code"): "$" there is Metamath's keyword sigil, not a formula.
func isCode(it bench.Item) bool { return it.Meta["format"] == "code" }

// renderCode shows code as it is, at most n characters (n <= 0: all).
func renderCode(s string, n int) template.HTML {
	if r := []rune(s); n > 0 && len(r) > n {
		s = string(r[:n]) + " …"
	}
	return template.HTML(`<pre class="code">` + html.EscapeString(mathml.Clean(s)) + `</pre>`)
}
