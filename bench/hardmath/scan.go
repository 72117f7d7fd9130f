package hardmath

import (
	"strings"

	"github.com/matheval/matheval/texscan"
)

// The TeX scanning of HARDMath's answers and replies, on texscan: boxes,
// bracket matching and top-level splits. Parentheses, square brackets,
// braces and the math delimiters \( \) \[ \] share one depth (a half-open
// interval [0, 1) is one group), and an escaped brace \{ or \} is never a
// bracket.
const brackets = texscan.Braces | texscan.Parens | texscan.Squares | texscan.Math

// box is one \boxed{...} of a text: at is the offset of "boxed{" and
// content what its braces enclose.
type box struct {
	at      int
	content string
}

// boxes returns the boxes of s in order, each read whole (a box inside a
// box is part of its content). The released solutions also write a bare
// boxed{...} without its backslash: that is a box too. The first box whose
// braces are not closed ends the list.
func boxes(s string) []box {
	var out []box
	sc := texscan.NewScanner(s, 0)
	for t, ok := sc.Next(); ok; t, ok = sc.Next() {
		at := t.Pos
		switch {
		case t.Is("boxed"):
			at++
		case t.Kind == texscan.Word && t.Text == "boxed":
		default:
			continue
		}
		if n, ok := sc.Peek(); !ok || n.Kind != texscan.Open {
			continue
		}
		g, err := texscan.Match(s, t.End(), texscan.Braces, texscan.Limits{})
		if err != nil {
			break
		}
		out = append(out, box{at: at, content: s[g.Inner:g.InnerEnd]})
		sc = texscan.NewScanner(s, g.End)
	}
	return out
}

// boxedAll returns the contents of every box of s (see boxes).
func boxedAll(s string) []string {
	var out []string
	for _, b := range boxes(s) {
		out = append(out, b.content)
	}
	return out
}

// boxStarts returns the offset in reply of each of the first n boxes'
// "boxed{", or nil when reply has fewer.
func boxStarts(reply string, n int) []int {
	bs := boxes(reply)
	if len(bs) < n {
		return nil
	}
	out := make([]int, n)
	for i := range out {
		out[i] = bs[i].at
	}
	return out
}

// balanced reports whether s's braces balance.
func balanced(s string) bool { return texscan.Balanced(s, texscan.Braces, texscan.Limits{}) }

// matchingClose returns the offset of the last byte of the bracket closing
// the one at i (the "]" of \]), or -1.
func matchingClose(s string, i int) int {
	g, err := texscan.Match(s, i, brackets, texscan.Limits{})
	if err != nil {
		return -1
	}
	return g.End - 1
}

// splitTop splits s at sep outside any brackets; \, (a thin space) and
// other escaped characters never split.
func splitTop(s string, sep byte) []string {
	parts, err := texscan.Split(s, brackets, texscan.Limits{}, string(sep))
	if err != nil {
		return []string{s}
	}
	return parts
}

// splitLines splits a box at \\ and newlines outside square brackets and
// parentheses (a list may run over several lines).
func splitLines(s string) []string {
	parts, err := texscan.Split(s, texscan.Parens|texscan.Squares|texscan.Math, texscan.Limits{}, `\\`, "\n")
	if err != nil {
		return []string{s}
	}
	return parts
}

// splitRows splits a layout's body at its top-level row breaks (\\).
func splitRows(body string) []string {
	parts, err := texscan.Split(body, brackets, texscan.Limits{}, `\\`)
	if err != nil {
		return []string{body}
	}
	return parts
}

// The readers below replace regexps that scanned TeX in replies; on
// texscan tokens a command is one token, so a command's letters are never
// a word (\small is no label, \quadx no \quad) and \\ is never the
// backslash of the next command. A text texscan refuses (over its size
// limit) is read as having none of what they look for.

// skipSpace returns the index of the first token at or after i that is
// not a space or a newline.
func skipSpace(toks []texscan.Token, i int) int {
	for i < len(toks) && (toks[i].Kind == texscan.Space || toks[i].Kind == texscan.Newline) {
		i++
	}
	return i
}

// isPunct reports whether toks[i] is the punctuation character p.
func isPunct(toks []texscan.Token, i int, p string) bool {
	return i < len(toks) && toks[i].Kind == texscan.Punct && toks[i].Text == p
}

