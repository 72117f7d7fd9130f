package math

import (
	"strings"
	"unicode"
)

// LastBoxed returns the content of the last \boxed{...} (or \fbox{...}) of
// a solution, brace-matched. MATH writes a few answers as "\boxed 2" without
// braces: that form is read too (up to the next space or "$") and reported
// with odd = true. ok is false when the text has no box.
func LastBoxed(s string) (content string, odd, ok bool) {
	i := lastBoxIndex(s)
	if i < 0 {
		return "", false, false
	}
	j := i
	if strings.HasPrefix(s[j:], `\boxed`) {
		j += len(`\boxed`)
	} else {
		j += len(`\fbox`)
	}
	k := j
	for k < len(s) && s[k] == ' ' {
		k++
	}
	if k < len(s) && s[k] == '{' {
		m := closingBrace(s, k)
		if m < 0 {
			return "", false, false // unbalanced braces
		}
		return strings.TrimSpace(s[k+1 : m]), false, true
	}
	if k == j { // "\boxedx": not a box command
		return "", false, false
	}
	end := k
	for end < len(s) && s[end] != '$' && !unicode.IsSpace(rune(s[end])) {
		end++
	}
	c := strings.TrimSpace(strings.TrimRight(s[k:end], "."))
	if c == "" {
		return "", false, false
	}
	return c, true, true
}

func lastBoxIndex(s string) int {
	b := strings.LastIndex(s, `\boxed`)
	f := strings.LastIndex(s, `\fbox`)
	if f > b {
		return f
	}
	return b
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
