// Package texseg finds the math segments of a text written with LaTeX
// formulas: $...$, $$...$$, \(...\) and \[...\]. It is the one splitter
// shared by the grader (package answer, which takes the final answer from
// these segments) and the viewer (package mathml, which renders them), so
// that the viewer highlights exactly the math the grader read.
//
// The rules:
//
//   - \$ is a literal dollar sign: it never opens or closes a formula;
//   - $$ opens a display formula closed by the next $$; a single $ opens an
//     inline formula closed by the next $;
//   - \( ... \) is inline and \[ ... \] display;
//   - a display environment standing in text, \begin{align*} ...
//     \end{align*} (equation, align, gather, multline, eqnarray,
//     displaymath, alignat, flalign, starred or not), is display math whose
//     formula is the whole environment;
//   - inside a formula a backslash escapes the byte after it, so \$ and \\
//     never close one;
//   - an opening delimiter with no closing one is text, so a stray "$5"
//     never swallows the rest of a reply.
//
// Standard library only; every function runs in time linear in the text.
package texseg

import "strings"

// Seg is one math segment of a text s.
type Seg struct {
	// Start and End delimit the segment with its delimiters: s[Start:End].
	Start, End int
	// CS and CE delimit the formula inside the delimiters: s[CS:CE].
	CS, CE int
	// Display is set for $$...$$ and \[...\].
	Display bool
}

// At reads a math segment that opens at s[i]. It reports false when no
// delimiter opens there or the delimiter is never closed.
func At(s string, i int) (Seg, bool) {
	if i < 0 || i >= len(s) {
		return Seg{}, false
	}
	if strings.HasPrefix(s[i:], `\begin{`) {
		return envAt(s, i)
	}
	var open, close string
	display := false
	switch {
	case strings.HasPrefix(s[i:], "$$"):
		open, close, display = "$$", "$$", true
	case s[i] == '$':
		open, close = "$", "$"
	case strings.HasPrefix(s[i:], `\[`):
		open, close, display = `\[`, `\]`, true
	case strings.HasPrefix(s[i:], `\(`):
		open, close = `\(`, `\)`
	default:
		return Seg{}, false
	}
	cs := i + len(open)
	for k := cs; k < len(s); {
		if strings.HasPrefix(s[k:], close) {
			return Seg{Start: i, End: k + len(close), CS: cs, CE: k, Display: display}, true
		}
		if s[k] == '\\' {
			k += 2 // an escaped byte never closes the formula
			continue
		}
		k++
	}
	return Seg{}, false
}

// Next returns the first math segment of s that opens at or after i.
// Escaped dollars (\$) and unclosed delimiters are skipped as text.
func Next(s string, i int) (Seg, bool) {
	for i < len(s) {
		j := strings.IndexAny(s[i:], `$\`)
		if j < 0 {
			return Seg{}, false
		}
		p := i + j
		if s[p] == '\\' {
			if p+1 < len(s) && (s[p+1] == '(' || s[p+1] == '[' || s[p+1] == 'b') {
				if g, ok := At(s, p); ok {
					return g, true
				}
			}
			i = p + 2 // \$ and every other escape are text
			continue
		}
		if g, ok := At(s, p); ok {
			return g, true
		}
		i = p + 1 // an unclosed '$' opens nothing
	}
	return Seg{}, false
}

// All returns every math segment of s in order.
func All(s string) []Seg {
	var out []Seg
	for i := 0; i < len(s); {
		g, ok := Next(s, i)
		if !ok {
			break
		}
		out = append(out, g)
		i = g.End
	}
	return out
}

// displayEnvs are the environments that are display math in text.
var displayEnvs = []string{"equation", "equation*", "align", "align*", "gather", "gather*", "multline",
	"multline*", "eqnarray", "eqnarray*", "displaymath", "alignat", "alignat*", "flalign", "flalign*"}

// envAt reads a display environment that opens at s[i] ("\begin{"): the
// formula is the whole environment, which the renderer and the engine read
// with its \begin and \end.
func envAt(s string, i int) (Seg, bool) {
	rest := s[i+len(`\begin{`):]
	k := strings.IndexByte(rest, '}')
	if k < 0 {
		return Seg{}, false
	}
	env := rest[:k]
	known := false
	for _, e := range displayEnvs {
		if e == env {
			known = true
			break
		}
	}
	if !known {
		return Seg{}, false
	}
	open := `\begin{` + env + "}"
	closeD := `\end{` + env + "}"
	j := strings.Index(s[i+len(open):], closeD)
	if j < 0 {
		return Seg{}, false
	}
	end := i + len(open) + j + len(closeD)
	return Seg{Start: i, End: end, CS: i, CE: end, Display: true}, true
}