// orderTermIndex is the byte offset of the first order term in s at or
// after byte from: a sign, then O or \mathcal{O}, then "(" or "\left(",
// with spaces between ("+ O(x^4)", "- \mathcal{O}\left(\epsilon^2"), or -1.
func orderTermIndex(s string, from int) int {
	toks, err := texscan.Tokens(s, texscan.Limits{})
	if err != nil {
		return -1
	}
	for i, t := range toks {
		if t.Pos < from || t.Kind != texscan.Punct || t.Text != "+" && t.Text != "-" {
			continue
		}
		j := skipSpace(toks, i+1)
		switch {
		case j < len(toks) && toks[j].Kind == texscan.Word && toks[j].Text == "O":
			j++
		case j+3 < len(toks) && toks[j].Is("mathcal") && toks[j+1].Kind == texscan.Open &&
			toks[j+2].Kind == texscan.Word && toks[j+2].Text == "O" && toks[j+3].Kind == texscan.Close:
			j += 4
		default:
			continue
		}
		j = skipSpace(toks, j)
		if j < len(toks) && toks[j].Is("left") {
			j = skipSpace(toks, j+1)
		}
		if isPunct(toks, j, "(") {
			return t.Pos
		}
	}
	return -1
}

// spaceCommandNames are TeX's spacing commands, which a root list may put
// between its items.
var spaceCommandNames = map[string]bool{",": true, ";": true, ":": true, " ": true, "!": true, "quad": true, "qquad": true}

// replaceSpaceCommands replaces each spacing command (\, \; \: \! "\ "
// \quad \qquad) by a space.
func replaceSpaceCommands(s string) string {
	return replaceTokens(s, func(_ *texscan.Scanner, t texscan.Token) (string, bool) {
		if t.Kind == texscan.Command && spaceCommandNames[t.Name()] {
			return " ", true
		}
		return "", false
	})
}

// dropDots removes the ellipses of s (\ldots, \cdots, \dots, and runs of
// two or three dots; of a longer run, three dots at a time while two or
// more are left) and reports whether it had one.
func dropDots(s string) (string, bool) {
	toks, err := texscan.Tokens(s, texscan.Limits{})
	if err != nil {
		return s, false
	}
	var b strings.Builder
	found := false
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.Is("ldots") || t.Is("cdots") || t.Is("dots") {
			found = true
			continue
		}
		if !isPunct(toks, i, ".") {
			b.WriteString(t.Text)
			continue
		}
		n := 0
		for isPunct(toks, i+n, ".") {
			n++
		}
		i += n - 1
		for n >= 2 {
			found = true
			n -= min(n, 3)
		}
		b.WriteString(strings.Repeat(".", n))
	}
	return b.String(), found
}

// hasWord reports whether s has the word w: a run of letters that is w
// whole, not part of a longer word or of a command (k in "k = 0", not in
// \kappa or "kx").
func hasWord(s, w string) bool {
	toks, err := texscan.Tokens(s, texscan.Limits{})
	if err != nil {
		return false
	}
	for _, t := range toks {
		if t.Kind == texscan.Word && t.Text == w {
			return true
		}
	}
	return false
}

// regimeWords returns the spans of the regime words of s: a word that
// begins with "small" or "large" in any case ("Small", "larger"), the span
// covering those five letters. A command is none (\Large, \small are
// LaTeX sizes).
func regimeWords(s string) [][2]int {
	toks, err := texscan.Tokens(s, texscan.Limits{})
	if err != nil {
		return nil
	}
	var out [][2]int
	for _, t := range toks {
		if t.Kind != texscan.Word || len(t.Text) < 5 {
			continue
		}
		if w := t.Text[:5]; strings.EqualFold(w, "small") || strings.EqualFold(w, "large") {
			out = append(out, [2]int{t.Pos, t.Pos + 5})
		}
	}
	return out
}

// intAt reads an integer written at token i: digits, or a minus sign
// touching them ("-3"); of a decimal number, its digits before the point
// ("4" of "4.5"). It returns the integer's text, the byte offset after it
// and the index of the token after it (the decimal number's own when only
// its integer part was read).
func intAt(toks []texscan.Token, i int) (num string, end, next int, ok bool) {
	sign := ""
	if isPunct(toks, i, "-") && i+1 < len(toks) && toks[i+1].Pos == toks[i].End() && toks[i+1].Kind == texscan.Number {
		sign, i = "-", i+1
	}
	if i >= len(toks) || toks[i].Kind != texscan.Number {
		return "", 0, 0, false
	}
	t := toks[i]
	if d := strings.IndexByte(t.Text, '.'); d >= 0 {
		return sign + t.Text[:d], t.Pos + d, i, true
	}
	return sign + t.Text, t.End(), i + 1, true
}

