package math

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/matheval/matheval/texscan"
)

// LastBoxed returns the content of the last \boxed{...} (or \fbox{...}) of
// a solution, brace-matched by texscan (escaped braces \{ \} do not count).
// MATH writes a few answers as "\boxed 2" without braces: that form is read
// too (up to the next space or "$") and reported with odd = true. ok is
// false when the text has no box or its last box is not closed.
func LastBoxed(s string) (content string, odd, ok bool) {
	box := lastBox(s)
	if box.Text == "" {
		return "", false, false
	}
	sc := texscan.NewScanner(s, box.End())
	t, more := sc.Next()
	spaced := more && t.Kind == texscan.Space && strings.Trim(t.Text, " ") == ""
	if spaced {
		t, more = sc.Next()
	}
	if !more {
		return "", false, false
	}
	if t.Kind == texscan.Open {
		g, err := texscan.Match(s, t.Pos, texscan.Braces, texscan.Limits{})
		if err != nil {
			return "", false, false // unbalanced braces, or nested past the limit
		}
		return strings.TrimSpace(s[g.Inner:g.InnerEnd]), false, true
	}
	if !spaced { // "\boxed\frac12": not the unbraced form
		return "", false, false
	}
	start, end := t.Pos, t.Pos
	for ; more; t, more = sc.Next() {
		if t.Kind == texscan.Space || t.Kind == texscan.Newline || t.Kind == texscan.MathShift || isSpaceChar(t) {
			break
		}
		end = t.End()
	}
	c := strings.TrimSpace(strings.TrimRight(s[start:end], "."))
	if c == "" {
		return "", false, false
	}
	return c, true, true
}

// lastBox returns the last \boxed or \fbox command of s (a zero Token if none).
func lastBox(s string) texscan.Token {
	var box texscan.Token
	sc := texscan.NewScanner(s, 0)
	for t, more := sc.Next(); more; t, more = sc.Next() {
		if t.Is("boxed") || t.Is("fbox") {
			box = t
		}
	}
	return box
}

// isSpaceChar reports whether a Char token is a Unicode space (a
// non-breaking space ends an unbraced box as a space does).
func isSpaceChar(t texscan.Token) bool {
	r, _ := utf8.DecodeRuneInString(t.Text)
	return t.Kind == texscan.Char && unicode.IsSpace(r)
}

// sameAnswer compares two answer strings ignoring spaces, the way a
// dataset's answer field usually differs from its boxed text.
func sameAnswer(a, b string) bool {
	strip := func(s string) string {
		return strings.Map(func(r rune) rune {
			if unicode.IsSpace(r) {
				return -1
			}
			return r
		}, s)
	}
	return strip(a) == strip(b)
}
