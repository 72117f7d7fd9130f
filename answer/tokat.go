package answer

import "github.com/matheval/matheval/texscan"

// tokenAt is the token that starts at byte offset i of s, for a reader that
// stands at a token boundary it knows (after a '^', after a command) and
// asks what comes next: texscan decides what a brace or a command is, so
// that no reader here tells a '{' from a "\{" on its own.
func tokenAt(s string, i int) (texscan.Token, bool) {
	return texscan.NewScanner(s, i).Next()
}

// openAt reports whether a brace group opens at byte offset i of s.
func openAt(s string, i int) bool {
	t, ok := tokenAt(s, i)
	return ok && t.Kind == texscan.Open
}

// closeAt reports whether a brace group closes at byte offset i of s.
func closeAt(s string, i int) bool {
	t, ok := tokenAt(s, i)
	return ok && t.Kind == texscan.Close
}
