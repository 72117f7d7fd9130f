package mathml

import (
	"html"
	"strings"

	"github.com/matheval/matheval/texscan"
)

// Text outside formulas in datasets is often LaTeX text mode too
// (HARDMath's solutions: \vspace{1em}, \underline{...}, \par, \text{...}).
// Prose renders it the way a reader expects: layout commands disappear or
// become line breaks, styling commands style, escaped characters are the
// characters, known symbols (\epsilon outside $...$) their letters, and
// whatever else is shown as written, escaped. A styled group may run over
// formulas (\underline{valid for small $\epsilon$ only}), so the open
// groups are kept across the prose pieces of one text (proseState).

// proseStyles are the text-mode commands that style their argument, with
// the HTML element they become ("" leaves the text as it is).
var proseStyles = map[string]string{
	"underline": "u", "uline": "u", "textbf": "b", "bf": "", "emph": "i", "textit": "i", "textsl": "i",
	"text": "", "textrm": "", "textnormal": "", "mbox": "", "hbox": "", "textsf": "", "texttt": "code",
	"textsc": "", "textup": "", "centerline": "",
}

// proseDropArg are layout commands whose one argument is dropped with them.
var proseDropArg = map[string]bool{
	"vspace": true, "hspace": true, "label": true, "addvspace": true,
}

// proseDrop are layout commands that disappear.
var proseDrop = map[string]bool{
	"noindent": true, "indent": true, "medskip": true, "bigskip": true, "smallskip": true, "centering": true,
	"raggedright": true, "raggedleft": true, "hfill": true, "vfill": true, "newpage": true, "clearpage": true,
	"displaystyle": true, "textstyle": true, "allowbreak": true, "nobreak": true, "null": true, "relax": true,
	"normalsize": true, "small": true, "large": true, "Large": true, "footnotesize": true,
}

// proseBreak are commands that end a line.
var proseBreak = map[string]bool{"par": true, "newline": true, "linebreak": true, "break": true}

// proseState renders the prose pieces of one text in order.
type proseState struct {
	open []string // the open groups: an element name, "" or "{" (a literal brace)
}

// Prose renders text outside formulas (see the comment above) as safe HTML.
func Prose(s string) string {
	var st proseState
	return st.render(s) + st.close()
}

// close closes the groups left open at the end of a text.
func (st *proseState) close() string {
	var b strings.Builder
	for i := len(st.open) - 1; i >= 0; i-- {
		if t := st.open[i]; t != "" && t != "{" {
			b.WriteString("</" + t + ">")
		}
	}
	st.open = nil
	return b.String()
}

func (st *proseState) render(s string) string {
	s = Clean(s)
	var b strings.Builder
	text := func(t string) { b.WriteString(html.EscapeString(t)) }
	sc := texscan.NewScanner(s, 0)
	for t, ok := sc.Next(); ok; t, ok = sc.Next() {
		switch {
		case t.Kind == texscan.Open:
			st.open = append(st.open, "{")
			text("{")
		case t.Kind == texscan.Close:
			if n := len(st.open); n > 0 {
				tag := st.open[n-1]
				st.open = st.open[:n-1]
				switch tag {
				case "{":
					text("}")
				case "":
				default:
					b.WriteString("</" + tag + ">")
				}
			} else {
				text("}")
			}
		case t.Text == "~":
			text("\u00a0")
		case t.Kind != texscan.Command:
			text(t.Text) // \( \[ \begin{...} and all other tokens: as written
		case !isASCIILetter(t.Text[1]):
			st.symbol(&b, t)
		default:
			st.command(&b, sc, t)
		}
	}
	return b.String()
}

// symbol renders a control symbol: \\ a line break, \$ \% ... the
// character, \, \; ... a space, \! \/ \- nothing, any other as written.
func (st *proseState) symbol(b *strings.Builder, t texscan.Token) {
	switch c := t.Text[1:]; c {
	case `\`:
		b.WriteString("\n")
	case "$", "%", "&", "_", "#", "{", "}":
		b.WriteString(html.EscapeString(c))
	case " ", ",", ";", ":", ">":
		b.WriteString(" ")
	case "!", "/", "-":
	default:
		b.WriteString(html.EscapeString(t.Text))
	}
}

// command renders the control word t; sc is the scanner just after it,
// moved past what the command consumes (a star, its argument, spaces).
func (st *proseState) command(b *strings.Builder, sc *texscan.Scanner, t texscan.Token) {
	text := func(t string) { b.WriteString(html.EscapeString(t)) }
	name := t.Name()
	if n, ok := sc.Peek(); ok && n.Text == "*" && (proseDropArg[name] || name == "vspace" || name == "hspace") {
		sc.Next() // \vspace*{...}
	}
	switch tag, isStyle := proseStyles[name]; {
	case isStyle:
		if _, ok := argOpen(sc); ok {
			st.open = append(st.open, tag)
			if tag != "" {
				b.WriteString("<" + tag + ">")
			}
		} // else a switch (\bf) or a command with no group: drop it
	case proseDropArg[name]:
		probe := *sc
		if open, ok := argOpen(&probe); ok {
			if g, err := texscan.Match(probe.Source(), open.Pos, texscan.Braces, texscan.Limits{}); err == nil {
				*sc = *texscan.NewScanner(probe.Source(), g.End)
			}
		}
	case proseDrop[name]:
		skipSpaces(sc)
	case proseBreak[name]:
		text("\n")
		skipSpaces(sc)
	case name == "quad" || name == "qquad":
		text(" ")
	default:
		if sym, ok := greek[name]; ok {
			text(sym)
		} else if sym, ok := operators[name]; ok {
			text(sym)
		} else {
			text(t.Text) // unknown: as written
		}
	}
}

// argOpen reads the "{" opening a command's argument (after spaces, not a
// line break) and returns it; sc is left after it. Without one, sc is not moved.
func argOpen(sc *texscan.Scanner) (texscan.Token, bool) {
	probe := *sc
	t, ok := probe.Next()
	if ok && t.Kind == texscan.Space && strings.Trim(t.Text, " ") == "" {
		t, ok = probe.Next()
	}
	if !ok || t.Kind != texscan.Open {
		return t, false
	}
	*sc = probe
	return t, true
}

func isASCIILetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// skipSpaces skips the spaces after a command word (TeX eats them), but
// not a line break.
func skipSpaces(sc *texscan.Scanner) {
	if t, ok := sc.Peek(); ok && t.Kind == texscan.Space {
		sc.Next()
	}
}