// expandSubscriptRanges turns a list with an index range written as its
// subscript, "[...]_{k=0}^{4}", into "[..., k = 0, \ldots, 4]".
func expandSubscriptRanges(s string) string {
	toks, err := texscan.Tokens(s, texscan.Limits{})
	if err != nil {
		return s
	}
	var b strings.Builder
	last := 0
	for i := 0; i < len(toks); i++ {
		if !isPunct(toks, i, "]") {
			continue
		}
		j := skipSpace(toks, i+1)
		if !isPunct(toks, j, "_") || j+1 >= len(toks) || toks[j+1].Kind != texscan.Open {
			continue
		}
		j = skipSpace(toks, j+2)
		if j >= len(toks) || toks[j].Kind != texscan.Word || toks[j].Text != "k" {
			continue
		}
		if j = skipSpace(toks, j+1); !isPunct(toks, j, "=") {
			continue
		}
		lo, loEnd, j, ok := intAt(toks, skipSpace(toks, j+1))
		if !ok || loEnd != toks[j-1].End() {
			continue // a decimal lower bound: the brace must follow the digits
		}
		if j = skipSpace(toks, j); j >= len(toks) || toks[j].Kind != texscan.Close {
			continue
		}
		if j = skipSpace(toks, j+1); !isPunct(toks, j, "^") {
			continue
		}
		j++
		if j < len(toks) && toks[j].Kind == texscan.Open {
			j++
		}
		hi, end, k, ok := intAt(toks, skipSpace(toks, j))
		if !ok {
			continue
		}
		if end == toks[k-1].End() { // whole digits: the spaces after them, and a brace
			k = skipSpace(toks, k)
			end = tokenStart(toks, k, len(s))
			if k < len(toks) && toks[k].Kind == texscan.Close {
				end = toks[k].End()
				k++
			}
		}
		b.WriteString(s[last:toks[i].Pos])
		b.WriteString(", k = " + lo + `, \ldots, ` + hi + "]")
		last = end
		for k < len(toks) && toks[k].Pos < end {
			k++
		}
		i = k - 1
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// tokenStart is the offset of token k, or n past the last token.
func tokenStart(toks []texscan.Token, k, n int) int {
	if k < len(toks) {
		return toks[k].Pos
	}
	return n
}

// isWordByte reports whether c is a letter, digit or underscore (a
// regexp's \w, which "for" must not touch to be the word for).
func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

// isWholeWord reports whether toks[i] is the word w with no letter, digit
// or underscore against it.
func isWholeWord(s string, toks []texscan.Token, i int, w string) bool {
	if i >= len(toks) || toks[i].Kind != texscan.Word || toks[i].Text != w {
		return false
	}
	t := toks[i]
	return (t.Pos == 0 || !isWordByte(s[t.Pos-1])) && (t.End() == len(s) || !isWordByte(s[t.End()]))
}

// indexFamily finds where a root list states the range of its index k:
// after \mid, "|", "for", "where" or a comma, k (spaces and braces around
// it allowed), then "=", \in or "in", then the range, which runs to the
// end of the text on one line ("..., k = 0, 1, 2", "\mid k \in \{0, ...,
// 4\}"). It returns the offset where the statement starts and the range's
// text; ok is false when s states none.
func indexFamily(s string) (at int, spec string, ok bool) {
	toks, err := texscan.Tokens(s, texscan.Limits{})
	if err != nil {
		return 0, "", false
	}
	skip := func(j int) int { // spaces, newlines and braces
		for j < len(toks) && (toks[j].Kind == texscan.Space || toks[j].Kind == texscan.Newline || toks[j].Kind == texscan.Open || toks[j].Kind == texscan.Close) {
			j++
		}
		return j
	}
	for i, t := range toks {
		if !(t.Is("mid") || isPunct(toks, i, "|") || isPunct(toks, i, ",") || isWholeWord(s, toks, i, "for") || isWholeWord(s, toks, i, "where")) {
			continue
		}
		j := skip(i + 1)
		if j >= len(toks) || toks[j].Kind != texscan.Word || toks[j].Text != "k" {
			continue
		}
		j = skip(j + 1)
		if !(isPunct(toks, j, "=") || j < len(toks) && toks[j].Is("in") || isWholeWord(s, toks, j, "in")) {
			continue
		}
		from := tokenStart(toks, skipSpace(toks, j+1), len(s))
		if strings.IndexByte(s[from:], '\n') >= 0 {
			continue
		}
		return t.Pos, s[from:], true
	}
	return 0, "", false
}
