package web

// This file keeps the bracket scanners of text.go as they were before the
// move onto texscan (git show 75e13d8:web/text.go), as the reference of the
// diff test below.

import (
	"strings"
	"testing"

	"github.com/matheval/matheval/internal/testtexts"
	"github.com/matheval/matheval/texscan"
)

// balanced reports whether brackets in s never close more than they opened
// and end level.
func oldBalanced(s string) bool {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\\' && i+1 < len(s):
			switch {
			case strings.HasPrefix(s[i:], `\left`):
				depth++
				i += len(`\left`) - 1
			case strings.HasPrefix(s[i:], `\right`):
				depth--
				i += len(`\right`) - 1
			default:
				i++
			}
		case c == '{' || c == '(' || c == '[':
			depth++
		case c == '}' || c == ')' || c == ']':
			depth--
		}
		if depth < 0 {
			return false
		}
	}
	return depth == 0
}

// splitTop splits s at sep outside brackets, braces and \left...\right.
func oldSplitTop(s string, sep byte) []string {
	var out []string
	depth, last := 0, 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\\' && i+1 < len(s):
			switch {
			case strings.HasPrefix(s[i:], `\left`):
				depth++
				i += len(`\left`) - 1
			case strings.HasPrefix(s[i:], `\right`):
				depth--
				i += len(`\right`) - 1
			default:
				i++ // an escaped character (\{ \, ...) never splits
			}
		case c == '{' || c == '(' || c == '[':
			depth++
		case c == '}' || c == ')' || c == ']':
			depth--
		case c == sep && depth <= 0:
			out = append(out, s[last:i])
			last = i + 1
		}
	}
	return append(out, s[last:])
}

// TestTextScanSameAsBefore runs the old and new balanced and splitTop over
// every text we hold and over each math segment of them (renderAnswer gets
// formulas). Two kinds of difference are bugs of the old scanner, counted
// as fixes: a text it did not find balanced (after a stray closer its depth
// went below zero, and the next "{" put it back at the top level, so it
// split inside braces: "} {a;b}" was cut at the ";"), and the commands it
// misread (knownFix). Any other difference is a regression.
func TestTextScanSameAsBefore(t *testing.T) {
	texts := append(testtexts.FuzzCorpora(t), testtexts.Shared(t)...)
	n, diffs, fixes := 0, 0, 0
	for _, x := range texts {
		for _, s := range withFormulas(x.S) {
			n++
			for _, sep := range []byte{',', ';'} {
				if o, nw := oldSplitTop(s, sep), splitTop(s, sep); strings.Join(o, "\x00") != strings.Join(nw, "\x00") {
					if knownFix(s) || !oldBalanced(s) {
						fixes++
						continue
					}
					diffs++
					if diffs <= 10 {
						t.Errorf("%s: splitTop(%q, %q):\n old %q\n new %q", x.Where, clipText(s), sep, o, nw)
					}
				}
			}
			if o, nw := oldBalanced(s), balanced(s); o != nw {
				if knownFix(s) {
					fixes++
					continue
				}
				diffs++
				if diffs <= 10 {
					t.Errorf("%s: balanced(%q): old %v, new %v", x.Where, clipText(s), o, nw)
				}
			}
		}
	}
	t.Logf("%d texts and formulas compared, %d differences, %d known fixes", n, diffs, fixes)
}

// withFormulas is s and the formulas of its math segments.
func withFormulas(s string) []string {
	out := []string{s}
	for _, g := range texscan.Segments(s) {
		out = append(out, s[g.CS:g.CE])
	}
	return out
}

// knownFix reports texts where the old scanner miscounted: it read every
// command starting with "left" or "right" as \left or \right, so
// \rightarrow closed a level and \leftarrow opened one; and it counted
// \left and its delimiter as two levels, so \left. or \left\{ (one level)
// against \right) (two) broke its balance.
func knownFix(s string) bool {
	sc := texscan.NewScanner(s, 0)
	for t, ok := sc.Next(); ok; t, ok = sc.Next() {
		n := t.Name()
		if t.Kind != texscan.Command || !strings.HasPrefix(n, "left") && !strings.HasPrefix(n, "right") {
			continue
		}
		if n != "left" && n != "right" {
			return true
		}
		if d, ok := sc.Peek(); ok && (d.Text == "." || d.Kind == texscan.Command) {
			return true
		}
	}
	return false
}

func clipText(s string) string {
	if len(s) > 200 {
		return s[:100] + " ... " + s[len(s)-100:]
	}
	return s
}

// TestTextScanFixes pins the old scanner's bugs that the move fixed.
func TestTextScanFixes(t *testing.T) {
	if !balanced(`(x \rightarrow 0)`) || oldBalanced(`(x \rightarrow 0)`) {
		t.Errorf(`\rightarrow is not \right: balanced(%q) = %v`, `(x \rightarrow 0)`, balanced(`(x \rightarrow 0)`))
	}
	if got := splitTop(`} {a;b}`, ';'); len(got) != 1 {
		t.Errorf("a stray closer let the split enter braces: %q", got)
	}
	if !balanced(`\left. x \right)`) {
		t.Errorf(`\left. x \right) is one group`)
	}
}
