package mathml

import (
	"html"
	"strings"
	"unicode"
	"unicode/utf8"
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
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '{':
			st.open = append(st.open, "{")
			text("{")
			i++
			continue
		case c == '}':
			if n := len(st.open); n > 0 {
				t := st.open[n-1]
				st.open = st.open[:n-1]
				switch t {
				case "{":
					text("}")
				case "":
				default:
					b.WriteString("</" + t + ">")
				}
			} else {
				text("}")
			}
			i++
			continue
		case c == '~':
			text("\u00a0")
			i++
			continue
		case c != '\\' || i+1 == len(s):
			_, n := utf8.DecodeRuneInString(s[i:]) // a whole character, not a byte
			text(s[i : i+n])
			i += n
			continue
		}
		// A command.
		j := i + 1
		if !isASCIILetter(s[j]) {
			switch s[j] {
			case '\\':
				text("\n")
			case '$', '%', '&', '_', '#', '{', '}':
				text(string(s[j]))
			case ' ', ',', ';', ':', '>':
				text(" ")
			case '!', '/', '-':
			default:
				_, n := utf8.DecodeRuneInString(s[j:])
				text(s[i : j+n])
				j += n - 1
			}
			i = j + 1
			continue
		}
		for j < len(s) && isASCIILetter(s[j]) {
			j++
		}
		name := s[i+1 : j]
		if j < len(s) && s[j] == '*' && (proseDropArg[name] || name == "vspace" || name == "hspace") {
			j++ // \vspace*{...}
		}
		switch tag, isStyle := proseStyles[name]; {
		case isStyle && argAt(s, j) >= 0:
			k := argAt(s, j)
			st.open = append(st.open, tag)
			if tag != "" {
				b.WriteString("<" + tag + ">")
			}
			i = k + 1
		case isStyle: // a switch (\bf) or a command with no group: drop it
			i = j
		case proseDropArg[name]:
			i = j
			if k := argAt(s, j); k >= 0 {
				if e := matchBrace(s, k); e > 0 {
					i = e + 1
				}
			}
		case proseDrop[name]:
			i = skipSpaces(s, j)
		case proseBreak[name]:
			text("\n")
			i = skipSpaces(s, j)
		case name == "quad" || name == "qquad":
			text(" ")
			i = j
		default:
			if sym, ok := greek[name]; ok {
				text(sym)
			} else if sym, ok := operators[name]; ok {
				text(sym)
			} else {
				text(s[i:j]) // unknown: as written
			}
			i = j
		}
	}
	return b.String()
}

func isASCIILetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// argAt returns the index of the '{' opening an argument at or after j
// (spaces skipped), or -1.
func argAt(s string, j int) int {
	k := j
	for k < len(s) && s[k] == ' ' {
		k++
	}
	if k < len(s) && s[k] == '{' {
		return k
	}
	return -1
}

// matchBrace returns the index of the '}' closing the '{' at k, or -1.
func matchBrace(s string, k int) int {
	depth := 0
	for i := k; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '{':
			depth++
		case '}':
			if depth--; depth == 0 {
				return i
			}
		}
	}
	return -1
}

// skipSpaces skips the spaces after a command word (TeX eats them), but
// not a line break.
func skipSpaces(s string, j int) int {
	for j < len(s) && s[j] != '\n' && unicode.IsSpace(rune(s[j])) {
		j++
	}
	return j
}
