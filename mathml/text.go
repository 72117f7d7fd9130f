package mathml

import (
	"html"
	"strings"
)

// Segment is a piece of text: prose, or a formula with its delimiters removed.
type Segment struct {
	Text    string
	Math    bool
	Display bool
	Raw     string // the formula with its delimiters, as written
}

// Split cuts s into prose and formulas delimited by $...$, $$...$$, \(...\)
// and \[...\]. An escaped dollar (\$) is prose; an opening delimiter with no
// closing one is prose too, so a stray "$5" never swallows the rest.
func Split(s string) []Segment {
	var out []Segment
	var prose strings.Builder
	flush := func() {
		if prose.Len() > 0 {
			out = append(out, Segment{Text: prose.String()})
			prose.Reset()
		}
	}
	i := 0
	for i < len(s) {
		c := s[i]
		if c == '\\' && i+1 < len(s) {
			switch s[i+1] {
			case '$':
				prose.WriteByte('$')
				i += 2
				continue
			case 'b':
				if end := displayEnv(s, i); end > 0 {
					flush()
					out = append(out, Segment{Text: s[i:end], Math: true, Display: true, Raw: s[i:end]})
					i = end
					continue
				}
			case '(', '[':
				closeD := `\)`
				if s[i+1] == '[' {
					closeD = `\]`
				}
				if j := strings.Index(s[i+2:], closeD); j >= 0 {
					flush()
					body := s[i+2 : i+2+j]
					out = append(out, Segment{Text: body, Math: true, Display: s[i+1] == '[', Raw: s[i : i+2+j+2]})
					i += 2 + j + 2
					continue
				}
			}
			prose.WriteString(s[i : i+2])
			i += 2
			continue
		}
		if c == '$' {
			display := strings.HasPrefix(s[i:], "$$")
			open := 1
			if display {
				open = 2
			}
			if j := closingDollar(s, i+open, display); j >= 0 {
				flush()
				out = append(out, Segment{Text: s[i+open : j], Math: true, Display: display, Raw: s[i : j+open]})
				i = j + open
				continue
			}
		}
		prose.WriteByte(c)
		i++
	}
	flush()
	return out
}

// displayEnvs are the environments that are display mathematics when they
// stand in text (HARDMath writes \begin{align*} ... \end{align*} outside $).
var displayEnvs = []string{"equation", "equation*", "align", "align*", "gather", "gather*", "multline",
	"multline*", "eqnarray", "eqnarray*", "displaymath", "alignat", "alignat*", "flalign", "flalign*"}

// displayEnv reports where a display environment starting at s[i:]
// (\begin{ENV} closed later by \end{ENV}) ends: past its \end{ENV}; -1
// when s[i:] starts none.
func displayEnv(s string, i int) int {
	if !strings.HasPrefix(s[i:], `\begin{`) {
		return -1
	}
	for _, env := range displayEnvs {
		open := `\begin{` + env + "}"
		if !strings.HasPrefix(s[i:], open) {
			continue
		}
		closeD := `\end{` + env + "}"
		if j := strings.Index(s[i+len(open):], closeD); j >= 0 {
			return i + len(open) + j + len(closeD)
		}
	}
	return -1
}

// closingDollar finds the closing $ (or $$) from position i, skipping \$.
func closingDollar(s string, i int, display bool) int {
	for j := i; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case '$':
			if !display {
				if j == i { // "$$" handled as display; an empty "$ $" pair is prose
					return -1
				}
				return j
			}
			if j+1 < len(s) && s[j+1] == '$' {
				return j
			}
		}
	}
	return -1
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
