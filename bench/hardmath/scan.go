package hardmath

import (
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
